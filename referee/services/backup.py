"""An account's backup (docs/backup.md): written out whole, and restored into an account, all or nothing.

The file holds no database ids: a match is its uid, a player their name, a change of the trail that names
another (a restore, a revert) names it by its place in the trail. So a file restores into any account, and
exported again from there it reads the same. Players' ratings and each hand's side results are not in it:
they follow from the matches, and are computed again on import.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Hand, Match, MatchEvent, Player, Seat, User, name_key, now
from .backup_checks import FORMAT, VERSION, BadBackup, CheckedBackup, CheckedMatch, moment, read_backup
from .errors import Conflict
from .hand_results import keep_results
from .ratings import rerate
from .rules_in_force import ruleset_of

RULES = ("target", "all_oros", "all_sevens", "over30", "penalty", "deal_passes", "sevens", "ties")
# Files written before the regional options have none: their matches were scored the one way the app knew.
RULE_DEFAULTS = {"sevens": "most", "ties": "nobody"}


@dataclass(frozen=True)
class ImportResult:
    """What an import did: matches added, matches the account had already (by uid), players added."""

    added: int
    skipped: int
    players: int


def _time(value: datetime | None) -> str | None:
    """A stored moment (naive UTC) as the file writes it."""
    return None if value is None else value.isoformat(timespec="microseconds") + "Z"


def _document(players: list[Player], matches: list[Match], moment_: datetime | None) -> dict[str, Any]:
    """The backup document of these players and matches."""
    return {"format": FORMAT, "version": VERSION, "exported_at": _time(moment_ or now()),
            "players": [{"name": p.name, "created_at": _time(p.created_at)} for p in players],
            "matches": [match_data(match) for match in matches]}


def export_account(user: User, at: datetime | None = None) -> dict[str, Any]:
    """The account's whole backup: its players, and its matches oldest first with everything of them."""
    matches = db.session.scalars(
        select(Match).where(Match.user_id == user.id).order_by(Match.created_at, Match.id)
        .options(selectinload(Match.seats).selectinload(Seat.player), selectinload(Match.hands),
                 selectinload(Match.events)))
    return _document(list(user.players), list(matches), at)


def export_match(match: Match, at: datetime | None = None) -> dict[str, Any]:
    """One match as a backup file of its own (with its players): everything of it, and importable too."""
    players = {seat.player.name_key: seat.player for seat in match.seats if seat.player is not None}
    return _document([players[key] for key in sorted(players)], [match], at)


def match_data(match: Match) -> dict[str, Any]:
    """One match as the file holds it."""
    ruleset = ruleset_of(match)
    place = {event.id: i for i, event in enumerate(match.events)}
    return {
        "uid": match.uid, "created_at": _time(match.created_at), "updated_at": _time(match.updated_at),
        "finished_at": _time(match.finished_at),
        "rules": {"preset": match.preset, **{key: ruleset.options()[key] for key in RULES}},
        "deck_style": match.deck_style, "partnerships": match.partnerships, "first_dealer": match.first_dealer,
        "finished": match.finished, "winner": match.winner,
        "seats": [{"position": s.position, "name": s.name, "side": s.side,
                   "player": s.player.name if s.player is not None else None} for s in match.seats],
        "hands": [{"number": h.number, "dealer": h.dealer, "mode": h.mode, "entry": h.entry, "points": h.points,
                   "valid": h.valid, "erred": h.erred, "client_token": h.client_token,
                   "created_at": _time(h.created_at), "updated_at": _time(h.updated_at)} for h in match.hands],
        "trail": [{"at": _time(e.at), "kind": e.kind, "hand_number": e.hand_number, "before": e.before,
                   "after": _places_of(e.after, place)} for e in match.events],
    }


def _places_of(after: dict[str, Any] | None, place: dict[int, int]) -> dict[str, Any] | None:
    """A change's after with the changes it names (by id) named by their place in the trail."""
    if not after or not any(key in after for key in ("restores", "reverts")):
        return after
    return {key: place.get(value) if key in ("restores", "reverts") else value for key, value in after.items()}


def import_backup(user: User, raw: bytes, most: int) -> ImportResult:
    """Restore a backup file into the account, in one transaction once the whole file is checked: the
    matches it does not have yet (by uid), their players found by name or made. BadBackup for a file that is
    not one (nothing written); Conflict when another import of the same matches got there first."""
    backup = read_backup(raw, most)
    checked = backup.matches
    have = set(db.session.scalars(select(Match.uid).where(Match.user_id == user.id)))
    players = {player.name_key: player for player in user.players}
    before = len(players)
    for name, created in _players_named(backup):
        _player(user, players, name, created)
    added = [m for m in checked if m.data["uid"] not in have]
    try:
        with db.session.no_autoflush:
            matches = [_new_match(user, players, m) for m in added]
        db.session.add_all(matches)
        db.session.flush()  # ids for the side results, and for the trail's changes that name another
        with db.session.no_autoflush:  # one flush at the commit, not one per hand
            for match, source in zip(matches, added, strict=True):
                _finish(match, source)
        rerate(user)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("imported_meanwhile") from None
    return ImportResult(added=len(added), skipped=len(checked) - len(added), players=len(players) - before)


def _players_named(backup: CheckedBackup) -> list[tuple[str, str | None]]:
    """Every player the file names, as (name, created_at): those it lists, then those only its seats name."""
    found: list[tuple[str, str | None]] = [(p["name"], p["created_at"]) for p in backup.players]
    for match in backup.matches:
        found += [(seat["player"], None) for seat in match.data["seats"] if seat["player"] is not None]
    return found


def _player(user: User, players: dict[str, Player], name: str, created: str | None) -> Player:
    """The account's player of this name (without regard to case or accents), made if it has none."""
    key = name_key(name)
    if key not in players:
        players[key] = Player(name=name, name_key=key, created_at=moment(created) or now())
        user.players.append(players[key])
    return players[key]


def _new_match(user: User, players: dict[str, Player], checked: CheckedMatch) -> Match:
    """A match of the file as rows, not stored yet."""
    data = checked.data
    match = Match(user_id=user.id, uid=data["uid"], created_at=moment(data["created_at"]),
                  updated_at=moment(data["updated_at"]), finished_at=moment(data["finished_at"]),
                  preset=data["rules"]["preset"], **{key: {**RULE_DEFAULTS, **data["rules"]}[key] for key in RULES},
                  deck_style=data["deck_style"], partnerships=data["partnerships"],
                  first_dealer=data["first_dealer"], finished=data["finished"], winner=data["winner"])
    match.seats = [Seat(position=s["position"], name=s["name"], name_key=name_key(s["name"]), side=s["side"],
                        player=None if s["player"] is None else players[name_key(s["player"])])
                   for s in data["seats"]]
    match.hands = [Hand(number=h["number"], dealer=h["dealer"], mode=h["mode"], entry=h["entry"],
                        points=h["points"], valid=h["valid"], erred=h["erred"], client_token=h["client_token"],
                        created_at=moment(h["created_at"]), updated_at=moment(h["updated_at"]),
                        results=[])  # known to have none yet: keep_results then asks the database nothing
                   for h in data["hands"]]
    match.events = [MatchEvent(at=moment(e["at"]), kind=e["kind"], hand_number=e["hand_number"],
                               before=e["before"], after=e["after"]) for e in data["trail"]]
    return match


def _finish(match: Match, checked: CheckedMatch) -> None:
    """Once stored: each hand's side results, and the trail's references as ids of this database."""
    for hand, report in zip(match.hands, checked.reports, strict=True):
        keep_results(match, hand, report)
    for event in match.events:
        after = event.after or {}
        if any(after.get(key) is not None for key in ("restores", "reverts")):
            event.after = {key: match.events[value].id if key in ("restores", "reverts") and value is not None
                           else value for key, value in after.items()}


__all__ = ["BadBackup", "ImportResult", "export_account", "export_match", "import_backup", "match_data"]
