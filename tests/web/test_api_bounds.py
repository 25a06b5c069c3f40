"""Lists, options and values a client sent: bounded before any work, quoted short, a small 422 whatever comes."""

from __future__ import annotations

import json
from copy import deepcopy
from typing import Any

import pytest
from api_bodies import ELLIPSIS, KB, LIMIT, error_list, post

# --- options --------------------------------------------------------------------------------------------------------


def test_an_option_named_preset_is_an_unknown_option(client, hand):
    """The issue's TypeError: make_ruleset's own argument name is not an option."""
    hand["options"] = {"preset": 1}
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "options.preset", "message": "unknown option"}]


def test_a_null_ruleset_is_not_a_ruleset_name(client, hand):
    """"ruleset": null reached an assertion once."""
    hand["ruleset"] = None
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "ruleset", "message": "expected a ruleset name such as 'escova-rs'"}]


def test_thousands_of_unknown_options_give_a_bounded_answer(client, hand):
    """Every unknown option is a problem, but the answer lists at most 40."""
    hand["options"] = {f"o{i}": i for i in range(4000)}
    response = post(client, "/api/v1/score", json.dumps(hand))
    assert len(error_list(response, 422)) == 40
    assert len(response.data) < 4 * KB


# --- lists ----------------------------------------------------------------------------------------------------------


def test_a_table_of_thousands_of_cards_is_refused_in_one_short_error(client):
    """The issue's table of copies of 2o, as large as the limit allows: one error, no card read."""
    response = post(client, "/api/v1/captures", json.dumps({"card": "3c", "table": ["2o"] * 10_000}))
    assert error_list(response, 422) == [{"field": "table", "message": "at most 40 cards, not 10000"}]


@pytest.mark.parametrize("path", ["sides.0.cards", "sides.1.cards", "leftover"])
def test_a_pile_or_leftover_of_more_than_40_cards_is_refused_in_one_error(client, hand, path):
    """No pile or leftover holds more than the deck's 40 cards, whatever they are."""
    *parents, last = path.split(".")
    target: Any = hand
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = ["nope"] * 5000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    field = path.replace(".0", "[0]").replace(".1", "[1]")
    assert found == [{"field": field, "message": "at most 40 cards, not 5000"}]


def test_forty_one_cards_are_too_many_and_forty_are_read(client, hand):
    """The bound is the deck: 41 is refused, 40 is read (and its duplicates named)."""
    hand["leftover"] = ["1o"] * 41
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "leftover", "message": "at most 40 cards, not 41"}]
    hand["leftover"] = ["1o"] * 40
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert {"field": "leftover[39]", "message": "Ace of diamonds is entered twice"} in found


def test_thousands_of_sides_are_refused_without_reading_them(client, hand):
    """A hand has 2 to 4 sides: 1 500 sides of junk are one error, not 3 000."""
    hand["sides"] = [{"cards": "junk", "colour": 1}] * 1500
    response = post(client, "/api/v1/score", json.dumps(hand))
    assert error_list(response, 422) == [{"field": "sides", "message": "a hand has 2 to 4 sides, not 1500"}]


def test_a_body_of_the_worst_shape_gets_a_small_answer(client, hand):
    """The issue's 11 MB answer: as many bad cards as fit in the limit still give a few KB."""
    hand["sides"] = [{"cards": ["x" * 300] * 40, "escobas": 0}] * 4
    hand["leftover"] = ["y" * 300] * 40
    raw = json.dumps(hand)
    assert len(raw) < LIMIT
    response = post(client, "/api/v1/score", raw)
    assert len(error_list(response, 422)) == 40
    assert len(response.data) < 4 * KB


# --- values quoted short --------------------------------------------------------------------------------------------


def test_a_long_ruleset_name_is_quoted_by_a_short_prefix(client, hand):
    """An unknown ruleset name is quoted by its first 20 characters and an ellipsis."""
    hand["ruleset"] = "tute" * 10_000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert found == [{"field": "ruleset", "message": f"unknown ruleset '{('tute' * 5)}{ELLIPSIS}'; "
                                                     "known rulesets: escova-rs, escoba-es, escoba-intl"}]


def test_a_short_ruleset_name_is_quoted_whole(client, hand):
    """Twenty characters fit without an ellipsis."""
    hand["ruleset"] = "t" * 20
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)[0]["message"].startswith(
        f"unknown ruleset '{'t' * 20}';")


def test_a_long_unknown_field_name_is_quoted_by_a_short_prefix(client, hand):
    """A key of 30 000 characters names its field by a short prefix too."""
    body = deepcopy(hand)
    body["k" * 30_000] = 1
    body["sides"][0]["é" * 12_000] = 1
    found = error_list(post(client, "/api/v1/score", json.dumps(body, ensure_ascii=False)), 422)
    assert found == [{"field": "k" * 20 + ELLIPSIS, "message": "unknown field"},
                     {"field": "sides[0]." + "é" * 20 + ELLIPSIS, "message": "unknown field"}]


def test_a_long_option_name_is_quoted_by_a_short_prefix(client, hand):
    """An unknown option of 30 000 characters is named by its first 20."""
    hand["options"] = {"o" * 30_000: 1}
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "options." + "o" * 20 + ELLIPSIS, "message": "unknown option"}]


def test_a_long_card_code_is_quoted_by_a_short_prefix(client, hand):
    """An unknown card is quoted by its first 20 characters."""
    hand["sides"][0]["cards"][0] = "7o" * 20_000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert {"field": "sides[0].cards[0]", "message": f"unknown card '{'7o' * 10}{ELLIPSIS}'"} in found


@pytest.mark.parametrize("path", ["sides.0.escobas", "sides.0.tally.cards", "leftover_sum"])
def test_a_huge_number_is_quoted_by_a_short_prefix(client, path):
    """A 4 000-digit number in a count or the escobas is quoted by its first 20 digits."""
    body: dict[str, Any] = {
        "ruleset": "escoba-intl",
        "sides": [{"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True}, "escobas": 0},
                  {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False}, "escobas": 0}],
        "leftover_sum": 10, "last_capture": 0}
    *parents, last = path.split(".")
    target: Any = body
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = int("9" * 4000)
    response = post(client, "/api/v1/score", json.dumps(body))
    message = error_list(response, 422)[0]["message"]
    assert "9" * 20 + ELLIPSIS in message and "9" * 21 not in message
    assert len(response.data) < 1 * KB
