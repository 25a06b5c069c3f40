"""A hand's entry as the database keeps it (Hand.entry, and each entry the trail keeps): the rules core's entry
written for the database, and read back. The services' own encoding, so that they depend on neither the API's
reader nor its words.

The app writes every stored entry after reading and checking it, so its shape is trusted here: sides by their
cards or by their tallies (one of them may be the "rest" of the deck), the leftover as its cards or its sum (the
sum wins when both are kept), the last capture. What the rules core finds wrong is still its InvalidEntry (a
"rest" the other sides leave impossible, say).

The encoding is versioned: stored_form writes the version under MARK, and stored_entry reads every earlier shape too
(an entry without the mark is the API's shape, as kept before the encoding had one; the migration
f3a7c2e9b851 marks those). Version 3 adds a side's setenta by its best cards ("setenta_cards", in its tally or
beside its "rest"): an entry that keeps them is marked 3, so that code reading only 2 refuses it rather than drop
them (and "setenta_untold", the suits a quick entry did not need: rules/setenta_cards.py); any other is still
written as 2, the shape it always had. The mark is the database's own: a backup, the
API's trail and bodies leave it out (unmarked), an import puts it in (marked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ..rules import (
    Card,
    CardEntry,
    HandEntry,
    InvalidEntry,
    Problem,
    Rest,
    Ruleset,
    SidePile,
    SideTally,
    Suit,
    TallyEntry,
    complete_tallies,
)

REST = "rest"  # a side's tally kept as "rest": what the deck leaves after the other sides'
VARIANT_COUNTS = ("setenta", "sixes", "aces", "fives")  # what the regional options may keep of a tally
MARK = "v"  # the key of an entry's encoding version
VERSION = 3  # the newest encoding stored_form writes; 1 is the API's shape, kept unmarked
PLAIN = 2  # what stored_form writes for an entry without a side's setenta cards (added by 3)
READABLE = (1, PLAIN, VERSION)
SETENTA_CARDS = "setenta_cards"
SETENTA_UNTOLD = "setenta_untold"

Facts = TypeVar("Facts", bound="dict[str, Any] | None")


def unmarked(data: Mapping[str, Any]) -> dict[str, Any]:
    """A stored entry without its version mark: as a backup or the API shows it."""
    return {key: value for key, value in data.items() if key != MARK}


def marked(data: Mapping[str, Any]) -> dict[str, Any]:
    """An entry of a backup (the API's shape, read and checked already) as the database keeps it: marked with
    the encoding stored_entry reads it in."""
    return {MARK: version_of(data), **unmarked(data)}


def version_of(data: Mapping[str, Any]) -> int:
    """The least encoding that holds an entry: 3 when a side keeps its setenta cards, else 2."""
    sides = data.get("sides", [])
    kept = any(SETENTA_CARDS in side or (isinstance(side.get("tally"), dict) and SETENTA_CARDS in side["tally"])
               for side in sides if isinstance(side, dict))
    return VERSION if kept else PLAIN


def facts_unmarked(facts: Facts) -> Facts:
    """What the trail keeps of a hand (mode, dealer, entry...) with its entry unmarked, if it keeps one."""
    if facts is None or not isinstance(facts.get("entry"), dict):
        return facts
    return {**facts, "entry": unmarked(facts["entry"])}  # type: ignore[return-value]


def facts_marked(facts: Facts) -> Facts:
    """What a backup's trail keeps of a hand with its entry marked, if it keeps one."""
    if facts is None or not isinstance(facts.get("entry"), dict):
        return facts
    return {**facts, "entry": marked(facts["entry"])}  # type: ignore[return-value]


def stored_entry(ruleset: Ruleset, data: Mapping[str, Any]) -> HandEntry:
    """A stored entry as the rules core's, under the match's rules; ValueError for an encoding this code does
    not know (a database migrated past it)."""
    if data.get(MARK, 1) not in READABLE:
        raise ValueError(f"entry encoding {data.get(MARK)!r} unknown; this code reads {READABLE}")
    last_capture = int(data["last_capture"])
    sides = [_side(side) for side in data["sides"]]
    piles = [side for side in sides if isinstance(side, SidePile)]
    # By cards when every side is: a sum kept beside the leftover is ignored, as the API reads it.
    if len(piles) == len(sides) and (piles or "leftover_sum" not in data):
        return CardEntry(ruleset, tuple(piles), _cards(data["leftover"]), last_capture)
    tallies = [side for side in sides if not isinstance(side, SidePile)]
    if "leftover_sum" in data:
        total, leftover = int(data["leftover_sum"]), None
    else:
        leftover = _cards(data["leftover"])
        total = sum(card.value for card in leftover)
    return TallyEntry(ruleset, complete_tallies(tallies), total, last_capture, leftover)


def checked_entry(ruleset: Ruleset, data: Mapping[str, Any]) -> HandEntry:
    """An entry from outside the app in the stored encoding, unmarked (a backup's, its schema checked already:
    fields, types and bounds), read as stored_entry reads it once what the schema cannot say holds: each side
    by its cards or by its tally (not both, not neither), a setenta beside a side's tally only when it is the
    "rest", every side entered the same way, the leftover there (its cards for an entry by cards; its sum, or
    its cards, by counts). InvalidEntry names each field otherwise, with the API reader's codes, so that the
    words are the same."""
    problems: list[Problem] = []
    kinds = set()
    for i, side in enumerate(data["sides"]):
        if ("cards" in side) == ("tally" in side):
            problems.append(Problem(("sides", i), "cards_or_tally"))
        elif (beside := next((key for key in ("setenta", SETENTA_CARDS) if key in side), None)) \
                and side.get("tally") != REST:
            problems.append(Problem(("sides", i, beside), "setenta_beside_tally"))
        else:
            kinds.add("cards" if "cards" in side else "tally")
    if len(kinds) > 1:
        problems.append(Problem(("sides",), "mixed_entry"))
    # Sides that could not be read do not say which way the hand was entered; the leftover does.
    by_tally = "tally" in kinds or ("cards" not in kinds and "leftover_sum" in data)
    if "leftover" not in data and not (by_tally and "leftover_sum" in data):
        problems.append(Problem(("leftover_sum" if by_tally else "leftover",), "required"))
    if problems:
        raise InvalidEntry(problems)
    return stored_entry(ruleset, data)


def stored_form(entry: HandEntry) -> dict[str, Any]:
    """The rules core's entry as the database keeps it: every side whole (a side worked out from the deck is kept
    with its counts), the leftover as its cards when they were given, else its sum. stored_entry reads it back as
    the same entry."""
    if isinstance(entry, CardEntry):
        return {MARK: PLAIN, "sides": [{"cards": [str(card) for card in side.cards], "escobas": side.escobas}
                          for side in entry.sides],
                "leftover": [str(card) for card in entry.leftover], "last_capture": entry.last_capture}
    leftover: dict[str, Any] = ({"leftover_sum": entry.leftover_sum} if entry.leftover is None
                                else {"leftover": [str(card) for card in entry.leftover]})
    sides = [{"tally": _tally(side), "escobas": side.escobas} for side in entry.sides]
    kept = {"sides": sides, **leftover, "last_capture": entry.last_capture}
    return {MARK: version_of(kept), **kept}


def _tally(side: SideTally) -> dict[str, Any]:
    """A side's counts as kept: those not given (a pile's sum, what the regional options ask) left out."""
    tally: dict[str, Any] = {"cards": side.cards, "oros": side.oros, "sevens": side.sevens, "velo": side.velo}
    more = {"pile_sum": side.pile_sum, **{key: getattr(side, key) for key in VARIANT_COUNTS},
            SETENTA_CARDS: None if side.setenta_cards is None else [str(card) for card in side.setenta_cards],
            SETENTA_UNTOLD: [suit.value for suit in side.setenta_untold] or None}
    return tally | {key: value for key, value in more.items() if value is not None}


def _cards(codes: list[str]) -> tuple[Card, ...]:
    """Cards kept by their codes."""
    return tuple(Card.parse(code) for code in codes)


def _side(side: Mapping[str, Any]) -> SidePile | SideTally | Rest:
    """One side's stored cards, tally or "rest", with its escobas."""
    escobas = int(side.get("escobas", 0))
    if "cards" in side:
        return SidePile(_cards(side["cards"]), escobas)
    tally = side["tally"]
    if tally == REST:
        return Rest(escobas, side.get("setenta"), _chosen(side))
    more = {key: tally[key] for key in VARIANT_COUNTS if key in tally}
    return SideTally(tally["cards"], tally["oros"], tally["sevens"], bool(tally.get("velo", False)), escobas,
                     tally.get("pile_sum"), setenta_cards=_chosen(tally),
                     setenta_untold=tuple(Suit(code) for code in tally.get(SETENTA_UNTOLD, ())), **more)


def _chosen(kept: Mapping[str, Any]) -> tuple[Card, ...] | None:
    """A side's setenta cards as kept (its best card of each suit it holds), None when it kept none."""
    return _cards(kept[SETENTA_CARDS]) if SETENTA_CARDS in kept else None
