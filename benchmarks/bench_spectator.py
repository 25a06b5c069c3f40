"""Times what a phone following a spectator link costs the server: the whole page, and the 304 it gets
while nothing changed (what every poll gets between two saves).

Run from the repository root: .venv/bin/python benchmarks/bench_spectator.py [--hands N] [--runs N]
It builds a throwaway SQLite database (migrated like the app's), one account and one four-seat match of N
hands (default 20), and times GETs of the spectator page through the test client, with and without its
ETag. A table of four phones polling every 2 seconds asks twice a second.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, Match, Seat, User
from referee.rules import make_ruleset
from referee.services.matches import spectator_link


def build(hands: int) -> str:
    """One account, one match of `hands` hands; the spectator link's path."""
    user = User(username="bench", password_hash=hash_password("bench-password-1"))
    # The highest target the rules allow, and a point a hand: a match of up to 99 hands still being played.
    match = Match(ruleset=make_ruleset("escova-rs", target=100), deck_style="french", partnerships=True,
                  first_dealer=0)
    db.session.add(user)
    db.session.flush()
    match.user_id = user.id
    match.seats = [Seat(position=i, name=name) for i, name in enumerate(["Ana", "Bia", "Carla", "Duda"])]
    match.hands = [Hand(number=n, dealer=(n - 1) % 4, mode="tally", entry={}, points=[1, 0], valid=True)
                   for n in range(1, hands + 1)]
    db.session.add(match)
    db.session.commit()
    return f"/watch/{spectator_link(match)}"


def timed(client, url: str, runs: int, headers: dict[str, str], status: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds for each of `runs` GETs, each answered `status`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == status, response.status_code
    return times


def report(name: str, times: list[float]) -> None:
    """Median, 95th percentile and max."""
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{name:<28} median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")


def main() -> None:
    """Build, warm up, time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite'}"})
        upgrade_schema(app)
        with app.app_context():
            path = build(args.hands)
        client = app.test_client()
        etag = client.get(path).headers["ETag"]
        timed(client, path, 20, {}, 200)
        print(f"{platform.platform()} · Python {sys.version.split()[0]} · {args.hands} hands, {args.runs} runs")
        report("whole page (200)", timed(client, path, args.runs, {}, 200))
        report("nothing changed (304)", timed(client, path, args.runs, {"If-None-Match": etag}, 304))


if __name__ == "__main__":
    main()
