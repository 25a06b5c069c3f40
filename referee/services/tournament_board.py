"""A tournament's board for a TV or a projector: its public link, the round length its timer counts down, and what
it shows (the current round's tables, the standings), read for anyone who holds the link.

The board is public behind an unguessable link, as a match's spectator page is: a wall TV shows it without anyone
logged in on it. The club's organisers make the link (a button of its own: a round length saved first makes none),
replace it (the old one then shows nothing: a link that leaked is closed), and set the round length. What it shows
is what any member sees on the standings page; nothing of who reads it.

A board's version, for its conditional GETs, is read in two small queries: the link's row, then each table's match
version and hand-recorded result with its round's state. Any saved hand, result, round started or closed, or round
length changes it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import select

from ..extensions import db
from ..models import (
    Match,
    Tournament,
    TournamentBoard,
    TournamentResultChange,
    TournamentRound,
    TournamentTable,
    User,
    new_spectator_token,
)
from ..pairings import standings
from .errors import Conflict, NotFound
from .matches import TOKEN
from .refusals import TournamentRefusal
from .roles import ClubRole
from .tournament_standings import Standing
from .tournament_tables import Round, results_of, rounds_of_tournament
from .tournaments import TournamentInfo, info_of, run_tournament
from .unit_of_work import use_case

MAX_ROUND_MINUTES = 240  # a long round of a slow game; anything more is a typing slip


@dataclass(frozen=True)
class BoardLink:
    """A board's link as its organiser manages it: the token (None until one is made) and the round length."""

    tournament_id: int
    token: str | None
    round_minutes: int | None


@dataclass(frozen=True)
class BoardVersion:
    """What a conditional GET of the board compares: the tournament and a digest of everything the board shows."""

    tournament_id: int
    digest: str


@dataclass(frozen=True)
class Correction:
    """A settled result the organiser changed by hand after its round was closed: the standings moved with it, and
    the board says where (round, table, the entrants and the result now)."""

    round_number: int
    table_number: int | None
    home: str
    away: str
    home_points: int
    away_points: int


SHOWN_CORRECTIONS = 3  # the latest: a line each under the standings


@dataclass(frozen=True)
class Board:
    """What the board shows: the tournament, its rounds (the last one the current), the standings, the round
    length."""

    info: TournamentInfo
    rounds: list[Round]
    standings: list[Standing]
    round_minutes: int | None
    corrections: tuple[Correction, ...] = ()

    @property
    def current(self) -> Round | None:
        """The round being played, or the last one played."""
        return self.rounds[-1] if self.rounds else None


def _row(tournament_id: int) -> TournamentBoard | None:
    """The board's row, if its link was ever made."""
    return db.session.get(TournamentBoard, tournament_id)


def _link_of(row: TournamentBoard) -> BoardLink:
    """The board's link as its row keeps it: no token while the link was never made."""
    return BoardLink(row.tournament_id, row.token, row.round_minutes)


def board_link(info: TournamentInfo) -> BoardLink:
    """The board's link and round length, for a member of the club (`info`: the tournament as get_tournament read
    it for that member): the link is on the board itself for everyone in the room to scan."""
    row = _row(info.id)
    return _link_of(row) if row else BoardLink(info.id, None, None)


@use_case
def make_board_link(user: User, tournament_id: int) -> BoardLink:
    """A new link for the board (organisers): the first one, or one in place of the last, which stops working."""
    run_tournament(user, tournament_id)
    row = _row(tournament_id)
    if row is None:
        row = TournamentBoard(tournament_id=tournament_id)
        db.session.add(row)
    row.token = new_spectator_token()
    db.session.flush()
    return _link_of(row)


@use_case
def set_round_length(user: User, tournament_id: int, minutes: int | None) -> BoardLink:
    """The round length the board's timer counts down (organisers); None for no timer. Making the link is its own
    button: a link not made yet stays unmade. Conflict 'minutes' (most=) outside 1 … MAX_ROUND_MINUTES."""
    run_tournament(user, tournament_id)
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise Conflict(TournamentRefusal.MINUTES, most=MAX_ROUND_MINUTES)
    row = _row(tournament_id)
    if row is None:
        row = TournamentBoard(tournament_id=tournament_id)
        db.session.add(row)
    row.round_minutes = minutes
    db.session.flush()
    return _link_of(row)


_BOARD = select(TournamentBoard.tournament_id, TournamentBoard.round_minutes)
_TABLES = (select(TournamentRound.number, TournamentRound.closed_at, TournamentTable.id, TournamentTable.home_points,
                  TournamentTable.away_points, Match.version)
           .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
           .outerjoin(Match, Match.id == TournamentTable.match_id)
           .order_by(TournamentRound.number, TournamentTable.id))


def board_version(token: str) -> BoardVersion:
    """The version of the board a link shows, without reading the tournament (NotFound for a link that shows
    none: never made, or replaced)."""
    if not TOKEN.fullmatch(token):  # no query for what no link can be
        raise NotFound(token)
    found = db.session.execute(_BOARD.where(TournamentBoard.token == token)).first()
    if found is None:
        raise NotFound(token)
    digest = hashlib.sha256(f"{found.round_minutes}".encode())
    for row in db.session.execute(_TABLES.where(TournamentRound.tournament_id == found.tournament_id)):
        digest.update(f"\n{row.number} {row.closed_at} {row.id} {row.home_points} {row.away_points} "
                      f"{row.version}".encode())
    return BoardVersion(found.tournament_id, digest.hexdigest()[:24])


def board_of(info: TournamentInfo, round_minutes: int | None) -> Board:
    """What the board of this tournament shows now."""
    rounds = rounds_of_tournament(info)
    rows = standings([entrant.id for entrant in info.entrants], results_of(rounds))
    return Board(info, rounds, [Standing(info.entrant(row.entrant), row) for row in rows], round_minutes,
                 corrections_of(info))


def corrections_of(info: TournamentInfo) -> tuple[Correction, ...]:
    """The latest results changed by hand after their round was closed, newest first (one query)."""
    rows = db.session.execute(
        select(TournamentRound.number, TournamentTable.number, TournamentTable.home_id, TournamentTable.away_id,
               TournamentResultChange.after)
        .join(TournamentTable, TournamentTable.id == TournamentResultChange.table_id)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .where(TournamentRound.tournament_id == info.id, TournamentRound.closed_at.is_not(None),
               TournamentResultChange.at > TournamentRound.closed_at)
        .order_by(TournamentResultChange.id.desc()).limit(SHOWN_CORRECTIONS))
    return tuple(Correction(number, table, info.entrant(home).name, info.entrant(away).name if away else "",
                            int(after["home"]), int(after["away"]))
                 for number, table, home, away, after in rows)


def public_board(token: str, tournament_id: int) -> Board:
    """The board a link shows, to anyone who holds it (NotFound once the link was replaced)."""
    row = db.session.execute(select(TournamentBoard, Tournament).join(
        Tournament, Tournament.id == TournamentBoard.tournament_id).where(
        TournamentBoard.token == token, TournamentBoard.tournament_id == tournament_id)).first()
    if row is None:
        raise NotFound(token)
    board, tournament = row
    return board_of(info_of(tournament, ClubRole.MEMBER), board.round_minutes)


def member_board(info: TournamentInfo) -> Board:
    """The board as a member of the club sees it (`info`: the tournament as get_tournament read it for that
    member)."""
    return board_of(info, board_link(info).round_minutes)
