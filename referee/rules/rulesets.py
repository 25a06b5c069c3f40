"""Rulesets: the three presets and the per-match options (RULES.md §4–§5).

>>> rs = make_ruleset("escova-rs")
>>> rs.target, rs.max_deck_points, rs.penalty
(15, 6, <Penalty.FORFEIT: 'forfeit'>)
>>> make_ruleset("escoba-es", over30=2).max_deck_points
6
>>> make_ruleset("escoba-es", sevens="setenta", ties="shared").options()["sevens"]
'setenta'

Each per-match option is a field of Ruleset whose metadata says what it takes (OptionKind): reading it
(make_ruleset), writing it out (Ruleset.options), storing it, its place in the API's and the backup's schemas and
in the OpenAPI examples all follow from that one definition (docs/architecture.md, "Adding a preset or an option").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
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


class Confirm(Enum):
    """Whether a hand saved by one side's phone counts at once or waits for the other sides (a house rule; the
    services keep the waiting hands: referee/services/confirmations.py)."""

    NONE = "none"  # one phone's entry is the hand
    OTHER_SIDES = "other_sides"  # every other side confirms it, or the sides agree on one version, before it counts


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
class OptionKind:
    """What one per-match option takes: a whole number from ``low`` to ``high``, or one of ``choices``' values;
    ``about`` says what it decides (the API's description of it).

    >>> OptionKind("Points to win.", low=1, high=100).read("target", 21)
    21
    >>> OptionKind("Who erred.", choices=Penalty).read("penalty", "void")
    <Penalty.VOID: 'void'>
    """

    about: str
    low: int = 0
    high: int = 0
    choices: type[Enum] | None = None

    def read(self, option: str, value: object) -> Any:
        """The value, checked: InvalidOption when it is not one this option takes."""
        if self.choices is not None:
            return _choice(option, value, self.choices)
        return _whole_number(option, value, self.low, self.high)

    def takes(self) -> dict[str, Any]:
        """What the option takes, as plain JSON: its range, or its choices' values.

        >>> OptionKind("Bonus points.", low=0, high=2).takes()
        {'min': 0, 'max': 2}
        """
        if self.choices is not None:
            return {"choices": [member.value for member in self.choices]}
        return {"min": self.low, "max": self.high}

    def json_schema(self) -> dict[str, Any]:
        """What the option takes as JSON Schema, with what it decides: the API's and the backup's schemas."""
        if self.choices is not None:
            return {"type": "string", "enum": [member.value for member in self.choices], "description": self.about}
        return {"type": "integer", "minimum": self.low, "maximum": self.high, "description": self.about}

    def json_value(self, value: Any) -> object:
        """The value as plain JSON: an enum's value, a number as it is."""
        return value.value if isinstance(value, Enum) else value


def _takes(kind: OptionKind) -> dict[str, OptionKind]:
    """The metadata that makes a field of Ruleset a per-match option of this kind. An option added after matches
    were stored needs a default: the way every match was scored before it (a stored match or a backup kept
    without it reads as that)."""
    return {"option": kind}


_BONUS = "Bonus points."


@dataclass(frozen=True)
class Ruleset:
    """The rules in force for one match; immutable once made. The fields made options by _takes are the per-match
    options; the others (the preset's name, its usual deck and seating) are the preset's alone."""

    preset: str
    target: int = field(metadata=_takes(OptionKind("Points to win the match.", *TARGET_RANGE)))
    all_oros: int = field(metadata=_takes(OptionKind(_BONUS, *BONUS_RANGE)))
    all_sevens: int = field(metadata=_takes(OptionKind(_BONUS, *BONUS_RANGE)))
    over30: int = field(metadata=_takes(OptionKind(_BONUS, *BONUS_RANGE)))
    penalty: Penalty = field(default=Penalty.FORFEIT, metadata=_takes(OptionKind(
        "`forfeit`: an erring side scores 0 and a clean side whose every opponent erred takes the deck points; "
        "`void`: erring sides score 0; `flag`: shown, counted as entered.", choices=Penalty)))
    deal_passes: DealPasses = field(default=DealPasses.RIGHT, metadata=_takes(OptionKind(
        "Which way the deal passes after a hand.", choices=DealPasses)))
    deck_style: DeckStyle = DeckStyle.SPANISH
    partnerships_first: bool = False
    sevens: Sevens = field(default=Sevens.MOST, metadata=_takes(OptionKind(
        "Who takes the sevens point: `most` sevens; `setenta`, the best card of each suit by the primiera table "
        "(7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures = 10), highest sum, a side lacking a "
        "suit cannot take it; `most_tiebreak`, most sevens, tied: most sixes, then aces, then fives. See "
        "docs/rules.md.", choices=Sevens)))
    ties: Ties = field(default=Ties.NOBODY, metadata=_takes(OptionKind(
        "When sides tie for the lead in cards, oros or sevens: `nobody` scores it, or every tied leader does "
        "(`shared`, a house rule).", choices=Ties)))
    confirm_hands: Confirm = field(default=Confirm.NONE, metadata=_takes(OptionKind(
        "Who confirms a hand: `none`, a hand counts once saved; `other_sides`, a hand saved by one side's phone "
        "waits until every other side confirms it or the sides agree on one version (docs/guide.md).",
        choices=Confirm)))

    @property
    def max_deck_points(self) -> int:
        """All a hand's deck points, escobas aside: 4 plus the bonuses in force."""
        return BASE_DECK_POINTS + self.all_oros + self.all_sevens + self.over30

    def options(self) -> dict[str, Any]:
        """The per-match options as plain JSON values, in the order of OPTIONS."""
        return {name: kind.json_value(getattr(self, name)) for name, kind in OPTIONS.items()}


# Every per-match option and what it takes, in the order of Ruleset's fields.
OPTIONS: dict[str, OptionKind] = {f.name: f.metadata["option"] for f in fields(Ruleset) if "option" in f.metadata}
# How a match was scored before each option that came later existed: its field's default, as plain JSON.
OPTIONS_BEFORE: dict[str, object] = {f.name: OPTIONS[f.name].json_value(f.default) for f in fields(Ruleset)
                                     if f.name in OPTIONS and f.default is not MISSING}
# The options that take one of an enum's values, and the enum.
CHOICE_OPTIONS: dict[str, type[Enum]] = {name: kind.choices for name, kind in OPTIONS.items()
                                         if kind.choices is not None}

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
        if option not in OPTIONS:
            raise InvalidOption(option, value, "unknown")
        changes[option] = OPTIONS[option].read(option, value)
    return replace(base, **changes)


def stored_ruleset(preset: str, options: Mapping[str, object]) -> Ruleset:
    """The rules of a match kept with these options (in the database, or a backup file): an option it was kept
    without came later, and reads as the way the match was scored then (OPTIONS_BEFORE), not as the preset's.

    >>> stored_ruleset("escoba-es", {"target": 30}).sevens
    <Sevens.MOST: 'most'>
    """
    return make_ruleset(preset, **{**OPTIONS_BEFORE, **options})

