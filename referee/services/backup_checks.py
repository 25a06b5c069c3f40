"""Reading a backup file (docs/backup.md) before anything of it is written: JSON, bounded, the schema, then
what a schema cannot say (seats in order, hands numbered 1…n, every entry readable by the rules core).

Every refusal is a BadBackup naming the place in the file (a JSON path as a tuple of keys and indexes) and
a code; referee/views/backup_words.py puts them in words. The first problem found is the one told.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib.resources import files
from itertools import islice
from typing import Any, cast

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from ..rules import (
    CardEntry,
    HandEntry,
    HandReport,
    InvalidEntry,
    InvalidOption,
    Problem,
    Ruleset,
    TallyEntry,
    UnknownRuleset,
    check_hand,
    standing,
    stored_ruleset,
    totals,
)
from ..rules.match import side_of_seat
from ..rules.rulesets import OPTIONS, OPTIONS_BEFORE, Confirm
from .stored_entries import checked_entry
from .waiting import voices

FORMAT = "escoba-referee-backup"
VERSION = 1
MAX_DEPTH = 16  # a backup nests 11 levels deep, 13 with a hand's versions (docs/backup.md); deeper is none
MAX_HANDS = 10_000  # hands in one file, all matches together (8 MB holds about 5 000 with their trails)
SCHEMA_ERRORS = 50  # schema errors looked at to tell the first
# The most the checks of one file may take (see Reports): a few times the largest real backup's (4 s,
# benchmarks/README.md), well within gunicorn's worker timeout (30 s).
CHECK_SECONDS = 20.0
HAND_KINDS = ("hand_recorded", "hand_edited", "hand_undone", "hand_restored", "hand_reverted", "hand_agreed",
              "hand_decided")
# The steps on a waiting hand (issue 36) that name the side of the phone that took them.
STEP_KINDS = ("hand_confirmed", "version_entered", "version_picked", "hand_called")
# What a trail's "restores" and "reverts" may name: the change that took the hand back, the correction.
REFERENCES = {"restores": ("hand_undone",), "reverts": ("hand_edited", "hand_reverted")}

Where = tuple[str | int, ...]


class BadBackup(ValueError):
    """A file that is not a backup this app can restore: what is wrong (a code), where, and its values."""

    def __init__(self, code: str, where: Where = (), **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.where = where
        self.params = params


@dataclass
class CheckedMatch:
    """A match of the file that passed every check, with its rules in force and the referee's report on each of
    its hands."""

    data: dict[str, Any]
    ruleset: Ruleset
    reports: list[HandReport] = field(default_factory=list)


@dataclass
class CheckedBackup:
    """A backup file that passed every check: the players it lists, and its matches."""

    players: list[dict[str, Any]]
    matches: list[CheckedMatch]


@cache
def schema() -> dict[str, Any]:
    """The backup's JSON Schema: the file shipped with the package (docs/backup.schema.json is the same file),
    each option of the rules from the rules core. Not to be changed: it is made once."""
    text = files("referee").joinpath("schemas/backup.schema.json").read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    rules = document["$defs"]["rules"]
    for name, kind in OPTIONS.items():
        option = kind.json_schema()
        if name not in rules["required"]:  # an option files written before it lack
            option["description"] += f" Absent in files written before the option: {OPTIONS_BEFORE[name]}."
        rules["properties"][name] = option
    return document


@cache
def _validator() -> Draft202012Validator:
    """One validator for the schema, made once (checking the schema itself on the way): the one that words
    an error."""
    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


@cache
def _fast_validator() -> jsonschema_rs.Validator:
    """The schema compiled once: the one that checks a whole file."""
    return jsonschema_rs.Draft202012Validator(schema())


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON, whatever Python's reader allows."""
    raise ValueError(name)


def parse(raw: bytes, most: int) -> Any:
    """The file's JSON value: at most `most` bytes of UTF-8 text, nested no deeper than the parser goes (a file
    the schema refuses is then held to MAX_DEPTH: the schema allows no deeper nesting)."""
    if len(raw) > most:
        raise BadBackup("too_big", most=most)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadBackup("not_text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise BadBackup("not_json", line=error.lineno, column=error.colno) from None
    except RecursionError:
        raise BadBackup("too_deep", most=MAX_DEPTH) from None
    except ValueError:  # NaN, Infinity, or an integer of thousands of digits
        raise BadBackup("not_json_number") from None
    return value


def _depth(value: Any) -> int:
    """How deep lists and objects nest in a JSON value (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:  # past the limit the answer is known: no need to go on
            stack.extend((child, level + 1) for child in children)
    return deepest


def read_backup(raw: bytes, most: int) -> CheckedBackup:
    """A backup file read and checked whole: its players, and its matches with the reports on their hands."""
    document = parse(raw, most)
    if not isinstance(document, dict):
        raise BadBackup("not_object")
    if document.get("format") != FORMAT:
        raise BadBackup("wrong_format", ("format",))
    if document.get("version") != VERSION:
        version = document.get("version")
        raise BadBackup("wrong_version", ("version",), version=json.dumps(version)[:20], known=VERSION)
    check_schema(document)
    return check_document(document)


def check_schema(document: dict[str, Any]) -> None:
    """The document against the schema: BadBackup for the first error found.

    A compiled validator (jsonschema-rs, a few milliseconds for the largest file) says whether the file passes
    and where it first fails; the jsonschema library then words that error, on the file cut down around it (it
    takes over a second for every 1 000 hands, and never sees more than one match, hand and change of a file).
    """
    try:
        if _fast_validator().is_valid(document):
            return
        first = next(iter(_fast_validator().iter_errors(document)))
    except UnicodeError:  # a lone surrogate (\ud800): JSON allows the escape, but it is no text
        raise BadBackup("not_text") from None
    if _depth(document) > MAX_DEPTH:  # walked only now: the words below are found by recursion
        raise BadBackup("too_deep", most=MAX_DEPTH)
    where: Where = tuple(first.instance_path)
    around, back = _around(document, where)
    # The most telling of the first few errors there.
    error = best_match(islice(_validator().iter_errors(around), SCHEMA_ERRORS))
    if error is None:  # the two validators differ on a pattern ("$" before a final newline, in Python)
        raise BadBackup("bad_form" if first.schema_path[-1:] == ["pattern"] else "invalid", where)
    problem = schema_problem(error)
    raise BadBackup(problem.code, back(problem.where), **problem.params)


# The lists a backup grows by: none has a least number of items, and each item is checked alone.
_GROWING = ("players", "matches", "hands", "trail")


def _around(document: dict[str, Any], where: Where) -> tuple[dict[str, Any], Callable[[Where], Where]]:
    """The document cut down around a place: along the path, each growing list holds only the item the path
    goes through (or all of its items, when the place is the list itself); elsewhere they are empty. And how
    a place in the cut document is the same place in the whole one."""
    cut_where = list(where)

    def cut(node: Any, path: Where, depth: int) -> Any:
        if isinstance(node, list):
            return [cut(item, path[1:] if path and path[0] == i else (), depth + 1) for i, item in enumerate(node)]
        if not isinstance(node, dict):
            return node
        kept: dict[str, Any] = {}
        for key, value in node.items():
            on_path = bool(path) and path[0] == key
            if key not in _GROWING or not isinstance(value, list):
                kept[key] = cut(value, path[1:] if on_path else (), depth + 1)
            elif on_path and len(path) > 1 and isinstance(path[1], int) and path[1] < len(value):
                kept[key] = [cut(value[path[1]], path[2:], depth + 2)]
                cut_where[depth + 1] = 0
            elif on_path and len(path) == 1:
                kept[key] = [cut(item, (), depth + 2) for item in value]
            else:
                kept[key] = []
        return kept

    around = cut(document, where, 0)

    def back(place: Where) -> Where:
        same = 0
        while same < min(len(place), len(where)) and place[same] == cut_where[same]:
            same += 1
        return (*where[:same], *place[same:])

    return around, back


def schema_problem(error: ValidationError) -> BadBackup:
    """The first schema error as a BadBackup: where, and which rule of the schema it breaks."""
    where: Where = tuple(error.absolute_path)
    value: Any  # jsonschema types it Any | Unset: an error a validator raised always has its rule's value
    kind, value, instance = error.validator, error.validator_value, error.instance
    if kind in ("required", "dependentRequired"):
        needed = value if kind == "required" else [k for keys in value.values() for k in keys]
        missing = next((key for key in needed if isinstance(instance, dict) and key not in instance), "")
        return BadBackup("missing", (*where, missing))
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = set(cast("Mapping[str, Any]", error.schema).get("properties", {}))  # an object's schema
        extra = next((key for key in instance if key not in known), "")
        return BadBackup("unknown_field", (*where, extra))
    limits = {"minimum": "too_small", "maximum": "too_large", "minItems": "too_few", "maxItems": "too_many",
              "minLength": "too_short", "maxLength": "too_long", "minProperties": "too_few",
              "maxProperties": "too_many"}
    if kind in limits:
        return BadBackup(limits[kind], where, limit=value)
    if kind == "type":
        return BadBackup("wrong_type", where, kinds=[value] if isinstance(value, str) else list(value))
    if kind in ("enum", "const"):
        choices = value if kind == "enum" else [value]
        return BadBackup("not_allowed", where, choices=[json.dumps(c) for c in choices])
    if kind in ("pattern", "propertyNames"):
        return BadBackup("bad_form", where)
    if kind == "uniqueItems":
        return BadBackup("repeated", where)
    if kind == "anyOf" and error.context:
        # A value of none of the kinds allowed ("null or a list"): name the kinds, not the branches.
        kinds = _kinds_allowed(error.context)
        if kinds:
            return BadBackup("wrong_type", where, kinds=kinds)
    return BadBackup("invalid", where)


def _kinds_allowed(branches: list[ValidationError]) -> list[str] | None:
    """The JSON types (and constants, as JSON) the branches of an anyOf allow, when each branch failed on
    the value's kind itself; None when one failed deeper (the value is of a right kind, and wrong inside)."""
    kinds: list[str] = []
    for branch in branches:
        if branch.relative_path or branch.validator not in ("type", "const"):
            return None
        value: Any = branch.validator_value  # Any | Unset to jsonschema; set on a validator's error
        if branch.validator == "const":
            kinds.append(json.dumps(value))
        else:
            kinds += [value] if isinstance(value, str) else list(value)
    return kinds


def check_document(document: dict[str, Any]) -> CheckedBackup:
    """What the schema cannot say, match by match; the matches with their hands' reports."""
    for i, player in enumerate(document["players"]):
        _time(player["created_at"], ("players", i, "created_at"))
    _time(document["exported_at"], ("exported_at",))
    hands = sum(len(match["hands"]) for match in document["matches"])
    if hands > MAX_HANDS:
        raise BadBackup("too_many_hands", ("matches",), most=MAX_HANDS, count=hands)
    seen: set[str] = set()
    checked = []
    reports = Reports()
    for i, match in enumerate(document["matches"]):
        if match["uid"] in seen:
            raise BadBackup("repeated_uid", ("matches", i, "uid"))
        seen.add(match["uid"])
        checked.append(MatchCheck(match, ("matches", i), reports).run())
    return CheckedBackup(document["players"], checked)


class Reports:
    """The referee's report on each entry read so far: the trail holds each hand's entry again (as saved, and
    before and after each correction), and the same entry under the same rules gets the same report.

    And the time the checks may take. A real entry is checked in a fraction of a millisecond, but a crafted one
    (a pile of nearly all even cards, many suspects) takes up to some 30 ms, and 8 MB hold over 20 000 of them:
    past CHECK_SECONDS the file is refused, before the worker's own timeout would answer 500.
    """

    def __init__(self) -> None:
        self.known: dict[tuple[Ruleset, str], tuple[HandEntry, HandReport]] = {}
        self.deadline = time.monotonic() + CHECK_SECONDS

    def of(self, ruleset: Ruleset, entry: dict[str, Any], where: Where) -> tuple[HandEntry, HandReport]:
        """The entry as the services' reader reads it (the file keeps the stored encoding, unmarked), and the
        referee's report on it."""
        key = (ruleset, json.dumps(entry, sort_keys=True))
        if key not in self.known:
            if time.monotonic() > self.deadline:
                raise BadBackup("too_slow", most=round(CHECK_SECONDS))
            try:
                read = checked_entry(ruleset, entry)
                self.known[key] = (read, check_hand(read))
            except InvalidEntry as error:
                problem = error.problems[0]
                raise BadBackup("entry_unreadable", (*where, "entry", *problem.location), problem=problem) from None
        return self.known[key]


class MatchCheck:
    """The checks of one match of a backup: seats, rules, hands, trail."""

    def __init__(self, match: dict[str, Any], where: Where, reports: Reports) -> None:
        self.match = match
        self.where = where
        self.reports = reports
        self.seats = len(match["seats"])
        self.sides = 2 if match["partnerships"] else self.seats

    def run(self) -> CheckedMatch:
        """Every check, in the order of the file; the match with its hands' reports."""
        match, where = self.match, self.where
        for key in ("created_at", "updated_at", "finished_at"):
            if match[key] is not None:
                _time(match[key], (*where, key))
        try:
            self.ruleset = stored_ruleset(match["rules"]["preset"], {k: v for k, v in match["rules"].items()
                                                                     if k != "preset"})
        except (InvalidOption, UnknownRuleset):
            raise BadBackup("bad_rules", (*where, "rules")) from None
        self.check_seats()
        if match["first_dealer"] is not None:
            self.seat(match["first_dealer"], (*where, "first_dealer"))
        reports = self.check_hands()
        self.check_result()
        self.check_trail()
        return CheckedMatch(match, self.ruleset, reports)

    def seat(self, seat: int, where: Where) -> None:
        """A seat index the match has."""
        if seat >= self.seats:
            raise BadBackup("no_such_seat", where, seat=seat + 1, seats=self.seats)

    def side(self, side: int, where: Where) -> None:
        """A side index the match has."""
        if side >= self.sides:
            raise BadBackup("no_such_side", where, side=side + 1, sides=self.sides)

    def check_seats(self) -> None:
        """Seats in the order of play from 0, four for partnerships, each on its side."""
        if self.match["partnerships"] and self.seats != 4:
            raise BadBackup("partnerships_need_four", (*self.where, "seats"))
        for i, seat in enumerate(self.match["seats"]):
            if seat["position"] != i:
                raise BadBackup("seat_order", (*self.where, "seats", i, "position"), expected=i)
            if seat["side"] != side_of_seat(i, self.seats, self.sides):
                raise BadBackup("seat_side", (*self.where, "seats", i, "side"),
                                expected=side_of_seat(i, self.seats, self.sides))

    def check_hands(self) -> list[HandReport]:
        """Hands numbered 1…n, dealt from the match's seats, each entry read by the rules core."""
        hands = self.match["hands"]
        if hands and self.match["first_dealer"] is None:
            raise BadBackup("no_first_dealer", (*self.where, "first_dealer"))
        tokens: set[str] = set()
        reports = []
        for i, hand in enumerate(hands):
            where = (*self.where, "hands", i)
            if hand["number"] != i + 1:
                raise BadBackup("hand_order", (*where, "number"), expected=i + 1)
            for key in ("created_at", "updated_at"):
                _time(hand[key], (*where, key))
            for j, side in enumerate(hand["erred"] or []):
                self.side(side, (*where, "erred", j))
            if hand["client_token"] is not None:
                if hand["client_token"] in tokens:
                    raise BadBackup("repeated_token", (*where, "client_token"))
                tokens.add(hand["client_token"])
            reports.append(self.entry(hand, where))
            if "waiting" in hand:
                self.check_waiting(hand["waiting"], (*where, "waiting"))
        return reports

    def check_waiting(self, waiting: dict[str, Any], where: Where) -> None:
        """A hand waiting for the other sides: only under the house rule; its stands of sides the match has, its
        versions labelled once each, their entries read as a hand's; none that every side stands behind already
        (the app would have counted it), so that a step on it after the restore settles it as the app does."""
        if self.ruleset.confirm_hands is not Confirm.OTHER_SIDES:
            raise BadBackup("invalid", where)
        if waiting["called_at"] is not None:
            _time(waiting["called_at"], (*where, "called_at"))
        if waiting["entered_by"] is not None:
            self.stand(waiting["entered_by"], (*where, "entered_by"))
        self.stands(waiting["stands"], (*where, "stands"))
        self.versions(waiting["versions"], (*where, "versions"))  # B, C…: the schema says

    def stand(self, stand: dict[str, Any], where: Where) -> None:
        """A phone's stand: a side the match has, or none."""
        if stand["side"] is not None:
            self.side(stand["side"], (*where, "side"))

    def stands(self, stands: list[dict[str, Any]], where: Where) -> None:
        """The stands behind one version of a waiting hand: fewer voices than the match has sides."""
        for j, stand in enumerate(stands):
            self.stand(stand, (*where, j))
        if voices([{"user": None, **stand} for stand in stands]) >= self.sides:
            raise BadBackup("invalid", where)

    def versions(self, versions: list[dict[str, Any]], where: Where) -> None:
        """Versions of a hand, each labelled once, read as a hand's entry, with who entered each and its stands."""
        labels: set[str] = set()
        for j, version in enumerate(versions):
            at = (*where, j)
            if version["label"] in labels:
                raise BadBackup("repeated", (*at, "label"))
            labels.add(version["label"])
            self.entry(version, at)
            if "by" in version:
                self.stand(version["by"], (*at, "by"))
            self.stands(version["stands"], (*at, "stands"))

    def entry(self, facts: dict[str, Any], where: Where) -> HandReport:
        """A hand's dealer, points and entry (as a hand keeps them, or the trail): the referee's report on it."""
        self.seat(facts["dealer"], (*where, "dealer"))
        if len(facts["points"]) != self.sides:
            raise BadBackup("points_count", (*where, "points"), sides=self.sides)
        entry = facts["entry"]
        if len(entry["sides"]) != self.sides:
            raise BadBackup("entry_sides", (*where, "entry", "sides"), sides=self.sides)
        read, report = self.reports.of(self.ruleset, entry, where)
        if not fits_mode(facts["mode"], read):
            raise BadBackup("entry_mode", (*where, "entry"), mode=facts["mode"])
        return report

    def check_result(self) -> None:
        """The winner and whether the match is over as the points of the hands that count make them: no winner
        while a hand waits (as services/waiting.py: counted_standing)."""
        hands = self.match["hands"]
        result = standing(self.ruleset.target, totals((h["points"] for h in hands if "waiting" not in h),
                                                      self.sides))
        winner = None if any("waiting" in h for h in hands) else result.winner
        if (winner is not None, winner) != (self.match["finished"], self.match["winner"]):
            raise BadBackup("result_differs", (*self.where, "winner"))

    def check_trail(self) -> None:
        """Each change's seats, sides and entries the match has; what one names, an earlier change it can."""
        trail = self.match["trail"]
        for i, event in enumerate(trail):
            where = (*self.where, "trail", i)
            for key, facts in (("before", event["before"]), ("after", event["after"])):
                for inner, seat in _seats_named(event["kind"], facts):
                    self.seat(seat, (*where, key, *inner))
                if event["kind"] in ("finished", "reopened") and facts and facts["winner"] is not None:
                    self.side(facts["winner"], (*where, key, "winner"))
                if event["kind"] in HAND_KINDS and facts and "entry" in facts:
                    self.entry(facts, (*where, key))
                elif event["kind"] in HAND_KINDS and facts and "dealer" in facts:  # the first trails' corrections
                    self.seat(facts["dealer"], (*where, key, "dealer"))
            self.check_step(event, where)
            for name, kinds in REFERENCES.items():
                target = (event["after"] or {}).get(name)
                if target is not None and not (target < i and trail[target]["kind"] in kinds):
                    raise BadBackup("bad_reference", (*where, "after", name))
            _time(event["at"], (*where, "at"))

    def check_step(self, event: dict[str, Any], where: Where) -> None:
        """A step on a waiting hand: the side of the phone that took it, a version entered read as a hand's entry,
        the versions a decided hand had (A first, then the others, each once) and the one taken among them."""
        kind, after = event["kind"], event["after"]
        if kind in STEP_KINDS and after["side"] is not None:
            self.side(after["side"], (*where, "after", "side"))
        if kind == "version_entered":
            self.entry(after, (*where, "after"))
            self.stand(after["by"], (*where, "after", "by"))
        if kind == "hand_decided":
            versions = after["versions"]
            if versions[0]["label"] != "A":  # the hand's own entry first (services/confirmations.py: versions_of)
                raise BadBackup("not_allowed", (*where, "after", "versions", 0, "label"), choices=['"A"'])
            self.versions(versions, (*where, "after", "versions"))
            labels = [version["label"] for version in versions]
            if after["label"] is not None and after["label"] not in labels:
                raise BadBackup("not_allowed", (*where, "after", "label"),
                                choices=[*(json.dumps(label) for label in labels), "null"])


def _seats_named(kind: str, facts: dict[str, Any] | None) -> Iterator[tuple[Where, int]]:
    """The seat indexes a change of this kind names, each with its place inside the change."""
    if not facts:
        return
    if kind == "first_dealer" and facts.get("seat") is not None:
        yield ("seat",), facts["seat"]
    if kind in ("first_dealer", "draw_tie"):
        for seat in facts.get("drawn") or {}:
            yield ("drawn", seat), int(seat)
        for j, seat in enumerate(facts.get("redraw") or []):
            yield ("redraw", j), seat


def fits_mode(mode: str, entry: HandEntry) -> bool:
    """True when an entry, as the entry reader reads it, is of a kind its mode holds: as the app stores them.

    "cards": by every card (the page by cards, the match API by cards). "tally": by counts (the page by counts,
    and the match API by tallies whatever their form: a side given as "rest", the leftover as its cards; the API
    names its hands' mode by the same test, referee/views/api/hands.py). "quick": the quick page's piles (by
    cards) or its counts, which always give the leftover's cards.
    """
    if mode == "cards":
        return isinstance(entry, CardEntry)
    if mode == "tally":
        return isinstance(entry, TallyEntry)
    return isinstance(entry, CardEntry) or entry.leftover is not None


def _time(text: str, where: Where) -> datetime:
    """A moment of the file (the schema checked its form), as the database keeps it: naive UTC."""
    try:
        return datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        raise BadBackup("bad_time", where) from None


def moment(text: str | None) -> datetime | None:
    """A checked moment of the file, or None."""
    return None if text is None else datetime.fromisoformat(text.removesuffix("Z"))


__all__ = ["FORMAT", "MAX_DEPTH", "MAX_HANDS", "VERSION", "BadBackup", "CheckedBackup", "CheckedMatch", "Problem",
           "moment", "read_backup", "schema"]
