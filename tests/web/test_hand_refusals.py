"""The services own every refusal: the hands service refuses a hand after the winner whichever way it comes, the
API checks a hand once (its report goes to the service), and opening a scoreboard writes nothing (its spectator
link is made with the match)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from api_client import TWO, ApiClient, by_cards, by_tally
from sql_counts import counted_queries
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, User
from referee.rules import hand as rules_hand
from referee.services import Conflict, HandDraft, MatchSettings, create_match, record_hand
from referee.services.matches import revoke_spectator_link
from referee.services.refusals import MatchRefusal

WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


def winning_hand() -> HandDraft:
    """A hand by counts that wins a match to 15 at once for the first side (every category and 9 escobas)."""
    body = {"sides": [{"tally": {"cards": 36, "oros": 10, "sevens": 4, "velo": True}, "escobas": 9},
                      {"tally": {"cards": 4, "oros": 0, "sevens": 0, "velo": False}, "escobas": 0}],
            "leftover_sum": 10, "last_capture": 0}
    return HandDraft.kept("tally", body, dealer=0)


def new_match() -> Match:
    """Ana's new match of two to 15 (in the app context)."""
    user = User(username="ana", password_hash="-")
    db.session.add(user)
    db.session.commit()
    return create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                            names=("Ana", "Bea"), first_dealer=0))


def test_the_hands_service_refuses_a_hand_after_the_winner(app):
    """Conflict('finished'): nothing saved; the winning hand's own resend is still that hand."""
    with app.app_context():
        match = new_match()
        sent = HandDraft(**{**winning_hand().__dict__, "client_token": "t"})
        won = record_hand(match, sent, 1)
        assert match.winner == 0
        with pytest.raises(Conflict) as refused:
            record_hand(match, winning_hand(), 2)
        assert refused.value.reason is MatchRefusal.FINISHED and len(match.hands) == 1
        assert record_hand(match, sent, 2) is won  # sent again from the page it was typed on: that hand


def test_a_hand_typed_for_a_number_the_match_has_passed_is_that_conflict_even_when_it_is_over(app):
    """An entry for hand 1 typed on a phone that never saw it saved: 'hand_exists' (the page compares the two)."""
    with app.app_context():
        match = new_match()
        record_hand(match, winning_hand(), 1)
        with pytest.raises(Conflict) as refused:
            record_hand(match, winning_hand(), 1)
        assert refused.value.reason is MatchRefusal.HAND_EXISTS


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's program, with a token of her account."""
    return ApiClient(client)


@pytest.fixture
def checks(monkeypatch) -> list[str]:
    """Every check the rules core makes of a hand, by its kind: counted where check_hand sends each entry."""
    made: list[str] = []

    def counting(name: str, check: Any) -> Any:
        def counted(entry: Any) -> Any:
            made.append(name)
            return check(entry)
        return counted

    monkeypatch.setattr(rules_hand, "_check_cards", counting("cards", rules_hand._check_cards))
    monkeypatch.setattr(rules_hand, "check_tally", counting("tally", rules_hand.check_tally))
    return made


@pytest.mark.parametrize(("body", "kind"), [(by_cards, "cards"), (by_tally, "tally")])
def test_the_api_checks_a_hand_it_saves_once(api, checks, body, kind):
    """One check per save, a new hand's and a correction's: the view's report goes to the service."""
    match = api.start(**TWO, partnerships=False)
    url = f"/matches/{match['id']}/hands"
    saved = api.request("POST", url, body())
    assert saved.status_code == 201 and checks == [kind]
    version = saved.get_json()["match"]["version"]
    assert api.request("PUT", f"{url}/1", body(), headers={"If-Match": f'"{version}"'}).status_code == 200
    assert checks == [kind, kind]


def test_the_api_refuses_a_hand_after_the_winner_from_the_service(api, checks):
    """409 in the API's words; the refused hand is checked (to answer a bad one 422) and never saved."""
    match = api.start(**TWO, partnerships=False)
    url = f"/matches/{match['id']}/hands"
    while not api.request("POST", url, by_cards()).get_json()["match"]["finished"]:
        pass
    saved = len(checks)
    response = api.request("POST", url, by_cards())
    assert response.status_code == 409 and len(checks) == saved + 1
    assert response.get_json()["errors"][0]["message"] == "This match is over: correct a hand, or start a rematch."
    assert len(api.request("GET", f"/matches/{match['id']}").get_json()["hands"]) == saved


def test_opening_a_new_scoreboard_writes_nothing(keeper, app):
    """The first view of a scoreboard only reads: the spectator link it shows was made with the match."""
    match_id = keeper.start()
    with counted_queries(app) as statements:
        page = keeper.page(f"/matches/{match_id}")
    assert [s for s in statements if WRITES.match(s)] == []
    [token] = keeper.query(select(Match.spectator_token).where(Match.id == match_id))[0]
    assert f"/watch/{token}" in page


def test_replacing_the_spectator_link_makes_the_new_one_at_once(app):
    """The old token is gone, a new one stands in its place before any page is opened."""
    with app.app_context():
        match = new_match()
        old = match.spectator_token
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", old)
        revoke_spectator_link(match)
        assert match.spectator_token not in (None, old)
