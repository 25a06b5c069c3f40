"""Replays issue 23's throttling findings against the shipped limits, and times what the limiter adds to a page.

Run from the repository root: .venv/bin/python benchmarks/bench_api_throttle.py [--runs N]
It builds a throwaway SQLite database (migrated like the app's) with one account, then, through the test
client, one process (so the counts are exact: with in-memory storage each gunicorn worker counts on its own),
throttling on with the shipped limits (referee/config.py):
1. 600 requests from one address, each with a random bearer token nobody made: how many were answered
   (401) and how many refused (429);
2. 600 requests from one address spread over 3 live tokens: how many were answered;
3. 30 tokens asked for in a row with the account's password (HTTP Basic): how many were made;
4. (first, while the limiter's store is empty) the time of a page read (/tools/) with throttling on and off,
   interleaved, N runs of 100 reads each, the fastest run of each in this process's CPU time (the least
   disturbed by other work on a shared machine): page reads skip the limiter's limits (its request filter),
   so what remains is its check cut short and its hooks' bookkeeping.
"""

from __future__ import annotations

import argparse
import collections
import platform
import secrets
import sys
import tempfile
import time
from pathlib import Path

from flask import Flask

from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import User
from referee.services import api_tokens

PASSWORD = "the-right-password"


def make_app(folder: str, throttled: bool) -> Flask:
    """The app on a fresh database holding the account 'ana'."""
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": throttled,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / f'throttle-{throttled}.sqlite'}"})
    upgrade_schema(app)
    with app.app_context():
        db.session.add(User(username="ana", username_key="ana", password_hash=hash_password(PASSWORD)))
        db.session.commit()
    return app


def statuses(answers: list[int]) -> str:
    """How many of each status, in order of status."""
    counted = collections.Counter(answers)
    return ", ".join(f"{count} × {status}" for status, count in sorted(counted.items()))


def random_tokens(app: Flask) -> list[int]:
    """600 requests with tokens nobody made."""
    client = app.test_client()
    return [client.get("/api/v1/matches", headers={"Authorization": "Bearer " + secrets.token_urlsafe(32)},
                       environ_base={"REMOTE_ADDR": "198.51.100.1"}).status_code for _ in range(600)]


def three_tokens(app: Flask) -> list[int]:
    """600 requests from one address, taking turns with three live tokens."""
    with app.app_context():
        ana = db.session.get(User, 1)
        assert ana is not None
        secrets_ = [api_tokens.create_token(ana, f"sheet {i}")[1] for i in range(3)]
    client = app.test_client()
    return [client.get("/api/v1/matches", headers={"Authorization": "Bearer " + secrets_[i % 3]},
                       environ_base={"REMOTE_ADDR": "198.51.100.2"}).status_code for i in range(600)]


def many_tokens(app: Flask) -> tuple[list[int], float]:
    """30 tokens asked for with the password, and the seconds they took."""
    client = app.test_client()
    start = time.perf_counter()
    answers = [client.post("/api/v1/tokens", auth=("ana", PASSWORD), environ_base={"REMOTE_ADDR": "198.51.100.3"})
               .status_code for _ in range(30)]
    return answers, time.perf_counter() - start


def page_reads(throttled: Flask, unthrottled: Flask, runs: int) -> tuple[float, float]:
    """CPU microseconds of a /tools/ read, throttling on and off: the fastest of interleaved runs of 100 reads."""
    clients = {True: throttled.test_client(), False: unthrottled.test_client()}
    times: dict[bool, list[float]] = {True: [], False: []}
    for client in clients.values():
        for _ in range(50):
            client.get("/tools/")  # warm-up: templates, the first connection
    for _ in range(runs):
        for on, client in clients.items():
            start = time.process_time()  # this process's CPU only: other work on the machine does not count
            for _ in range(100):
                client.get("/tools/")
            times[on].append((time.process_time() - start) / 100 * 1e6)
    return min(times[True]), min(times[False])


def main() -> None:
    """Run the four measurements and print them with the machine."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        unthrottled = make_app(folder, throttled=False)
        throttled = make_app(folder, throttled=True)
        # First, while the limiter's store is empty: the memory store sweeps its keys every 10 ms from a thread
        # of its own, so the thousand keys the floods below leave would slow every request of the process.
        on, off = page_reads(throttled, unthrottled, args.runs)
        print(f"/tools/ read, CPU, fastest of {args.runs} runs of 100: throttling on {on:.0f} µs, off {off:.0f} µs, "
              f"ratio {on / off:.3f}")
        print(f"600 random bearer tokens, one address: {statuses(random_tokens(throttled))}")
        print(f"600 requests, one address, 3 live tokens: {statuses(three_tokens(throttled))}")
        made, seconds = many_tokens(throttled)
        print(f"30 tokens asked for with the password: {statuses(made)} in {seconds:.1f} s")
        with throttled.app_context():
            held = db.session.scalar(db.select(db.func.count(api_tokens.ApiToken.id)))
            print(f"tokens the account holds (the 3 of part 2 with them): {held}")


if __name__ == "__main__":
    main()
