"""A club's players and leaderboard: every name seated in its matches, with its finished matches counted.

A club's player is a name at its tables, whoever's account kept the match: seats are matched by their name's key
(the name without case or accents, as one account's players are), so "Ana" in two members' matches is one player.
A member who claimed a seat (services/claims.py) is shown beside the name it claimed.

Per player, over the club's finished matches (a tournament table whose result the organiser recorded by hand among
them, with the recorded points: services/decisions.py, as the tournament's standings count it): played, won, and the
points difference — in each match the side's
total less the best other side's total (for two sides, points for less points against; the winner's margin, or how
far behind the top a side finished). The rating is openskill's over the club's finished matches in the order they
finished (referee/skill.py, the account leaderboard's model), shown only beside a name claimed by a member who
chose to be rated: a player is never rated on a club's wall without saying so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select

from ..extensions import db
from ..models import ClubMember, HandSide, Match, Seat, SeatClaim, TournamentTable, User
from ..skill import Skill, outcome, replay, shown
from .decisions import Decision, counted_finished, counted_winner, decided_table


@dataclass
class ClubPlayer:
    """One line of the club's leaderboard: the name (as last seated), the accounts of members who claimed it,
    finished matches played and won, the points difference, the rating (None unless its member opted in)."""

    name: str
    key: str
    accounts: list[str] = field(default_factory=list)
    played: int = 0
    won: int = 0
    difference: int = 0
    rating: int | None = None


def club_players(club_id: int) -> list[ClubPlayer]:
    """The club's players, most wins first, then by points difference, then by name; those with no finished
    match yet follow."""
    matches = {row.id: row for row in db.session.execute(
        select(Match.id, counted_finished().label("finished"), counted_winner().label("winner"),
               TournamentTable.home_points, TournamentTable.away_points)
        .outerjoin(TournamentTable, decided_table(Match.id))
        .where(Match.club_id == club_id).order_by(Match.id))}
    if not matches:
        return []
    seats: dict[int, list[tuple[int, str]]] = defaultdict(list)
    players: dict[str, ClubPlayer] = {}
    for match_id, side, key, name in db.session.execute(
            select(Seat.match_id, Seat.side, Seat.name_key, Seat.name).where(Seat.match_id.in_(matches))
            .order_by(Seat.match_id, Seat.position)):
        seats[match_id].append((side, key))
        players.setdefault(key, ClubPlayer(name, key)).name = name  # the latest match's spelling
    totals = _totals([match_id for match_id, row in matches.items() if row.finished], _decided(matches.values()))
    for match_id, sides in totals.items():
        winner = matches[match_id].winner
        for side, key in seats[match_id]:
            player = players[key]
            player.played += 1
            player.won += side == winner
            player.difference += sides[side] - max((t for s, t in enumerate(sides) if s != side), default=0)
    _claimed(club_id, list(matches), players)
    return sorted(players.values(), key=lambda p: (p.played == 0, -p.won, -p.difference, p.key))


def _decided(rows: Iterable[Any]) -> dict[int, Decision]:
    """The results recorded by hand among the rows read with their decided table's points, by match id."""
    return {row.id: Decision(row.home_points, row.away_points) for row in rows if row.home_points is not None}


def _totals(finished: list[int], decided: dict[int, Decision]) -> dict[int, list[int]]:
    """Each finished match's final total per side: the result recorded by hand for a decided table, else the sum
    of its hands' sides (in SQL)."""
    totals: dict[int, list[int]] = defaultdict(list)
    for match_id, side, points in db.session.execute(
            select(HandSide.match_id, HandSide.side, func.sum(HandSide.points))
            .where(HandSide.match_id.in_([one for one in finished if one not in decided]))
            .group_by(HandSide.match_id, HandSide.side).order_by(HandSide.match_id, HandSide.side)):
        sides = totals[match_id]
        sides.extend([0] * (side + 1 - len(sides)))
        sides[side] = int(points)
    totals.update({match_id: list(decision.points) for match_id, decision in decided.items()
                   if match_id in finished})
    return totals


def _claimed(club_id: int, match_ids: list[int], players: dict[str, ClubPlayer]) -> None:
    """The members' accounts beside the names they claimed in the club's matches, and the ratings of those who
    opted in."""
    rows = db.session.execute(
        select(Seat.name_key, User.username, User.guest, ClubMember.rated)
        .join(SeatClaim, SeatClaim.seat_id == Seat.id).join(User, User.id == SeatClaim.user_id)
        .join(ClubMember, (ClubMember.user_id == User.id) & (ClubMember.club_id == club_id))
        .where(Seat.match_id.in_(match_ids), SeatClaim.confirmed_at.is_not(None)).distinct())
    rated: set[str] = set()
    for key, username, guest, opted_in in rows:
        shown_name = "" if guest else username
        if shown_name and shown_name not in players[key].accounts:
            players[key].accounts.append(shown_name)
        if opted_in:
            rated.add(key)
    if rated:
        ratings = club_ratings(club_id)
        for key in rated:
            players[key].rating = ratings.get(key)


def club_ratings(club_id: int) -> dict[str, int]:
    """Every club player's rating as shown, by name key, over the club's finished matches in the order they
    finished (everyone starting new in the club)."""
    finished = list(db.session.execute(
        select(Match.id, counted_winner().label("winner"),
               func.coalesce(Match.finished_at, Match.created_at).label("finished_at"),
               TournamentTable.home_points, TournamentTable.away_points)
        .outerjoin(TournamentTable, decided_table(Match.id))
        .where(Match.club_id == club_id, counted_finished(), counted_winner().is_not(None))
        .order_by("finished_at", Match.id)))
    totals = _totals([row.id for row in finished], _decided(finished))
    index: dict[str, int] = {}
    seats: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for match_id, side, key in db.session.execute(
            select(Seat.match_id, Seat.side, Seat.name_key).where(Seat.match_id.in_([row.id for row in finished]))
            .order_by(Seat.match_id, Seat.position)):
        seats[match_id].append((side, index.setdefault(key, len(index))))
    outcomes = [result for row in finished if row.id in totals and (result := outcome(
        row.id, row.finished_at, seats[row.id], totals[row.id], row.winner)) is not None]
    skills: dict[int, Skill] = {}
    for _result, after in replay(outcomes):
        skills.update(after)
    keys = {number: key for key, number in index.items()}
    return {keys[number]: round(shown(skill)) for number, skill in skills.items()}
