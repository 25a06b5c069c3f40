"""Skill ratings: each player's rating after every finished match, and the account's leaderboard.

(Skeleton: the ratings work fills this in; until then the leaderboard is the players by name.)
"""

from __future__ import annotations

from ..models import Player, RatingChange, User


def leaderboard(user: User) -> list[Player]:
    """The account's players, best rated first."""
    return list(user.players)


def rating_history(player: Player) -> list[RatingChange]:
    """The player's rating after each finished match, oldest first."""
    return list(player.ratings)


def rerate(user: User) -> None:
    """Compute the account's ratings again, from its finished matches in the order they finished (no commit):
    after a player is merged or deleted, or an older match finishes or reopens."""
