"""The scoreboard's chart and hand table, kept once drawn (referee/views/board_fragments.py): the same as drawn
afresh, never another match's, another language's or another address's, and redrawn at once after any change."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from sqlalchemy import select

from referee.models import MatchEvent, Player, User


def fragments(html: str) -> tuple[str, str]:
    """The chart and the hand table of a scoreboard page."""
    chart = re.search(r'<figure class="chart".*?</figure>', html, re.S)
    hands = re.search(r'<table class="hands.*?</table>', html, re.S)
    assert chart and hands, html
    return chart.group(0), hands.group(0)


def board(person, match_id: int, **headers: str) -> tuple[str, str]:
    """The fragments of the scoreboard this person's browser gets now (no tag sent: the page drawn)."""
    response = person.client.get(f"/matches/{match_id}", headers=headers)
    assert response.status_code == 200
    return fragments(response.get_data(as_text=True))


def fresh(app: Flask, person, match_id: int, **headers: str) -> tuple[str, str]:
    """The fragments as drawn with nothing kept."""
    app.extensions.pop("board_fragments", None)
    app.extensions.pop("board_pages", None)
    return board(person, match_id, **headers)


@pytest.fixture
def match_id(keeper):
    """Ana against Bea playing to 8, two hands saved (Ana +4, then Bea +4), the messages shown."""
    match_id = keeper.start(("Ana", "Bea"), target="8")
    keeper.save_hand(match_id)
    keeper.save_hand(match_id, mirror=True)
    keeper.page(f"/matches/{match_id}")
    return match_id


def test_kept_fragments_are_what_the_page_draws_and_are_not_drawn_again(app, keeper, match_id, monkeypatch):
    """Read twice: the second time nothing of them is drawn, and both are what a page with nothing kept shows."""
    first = board(keeper, match_id)
    drawn: list[str] = []
    monkeypatch.setattr("referee.views.board_fragments.render_template",
                        lambda name, **_: drawn.append(name) or "")
    assert board(keeper, match_id) == first
    assert drawn == []
    monkeypatch.undo()
    assert fresh(app, keeper, match_id) == first
    assert f"/matches/{match_id}/hands/2/edit" in first[1]


def test_never_another_matchs_or_another_accounts(app, keeper, scorekeeper, match_id):
    """Bob's match: the same players' names, the same version, other hands. Each reads its own table and links,
    kept or not."""
    ana = board(keeper, match_id)
    bob = scorekeeper("bob")
    his = bob.start(("Ana", "Bea"), target="8")
    bob.save_hand(his, mirror=True)
    bob.save_hand(his, mirror=True)
    bob.page(f"/matches/{his}")
    theirs = board(bob, his)
    assert theirs != ana
    assert f"/matches/{his}/hands/1/edit" in theirs[1] and f"/matches/{match_id}/" not in theirs[1]
    assert board(keeper, match_id) == ana
    assert fresh(app, bob, his) == theirs
    assert "bob" not in "".join(theirs) and "ana" not in "".join(ana)  # no account's name in them


def test_each_language_and_address_has_its_own(app, keeper, match_id):
    """Spanish after English, and the same page under a prefix: each drawn for itself."""
    english = board(keeper, match_id)
    spanish = board(keeper, match_id, **{"Accept-Language": "es"})
    assert spanish != english and "Mano por mano" in spanish[1]
    keeper.client.get("/language/pt_BR")
    portuguese = board(keeper, match_id)
    assert portuguese not in (english, spanish)
    assert portuguese == fresh(app, keeper, match_id)
    keeper.client.get("/language/en")
    assert board(keeper, match_id) == english
    response = keeper.client.get(f"/matches/{match_id}", environ_overrides={"SCRIPT_NAME": "/referee"})
    prefixed = fragments(response.get_data(as_text=True))
    assert f'href="/referee/matches/{match_id}/hands/1/edit"' in prefixed[1]
    assert board(keeper, match_id) == english


def changed(app, keeper, match_id: int, before: tuple[str, str]) -> tuple[str, str]:
    """After a change: the page's fragments (its message shown first) are new and what a fresh page draws."""
    keeper.page(f"/matches/{match_id}")  # the change's message, shown once
    now = board(keeper, match_id)
    assert now != before
    assert now == fresh(app, keeper, match_id)
    return now


def test_every_change_of_the_match_shows_at_once(app, keeper, match_id):
    """A hand saved, corrected, taken back, restored, a player renamed, the match won and reopened."""
    seen = board(keeper, match_id)
    keeper.save_hand(match_id)
    seen = changed(app, keeper, match_id, seen)
    assert "<strong>+4</strong>" in seen[1] and "/hands/3/edit" in seen[1]
    assert keeper.enter_hand(match_id, "save", number=3, escobas=(0, 0)).status_code == 302  # corrected
    seen = changed(app, keeper, match_id, seen)
    assert "<strong>+3</strong>" in seen[1]
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302
    seen = changed(app, keeper, match_id, seen)
    assert "/hands/3/edit" not in seen[1]
    [(event_id,)] = keeper.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                             MatchEvent.kind == "hand_undone"))
    restore = f"/matches/{match_id}/trail/{event_id}/restore"
    assert keeper.submit(f"/matches/{match_id}", action=restore).status_code == 302
    seen = changed(app, keeper, match_id, seen)
    assert "/hands/3/edit" in seen[1]
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Beatriz"}).status_code == 302
    seen = changed(app, keeper, match_id, seen)
    assert "Beatriz" in seen[0] and "Beatriz" in seen[1]
    keeper.save_hand(match_id)  # Ana reaches 8 or more: won
    seen = changed(app, keeper, match_id, seen)
    assert "Winner" in keeper.board(match_id)
    assert keeper.enter_hand(match_id, "save", number=4, mirror=True).status_code == 302  # reopened
    page = keeper.page(f"/matches/{match_id}")
    assert "The match is open again" in page
    assert fragments(page) != seen and board(keeper, match_id) == fresh(app, keeper, match_id)


def test_the_kept_trail_carries_each_browsers_own_csrf_token(app, keeper, match_id):
    """A hand taken back: its line's Restore form, kept, carries this browser's token on one phone and the other
    phone's own on the other, and each phone's restores the hand."""
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302
    keeper.page(f"/matches/{match_id}")
    phone = keeper.another_phone()
    [(event_id,)] = keeper.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                             MatchEvent.kind == "hand_undone"))
    restore = f"/matches/{match_id}/trail/{event_id}/restore"
    tokens = []
    for person in (keeper, phone, keeper):
        page = person.page(f"/matches/{match_id}")
        trail = re.search(r'<section class="trail".*?</section>', page, re.S).group(0)
        assert f'action="{restore}"' in trail and "csrf-" not in trail
        tokens.append(person.fields(page, action=restore)["csrf_token"])
    assert tokens[1] not in (tokens[0], tokens[2])  # each session its own (signed anew each second)
    assert fresh(app, phone, match_id) == board(phone, match_id)
    assert phone.submit(f"/matches/{match_id}", action=restore).status_code == 302
    assert "/hands/2/edit" in board(keeper, match_id)[1]
