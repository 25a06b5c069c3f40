"""messages.py: every problem and finding of realistic hands as a sentence with cards by name, never a code."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from flask_babel import force_locale
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import (
    DECK,
    CardEntry,
    DeckStyle,
    Finding,
    InvalidEntry,
    Problem,
    SidePile,
    TallyEntry,
    check_hand,
    make_ruleset,
)
from referee.rules.entries import SideTally
from referee.words.messages import FINDINGS, PROBLEMS, finding_words, problem_words

# The legal-hand simulator lives with the rules tests (it is a helper, not a test module).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from simulator import SEATINGS, play_hand

CODE = re.compile(r"\b\d{1,2}[ocebhdsp]\b")
LANGUAGES = ("en", "es", "pt_BR")
PRESETS = ("escova-rs", "escoba-es", "escoba-intl")


def spoiled(rng: random.Random, entry: CardEntry) -> CardEntry:
    """The entry as a scorekeeper might get it wrong: a card moved, dropped or written twice, escobas too many."""
    sides = [list(side.cards) for side in entry.sides]
    escobas = [side.escobas for side in entry.sides]
    leftover = list(entry.leftover)
    kind = rng.choice(["renuncio", "drop", "twice", "escobas", "swap"])
    donor = rng.choice([i for i, cards in enumerate(sides) if cards])
    if kind == "renuncio" and leftover:
        sides[rng.randrange(len(sides))].append(leftover.pop(rng.randrange(len(leftover))))
    elif kind == "drop":
        for _ in range(rng.randint(1, 20)):
            if sides[donor]:
                sides[donor].pop(rng.randrange(len(sides[donor])))
    elif kind == "twice":
        sides[(donor + 1) % len(sides)].append(rng.choice(sides[donor]))
    elif kind == "escobas":
        escobas[donor] += rng.randint(5, 15)
    else:
        sides[(donor + 1) % len(sides)].append(sides[donor].pop(rng.randrange(len(sides[donor]))))
    return CardEntry(entry.ruleset, tuple(SidePile(tuple(cards), n) for cards, n in zip(sides, escobas)),
                     tuple(leftover), entry.last_capture)


def spoiled_tally(rng: random.Random, entry: TallyEntry) -> TallyEntry:
    """A tally with one count off (oros, sevens, the velo or a pile sum)."""
    sides = list(entry.sides)
    i = rng.randrange(len(sides))
    side = sides[i]
    change = rng.choice(["oros", "sevens", "velo", "pile_sum", "none"])
    if change == "oros":
        side = SideTally(side.cards, side.oros + rng.choice([-1, 1]), side.sevens, side.velo, side.escobas,
                         side.pile_sum)
    elif change == "sevens":
        side = SideTally(side.cards, side.oros, max(0, side.sevens - 1), side.velo, side.escobas, side.pile_sum)
    elif change == "velo":
        side = SideTally(side.cards, side.oros, side.sevens, not side.velo, side.escobas, side.pile_sum)
    elif change == "pile_sum":
        side = SideTally(side.cards, side.oros, side.sevens, side.velo, side.escobas,
                         None if rng.random() < 0.5 else (side.pile_sum or 0) + rng.randint(1, 14))
    sides[i] = side
    return TallyEntry(entry.ruleset, tuple(sides), entry.leftover_sum, entry.last_capture)


def sentences(entry: CardEntry | TallyEntry, deck: DeckStyle, partnerships: bool) -> list[str]:
    """Every sentence the referee says of an entry: its problems, or its findings."""
    names = ["Ana & Carla", "Bea & Dani"] if partnerships else ["Ana", "Bea", "Cid", "Dora"]
    try:
        report = check_hand(entry)
    except InvalidEntry as error:
        return [problem_words(p, lambda i: names[i], deck=deck, partnerships=partnerships) for p in error.problems]
    return [finding_words(f, lambda i: names[i], deck=deck, partnerships=partnerships) for f in report.findings]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), seating=st.sampled_from(SEATINGS), preset=st.sampled_from(PRESETS),
       deck=st.sampled_from(list(DeckStyle)), lang=st.sampled_from(LANGUAGES))
def test_no_sentence_of_a_realistic_hand_holds_a_card_code(app, seed, seating, preset, deck, lang):
    """Right, wrong and mistyped hands, by cards and by counts: cards by name ('4 of diamonds'), never '4o'."""
    rng = random.Random(seed)
    hand = play_hand(rng, seating, miss_rate=0.2)
    if hand.last_capture is None:
        return
    ruleset = make_ruleset(preset)
    entries = [hand.card_entry(ruleset), spoiled(rng, hand.card_entry(ruleset)),
               hand.tally_entry(ruleset, pile_sums=rng.random() < 0.5), spoiled_tally(rng, hand.tally_entry(ruleset))]
    with app.test_request_context(), force_locale(lang):
        said = [text for entry in entries for text in sentences(entry, deck, seating.partnerships)]
    assert said
    for text in said:
        assert not CODE.search(text), text
        assert "%(" not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_words_with_cards_named(app, lang):
    """Each problem and finding with made-up values: every card parameter becomes a name."""
    values = {"side": 1, "sum": 25, "fifteens": 2, "whole": 40, "leftover": 15, "points": 6, "count": 5,
              "most": 3, "min": 0, "max": 10, "value": 11, "total": 3, "expected": 4, "escobas": 4, "oros": 3,
              "sevens": 2, "cards": ("1o", "8c", "10b"), "card": "7o", "name": "x", "known": "escova-rs",
              "choices": "a, b", "sides": 2, "pile_sum": 30, "least": 4, "seat": 0, "number": 2,
              "owner": 0, "chosen": 1, "suits": ["c", "b"]}
    with app.test_request_context(), force_locale(lang):
        # 'not_card_code' tells an API client how to write a card: a code is its subject.
        for code in set(PROBLEMS) - {"not_card_code"}:
            text = problem_words(_problem(code, values), deck=DeckStyle.FRENCH)
            assert not CODE.search(text) and "%(" not in text, (code, text)
        for code in FINDINGS:
            text = finding_words(_finding(code, values), deck=DeckStyle.FRENCH)
            assert not CODE.search(text) and "%(" not in text, (code, text)
        named = problem_words(_problem("missing_cards", {"cards": ("1o", "8c", "10b")}), deck=DeckStyle.FRENCH)
    assert {"en": "Ace of diamonds, Queen of hearts, and King of clubs",
            "es": "As de diamantes, Reina de corazones y Rey de tréboles",
            "pt_BR": "Ás de ouros, Dama de copas e Rei de paus"}[lang] in named


@pytest.mark.parametrize(("lang", "listed"), [
    ("en", "Ace, 2, 3, 4, 5, 6, 7, Knave, Knight, and King of coins; Ace and 2 of cups; and 28 more cards"),
    ("es", "As, 2, 3, 4, 5, 6, 7, Sota, Caballo y Rey de oros; As y 2 de copas; y 28 cartas más"),
    ("pt_BR", "Ás, 2, 3, 4, 5, 6, 7, Sota, Cavalo e Rei de ouros; Ás e 2 de copas; e mais 28 cartas"),
])
def test_a_long_list_names_twelve_cards_by_suit_and_counts_the_rest(app, lang, listed):
    """All forty missing: twelve cards, each suit's run sharing the suit's name, then the rest counted."""
    with app.test_request_context(), force_locale(lang):
        text = problem_words(_problem("missing_cards", {"cards": tuple(str(c) for c in DECK)}))
    assert listed in text


@pytest.mark.parametrize(("codes", "listed"), [
    (("10o", "10c", "10e"), "King of coins, King of cups, and King of swords"),
    (("1o", "3o", "4o"), "Ace, 3, and 4 of coins"),
    (("1o", "3o", "8c"), "Ace and 3 of coins; Knave of cups"),
    (("7o",), "7 of coins"),
])
def test_cards_of_one_suit_share_its_name(app, codes, listed):
    """'Ace, 3, and 4 of coins' for a run of one suit; a plain list when no two cards share a suit."""
    with app.test_request_context(), force_locale("en"):
        text = finding_words(_finding("suspects", {"side": 0, "cards": codes}))
    assert text == f"Cards in Side 1's pile that fit in no fifteen: {listed}."


def test_a_client_text_that_is_no_card_is_quoted_as_typed(app):
    """An unknown card stays the client's text: '11o' is not a card to name."""
    with app.test_request_context(), force_locale("en"):
        assert problem_words(_problem("unknown_card", {"card": "11o"})) == "unknown card '11o'"


def _problem(code: str, params: dict[str, object]) -> Problem:
    """A problem at no particular place."""
    return Problem((), code, params)


def _finding(code: str, params: dict[str, object]) -> Finding:
    """A finding with these values."""
    return Finding(code, params)
