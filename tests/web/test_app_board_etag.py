"""The logged-in scoreboard answers conditional GETs: a 304 while the reader's copy is still what the page would
show, never for another account, another browser, another language or theme, nor after any change of the match."""

from __future__ import annotations

import re

import factories
import itsdangerous
import pytest
from page_client import PASSWORD
from sql_counts import counted_queries
from sqlalchemy import select

from referee.models import Player, User


@pytest.fixture
def match_id(keeper):
    """Ana against Bea, with one hand saved (Ana +4)."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    keeper.page(f"/matches/{match_id}")  # the flash of the save shown once, the spectator link made
    return match_id


def etag_of(person, match_id):
    """The scoreboard's ETag for this person's browser, checking the page is the private, fresh kind."""
    response = person.client.get(f"/matches/{match_id}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in response.headers["Vary"].split(",")}
    return response.headers["ETag"]


def again(person, match_id, etag, **headers):
    """The scoreboard asked for again with an ETag."""
    return person.client.get(f"/matches/{match_id}", headers={"If-None-Match": etag, **headers})


def test_an_unchanged_scoreboard_answers_a_bare_304_with_the_same_headers(keeper, match_id):
    """Asked again with its ETag: a 304 without a body, private, no-cache, the same ETag; and the security headers."""
    etag = etag_of(keeper, match_id)
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    response = again(keeper, match_id, etag)
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == etag
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert "Content-Security-Policy" in response.headers


def test_a_304_renders_nothing_and_asks_the_database_little(app, keeper, match_id, monkeypatch):
    """No scoreboard computed, no template rendered: the login and the match."""
    etag = etag_of(keeper, match_id)
    rendered = []
    monkeypatch.setattr("referee.views.matches.render_template", lambda *a, **k: rendered.append(a) or "")
    monkeypatch.setattr("referee.views.matches.scoreboard", lambda *a, **k: rendered.append(a))
    with counted_queries(app) as statements:
        assert again(keeper, match_id, etag).status_code == 304
    assert rendered == []
    assert len(statements) <= 3, statements
    assert not any("hand" in s.split("FROM", 1)[-1].split("WHERE")[0] for s in statements), statements


def test_another_account_never_gets_the_owners_304(keeper, scorekeeper, match_id):
    """Another account with the owner's ETag: the match is not theirs (404), on their own browser or on the
    owner's after logging out and in as them."""
    etag = etag_of(keeper, match_id)
    bob = scorekeeper("bob")
    assert again(bob, match_id, etag).status_code == 404
    keeper.logout()
    assert keeper.login("bob").status_code == 302
    assert again(keeper, match_id, etag).status_code == 404


def test_each_account_and_each_browser_has_its_own_etag(keeper, scorekeeper, match_id):
    """Bob's scoreboard of his own match, at the same version, has another ETag; so does Ana's on her second
    phone (its forms carry another session's CSRF token), and after logging out and in again."""
    etag = etag_of(keeper, match_id)
    bob = scorekeeper("bob")
    his = factories.start(bob, ("Ana", "Bea"))
    factories.save_hand(bob, his)
    bob.page(f"/matches/{his}")
    assert etag_of(bob, his) != etag
    phone = factories.phone(keeper)
    phone.page(f"/matches/{match_id}")  # its first page makes its session's CSRF token
    response = again(phone, match_id, etag)
    assert response.status_code == 200 and response.headers["ETag"] != etag
    keeper.logout()
    assert keeper.login("ana").status_code == 302
    keeper.page(f"/matches/{match_id}")
    assert again(keeper, match_id, etag).status_code == 200


def test_another_language_or_theme_is_another_page(keeper, match_id):
    """The browser's language, a language picked on the phone, or another theme: the whole page again."""
    etag = etag_of(keeper, match_id)
    assert again(keeper, match_id, etag, **{"Accept-Language": "es"}).status_code == 200
    keeper.client.get("/language/pt_BR")
    response = again(keeper, match_id, etag)
    assert response.status_code == 200 and "Rodada" in response.get_data(as_text=True)
    keeper.client.get("/language/en")
    english = etag_of(keeper, match_id)  # the same words, from another input: the ETag hashes what they come from
    assert again(keeper, match_id, english).status_code == 304
    keeper.client.get("/theme/dark")
    assert again(keeper, match_id, english).status_code == 200


def changed(keeper, match_id, etag):
    """After a change: the scoreboard comes back whole with a new ETag (the change's message shown once, with no
    ETag), then its new ETag answers 304. The page's text."""
    first = again(keeper, match_id, etag)
    assert first.status_code == 200
    if "ETag" not in first.headers:  # a flashed message: shown once, not cached
        first = again(keeper, match_id, etag)
        assert first.status_code == 200
    new = first.headers["ETag"]
    assert new != etag
    assert again(keeper, match_id, new).status_code == 304
    return new, keeper.text(first.get_data(as_text=True))


def test_every_change_of_the_match_makes_the_old_etag_stale(keeper, match_id):
    """A hand saved, corrected, taken back, a player renamed, the link replaced: each time the whole page again."""
    etag = etag_of(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    etag, text = changed(keeper, match_id, etag)
    assert "Ana 4 11 to go Bea 4 11 to go" in text
    assert keeper.enter_hand(match_id, "save", number=2, escobas=(0, 0)).status_code == 302  # corrected
    etag, text = changed(keeper, match_id, etag)
    assert "Ana 7 8 to go" in text
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302
    etag, text = changed(keeper, match_id, etag)
    assert "Ana 4 11 to go" in text
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Beatriz"}).status_code == 302
    etag, text = changed(keeper, match_id, etag)
    assert "Beatriz" in text
    old_link = re.search(r"/watch/[\w-]+", keeper.page(f"/matches/{match_id}")).group(0)
    assert keeper.submit(f"/matches/{match_id}/link").status_code == 302
    etag, text = changed(keeper, match_id, etag)
    assert old_link not in text


def test_a_message_waiting_to_be_shown_is_never_answered_304(keeper, match_id):
    """A message waits for this phone (an API token revoked on the account page, which changes no match): the
    scoreboard shows it once, rendered whole, without an ETag, even if the browser sends one that would otherwise
    match."""
    etag = etag_of(keeper, match_id)
    made = keeper.client.post("/api/v1/tokens", auth=("ana", PASSWORD), json={"name": "a script"})
    revoke = f"/account/tokens/{made.get_json()['id']}/revoke"
    assert keeper.client.post(revoke, data={"csrf_token": keeper.token()}).status_code == 302
    response = again(keeper, match_id, etag)
    assert response.status_code == 200 and "ETag" not in response.headers
    assert "That token is revoked." in response.get_data(as_text=True)
    assert again(keeper, match_id, etag).status_code == 304


def test_a_copy_answered_304_days_later_still_posts_its_forms(keeper, match_id, monkeypatch):
    """The ETag holds no time: a copy rendered two days ago is still current, and its forms' CSRF token (bound to the
    session, with no time limit) still goes through; a new login gives the session another token."""
    signed_then = itsdangerous.TimestampSigner.get_timestamp
    monkeypatch.setattr(itsdangerous.TimestampSigner, "get_timestamp",  # the forms' tokens, not the session cookie
                        lambda self: signed_then(self) - (2 * 86400 if self.salt == b"wtf-csrf-token" else 0))
    url = f"/matches/{match_id}"
    old = keeper.client.get(url)
    monkeypatch.undo()
    assert again(keeper, match_id, old.headers["ETag"]).status_code == 304
    undo = keeper.fields(keeper.page(f"/matches/{match_id}/undo"))
    logout = keeper.fields(old.get_data(as_text=True), action="/logout")
    assert keeper.client.post(f"/matches/{match_id}/undo", data=undo | {"csrf_token": logout["csrf_token"]}
                              ).status_code == 302
    assert "Ana 0" in keeper.text(keeper.page(url))
    assert keeper.client.post("/logout", data=logout).status_code == 302
    keeper.login("ana")
    assert keeper.client.post(f"/matches/{match_id}/undo", data=undo).status_code == 400


# -- a copy given, then one thing changed: the whole page again ------------------------------------------------------

def vary_language(keeper, match_id):
    """The browser's language."""
    return {"headers": {"Accept-Language": "es"}}


def vary_chosen_language(keeper, match_id):
    """A language picked on the phone."""
    keeper.client.get("/language/pt_BR")
    return {}


def vary_theme(keeper, match_id):
    """Another theme."""
    keeper.client.get("/theme/dark")
    return {}


def vary_query(keeper, match_id):
    """The same page with a query string (its language and theme links come back to it)."""
    return {"query_string": {"from": "share"}}


def vary_host(keeper, match_id):
    """Another host name (the spectator link is a whole address), the same browser's cookies sent to it."""
    for cookie in list(keeper.client._cookies.values()):
        keeper.client.set_cookie(cookie.key, cookie.value, domain="referee.example")
    return {"base_url": "http://referee.example"}


def vary_prefix(keeper, match_id):
    """The app served under a prefix."""
    return {"environ_overrides": {"SCRIPT_NAME": "/referee"}}


def vary_hand_saved(keeper, match_id):
    """A hand saved."""
    factories.save_hand(keeper, match_id, mirror=True)
    keeper.page(f"/matches/{match_id}")  # its message, shown once
    return {}


def vary_hand_corrected(keeper, match_id):
    """A hand corrected."""
    assert keeper.enter_hand(match_id, "save", number=1, escobas=(0, 0)).status_code == 302
    keeper.page(f"/matches/{match_id}")
    return {}


def vary_hand_taken_back(keeper, match_id):
    """A hand taken back."""
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302
    keeper.page(f"/matches/{match_id}")
    return {}


def vary_player_renamed(keeper, match_id):
    """A player renamed from the players' page."""
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Beatriz"}).status_code == 302
    keeper.page(f"/matches/{match_id}")
    return {}


def vary_player_merged(keeper, match_id):
    """A player merged into another of another name (her seats take it)."""
    factories.start(keeper, ("Ana", "Beatriz"))
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    [(beatriz,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Beatriz"))
    assert keeper.submit(f"/players/{beatriz}/merge", {"other": str(bea), "keep": "this"}).status_code == 302
    keeper.page(f"/matches/{match_id}")  # its message, shown once
    return {}


def vary_player_deleted(keeper, match_id):
    """A player deleted (her seat keeps the name, no player)."""
    [(bea,)] = keeper.query(select(Player.id).join(User).where(User.username == "ana", Player.name == "Bea"))
    assert keeper.submit(f"/players/{bea}/delete").status_code == 302
    keeper.page(f"/matches/{match_id}")
    return {}


def vary_link_replaced(keeper, match_id):
    """The spectator link replaced."""
    assert keeper.submit(f"/matches/{match_id}/link").status_code == 302
    keeper.page(f"/matches/{match_id}")
    return {}


@pytest.mark.parametrize("vary", [vary_language, vary_chosen_language, vary_theme, vary_query, vary_host,
                                  vary_prefix, vary_hand_saved, vary_hand_corrected, vary_hand_taken_back,
                                  vary_player_renamed, vary_player_merged, vary_player_deleted, vary_link_replaced],
                         ids=lambda vary: vary.__name__)
def test_a_copy_is_never_current_for_another_request_or_another_state(keeper, match_id, vary):
    """Each part of what the page shows, changed alone after the browser got its copy: asked again with the copy's
    ETag, the answer is the whole page (200) under another ETag, not a 304."""
    url = f"/matches/{match_id}"
    etag = etag_of(keeper, match_id)
    assert again(keeper, match_id, etag).status_code == 304
    request = vary(keeper, match_id)
    headers = {"If-None-Match": etag} | request.pop("headers", {})
    served = keeper.client.get(url, headers=headers, **request)
    assert served.status_code == 200 and served.headers["ETag"] != etag


def test_the_match_reopened_shows_at_once(scorekeeper):
    """A match won, its copy current, then reopened by correcting the winning hand: the page comes whole again."""
    keeper = scorekeeper("ana")
    match_id = factories.start(keeper, ("Ana", "Bea"), target="8")
    for mirror in (False, True, False):  # Ana +4, Bea +4, Ana +4: Ana reaches 8
        factories.save_hand(keeper, match_id, mirror=mirror)
    url = f"/matches/{match_id}"
    keeper.page(url)
    etag = etag_of(keeper, match_id)
    assert again(keeper, match_id, etag).status_code == 304
    assert keeper.enter_hand(match_id, "save", number=3, escobas=(0, 0)).status_code == 302  # Ana +3: 7
    assert "The match is open again" in keeper.page(url)
    reopened = again(keeper, match_id, etag)
    assert reopened.status_code == 200
    assert "Rematch" not in reopened.get_data(as_text=True) and "Enter hand 4" in reopened.get_data(as_text=True)


# -- what the ETag is made of, part by part -------------------------------------------------

READER = ("1", "ana", "7")  # the account, its name, this device's login
BROWSER = {"csrf_token": "token", "lang": "", "accept_language": "en", "theme": ""}
ADDRESS = ("http", "localhost", "", "/matches/3?")  # scheme, host, prefix, path and query
PAGE = ("scoreboard", "3", "5", "owner", "", "")  # the page, the match, its version, the role, club, table


def replaced(parts, i, value):
    """The parts with the i-th one replaced."""
    return (*parts[:i], value, *parts[i + 1:])


ETAG_PARTS = {
    "account": {"reader": replaced(READER, 0, "2")},
    "account's name": {"reader": replaced(READER, 1, "bob")},
    "device's login": {"reader": replaced(READER, 2, "8")},
    "session's CSRF token": {"browser": BROWSER | {"csrf_token": "another"}},
    "language chosen": {"browser": BROWSER | {"lang": "es"}},
    "browser's language": {"browser": BROWSER | {"accept_language": "es"}},
    "theme": {"browser": BROWSER | {"theme": "dark"}},
    "scheme": {"address": replaced(ADDRESS, 0, "https")},
    "host": {"address": replaced(ADDRESS, 1, "referee.example")},
    "prefix": {"address": replaced(ADDRESS, 2, "/referee")},
    "path": {"address": replaced(ADDRESS, 3, "/matches/3?from=share")},
    "code": {"code": "another-deploy"},
    "match": {"page": replaced(PAGE, 1, "4")},
    "version": {"page": replaced(PAGE, 2, "6")},
    "role": {"page": replaced(PAGE, 3, "scorer")},
    "club": {"page": replaced(PAGE, 4, "True")},
    "tournament table": {"page": replaced(PAGE, 5, "True None None")},
}


def etag_with(reader=READER, browser=BROWSER, address=ADDRESS, code="this-deploy", page=PAGE):
    """The ETag of these parts, everything else as in the other calls (views/board_etag.py: tag, which the app
    and the polls' fast path both call)."""
    from referee.views import board_etag

    return board_etag.tag(reader, browser, address, code, page)


@pytest.mark.parametrize("changes", ETAG_PARTS.values(), ids=ETAG_PARTS.keys())
def test_each_part_of_what_the_page_shows_changes_the_etag(changes):
    """The same call twice gives the same ETag; any one part changed alone gives another (so a 304 is never for
    another reader's, language's, address's or state's copy)."""
    same = etag_with()
    assert etag_with() == same
    assert etag_with(**changes) != same
