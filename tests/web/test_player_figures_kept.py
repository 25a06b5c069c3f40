"""A player's figures kept between requests (referee/services/stats.py, `kept`): what a page with nothing kept
shows, not read again while nothing changed, and never kept past a change of a match, a player or the filter."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from referee.models import Player

NAMES = ("Ana", "Bea", "Cai", "Dani")


def player_id(keeper, name):
    """The id of the account's player of that name."""
    return keeper.query(select(Player.id).where(Player.name == name))[0][0]


@pytest.fixture
def ana(keeper):
    """Ana and Cai against Bea and Dani: a match won by Ana's side, one under way (one hand); Ana's id."""
    keeper.save_hand(keeper.start(NAMES, target="1"))
    keeper.save_hand(keeper.start(NAMES, target="30"))
    keeper.page("/tools/")  # the save's message, shown once
    return player_id(keeper, "Ana")


def page(keeper, url):
    """A page, its CSRF tokens (signed anew each second) blanked, to compare two pages."""
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token" value=""', keeper.page(url))


def afresh(app, keeper, url):
    """The page as drawn with no figure kept."""
    app.extensions.pop("player_figures", None)
    return page(keeper, url)


def test_kept_figures_are_what_is_computed_afresh_and_not_read_again(app, keeper, ana, monkeypatch):
    """The second view reads no hand's side result, and shows what a page with nothing kept shows."""
    url = f"/players/{ana}"
    first = page(keeper, url)
    assert "Cai" in keeper.text(first) and "Bea" in keeper.text(first)
    for reader in ("_hands", "_partners", "_opponents"):
        monkeypatch.setattr(f"referee.services.stats.{reader}", lambda *a, **k: pytest.fail("read again"))
    assert page(keeper, url) == first
    monkeypatch.undo()
    assert afresh(app, keeper, url) == first


def hand_saved(keeper, url, ana):
    """A hand saved in the match under way."""
    match_id = int(re.findall(r'href="/matches/(\d+)"', keeper.page("/matches/"))[0])
    keeper.save_hand(match_id, mirror=True)


def hand_corrected(keeper, url, ana):
    """The match under way's hand corrected (as many hands, other points)."""
    match_id = int(re.findall(r'href="/matches/(\d+)"', keeper.page("/matches/"))[0])
    assert keeper.enter_hand(match_id, "save", number=1, escobas=(0, 0)).status_code == 302


def hand_taken_back(keeper, url, ana):
    """The match under way's hand taken back."""
    match_id = int(re.findall(r'href="/matches/(\d+)"', keeper.page("/matches/"))[0])
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302


def match_won(keeper, url, ana):
    """Another match played and won."""
    keeper.save_hand(keeper.start(NAMES, target="1"), mirror=True)


def partner_renamed(keeper, url, ana):
    """Her partner renamed (no match changes)."""
    assert keeper.submit(f"/players/{player_id(keeper, 'Cai')}/rename", {"name": "Caio"}).status_code == 302


def opponent_merged(keeper, url, ana):
    """One opponent merged into the other."""
    bea, dani = player_id(keeper, "Bea"), player_id(keeper, "Dani")
    response = keeper.submit(f"/players/{dani}/merge?other={bea}&keep=other", post_to=f"/players/{dani}/merge")
    assert response.status_code == 302


def opponent_deleted(keeper, url, ana):
    """An opponent deleted (her seats keep the name, no player)."""
    assert keeper.submit(f"/players/{player_id(keeper, 'Dani')}/delete").status_code == 302


@pytest.mark.parametrize("change", [hand_saved, hand_corrected, hand_taken_back, match_won, partner_renamed,
                                    opponent_merged, opponent_deleted], ids=lambda change: change.__name__)
def test_every_change_shows_at_once(app, keeper, ana, change):
    """After each change the page is what a page with nothing kept shows, and not the page kept before it."""
    url = f"/players/{ana}"
    before = keeper.text(keeper.page(url))
    change(keeper, url, ana)
    keeper.page("/tools/")  # the change's message, shown once
    now = page(keeper, url)
    assert keeper.text(now) != before
    assert now == afresh(app, keeper, url)


def test_each_filter_has_its_own_figures(app, keeper, ana):
    """Another game or another period: other figures, each what a page with nothing kept shows."""
    url = f"/players/{ana}"
    everything = page(keeper, url)
    for query in ("?game=escoba-es", "?period=30d", "?period=year&game=escova-rs"):
        filtered = page(keeper, url + query)
        assert filtered == afresh(app, keeper, url + query)
    assert page(keeper, url) == everything
