"""Times the ratings with 1 000 finished matches in one account: a full rerate, one match rated as it finishes
(and taken back as it reopens), and the leaderboard and the rating's part of a player's page.

Run from the repository root:
    .venv/bin/python benchmarks/bench_ratings.py                     # a throwaway SQLite database
    .venv/bin/python benchmarks/bench_ratings.py --postgres URL      # a throwaway database on that server
Options: --matches N (1 000), --hands N per match (20), --runs N (10 for the rerate, 3× for the rest).

The database is migrated like the app's and filled in bulk, for two accounts alike (the second must not
slow the first): matches of two, three and four players and of two partnerships among six players, each with
its hands and each side's result per hand, finished one minute apart; then the first account is rated once.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import func, insert, select, text
from throwaway_db import throwaway_database

from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, HandSide, Match, Player, RatingChange, Seat, User
from referee.rules import make_ruleset
from referee.services import HandDraft, MatchSettings, create_match, hands, record_hand, undo_last_hand
from referee.services.ratings import leaderboard, rerate

NAMES = ["Ana", "Bia", "Carla", "Duda", "Eva", "Fer"]
KINDS = [(2, False)] * 10 + [(4, True)] * 5 + [(3, False)] * 3 + [(4, False)] * 2  # seats, partnerships


def fill(user_id: int, count: int, per_match: int, chance: random.Random) -> None:
    """Bulk-insert `count` finished matches with seats, hands and hand sides for one account."""
    players = [Player(user_id=user_id, name=name) for name in NAMES]
    db.session.add_all(players)
    db.session.flush()
    base = datetime(2026, 1, 1)
    first = (db.session.scalar(select(func.max(Match.id))) or 0) + 1
    first_hand = (db.session.scalar(select(func.max(Hand.id))) or 0) + 1
    matches, seats, hand_rows, sides_rows = [], [], [], []
    for n in range(count):
        match_id, (n_seats, pairs) = first + n, chance.choice(KINDS)
        n_sides = 2 if pairs else n_seats
        seated = chance.sample(players, n_seats)
        points = [[chance.randrange(6) for _ in range(n_sides)] for _ in range(per_match)]
        totals = [sum(hand[side] for hand in points) for side in range(n_sides)]
        winner = max(range(n_sides), key=lambda side: totals[side])
        points[-1][winner] += 1  # one side alone on top
        at = base + timedelta(minutes=n)
        matches.append({"id": match_id, "user_id": user_id, "uid": uuid.uuid4().hex, "created_at": at,
                        "updated_at": at, "finished_at": at, "preset": "escova-rs",
                        "options": make_ruleset("escova-rs").options(),
                        "deck_style": "spanish", "partnerships": pairs, "first_dealer": 0, "finished": True,
                        "winner": winner, "version": 1})
        seats += [{"match_id": match_id, "position": i, "side": i % n_sides, "name": p.name,
                   "name_key": p.name.lower(), "player_id": p.id} for i, p in enumerate(seated)]
        for number, hand in enumerate(points, start=1):
            hand_id = first_hand + len(hand_rows)
            hand_rows.append({"id": hand_id, "match_id": match_id, "number": number, "dealer": 0, "mode": "tally",
                              "entry": {}, "points": hand, "valid": True, "created_at": at, "updated_at": at})
            sides_rows += [{"hand_id": hand_id, "match_id": match_id, "side": side, "points": p, "escobas": 0,
                            "cards": 0, "oros": 0, "sevens": 0, "velo": 0, "all_oros": 0, "all_sevens": 0,
                            "over30": 0, "erred": False} for side, p in enumerate(hand)]
    for model, rows in ((Match, matches), (Seat, seats), (Hand, hand_rows), (HandSide, sides_rows)):
        for start in range(0, len(rows), 5000):
            db.session.execute(insert(model), rows[start:start + 5000])
    db.session.commit()
    if db.engine.dialect.name == "postgresql":  # the ids were given: move the sequences past them
        for table in ("match", "hand"):
            db.session.execute(text(f"SELECT setval('{table}_id_seq', (SELECT max(id) FROM {table}))"))
        db.session.commit()


def winning_hand(sides: int, winner: int) -> HandDraft:
    """A hand by counts that wins a match to 15 at once for side `winner`."""
    body = {"sides": [{"tally": {"cards": 40 - 4 * (sides - 1) if i == winner else 4,
                                 "oros": 10 if i == winner else 0, "sevens": 4 if i == winner else 0,
                                 "velo": i == winner}, "escobas": 9 if i == winner else 0} for i in range(sides)],
            "leftover_sum": 10, "last_capture": winner}
    return HandDraft.kept("tally", body, dealer=0)


def report(label: str, times: list[float]) -> None:
    """One line: the median and the max, in milliseconds."""
    print(f"  {label:44} median {statistics.median(times):8.2f} ms   max {max(times):8.2f} ms")


def timed(action: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds for each of `runs` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def incremental(user: User, runs: int) -> None:
    """A new match of Ana and Bia finishing (rated at once) and reopening (its rating taken back), `runs`
    times: the whole save, and the ratings' part of it (match_settled, timed inside the save)."""
    settled: list[float] = []
    keep = hands.match_settled

    def timed_settle(match: Match, was_winner: int | None) -> None:
        start = time.perf_counter()
        keep(match, was_winner)
        settled.append((time.perf_counter() - start) * 1000)

    hands.match_settled = timed_settle
    try:
        saves, undos = [], []
        for _ in range(runs):
            match = create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                                     names=("Ana", "Bia"), first_dealer=0))
            saves += timed(lambda match=match: record_hand(match, winning_hand(2, 0), 1), 1)
            undos += timed(lambda match=match: undo_last_hand(match, match.version), 1)
            # Finished again for good, so the next run finishes the newest match once more.
            record_hand(match, winning_hand(2, 1), 1)
        report("a match finishing: the save, all of it", saves)
        report("  of which the rating (rated incrementally)", settled[0::3])
        report("the winning hand undone: the undo, all of it", undos)
        report("  of which the rating (taken back)", settled[1::3])
    finally:
        hands.match_settled = keep


def run(url: str, matches: int, per_match: int, runs: int) -> None:
    """Build, fill, time, print."""
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    upgrade_schema(app)
    with app.app_context():
        users = [User(username=name, password_hash=hash_password("password")) for name in ("ana", "other")]
        db.session.add_all(users)
        db.session.commit()
        start = time.perf_counter()
        chance = random.Random(20261201)
        for user in users:
            fill(user.id, matches, per_match, chance)
        print(f"{db.engine.dialect.name}: filled {2 * matches} matches, {2 * matches * per_match} hands "
              f"in {time.perf_counter() - start:.1f} s")
        user = users[0]
        rerate(users[1])
        db.session.commit()

        def full() -> None:
            rerate(user)
            db.session.commit()

        report(f"rerate, {matches} finished matches, and commit", timed(full, runs))
        changes = db.session.scalar(select(func.count(RatingChange.id)).join(Player).where(Player.user_id == user.id))
        print(f"  ({changes} rating changes written each time)")
        report("leaderboard(user) alone", timed(lambda: leaderboard(user), 3 * runs))
        ana = db.session.scalar(select(Player.id).where(Player.user_id == user.id, Player.name == "Ana"))
        incremental(user, runs)
        db.engine.dispose()
    client = app.test_client()
    client.post("/login", data={"username": "ana", "password": "password"})
    for label, page in (("GET /players (the leaderboard page)", "/players"),
                        ("GET /players/<Ana> (her rating, 1 000+ points)", f"/players/{ana}")):
        def get(page: str = page) -> None:
            assert client.get(page).status_code == 200
        get()  # the first request compiles the templates
        report(label, timed(get, 3 * runs))


def main() -> None:
    """Read the options, run on the database asked for."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server where a database may be created")
    args = parser.parse_args()
    print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}")
    with throwaway_database(args.postgres, "bench_ratings") as url:
        run(url, args.matches, args.hands, args.runs)


if __name__ == "__main__":
    main()
