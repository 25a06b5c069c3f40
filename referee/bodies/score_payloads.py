"""JSON payloads of the API: requests read into rules objects, reports written out.

Reading collects every problem it finds (a Problem naming the field) and raises
InvalidEntry once, so a client sees its mistakes in one answer. Every list is
bounded before its items are read (no pile, leftover or table holds more than the
deck, no hand more than four sides), at most MAX_PROBLEMS problems are kept, and a
value the client sent is quoted by a short prefix: a hostile body costs little and
gets a small answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

from ..rules import (
    Card,
    CardEntry,
    DeckStyle,
    HandEntry,
    HandReport,
    InvalidEntry,
    InvalidOption,
    Problem,
    Rest,
    Ruleset,
    SidePile,
    SideReport,
    SideTally,
    Suit,
    TallyEntry,
    UnknownCard,
    complete_tallies,
    make_ruleset,
)
from ..rules.cards import DECK, DECK_SUM
from ..rules.problems import Location
from ..rules.rulesets import MAX_SIDES, OPTIONS, PRESETS, Sevens
from ..words.messages import shortened

SIDE_KEYS = {"cards", "tally", "escobas", "setenta", "setenta_cards"}
REST = "rest"  # a side's tally given as "rest": what the deck leaves after the other sides' tallies
TALLY_KEYS = {"cards", "oros", "sevens", "velo", "pile_sum", "setenta", "setenta_cards", "setenta_untold", "sixes",
              "aces", "fives"}
SETENTA_KEYS = ("setenta", "setenta_cards")  # a side's setenta: its sum, its best cards, or both
VARIANT_COUNTS = ("setenta", "sixes", "aces", "fives")  # what the regional options may need of a tally
SCORE_KEYS = {"ruleset", "options", "deck_style", "sides", "leftover", "leftover_sum", "last_capture"}
CAPTURES_KEYS = {"card", "table", "deck_style"}
MAX_CARDS = len(DECK)
MAX_PROBLEMS = 40


class Reader:
    """Reads JSON values into typed ones, noting a Problem for each bad value."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, location: Location, code: str, **params: object) -> None:
        """Note one problem, unless there are enough already."""
        if not self.full:
            self.problems.append(Problem(location, code, params))

    @property
    def full(self) -> bool:
        """True when no more problems are kept: reading can stop looking."""
        return len(self.problems) >= MAX_PROBLEMS

    def obj(self, value: Any, location: Location, keys: set[str]) -> dict[str, Any] | None:
        """A JSON object with only known keys."""
        if not isinstance(value, dict):
            self.fail(location, "not_object")
            return None
        for key in value:
            if self.full:
                break
            if key not in keys:
                self.fail((*location, key), "unknown_field")
        return value

    def whole(self, value: Any, location: Location) -> int | None:
        """A whole number; true and false are not numbers."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(location, "not_whole")
            return None
        return value

    def card(self, value: Any, location: Location) -> Card | None:
        """One canonical card code."""
        if not isinstance(value, str):
            self.fail(location, "not_card_code")
            return None
        try:
            return Card.parse(value)
        except UnknownCard:
            self.fail(location, "unknown_card", card=shortened(value))
            return None

    def cards(self, value: Any, location: Location) -> tuple[Card, ...] | None:
        """A list of at most MAX_CARDS card codes; a longer one is refused before any is read."""
        if not isinstance(value, list):
            self.fail(location, "not_list")
            return None
        if len(value) > MAX_CARDS:
            self.fail(location, "too_many_cards", most=MAX_CARDS, count=len(value))
            return None
        parsed = [self.card(code, (*location, i)) for i, code in enumerate(value)]
        return None if None in parsed else tuple(c for c in parsed if c is not None)

    def required(self, data: dict[str, Any], key: str, location: Location,
                 read: Callable[[Any, Location], Any]) -> Any:
        """Read a key that must be present."""
        if key not in data:
            self.fail((*location, key), "required")
            return None
        return read(data[key], (*location, key))

    def done(self) -> None:
        """Raise every problem noted so far."""
        if self.problems:
            raise InvalidEntry(self.problems)


def read_deck(reader: Reader, body: dict[str, Any], default: DeckStyle) -> DeckStyle:
    """The deck the messages name cards by: 'deck_style' when given, else `default`."""
    if "deck_style" not in body:
        return default
    value = body["deck_style"]
    if isinstance(value, str) and value in {style.value for style in DeckStyle}:
        return DeckStyle(value)
    reader.fail(("deck_style",), "option_choice", choices=", ".join(style.value for style in DeckStyle))
    return default


def read_captures(data: Any) -> tuple[Card, tuple[Card, ...], DeckStyle]:
    """A captures request: the played card, the table, and the deck its messages name cards by."""
    reader = Reader()
    body = reader.obj(data, (), CAPTURES_KEYS) or {}
    card = reader.required(body, "card", (), reader.card)
    table = reader.required(body, "table", (), reader.cards)
    deck = read_deck(reader, body, DeckStyle.SPANISH)
    reader.done()
    return card, table, deck


def read_ruleset(reader: Reader, body: dict[str, Any]) -> Ruleset | None:
    """The preset and its options."""
    if "ruleset" not in body:
        reader.fail(("ruleset",), "required")
        return None
    name = body["ruleset"]
    options = body.get("options", {})
    if not isinstance(options, dict):
        reader.fail(("options",), "not_object")
        return None
    if not isinstance(name, str):
        reader.fail(("ruleset",), "not_ruleset_name")
        return None
    if name not in PRESETS:
        reader.fail(("ruleset",), "unknown_ruleset", name=shortened(name), known=", ".join(PRESETS))
        return None
    known = PRESETS[name].options().keys()
    valid = {}
    for option, value in options.items():
        if reader.full:
            break
        if option not in known:
            reader.fail(("options", option), "option_unknown")
            continue
        try:
            make_ruleset(name, **{option: value})
        except InvalidOption as error:
            reader.fail(("options", option), f"option_{error.reason}", **_option_limits(option))
        else:
            valid[option] = value
    return make_ruleset(name, **valid)


def _option_limits(option: str) -> dict[str, object]:
    """What a known option accepts, for its error message: its range, or its choices in a list."""
    takes = OPTIONS[option].takes()
    return {"choices": ", ".join(takes["choices"])} if "choices" in takes else takes


def _side(reader: Reader, value: Any, i: int) -> SidePile | SideTally | Rest | None:
    """One side: its cards or its tally, and its escobas."""
    where: Location = ("sides", i)
    side = reader.obj(value, where, SIDE_KEYS)
    if side is None:
        return None
    escobas = reader.whole(side.get("escobas", 0), (*where, "escobas"))
    if ("cards" in side) == ("tally" in side):
        reader.fail(where, "cards_or_tally")
        return None
    beside = [key for key in SETENTA_KEYS if key in side]
    if beside and side.get("tally") != REST:
        # A side's setenta is part of its tally; only the side left out (whose tally is "rest") gives it beside.
        reader.fail((*where, beside[0]), "setenta_beside_tally")
        return None
    if "cards" in side:
        cards = reader.cards(side["cards"], (*where, "cards"))
        return None if cards is None or escobas is None else SidePile(cards, escobas)
    if side["tally"] == REST:
        setenta = reader.whole(side["setenta"], (*where, "setenta")) if "setenta" in side else None
        read, chosen = _chosen(reader, side, where)
        if escobas is None or ("setenta" in side and setenta is None) or not read:
            return None
        return Rest(escobas, setenta, chosen)
    return _tally(reader, side["tally"], (*where, "tally"), escobas)


def _tally(reader: Reader, value: Any, where: Location, escobas: int | None) -> SideTally | None:
    """A side's counts."""
    tally = reader.obj(value, where, TALLY_KEYS)
    if tally is None:
        return None
    counts = {key: reader.required(tally, key, where, reader.whole) for key in ("cards", "oros", "sevens")}
    velo = tally.get("velo", False)
    if not isinstance(velo, bool):
        reader.fail((*where, "velo"), "not_bool")
    pile_sum = tally.get("pile_sum")
    if pile_sum is not None:
        pile_sum = reader.whole(pile_sum, (*where, "pile_sum"))
    more: dict[str, Any] = {key: reader.whole(tally[key], (*where, key)) for key in VARIANT_COUNTS if key in tally}
    read, chosen = _chosen(reader, tally, where)
    untold = _untold(reader, tally.get("setenta_untold", []), (*where, "setenta_untold"))
    if None in counts.values() or None in more.values() or escobas is None or not isinstance(velo, bool) \
            or not read or untold is None:
        return None
    return SideTally(counts["cards"], counts["oros"], counts["sevens"], velo, escobas, pile_sum,
                     setenta_cards=chosen, setenta_untold=untold, **more)


def _untold(reader: Reader, value: Any, where: Location) -> tuple[Suit, ...] | None:
    """The suits whose best card a side left untold (the referee asks for them where they can change the point):
    a list of suit letters, each once; None when it is not one."""
    codes = [suit.value for suit in Suit]
    if not isinstance(value, list) or len(set(map(str, value))) != len(value) \
            or any(code not in codes for code in value):
        reader.fail(where, "option_choice", choices=", ".join(codes))
        return None
    return tuple(Suit(code) for code in value)


def _chosen(reader: Reader, data: dict[str, Any], where: Location) -> tuple[bool, tuple[Card, ...] | None]:
    """Whether a side's setenta cards (its best card of each suit) could be read, and them (None when not given)."""
    if "setenta_cards" not in data:
        return True, None
    cards = reader.cards(data["setenta_cards"], (*where, "setenta_cards"))
    return cards is not None, cards


def _leftover_sum(reader: Reader, value: Any) -> None:
    """A leftover sum beside a card entry's leftover: a whole number the deck could leave, 0 to DECK_SUM."""
    total = reader.whole(value, ("leftover_sum",))
    if total is not None and not 0 <= total <= DECK_SUM:
        reader.fail(("leftover_sum",), "count_range", value=total, min=0, max=DECK_SUM)


def read_score(data: Any) -> HandEntry:
    """A score request: ruleset, options, sides, leftover and last capture."""
    reader = Reader()
    body = reader.obj(data, (), SCORE_KEYS)
    if body is None:
        raise InvalidEntry(reader.problems)
    ruleset = read_ruleset(reader, body)
    raw_sides = reader.required(body, "sides", (), lambda v, loc: v)
    if raw_sides is not None and not isinstance(raw_sides, list):
        reader.fail(("sides",), "not_list")
        raw_sides = None
    elif raw_sides is not None and len(raw_sides) > MAX_SIDES:
        # Refused before any side is read; fewer than two sides is the rules core's to say.
        reader.fail(("sides",), "side_count", count=len(raw_sides))
        raw_sides = None
    sides = [_side(reader, value, i) for i, value in enumerate(raw_sides or [])]
    piles = [side for side in sides if isinstance(side, SidePile)]
    tallies = [side for side in sides if isinstance(side, (SideTally, Rest))]
    if piles and tallies:
        reader.fail(("sides",), "mixed_entry")
    last_capture = reader.required(body, "last_capture", (), reader.whole)
    # Sides that could not be read do not say which way the hand was entered; the leftover does.
    by_tally = bool(tallies) or (not piles and "leftover_sum" in body)
    if by_tally and ("leftover_sum" in body or "leftover" not in body):
        leftover_sum = reader.required(body, "leftover_sum", (), reader.whole)
        if "leftover" in body:
            # The sum wins, but the cards are kept with the hand (and in its backup): read like any cards.
            reader.cards(body["leftover"], ("leftover",))
    else:
        # A tally may give the leftover as its cards (the quick entry): their sum is the leftover's.
        leftover = reader.required(body, "leftover", (), reader.cards)
        if "leftover_sum" in body:
            # A card entry counts its leftover's cards and reads no sum; one sent anyway is still checked as a
            # tally entry's would be, so a bad value is never answered 200 (Schemathesis found -1 accepted).
            _leftover_sum(reader, body["leftover_sum"])
    deck = read_deck(reader, body, ruleset.deck_style if ruleset else DeckStyle.SPANISH)
    reader.done()
    assert ruleset is not None  # a missing or bad ruleset was noted, and done() raised
    ruleset = replace(ruleset, deck_style=deck)
    if by_tally:
        total = leftover_sum if "leftover_sum" in body else sum(card.value for card in leftover)
        cards = None if "leftover_sum" in body else tuple(leftover)
        return TallyEntry(ruleset, complete_tallies(tallies), total, last_capture, cards)
    return CardEntry(ruleset, tuple(piles), leftover, last_capture)


def field_name(location: Location) -> str:
    """A location as a field path: ('sides', 1, 'cards', 3) -> 'sides[1].cards[3]'.

    A name the client made up (an unknown field) is quoted by a short prefix.
    """
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{shortened(part)}" if text else shortened(part)
    return text


def errors_json(problems: tuple[Problem, ...], word: Callable[[Problem], str]) -> dict[str, Any]:
    """The body of a 400 or 422 answer: the first MAX_PROBLEMS problems."""
    return {"errors": [{"field": field_name(p.location), "message": word(p)} for p in problems[:MAX_PROBLEMS]]}


def variant_json(side: SideReport, ruleset: Ruleset) -> dict[str, Any]:
    """What a side's report adds under the match's ``sevens`` option: nothing under ``most`` (the answers stay
    as they always were), its setenta (sum and best card of each suit) or the counts that break a tie."""
    counts = side.counts
    if ruleset.sevens is Sevens.SETENTA:
        return {"setenta": {"sum": counts.setenta, "cards": [str(card) for card in counts.setenta_cards]}}
    if ruleset.sevens is Sevens.MOST_TIEBREAK:
        return {"tiebreak": {"sixes": counts.sixes, "aces": counts.aces, "fives": counts.fives}}
    return {}


def report_json(report: HandReport, entry: HandEntry, messages: list[str]) -> dict[str, Any]:
    """The body of a score answer."""
    sides = []
    for side in report.sides:
        item: dict[str, Any] = {
            "erred": side.erred,
            "points": side.points,
            "counts": {"cards": side.counts.cards, "oros": side.counts.oros,
                       "sevens": side.counts.sevens, "velo": side.counts.velo},
            "earned": asdict(side.earned),
            "pile_sum": side.pile_sum,
        }
        item.update(variant_json(side, entry.ruleset))
        if side.split is not None:
            item["fifteens"] = [[str(card) for card in group] for group in side.split.fifteens]
            item["suspects"] = [str(card) for card in side.split.suspects]
        sides.append(item)
    return {
        "valid": report.valid,
        "leftover": {"sum": report.leftover_sum, "ok": report.leftover_ok},
        "needs_pile_sums": report.needs_pile_sums,
        "max_deck_points": entry.ruleset.max_deck_points,
        "sides": sides,
        "messages": messages,
    }

