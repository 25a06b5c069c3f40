"""Faults under the production set-up (gunicorn, 4 sync workers): what saves, new matches, registrations, scoreboards
and /healthz answer while the database is locked by another writer, its disk is full, or its PostgreSQL server
restarts; then, once it is over, that every request answers again and that the database holds exactly what was
answered as saved (nothing half-written).

    .venv/bin/python benchmarks/bench_faults.py locked                      # SQLite, the write lock held 12 s
    .venv/bin/python benchmarks/bench_faults.py disk-full --dir /mnt/small  # SQLite on a small file system, filled
    .venv/bin/python benchmarks/bench_faults.py restart --postgres postgresql://user@host:port/db \\
        [--restart "su postgres -c 'pg_ctl -D … restart -m fast'"]

disk-full needs a small file system of its own, which it fills with a ballast file and empties afterwards (as root:
`mount -t tmpfs -o size=8m tmpfs /mnt/small`). restart needs a server whose user may create databases; without
--restart it ends every connection of the app's database instead (pg_terminate_backend), as a restart does.
Results: benchmarks/README.md, "Faults".
"""

from __future__ import annotations

import argparse
import http.cookiejar
import itertools
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_server import Server, Workers
from sqlalchemy import create_engine, func, select, text
from throwaway_db import throwaway_database

from referee import create_app
from referee.config import sqlalchemy_url
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, Match, User
from referee.services import MatchSettings, create_match, register_user
from referee.services.api_tokens import create_token

SECRET = "bench-faults"
PASSWORD = "escova-bench-2026"
MATCHES = 60
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
# The correct hand of tests/conftest.py, by cards, for the API; mirrored, the other side takes it.
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
PILE_B = ["10e", "5e", "9e", "6e", "8e", "7e", "10b", "5b", "9b", "6b", "8b", "7b",
          "1c", "2c", "1e", "2e", "3e", "1b", "2b", "3b"]
LEFTOVER = ["1o", "2o", "3o", "4o"]


def hand(mirror: bool) -> dict[str, object]:
    """A hand's body for the match API."""
    sides = [{"cards": PILE_A, "escobas": 0}, {"cards": PILE_B, "escobas": 0}]
    return {"sides": sides[::-1] if mirror else sides, "leftover": LEFTOVER, "last_capture": 1 if mirror else 0}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Answers as they come: a 302 is counted as a 302."""

    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        """Follow nothing."""
        return None


class Phone:
    """A browser (its own cookies) or a program (a bearer token) asking the server."""

    def __init__(self, base: str, token: str | None = None) -> None:
        self.base, self.token = base, token
        self.opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(
            http.cookiejar.CookieJar()))

    def ask(self, method: str, path: str, form: dict[str, str] | None = None, body: object = None,
            extra: dict[str, str] | None = None) -> tuple[int, str]:
        """The status and text of one answer."""
        headers = ({"Authorization": f"Bearer {self.token}"} if self.token else {}) | (extra or {})
        data = None
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode(errors="replace")
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.read().decode(errors="replace")

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        """A page's form posted with its CSRF token, as a browser would."""
        status, page = self.ask("GET", path)
        token = CSRF.search(page)
        if token is None:
            return status, page
        return self.ask("POST", path, form=fields | {"csrf_token": token.group(1)})


def seed(url: str) -> tuple[str, list[int]]:
    """The bench account with its API token and MATCHES matches; the token and the matches' ids."""
    app = create_app({"SECRET_KEY": SECRET, "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    upgrade_schema(app)
    with app.app_context():
        user = register_user("bench", PASSWORD)
        db.session.commit()
        _token, secret = create_token(user, "bench")
        settings = MatchSettings(preset="escova-rs", options={}, deck_style="spanish", names=("Ana", "Bea"),
                                 first_dealer=0)
        ids = [create_match(user, settings).id for _ in range(MATCHES)]
        db.engine.dispose()
    return secret, ids


def counts(url: str) -> dict[str, int]:
    """Accounts, matches and hands the database holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {name: connection.execute(select(func.count()).select_from(model)).scalar_one()
                    for name, model in (("accounts", User), ("matches", Match), ("hands", Hand))}
    finally:
        engine.dispose()


class Run:
    """The requests of a run, by kind: each answer's status and time."""

    def __init__(self, base: str, token: str, matches: list[int]) -> None:
        self.base, self.token = base, token
        self.browser = Phone(base)
        assert self.browser.post_form("/login", {"username": "bench", "password": PASSWORD})[0] == 302
        self.saves = itertools.cycle([(m, n % 2 == 1) for n in range(3) for m in matches])
        self.numbers = itertools.count()
        self.matches = matches
        self.lock = threading.Lock()
        self.answers: dict[str, list[tuple[str, float, float]]] = defaultdict(list)
        self.fault_over = float("inf")  # when the fault ended (time.perf_counter), once it has

    def timed(self, kind: str, call: Callable[[], tuple[int, str]]) -> None:
        """Make one request and note its answer (its status, and for a 503 what it says became of the change), the
        time taken, and when it came."""
        started = time.perf_counter()
        status, text = call()
        ended = time.perf_counter()
        label = str(status)
        if status == 503 and "What you sent was saved" in text:
            label += " saved"
        elif status == 503 and "may or may not have been saved" in text:
            label += " in doubt"
        with self.lock:
            self.answers[kind].append((label, ended - started, ended))

    def save(self) -> None:
        """A hand through the match API."""
        with self.lock:
            match_id, mirror = next(self.saves)
            key = f"bench-{next(self.numbers)}"
        api = Phone(self.base, self.token)
        self.timed("save a hand (API)", lambda: api.ask("POST", f"/api/v1/matches/{match_id}/hands", body=hand(mirror),
                                                        extra={"Idempotency-Key": key}))

    def new_match(self) -> None:
        """A match through the match API."""
        api = Phone(self.base, self.token)
        body = {"ruleset": "escova-rs", "players": ["Ana", "Bea"], "first_dealer": 0}
        self.timed("new match (API)", lambda: api.ask("POST", "/api/v1/matches", body=body))

    def register(self) -> None:
        """A new account through the registration page."""
        with self.lock:
            name = f"newcomer{next(self.numbers)}"
        self.timed("register (page)", lambda: Phone(self.base).post_form(
            "/register", {"username": name, "password": PASSWORD, "confirm": PASSWORD}))

    def board(self) -> None:
        """A scoreboard, logged in."""
        self.timed("scoreboard (page)", lambda: self.browser.ask("GET", f"/matches/{self.matches[0]}"))

    def health(self) -> None:
        """The health check."""
        self.timed("/healthz", lambda: Phone(self.base).ask("GET", "/healthz"))

    def mix(self) -> list[Callable[[], None]]:
        """One round of requests, in a shuffled (seeded) order: as many saves and scoreboards as the issue counted,
        fewer of the rest."""
        calls = [self.save] * 10 + [self.board] * 10 + [self.register] * 4 + [self.new_match] * 4 + [self.health] * 4
        random.Random(20261202).shuffle(calls)
        return calls


@contextmanager
def locked(path: Path, hold: float, run: Run) -> Iterator[None]:
    """Another connection holds the SQLite write lock for `hold` seconds from the start of the block."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")

    def release() -> None:
        holder.execute("ROLLBACK")
        run.fault_over = time.perf_counter()

    timer = threading.Timer(hold, release)
    timer.start()
    try:
        yield
    finally:
        timer.join()
        holder.close()


@contextmanager
def disk_full(folder: Path) -> Iterator[None]:
    """The file system of `folder` filled up with a ballast file, removed afterwards."""
    ballast = folder / "ballast"
    descriptor = os.open(ballast, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for size in (1 << 16, 512, 1):  # large pieces, then the last few bytes
            with suppress(OSError):
                while os.write(descriptor, b"\0" * size):
                    pass
    finally:
        os.close(descriptor)
    try:
        yield
    finally:
        ballast.unlink()


KINDS = {"hands": "save a hand (API)", "matches": "new match (API)", "accounts": "register (page)"}


def tally(run: Run) -> Counter[tuple[str, bool]]:
    """For each kind of request: how many answers say stored (kind, True), and how many are in doubt (kind, False)."""
    found: Counter[tuple[str, bool]] = Counter()
    for kind, answers in run.answers.items():
        for label, _took, _ended in answers:
            if label in ("201", "302", "503 saved"):
                found[(kind, True)] += 1
            elif label == "503 in doubt":
                found[(kind, False)] += 1
    return found


def in_parallel(calls: list[Callable[[], None]], threads: int = 8) -> None:
    """Make the calls, `threads` at a time."""
    with ThreadPoolExecutor(threads) as pool:
        for future in [pool.submit(call) for call in calls]:
            future.result()


def restarting(server: str, url: str, restart: str | None, duration: float, run: Run) -> None:
    """Requests for `duration` seconds while the server restarts (or its connections are ended) after one second."""
    stop = time.monotonic() + duration

    def keep_asking(kind: Callable[[], None]) -> None:
        while time.monotonic() < stop:
            kind()

    def fault() -> None:
        time.sleep(1)
        if restart:
            subprocess.run(restart, shell=True, check=True, capture_output=True)
            run.fault_over = time.perf_counter()
            return
        admin = create_engine(sqlalchemy_url(server), isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as connection:
                connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                        "WHERE datname = :name AND pid <> pg_backend_pid()"),
                                   {"name": url.rsplit("/", 1)[1]})
        finally:
            admin.dispose()
        run.fault_over = time.perf_counter()

    with ThreadPoolExecutor(6) as pool:
        futures = [pool.submit(fault)] + [pool.submit(keep_asking, kind)
                                          for kind in (run.save, run.save, run.board, run.board, run.health)]
        for future in futures:
            future.result()


def report(title: str, run: Run, after: str = "Answered once it was over (they had waited, or queued behind requests "
           "that waited)") -> None:
    """Tables of each kind of request, its answers by status and the slowest: those answered while the fault held,
    then those answered after it."""
    for heading, during in ((title, True), (after, False)):
        rows = {kind: [(status, took) for status, took, ended in answers if (ended <= run.fault_over) == during]
                for kind, answers in run.answers.items()}
        rows = {kind: answers for kind, answers in rows.items() if answers}
        if not rows:
            continue
        print(f"\n{heading}\n")
        print("| request | answers | 5xx other than 503 | slowest |")
        print("|---|---|---|---|")
        for kind, answers in rows.items():
            statuses = Counter(label for label, _ in answers)
            words = ", ".join(f"{count} × {label}" for label, count in sorted(statuses.items()))
            bad = sum(count for label, count in statuses.items() if label.startswith("5") and label[:3] != "503")
            print(f"| {kind} | {words} | {bad} | {max(t for _, t in answers):.2f} s |")


def main() -> None:
    """Parse the arguments, make the fault, print what was answered."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("fault", choices=["locked", "disk-full", "restart"])
    parser.add_argument("--dir", type=Path, help="disk-full: a folder on a small file system of its own")
    parser.add_argument("--postgres", help="restart: a PostgreSQL server whose user may create databases")
    parser.add_argument("--restart", help="restart: a shell command that restarts that server")
    parser.add_argument("--hold", type=float, default=12.0, help="locked: seconds the lock is held (default 12)")
    parser.add_argument("--seconds", type=float, default=6.0, help="restart: seconds of requests (default 6)")
    args = parser.parse_args()
    if args.fault == "disk-full" and args.dir is None:
        parser.error("disk-full needs --dir")
    if args.fault == "restart" and args.postgres is None:
        parser.error("restart needs --postgres")

    with run_folder(args) as (url, folder):
        token, matches = seed(url)
        env = {"SECRET_KEY": SECRET, "DATABASE_URL": url}
        with Server("load_project:create_app()", Workers(workers=4), env, folder / "server") as server:
            run = Run(server.url, token, matches)
            run.board()  # its spectator link made: the scoreboard only reads from now on
            run.answers.clear()
            before = counts(url)
            started = time.perf_counter()
            if args.fault == "locked":
                with locked(Path(url.removeprefix("sqlite:///")), args.hold, run):
                    in_parallel(run.mix())
                title = f"SQLite, the write lock held {args.hold:g} s by another connection (lock wait 5 s)"
            elif args.fault == "disk-full":
                with disk_full(args.dir):
                    in_parallel(run.mix())
                run.fault_over = time.perf_counter()
                title = "SQLite, its file system full"
            else:
                restarting(args.postgres, url, args.restart, args.seconds, run)
                title = "PostgreSQL " + ("restarted" if args.restart else "ending every connection") + \
                    f" under load ({args.seconds:g} s of requests)"
            during = time.perf_counter() - started
            report(f"{title}: {during:.1f} s", run)
            accepted = tally(run)
            run.answers.clear()
            in_parallel([run.save, run.board, run.register, run.new_match, run.health])
            report("", run, after="A request of each kind afterwards")
            accepted += tally(run)
            after = counts(url)
            grown = {name: after[name] - before[name] for name in after}
            print(f"\nStored meanwhile: {grown}; answered as stored (201, 302, or 503 saying saved) + in doubt: "
                  + ", ".join(f"{name} {accepted[(kind, True)]} + {accepted[(kind, False)]}"
                              for name, kind in KINDS.items()))
            log = server.log()
            faults = Counter(re.findall(r"Answered 503: the database is unavailable \(([\w-]+)\)", log))
            print(f"\ngunicorn's log: {log.count('Traceback')} tracebacks; 'Answered 503' lines by fault: "
                  f"{dict(faults)}")
            for line in sorted(set(re.findall(r"^[\w.]+(?:Error|Exception)\b.*$", log, flags=re.M))):
                print("  ", line[:200])
            if "Traceback" in log and os.environ.get("BENCH_FAULTS_TRACEBACK"):
                print(log[log.index("Traceback") - 300:][:12000])
            for name, kind in KINDS.items():  # nothing answered "nothing was changed" was stored, nothing saved is lost
                assert accepted[(kind, True)] <= grown[name] <= accepted[(kind, True)] + accepted[(kind, False)], \
                    f"{name}: something half-written"


@contextmanager
def run_folder(args: argparse.Namespace) -> Iterator[tuple[str, Path]]:
    """The run's database URL and a folder for the server's log."""
    with tempfile.TemporaryDirectory() as folder:
        if args.fault == "disk-full":
            path = args.dir / "bench.sqlite"
            try:
                yield f"sqlite:///{path}", Path(folder)
            finally:
                for leftover in args.dir.glob("bench.sqlite*"):
                    leftover.unlink()
        else:
            with throwaway_database(args.postgres if args.fault == "restart" else None, "bench_faults") as url:
                yield url, Path(folder)


if __name__ == "__main__":
    os.environ.setdefault("REFEREE_REQUEST_LOG", "1")
    main()
