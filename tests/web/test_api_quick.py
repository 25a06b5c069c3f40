"""POST /api/v1/score the quick way: a tally of "rest", the leftover as cards; old bodies answer as before."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

ANA = {"cards": 20, "oros": 10, "sevens": 2, "velo": True}
BEA = {"cards": 20, "oros": 0, "sevens": 2, "velo": False}


def body(sides: list[dict[str, Any]], **rest: Any) -> dict[str, Any]:
    """A score request for tests/conftest.py's correct hand, side 1 taking the leftover."""
    return {"ruleset": "escova-rs", "sides": sides, "last_capture": 0} | ({"leftover": ["1o", "2o", "3o", "4o"]}
                                                                        | rest)


def answer(client: FlaskClient, request: dict[str, Any], status: int = 200) -> Any:
    """The JSON answer, its status asserted."""
    response = client.post("/api/v1/score", json=request)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def test_a_rest_tally_is_worked_out_and_scored_like_the_full_tally(client):
    """The second side's counts follow from the deck: the same answer as when they are given."""
    quick = answer(client, body([{"tally": ANA, "escobas": 1}, {"tally": "rest"}]))
    full = answer(client, body([{"tally": ANA, "escobas": 1}, {"tally": BEA}]))
    assert quick == full
    assert quick["sides"][1]["counts"] == BEA and [s["points"] for s in quick["sides"]] == [4, 0]
    assert quick["leftover"] == {"sum": 10, "ok": True}


def test_a_tally_entry_with_a_leftover_sum_answers_as_before(client):
    """An old body (leftover_sum, every tally) is read as it always was, even with a leftover list beside it."""
    old = {"ruleset": "escova-rs", "sides": [{"tally": ANA, "escobas": 1}, {"tally": BEA}], "leftover_sum": 10,
           "last_capture": 0}
    assert answer(client, old) == answer(client, old | {"leftover": ["5c", "8b"]})
    assert answer(client, old)["leftover"] == {"sum": 10, "ok": True}


def test_a_wrong_leftover_given_as_cards_asks_for_pile_sums(client):
    """Tallies cannot tell who erred: as with a wrong leftover_sum."""
    quick = answer(client, body([{"tally": ANA, "escobas": 1}, {"tally": "rest"}], leftover=["2o", "3o", "4o"]))
    assert quick["leftover"] == {"sum": 9, "ok": False} and quick["needs_pile_sums"] is True


@pytest.mark.parametrize(("sides", "field", "message"), [
    ([{"tally": "rest"}, {"tally": "rest"}], "sides[1].tally", "only one side's counts can follow from the others"),
    ([{"tally": ANA | {"cards": 38}}, {"tally": {"cards": 5, "oros": 0, "sevens": 0}}, {"tally": "rest"}],
     "sides[2].tally.cards", "the other sides count 43 cards together, more than the deck's 40"),
    ([{"tally": ANA}, {"tally": BEA | {"velo": True, "oros": 1}}, {"tally": "rest"}], "sides[2].tally.oros",
     "the other sides count 11 coins together, more than the deck's 10"),
    ([{"tally": "Rest"}, {"tally": ANA}], "sides[0].tally", "expected a JSON object"),
    ([{"cards": ["1c"]}, {"tally": "rest"}], "sides", "all sides must be entered the same way"),
], ids=["two rests", "too many cards", "too many oros", "not 'rest'", "mixed with cards"])
def test_what_the_rest_cannot_be_is_refused_at_its_field(client, sides, field, message):
    """422, the field and the words."""
    errors = answer(client, body(sides), 422)["errors"]
    assert any(e["field"] == field and e["message"].startswith(message) for e in errors), errors


def test_a_leftover_of_unknown_cards_is_refused_for_a_tally_too(client):
    """The leftover's cards are read as in the entry by cards."""
    errors = answer(client, body([{"tally": ANA}, {"tally": "rest"}], leftover=["11o"]), 422)["errors"]
    assert errors == [{"field": "leftover[0]", "message": "unknown card '11o'"}]
