"""The logged-in scoreboard answers conditional GETs: a 304 while the reader's copy is still what the page would
show, never for another account, another browser, another language or theme, nor after any change of the match."""

from __future__ import annotations

import re

import pytest
from sql_counts import counted_queries
from sqlalchemy import select

from referee.models import Player, User


@pytest.fixture
def match_id(keeper):
    """Ana against Bea, with one hand saved (Ana +4)."""
    match_id = keeper.start(("Ana", "Bea"))
    keeper.save_hand(match_id)
    keeper.page(f"/matches/{match_id}")  # the flash of the save shown once, the spectator link made
    return match_id


def tag_of(person, match_id):
    """The scoreboard's ETag for this person's browser, checking the page is the private, fresh kind."""
    response = person.client.get(f"/matches/{match_id}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in response.headers["Vary"].split(",")}
    return response.headers["ETag"]


def again(person, match_id, tag, **headers):
    """The scoreboard asked for again with a tag."""
    return person.client.get(f"/matches/{match_id}", headers={"If-None-Match": tag, **headers})


def test_an_unchanged_scoreboard_answers_a_bare_304_with_the_same_headers(keeper, match_id):
    """Asked again with its tag: a 304 without a body, private, no-cache, the same tag; and the security headers."""
    tag = tag_of(keeper, match_id)
    assert re.fullmatch(r'"[0-9a-f]{32}"', tag)
    response = again(keeper, match_id, tag)
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == tag
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert "Content-Security-Policy" in response.headers


def test_a_304_renders_nothing_and_asks_the_database_little(app, keeper, match_id, monkeypatch):
    """No scoreboard computed, no template rendered: the login, the match and its seats."""
    tag = tag_of(keeper, match_id)
    rendered = []
    monkeypatch.setattr("referee.views.matches.render_template", lambda *a, **k: rendered.append(a) or "")
    monkeypatch.setattr("referee.views.matches.scoreboard", lambda *a, **k: rendered.append(a))
    with counted_queries(app) as statements:
        assert again(keeper, match_id, tag).status_code == 304
    assert rendered == []
    assert len(statements) <= 4, statements
    assert not any("hand" in s.split("FROM", 1)[-1].split("WHERE")[0] for s in statements), statements


def test_another_account_never_gets_the_owners_304(keeper, scorekeeper, match_id):
    """Another account with the owner's tag: the match is not theirs (404), on their own browser or on the
    owner's after logging out and in as them."""
    tag = tag_of(keeper, match_id)
    bob = scorekeeper("bob")
    assert again(bob, match_id, tag).status_code == 404
    keeper.logout()
    assert keeper.login("bob").status_code == 302
    assert again(keeper, match_id, tag).status_code == 404


def test_each_account_and_each_browser_has_its_own_tag(keeper, scorekeeper, match_id):
    """Bob's scoreboard of his own match, at the same version, has another tag; so does Ana's on her second
    phone (its forms carry another session's CSRF token), and after logging out and in again."""
    tag = tag_of(keeper, match_id)
    bob = scorekeeper("bob")
    his = bob.start(("Ana", "Bea"))
    bob.save_hand(his)
    bob.page(f"/matches/{his}")
    assert tag_of(bob, his) != tag
    phone = keeper.another_phone()
    phone.page(f"/matches/{match_id}")  # its first page makes its session's CSRF token
    response = again(phone, match_id, tag)
    assert response.status_code == 200 and response.headers["ETag"] != tag
    keeper.logout()
    assert keeper.login("ana").status_code == 302
    keeper.page(f"/matches/{match_id}")
    assert again(keeper, match_id, tag).status_code == 200


def test_another_language_or_theme_is_another_page(keeper, match_id):
    """The browser's language, a language picked on the phone, or another theme: the whole page again."""
    tag = tag_of(keeper, match_id)
    assert again(keeper, match_id, tag, **{"Accept-Language": "es"}).status_code == 200
    keeper.client.get("/language/pt_BR")
    response = again(keeper, match_id, tag)
    assert response.status_code == 200 and "Rodada" in response.get_data(as_text=True)
    keeper.client.get("/language/en")
    assert again(keeper, match_id, tag).status_code == 304  # back to the page it was
    keeper.client.get("/theme/dark")
    assert again(keeper, match_id, tag).status_code == 200


def changed(keeper, match_id, tag):
    """After a change: the scoreboard comes back whole with a new tag (the change's message shown once, with no
    tag), then its new tag answers 304. The page's text."""
    first = again(keeper, match_id, tag)
    assert first.status_code == 200
    if "ETag" not in first.headers:  # a flashed message: shown once, not kept
        first = again(keeper, match_id, tag)
        assert first.status_code == 200
    new = first.headers["ETag"]
    assert new != tag
    assert again(keeper, match_id, new).status_code == 304
    return new, keeper.text(first.get_data(as_text=True))


def test_every_change_of_the_match_makes_the_old_tag_stale(keeper, match_id):
    """A hand saved, corrected, taken back, a player renamed, the link replaced: each time the whole page again."""
    tag = tag_of(keeper, match_id)
    keeper.save_hand(match_id, mirror=True)
    tag, text = changed(keeper, match_id, tag)
    assert "Ana 4 11 to go Bea 4 11 to go" in text
    assert keeper.enter_hand(match_id, "save", number=2, escobas=(0, 0)).status_code == 302  # corrected
    tag, text = changed(keeper, match_id, tag)
    assert "Ana 7 8 to go" in text
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302
    tag, text = changed(keeper, match_id, tag)
    assert "Ana 4 11 to go" in text
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Beatriz"}).status_code == 302
    tag, text = changed(keeper, match_id, tag)
    assert "Beatriz" in text
    old_link = re.search(r"/watch/[\w-]+", keeper.page(f"/matches/{match_id}")).group(0)
    assert keeper.submit(f"/matches/{match_id}/link").status_code == 302
    tag, text = changed(keeper, match_id, tag)
    assert old_link not in text


def test_a_message_waiting_to_be_shown_is_never_answered_304(keeper, match_id):
    """After a save the scoreboard shows "saved" once: it is drawn whole, without a tag, even if the browser
    sends one that would otherwise match."""
    tag = tag_of(keeper, match_id)
    with keeper.client.session_transaction() as session:
        session["_flashes"] = [("info", "A message for this phone")]
    response = again(keeper, match_id, tag)
    assert response.status_code == 200 and "ETag" not in response.headers
    assert "A message for this phone" in response.get_data(as_text=True)
    assert again(keeper, match_id, tag).status_code == 304
