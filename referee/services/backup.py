"""An account's backup (docs/backup.md): written out whole, and restored into an account, all or nothing.

A restore is checked whole (referee/services/backup_checks.py) and turned into rows (backup_format.py) before
anything is written; then one short transaction inserts the rows in bulk, rates the account again and commits.
With SQLite's one writer, the write lock is held only for that (0.3 s for the largest file: benchmarks/README.md),
not for the seconds the checks take. Players' ratings and each hand's side results are not in the file: they
follow from the matches, and are computed again on import.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, HandSide, Match, MatchEvent, Player, Seat, User, name_key, now
from .backup_checks import FORMAT, VERSION, BadBackup, CheckedBackup, moment, read_backup
from .backup_format import MatchRows, match_data, match_rows, time_text
from .bulk_rows import EncodedRows
from .errors import Conflict
from .import_slots import ImportBusy, import_slot
from .ratings import rerate
from .refusals import ImportRefusal
from .unit_of_work import inside_use_case, use_case

TRIES = 2  # a player made by another phone of the account between the reading and the writing: read again


@dataclass(frozen=True)
class ImportResult:
    """What an import did: matches added, matches the account had already (by uid), players added."""

    added: int
    skipped: int
    players: int


def _document(players: list[Player], matches: list[Match], moment_: datetime | None) -> dict[str, Any]:
    """The backup document of these players and matches."""
    return {"format": FORMAT, "version": VERSION, "exported_at": time_text(moment_ or now()),
            "players": [{"name": p.name, "created_at": time_text(p.created_at)} for p in players],
            "matches": [match_data(match) for match in matches]}


def export_account(user: User, at: datetime | None = None) -> dict[str, Any]:
    """The account's whole backup: its players, and its matches oldest first with everything of them."""
    matches = db.session.scalars(
        select(Match).where(Match.user_id == user.id).order_by(Match.created_at, Match.id)
        .options(selectinload(Match.seats).selectinload(Seat.player), selectinload(Match.hands),
                 selectinload(Match.events).selectinload(MatchEvent.user)))
    players = db.session.scalars(select(Player).where(Player.user_id == user.id).order_by(Player.name_key))
    return _document(list(players), list(matches), at)


def export_match(match: Match, at: datetime | None = None) -> dict[str, Any]:
    """One match as a backup file of its own (with its players): everything of it, and importable too."""
    players = {seat.player.name_key: seat.player for seat in match.seats if seat.player is not None}
    return _document([players[key] for key in sorted(players)], [match], at)


def import_backup(user: User, raw: bytes, most: int, at_once: int = 1) -> ImportResult:
    """Restore a backup file into the account: the matches it does not have yet (by uid), their players found
    by name or made. BadBackup for a file that is not one (nothing written); ImportBusy when another import of
    the account runs, or `at_once` of any account do; Conflict when the account changed under the import twice."""
    # Each try is a use case of its own, tried again whole: so this one is never inside another.
    assert not inside_use_case(), "an import tries its transaction again, so it runs on its own"
    with import_slot(db.engine, user.id, at_once):
        backup = read_backup(raw, most)
        for _ in range(TRIES):
            try:
                return _store(user.id, backup)
            except IntegrityError:
                continue
        raise Conflict(ImportRefusal.IMPORTED_MEANWHILE)


@use_case
def _store(user_id: int, backup: CheckedBackup) -> ImportResult:
    """The checked file's new matches and players as rows, encoded; then written in one transaction."""
    have = set(db.session.scalars(select(Match.uid).where(Match.user_id == user_id)))
    players = _players_of(user_id)
    new_players = _new_players(backup, players)
    added = _Encoded([match_rows(m, user_id) for m in backup.matches if m.data["uid"] not in have])
    # Everything above only read: the first write below takes SQLite's write lock, until the commit.
    if new_players:
        EncodedRows(Player, [row | {"user_id": user_id} for row in new_players]).insert()
        players = _players_of(user_id)
    added.write(user_id, players)
    rerate(db.session.get_one(User, user_id))
    return ImportResult(added=len(added.matches), skipped=len(backup.matches) - len(added.matches),
                        players=len(new_players))


def _players_of(user_id: int) -> dict[str, int]:
    """The account's players' ids by name key."""
    return {key: player_id for key, player_id in db.session.execute(
        select(Player.name_key, Player.id).where(Player.user_id == user_id))}


def _new_players(backup: CheckedBackup, known: dict[str, int]) -> list[dict[str, Any]]:
    """The players the file names (those it lists, then those only its seats name) that the account has not,
    without regard to case or accents: the first spelling met of each."""
    named: list[tuple[str, str | None]] = [(p["name"], p["created_at"]) for p in backup.players]
    for match in backup.matches:
        named += [(seat["player"], None) for seat in match.data["seats"] if seat["player"] is not None]
    made: dict[str, dict[str, Any]] = {}
    for name, created in named:
        key = name_key(name)
        if key not in known and key not in made:
            made[key] = {"name": name, "name_key": key, "created_at": moment(created) or now()}
    return list(made.values())


class _Encoded:
    """The new matches' rows of every table, encoded before the write transaction (bulk_rows.py). The rows are
    inserted without their ids, which are then read back: a match by its uid, a hand by its match and number, a
    change by its match and its place in the trail (the trail's order is its ids', as the app reads it)."""

    def __init__(self, matches: list[MatchRows]) -> None:
        self.matches = matches
        self.match_rows = EncodedRows(Match, [rows.match for rows in matches])
        self.seats = EncodedRows(Seat, [seat for rows in matches for seat in rows.seats], ("match_id", "player_id"))
        self.hands = EncodedRows(Hand, [hand for rows in matches for hand in rows.hands], ("match_id",))
        self.events = EncodedRows(MatchEvent, [event for rows in matches for event in rows.events], ("match_id",))
        self.results = EncodedRows(HandSide, [side for rows in matches for sides in rows.results for side in sides],
                                   ("hand_id", "match_id"))

    def write(self, user_id: int, players: dict[str, int]) -> None:
        """Insert the matches with their seats, hands, trails and each hand's side results."""
        self.match_rows.insert()
        uids = [rows.match["uid"] for rows in self.matches]
        match_ids = {uid: match_id for uid, match_id in db.session.execute(
            select(Match.uid, Match.id).where(Match.user_id == user_id, Match.uid.in_(uids)))}
        ids = [match_ids[uid] for uid in uids]
        seats, hands, events = iter(self.seats.rows), iter(self.hands.rows), iter(self.events.rows)
        for rows, match_id in zip(self.matches, ids, strict=True):
            for key in rows.players:
                next(seats).update(match_id=match_id, player_id=None if key is None else players[key])
            for _ in rows.hands:
                next(hands)["match_id"] = match_id
            for _ in rows.events:
                next(events)["match_id"] = match_id
        for table in (self.seats, self.hands, self.events):
            table.insert()
        self._results(ids)

    def _results(self, ids: list[int]) -> None:
        """Each hand's side results, and the changes that name another, once the ids are known."""
        hand_ids = {(match_id, number): hand_id for match_id, number, hand_id in db.session.execute(
            select(Hand.match_id, Hand.number, Hand.id).where(Hand.match_id.in_(ids)))}
        event_ids: dict[int, list[int]] = {match_id: [] for match_id in ids}
        for match_id, event_id in db.session.execute(select(MatchEvent.match_id, MatchEvent.id)
                                                     .where(MatchEvent.match_id.in_(ids)).order_by(MatchEvent.id)):
            event_ids[match_id].append(event_id)
        results, naming = iter(self.results.rows), []
        for rows, match_id in zip(self.matches, ids, strict=True):
            for hand, sides in zip(rows.hands, rows.results, strict=True):
                for _ in sides:
                    next(results).update(hand_id=hand_ids[match_id, hand["number"]], match_id=match_id)
            trail = event_ids[match_id]
            naming += [{"id": trail[i], "after": rows.with_ids(trail, i)} for i in rows.naming()]
        self.results.insert()
        if naming:  # a restore or a revert names the change it undoes: by its id, known only now
            db.session.execute(update(MatchEvent), naming)


__all__ = ["BadBackup", "ImportBusy", "ImportResult", "export_account", "export_match",
           "import_backup", "match_data"]
