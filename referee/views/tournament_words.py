"""Tournaments in the reader's words: what separated two lines of the standings, a table's state, why a table was
paired so (a format's name: referee/words/format_words.py; why the service refused something:
views/refusal_words.py)."""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _

from ..pairings import Reason, Tiebreak
from ..services.formats import TableWhy
from ..services.tournament_reasons import pairing_reasons
from ..services.tournament_rounds import ResultChange
from ..services.tournament_tables import Round, Table, TableState
from ..services.tournaments import TournamentInfo


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


def why_words(why: TableWhy) -> str:
    """Why a table was paired so, in a line (docs/tournaments.md, "Why a table was paired so")."""
    reason, numbers = why.reason, why.numbers
    if reason is Reason.SCHEDULE:
        return _("Round robin: round %(number)d of the schedule", number=numbers[0])
    if reason is Reason.SEEDS:
        return _("Knockout: seeds %(home)d and %(away)d", home=numbers[0], away=numbers[1])
    if reason is Reason.WINNERS:
        tables = [number for number in numbers if number]
        if len(tables) == 2:
            return _("Knockout: winners of tables %(first)d and %(second)d", first=tables[0], second=tables[1])
        if tables:
            return _("Knockout: winner of table %(number)d and a bye", number=tables[0])
        return _("Knockout: both had a bye")
    return {
        Reason.SAME_SCORE: _("Same score, not met before"),
        Reason.FLOATED_ODD: _("Floated down: odd score group"),
        Reason.FLOATED_MET: _("Floated down: its score group could not avoid a rematch"),
        Reason.REMATCH: _("Rematch: no other pairing"),
        Reason.BYE: _("Bye: lowest-ranked without a bye"),
        Reason.BYE_AGAIN: _("Bye: everyone has had one; lowest-ranked"),
        Reason.BYE_HIGHER: _("Bye: one ranked lower would have forced a rematch or a lopsided table"),
        Reason.TOP_SEED_BYE: _("Bye: a top seed"),
        Reason.THIRD_PLACE: _("Third-place match: the semi-finals' losers"),
    }[reason]


def reasons_of(info: TournamentInfo, rounds: list[Round],
               trail: list[ResultChange] | None = None) -> Callable[[Table], str]:
    """Why each table of these rounds was paired so, in words, for a template (`trail`: the results' trail when the
    page has read it)."""
    whys = pairing_reasons(info, rounds, trail)
    return lambda table: why_words(whys[table.id]) if table.id in whys else ""
