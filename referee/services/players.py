"""Players: the people an account keeps score for; found or made when a match starts, renamed, merged, deleted.

A seat is a player's; the seat keeps the name it was played under too, so a deleted player's matches still
read. Two names are one player when they differ only in case or accents (referee.models.name_key). Renaming,
merging or deleting a player changes what every match they sat in shows, so it bumps those matches' versions:
the version then covers the names, and a copy of a scoreboard or spectator page whose ETag holds it goes
stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from sqlalchemy import distinct, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import Match, Player, Seat, User, name_key
from . import claims, ratings
from .errors import Conflict, NotFound
from .inserts import insert_once
from .refusals import PlayerRefusal
from .unit_of_work import use_case


def players_for(user: User, names: Iterable[str]) -> list[Player]:
    """The account's player of each name, made for a name it has not played with (in the caller's use case; two
    phones making the same player at once make it once, and both take it)."""
    typed = list(names)
    known = {player.name_key: player for player in user.players}
    new: dict[str, str] = {}
    for name in typed:  # in the order typed, each under its first spelling
        if name_key(name) not in known:
            new.setdefault(name_key(name), name)
    if new:
        for key, name in new.items():
            insert_once(Player, user_id=user.id, name=name, name_key=key)
        db.session.expire(user, ["players"])
        known = {player.name_key: player for player in user.players}
    return [known[name_key(name)] for name in typed]


def get_player(user: User, player_id: int) -> Player:
    """One of the account's players; another account's player is NotFound, like a missing one."""
    player = db.session.scalar(select(Player).where(Player.id == player_id, Player.user_id == user.id))
    if player is None:
        raise NotFound(player_id)
    return player


@use_case
def rename_player(player: Player, name: str) -> None:
    """A new name for the player, in every match they played; Conflict('player_exists', name=…, player_id=…)
    when another player of the account already has it (merge them instead)."""
    key = name_key(name)
    if key != player.name_key and (other := _named(player.user_id, key)) is not None:
        raise Conflict(PlayerRefusal.PLAYER_EXISTS, name=other.name, player_id=other.id)
    player.name, player.name_key = name, key
    try:
        db.session.flush()
    except IntegrityError:  # another phone gave a player this name at this very moment
        raise Conflict(PlayerRefusal.PLAYER_EXISTS, name=name, player_id=None) from None
    _bump_matches_of(player)
    db.session.execute(update(Seat).where(Seat.player_id == player.id).values(name=name, name_key=key))


@use_case
def merge_players(kept: Player, merged: Player) -> None:
    """One person entered twice: `merged`'s seats become `kept`'s, under `kept`'s name, and `merged` goes
    (with its rating history: the ratings are computed again from the matches). Claimed seats stay claimed
    (services/claims.py), so seats claimed by two different accounts are not joined: Conflict 'claimed_by_two'.
    NotFound when another phone deleted or merged either of them a moment ago."""
    if kept.id == merged.id or kept.user_id != merged.user_id:
        raise Conflict(PlayerRefusal.SAME_PLAYER)
    with _gone_meanwhile(merged.id):
        _hold(kept, merged)
        if len(claims.claimants_of_players([kept.id, merged.id])) > 1:
            raise Conflict(PlayerRefusal.CLAIMED_BY_TWO, kept=kept.name, merged=merged.name)
        _bump_matches_of(merged)
        db.session.execute(update(Seat).where(Seat.player_id == merged.id)
                           .values(player_id=kept.id, name=kept.name, name_key=kept.name_key))
        _forget(merged, kept)
    ratings.rerate(kept.user)


@use_case
def delete_player(player: Player) -> None:
    """Forget a player; the matches they played stay, their seats keeping the name. NotFound when another phone
    deleted or merged them a moment ago."""
    user = player.user
    with _gone_meanwhile(player.id):
        _hold(player)
        _bump_matches_of(player)
        claims.free_seats_of(player.id)
        db.session.execute(update(Seat).where(Seat.player_id == player.id).values(player_id=None))
        _forget(player)
    ratings.rerate(user)


def _bump_matches_of(player: Player) -> None:
    """A new version for every match the player sat in: their name there is about to change, or their seats'
    player (the matches read afresh show it)."""
    sat_in = select(Seat.match_id).where(Seat.player_id == player.id)
    db.session.execute(update(Match).where(Match.id.in_(sat_in)).values(version=Match.version + 1))


def _forget(player: Player, *others: Player) -> None:
    """Take a player out of its account (deleted at the flush, its rating history with it), once its seats were
    moved by a bulk UPDATE: the seat lists loaded before it are stale, and deleting a player whose stale list
    still holds seats would set those seats' player to NULL."""
    for stale in (player, *others):
        db.session.expire(stale, ["seats"])
    player.user.players.remove(player)  # out of user.players too, which rerate reads
    db.session.flush()


def _hold(*players: Player) -> None:
    """Lock the players' rows for this transaction (PostgreSQL; SQLite holds the whole database once it
    writes), and NotFound when one of them is gone: another phone deleted or merged it since it was read."""
    ids = [player.id for player in players]
    held = db.session.scalars(select(Player.id).where(Player.id.in_(ids)).with_for_update()).all()
    if len(set(held)) != len(set(ids)):
        raise NotFound(next(i for i in ids if i not in held))


@contextmanager
def _gone_meanwhile(player_id: int) -> Iterator[None]:
    """A player another phone deleted (or merged away) while this one changed it: NotFound, not a 500 (the
    delete finds no row to delete; seats moved to a deleted player break their foreign key)."""
    try:
        yield
    except (NotFound, StaleDataError, IntegrityError):
        raise NotFound(player_id) from None


def matches_played(player: Player) -> int:
    """How many matches the player sat in (a match with them in two seats counts once)."""
    return db.session.scalar(select(func.count(distinct(Seat.match_id))).where(Seat.player_id == player.id)) or 0


def _named(user_id: int, key: str) -> Player | None:
    """The account's player whose name has this key, if any."""
    return db.session.scalar(select(Player).where(Player.user_id == user_id, Player.name_key == key))
