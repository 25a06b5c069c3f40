"""Running a tournament's rounds: start the next (paired by referee.pairings, a match per table), close the current,
record or correct a table's result by hand (with a trail), and the tables' join codes.

Starting a round pairs it (a round robin's schedule, a Swiss round from the results so far, a knockout bracket's
next round from the winners), numbers its tables from 1 (a bye has none), and creates each table's match with the
tournament's rules, filed under the club and owned by the organiser who started it; the table's players who are
members become its scorers, and each match gets a join code (services/sharing.py) for the table's QR code, so
whoever holds a phone at the table — a guest by name too — can score it. The next round starts only once the
current one is closed; starting it closes a complete one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import (
    Match,
    RulesProfile,
    Scorer,
    SeatClaim,
    TournamentResultChange,
    TournamentRound,
    TournamentTable,
    User,
    now,
)
from ..pairings import Pairing
from .errors import Conflict, NotFound
from .matches import MatchSettings, create_match
from .profiles import read_rules
from .refusals import TournamentRefusal
from .sharing import NewCode, make_join_code
from .tournament_tables import Round, Table, TableState, rounds_of_tournament
from .tournaments import TournamentInfo, get_tournament, run_tournament
from .unit_of_work import use_case

MAX_POINTS = 999
REASON_LENGTH = 200


@dataclass(frozen=True)
class StartedRound:
    """A round just started, and the join code of each of its tables' matches by table id (shown this once)."""

    round: Round
    codes: dict[int, NewCode]


@dataclass(frozen=True)
class ResultChange:
    """One line of the results' trail: which table, who, when, before → after (home, away; before None when the
    table had no result), and why."""

    id: int
    round_number: int
    table_number: int | None
    home: str
    away: str
    at: datetime
    by: str
    before: tuple[int, int] | None
    after: tuple[int, int]
    reason: str


def rounds_of(user: User, tournament_id: int) -> list[Round]:
    """The tournament's rounds, oldest first, as a member of its club sees them."""
    return rounds_of_tournament(get_tournament(user, tournament_id))


@dataclass(frozen=True)
class Progress:
    """How far a tournament is, as its pages and the API show it: the rounds planned and played, whether every
    round is played, and what its organiser may do next (the pages offer only that; the services refuse the rest
    in words all the same)."""

    planned: int
    played: int
    finished: bool  # every planned round is played and the last one is complete
    can_start: bool  # the next round may be paired: the last one is complete (or none is started) and one is left
    can_close: bool  # the current round is complete and not closed yet


def progress(info: TournamentInfo, rounds: list[Round]) -> Progress:
    """Where the tournament stands after the rounds started (rounds_of_tournament's)."""
    planned = info.format.planned_rounds(info)
    current = rounds[-1] if rounds else None
    finished = len(rounds) >= planned and current is not None and current.complete
    return Progress(planned, len(rounds), finished,
                    can_start=len(rounds) < planned and (current is None or current.complete),
                    can_close=current is not None and current.complete and not current.closed)


def next_pairings(info: TournamentInfo, rounds: list[Round]) -> list[Pairing[int]]:
    """The next round's pairings by entrant id, as the tournament's format pairs them (Conflict 'finished' when
    every round is played)."""
    if len(rounds) >= info.format.planned_rounds(info):
        raise Conflict(TournamentRefusal.FINISHED)
    return info.format.pairings(info, rounds)


@use_case
def start_round(user: User, tournament_id: int) -> StartedRound:
    """Pair and start the next round (organisers only), in one transaction: closing the last round, the round, its
    tables with their matches, scorers and join codes are stored together or not at all. Conflict 'round_open'
    (number=, tables=: those without a result) while the current round is not complete, 'round_started' (number=)
    when another phone started it at the same moment; 'finished' when every round is played."""
    info = run_tournament(user, tournament_id)
    rounds = rounds_of_tournament(info)
    if rounds and not rounds[-1].tables and not rounds[-1].closed:
        # A round stored without its tables, by a start interrupted before a start was one transaction: made again.
        db.session.delete(db.session.get_one(TournamentRound, rounds.pop().id))
        db.session.flush()
    if rounds and not rounds[-1].closed:
        if not rounds[-1].complete:
            raise Conflict(TournamentRefusal.ROUND_OPEN, number=rounds[-1].number, tables=rounds[-1].unfinished)
        _close(rounds[-1].id)
    pairings = next_pairings(info, rounds)
    made = TournamentRound(tournament_id=info.id, number=len(rounds) + 1)
    db.session.add(made)
    try:
        # Written first: the round's number is this start's, before any match is made for it.
        db.session.flush()
    except IntegrityError:  # another organiser's phone started it at the same moment
        raise Conflict(TournamentRefusal.ROUND_STARTED, number=len(rounds) + 1) from None
    codes = _seat_tables(user, info, made, pairings)
    return StartedRound(next(one for one in rounds_of_tournament(info) if one.id == made.id), codes)


def _seat_tables(user: User, info: TournamentInfo, made: TournamentRound,
                 pairings: list[Pairing[int]]) -> dict[int, NewCode]:
    """The round's tables, each with its match, scorers and join code; the byes after them."""
    rules = info.rules
    profile = db.session.get(RulesProfile, info.profile_id) if info.profile_id is not None else None
    profile_id = profile.id if profile is not None and read_rules(profile.rules).plays_as(
        rules.ruleset, rules.deck()) else None
    matches = []
    tables = [pairing for pairing in pairings if not pairing.is_bye]
    for number, pairing in enumerate(tables, start=1):
        assert pairing.away is not None
        home, away = info.entrant(pairing.home), info.entrant(pairing.away)
        seated = [player for pair in zip(home.players, away.players) for player in pair]
        match = create_match(user, MatchSettings(
            preset=rules.ruleset.preset, options=rules.ruleset.options(), deck_style=rules.deck(),
            names=tuple(player.name for player in seated), partnerships=info.partnerships,
            club_id=info.club_id, profile_id=profile_id))
        scorers = {player.user_id for player in seated} - {None, user.id}
        match.scorers = [Scorer(user_id=user_id) for user_id in sorted(s for s in scorers if s is not None)]
        # A member's seat is theirs from the start: in their My record, and no phone holding the table's code can
        # claim it.
        moment = now()
        db.session.add_all(SeatClaim(match_id=match.id, seat_id=seat.id, user_id=player.user_id, confirmed_at=moment)
                           for seat, player in zip(match.seats, seated, strict=True) if player.user_id is not None)
        made.tables.append(TournamentTable(position=number, number=number, home_id=home.id, away_id=away.id,
                                           match_id=match.id))
        matches.append(match)
    for position, pairing in enumerate((p for p in pairings if p.is_bye), start=len(tables) + 1):
        made.tables.append(TournamentTable(position=position, home_id=pairing.home))
    db.session.flush()
    return {table.id: make_join_code(match) for table, match in zip(made.tables, matches)}


def _close(round_id: int) -> None:
    """Mark the round closed (it stays so): its tables are settled from now on (services/table_place.py), which
    their scoreboards show, so each table's match gets a new version (its pages' ETags with it)."""
    closing = db.session.get_one(TournamentRound, round_id)
    if closing.closed_at is None:
        closing.closed_at = now()
        tables = select(TournamentTable.match_id).where(TournamentTable.round_id == round_id)
        db.session.execute(update(Match).where(Match.id.in_(tables)).values(version=Match.version + 1)
                           .execution_options(synchronize_session=False))


@use_case
def close_round(user: User, tournament_id: int) -> Round:
    """Close the current round (organisers only): Conflict 'unfinished' (tables=…) while a table has no result,
    'no_round' before the first. Closing a closed round changes nothing."""
    info = run_tournament(user, tournament_id)
    rounds = rounds_of_tournament(info)
    if not rounds:
        raise Conflict(TournamentRefusal.NO_ROUND)
    current = rounds[-1]
    if not current.complete:
        raise Conflict(TournamentRefusal.UNFINISHED, tables=current.unfinished)
    _close(current.id)
    db.session.flush()
    return rounds_of_tournament(info)[-1]


@use_case
def table_codes(user: User, tournament_id: int) -> dict[int, NewCode]:
    """New join codes for the current round's tables (organisers only; each match's old code stops working), by
    table id: for the QR codes of a round sheet or the organiser's phone."""
    info = run_tournament(user, tournament_id)
    rounds = rounds_of_tournament(info)
    if not rounds:
        return {}
    rows = db.session.scalars(select(TournamentTable).where(TournamentTable.round_id == rounds[-1].id,
                                                            TournamentTable.match_id.is_not(None)))
    return {row.id: make_join_code(row.match) for row in rows if row.match is not None}


@use_case
def record_result(user: User, table_id: int, home_points: int, away_points: int, reason: str) -> Table:
    """Record or correct a table's result by hand (organisers only), kept in the trail with the reason; it wins over
    the match's own scores, and decides the match: it counts as finished everywhere, won as recorded, and its hands
    no longer change (services/decisions.py, table_place.py). Conflict: 'bye' (a bye has no result to record),
    'points' (out of 0 … MAX_POINTS), 'reason' (none given), and what the tournament's format refuses
    (services/formats.py: a knockout's 'draw' and 'bracket_moved')."""
    row = db.session.get(TournamentTable, table_id)
    if row is None:
        raise NotFound(table_id)
    info = run_tournament(user, row.round.tournament_id)
    why = reason.strip()[:REASON_LENGTH]
    if row.away_id is None:
        raise Conflict(TournamentRefusal.BYE)
    if not (0 <= home_points <= MAX_POINTS and 0 <= away_points <= MAX_POINTS):
        raise Conflict(TournamentRefusal.POINTS, most=MAX_POINTS)
    if not why:
        raise Conflict(TournamentRefusal.REASON)
    rounds = rounds_of_tournament(info)
    table = next(one for played in rounds for one in played.tables if one.id == table_id)
    info.format.check_result(rounds, row.round.number, table, home_points, away_points)
    before = {"home": table.result[0], "away": table.result[1],
              "source": "hand" if table.state == TableState.BY_HAND else "match"} if table.result else None
    row.home_points, row.away_points = home_points, away_points
    if row.match_id is not None:
        # The match is decided from now on (services/decisions.py): its scoreboard says so, its pages' ETags move.
        db.session.execute(update(Match).where(Match.id == row.match_id).values(version=Match.version + 1)
                           .execution_options(synchronize_session=False))
    row.changes.append(TournamentResultChange(user_id=user.id, before=before, reason=why,
                                              after={"home": home_points, "away": away_points, "source": "hand"}))
    db.session.flush()
    return next(one for played in rounds_of_tournament(info) for one in played.tables if one.id == table_id)


def result_trail(info: TournamentInfo) -> list[ResultChange]:
    """Every result recorded or corrected by hand, newest first, as a member of the club sees them (`info`: the
    tournament as get_tournament read it for that member)."""
    rows = db.session.execute(
        select(TournamentResultChange, TournamentTable, TournamentRound.number, User.username, User.guest)
        .join(TournamentTable, TournamentTable.id == TournamentResultChange.table_id)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .outerjoin(User, User.id == TournamentResultChange.user_id)
        .where(TournamentRound.tournament_id == info.id)
        .order_by(TournamentResultChange.id.desc()))
    return [ResultChange(change.id, number, table.number, info.entrant(table.home_id).name,
                         info.entrant(table.away_id).name if table.away_id is not None else "",
                         change.at, "" if username is None or guest else username,
                         (change.before["home"], change.before["away"]) if change.before else None,
                         (change.after["home"], change.after["away"]), change.reason)
            for change, table, number, username, guest in rows]

