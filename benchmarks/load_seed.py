"""The load benchmark's data, seeded straight through the project's services (not over HTTP).

- account ``bench``: a match of 12 hands and one of 60 (four players, target 100, legal hands by cards chosen
  so that neither reaches the target), a spectator link to the 12-hand one, the matches the save benchmark
  records into (one per table, target 100, a hand that gives every side the same points: they never finish),
  and the template matches below;
- accounts ``h100``, ``h1000`` and ``h10000``: histories of 100, 1 000 and 10 000 matches (the history page and
  its "flat" goal), and the roster of 12 players, whose busiest (in ``h1000``) is the player page measured.

A history is made of a few template matches recorded through the services (``record_hand``: real hand rows,
their side results, the trail and the ratings), then copied in bulk with their seats, hands, side results, trail
and rating changes, dated over the past two years, each seat the account's player of a name of the roster.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from load_deal import play_hand
from sqlalchemy import Table, insert, select

from referee.extensions import db
from referee.models import Hand, HandSide, Match, MatchEvent, RatingChange, Seat, User, name_key
from referee.services import HandDraft, MatchSettings, create_match, record_hand, register_user, review_hand
from referee.services.matches import spectator_link
from referee.services.players import players_for
from referee.services.scoreboard import dealer_after

PASSWORD = "bench-password-1"
ROSTER = ["Ana", "Bia", "Carla", "Duda", "Eva", "Fer", "Gabi", "Hugo", "Ines", "Joao", "Lia", "Mara"]
PRESET, DECK = "escoba-es", "spanish"
BOARD_TARGET = 100  # the form's highest target: 60 hands of four players fit under it
# The template matches of a history: (players, partnerships, hands at most; None plays to the end).
TEMPLATES = [(2, False, None), (2, False, None), (2, False, 3), (3, False, None), (4, True, None),
             (4, True, None), (4, True, 4), (4, False, None)]
CHUNK = 500  # matches copied per batch of inserts


@dataclass
class Seeded:
    """What the benchmark drives: ids, the spectator token, the accounts' names."""

    board12: int = 0
    board60: int = 0
    token: str = ""
    player: int = 0
    save_matches: list[int] = field(default_factory=list)
    even: dict[str, Any] = field(default_factory=dict)  # the legal four-player hand the saves enter
    histories: dict[str, int] = field(default_factory=dict)  # account -> matches in its history
    player_account: str = ""  # the account of the player page
    counts: dict[str, int] = field(default_factory=dict)  # table -> rows, for the output


def seed(tables: int, rng: random.Random, sizes: Sequence[int] = (100, 1000, 10_000)) -> Seeded:
    """Fill the app's (empty, migrated) database; call inside an app context."""
    seeded = Seeded()
    bench = register_user("bench", PASSWORD)
    pool = [play_hand(4, 4, rng) for _ in range(120)]
    seeded.board12 = _board(bench, pool, 12, rng, ROSTER[:4])
    seeded.board60 = _board(bench, pool, 60, rng, ROSTER[4:8])
    seeded.token = spectator_link(db.session.get(Match, seeded.board12))
    even = seeded.even = _even_hand(bench, rng)
    seeded.save_matches = [_new(bench, ROSTER[8:12], BOARD_TARGET).id for _ in range(tables)]
    for match_id in seeded.save_matches:  # a first hand, so the entry page is that of a match under way
        _record(db.session.get(Match, match_id), even)
    templates = _templates(bench, rng)
    for size in sizes:
        account = register_user(f"h{size}", PASSWORD)
        _copy_history(account, templates, size, rng)
        seeded.histories[account.username] = size
        if size == 1000 or not seeded.player:  # the player page: in the 1 000-match history if there is one
            seeded.player, seeded.player_account = _busiest(account), account.username
    seeded.counts = {model.__tablename__: db.session.scalar(select(db.func.count()).select_from(model)) or 0
                     for model in (Match, Hand, HandSide, MatchEvent, RatingChange)}
    return seeded


def _new(user: User, names: Sequence[str], target: int | None = None, partnerships: bool = False) -> Match:
    """A new match of the account, the first seat dealing."""
    options = {"target": target} if target else {}
    return create_match(user, MatchSettings(preset=PRESET, options=options, deck_style=DECK, names=tuple(names),
                                            partnerships=partnerships, first_dealer=0))


def _record(match: Match, entry: dict[str, Any]) -> Hand:
    """Save the next hand by cards through the service, as the entry page does."""
    draft = HandDraft.kept("cards", entry, dealer=dealer_after(match, list(match.hands)) or 0,
                      client_token=uuid.uuid4().hex)
    return record_hand(match, draft, expected_number=len(match.hands) + 1)


def _points(match: Match, entry: dict[str, Any]) -> list[int]:
    """The points a hand would give under the match's rules."""
    return [int(p or 0) for p in review_hand(match, HandDraft.kept("cards", entry, dealer=0)).points]


def _board(user: User, pool: list[dict[str, Any]], hands: int, rng: random.Random, names: Sequence[str]) -> int:
    """A four-player match of `hands` legal hands, each picked among a few of the pool so that the leader
    stays under the target (a match under way, as at a table)."""
    match = _new(user, names, BOARD_TARGET)
    points = [_points(match, entry) for entry in pool]
    totals = [0] * 4
    for _ in range(hands):
        picks = rng.sample(range(len(pool)), 12)
        best = min(picks, key=lambda i: max(t + p for t, p in zip(totals, points[i], strict=True)))
        totals = [t + p for t, p in zip(totals, points[best], strict=True)]
        _record(match, pool[best])
    assert not match.finished and len(match.hands) == hands, (totals, len(match.hands))
    return match.id


def _even_hand(user: User, rng: random.Random, partnerships: bool = False) -> dict[str, Any]:
    """A legal hand of four players (or two partnerships) giving every side the same points: saved again and again,
    the match never finishes (its sides share the top, and play on)."""
    probe = _new(user, ROSTER[8:12], BOARD_TARGET, partnerships)
    for _ in range(20_000):
        entry = play_hand(4, 2 if partnerships else 4, rng)
        if len(set(_points(probe, entry))) == 1:
            db.session.delete(probe)
            db.session.commit()
            return entry
    raise AssertionError("no even hand found")


def _templates(user: User, rng: random.Random) -> list[int]:
    """The template matches of the histories, played through the services; their ids."""
    ids = []
    for players, partnerships, limit in TEMPLATES:
        match = _new(user, rng.sample(ROSTER, players), partnerships=partnerships)
        while not match.finished and (limit is None or len(match.hands) < limit):
            _record(match, play_hand(players, 2 if partnerships else players, rng))
        ids.append(match.id)
    return ids


def _rows(table: Table, column: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    """The rows of a table whose `column` is one of `ids`, as dicts, in id order."""
    query = select(table).where(table.c[column].in_(ids)).order_by(table.c.id)
    return [dict(row) for row in db.session.execute(query).mappings()]


def _inserted(table: Table, rows: list[dict[str, Any]]) -> list[int]:
    """Insert rows without their ids; the new ids in the rows' order."""
    if not rows:
        return []
    statement = insert(table).returning(table.c.id, sort_by_parameter_order=True)
    return [row[0] for row in db.session.execute(statement, [{k: v for k, v in r.items() if k != "id"} for r in rows])]


def _chunks(count: int) -> Iterator[range]:
    """The copies' numbers, a batch at a time."""
    for start in range(0, count, CHUNK):
        yield range(start, min(count, start + CHUNK))


def _copy_history(user: User, templates: list[int], count: int, rng: random.Random) -> None:
    """`count` copies of the template matches into the account, oldest first, two years back to now."""
    players = players_for(user, ROSTER)
    db.session.commit()
    by_name = {player.name: player.id for player in players}
    tables = {model: model.__table__ for model in (Match, Seat, Hand, HandSide, MatchEvent, RatingChange)}
    source = {model: _rows(table, "match_id" if model is not Match else "id", templates)
              for model, table in tables.items()}
    start = datetime.now() - timedelta(days=730)
    for batch in _chunks(count):
        copies = [(n, source[Match][n % len(templates)]) for n in batch]
        matches = []
        for n, match in copies:
            at = start + timedelta(minutes=n * 730 * 24 * 60 // max(count, 1))
            matches.append(match | {"user_id": user.id, "uid": uuid.uuid4().hex, "created_at": at, "updated_at": at,
                                    "finished_at": at + timedelta(minutes=40) if match["finished"] else None,
                                    "spectator_token": None})
        new_ids = dict(zip([n for n, _ in copies], _inserted(tables[Match], matches), strict=True))
        _copy_children(tables, source, copies, new_ids, by_name, rng)
    db.session.commit()


def _copy_children(tables: dict[Any, Table], source: dict[Any, list[dict[str, Any]]],
                   copies: list[tuple[int, dict[str, Any]]], new_ids: dict[int, int], by_name: dict[str, int],
                   rng: random.Random) -> None:
    """The seats (names drawn from the roster), hands, side results, trail and rating changes of a batch of
    copied matches."""
    seats, hands, events, changes, hand_of = [], [], [], [], []
    for n, match in copies:
        new_id = new_ids[n]
        template_seats = [s for s in source[Seat] if s["match_id"] == match["id"]]
        names = rng.sample(ROSTER, len(template_seats))
        player_of = {}
        for seat, name in zip(template_seats, names, strict=True):
            seats.append(seat | {"match_id": new_id, "name": name, "name_key": name_key(name),
                                 "player_id": by_name[name]})
            player_of[seat["player_id"]] = by_name[name]
        for hand in (h for h in source[Hand] if h["match_id"] == match["id"]):
            hands.append(hand | {"match_id": new_id, "client_token": uuid.uuid4().hex})
            hand_of.append((hand["id"], new_id))
        events += [e | {"match_id": new_id} for e in source[MatchEvent] if e["match_id"] == match["id"]]
        changes += [c | {"match_id": new_id, "player_id": player_of.get(c["player_id"], c["player_id"])}
                    for c in source[RatingChange] if c["match_id"] == match["id"]]
    _inserted(tables[Seat], seats)
    new_hands = _inserted(tables[Hand], hands)
    sides = []
    for (old_hand, new_match), new_hand in zip(hand_of, new_hands, strict=True):
        sides += [s | {"hand_id": new_hand, "match_id": new_match}
                  for s in source[HandSide] if s["hand_id"] == old_hand]
    _inserted(tables[HandSide], sides)
    _inserted(tables[MatchEvent], events)
    _inserted(tables[RatingChange], changes)


def _busiest(user: User) -> int:
    """The account's player who sat in the most matches."""
    query = (select(Seat.player_id, db.func.count()).join(Match).where(Match.user_id == user.id,
                                                                         Seat.player_id.is_not(None))
             .group_by(Seat.player_id).order_by(db.func.count().desc()).limit(1))
    return int(db.session.execute(query).one()[0])
