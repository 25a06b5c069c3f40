"""Times a player's page and the leaderboard of an account with 1,000 matches and 20,000 hands.

Run from the repository root:
    .venv/bin/python benchmarks/bench_stats.py                       # SQLite, in a temporary folder
    .venv/bin/python benchmarks/bench_stats.py --postgres URL        # PostgreSQL: a database of its own
                                                                     # on that server, dropped afterwards
It builds the database (migrated like the app's) and fills one account in bulk: a roster of 12 players,
matches of 2, 3 or 4 players (four play as two partnerships half the time), every hand with its side
results (referee.models.HandSide) as the app keeps them; a second account as big, which must not slow the
first. Then it times, through the Flask test client, the player page of the account's busiest player (all
matches, one game, one period, both) and the leaderboard, against a bare Flask page (the floor: what any
request through the test client costs). Goal: under 50 ms of server time for each page.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
import uuid
from datetime import datetime, timedelta

from flask import Flask
from sqlalchemy import func, insert, select, text
from throwaway_db import throwaway_database

from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, HandSide, Match, Player, Seat, User, name_key
from referee.rules import make_ruleset

ROSTER = ["Ana", "Bia", "Carla", "Duda", "Eva", "Fer", "Gabi", "Hugo", "Ines", "Joao", "Lia", "Mara"]
PRESETS = ("escova-rs", "escoba-es", "escoba-intl")
SEATINGS = [(2, 2), (2, 2), (3, 3), (4, 4), (4, 2), (4, 2)]  # (seats, sides): 1 v 1 and partnerships most often


def fill(user_id: int, matches: int, hands: int, ids: dict[str, int], rng: random.Random) -> None:
    """Bulk-insert the account's players, then `matches` matches holding `hands` hands between them."""
    players = []
    for name in ROSTER:
        ids["player"] += 1
        players.append({"id": ids["player"], "user_id": user_id, "name": name, "name_key": name_key(name)})
    db.session.execute(insert(Player), players)
    start = datetime.now() - timedelta(days=730)  # two years of play: the period filters keep a part
    rows: dict[type, list[dict[str, object]]] = {Match: [], Seat: [], Hand: [], HandSide: []}
    per_match = [hands // matches + (1 if n < hands % matches else 0) for n in range(matches)]
    for n, count in enumerate(per_match):
        ids["match"] += 1
        match_id = ids["match"]
        seats, sides = rng.choice(SEATINGS)
        preset = rng.choice(PRESETS)
        created = start + timedelta(minutes=n * 730 * 24 * 60 // matches)
        finished = rng.random() < 0.92
        rows[Match].append({
            "id": match_id, "user_id": user_id, "uid": uuid.uuid4().hex, "created_at": created,
            "updated_at": created, "finished_at": created + timedelta(minutes=40) if finished else None,
            "preset": preset, "options": make_ruleset(preset, all_oros=1, all_sevens=1, over30=0).options(),
            "deck_style": "spanish", "partnerships": seats != sides,
            "first_dealer": 0, "finished": finished, "winner": rng.randrange(sides) if finished else None,
            "version": 1})
        for position, player in enumerate(rng.sample(players, seats)):
            rows[Seat].append({"match_id": match_id, "position": position, "side": position % sides,
                               "name": player["name"], "name_key": player["name_key"], "player_id": player["id"]})
        for number in range(1, count + 1):
            ids["hand"] += 1
            results = side_results(rng, sides)
            rows[Hand].append({"id": ids["hand"], "match_id": match_id, "number": number, "dealer": 0,
                               "mode": "tally", "entry": {}, "points": [r["points"] for r in results],
                               "valid": not any(r["erred"] for r in results),
                               "erred": [i for i, r in enumerate(results) if r["erred"]],
                               "created_at": created, "updated_at": created})
            rows[HandSide] += [{"hand_id": ids["hand"], "match_id": match_id, "side": i, **r}
                               for i, r in enumerate(results)]
    for model, batch in rows.items():
        for chunk in range(0, len(batch), 5000):
            db.session.execute(insert(model), batch[chunk:chunk + 5000])
    db.session.commit()


def side_results(rng: random.Random, sides: int) -> list[dict[str, object]]:
    """One hand's results per side, as the referee would give them: each category to one side or, on a tie,
    to none; a few escobas; now and then a side in error, which scores nothing."""
    results: list[dict[str, object]] = [
        {"escobas": rng.choice([0, 0, 0, 1, 1, 2]), "erred": rng.random() < 0.05,
         "cards": 0, "oros": 0, "sevens": 0, "velo": 0, "all_oros": 0, "all_sevens": 0, "over30": 0}
        for _ in range(sides)]
    for category in ("cards", "oros", "sevens", "velo"):
        if category == "velo" or rng.random() < 0.85:
            results[rng.randrange(sides)][category] = 1
    if rng.random() < 0.05:
        results[rng.randrange(sides)]["all_sevens"] = 1
    for result in results:
        earned = sum(int(result[key]) for key in ("escobas", "cards", "oros", "sevens", "velo", "all_oros",  # type: ignore[call-overload]
                                                  "all_sevens", "over30"))
        result["points"] = 0 if result["erred"] else earned
    return results


def timed(client, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds for each of `runs` GETs of a page, after one untimed warm-up."""
    assert client.get(url).status_code == 200, url
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - begin) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return times


def p95(times: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(times, n=20)[-1]


def floor_client():  # type: ignore[no-untyped-def]
    """A bare Flask app's test client with one page: what a request costs before the app does anything."""
    bare = Flask("floor")
    bare.add_url_rule("/", "floor", lambda: "ok")
    return bare.test_client()


def main() -> None:
    """Build, fill, time, print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server (postgresql://user@host:port/db)")
    args = parser.parse_args()
    os.environ.pop("DATABASE_URL", None)
    with throwaway_database(args.postgres, "bench_stats") as url:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url})
        upgrade_schema(app)
        with app.app_context():
            users = [User(username=name, password_hash=hash_password("password")) for name in ("ana", "other")]
            db.session.add_all(users)
            db.session.commit()
            begin, ids, rng = time.perf_counter(), {"player": 0, "match": 0, "hand": 0}, random.Random(20261201)
            for user in users:
                fill(user.id, args.matches, args.hands, ids, rng)
            if db.engine.dialect.name == "postgresql":
                db.session.execute(text("ANALYZE"))
                db.session.commit()
            busiest = db.session.execute(
                select(Seat.player_id, func.count()).join(Player).where(Player.user_id == users[0].id)
                .group_by(Seat.player_id).order_by(func.count().desc()).limit(1)).one()
            counts = [db.session.scalar(select(func.count()).select_from(model)) for model in (Match, Hand, HandSide)]
            print(f"{db.engine.dialect.name}: filled {counts[0]} matches, {counts[1]} hands, {counts[2]} side results "
                  f"(two accounts) in {time.perf_counter() - begin:.1f} s; player {busiest[0]} sat in "
                  f"{busiest[1]} matches")
            player_id = busiest[0]
        client = app.test_client()
        assert client.post("/login", data={"username": "ana", "password": "password"}).status_code == 302
        print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, CPython {sys.version.split()[0]}, "
              f"{datetime.now():%Y-%m-%d %H:%M}, load average {os.getloadavg()[0]:.1f}")
        floor = timed(floor_client(), "/", args.runs)
        print(f"  {'bare Flask page (floor)':34} median {statistics.median(floor):6.2f} ms   "
              f"p95 {p95(floor):6.2f} ms   min {min(floor):6.2f} ms")
        for label, page in [("player page", f"/players/{player_id}"),
                            ("player page, one game", f"/players/{player_id}?game=escova-rs"),
                            ("player page, this year", f"/players/{player_id}?period=year"),
                            ("player page, one game, 30 days", f"/players/{player_id}?game=escoba-es&period=30d"),
                            ("leaderboard", "/players")]:
            times = timed(client, page, args.runs)
            median = statistics.median(times)
            print(f"  {label:34} median {median:6.2f} ms   p95 {p95(times):6.2f} ms   min {min(times):6.2f} ms   "
                  f"×{median / statistics.median(floor):.0f} the floor   {'met' if median < 50 else 'MISSED'}")
        with app.app_context():
            db.engine.dispose()


if __name__ == "__main__":
    main()
