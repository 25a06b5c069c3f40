"""Tournaments in the reader's words: what separated two lines of the standings, a table's state (a format's name:
referee/words/format_words.py; why the service refused something: views/refusal_words.py)."""

from __future__ import annotations

from flask_babel import gettext as _

from ..pairings import Tiebreak
from ..services.tournament_tables import TableState


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
