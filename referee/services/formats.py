"""A tournament's format is one object in a registry, found by its name (python-chess's VARIANTS, CTFd's
CHALLENGE_CLASSES): how many rounds it plays, how it pairs the next one, whether a table may end in a draw, what
a result recorded by hand may not change, and what the "New tournament" form asks of it.

Everything else reads these objects: the services (tournaments.py makes a tournament of a format,
tournament_rounds.py starts and closes its rounds), the form and the API (their choices are FORMATS' names), the
OpenAPI document (its enums) and the pages (the words of each, in referee/words/format_words.py). Adding a format is
a subclass here, its words there, and its pairing in referee/pairings when it needs a new one (docs/architecture.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from ..pairings import (
    InvalidWinners,
    Pairing,
    Reason,
    Result,
    knockout_bracket,
    round_robin,
    swiss_reasons,
    swiss_round,
)
from .errors import Conflict
from .refusals import TournamentRefusal

MAX_SWISS_ROUNDS = 15


# What a format reads of a tournament and its rounds: services/tournaments.py's TournamentInfo and
# services/tournament_tables.py's Round and Table are these (protocols, so that the registry imports neither).
class HasId(Protocol):
    """An entrant: its id."""

    @property
    def id(self) -> int: ...


class Setup(Protocol):
    """A tournament as its format reads it: its entrants' ids in seed order, the rounds asked for, a third-place
    match asked for."""

    @property
    def seeds(self) -> list[int]: ...

    @property
    def rounds_planned(self) -> int | None: ...

    @property
    def third_place(self) -> bool: ...


class PlayedTable(Protocol):
    """A table of a round: its number (None for a bye), who sits at it, who won it (None without a result, or for a
    draw), its results."""

    @property
    def number(self) -> int | None: ...

    @property
    def home(self) -> HasId: ...

    @property
    def away(self) -> HasId | None: ...

    @property
    def winner(self) -> HasId | None: ...

    def rows(self) -> tuple[Result[int], ...]: ...


class PlayedRound(Protocol):
    """A round started: its number and its tables."""

    @property
    def number(self) -> int: ...

    @property
    def tables(self) -> Sequence[PlayedTable]: ...


@dataclass(frozen=True)
class TableWhy:
    """Why a table of a round was paired so: the pairings core's reason, and the numbers its words name (a round
    robin's round of the schedule; a knockout's two seeds, or the tables of the round before its two won, 0 for a
    bye)."""

    reason: Reason
    numbers: tuple[int, ...] = ()


def _results(rounds: Sequence[PlayedRound]) -> list[Result[int]]:
    """Every result of the rounds played, as the pairings core counts them."""
    return [row for played in rounds for table in played.tables for row in table.rows()]


class TournamentFormat(ABC):
    """One way a tournament pairs its rounds (docs/tournaments.md)."""

    name: ClassVar[str]  # stored with the tournament, and the API's and the form's value
    asks_rounds: ClassVar[bool] = False  # the organiser says how many rounds it plays
    offers_third_place: ClassVar[bool] = False  # a third-place match may be asked for
    draws: ClassVar[bool] = True  # a table's result may be a draw

    def __str__(self) -> str:
        """Its name, as stored."""
        return self.name

    def __repr__(self) -> str:
        """`FORMATS['swiss']`: what finds it again."""
        return f"FORMATS[{self.name!r}]"

    @abstractmethod
    def planned_rounds(self, info: Setup) -> int:
        """How many rounds the tournament plays in all."""

    @abstractmethod
    def pairings(self, info: Setup, rounds: Sequence[PlayedRound]) -> list[Pairing[int]]:
        """The next round's pairings by entrant id, after the rounds played (fewer than planned)."""

    @abstractmethod
    def reasons(self, info: Setup, rounds: Sequence[PlayedRound], paired: PlayedRound) -> list[TableWhy]:
        """Why each table of `paired` was paired so, by its tables' order, from the rounds before it as they stood
        when it was paired."""

    def most_rounds(self, entrants: int) -> int:
        """The most rounds the organiser may ask for, with this many entrants (a format that asks)."""
        return 0

    def check_result(self, rounds: Sequence[PlayedRound], round_number: int, table: PlayedTable, home_points: int,
                     away_points: int) -> None:
        """Refuse a result recorded by hand that the format cannot take (Conflict): a draw where a table needs a
        winner. `round_number`: the table's round; `rounds`: every round started."""
        if not self.draws and home_points == away_points:
            raise Conflict(TournamentRefusal.DRAW)


class RoundRobin(TournamentFormat):
    """Everyone plays everyone, on the circle method's schedule."""

    name = "round_robin"

    def planned_rounds(self, info: Setup) -> int:
        """The schedule's rounds: one less than the entrants, or as many when they are odd (a bye each round)."""
        return len(round_robin(info.seeds))

    def pairings(self, info: Setup, rounds: Sequence[PlayedRound]) -> list[Pairing[int]]:
        """The schedule's next round."""
        return round_robin(info.seeds)[len(rounds)]

    def reasons(self, info: Setup, rounds: Sequence[PlayedRound], paired: PlayedRound) -> list[TableWhy]:
        """Every table: the schedule's round of that number."""
        return [TableWhy(Reason.SCHEDULE, (paired.number,)) for _table in paired.tables]


class Swiss(TournamentFormat):
    """A set number of rounds, each paired by score among those who have not met."""

    name = "swiss"
    asks_rounds = True

    def planned_rounds(self, info: Setup) -> int:
        """The rounds the organiser asked for."""
        return info.rounds_planned or 0

    def most_rounds(self, entrants: int) -> int:
        """One less than the entrants (everyone may meet everyone once), at most MAX_SWISS_ROUNDS."""
        return min(entrants - 1, MAX_SWISS_ROUNDS)

    def pairings(self, info: Setup, rounds: Sequence[PlayedRound]) -> list[Pairing[int]]:
        """The next round paired from the results so far."""
        return swiss_round(info.seeds, _results(rounds))

    def reasons(self, info: Setup, rounds: Sequence[PlayedRound], paired: PlayedRound) -> list[TableWhy]:
        """The pairings core's reasons (referee.pairings.swiss_reasons) from the results the round was paired from."""
        pairings = [Pairing(table.home.id, table.away.id if table.away is not None else None)
                    for table in paired.tables]
        return [TableWhy(reason) for reason in swiss_reasons(info.seeds, _results(rounds), pairings)]


class Knockout(TournamentFormat):
    """Win or go home: a bracket seeded the standard way, its winners paired for the next round."""

    name = "knockout"
    offers_third_place = True
    draws = False

    def planned_rounds(self, info: Setup) -> int:
        """The bracket's rounds (its third-place match played beside the final)."""
        return knockout_bracket(info.seeds, info.third_place).round_count

    def pairings(self, info: Setup, rounds: Sequence[PlayedRound]) -> list[Pairing[int]]:
        """The bracket's next round, from the winners of the rounds played (Conflict 'bracket_broken' for rounds
        that are not its own: a start interrupted by an older version left tables out)."""
        bracket = knockout_bracket(info.seeds, info.third_place)
        try:
            for played in rounds:
                bracket = bracket.advance([table.winner.id for table in played.tables if table.winner is not None])
        except InvalidWinners:
            raise Conflict(TournamentRefusal.BRACKET_BROKEN) from None
        return list(bracket.current)

    def reasons(self, info: Setup, rounds: Sequence[PlayedRound], paired: PlayedRound) -> list[TableWhy]:
        """The first round: the bracket's two seeds, or a bye for a top seed. Then the two tables of the round before
        whose winners meet (0 for a bye), and the third-place match beside the final."""
        if not rounds:
            seed = {entrant: place for place, entrant in enumerate(info.seeds, start=1)}
            return [TableWhy(Reason.TOP_SEED_BYE) if table.away is None
                    else TableWhy(Reason.SEEDS, (seed[table.home.id], seed[table.away.id])) for table in paired.tables]
        came_from = {entrant.id: table.number or 0 for table in rounds[-1].tables
                     for entrant in (table.home, table.away) if entrant is not None}
        third = knockout_bracket(info.seeds, info.third_place).round_count == len(rounds) + 1 and info.third_place
        return [TableWhy(Reason.THIRD_PLACE) if third and position == 1
                else TableWhy(Reason.WINNERS, (came_from.get(table.home.id, 0),
                                               came_from.get(table.away.id, 0) if table.away is not None else 0))
                for position, table in enumerate(paired.tables)]

    def check_result(self, rounds: Sequence[PlayedRound], round_number: int, table: PlayedTable, home_points: int,
                     away_points: int) -> None:
        """A winner, and once a later round was paired from this table the same winner (Conflict 'draw',
        'bracket_moved'): the bracket already goes on with it."""
        super().check_result(rounds, round_number, table, home_points, away_points)
        assert table.away is not None  # a bye has no result to record
        winner = (table.home if home_points > away_points else table.away).id
        if rounds[-1].number > round_number and table.winner is not None and table.winner.id != winner:
            raise Conflict(TournamentRefusal.BRACKET_MOVED)


# In the order the form offers them: the club night's usual first.
FORMATS: dict[str, TournamentFormat] = {one.name: one for one in (Swiss(), RoundRobin(), Knockout())}
