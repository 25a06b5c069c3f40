"""The words of the review's regional sevens (referee/words/sevens_words.py): every way a tie in sevens ends, as one
sentence in each language, and nothing at all for a match playing most sevens."""

from __future__ import annotations

import pytest
from flask_babel import force_locale

from referee.rules import Counts, HandReport, SideReport
from referee.rules.scoring import Earned
from referee.rules.sevens import Tiebreak
from referee.words.sevens_words import sevens_review, tiebreak_words

NAMES = ("Ana", "Bea", "Caio")


@pytest.mark.parametrize(("lang", "told", "ties", "sentence"), [
    ("en", Tiebreak((("sevens", 2),), "sixes", (0,)), "nobody",
     "Sevens tied (2 each): Ana takes the sevens point with more sixes."),
    ("es", Tiebreak((("sevens", 1), ("sixes", 1), ("aces", 0)), "fives", (2,)), "nobody",
     "Empate en sietes (1 cada uno), seises (1 cada uno) y ases (0 cada uno): Caio se lleva el punto de los sietes "
     "por tener más cincos."),
    ("pt_BR", Tiebreak((("sevens", 2), ("sixes", 1), ("aces", 1), ("fives", 1)), None, (0, 1)), "nobody",
     "Empate nos setes, seis, ases e cincos: ninguém leva o ponto dos setes."),
    ("es", Tiebreak((("sevens", 2), ("sixes", 1), ("aces", 1), ("fives", 1)), None, (0, 1)), "shared",
     "Empate en sietes, seises, ases y cincos: Ana y Bea se llevan cada uno el punto de los sietes."),
], ids=["sixes", "fives", "tied to the end", "tied and shared"])
def test_each_end_of_a_tie_in_sevens_is_one_sentence(app, lang, told, ties, sentence):
    """The counts that tied with each leader's value, and who took the point by what, or nobody, or each."""
    with app.test_request_context(), force_locale(lang):
        assert tiebreak_words(told, ties, NAMES) == sentence


def report(*counts: Counts) -> HandReport:
    """A valid report holding these counts (a tally's: no piles split)."""
    return HandReport(10, tuple(SideReport(False, 0, c, Earned()) for c in counts), ())


@pytest.mark.parametrize(("sevens", "shown"), [("most", False), ("most_tiebreak", True), ("setenta", True)])
def test_only_a_regional_sevens_option_has_anything_to_show(app, sevens, shown):
    """Most sevens: None, the review as it was; the tiebreak and the setenta: their block."""
    tied = report(Counts(20, 10, 2, True, 2, 1, 1, setenta=70), Counts(20, 0, 2, False, 2, 3, 3))
    with app.test_request_context(), force_locale("en"):
        assert (sevens_review(tied, sevens, "nobody", NAMES[:2], "spanish") is not None) is shown


def test_sevens_not_tied_under_the_tiebreak_have_nothing_to_show(app):
    """Three sevens against one: no tie to explain."""
    untied = report(Counts(20, 10, 3, True), Counts(20, 0, 1, False))
    with app.test_request_context(), force_locale("en"):
        assert sevens_review(untied, "most_tiebreak", "nobody", NAMES[:2], "spanish") is None
