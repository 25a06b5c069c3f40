"""Players: the people an account keeps score for; found or made when a match starts, renamed, merged, deleted.

A seat is a player's; the seat keeps the name it was played under too, so a deleted player's matches still
read. Two names are one player when they differ only in case or accents (referee.models.name_key).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Player, Seat, User, name_key
from .errors import Conflict, NotFound
from .ratings import rerate


def players_for(user: User, names: Iterable[str]) -> list[Player]:
    """The account's player of each name, made for a name it has not played with (no commit: the caller's
    transaction; two phones making the same player at once is an IntegrityError there)."""
    known = {player.name_key: player for player in user.players}
    found = []
    for name in names:
        key = name_key(name)
        if key not in known:
            known[key] = Player(name=name, name_key=key)
            user.players.append(known[key])
        found.append(known[key])
    return found


def get_player(user: User, player_id: int) -> Player:
    """One of the account's players; another account's player is NotFound, like a missing one."""
    player = db.session.scalar(select(Player).where(Player.id == player_id, Player.user_id == user.id))
    if player is None:
        raise NotFound(player_id)
    return player


def rename_player(player: Player, name: str) -> None:
    """A new name for the player, in every match they played; Conflict('player_exists') when another player
    of the account already has it (merge them instead)."""
    key = name_key(name)
    if key != player.name_key and _named(player.user_id, key) is not None:
        raise Conflict("player_exists", name=name)
    player.name, player.name_key = name, key
    db.session.execute(update(Seat).where(Seat.player_id == player.id).values(name=name, name_key=key))
    _commit_or_conflict(name)


def merge_players(kept: Player, merged: Player) -> None:
    """One person entered twice: `merged`'s seats become `kept`'s, under `kept`'s name, and `merged` goes;
    the account's ratings are computed again, as if `kept` had played them all."""
    if kept.id == merged.id or kept.user_id != merged.user_id:
        raise Conflict("same_player")
    db.session.execute(update(Seat).where(Seat.player_id == merged.id)
                       .values(player_id=kept.id, name=kept.name, name_key=kept.name_key))
    db.session.delete(merged)
    rerate(kept.user)
    db.session.commit()


def delete_player(player: Player) -> None:
    """Forget a player; the matches they played stay, their seats keeping the name; the account's ratings are
    computed again without them."""
    user = player.user
    db.session.execute(update(Seat).where(Seat.player_id == player.id).values(player_id=None))
    db.session.delete(player)
    rerate(user)
    db.session.commit()


def _named(user_id: int, key: str) -> Player | None:
    """The account's player whose name has this key, if any."""
    return db.session.scalar(select(Player).where(Player.user_id == user_id, Player.name_key == key))


def _commit_or_conflict(name: str) -> None:
    """Commit; a player of that name made meanwhile by another phone is a Conflict, not a 500."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("player_exists", name=name) from None
