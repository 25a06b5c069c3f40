"""A tournament's standings, live: every table with a result counts (a finished match's final scores, or the result
the organiser recorded by hand), a table still playing does not; ranked by referee.pairings.standings, with the
tiebreaks docs/tournaments.md states."""

from __future__ import annotations

from dataclasses import dataclass

from ..pairings import StandingRow, standings
from .tournament_tables import results_of_tournament
from .tournaments import Entrant, TournamentInfo


@dataclass(frozen=True)
class Standing:
    """One line of the table: the entrant and its row (place, counts, tiebreaks, what separated it)."""

    entrant: Entrant
    row: StandingRow[int]


def tournament_standings(info: TournamentInfo) -> list[Standing]:
    """The standings now, first place first, as a member of the club sees them (`info`: the tournament as
    get_tournament read it for that member)."""
    rows = standings([entrant.id for entrant in info.entrants], results_of_tournament(info.id))
    return [Standing(info.entrant(row.entrant), row) for row in rows]
