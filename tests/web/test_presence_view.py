"""Who is entering, through its JSON endpoint (referee/views/presence.py): a phone's entry page says it is
entering a hand (POST, with the page's CSRF token) and the other phones ask (GET); refusals are JSON in the
{"errors": [...]} shape, naming the field, never a 500; the scoreboard's ETag does not move."""

from __future__ import annotations

import re

import pytest
from flask_babel import force_locale, gettext
from spectators import watch_path
from sql_counts import counted_queries

from referee.models import EntryPresence

FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0"


@pytest.fixture
def app_settings():
    """Throttling on, as in production (PRESENCE_LIMIT is asked for below)."""
    return {"RATELIMIT_ENABLED": True}


@pytest.fixture
def match_id(keeper):
    """Ana's match of two, no hand yet."""
    return keeper.start()


@pytest.fixture
def second(keeper):
    """Ana's second phone: Firefox on Android."""
    keeper.client.environ_base["HTTP_USER_AGENT"] = "curl/8"  # the first phone's words are not asked for
    phone = type(keeper)(keeper.app, keeper.app.test_client())
    phone.client.environ_base["HTTP_USER_AGENT"] = FIREFOX_ON_ANDROID
    assert phone.login("ana").status_code == 302
    return phone


def say(phone, match_id, **fields):
    """Post what the entry page posts (the page's CSRF token unless given)."""
    return phone.client.post(f"/matches/{match_id}/entering", data={"csrf_token": phone.token(), **fields})


def who(phone, match_id):
    """The words of who this phone sees entering."""
    response = phone.client.get(f"/matches/{match_id}/entering")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "private, no-store"
    return [(seen["hand"], seen["words"]) for seen in response.get_json()["entering"]]


def test_the_other_phone_sees_the_entry_page_and_the_phone_itself_does_not(keeper, second, match_id):
    """The second phone enters hand 1: the first sees it by its device words, the second sees nobody."""
    assert say(second, match_id, hand="1").status_code == 204
    assert who(keeper, match_id) == [(1, "Your other phone (Firefox Mobile, Android) is entering hand 1.")]
    assert who(second, match_id) == []


def test_a_leave_clears_it(keeper, second, match_id):
    """The page sends a leave as it is hidden: the notice goes."""
    say(second, match_id, hand="1")
    assert say(second, match_id, hand="1", leaving="y").status_code == 204
    assert who(keeper, match_id) == []


def test_saving_the_hand_clears_it(keeper, second, match_id):
    """The first phone saves hand 1 while the second is on its page: nobody is shown entering hand 1."""
    say(second, match_id, hand="1")
    keeper.save_hand(match_id)
    assert who(keeper, match_id) == []


def test_a_post_without_its_csrf_token_is_refused_naming_it(keeper, match_id):
    """No token, or another's: 400, {"errors": [...]} naming csrf_token; nothing recorded."""
    for token in ("", "forged"):
        response = keeper.client.post(f"/matches/{match_id}/entering", data={"csrf_token": token, "hand": "1"})
        assert response.status_code == 400
        assert [e["field"] for e in response.get_json()["errors"]] == ["csrf_token"]
    assert keeper.query(EntryPresence.__table__.select()) == []


@pytest.mark.parametrize("hand", ["", "0", "-1", "10000", "1.5", "x", "٣", "9" * 5000])
def test_a_hand_that_is_no_hand_is_refused_naming_the_field(keeper, match_id, hand):
    """422 with the field named and why, in the reader's language; nothing recorded."""
    response = say(keeper, match_id, hand=hand)
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "hand" and error["message"] in (
        "A hand's number is 1 to 9999.", "Which hand is being entered is missing.")
    assert keeper.query(EntryPresence.__table__.select()) == []


def test_a_match_not_the_readers_is_a_404_in_json(keeper, match_id, scorekeeper):
    """Another account's match, or one that does not exist: 404 {"errors": [...]}, for asking and saying alike."""
    cid = scorekeeper("cid")
    for phone, where in ((cid, match_id), (keeper, match_id + 100)):
        asked = phone.client.get(f"/matches/{where}/entering")
        said = say(phone, where, hand="1")
        for response in (asked, said):
            assert response.status_code == 404 and response.get_json()["errors"][0]["field"] == ""
    assert keeper.query(EntryPresence.__table__.select()) == []


def test_someone_not_logged_in_is_sent_to_log_in(visitor, keeper, match_id):
    """Like every page of a match: the login page, nothing said of the match."""
    response = visitor.client.get(f"/matches/{match_id}/entering")
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_the_scoreboards_etag_does_not_move_while_someone_enters(keeper, second, match_id):
    """The scoreboard answers 304 to its own ETag after another phone opened the entry page and left."""
    etag = keeper.client.get(f"/matches/{match_id}").headers["ETag"]
    say(second, match_id, hand="1")
    say(second, match_id, hand="1", leaving="y")
    assert keeper.client.get(f"/matches/{match_id}", headers={"If-None-Match": etag}).status_code == 304


def test_a_phone_saying_too_much_is_throttled_in_json(app, keeper, match_id):
    """Past PRESENCE_LIMIT from one device login: 429 with Retry-After, the errors shape; the others go on."""
    app.config["PRESENCE_LIMIT"] = "3 per minute"
    assert [say(keeper, match_id, hand="1").status_code for _ in range(3)] == [204] * 3
    refused = say(keeper, match_id, hand="1")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "Too many requests" in refused.get_json()["errors"][0]["message"]
    other = keeper.another_phone()
    assert say(other, match_id, hand="1").status_code == 204
    assert keeper.client.get(f"/matches/{match_id}/entering").status_code == 200  # asking is never throttled


def test_the_spectator_page_answers_304_in_one_query_while_someone_enters(app, keeper, second, visitor, match_id):
    """The spectator's polls (views/spectator_polls.py, untouched) cost what they did: a 304 in one query for the
    match's id and version, pings and leaves in between."""
    path = watch_path(keeper, match_id)
    etag = visitor.client.get(path).headers["ETag"]
    say(second, match_id, hand="1")
    with counted_queries(app) as statements:
        assert visitor.client.get(path, headers={"If-None-Match": etag}).status_code == 304
    assert len(statements) == 1 and "entry_presence" not in statements[0]
    say(second, match_id, hand="1", leaving="y")
    assert visitor.client.get(path, headers={"If-None-Match": etag}).status_code == 304


def test_the_entry_page_says_who_else_is_entering_as_it_is_drawn(keeper, second, match_id):
    """For a phone without scripts: the notice in the page as drawn, marked shown; the phone's own page says
    nothing of itself, and carries the hand it is entering for its script."""
    say(second, match_id, hand="1")
    html = keeper.page(keeper.hand_url(match_id, "tally"))
    [notice] = re.findall(r'<p class="entering shown"[^>]*>([^<]*)</p>', html)
    assert notice == "Your other phone (Firefox Mobile, Android) is entering hand 1."
    own = second.page(second.hand_url(match_id, "quick"))
    assert re.search(r'<p class="entering" role="status" data-entering="/matches/\d+/entering" '
                     r'data-entering-hand="1"></p>', own)


def test_the_scoreboard_keeps_the_line_for_the_script_and_a_finished_match_has_none(keeper, match_id):
    """The scoreboard's line is empty as drawn (its ETag never depends on it); a finished match asks nobody."""
    page = keeper.page(f"/matches/{match_id}")
    assert '<p class="entering" id="entering" data-live-keep role="status" data-entering="/matches/' in page
    finished = keeper.start(target="4")
    keeper.save_hand(finished)
    board = keeper.page(f"/matches/{finished}")
    assert "data-entering" not in board and "entering.js" not in board


@pytest.mark.parametrize("language", ["es", "pt_BR"])
def test_the_words_follow_the_readers_language(app, keeper, second, match_id, language):
    """The phone's chosen language: the catalog's sentence for it (tests/test_translations.py holds every
    sentence translated)."""
    say(second, match_id, hand="1")
    keeper.client.get(f"/language/{language}")
    with app.test_request_context(), force_locale(language):
        expected = gettext("Your other phone (%(device)s) is entering hand %(number)s.",
                           device="Firefox Mobile, Android", number=1)
    assert who(keeper, match_id) == [(1, expected)]
