"""Every way a request can break the rules of entry gets 400/422 naming the field, in two languages."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import pytest
from flask.testing import FlaskClient


def errors(client: FlaskClient, url: str, body: Any, status: int = 422, lang: str = "en") -> list[dict[str, str]]:
    """Post, assert the status, return the errors list."""
    response = client.post(url, json=body, headers={"Accept-Language": lang})
    assert response.status_code == status, response.get_json()
    return response.get_json()["errors"]


def changed(hand: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of the hand with one value replaced (path like 'sides.1.escobas'); None deletes it."""
    body = deepcopy(hand)
    *parents, last = path.split(".")
    target: Any = body
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    key: Any = int(last) if last.isdigit() else last
    if value is None:
        del target[key]
    else:
        target[key] = value
    return body


CASES = [
    # (change, field, English message, Spanish message)
    (("sides.1.cards.3", "11o"), "sides[1].cards[3]", "unknown card '11o'", "carta desconocida '11o'"),
    (("sides.0.cards.0", "7O"), "sides[0].cards[0]", "unknown card '7O'", "carta desconocida '7O'"),
    (("sides.0.cards.0", "07o"), "sides[0].cards[0]", "unknown card '07o'", "carta desconocida '07o'"),
    (("sides.0.cards.0", 7), "sides[0].cards[0]", "expected a card code such as '7o'",
     "se esperaba un código de carta como '7o'"),
    (("sides.0.escobas", True), "sides[0].escobas", "expected a whole number", "se esperaba un número entero"),
    (("sides.0.escobas", 1.5), "sides[0].escobas", "expected a whole number", "se esperaba un número entero"),
    (("sides.0.escobas", "2"), "sides[0].escobas", "expected a whole number", "se esperaba un número entero"),
    (("sides.0.escobas", -1), "sides[0].escobas", "escobas cannot be negative", "las escobas no pueden ser negativas"),
    (("sides.1.escobas", 8), "sides[1].escobas", "8 escobas are more than this pile can hold (at most 7)",
     "8 escobas son más de las que caben en este montón (como mucho 7)"),
    (("ruleset", "tute"), "ruleset", "unknown ruleset 'tute'; known rulesets: escova-rs, escoba-es, escoba-intl",
     "reglamento desconocido 'tute'; reglamentos conocidos: escova-rs, escoba-es, escoba-intl"),
    (("ruleset", None), "ruleset", "this field is required", "este campo es obligatorio"),
    (("options", {"penalty": "death"}), "options.penalty", "must be one of: forfeit, void, flag",
     "debe ser uno de: forfeit, void, flag"),
    (("options", {"target": 0}), "options.target", "must be from 1 to 100", "debe estar entre 1 y 100"),
    (("options", {"target": 101}), "options.target", "must be from 1 to 100", "debe estar entre 1 y 100"),
    (("options", {"target": "21"}), "options.target", "expected a whole number", "se esperaba un número entero"),
    (("options", {"over30": 3}), "options.over30", "must be from 0 to 2", "debe estar entre 0 y 2"),
    (("options", {"all_sevens": True}), "options.all_sevens", "expected a whole number",
     "se esperaba un número entero"),
    (("options", {"deal_passes": "up"}), "options.deal_passes", "must be one of: right, left",
     "debe ser uno de: right, left"),
    (("options", {"jokers": 1}), "options.jokers", "unknown option", "opción desconocida"),
    (("last_capture", 2), "last_capture", "must be a side number from 0 to 1", "debe ser un número de lado de 0 a 1"),
    (("last_capture", -1), "last_capture", "must be a side number from 0 to 1", "debe ser un número de lado de 0 a 1"),
    (("last_capture", True), "last_capture", "expected a whole number", "se esperaba un número entero"),
    (("last_capture", None), "last_capture", "this field is required", "este campo es obligatorio"),
    (("leftover", "1o 2o"), "leftover", "expected a list", "se esperaba una lista"),
    (("sides", []), "sides", "a hand has 2 to 4 sides, not 0", "una mano tiene de 2 a 4 lados, no 0"),
    (("sides.0.colour", "red"), "sides[0].colour", "unknown field", "campo desconocido"),
]


@pytest.mark.parametrize(("change", "field", "english", "spanish"), CASES,
                         ids=[c[1] + "=" + repr(c[0][1]) for c in CASES])
def test_a_bad_entry_gets_422_naming_the_field_in_the_readers_language(client, hand, change, field, english, spanish):
    """Each rule of entry, in English and in Spanish."""
    body = changed(hand, *change)
    assert {"field": field, "message": english} in errors(client, "/api/v1/score", body)
    assert {"field": field, "message": spanish} in errors(client, "/api/v1/score", body, lang="es")


def test_a_duplicated_card_is_named_where_it_appears_the_second_time(client, hand):
    """3c is in side 1's pile; writing it into side 2's pile too names sides[1].cards[0] and 1e goes missing."""
    body = changed(hand, "sides.1.cards.12", "3c")  # 1c was there
    found = errors(client, "/api/v1/score", body)
    assert {"field": "sides[1].cards[12]", "message": "3 of hearts is entered twice"} in found
    assert {"field": "sides", "message": "not placed yet: Ace of hearts (each of the 40 cards must be in a pile "
                                         "or left on the table)"} in found
    pt = errors(client, "/api/v1/score", body, lang="pt-BR")
    assert {"field": "sides[1].cards[12]", "message": "3 de copas aparece duas vezes"} in pt


def test_five_sides_are_too_many(client, hand):
    """A hand has at most four sides."""
    body = deepcopy(hand)
    body["sides"] += [{"cards": []}] * 3
    assert errors(client, "/api/v1/score", body) == [{"field": "sides", "message": "a hand has 2 to 4 sides, not 5"}]


def test_the_last_capture_side_must_have_taken_cards(client, hand):
    """Side 2 cannot make the last capture with an empty pile."""
    body = deepcopy(hand)
    body["sides"][1]["cards"], body["leftover"] = [], body["leftover"] + body["sides"][1]["cards"]
    body["sides"][1]["escobas"] = 0
    body["last_capture"] = 1
    found = errors(client, "/api/v1/score", body, lang="es")
    assert found == [{"field": "last_capture",
                      "message": "la última baza no puede ser de Lado 2: ese montón está vacío"}]


def test_a_side_with_both_cards_and_a_tally_is_refused(client, hand):
    """A side gives one or the other."""
    body = changed(hand, "sides.0.tally", {"cards": 1, "oros": 0, "sevens": 0})
    assert errors(client, "/api/v1/score", body)[0]["field"] == "sides[0]"


def test_mixing_card_and_tally_sides_is_refused(client, hand):
    """All sides the same way."""
    body = changed(hand, "sides.1", {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}})
    assert {"field": "sides", "message": "all sides must be entered the same way: all with cards or all with tallies"} \
        in errors(client, "/api/v1/score", body)


@pytest.mark.parametrize("raw", ["{bad json", "", "[1, 2", "\x00"])
def test_malformed_json_gets_400_in_the_same_shape(client, raw):
    """Not JSON at all: 400, with the errors list."""
    for lang, message in (("en", "the request body is not valid JSON"),
                          ("pt-BR", "o corpo da requisição não é JSON válido")):
        response = client.post("/api/v1/score", data=raw, content_type="application/json",
                               headers={"Accept-Language": lang})
        assert response.status_code == 400
        assert response.get_json() == {"errors": [{"field": "body", "message": message}]}


def test_a_json_body_that_is_not_an_object_gets_422(client):
    """A list where an object belongs."""
    assert errors(client, "/api/v1/score", [1, 2]) == [{"field": "", "message": "expected a JSON object"}]


TALLY = {
    "ruleset": "escoba-intl",
    "sides": [
        {"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True}, "escobas": 2},
        {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False}, "escobas": 0},
    ],
    "leftover_sum": 10,
    "last_capture": 0,
}

TALLY_CASES = [
    (("sides.0.tally.cards", 25), "sides", "the sides hold 41 cards together; the deck has 40",
     "los lados tienen 41 cartas entre todos; la baraja tiene 40"),
    (("sides.0.tally.oros", 7), "sides", "the sides hold 11 coins together; the deck has 10",
     "los lados tienen 11 oros entre todos; la baraja tiene 10"),
    (("sides.1.tally.sevens", 0), "sides", "the sides hold 3 sevens together; the deck has 4",
     "los lados tienen 3 sietes entre todos; la baraja tiene 4"),
    (("sides.1.tally.velo", True), "sides", "exactly one side holds the velo (7 of coins), not 2",
     "exactamente un lado tiene el velo (7 de oros), no 2"),
    (("sides.1.tally.oros", 11), "sides[1].tally.oros", "must be from 0 to 10, not 11",
     "debe estar entre 0 y 10, no 11"),
    (("sides.1.tally.cards", -1), "sides[1].tally.cards", "must be from 0 to 40, not -1",
     "debe estar entre 0 y 40, no -1"),
    (("sides.1.tally.velo", 1), "sides[1].tally.velo", "expected true or false", "se esperaba true o false"),
    (("sides.1.tally.sevens", None), "sides[1].tally.sevens", "this field is required", "este campo es obligatorio"),
    (("sides.0.tally.pile_sum", 300), "sides[0].tally.pile_sum", "must be from 84 to 180, not 300",
     "debe estar entre 84 y 180, no 300"),
    (("leftover_sum", 221), "leftover_sum", "must be from 0 to 220, not 221", "debe estar entre 0 y 220, no 221"),
    (("leftover_sum", None), "leftover_sum", "this field is required", "este campo es obligatorio"),
    (("sides.1.escobas", 9), "sides[1].escobas", "9 escobas are more than this pile can hold (at most 8)",
     "9 escobas son más de las que caben en este montón (como mucho 8)"),
]


@pytest.mark.parametrize(("change", "field", "english", "spanish"), TALLY_CASES,
                         ids=[c[1] + "=" + repr(c[0][1]) for c in TALLY_CASES])
def test_a_bad_tally_gets_422_naming_the_field(client, change, field, english, spanish):
    """Each tally check, in English and in Spanish."""
    body = changed(TALLY, *change)
    assert {"field": field, "message": english} in errors(client, "/api/v1/score", body)
    assert {"field": field, "message": spanish} in errors(client, "/api/v1/score", body, lang="es")


def test_a_velo_without_an_oro_is_impossible(client):
    """The velo is an oro: a side holding it has at least one."""
    body = changed(changed(changed(TALLY, "sides.0.tally.velo", False), "sides.1.tally.velo", True),
                   "sides.1.tally.oros", 0)
    body = changed(body, "sides.0.tally.oros", 10)
    assert {"field": "sides[1].tally.velo",
            "message": "the velo (7 of coins) counts among the coins and among the sevens: "
                       "a side with the velo has at least one of each"} \
        in errors(client, "/api/v1/score", body)


def test_pile_sums_that_do_not_total_220_are_refused(client):
    """Both sums given: they must add up to the deck."""
    body = changed(changed(TALLY, "sides.0.tally.pile_sum", 130), "sides.1.tally.pile_sum", 80)
    assert errors(client, "/api/v1/score", body) == [
        {"field": "sides", "message": "the pile sums add up to 210; the whole deck adds up to 220"}]


CAPTURE_CASES = [
    ({"card": "3c", "table": ["7o", "12o"]}, "table[1]", "unknown card '12o'", "carta desconocida '12o'"),
    ({"card": "3c", "table": ["7o", "7o"]}, "table[1]", "7 of coins is entered twice",
     "7 de oros aparece dos veces"),
    ({"card": "7o", "table": ["7o", "1c"]}, "card", "the played card (7 of coins) cannot also be on the table",
     "la carta jugada (7 de oros) no puede estar también en la mesa"),
    ({"table": ["7o"]}, "card", "this field is required", "este campo es obligatorio"),
    ({"card": "3c", "table": "7o"}, "table", "expected a list", "se esperaba una lista"),
]


@pytest.mark.parametrize(("body", "field", "english", "spanish"), CAPTURE_CASES)
def test_a_bad_captures_request_gets_422_naming_the_field(client, body, field, english, spanish):
    """Captures requests are checked like hands."""
    assert {"field": field, "message": english} in errors(client, "/api/v1/captures", body)
    assert {"field": field, "message": spanish} in errors(client, "/api/v1/captures", body, lang="es")
