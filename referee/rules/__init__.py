"""The rules core: Escoba / Escova as RULES.md states them, with the standard library only.

Nothing here imports Flask, SQLAlchemy or WTForms; the web layer calls in.
"""

from .cards import DECK, Card, Suit, UnknownCard
from .entries import CardEntry, HandEntry, SidePile, SideTally, TallyEntry
from .fifteens import Capture, PileSplit, find_captures, split_pile
from .hand import check_hand
from .match import (
    Draw,
    Standing,
    draw_at_random,
    draw_for_dealer,
    drawing_next,
    first_player,
    next_dealer,
    standing,
    totals,
)
from .names import DeckStyle
from .problems import InvalidEntry, Problem
from .quick import Rest, complete_tallies
from .report import Finding, HandReport, SideReport
from .rulesets import (
    OPTIONS,
    PRESETS,
    DealPasses,
    InvalidOption,
    Penalty,
    Ruleset,
    Sevens,
    Ties,
    UnknownRuleset,
    make_ruleset,
    stored_ruleset,
)
from .scoring import Counts, Earned

__all__ = [
    "DECK",
    "OPTIONS",
    "PRESETS",
    "Capture",
    "Card",
    "CardEntry",
    "Counts",
    "DealPasses",
    "DeckStyle",
    "Draw",
    "Earned",
    "Finding",
    "HandEntry",
    "HandReport",
    "InvalidEntry",
    "InvalidOption",
    "Penalty",
    "PileSplit",
    "Problem",
    "Rest",
    "Ruleset",
    "Sevens",
    "SidePile",
    "SideReport",
    "SideTally",
    "Standing",
    "Suit",
    "TallyEntry",
    "Ties",
    "UnknownCard",
    "UnknownRuleset",
    "check_hand",
    "complete_tallies",
    "draw_at_random",
    "draw_for_dealer",
    "drawing_next",
    "find_captures",
    "first_player",
    "make_ruleset",
    "next_dealer",
    "split_pile",
    "standing",
    "stored_ruleset",
    "totals",
]
