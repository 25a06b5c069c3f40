"""The versions page's words (views/confirmations.py): where two versions of a hand differ, and the referee's word on
each, in the reader's language and the match's deck."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import gettext as _

from ..models import Match
from ..rules.versions import Difference, Verdict
from ..words.deck_words import name_cards, words_for
from ..words.messages import finding_words


@dataclass(frozen=True)
class DifferenceLine:
    """One difference as a row: where (the side's name, or none for the hand's own), what, and what each version
    says there."""

    side: str
    what: str
    first: str
    second: str


def _labels(deck: str) -> dict[str, Callable[[], str]]:
    """Each category's name on the page, in the match's deck."""
    words = words_for(deck)
    return {
        "cards": lambda: _("Cards"), "oros": lambda: words.oros_label, "sevens": lambda: _("Sevens"),
        "velo": lambda: _("Velo (%(card)s)", card=words.velo), "escobas": lambda: _("Escobas"),
        "pile_sum": lambda: _("The pile's sum"), "setenta": lambda: _("Setenta"), "sixes": lambda: _("Sixes"),
        "aces": lambda: _("Aces"), "fives": lambda: _("Fives"), "pile": lambda: _("Cards only this version has"),
        "leftover": lambda: _("Cards left on the table"), "leftover_sum": lambda: _("Left on the table, summed"),
        "last_capture": lambda: _("Took the last cards"),
    }


def difference_words(difference: Difference, names: tuple[str, ...], deck: str) -> DifferenceLine:
    """A difference as its row: cards named in the deck, the velo as yes or no, the last capture by the side."""

    def value(said: object) -> str:
        if difference.category in ("pile", "leftover"):
            return name_cards(list(said), deck) if isinstance(said, tuple) and said else "–"
        if difference.category == "velo":
            return _("yes") if said else _("no")
        if difference.category == "last_capture" and isinstance(said, int) and 0 <= said < len(names):
            return names[said]
        return str(said)

    side = names[difference.side] if difference.side is not None and difference.side < len(names) else ""
    return DifferenceLine(side, _labels(deck)[difference.category](), value(difference.first),
                          value(difference.second))


def verdict_words(verdict: Verdict, names: tuple[str, ...], match: Match) -> list[str]:
    """The referee's word on a version: every check passed, or what it found (a side's error), or why it cannot be
    right at all."""
    if verdict.report is None:
        return [_("This version cannot be right: its counts do not make the deck's 40 cards.")]
    if verdict.report.valid:
        return [_("All checks passed")]
    return [finding_words(f, lambda i: names[i], deck=match.deck_style, partnerships=match.partnerships)
            for f in verdict.report.findings]
