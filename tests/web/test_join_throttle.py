"""Join codes cannot be guessed: refused codes are throttled per address and per account, on the page and through
the API together (JOIN_LIMIT, referee/throttling.py); a code that lets one in costs nothing."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import ApiClient
from test_throttling import from_address

from referee.extensions import db
from referee.models import Match
from referee.services.sharing import make_join_code


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
