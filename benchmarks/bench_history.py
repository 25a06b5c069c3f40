"""Times the match history with 10,000 matches in one account.

Run from the repository root: .venv/bin/python benchmarks/bench_history.py [--matches N]
It builds a throwaway SQLite database (migrated like the app's), fills it with
N matches of four seats and three hands each for one account (and as many for a
second account, which must not slow the first), then times the history page
through the test client: first page, a deep page, filtered by player (a whole name, part of
one in other case) and by status; then the player filter's query on the stored search keys
against the same query with a function over every seat's name.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, text

from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, Match, Seat, User
from referee.rules import make_ruleset
from referee.search_keys import search_key

NAMES = ["Ana", "Bia", "Carla", "Duda", "Eva", "Fer", "Gabi", "Hugo", "Ines", "Joao", "Lia", "Mara"]


def fill(user_id: int, count: int, start_id: int) -> None:
    """Bulk-insert `count` matches with seats and hands for one user."""
    base = datetime(2026, 1, 1)
    matches, seats, hands = [], [], []
    for n in range(count):
        match_id = start_id + n
        matches.append({"id": match_id, "user_id": user_id, "created_at": base + timedelta(minutes=n),
                        "updated_at": base + timedelta(minutes=n), "preset": "escova-rs",
                        "options": make_ruleset("escova-rs").options(),
                        "deck_style": "french", "partnerships": True, "first_dealer": 0,
                        "finished": n % 3 != 0, "winner": 0 if n % 3 else None, "version": 1})
        for position in range(4):
            seats.append({"match_id": match_id, "position": position, "name": NAMES[(n + position) % len(NAMES)]})
        for number in range(1, 4):
            hands.append({"match_id": match_id, "number": number, "dealer": (number - 1) % 4, "mode": "tally",
                          "entry": {}, "points": [5, 2], "valid": True, "created_at": base, "updated_at": base})
    db.session.execute(insert(Match), matches)
    db.session.execute(insert(Seat), seats)
    db.session.execute(insert(Hand), hands)
    db.session.commit()


def timed(client, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds for each of `runs` GETs of a page."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    return times


def main() -> None:
    """Build, fill, time, print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite'}"})
        upgrade_schema(app)
        with app.app_context():
            users = [User(username=name, password_hash=hash_password("password")) for name in ("ana", "other")]
            db.session.add_all(users)
            db.session.commit()
            start = time.perf_counter()
            fill(users[0].id, args.matches, 1)
            fill(users[1].id, args.matches, args.matches + 1)
            first_user = users[0].id
            print(f"filled {2 * args.matches} matches in {time.perf_counter() - start:.1f} s")
        client = app.test_client()
        client.post("/login", data={"username": "ana", "password": "password"})
        print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}")
        deep = args.matches // 20 // 2
        for label, url in [("first page", "/matches/"), (f"page {deep}", f"/matches/?page={deep}"),
                           ("player filter", "/matches/?player=Carla"),
                           ("part of a name, any case", "/matches/?player=ARL"),
                           ("in progress", "/matches/?status=playing"),
                           ("player + finished, page 10", "/matches/?player=Eva&status=finished&page=10")]:
            times = timed(client, url, args.runs)
            print(f"  {label:28} median {statistics.median(times):7.2f} ms   max {max(times):7.2f} ms")
        with app.app_context():
            compare_keys(first_user, args.runs)


def compare_keys(user_id: int, runs: int) -> None:
    """The player filter's query two ways: on the stored search keys (what the app does), and with a function
    turning every seat's name into its key as the query runs (what the stored keys spare)."""
    connection = db.session.connection()
    raw = connection.connection.driver_connection
    raw.create_function("search_key", 1, search_key, deterministic=True)
    matching = "SELECT count(*) FROM match WHERE user_id = :user AND id IN (SELECT match_id FROM seat WHERE {})"
    ways = [("stored key", matching.format("name_key LIKE '%arl%'")),
            ("function per row", matching.format("search_key(name) LIKE '%arl%'"))]
    for label, query in ways:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            connection.execute(text(query), {"user": user_id}).scalar()
            times.append((time.perf_counter() - start) * 1000)
        print(f"  query, {label:21} median {statistics.median(times):7.2f} ms   max {max(times):7.2f} ms")


if __name__ == "__main__":
    main()
