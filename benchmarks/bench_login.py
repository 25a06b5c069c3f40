"""Times a failed login for a known and an unknown username, and counts what throttling lets through.

Run from the repository root: .venv/bin/python benchmarks/bench_login.py [--runs N]
It builds a throwaway SQLite database (migrated like the app's) with one account whose
password is hashed as the app hashes it (scrypt), then posts the login form through the
test client:
1. a wrong password for the known name, and any password for an unknown name, N times
   each, interleaved, throttling off: the two medians should match (the unknown name is
   checked against a dummy hash of the same method);
2. 200 wrong passwords for the account from one address as fast as they go, throttling
   on with the shipped limits: how many were checked (422) and how many refused (429).
"""

from __future__ import annotations

import argparse
import platform
import statistics
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


def make_app(folder: str, throttled: bool) -> Flask:
    """The app on a fresh database holding the account 'ana', CSRF off so the form can be posted directly."""
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": throttled,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / f'login-{throttled}.sqlite'}"})
    upgrade_schema(app)
    with app.app_context():
        db.session.add(User(username="ana", password_hash=hash_password("the-right-password")))
        db.session.commit()
    return app


def time_login(app: Flask, username: str) -> tuple[float, int]:
    """Milliseconds for one failed login, and its status."""
    client = app.test_client()
    start = time.perf_counter()
    response = client.post("/login", data={"username": username, "password": "a-wrong-password"})
    return (time.perf_counter() - start) * 1000, response.status_code


def summary(samples: list[float]) -> str:
    """Median, 90th percentile and max, in ms."""
    ordered = sorted(samples)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):6.1f} ms   p90 {p90:6.1f} ms   max {ordered[-1]:6.1f} ms"


def main() -> None:
    """Run both measurements and print them with the machine."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(folder, throttled=False)
        time_login(app, "ana")  # warm-up: templates, the dummy hash
        time_login(app, "nobody")
        known: list[float] = []
        unknown: list[float] = []
        for _ in range(args.runs):
            for name, samples in (("ana", known), ("nobody", unknown)):
                elapsed, status = time_login(app, name)
                assert status == 422, status
                samples.append(elapsed)
        print(f"wrong password, known name    ({args.runs} runs): {summary(known)}")
        print(f"any password, unknown name    ({args.runs} runs): {summary(unknown)}")
        print(f"difference of the medians: {statistics.median(unknown) - statistics.median(known):+.1f} ms")

        throttled = make_app(folder, throttled=True)
        client = throttled.test_client()
        start = time.perf_counter()
        statuses = [client.post("/login", data={"username": "ana", "password": f"guess-{i}"}).status_code
                    for i in range(200)]
        elapsed = time.perf_counter() - start
        print(f"200 wrong passwords in {elapsed:.1f} s, throttled: {statuses.count(422)} checked (422), "
              f"{statuses.count(429)} refused (429), first refusal at attempt {statuses.index(429) + 1}")


if __name__ == "__main__":
    main()
