"""Following a match behind its spectator link cheaply: ETags, 304 while nothing changed (one small query, no
rendering), a new ETag on every save, and nothing shown of the reader's own account or of another link's match."""

from __future__ import annotations

import re

import factories
import pytest
from spectators import watch_path
from sql_counts import counted_queries
from sqlalchemy import select
from test_match_story import add_hands

from referee.models import Player


@pytest.fixture
def match_id(keeper):
    """Ana against Bea, with one hand saved (Ana +4)."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    return match_id


def test_the_page_carries_an_etag_and_answers_304_while_nothing_changed(keeper, visitor, match_id):
    """The same ETag in the header and in the page (for the script); asked again with it: a bare 304 with the
    same private, no-cache headers."""
    path = watch_path(keeper, match_id)
    first = visitor.client.get(path)
    etag = first.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    assert f'data-etag="{etag.strip(chr(34))}"' in first.get_data(as_text=True)
    again = visitor.client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == "private, no-cache"
    assert "Cookie" in again.headers["Vary"]


def test_a_304_costs_one_small_query_and_no_rendering(app, keeper, visitor, match_id, monkeypatch):
    """No scoreboard is computed and no template rendered for a 304; the database is asked once, for the
    match's id and version alone."""
    path = watch_path(keeper, match_id)
    etag = visitor.client.get(path).headers["ETag"]
    rendered = []
    monkeypatch.setattr("referee.views.spectator.render_template", lambda *a, **k: rendered.append(a) or "")
    monkeypatch.setattr("referee.views.spectator.scoreboard", lambda *a: rendered.append(a))
    with counted_queries(app) as statements:
        assert visitor.client.get(path, headers={"If-None-Match": etag}).status_code == 304
    assert rendered == []
    assert len(statements) == 1, statements
    assert re.match(r'SELECT "?match"?\.id, "?match"?\.version\s+FROM "?match"?\s+WHERE', statements[0])


def test_a_saved_hand_a_correction_or_an_undo_changes_the_etag(keeper, visitor, match_id):
    """Each change to the match makes the old ETag stale: the page comes back whole, with the new score."""
    path = watch_path(keeper, match_id)
    etags = [visitor.client.get(path).headers["ETag"]]
    factories.save_hand(keeper, match_id, mirror=True)
    fresh = visitor.client.get(path, headers={"If-None-Match": etags[-1]})
    assert fresh.status_code == 200
    assert "Ana 4 11 to go Bea 4 11 to go" in visitor.text(fresh.get_data(as_text=True))
    etags.append(fresh.headers["ETag"])
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302  # the confirmation's button
    undone = visitor.client.get(path, headers={"If-None-Match": etags[-1]})
    assert undone.status_code == 200
    etags.append(undone.headers["ETag"])
    assert len(set(etags)) == 3
    assert visitor.client.get(path, headers={"If-None-Match": etags[-1]}).status_code == 304


def test_the_etag_follows_the_language_and_the_theme(keeper, visitor, match_id):
    """A page in another language or theme is another page: the old ETag does not answer 304 for it."""
    path = watch_path(keeper, match_id)
    etag = visitor.client.get(path).headers["ETag"]
    assert visitor.client.get(path, headers={"If-None-Match": etag, "Accept-Language": "es"}).status_code == 200
    visitor.client.get("/theme/dark")
    assert visitor.client.get(path, headers={"If-None-Match": etag}).status_code == 200


def test_one_links_etag_is_no_good_for_another_link(keeper, visitor, match_id):
    """Two matches at the same version: each link's ETag is its own, so no answer is ever reused across links."""
    other = factories.start(keeper, ("Cid", "Dan"))
    factories.save_hand(keeper, other)
    first, second = watch_path(keeper, match_id), watch_path(keeper, other)
    etag = visitor.client.get(first).headers["ETag"]
    response = visitor.client.get(second, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert response.headers["ETag"] != etag
    assert "Cid" in visitor.text(response.get_data(as_text=True))


def test_the_page_shows_nothing_of_the_readers_own_account(keeper, scorekeeper, match_id):
    """Another account opening the link sees the match and nothing of its own: no name, no matches, no
    roster, no flashed message, no log-out form; the same page as a visitor's."""
    bob = scorekeeper("bob")
    theirs = factories.start(bob, ("Zed", "Yul"))
    path = watch_path(keeper, match_id)
    page = bob.page(path)
    words = bob.text(page)
    assert "Ana" in words and "Bea" in words
    for private in ("bob", "Zed", "Yul", "Log out", "Players", f"/matches/{theirs}", "/account"):
        assert private not in page, private
    assert "<form" not in page


def test_the_owner_sees_the_same_spectator_page_as_anyone(keeper, visitor, match_id):
    """Logged in or not, the spectator page is the same (so its ETag can be)."""
    path = watch_path(keeper, match_id)
    mine, theirs = keeper.client.get(path), visitor.client.get(path)
    assert mine.headers["ETag"] == theirs.headers["ETag"]
    assert keeper.text(mine.get_data(as_text=True)) == visitor.text(theirs.get_data(as_text=True))


def test_a_link_never_made_stays_404_even_with_an_etag(visitor, keeper, match_id):
    """A made-up token of the right shape is not found, whatever ETag comes with it."""
    assert visitor.client.get("/watch/" + "A" * 43, headers={"If-None-Match": '"abc"'}).status_code == 404


def test_a_player_renamed_is_a_new_page(keeper, visitor, match_id):
    """Renaming a player changes the names on the page: the old ETag is stale, the page comes whole with the name."""
    path = watch_path(keeper, match_id)
    etag = visitor.client.get(path).headers["ETag"]
    [(bea,)] = keeper.query(select(Player.id).where(Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Beatriz"}).status_code == 302
    response = visitor.client.get(path, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response.headers["ETag"] != etag
    assert "Beatriz" in visitor.text(response.get_data(as_text=True))
    assert "Beatriz" in visitor.text(visitor.page(path))


def test_every_phone_gets_the_same_page_and_etag_and_another_language_its_own(app, keeper, visitor, match_id):
    """The page shows nothing of its reader: a second phone gets the first one's page byte for byte, under the same
    ETag; a phone reading Spanish gets the page in Spanish under another ETag."""
    path = watch_path(keeper, match_id)
    first, second = visitor.client.get(path), app.test_client().get(path)
    assert second.get_data() == first.get_data() and second.headers["ETag"] == first.headers["ETag"]
    spanish = app.test_client().get(path, headers={"Accept-Language": "es"})
    assert spanish.headers["ETag"] != first.headers["ETag"] and "Mano" in visitor.text(spanish.get_data(as_text=True))


def test_the_spectator_page_asks_the_database_as_often_with_60_hands_as_with_2(app, keeper, visitor):
    """No query per hand on the spectator page either."""
    counts = []
    for hands in (2, 60):
        match_id = factories.start(keeper, ("Ana", "Bea"), target="100")
        add_hands(app, match_id, [[1, 0]] * hands)
        path = watch_path(keeper, match_id)
        with counted_queries(app) as statements:
            assert "Hand by hand" in visitor.page(path)
        counts.append(len(statements))
    assert counts[0] == counts[1] <= 5, counts
