"""Skill ratings: each player's rating after every finished match, and the account's leaderboard.

The model and what counts of a match are referee/skill.py's. The ratings are what rating every finished
match of the account once more, in the order they finished (``Match.finished_at``, then id), would give; they
are kept so as a match settles (referee/services/hands.py calls ``match_settled`` from ``settle``):

- the common case, a match finishing after every match its players had finished, rates that one match from
  its players' current mu and sigma;
- a match reopening (its winning hand undone) or getting another result gives its players back the rating
  they had before it, when it is the last match each of them finished;
- anything else (an older match reopening or corrected, a match finishing before one already rated) rates
  the account again from scratch (``rerate``), as merging and deleting players do.

Matches finished before ratings existed were rated once by the migration 3f0c2a9d7e41, before the server
started (the app migrates at start, referee/database.py): from then on ratings are only ever kept up to date,
so no page that shows them has to check first whether they are, or write while it reads.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple, cast

from sqlalchemy import and_, case, delete, func, insert, or_, select

from ..extensions import db
from ..models import HandSide, Match, Player, RatingChange, Seat, User
from ..rules import totals
from ..skill import Outcome, Skill, outcome, rate, replay, shown


@dataclass(frozen=True)
class Placing:
    """One line of the leaderboard: the player, their place and their rating as shown (both None while unrated),
    finished matches and wins."""

    player: Player
    rank: int | None
    figure: int | None
    played: int
    won: int

    @property
    def win_rate(self) -> float | None:
        """The share of their finished matches they won; None before any."""
        return self.won / self.played if self.played else None


def leaderboard(user: User) -> list[Placing]:
    """The account's players, best rated first, each with their finished matches and wins (counted in SQL;
    a match where one person sat twice counts once, and as won if one of their sides won); the unrated follow,
    by name. Players whose ratings show the same figure share a place, and are listed by name."""
    players = db.session.scalars(select(Player).where(Player.user_id == user.id)).all()
    figures = {p.id: None if p.rating is None else shown_figure(p.rating) for p in players}
    # By the figure shown, not the rating: two players who read the same figure are level, so listed by name.
    players = sorted(players, key=lambda p: (figures[p.id] is None, -(figures[p.id] or 0), p.name_key))
    counts = {row.player_id: (row.played, row.won) for row in db.session.execute(
        select(Seat.player_id, func.count(Seat.match_id.distinct()).label("played"),
               func.count(case((Seat.side == Match.winner, Seat.match_id)).distinct()).label("won"))
        .join(Match, Match.id == Seat.match_id)
        .where(Match.user_id == user.id, Match.winner.is_not(None), Seat.player_id.is_not(None))
        .group_by(Seat.player_id))}
    board, rank, above = [], 0, None
    for i, player in enumerate(players, start=1):
        figure = figures[player.id]
        if figure is not None and figure != above:
            rank, above = i, figure
        played, won = counts.get(player.id, (0, 0))
        board.append(Placing(player, None if figure is None else rank, figure, played, won))
    return board


def shown_figure(rating: float) -> int:
    """The whole number a rating is shown as, and the leaderboard places players by: two players who read the
    same figure share a place (1000.4 and 999.6 both read 1 000).

    >>> shown_figure(1000.4), shown_figure(999.6), shown_figure(1000.6)
    (1000, 1000, 1001)
    """
    return round(rating)


class RatedMatch(NamedTuple):
    """The player's rating after one finished match: what the player's page shows of a RatingChange."""

    match_id: int
    at: datetime
    rating: float


def rating_history(player: Player) -> list[RatedMatch]:
    """The player's rating after each finished match, oldest first (read as columns: one row per match)."""
    rows = db.session.execute(select(RatingChange.match_id, RatingChange.at, RatingChange.rating)
                              .where(RatingChange.player_id == player.id).order_by(RatingChange.id))
    return [RatedMatch(*row) for row in rows]


def rerate(user: User) -> None:
    """Compute the account's ratings again, from its finished matches in the order they finished (no commit):
    after a player is merged or deleted, or an older match finishes or reopens."""
    _rerate(user.id)


def match_settled(match: Match, was_winner: int | None) -> None:
    """Keep the ratings as the match's result changes (no commit: the caller's transaction; called by
    referee/services/hands.py whenever a hand is saved, corrected or taken back, `was_winner` the winner
    before). Only a finished match counts, with the ranks it finished with."""
    if was_winner is None and match.winner is None:
        return  # a hand in a match still being played
    if was_winner == match.winner and match.sides == 2:
        return  # a correction that leaves the winner: two sides' ranks are the winner's alone
    if was_winner is not None and not _unrate(match):
        _rerate(match.user_id)  # rates the match too, as it now stands
    elif match.winner is not None and not _rate(match):
        _rerate(match.user_id)


def _rate(match: Match) -> bool:
    """Rate the match from its players' current skill, when it finished after every match they finished:
    True when done (or when there is nothing to rate), False when only a rerate can place it."""
    # A finished match (the only kind rated) has its end time and winner.
    result = outcome(match.id, cast(datetime, match.finished_at), [(seat.side, seat.player_id) for seat in match.seats],
                     totals((hand.points for hand in match.hands), match.sides), cast(int, match.winner))
    if result is None:
        return True
    later = or_(RatingChange.at > result.at, and_(RatingChange.at == result.at, RatingChange.match_id > match.id))
    if db.session.scalar(select(RatingChange.id).where(RatingChange.player_id.in_(result.players()), later)
                         .limit(1)) is not None:
        return False
    players = {p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_(result.players())))}
    before = {p.id: Skill(p.mu, p.sigma) for p in players.values() if p.mu is not None and p.sigma is not None}
    for player_id, skill in rate(before, result).items():
        _keep(players[player_id], skill)
        db.session.add(RatingChange(player_id=player_id, match_id=match.id, at=result.at, mu=skill.mu,
                                    sigma=skill.sigma, rating=shown(skill)))
    return True


def _unrate(match: Match) -> bool:
    """Take the match's rating back, when it is the last match each of its players finished: they get the
    rating they had before it. True when done (or when it was not rated), False when only a rerate can."""
    changes = db.session.scalars(select(RatingChange).where(RatingChange.match_id == match.id)).all()
    if not changes:
        return True
    players = {change.player_id for change in changes}
    first = min(change.id for change in changes)
    if db.session.scalar(select(RatingChange.id).where(
            RatingChange.player_id.in_(players), RatingChange.match_id != match.id, RatingChange.id > first)
            .limit(1)) is not None:
        return False
    for change in changes:
        db.session.delete(change)
    last = select(func.max(RatingChange.id)).where(
        RatingChange.player_id.in_(players), RatingChange.match_id != match.id).group_by(RatingChange.player_id)
    previous = {change.player_id: change
                for change in db.session.scalars(select(RatingChange).where(RatingChange.id.in_(last)))}
    for player in db.session.scalars(select(Player).where(Player.id.in_(players))):
        prior = previous.get(player.id)
        _keep(player, Skill(prior.mu, prior.sigma) if prior else None)
    return True


def _keep(player: Player, skill: Skill | None) -> None:
    """Give the player this skill and its rating (None: unrated)."""
    player.mu = skill.mu if skill else None
    player.sigma = skill.sigma if skill else None
    player.rating = shown(skill) if skill else None


def _rerate(user_id: int) -> None:
    """Rate every finished match of the account again, everyone starting new (see rerate)."""
    db.session.flush()  # the changes made so far in this transaction are what is rated
    owned = select(Player.id).where(Player.user_id == user_id).scalar_subquery()
    db.session.execute(delete(RatingChange).where(RatingChange.player_id.in_(owned))
                       .execution_options(synchronize_session=False))
    rows, skills = [], {}
    for result, after in replay(finished_outcomes(user_id)):
        skills.update(after)
        rows += [{"player_id": player_id, "match_id": result.match_id, "at": result.at, "mu": skill.mu,
                  "sigma": skill.sigma, "rating": shown(skill)} for player_id, skill in after.items()]
    if rows:
        db.session.execute(insert(RatingChange), rows)
    for player in db.session.scalars(select(Player).where(Player.user_id == user_id)):
        _keep(player, skills.get(player.id))
        db.session.expire(player, ["ratings"])


def finished_outcomes(user_id: int) -> list[Outcome]:
    """The account's finished matches as the model reads them, in the order they finished: three queries
    (matches, seats, each side's total where more than two sides play), however many matches."""
    done = and_(Match.user_id == user_id, Match.winner.is_not(None), Match.finished_at.is_not(None))
    matches = db.session.execute(select(Match.id, Match.finished_at, Match.winner).where(done)
                                 .order_by(Match.finished_at, Match.id)).all()
    seats: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for row in db.session.execute(select(Seat.match_id, Seat.side, Seat.player_id).join(Match).where(done)
                                  .order_by(Seat.match_id, Seat.position)):
        seats[row.match_id].append((row.side, row.player_id))
    several = select(Seat.match_id).join(Match).where(done, Match.partnerships.is_(False)) \
        .group_by(Seat.match_id).having(func.count() > 2)
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for row in db.session.execute(select(HandSide.match_id, HandSide.side, func.sum(HandSide.points).label("total"))
                                  .where(HandSide.match_id.in_(several)).group_by(HandSide.match_id, HandSide.side)):
        points[row.match_id][row.side] = int(row.total)
    found = []
    for match in matches:
        sides = 1 + max((side for side, _ in seats[match.id]), default=1)
        # Two sides: the ranks are the winner's alone, so no total is summed for them.
        side_totals = [points[match.id].get(side, 0) for side in range(sides)] if match.id in points else \
            [int(side == match.winner) for side in range(sides)]
        result = outcome(match.id, match.finished_at, seats[match.id], side_totals, match.winner)
        if result is not None:
            found.append(result)
    return found
