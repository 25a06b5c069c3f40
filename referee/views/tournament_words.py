"""Tournaments in the reader's words: a format's name, what separated two lines of the standings, a table's state,
and why the service refused something."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from ..pairings import Tiebreak
from ..services.errors import Conflict
from ..services.tournament_tables import TableState
from ..services.tournaments import Format


def format_words(format: Format, rounds: int | None = None) -> str:
    """A format as the pages name it (a Swiss event with its rounds)."""
    if format == Format.SWISS:
        return ngettext("Swiss, %(num)d round", "Swiss, %(num)d rounds", rounds or 0)
    return _("Round robin") if format == Format.ROUND_ROBIN else _("Knockout")


def tiebreak_words(tiebreak: Tiebreak | None) -> str:
    """What put a line of the standings below the one above (nothing when it shares the place)."""
    if tiebreak is None:
        return ""
    return {Tiebreak.MATCH_POINTS: _("match points"), Tiebreak.POINT_DIFFERENCE: _("point difference"),
            Tiebreak.BUCHHOLZ: _("opponents' score"), Tiebreak.HEAD_TO_HEAD: _("head to head")}[tiebreak]


def state_words(state: TableState) -> str:
    """Where a table is."""
    return {TableState.BYE: _("bye"), TableState.PLAYING: _("playing"), TableState.FINISHED: _("finished"),
            TableState.BY_HAND: _("recorded by hand")}[state]


def tables_words(tables: tuple[int, ...]) -> str:
    """The table numbers, as a list to read."""
    return ", ".join(str(number) for number in tables)


def conflict_words(conflict: Conflict) -> str:
    """Why a tournament's service refused, in the reader's words."""
    params = conflict.params
    listed = params.get("tables", ())
    tables = tuple(int(number) for number in listed) if isinstance(listed, tuple) else ()
    words = {
        "name": lambda: _("Give the tournament a name."),
        "entrants": lambda: _("A tournament needs from 2 to 128 entrants."),
        "players": lambda: _("Every entrant of a tournament of partnerships is two players, and otherwise one."),
        "twice": lambda: _("%(name)s is entered twice.", name=params.get("name", "")),
        "not_member": lambda: _("Only the club's members can be entered by their accounts."),
        "name_needed": lambda: _("Every player needs a name."),
        "rounds": lambda: _("With these entrants a Swiss event plays at most %(most)d rounds.",
                            most=params.get("most", 0)),
        "round_open": lambda: _("Round %(number)d is still being played (tables %(tables)s): record or wait for "
                                "their results first.", number=params.get("number", 0), tables=tables_words(tables))
        if tables else _("Round %(number)d was started on another phone a moment ago.", number=params.get("number", 0)),
        "unfinished": lambda: ngettext("Table %(tables)s has no result yet.", "Tables %(tables)s have no result yet.",
                                       len(tables), tables=tables_words(tables)),
        "finished": lambda: _("Every round of this tournament has been played."),
        "no_round": lambda: _("No round has started yet."),
        "bye": lambda: _("A bye has no result to record."),
        "points": lambda: _("Points go from 0 to %(most)d.", most=params.get("most", 0)),
        "reason": lambda: _("Say why the result is recorded by hand."),
        "draw": lambda: _("A knockout match needs a winner: the points cannot be equal."),
        "bracket_moved": lambda: _("The next round was paired from this result: the winner can no longer change."),
        "tournament": lambda: _("A tournament's match has no rematch: the tournament pairs the next round."),
        "settled": lambda: _("This table's round is closed, so its hands can no longer change. Only the tournament's "
                             "organiser can change its result, by hand."),
        "bracket_broken": lambda: _("A round of this knockout is missing tables (its start was interrupted by an "
                                    "older version of the app), so the next round cannot be paired from it."),
    }
    return words.get(conflict.reason, lambda: _("This cannot be done now."))()
