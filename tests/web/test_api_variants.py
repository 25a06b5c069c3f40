"""The regional options through the stateless API: /rulesets lists them, /score reads and answers them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

SIDES_BY_TALLY = [
    {"tally": {"cards": 20, "oros": 6, "sevens": 2, "velo": True}, "escobas": 1},
    {"tally": {"cards": 20, "oros": 4, "sevens": 2, "velo": False}},
]


def post(client: FlaskClient, body: Any, lang: str = "en") -> tuple[int, Any]:
    """Post a score request: the status and the JSON answer."""
    answer = client.post("/api/v1/score", json=body, headers={"Accept-Language": lang})
    return answer.status_code, answer.get_json()


def by_tally(sides: list[dict[str, Any]], **options: str) -> dict[str, Any]:
    """A tally entry under escoba-es with some options, the leftover (10) taken by side 0."""
    return {"ruleset": "escoba-es", "options": options, "sides": sides, "leftover_sum": 10, "last_capture": 0}


def test_rulesets_list_the_regional_options_with_their_choices_and_every_presets_defaults(client):
    """sevens and ties: their choices, and most/nobody in every preset."""
    answer = client.get("/api/v1/rulesets").get_json()
    assert answer["options"]["sevens"] == {"choices": ["most", "setenta", "most_tiebreak"]}
    assert answer["options"]["ties"] == {"choices": ["nobody", "shared"]}
    assert {(r["options"]["sevens"], r["options"]["ties"]) for r in answer["rulesets"]} == {("most", "nobody")}


def test_the_setenta_by_cards_shows_each_sides_best_cards_and_sum(client, hand):
    """Side 2 holds no oro: it lacks a suit (sum null) and side 1's 70 takes the point."""
    hand["options"] = {"sevens": "setenta"}
    status, answer = post(client, hand)
    assert status == 200
    a, b = answer["sides"]
    assert a["setenta"] == {"sum": 70, "cards": ["7o", "7c", "4e", "4b"]}
    assert b["setenta"]["sum"] is None and len(b["setenta"]["cards"]) == 3
    assert (a["earned"]["sevens"], b["earned"]["sevens"]) == (1, 0)


def test_shared_ties_give_both_sides_the_tied_cards_and_sevens(client, hand):
    """20 cards and 2 sevens each: under shared ties both score both; the default answer has no extra keys."""
    plain = post(client, hand)[1]
    hand["options"] = {"ties": "shared"}
    shared = post(client, hand)[1]
    assert [(s["earned"]["cards"], s["earned"]["sevens"]) for s in shared["sides"]] == [(1, 1), (1, 1)]
    assert [s["points"] for s in shared["sides"]] == [p + 2 for p in (s["points"] for s in plain["sides"])]
    assert "setenta" not in plain["sides"][0] and "tiebreak" not in plain["sides"][0]


def test_a_tally_under_the_setenta_without_a_sum_is_refused_naming_each_side_and_field(client):
    """Both sums missing: two errors, one per side, in the request's language."""
    status, answer = post(client, by_tally(SIDES_BY_TALLY, sevens="setenta"), "es")
    assert status == 422
    assert [e["field"] for e in answer["errors"]] == ["sides[0].tally.setenta", "sides[1].tally.setenta"]
    assert "setenta" in answer["errors"][0]["message"] and "Side" not in answer["errors"][0]["message"]


@pytest.mark.parametrize("lang", ["en", "es", "pt-BR"])
def test_sevens_tied_under_the_tiebreak_ask_for_the_sixes_in_every_language(client, lang):
    """The problem names the side and its sixes; each language words it."""
    status, answer = post(client, by_tally(SIDES_BY_TALLY, sevens="most_tiebreak"), lang)
    assert status == 422
    assert [e["field"] for e in answer["errors"]] == ["sides[0].tally.sixes", "sides[1].tally.sixes"]
    words = {"en": "sixes", "es": "seises", "pt-BR": "seis"}[lang]
    assert words in answer["errors"][0]["message"]


def test_the_tiebreak_counts_decide_and_are_echoed(client):
    """Sixes 3 and 1 break the tie in sevens."""
    sides = [{**SIDES_BY_TALLY[0], "tally": {**SIDES_BY_TALLY[0]["tally"], "sixes": 3}},
             {**SIDES_BY_TALLY[1], "tally": {**SIDES_BY_TALLY[1]["tally"], "sixes": 1}}]
    status, answer = post(client, by_tally(sides, sevens="most_tiebreak"))
    assert status == 200
    assert [s["earned"]["sevens"] for s in answer["sides"]] == [1, 0]
    assert answer["sides"][0]["tiebreak"] == {"sixes": 3, "aces": None, "fives": None}


@pytest.mark.parametrize(("option", "value", "message"), [
    ("sevens", "face_value", "must be one of: most, setenta, most_tiebreak"),
    ("ties", "split", "must be one of: nobody, shared"),
    ("sevens", 3, "must be one of: most, setenta, most_tiebreak"),
])
def test_an_option_value_not_offered_is_refused_naming_the_option(client, hand, option, value, message):
    """The face-value setenta is not offered."""
    hand["options"] = {option: value}
    status, answer = post(client, hand)
    assert status == 422
    assert answer["errors"] == [{"field": f"options.{option}", "message": message}]


def test_the_side_left_out_gives_its_setenta_beside_its_rest_tally(client):
    """Quick entry under the setenta: the rest's sum comes beside "rest"; beside a counted tally it is refused."""
    sides = [{"tally": {**SIDES_BY_TALLY[0]["tally"], "setenta": 62}, "escobas": 1},
             {"tally": "rest", "setenta": 70}]
    status, answer = post(client, by_tally(sides, sevens="setenta"))
    assert status == 200, answer
    assert [s["setenta"]["sum"] for s in answer["sides"]] == [62, 70]
    assert [s["earned"]["sevens"] for s in answer["sides"]] == [0, 1]
    sides[0]["setenta"] = 62
    status, answer = post(client, by_tally(sides, sevens="setenta"))
    assert status == 422 and [e["field"] for e in answer["errors"]] == ["sides[0].setenta"]


@pytest.mark.parametrize(("key", "value"), [("sixes", None), ("sixes", "3"), ("setenta", True), ("aces", -1)])
def test_a_tiebreak_or_setenta_count_that_is_no_count_is_refused(client, key, value):
    """null, text, true and a negative number: each a 422 at the field."""
    sides = [{"tally": {**SIDES_BY_TALLY[0]["tally"], key: value}}, SIDES_BY_TALLY[1]]
    status, answer = post(client, by_tally(sides, sevens="most_tiebreak"))
    assert status == 422
    assert answer["errors"][0]["field"] == f"sides[0].tally.{key}"


def test_a_tally_may_give_its_best_cards_for_the_setenta_and_the_referee_adds_them_up(client):
    """Side 1 taps its four best cards (70), side 2 its three (no oro: 0) beside a "rest"; a sum typed beside cards
    that make another is refused at that field, in the request's language."""
    sides = [{"tally": {**SIDES_BY_TALLY[0]["tally"], "oros": 10, "setenta_cards": ["7o", "7c", "4e", "4b"]},
              "escobas": 1},
             {"tally": "rest", "setenta_cards": ["7e", "6c", "7b"]}]
    status, answer = post(client, by_tally(sides, sevens="setenta"))
    assert status == 200, answer
    assert [s["setenta"] for s in answer["sides"]] == [{"sum": 70, "cards": ["7o", "7c", "4e", "4b"]},
                                                       {"sum": None, "cards": ["7e", "6c", "7b"]}]
    assert [s["earned"]["sevens"] for s in answer["sides"]] == [1, 0]
    sides[0]["tally"]["setenta"] = 71
    status, answer = post(client, by_tally(sides, sevens="setenta"), "es")
    assert status == 422
    assert [e["field"] for e in answer["errors"]] == ["sides[0].tally.setenta"]
    assert "70" in answer["errors"][0]["message"] and "71" in answer["errors"][0]["message"]


def test_a_tally_may_leave_suits_untold_and_only_those_that_can_change_the_point_are_asked_for(client):
    """Side 1 gives its sevens and leaves espadas and bastos untold; side 2 (its sevens, 6 of oros, 6 of copas: 78)
    could be beaten only by side 1's 21 + 21 + 18 + 18: its untold suits are asked for, at its cards. Given a 4 and
    a figure they make 66, side 2 takes the point, and side 1's setenta is the most it could have made, unneeded
    no more: its four cards and their sum."""
    ana = {**SIDES_BY_TALLY[0]["tally"], "setenta_cards": ["7o", "7c"], "setenta_untold": ["e", "b"]}
    bea = {**SIDES_BY_TALLY[1]["tally"], "setenta_cards": ["6o", "6c", "7e", "7b"]}
    status, answer = post(client, by_tally([{"tally": ana, "escobas": 1}, {"tally": bea}], sevens="setenta"))
    assert status == 422
    assert [e["field"] for e in answer["errors"]] == ["sides[0].tally.setenta_cards"]
    assert answer["errors"][0]["message"].startswith("Side 1's best cards of swords and clubs can change who takes")
    ana |= {"setenta_cards": ["7o", "7c", "4e", "8b"], "setenta_untold": []}
    status, answer = post(client, by_tally([{"tally": ana, "escobas": 1}, {"tally": bea}], sevens="setenta"))
    assert status == 200, answer
    assert [side["setenta"]["sum"] for side in answer["sides"]] == [66, 78]
    assert [side["earned"]["sevens"] for side in answer["sides"]] == [0, 1]
    status, answer = post(client, by_tally([{"tally": {**ana, "setenta_untold": ["x"]}}, {"tally": bea}],
                                           sevens="setenta"))
    assert status == 422 and answer["errors"][0]["field"] == "sides[0].tally.setenta_untold"
