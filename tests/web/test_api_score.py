"""POST /api/v1/score: a correct hand, a renuncio, tallies and the answer's shape."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


def score(client: FlaskClient, body: Any, lang: str = "en") -> Any:
    """Post a score request and return the JSON answer, asserting 200."""
    response = client.post("/api/v1/score", json=body, headers={"Accept-Language": lang})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_correct_hand_is_valid_and_scored_with_ties_scoring_nothing(client, hand):
    """Cards and sevens are tied 20–20 and 2–2, so only oros, velo, all oros and the escoba count."""
    answer = score(client, hand)
    assert answer["valid"] is True
    assert answer["leftover"] == {"sum": 10, "ok": True}
    a, b = answer["sides"]
    assert a["counts"] == {"cards": 20, "oros": 10, "sevens": 2, "velo": True}
    assert a["earned"] == {"cards": 0, "oros": 1, "sevens": 0, "velo": 1, "all_oros": 1,
                           "all_sevens": 0, "over30": 0, "escobas": 1}
    assert (a["points"], b["points"]) == (4, 0)
    assert a["erred"] is False and b["erred"] is False
    assert a["suspects"] == [] and b["suspects"] == []
    assert all(sum(int(c[:-1]) for c in group) == 15 for group in a["fifteens"] + b["fifteens"])
    assert answer["messages"][0] == "The leftover sums to 10: right (10, 25, 40 or 55)."


def test_options_change_the_points(client, hand):
    """With all_oros worth 0 the same hand gives side 1 one point less."""
    hand["options"] = {"all_oros": 0}
    assert score(client, hand)["sides"][0]["points"] == 3


def test_a_pile_that_took_cards_not_making_15_erred_and_forfeits(client, hand):
    """Moving 1o from the leftover into side 2's pile: leftover 9, side 2's pile 106."""
    hand["leftover"].remove("1o")
    hand["sides"][1]["cards"].append("1o")
    answer = score(client, hand)
    assert answer["valid"] is False
    assert answer["leftover"] == {"sum": 9, "ok": False}
    a, b = answer["sides"]
    assert (a["erred"], b["erred"]) == (False, True)
    assert b["suspects"] == ["1o"]
    assert a["points"] == 6 + 1  # escova-rs: six deck points plus its escoba
    assert b["points"] == 0
    assert "Side 2's pile sums to 106, not a multiple of 15: it holds cards that did not make 15." in answer["messages"]


def test_the_void_penalty_leaves_the_clean_side_what_it_earned(client, hand):
    """void: the erring side scores 0, the clean one only what it earned."""
    hand["leftover"].remove("1o")
    hand["sides"][1]["cards"].append("1o")
    hand["options"] = {"penalty": "void"}
    a, b = score(client, hand)["sides"]
    assert a["points"] == sum(a["earned"].values()) == 3  # oros (9 to 1), velo, one escoba
    assert b["points"] == 0


def test_the_flag_penalty_counts_points_as_entered(client, hand):
    """flag: the error is shown but nobody loses points."""
    hand["leftover"].remove("1o")
    hand["sides"][1]["cards"].append("1o")
    hand["options"] = {"penalty": "flag"}
    answer = score(client, hand)
    assert answer["valid"] is False
    assert [s["points"] for s in answer["sides"]] == [sum(s["earned"].values()) for s in answer["sides"]]


def tally_hand() -> dict[str, Any]:
    """RULES.md §6's second example as a tally: leftover 24, A 105 (+24), B 91."""
    return {
        "ruleset": "escova-rs",
        "sides": [
            {"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True, "pile_sum": 129}, "escobas": 2},
            {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False, "pile_sum": 91}, "escobas": 1},
        ],
        "leftover_sum": 24,
        "last_capture": 0,
    }


def test_a_tally_names_the_side_whose_pile_sum_is_not_a_multiple_of_15(client):
    """RULES.md §6: B erred, B scores 0, A scores 6 + its escobas."""
    answer = score(client, tally_hand())
    a, b = answer["sides"]
    assert (a["erred"], b["erred"]) == (False, True)
    assert (a["points"], b["points"]) == (8, 0)
    assert "fifteens" not in a  # splits come only with card entry
    assert "Side 1's pile sums to 129; less the leftover (24) that is 105: 7 fifteens." in answer["messages"]
    assert "Side 2's pile sums to 91, not a multiple of 15: it holds cards that did not make 15." in answer["messages"]


def test_a_tally_without_pile_sums_asks_for_them_when_the_leftover_is_wrong(client):
    """No pile sums: nobody can be named, so no points are given."""
    body = tally_hand()
    for side in body["sides"]:
        del side["tally"]["pile_sum"]
    answer = score(client, body)
    assert answer["needs_pile_sums"] is True
    assert [s["points"] for s in answer["sides"]] == [None, None]
    assert [s["erred"] for s in answer["sides"]] == [None, None]
    assert any("add up your pile" in m for m in answer["messages"])


def test_a_lone_missing_pile_sum_is_worked_out_from_the_deck_total(client):
    """Only A's sum given (129): B's is 220 − 129 = 91, so B erred."""
    body = tally_hand()
    del body["sides"][1]["tally"]["pile_sum"]
    answer = score(client, body)
    assert answer["sides"][1]["erred"] is True
    assert answer["sides"][1]["pile_sum"] == 91
    assert any("follows from the others" in m for m in answer["messages"])


def test_messages_follow_accept_language(client, hand):
    """The same renuncio in Spanish and in Brazilian Portuguese."""
    hand["leftover"].remove("1o")
    hand["sides"][1]["cards"].append("1o")
    es = score(client, hand, "es")["messages"]
    pt = score(client, hand, "pt-BR")["messages"]
    assert "El montón de Lado 2 suma 106, que no es múltiplo de 15: tiene cartas que no sumaban 15." in es
    assert "O monte de Lado 2 soma 106, que não é múltiplo de 15: tem cartas que não somavam 15." in pt


def renuncio(hand: dict[str, Any]) -> dict[str, Any]:
    """The correct hand with 1o moved from the leftover into side 2's pile."""
    hand["leftover"].remove("1o")
    hand["sides"][1]["cards"].append("1o")
    return hand


def test_the_messages_name_cards_by_the_rulesets_deck_and_keep_codes_in_the_fields(client, hand):
    """escova-rs plays a French deck: 'Ace of diamonds' in words, '1o' in suspects."""
    answer = score(client, renuncio(hand))
    assert "Cards in Side 2's pile that fit in no fifteen: Ace of diamonds." in answer["messages"]
    assert answer["sides"][1]["suspects"] == ["1o"]
    assert "Side 2 erred and scores 0 this hand." in answer["messages"]
    assert "Side 1 takes all 6 deck points, and the escobas on top." in answer["messages"]


@pytest.mark.parametrize(("ruleset", "deck", "lang", "words"), [
    ("escoba-es", None, "en", "Cards in Side 2's pile that fit in no fifteen: Ace of coins."),
    ("escoba-es", None, "es", "Cartas del montón de Lado 2 que no entran en ningún quince: As de oros."),
    ("escova-rs", "spanish", "pt-BR", "Cartas do monte de Lado 2 que não entram em nenhum quinze: Ás de ouros."),
    ("escoba-es", "french", "es", "Cartas del montón de Lado 2 que no entran en ningún quince: As de diamantes."),
])
def test_a_deck_style_names_the_cards_as_that_deck_does(client, hand, ruleset, deck, lang, words):
    """A Spanish-deck ruleset names coins / oros; 'deck_style' names them as the deck on the table."""
    body = renuncio(hand) | {"ruleset": ruleset} | ({"deck_style": deck} if deck else {})
    assert words in score(client, body, lang)["messages"]


def test_an_unknown_deck_style_is_refused_naming_the_choices(client, hand):
    """422 on deck_style, nothing scored."""
    response = client.post("/api/v1/score", json=hand | {"deck_style": "tarot"})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"field": "deck_style", "message": "must be one of: spanish, french, french-jq"}]


def test_a_captures_error_names_the_card_in_the_deck_asked_for(client):
    """The played card also on the table, named as a French deck names it."""
    response = client.post("/api/v1/captures", json={"card": "8c", "table": ["8c", "7o"], "deck_style": "french"},
                           headers={"Accept-Language": "pt-BR"})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"field": "card", "message": "a carta jogada (Dama de copas) não pode estar também na mesa"}]
