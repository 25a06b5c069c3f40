"""Why each table of a tournament's rounds was paired so, worked out again for the pages and the API: a table's
reason is not stored (it would need a column), but it follows from the rounds before it as they stood when it was
paired, which the results' trail keeps (docs/tournaments.md, "Why a table was paired so").

A Swiss round was paired from the results as they were when it started; a result recorded or corrected by hand
afterwards is read as it was then (the trail's "before" of the first change made after the start), so the reason
shown is the one the pairing had, whatever was corrected since.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from datetime import datetime

from .formats import TableWhy
from .tournament_rounds import ResultChange, result_trail
from .tournament_tables import Round
from .tournaments import TournamentInfo


def pairing_reasons(info: TournamentInfo, rounds: list[Round],
                    trail: list[ResultChange] | None = None) -> dict[int, TableWhy]:
    """Each table's reason, by table id (`trail`: result_trail(info) when the caller has read it already; read
    here otherwise, in one query)."""
    changes = result_trail(info) if trail is None else trail
    by_table: dict[tuple[int, int | None], list[ResultChange]] = defaultdict(list)
    for change in sorted(changes, key=lambda change: (change.at, change.id)):
        by_table[change.round_number, change.table_number].append(change)
    reasons: dict[int, TableWhy] = {}
    for index, paired in enumerate(rounds):
        before = [as_at(one, paired.started_at, by_table) for one in rounds[:index]]
        reasons.update((table.id, why) for table, why in zip(
            paired.tables, info.format.reasons(info, before, paired), strict=True))
    return reasons


def as_at(played: Round, moment: datetime,
          by_table: dict[tuple[int, int | None], list[ResultChange]]) -> Round:
    """A round's tables with their results as they were at that moment: a table changed by hand later had the
    result its first later change replaced."""
    tables = []
    for table in played.tables:
        later = [change for change in by_table.get((played.number, table.number), ()) if change.at > moment]
        tables.append(replace(table, result=later[0].before) if later else table)
    return replace(played, tables=tuple(tables))
