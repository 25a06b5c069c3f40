"""The migration to players, seats' sides and each hand's side results (cbb18f664385), on a database made at the
revision before it with roster names and matches of 2, 3 and 4 seats and of two partnerships.

The old database gets the matches, seats, hands and trails the app makes today (played through its pages on a
database of their own, then copied in as the old app stored them), so the migration's hand_side rows can be
held against the rows the app keeps when the same hands are saved.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import factories
import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select
from werkzeug.security import generate_password_hash

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import Hand, HandSide, Match, MatchEvent, Seat
from referee.services.stored_entries import facts_unmarked, unmarked

BEFORE = "7c1e5a9f3b20"  # seat name keys; each hand's erring sides
THIS = "cbb18f664385"  # players, hand sides, ratings

# The old schema's tables, as much of them as the copy writes.
OLD_USER = sa.table("user", sa.column("id", sa.Integer), sa.column("username", sa.String),
                    sa.column("username_key", sa.String), sa.column("password_hash", sa.String),
                    sa.column("created_at", sa.DateTime))
OLD_MATCH = sa.table("match", sa.column("id", sa.Integer), sa.column("created_at", sa.DateTime),
                     sa.column("updated_at", sa.DateTime), *(sa.column(name) for name in (
    "user_id", "preset", "target", "all_oros", "all_sevens", "over30", "penalty",
    "deal_passes", "deck_style", "partnerships", "first_dealer", "finished", "winner", "version")))
OLD_SEAT = sa.table("seat", *(sa.column(name) for name in ("match_id", "position", "name", "name_key")))
OLD_HAND = sa.table("hand", sa.column("id", sa.Integer), sa.column("entry", sa.JSON), sa.column("points", sa.JSON),
                    sa.column("erred", sa.JSON), sa.column("created_at", sa.DateTime),
                    sa.column("updated_at", sa.DateTime), *(sa.column(name) for name in (
                        "match_id", "number", "dealer", "mode", "valid")))
OLD_EVENT = sa.table("match_event", sa.column("before", sa.JSON), sa.column("after", sa.JSON),
                     sa.column("at", sa.DateTime), *(sa.column(name) for name in ("match_id", "kind", "hand_number")))
OLD_ROSTER = sa.table("roster_name", sa.column("user_id", sa.Integer), sa.column("name", sa.String))
ROSTERS = {"ana": ["Lucía", "Bea", "Zoe"], "bob": ["Bea", "Zoe"]}
CATEGORIES = ("points", "escobas", "cards", "oros", "sevens", "velo", "all_oros", "all_sevens", "over30", "erred")


def tally(counts: list[tuple[int, int, int, int]], velo: int) -> dict[str, str]:
    """A hand by counts: each side's (cards, oros, sevens, escobas), who holds the velo, a leftover of 10."""
    fields = {"velo": str(velo), "leftover_sum": "10", "last_capture": "0", "action": "save"}
    for side, (cards, oros, sevens, escobas) in enumerate(counts):
        fields |= {f"cards-{side}": str(cards), f"oros-{side}": str(oros), f"sevens-{side}": str(sevens),
                   f"escobas-{side}": str(escobas)}
    return fields


def columns(table: sa.TableClause) -> list[str]:
    """The names of a table's columns."""
    return [column.name for column in table.c]


def play_the_matches(scorekeeper: Any) -> tuple[Any, dict[str, dict[str, int]]]:
    """The matches of the old database, played with today's services and tally page: a keeper of today's app, and each
    account's matches by letter."""
    ana, bob = scorekeeper("ana"), scorekeeper("bob")
    played = {"ana": {}, "bob": {}}
    # 2 seats: a hand by cards, a renuncio, one by counts
    a = played["ana"]["A"] = factories.start(ana, ("Lucía", "Bea"))
    factories.save_hand(ana, a)
    factories.save_hand(ana, a, moves={"1o": "1"})
    factories.save_hand(ana, a, mode="tally", mirror=True)
    b = played["ana"]["B"] = factories.start(ana, ("lucia", "Cid", "Dan"), preset="escoba-es")  # 3 seats
    url = ana.hand_url(b, "tally")
    assert ana.submit(url, tally([(14, 5, 2, 1), (13, 3, 1, 0), (13, 2, 1, 2)], velo=0), post_to=url).status_code == 302
    c = played["ana"]["C"] = factories.start(ana, ("Ana", "Bea", "Cid", "Dan"), seating="4",  # 4 seats
                                             preset="escoba-intl")
    url = ana.hand_url(c, "tally")
    assert ana.submit(url, tally([(10, 4, 1, 0), (10, 3, 1, 1), (10, 2, 1, 0), (10, 1, 1, 0)], velo=1),
                      post_to=url).status_code == 302
    d = played["ana"]["D"] = factories.start(ana, ("Ana", "Bea", "Cid", "Dan"), target="4")  # two partnerships, won
    factories.save_hand(ana, d)
    e = played["ana"]["E"] = factories.start(ana, ("Bea", "DAN"), target="4")  # won; its 'finished' event is left out
    factories.save_hand(ana, e)
    f = played["bob"]["F"] = factories.start(bob, ("Bea", "Zoe"))
    factories.save_hand(bob, f, mirror=True)
    return ana, played


def rows(keeper: Any, model: Any, *where: Any) -> list[dict[str, Any]]:
    """A table's rows as dicts (the mapped columns), in id order."""
    with keeper.app.app_context():
        found = db.session.scalars(select(model).where(*where).order_by(model.id)).all()
        return [{c.key: getattr(row, c.key) for c in model.__mapper__.column_attrs} for row in found]


def copy_into_the_old_database(keeper: Any, played: dict[str, dict[str, int]]) -> dict[int, int]:
    """Write the accounts, rosters, matches, seats, hands and trails into the old database as the old app kept
    them (no side, player or uid; some hands without their erring sides, the oldest app's); the old match ids
    by today's."""
    ids: dict[int, int] = {}
    at = datetime(2026, 3, 1)
    for number, username in enumerate(("ana", "bob"), start=1):
        db.session.execute(OLD_USER.insert().values(
            id=number, username=username, username_key=username, created_at=at,
            password_hash=generate_password_hash("correct-horse", method="pbkdf2:sha256:1000")))
        db.session.execute(OLD_ROSTER.insert(), [{"user_id": number, "name": name} for name in ROSTERS[username]])
        for letter, match_id in played[username].items():
            [match] = rows(keeper, Match, Match.id == match_id)
            match |= match["options"]  # the old app's columns of the rules
            old = {name: match[name] for name in columns(OLD_MATCH) if name != "id"} | {"user_id": number}
            ids[match_id] = db.session.execute(OLD_MATCH.insert().values(old).returning(OLD_MATCH.c.id)).scalar_one()
            for seat in rows(keeper, Seat, Seat.match_id == match_id):
                db.session.execute(OLD_SEAT.insert().values(
                    {name: seat[name] for name in columns(OLD_SEAT)} | {"match_id": ids[match_id]}))
            for hand in rows(keeper, Hand, Hand.match_id == match_id):
                kept = {name: hand[name] for name in columns(OLD_HAND) if name != "id"}
                kept |= {"match_id": ids[match_id], "erred": None if letter == "A" else hand["erred"],
                         "entry": unmarked(hand["entry"])}  # the old app's entries had no encoding version
                db.session.execute(OLD_HAND.insert().values(kept))
            for event in rows(keeper, MatchEvent, MatchEvent.match_id == match_id):
                if not (letter == "E" and event["kind"] == "finished"):
                    facts = {key: facts_unmarked(event[key]) for key in ("before", "after")}
                    db.session.execute(OLD_EVENT.insert().values(
                        {name: event[name] for name in columns(OLD_EVENT)} | facts | {"match_id": ids[match_id]}))
    db.session.commit()
    return ids


@pytest.fixture
def migrated(database_app: Any, scorekeeper: Any) -> Any:
    """An app on a database at the revision before this one, holding the matches above; the test upgrades it.
    Yields (app, today's keeper, the matches played by letter, the old match ids by today's)."""
    keeper, played = play_the_matches(scorekeeper)  # today's app, on a database of its own
    app = database_app(migrated=False, MIGRATING_AT_START=True)
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        ids = copy_into_the_old_database(keeper, played)
    return app, keeper, played, ids


def read(app: Any, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a query on the migrated database."""
    with app.app_context():
        return [tuple(row) for row in db.session.execute(sa.text(sql)).all()]


def test_every_account_gets_one_player_per_name_key(migrated):
    """Lucía and lucia are one player, under the roster's spelling; Dan and DAN one, under the latest seat's
    (no roster name); Zoe, in the roster only, is a player with no matches; Bob's Bea is not Ana's."""
    app, *_ = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    players = read(app, 'SELECT u.username, p.name, p.name_key FROM player p JOIN "user" u ON u.id = p.user_id '
                        "ORDER BY u.username, p.name_key")
    assert players == [("ana", "Ana", "ana"), ("ana", "Bea", "bea"), ("ana", "Cid", "cid"), ("ana", "DAN", "dan"),
                       ("ana", "Lucía", "lucia"), ("ana", "Zoe", "zoe"), ("bob", "Bea", "bea"), ("bob", "Zoe", "zoe")]
    assert "roster_name" not in inspect_tables(app)


def inspect_tables(app: Any) -> set[str]:
    """The tables of the database."""
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


EXPECTED_SEATS = {  # by match: each seat's name, its player's name and its side
    "A": [("Lucía", "Lucía", 0), ("Bea", "Bea", 1)],
    "B": [("lucia", "Lucía", 0), ("Cid", "Cid", 1), ("Dan", "DAN", 2)],
    "C": [("Ana", "Ana", 0), ("Bea", "Bea", 1), ("Cid", "Cid", 2), ("Dan", "DAN", 3)],
    "D": [("Ana", "Ana", 0), ("Bea", "Bea", 1), ("Cid", "Cid", 0), ("Dan", "DAN", 1)],
    "E": [("Bea", "Bea", 0), ("DAN", "DAN", 1)],
    "F": [("Bea", "Bea", 0), ("Zoe", "Zoe", 1)],
}


def test_every_seat_gets_its_accounts_player_and_its_side(migrated):
    """2, 3 and 4 seats play for themselves; in two partnerships seats 1 and 3 play for side 0, 2 and 4 for 1:
    as today's app gives them, and each seat's player is of the match's own account."""
    app, keeper, played, ids = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    for username, matches in played.items():
        for letter, match_id in matches.items():
            seats = read(app, "SELECT s.name, p.name, s.side, u.username FROM seat s "
                              'JOIN player p ON p.id = s.player_id JOIN "user" u ON u.id = p.user_id '
                              f"WHERE s.match_id = {ids[match_id]} ORDER BY s.position")
            assert [row[:3] for row in seats] == EXPECTED_SEATS[letter], letter
            assert {row[3] for row in seats} == {username}, letter
            today = [seat["side"] for seat in rows(keeper, Seat, Seat.match_id == match_id)]
            assert [row[2] for row in seats] == today, letter


def test_every_hand_gets_one_row_per_side_as_the_app_keeps_them(migrated):
    """Points, escobas, the categories earned and who erred: the rows today's app stores for the same hands,
    the oldest app's hands (no erring sides kept) included."""
    app, keeper, played, ids = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    for matches in played.values():
        for letter, match_id in matches.items():
            number = {row["id"]: row["number"] for row in rows(keeper, Hand, Hand.match_id == match_id)}
            expected = sorted((number[row["hand_id"]], row["side"], *(row[c] for c in CATEGORIES))
                              for row in rows(keeper, HandSide, HandSide.match_id == match_id))
            found = read(app, f"SELECT h.number, s.side, {', '.join('s.' + c for c in CATEGORIES)} FROM hand_side s "
                              f"JOIN hand h ON h.id = s.hand_id WHERE s.match_id = {ids[match_id]} "
                              "ORDER BY h.number, s.side")
            assert [(*row[:-1], bool(row[-1])) for row in found] == expected, letter
            sides = 2 if letter == "D" else len(EXPECTED_SEATS[letter])  # D: two partnerships
            assert len(found) == sides * len(number), letter


def test_the_categories_are_the_rules_cores(migrated):
    """Checked by hand for three of them. The correct hand of tests/conftest.py (escova-rs): 20 cards each (a
    tie), all 10 oros, 2 sevens each (a tie) and the velo to the first side, with its escoba: 1 + 1 + 1 + 1 = 4.
    Bea's renuncio (the 1o moved into her pile: 21 cards to 19, 9 oros to 1): she erred, though she earned the
    cards; Lucía earned the oros and the velo, no longer all the oros, and takes the 6 deck points and her escoba.
    Three by counts (escoba-es): cards, oros, sevens, velo and an escoba to the first side, two escobas to the
    third."""
    app, _keeper, played, ids = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    a, b = ids[played["ana"]["A"]], ids[played["ana"]["B"]]
    found = read(app, f"SELECT h.match_id, h.number, s.side, {', '.join('s.' + c for c in CATEGORIES)} "
                      f"FROM hand_side s JOIN hand h ON h.id = s.hand_id WHERE h.match_id IN ({a}, {b}) "
                      "AND h.number <= 2 ORDER BY h.match_id, h.number, s.side")
    assert [(*row[:-1], bool(row[-1])) for row in found] == [
        (a, 1, 0, 4, 1, 0, 1, 0, 1, 1, 0, 0, False), (a, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, False),
        (a, 2, 0, 7, 1, 0, 1, 0, 1, 0, 0, 0, False), (a, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, True),
        (b, 1, 0, 5, 1, 1, 1, 1, 1, 0, 0, 0, False), (b, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, False),
        (b, 1, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, False)]


def test_every_match_gets_a_unique_uid_and_a_finished_one_when_it_finished(migrated):
    """32 hex digits, none twice; D finished when its trail says, E (no such event) when it was last changed;
    matches in play have none."""
    app, _keeper, played, ids = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    uids = [uid for (uid,) in read(app, "SELECT uid FROM match")]
    assert len(uids) == 6 and len(set(uids)) == 6 and all(re.fullmatch(r"[0-9a-f]{32}", uid) for uid in uids)
    finished = dict(read(app, "SELECT id, finished_at FROM match"))
    d, e = ids[played["ana"]["D"]], ids[played["ana"]["E"]]
    [(event_at,)] = read(app, f"SELECT at FROM match_event WHERE match_id = {d} AND kind = 'finished'")
    [(updated_at,)] = read(app, f"SELECT updated_at FROM match WHERE id = {e}")
    assert finished.pop(d) == event_at and finished.pop(e) == updated_at
    assert set(finished.values()) == {None}
    [first, second] = [uid for (uid,) in read(app, "SELECT uid FROM match WHERE user_id = 1 ORDER BY id LIMIT 2")]
    with app.app_context(), pytest.raises(sa.exc.IntegrityError):  # and it stays unique in the account
        db.session.execute(sa.text(f"UPDATE match SET uid = '{first}' WHERE uid = '{second}'"))
        db.session.commit()


def test_after_the_migration_the_players_pages_work_on_the_old_matches(migrated, keeper_on):
    """Ana renames Lucía, whose two old matches follow; a new match with 'LUCÍA ROJAS' is the same player."""
    app, _keeper, played, ids = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        lucia = db.session.scalar(sa.text("SELECT id FROM player WHERE name = 'Lucía'"))
    ana = keeper_on(app)
    assert ana.login("ana").status_code == 302
    assert ana.submit(f"/players/{lucia}/rename", {"name": "Lucía Rojas"}).status_code == 302
    for letter in ("A", "B"):
        assert "Lucía Rojas" in ana.board(ids[played["ana"][letter]])
    match_id = factories.start(ana, ("LUCÍA ROJAS", "Bea"))
    assert read(app, f"SELECT player_id FROM seat WHERE match_id = {match_id} AND position = 0") == [(lucia,)]
    assert "⚠ Bea erred" in ana.board(ids[played["ana"]["A"]])


def test_the_migration_goes_back_down_and_up_again(migrated):
    """Downgrade: the players are the roster again (their names), the new tables and columns go; upgrading
    again makes the same players."""
    app, *_ = migrated
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    sides = read(app, "SELECT hand_id, side, points, cards, erred FROM hand_side ORDER BY hand_id, side")
    with app.app_context():
        downgrade(directory=MIGRATIONS, revision=BEFORE)
    tables = inspect_tables(app)
    assert {"player", "hand_side", "rating_change"}.isdisjoint(tables) and "roster_name" in tables
    with app.app_context():
        columns = inspect(db.engine)
        assert {"side", "player_id"}.isdisjoint(c["name"] for c in columns.get_columns("seat"))
        assert {"uid", "finished_at"}.isdisjoint(c["name"] for c in columns.get_columns("match"))
    roster = read(app, 'SELECT u.username, r.name FROM roster_name r JOIN "user" u ON u.id = r.user_id '
                       "ORDER BY u.username, r.name")
    assert roster == [("ana", "Ana"), ("ana", "Bea"), ("ana", "Cid"), ("ana", "DAN"), ("ana", "Lucía"), ("ana", "Zoe"),
                      ("bob", "Bea"), ("bob", "Zoe")]
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
    assert len(read(app, "SELECT id FROM player")) == 8
    assert read(app, "SELECT count(*) FROM seat WHERE player_id IS NULL") == [(0,)]
    assert read(app, "SELECT hand_id, side, points, cards, erred FROM hand_side ORDER BY hand_id, side") == sides
