"""Join codes cannot be guessed: refused codes are throttled per address and per account, on the page and through
the API together (JOIN_LIMIT, referee/web/throttling.py); a code that lets one in costs nothing."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import ApiClient
from page_client import Scorekeeper
from test_throttling import from_address

from referee.extensions import db
from referee.models import Match
from referee.services.sharing import make_join_code, scorers_of


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Throttling on, with the shipped limits."""
    return {"RATELIMIT_ENABLED": True}


def code_for(app, match_id: int) -> str:
    """A live code of the match."""
    with app.app_context():
        return make_join_code(db.session.get_one(Match, match_id)).code


def wrong(person) -> int:
    """One wrong code typed on the join page: its status."""
    return person.submit("/join", {"code": "ZZZZ-2222"}, action="/join").status_code


def test_the_eleventh_wrong_code_in_ten_minutes_is_refused_even_when_right(app, scorekeeper):
    """Ten refused codes, then the right one: 429 beside the field, the code kept, Retry-After; no scorer made."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    for _ in range(10):
        assert wrong(bea) == 422
    code = code_for(app, match_id)
    refused = bea.submit("/join", {"code": code}, action="/join")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    html = refused.get_data(as_text=True)
    assert bea.errors(html)[0].startswith("Too many wrong codes. Please wait") and f'value="{code}"' in html
    bea.page(f"/matches/{match_id}", 404)


def test_codes_that_let_one_in_are_not_counted(app, scorekeeper):
    """Twelve matches joined in a row from one phone: every one goes through."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    for _ in range(12):
        code = code_for(app, ana.start())
        assert bea.submit("/join", {"code": code}, action="/join").status_code == 302


def test_an_account_s_wrong_codes_count_from_every_address(app, scorekeeper):
    """The account's count follows it to a new address."""
    bea = scorekeeper("bea")
    for i in range(10):
        assert wrong(from_address(bea, f"192.0.2.{i}")) == 422
    assert wrong(from_address(bea, "192.0.2.99")) == 429


def test_an_address_s_wrong_codes_count_for_every_account_and_the_api(app, scorekeeper, client):
    """Five accounts on one address: their page's and API's refusals are one count."""
    people = [scorekeeper(f"p{i}") for i in range(5)]
    for person in people:
        assert wrong(person) == 422
    api = ApiClient(client, "p0")
    for _ in range(5):
        assert api.request("POST", "/join", {"code": "ZZZZ-2222"}).status_code == 422
    refused = api.request("POST", "/join", {"code": "ZZZZ-2222"})
    assert refused.status_code == 429 and refused.get_json()["errors"][0]["field"] == ""
    assert wrong(scorekeeper("p9")) == 429


def test_visitors_wrong_codes_count_per_address_not_all_together(app, scorekeeper):
    """Visitors have no account to count against: ten wrong codes from one address refuse that address only,
    not every other visitor's (who would otherwise share one count)."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    guesser = from_address(Scorekeeper(app, app.test_client()), "192.0.2.10")
    for _ in range(10):
        assert wrong(guesser) == 422
    assert wrong(guesser) == 429
    neighbour = from_address(Scorekeeper(app, app.test_client()), "192.0.2.11")
    assert neighbour.submit("/join", {"code": code_for(app, match_id)}, action="/join").status_code == 302


def test_visitors_joining_are_guests_made_and_count_with_the_others(app, scorekeeper):
    """A visitor let in by a code is given a guest account: counted per address with New match's guests
    (GUEST_LIMIT), the next from that address refused before any account is made."""
    app.config["GUEST_LIMIT"] = "2 per hour"
    ana = scorekeeper("ana")
    match_id = ana.start()
    first = from_address(Scorekeeper(app, app.test_client()), "192.0.2.20")
    assert first.submit("/", action="/guest").status_code == 302  # a guest made by New match
    second = from_address(Scorekeeper(app, app.test_client()), "192.0.2.20")
    assert second.submit("/join", {"code": code_for(app, match_id)}, action="/join").status_code == 302
    third = from_address(Scorekeeper(app, app.test_client()), "192.0.2.20")
    assert third.submit("/join", {"code": code_for(app, match_id)}, action="/join").status_code == 429
    with app.app_context():
        assert len(scorers_of(db.session.get_one(Match, match_id))) == 1


def test_many_addresses_guessing_together_meet_the_servers_count(app, visitor):
    """JOIN_LIMIT_PER_SERVER (here 30 in 10 minutes): thirty visitors on thirty addresses, each under its own
    address's limit, use the server's count up; the next guess, from a fresh address, is refused with 429."""
    app.config["JOIN_LIMIT_PER_SERVER"] = "30 per 10 minutes"
    for i in range(30):
        assert wrong(from_address(Scorekeeper(app, app.test_client()), f"198.51.100.{i}")) == 422
    assert wrong(from_address(visitor, "203.0.113.7")) == 429


def test_a_code_lets_in_eight_accounts_and_no_more(app, scorekeeper):
    """MOST_JOINED_BY_CODE: the ninth account is refused in words (and no guest is made for a visitor); the owner's
    new code lets it in."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    code = code_for(app, match_id)
    for i in range(8):
        assert scorekeeper(f"p{i}").submit("/join", {"code": code}, action="/join").status_code == 302
    late = scorekeeper("late")
    refused = late.submit("/join", {"code": code}, action="/join")
    assert refused.status_code == 422
    assert late.errors(refused.get_data(as_text=True)) == [
        "This code has let in as many phones as one code may: ask for a new one."]
    assert late.submit("/join", {"code": code_for(app, match_id)}, action="/join").status_code == 302
