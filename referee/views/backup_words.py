"""A refused backup file in the reader's words: what is wrong, where in the file in plain words ("match 2,
hand 3, “points”"), and the JSON path for whoever opens the file ($.matches[1].hands[2].points)."""

from __future__ import annotations

import re
from collections.abc import Callable

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from ..services.backup_checks import BadBackup, Where
from ..words.messages import problem_words, shortened

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TIMES = ("at", "created_at", "updated_at", "finished_at", "exported_at")


def _file_words(error: BadBackup) -> str | None:
    """The words for a file that is not a backup at all, or too much of one; None for a problem at a place."""
    p = error.params
    words: dict[str, Callable[[], str]] = {
        "too_big": lambda: _("The file is larger than %(size)s MB, the most one import takes.",
                             size=p["most"] // (1024 * 1024)),
        "not_text": lambda: _("The file is not text: a backup is a JSON text file."),
        "not_json": lambda: _("The file is not JSON (it stops making sense at line %(line)s, column %(column)s).",
                              line=p["line"], column=p["column"]),
        "not_json_number": lambda: _("The file holds a number JSON does not allow (NaN, Infinity, or one "
                                     "thousands of digits long)."),
        "too_deep": lambda: _("The file nests lists and objects more than %(most)s levels deep: it is not a "
                              "backup.", most=p["most"]),
        "not_object": lambda: _("The file is JSON, but not a backup: a backup is one JSON object."),
        "wrong_format": lambda: _("The file is JSON, but not an Escoba Referee backup: its “format” is not "
                                  "“escoba-referee-backup”."),
        "wrong_version": lambda: _("The file is a backup of version %(version)s; this app reads version "
                                   "%(known)s.", version=p["version"], known=p["known"]),
        "too_many_hands": lambda: _("The file holds %(count)s hands; one import takes at most %(most)s.",
                                    count=p["count"], most=p["most"]),
        "too_slow": lambda: _("Checking the file took more than %(most)s seconds and was stopped, where a backup "
                              "this app writes takes a few: nothing of it was added.", most=p["most"]),
    }
    return words[error.code]() if error.code in words else None


def _kinds(kinds: list[str]) -> str:
    """JSON types in words: 'a whole number or null'."""
    names = {"integer": _("a whole number"), "number": _("a number"), "string": _("text"), "array": _("a list"),
             "object": _("an object"), "boolean": _("true or false"), "null": _("null")}
    return format_list([names.get(kind, kind) for kind in kinds], style="or", locale=get_locale())


def _bad_form(where: Where) -> str:
    """What a text of this place should look like."""
    last = next((part for part in reversed(where) if isinstance(part, str)), "")
    if last in _TIMES:
        return _("should be a moment in UTC such as 2026-05-01T18:30:00.000000Z")
    if last == "uid":
        return _("should be 32 hexadecimal digits")
    if last in ("name", "player", "seats"):
        return _("should be a name of 1 to 40 characters, without control characters")
    if last in ("cards", "leftover", "drawn"):
        return _("should be a card code such as 7o")
    if last == "client_token":
        return _("should be 1 to 64 printable characters, without spaces")
    return _("is not in the form a backup writes")


def _problem(error: BadBackup) -> str:
    """What is wrong at the place named."""
    p = error.params
    words: dict[str, Callable[[], str]] = {
        "missing": lambda: _("is missing"),
        "unknown_field": lambda: _("is not a field a backup has"),
        "too_small": lambda: _("should be at least %(limit)s", limit=p["limit"]),
        "too_large": lambda: _("should be at most %(limit)s", limit=p["limit"]),
        "too_few": lambda: ngettext("should hold at least %(num)d item", "should hold at least %(num)d items",
                                    p["limit"]),
        "too_many": lambda: ngettext("should hold at most %(num)d item", "should hold at most %(num)d items",
                                     p["limit"]),
        "too_short": lambda: ngettext("should be at least %(num)d character long",
                                      "should be at least %(num)d characters long", p["limit"]),
        "too_long": lambda: ngettext("should be at most %(num)d character long",
                                     "should be at most %(num)d characters long", p["limit"]),
        "wrong_type": lambda: _("should be %(kinds)s", kinds=_kinds(p["kinds"])),
        "not_allowed": lambda: _("should be one of: %(choices)s", choices=", ".join(p["choices"])),
        "bad_form": lambda: _bad_form(error.where),
        "repeated": lambda: _("holds the same item twice"),
        "invalid": lambda: _("is not valid here"),
        "bad_time": lambda: _("is not a real moment in time"),
        "bad_rules": lambda: _("are rules this app does not know"),
        "no_such_seat": lambda: _("names seat %(seat)s, but the match has %(seats)s seats", **p),
        "no_such_side": lambda: _("names side %(side)s, but the match has %(sides)s sides", **p),
        "partnerships_need_four": lambda: _("partnerships need four seats"),
        "seat_order": lambda: _("should be %(expected)s: seats are listed in the order of play, from 0", **p),
        "seat_side": lambda: _("should be %(expected)s, the side this seat plays for", **p),
        "no_first_dealer": lambda: _("is missing: a match with hands has a first dealer"),
        "hand_order": lambda: _("should be %(expected)s: hands are numbered 1, 2, 3… in order", **p),
        "repeated_token": lambda: _("is the same as another hand's of this match"),
        "repeated_uid": lambda: _("is the same as another match's of the file"),
        "points_count": lambda: _("should hold one number per side (%(sides)s)", **p),
        "entry_sides": lambda: _("should hold one item per side (%(sides)s)", **p),
        "entry_mode": lambda: _("is not an entry of the kind its mode (%(mode)s) says", **p),
        "entry_unreadable": lambda: _("the referee cannot read this entry: %(problem)s",
                                      problem=problem_words(p["problem"])),
        "result_differs": lambda: _("does not follow from the points of the hands"),
        "bad_reference": lambda: _("names a change of the trail that is not an earlier one of its kind"),
    }
    return words[error.code]() if error.code in words else _("is not valid here")


def place_words(where: Where) -> str:
    """A place in the file in plain words: 'match 2, hand 3, “points”'."""
    named: dict[str, Callable[[int], str]] = {
        "matches": lambda n: _("match %(number)s", number=n), "hands": lambda n: _("hand %(number)s", number=n),
        "seats": lambda n: _("seat %(number)s", number=n), "players": lambda n: _("player %(number)s", number=n),
        "trail": lambda n: _("change %(number)s of the trail", number=n),
        "sides": lambda n: _("side %(number)s", number=n)}
    parts: list[str] = []
    i = 0
    while i < len(where):
        part, following = where[i], where[i + 1] if i + 1 < len(where) else None
        if isinstance(part, str) and part in named and isinstance(following, int):
            parts.append(named[part](following + 1))
            i += 2
            continue
        parts.append(_("item %(number)s", number=part + 1) if isinstance(part, int)
                     else _("“%(field)s”", field=shortened(part)))
        i += 1
    return ", ".join(parts)


def json_path(where: Where) -> str:
    """A place in the file as a JSON path: $.matches[1].hands[2].points."""
    text = "$"
    for part in where:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part):
            text += f".{shortened(part)}"
        else:
            text += "[" + repr(shortened(part)) + "]"
    return text


def backup_words(error: BadBackup) -> str:
    """A refused file's problem in a sentence."""
    whole = _file_words(error)
    if whole is not None:
        return whole
    if not error.where:
        return _("The file is not a backup this app can restore: %(problem)s.", problem=_problem(error))
    place = place_words(error.where)
    return _("%(place)s: %(problem)s. In the file: %(path)s", place=place[:1].upper() + place[1:],
             problem=_problem(error), path=json_path(error.where))


__all__ = ["backup_words", "json_path", "place_words"]

