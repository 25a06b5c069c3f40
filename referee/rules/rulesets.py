"""Rulesets: the three presets and the per-match options (RULES.md §4–§5).

>>> rs = make_ruleset("escova-rs")
>>> rs.target, rs.max_deck_points, rs.penalty
(15, 6, <Penalty.FORFEIT: 'forfeit'>)
>>> make_ruleset("escoba-es", over30=2).max_deck_points
6
>>> make_ruleset("escoba-es", sevens="setenta", ties="shared").options()["sevens"]
'setenta'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from .names import DeckStyle

MIN_SIDES = 2
MAX_SIDES = 4
TARGET_RANGE = (1, 100)
BONUS_RANGE = (0, 2)
BONUS_OPTIONS = ("all_oros", "all_sevens", "over30")
# The four categories every preset scores one point each: cards, oros, sevens, velo.
BASE_DECK_POINTS = 4


class Penalty(Enum):
    """What an erring side's error costs (RULES.md §4, Penalty)."""

    FORFEIT = "forfeit"
    VOID = "void"
    FLAG = "flag"


class DealPasses(Enum):
    """Which way the deal passes after a hand (RULES.md §5)."""

    RIGHT = "right"
    LEFT = "left"


class Sevens(Enum):
    """Who takes the sevens point (RULES.md §4, Regional options)."""

    MOST = "most"  # most sevens
    SETENTA = "setenta"  # la setenta (primiera): best card of each suit by the primiera table
    MOST_TIEBREAK = "most_tiebreak"  # most sevens; tied, most sixes, then aces, then fives


class Ties(Enum):
    """Who scores a category when sides tie for the lead (RULES.md §4, Regional options)."""

    NOBODY = "nobody"
    SHARED = "shared"  # a house rule: every tied leader scores it


class UnknownRuleset(ValueError):
    """A preset name that is not one of PRESETS."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown ruleset {name!r}")
        self.name = name


class InvalidOption(ValueError):
    """An option that is unknown, of the wrong kind or out of its range."""

    def __init__(self, option: str, value: object, reason: str) -> None:
        super().__init__(f"option {option}={value!r}: {reason}")
        self.option = option
        self.value = value
        self.reason = reason  # 'unknown', 'range', 'choice' or 'type'


@dataclass(frozen=True)
class Ruleset:
    """The rules in force for one match; immutable once made."""

    preset: str
    target: int
    all_oros: int
    all_sevens: int
    over30: int
    penalty: Penalty = Penalty.FORFEIT
    deal_passes: DealPasses = DealPasses.RIGHT
    deck_style: DeckStyle = DeckStyle.SPANISH
    partnerships_first: bool = False
    sevens: Sevens = Sevens.MOST
    ties: Ties = Ties.NOBODY

    @property
    def max_deck_points(self) -> int:
        """All a hand's deck points, escobas aside: 4 plus the bonuses in force."""
        return BASE_DECK_POINTS + self.all_oros + self.all_sevens + self.over30

    def options(self) -> dict[str, Any]:
        """The per-match options as plain JSON values."""
        return {
            "target": self.target,
            "all_oros": self.all_oros,
            "all_sevens": self.all_sevens,
            "over30": self.over30,
            "penalty": self.penalty.value,
            "deal_passes": self.deal_passes.value,
            "sevens": self.sevens.value,
            "ties": self.ties.value,
        }


# The options that take one of an enum's values, and the enum.
CHOICE_OPTIONS: dict[str, type[Enum]] = {
    "penalty": Penalty, "deal_passes": DealPasses, "sevens": Sevens, "ties": Ties,
}

PRESETS: dict[str, Ruleset] = {
    "escova-rs": Ruleset(
        "escova-rs", target=15, all_oros=1, all_sevens=1, over30=0,
        deck_style=DeckStyle.FRENCH, partnerships_first=True,
    ),
    "escoba-es": Ruleset("escoba-es", target=21, all_oros=0, all_sevens=0, over30=0),
    "escoba-intl": Ruleset("escoba-intl", target=21, all_oros=1, all_sevens=1, over30=0),
}


def _whole_number(option: str, value: object, low: int, high: int) -> int:
    """Accept an int (not a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOption(option, value, "type")
    if not low <= value <= high:
        raise InvalidOption(option, value, "range")
    return value


def _choice(option: str, value: object, kind: type[Enum]) -> Enum:
    """Accept one of an enum's values, or the enum member itself."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        raise InvalidOption(option, value, "choice") from None


def make_ruleset(preset: str, /, **options: object) -> Ruleset:
    """A preset with some options changed; raise UnknownRuleset or InvalidOption.

    ``preset`` is positional-only, so an option of that name is an unknown option like any other.
    """
    try:
        base = PRESETS[preset]
    except (KeyError, TypeError):
        raise UnknownRuleset(str(preset)) from None
    changes: dict[str, Any] = {}
    for option, value in options.items():
        if option == "target":
            changes[option] = _whole_number(option, value, *TARGET_RANGE)
        elif option in BONUS_OPTIONS:
            changes[option] = _whole_number(option, value, *BONUS_RANGE)
        elif option in CHOICE_OPTIONS:
            changes[option] = _choice(option, value, CHOICE_OPTIONS[option])
        else:
            raise InvalidOption(option, value, "unknown")
    return replace(base, **changes)

