"""The OpenAPI document's examples: requests and the answers the API gives them (in English).

tests/web/test_openapi.py replays every request and compares the answer with the one shown here.
"""

from __future__ import annotations

from typing import Any

from .option_examples import with_every_option

SCORE_BY_CARDS: dict[str, Any] = {
    "ruleset": "escova-rs",
    "options": {"penalty": "forfeit"},
    "sides": [
        {
            "cards": [
                "10o",
                "5o",
                "9o",
                "6o",
                "8o",
                "7o",
                "10c",
                "5c",
                "9c",
                "6c",
                "8c",
                "7c",
                "4c",
                "4e",
                "4b",
                "3c",
            ],
            "escobas": 1,
        },
        {
            "cards": [
                "10e",
                "5e",
                "9e",
                "6e",
                "8e",
                "7e",
                "10b",
                "5b",
                "9b",
                "6b",
                "8b",
                "7b",
                "1c",
                "2c",
                "1e",
                "2e",
                "3e",
                "1b",
                "2b",
                "3b",
                "1o",
            ],
            "escobas": 0,
        },
    ],
    "leftover": ["2o", "3o", "4o"],
    "last_capture": 0,
}

SCORE_BY_CARDS_ANSWER: dict[str, Any] = {
    "valid": False,
    "leftover": {"sum": 9, "ok": False},
    "needs_pile_sums": False,
    "max_deck_points": 6,
    "sides": [
        {
            "erred": False,
            "points": 7,
            "counts": {"cards": 19, "oros": 9, "sevens": 2, "velo": True},
            "earned": {
                "cards": 0,
                "oros": 1,
                "sevens": 0,
                "velo": 1,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 1,
            },
            "pile_sum": 105,
            "fifteens": [
                ["10c", "5c"],
                ["10o", "5o"],
                ["9c", "6c"],
                ["9o", "6o"],
                ["8c", "7c"],
                ["8o", "7o"],
                ["4b", "4c", "4e", "3c"],
            ],
            "suspects": [],
        },
        {
            "erred": True,
            "points": 0,
            "counts": {"cards": 21, "oros": 1, "sevens": 2, "velo": False},
            "earned": {
                "cards": 1,
                "oros": 0,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 0,
            },
            "pile_sum": 106,
            "fifteens": [
                ["10b", "5b"],
                ["10e", "5e"],
                ["9b", "6b"],
                ["9e", "6e"],
                ["8b", "7b"],
                ["8e", "7e"],
                ["3b", "3e", "2b", "2c", "2e", "1b", "1c", "1e"],
            ],
            "suspects": ["1o"],
        },
    ],
    "messages": [
        "The leftover sums to 9, not 10, 25, 40 or 55: someone took cards that did not make 15.",
        "Side 1's pile sums to 105 and splits into 7 fifteens.",
        "Side 2's pile sums to 106, not a multiple of 15: it holds cards that did not make 15.",
        "Cards in Side 2's pile that fit in no fifteen: Ace of diamonds.",
        "Side 2 erred and scores 0 this hand.",
        "Side 1 takes all 6 deck points, and the escobas on top.",
    ],
}

SCORE_BY_TALLIES: dict[str, Any] = {
    "ruleset": "escova-rs",
    "sides": [
        {"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True, "pile_sum": 129}, "escobas": 2},
        {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False}, "escobas": 1},
    ],
    "leftover_sum": 24,
    "last_capture": 0,
}

SCORE_BY_TALLIES_ANSWER: dict[str, Any] = {
    "valid": False,
    "leftover": {"sum": 24, "ok": False},
    "needs_pile_sums": False,
    "max_deck_points": 6,
    "sides": [
        {
            "erred": False,
            "points": 8,
            "counts": {"cards": 24, "oros": 6, "sevens": 3, "velo": True},
            "earned": {
                "cards": 1,
                "oros": 1,
                "sevens": 1,
                "velo": 1,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 2,
            },
            "pile_sum": 105,
        },
        {
            "erred": True,
            "points": 0,
            "counts": {"cards": 16, "oros": 4, "sevens": 1, "velo": False},
            "earned": {
                "cards": 0,
                "oros": 0,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 1,
            },
            "pile_sum": 91,
        },
    ],
    "messages": [
        "The leftover sums to 24, not 10, 25, 40 or 55: someone took cards that did not make 15.",
        "Side 1's pile sums to 129; less the leftover (24) that is 105: 7 fifteens.",
        "Side 2's pile sum, 91, follows from the others: the deck adds up to 220.",
        "Side 2's pile sums to 91, not a multiple of 15: it holds cards that did not make 15.",
        "Side 2 erred and scores 0 this hand.",
        "Side 1 takes all 6 deck points, and the escobas on top.",
    ],
}

SCORE_QUICK: dict[str, Any] = {
    "ruleset": "escoba-es",
    "sides": [
        {"tally": {"cards": 14, "oros": 3, "sevens": 2, "velo": True}, "escobas": 1},
        {"tally": {"cards": 12, "oros": 4, "sevens": 1, "velo": False}, "escobas": 0},
        {"tally": "rest", "escobas": 2},
    ],
    "leftover": ["5c", "8b", "2e", "10o"],
    "last_capture": 1,
}

SCORE_QUICK_ANSWER: dict[str, Any] = {
    "valid": True,
    "leftover": {"sum": 25, "ok": True},
    "needs_pile_sums": False,
    "max_deck_points": 4,
    "sides": [
        {
            "erred": False,
            "points": 3,
            "counts": {"cards": 14, "oros": 3, "sevens": 2, "velo": True},
            "earned": {
                "cards": 0,
                "oros": 0,
                "sevens": 1,
                "velo": 1,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 1,
            },
            "pile_sum": None,
        },
        {
            "erred": False,
            "points": 1,
            "counts": {"cards": 12, "oros": 4, "sevens": 1, "velo": False},
            "earned": {
                "cards": 0,
                "oros": 1,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 0,
            },
            "pile_sum": None,
        },
        {
            "erred": False,
            "points": 2,
            "counts": {"cards": 14, "oros": 3, "sevens": 1, "velo": False},
            "earned": {
                "cards": 0,
                "oros": 0,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 2,
            },
            "pile_sum": None,
        },
    ],
    "messages": ["The leftover sums to 25: right (10, 25, 40 or 55)."],
}

SCORE_REFUSED: dict[str, Any] = {
    "ruleset": "escova-rs",
    "options": {"target": 0},
    "sides": [{"cards": ["11o"]}],
    "leftover": [],
    "last_capture": 0,
}

SCORE_REFUSED_ANSWER: dict[str, Any] = {
    "errors": [
        {"field": "options.target", "message": "must be from 1 to 100"},
        {"field": "sides[0].cards[0]", "message": "unknown card '11o'"},
    ]
}

CAPTURES: dict[str, Any] = {"card": "3c", "table": ["7o", "5e", "2b", "1o", "4c"]}

CAPTURES_ANSWER: dict[str, Any] = {
    "captures": [
        {"cards": ["7o", "5e"], "escoba": False},
        {"cards": ["7o", "4c", "1o"], "escoba": False},
        {"cards": ["5e", "4c", "2b", "1o"], "escoba": False},
    ]
}

CAPTURES_REFUSED: dict[str, Any] = {"card": "3c", "table": ["7o", "12o"]}

CAPTURES_REFUSED_ANSWER: dict[str, Any] = {"errors": [{"field": "table[1]", "message": "unknown card '12o'"}]}

# Recorded; an option added since is filled in from the rules core.
RULESETS_ANSWER: dict[str, Any] = with_every_option({
    "rulesets": [
        {
            "name": "escova-rs",
            "deck_style": "french",
            "max_deck_points": 6,
            "partnerships_first": True,
            "options": {
                "target": 15,
                "all_oros": 1,
                "all_sevens": 1,
                "over30": 0,
                "penalty": "forfeit",
                "deal_passes": "right",
                "sevens": "most",
                "ties": "nobody",
            },
        },
        {
            "name": "escoba-es",
            "deck_style": "spanish",
            "max_deck_points": 4,
            "partnerships_first": False,
            "options": {
                "target": 21,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "penalty": "forfeit",
                "deal_passes": "right",
                "sevens": "most",
                "ties": "nobody",
            },
        },
        {
            "name": "escoba-intl",
            "deck_style": "spanish",
            "max_deck_points": 6,
            "partnerships_first": False,
            "options": {
                "target": 21,
                "all_oros": 1,
                "all_sevens": 1,
                "over30": 0,
                "penalty": "forfeit",
                "deal_passes": "right",
                "sevens": "most",
                "ties": "nobody",
            },
        },
    ],
    "options": {
        "target": {"min": 1, "max": 100},
        "all_oros": {"min": 0, "max": 2},
        "all_sevens": {"min": 0, "max": 2},
        "over30": {"min": 0, "max": 2},
        "penalty": {"choices": ["forfeit", "void", "flag"]},
        "deal_passes": {"choices": ["right", "left"]},
        "sevens": {"choices": ["most", "setenta", "most_tiebreak"]},
        "ties": {"choices": ["nobody", "shared"]},
    },
    "sides": {"min": 2, "max": 4},
})

# The regional options (docs/rules.md, Regional options): answers gain a side's setenta or its tiebreak counts.
SCORE_SETENTA: dict[str, Any] = {
    "ruleset": "escoba-es",
    "options": {"sevens": "setenta"},
    "sides": [
        {
            "cards": ["5o", "6o", "7o", "8o", "9o", "10o", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "4e", "4b"],
            "escobas": 1,
        },
        {
            "cards": [
                "1c",
                "2c",
                "1e",
                "2e",
                "3e",
                "5e",
                "6e",
                "7e",
                "8e",
                "9e",
                "10e",
                "1b",
                "2b",
                "3b",
                "5b",
                "6b",
                "7b",
                "8b",
                "9b",
                "10b",
            ]
        },
    ],
    "leftover": ["1o", "2o", "3o", "4o"],
    "last_capture": 0,
}

SCORE_TIEBREAK: dict[str, Any] = {
    "ruleset": "escoba-es",
    "options": {"sevens": "most_tiebreak", "ties": "shared"},
    "sides": [
        {"tally": {"cards": 20, "oros": 6, "sevens": 2, "velo": True, "sixes": 3}, "escobas": 1},
        {"tally": {"cards": 20, "oros": 4, "sevens": 2, "velo": False, "sixes": 1}},
    ],
    "leftover_sum": 10,
    "last_capture": 0,
}

SCORE_TIEBREAK_REFUSED: dict[str, Any] = {
    **SCORE_TIEBREAK,
    "sides": [
        {"tally": {"cards": 20, "oros": 6, "sevens": 2, "velo": True}, "escobas": 1},
        {"tally": {"cards": 20, "oros": 4, "sevens": 2, "velo": False, "sixes": 1}},
    ],
}

SCORE_SETENTA_ANSWER: dict[str, Any] = {
    "valid": True,
    "leftover": {"sum": 10, "ok": True},
    "needs_pile_sums": False,
    "max_deck_points": 4,
    "sides": [
        {
            "erred": False,
            "points": 4,
            "counts": {"cards": 20, "oros": 10, "sevens": 2, "velo": True},
            "earned": {
                "cards": 0,
                "oros": 1,
                "sevens": 1,
                "velo": 1,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 1,
            },
            "pile_sum": 105,
            "setenta": {"sum": 70, "cards": ["7o", "7c", "4e", "4b"]},
            "fifteens": [
                ["10c", "5c"],
                ["10o", "5o"],
                ["9c", "6c"],
                ["9o", "6o"],
                ["8c", "7c"],
                ["8o", "7o"],
                ["4b", "4c", "4e", "3c"],
            ],
            "suspects": [],
        },
        {
            "erred": False,
            "points": 0,
            "counts": {"cards": 20, "oros": 0, "sevens": 2, "velo": False},
            "earned": {
                "cards": 0,
                "oros": 0,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 0,
            },
            "pile_sum": 105,
            "setenta": {"sum": None, "cards": ["1c", "7e", "7b"]},
            "fifteens": [
                ["10b", "5b"],
                ["10e", "5e"],
                ["9b", "6b"],
                ["9e", "6e"],
                ["8b", "7b"],
                ["8e", "7e"],
                ["3b", "3e", "2b", "2c", "2e", "1b", "1c", "1e"],
            ],
            "suspects": [],
        },
    ],
    "messages": [
        "The leftover sums to 10: right (10, 25, 40 or 55).",
        "Side 1's pile sums to 105 and splits into 7 fifteens.",
        "Side 2's pile sums to 105 and splits into 7 fifteens.",
    ],
}


SCORE_TIEBREAK_ANSWER: dict[str, Any] = {
    "valid": True,
    "leftover": {"sum": 10, "ok": True},
    "needs_pile_sums": False,
    "max_deck_points": 4,
    "sides": [
        {
            "erred": False,
            "points": 5,
            "counts": {"cards": 20, "oros": 6, "sevens": 2, "velo": True},
            "earned": {
                "cards": 1,
                "oros": 1,
                "sevens": 1,
                "velo": 1,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 1,
            },
            "pile_sum": None,
            "tiebreak": {"sixes": 3, "aces": None, "fives": None},
        },
        {
            "erred": False,
            "points": 1,
            "counts": {"cards": 20, "oros": 4, "sevens": 2, "velo": False},
            "earned": {
                "cards": 1,
                "oros": 0,
                "sevens": 0,
                "velo": 0,
                "all_oros": 0,
                "all_sevens": 0,
                "over30": 0,
                "escobas": 0,
            },
            "pile_sum": None,
            "tiebreak": {"sixes": 1, "aces": None, "fives": None},
        },
    ],
    "messages": ["The leftover sums to 10: right (10, 25, 40 or 55)."],
}


SCORE_TIEBREAK_REFUSED_ANSWER: dict[str, Any] = {
    "errors": [
        {
            "field": "sides[0].tally.sixes",
            "message": "Side 1's sixes are needed: the sevens are tied (2 each) and the most sixes break the tie",
        }
    ]
}
