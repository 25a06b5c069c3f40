"""A tournament's standings and all its results as CSV, for a spreadsheet, for every member of the club.

Written by Python's csv module in UTF-8 (with the byte-order mark spreadsheets look for, as a match's CSV), a header
row in the reader's language, names as typed; a cell that would read as a formula is made plain text
(services/exports.py's `cell`). Anyone who is no member gets 404, as for every page of the club.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

from flask import Blueprint
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import login_required

from ..search_keys import search_key
from ..services.exports import cell
from ..services.tournament_board import member_board
from ..services.tournament_standings import Standing
from ..services.tournament_tables import Round
from ..services.tournaments import TournamentInfo
from .downloads import attachment
from .lookups import seen
from .tournament_words import state_words, tiebreak_words

bp = Blueprint("tournament_exports", __name__)

_NOT_IN_FILENAME = re.compile(r"[^a-z0-9]+")


def as_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """The rows as CSV under their header, every cell safe to open."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(text) for text in header])
    writer.writerows([cell(value) for value in row] for row in rows)
    return "\ufeff" + out.getvalue()


def filename(info: TournamentInfo, what: str) -> str:
    """A plain ASCII file name: 'friday-night-standings-2026-12-03.csv'."""
    slug = _NOT_IN_FILENAME.sub("-", search_key(info.name)).strip("-")[:50].strip("-") or "tournament"
    return f"{slug}-{what}-{info.created_at:%Y-%m-%d}.csv"


def standings_rows(lines: list[Standing]) -> list[list[Any]]:
    """A line per entrant, first place first."""
    return [[line.row.place, line.entrant.name, line.entrant.seed, line.row.played, line.row.won, line.row.drawn,
             line.row.lost, line.row.byes, line.row.match_points, line.row.points_for, line.row.points_against,
             line.row.difference, line.row.buchholz, "" if line.row.head_to_head is None else line.row.head_to_head,
             tiebreak_words(line.row.separated_by)] for line in lines]


def result_rows(rounds: list[Round]) -> list[list[Any]]:
    """A line per table of every round (a bye too), in the order played."""
    rows: list[list[Any]] = []
    for one in rounds:
        for table in one.tables:
            result = table.result or (None, None)
            winner = table.winner
            rows.append([one.number, "" if table.number is None else table.number, table.home.name,
                         table.away.name if table.away else "", "" if result[0] is None else result[0],
                         "" if result[1] is None else result[1], state_words(table.state),
                         winner.name if winner else ""])
    return rows


@bp.get("/tournaments/<int:tournament_id>/standings.csv")
@login_required
def standings_csv(tournament_id: int) -> ResponseReturnValue:
    """The standings now, as the standings page shows them."""
    info = seen(tournament_id)
    board = member_board(info)
    header = [_("Place"), _("Entrant"), _("Seed"), _("Played"), _("Won"), _("Drawn"), _("Lost"), _("Byes"),
              _("Match points"), _("Points for"), _("Points against"), _("Point difference"), _("Opponents' score"),
              _("Head to head"), _("Below the line above by")]
    return attachment(as_csv(header, standings_rows(board.standings)), "text/csv", filename(info, "standings"))


@bp.get("/tournaments/<int:tournament_id>/results.csv")
@login_required
def results_csv(tournament_id: int) -> ResponseReturnValue:
    """Every table of every round: its players, its result (empty while it has none), its state and winner."""
    info = seen(tournament_id)
    board = member_board(info)
    header = [_("Round"), _("Table"), _("Home"), _("Away"), _("Home points"), _("Away points"), _("State"),
              _("Winner")]
    return attachment(as_csv(header, result_rows(board.rounds)), "text/csv", filename(info, "results"))
