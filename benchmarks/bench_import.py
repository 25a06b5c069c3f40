"""Restoring the largest backup one import takes (benchmarks/import_file.py builds it): timed in process against
a floor, then under gunicorn -w 4 while other players save hands.

Run from the repository root:
    .venv/bin/python benchmarks/bench_import.py                         # SQLite
    .venv/bin/python benchmarks/bench_import.py --database both         # and PostgreSQL (a scratch database)
    .venv/bin/python benchmarks/bench_import.py --file /tmp/largest.json  # keep the file (built when missing)
    .venv/bin/python benchmarks/bench_import.py --quick                 # a 1 MB file, shorter windows

In process (each run into a fresh account of a fresh database): the whole import; the reading and checking of the
file before anything is written; on SQLite, how long the write transaction holds the database (from its first
INSERT to its commit: every other save waits that long); and the floor, Python's json.loads of the same file (the
least any import of it does). Then the costliest file that still reads, crafted (import_file.crafted_backup):
how long until the checks' time limit refuses it.

Under gunicorn -w 4 (the README's production command, throttling disabled): four players' tables save a hand
through the match API every quarter second, and /healthz is asked every half second, first with no import running
(the floor of the saves), then while four imports of the file start at once from one account, then while four
accounts import it at once, each trying again after its Retry-After until its import is done. Printed: each
window's saves (p50, p99, max) and their ratio to the floor, /healthz, the imports' statuses and times, and any
answer 5xx (or none in 30 s: status 0). See benchmarks/README.md, "Restoring a backup".
"""

from __future__ import annotations

import argparse
import os
import platform
import secrets
import statistics
import sys
import tempfile
import threading
import time
from base64 import b64encode
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from import_file import crafted_backup, largest_backup
from load_browser import Browser, hidden
from load_deal import play_hand
from load_server import Server, Workers
from sqlalchemy import event
from throwaway_db import throwaway_database

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match
from referee.services import HandDraft, MatchSettings, create_match, register_user, review_hand
from referee.services.backup import import_backup
from referee.services.backup_checks import BadBackup, read_backup

POSTGRES = "postgresql://postgres@127.0.0.1:54329/postgres"
SEED = 20261203
PASSWORD = "bench-password-1"
TABLES = 4  # players' tables saving hands meanwhile
THINK = 0.25  # seconds between one table's saves
RETRIES = 60  # an import refused 429 tries again this many times at most


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--postgres", default=os.environ.get("REFEREE_BENCH_POSTGRES", POSTGRES),
                        help="a PostgreSQL server whose user may create databases (default: %(default)s)")
    parser.add_argument("--file", type=Path, help="the backup to import: built there when missing")
    parser.add_argument("--runs", type=int, default=3, help="in-process imports (default 3)")
    parser.add_argument("--floor-seconds", type=float, default=10.0, help="the saves alone (default 10)")
    parser.add_argument("--quick", action="store_true", help="a 1 MB file, 3 s of floor")
    parser.add_argument("--skip-server", action="store_true", help="only the in-process figures")
    parser.add_argument("--skip-crafted", action="store_true", help="not the crafted file (20 s)")
    return parser.parse_args(argv)


def percentile(values: list[float], share: float) -> float:
    """The value under which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))] if ordered else float("nan")


# -- in process ----------------------------------------------------------------------------------------------------


@contextmanager
def write_lock_timer(engine: Any, held: list[float]) -> Iterator[None]:
    """Note in `held` how long each transaction that writes lasts, from its first INSERT to its commit."""
    first: list[float] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if not first and statement.lstrip().upper().startswith("INSERT"):
            first.append(time.perf_counter())

    def committed(_conn: Any) -> None:
        if first:
            held.append(time.perf_counter() - first.pop())

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "commit", committed)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", before)
        event.remove(engine, "commit", committed)


def in_process(raw: bytes, url: str, runs: int) -> dict[str, float]:
    """Medians of `runs` imports of the file into fresh accounts, of checking it alone, and of the floor."""
    import json

    totals, reads, held, floors = [], [], [], []
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    with app.app_context():
        for run in range(runs):
            started = time.perf_counter()
            json.loads(raw)
            floors.append(time.perf_counter() - started)
            started = time.perf_counter()
            read_backup(raw, len(raw))
            reads.append(time.perf_counter() - started)
            user = register_user(f"inproc{run}", PASSWORD)
            with write_lock_timer(db.engine, held):
                started = time.perf_counter()
                import_backup(user, raw, len(raw))
                totals.append(time.perf_counter() - started)
        db.engine.dispose()
    held = held[-runs:]  # the imports' own (registering an account commits too)
    return {"import": statistics.median(totals), "read": statistics.median(reads),
            "held": statistics.median(held) if url.startswith("sqlite") else float("nan"),
            "floor": statistics.median(floors)}


def crafted(most: int | None) -> str:
    """How long the costliest file that still reads (import_file.crafted_backup) takes to be refused."""
    raw, facts = crafted_backup(SEED, **({"most_bytes": most} if most else {}))
    started = time.perf_counter()
    try:
        read_backup(raw, len(raw))
        verdict = "read whole"
    except BadBackup as refusal:
        verdict = f"refused ({refusal.code})"
    return (f"a crafted file ({facts['bytes']:,} bytes, {facts['entries']:,} entries of the slowest piles found): "
            f"{verdict} after {time.perf_counter() - started:.1f} s")


# -- the server ----------------------------------------------------------------------------------------------------


@dataclass
class Seeded:
    """What the server-side part drives: the tables' matches and the hand they save again and again."""

    tables: dict[str, int] = field(default_factory=dict)  # account -> match id
    hand: dict[str, Any] = field(default_factory=dict)


def seed(url: str) -> Seeded:
    """The accounts of the run: importers, and four tables with a match that never ends (every hand gives every
    side the same points, a tie on top plays on)."""
    import random

    seeded = Seeded()
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    with app.app_context():
        for name in ["one", *(f"imp{i}" for i in range(4))]:
            register_user(name, PASSWORD)
        rng = random.Random(SEED)
        for i in range(TABLES):
            user = register_user(f"table{i}", PASSWORD)
            match = create_match(user, MatchSettings(preset="escoba-es", options={"target": 100}, deck_style="spanish",
                                                     names=("Ana", "Bia", "Carla", "Duda"), first_dealer=0))
            seeded.tables[user.username] = match.id
        probe = db.session.get(Match, seeded.tables["table0"])
        while not seeded.hand:
            entry = play_hand(4, 4, rng)
            points = review_hand(probe, HandDraft.kept("cards", entry, dealer=0)).points
            if len(set(points)) == 1:
                seeded.hand = entry
        db.engine.dispose()
    return seeded


@dataclass
class Timed:
    """One request: when it started (seconds since the run began), how long it took, its status."""

    at: float
    seconds: float
    status: int


NO_ANSWER = 0  # the status of a request with no answer within the client's 30 s (a busy or killed worker)


def answered(send: Callable[[], int]) -> int:
    """A request's status, or NO_ANSWER."""
    try:
        return send()
    except (TimeoutError, ConnectionError):
        return NO_ANSWER


class Recorder:
    """Requests made in the background (the tables' saves, the health checks) until stopped."""

    def __init__(self, server: str, seeded: Seeded, origin: float) -> None:
        self.server, self.origin = server, origin
        self.saves: list[Timed] = []
        self.health: list[Timed] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._table, args=(name, match, seeded.hand), daemon=True)
                        for name, match in seeded.tables.items()]
        self.threads.append(threading.Thread(target=self._health, daemon=True))

    def __enter__(self) -> Recorder:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()

    def _timed(self, into: list[Timed], send: Callable[[], int]) -> None:
        started = time.perf_counter()
        status = answered(send)
        into.append(Timed(started - self.origin, time.perf_counter() - started, status))

    def _table(self, name: str, match: int, hand: dict[str, Any]) -> None:
        """A table saving a hand every THINK seconds through the match API."""
        import json

        browser = Browser(self.server)
        basic = b64encode(f"{name}:{PASSWORD}".encode()).decode()
        sent = {"Authorization": f"Basic {basic}", "Content-Type": "application/json"}
        status, _headers, body = browser.request("POST", "/api/v1/tokens", "{}", sent)
        assert status == 201, body
        token = json.loads(body)["token"]
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        text = json.dumps(hand)
        while not self.stop.is_set():
            self._timed(self.saves, lambda: browser.request("POST", f"/api/v1/matches/{match}/hands", text,
                                                            headers)[0])
            self.stop.wait(THINK)

    def _health(self) -> None:
        """/healthz every half second."""
        browser = Browser(self.server)
        while not self.stop.is_set():
            self._timed(self.health, lambda: browser.get("/healthz")[0])
            self.stop.wait(0.5)


def post_file(browser: Browser, raw: bytes) -> tuple[int, dict[str, str]]:
    """The import page's form sent with the file: the status (NO_ANSWER for none in time) and the headers."""
    _status, _headers, page = browser.get("/account/import")
    boundary = secrets.token_hex(16)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n"
            f"{hidden(page, 'csrf_token')}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"backup\"; "
            f"filename=\"backup.json\"\r\nContent-Type: application/json\r\n\r\n").encode() + raw + \
        f"\r\n--{boundary}--\r\n".encode()
    try:
        status, headers, _page = browser.request("POST", "/account/import", body,  # type: ignore[arg-type]
                                                 {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    except (TimeoutError, ConnectionError):
        return NO_ANSWER, {}
    return status, headers


def upload(server: str, username: str, raw: bytes, origin: float) -> list[Timed]:
    """One person restoring the file through the import page: each try (a 429 tries again after Retry-After)."""
    browser = Browser(server)
    browser.log_in(username, PASSWORD)
    tries = []
    for _ in range(RETRIES):
        started = time.perf_counter()
        status, headers = post_file(browser, raw)
        tries.append(Timed(started - origin, time.perf_counter() - started, status))
        if status != 429:
            break
        time.sleep(float(headers.get("retry-after", "1")))
    return tries


def at_once(server: str, names: list[str], raw: bytes, origin: float) -> list[list[Timed]]:
    """Each account's import started at the same moment; every try of each."""
    results: list[list[Timed]] = [[] for _ in names]

    def run(i: int, name: str) -> None:
        results[i] = upload(server, name, raw, origin)

    threads = [threading.Thread(target=run, args=(i, name)) for i, name in enumerate(names)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def window(timed: list[Timed], start: float, end: float) -> list[Timed]:
    """The requests started in [start, end)."""
    return [t for t in timed if start <= t.at < end]


def latency_row(label: str, timed: list[Timed], floor: float | None) -> str:
    """A table row: count, p50, p99 and max in milliseconds, p99's ratio to the floor's, statuses."""
    seconds = [t.seconds for t in timed]
    p99 = percentile(seconds, 0.99)
    ratio = f"{p99 / floor:.1f}×" if floor else "1.0×"
    statuses = ", ".join(f"{code}: {n}" for code, n in sorted(count_statuses(timed).items()))
    return (f"| {label} | {len(timed)} | {percentile(seconds, 0.5) * 1000:.0f} | {p99 * 1000:.0f} | "
            f"{max(seconds, default=float('nan')) * 1000:.0f} | {ratio} | {statuses} |")


def count_statuses(timed: list[Timed]) -> dict[int, int]:
    """How many answers of each status."""
    counts: dict[int, int] = {}
    for t in timed:
        counts[t.status] = counts.get(t.status, 0) + 1
    return counts


def under_gunicorn(raw: bytes, url: str, floor_seconds: float) -> list[str]:
    """The server part on one database: the lines to print."""
    seeded = seed(url)
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    env = {"SECRET_KEY": "bench-import", "DATABASE_URL": url.replace("+psycopg", ""), "REFEREE_REQUEST_LOG": "0"}
    lines = []
    with Server("load_project:create_app()", Workers(workers=4), env, folder) as server:
        origin = time.perf_counter()
        with Recorder(server.url, seeded, origin) as recorder:
            time.sleep(floor_seconds)
            floor_end = time.perf_counter() - origin
            one = at_once(server.url, ["one"] * 4, raw, origin)
            one_end = time.perf_counter() - origin
            four = at_once(server.url, [f"imp{i}" for i in range(4)], raw, origin)
            four_end = time.perf_counter() - origin
            time.sleep(1)
        lines += ["| window | requests | p50 ms | p99 ms | max ms | p99 / floor's | statuses |",
                  "|---|---|---|---|---|---|---|"]
        floor = window(recorder.saves, 0, floor_end)
        floor_p99 = percentile([t.seconds for t in floor], 0.99)
        lines.append(latency_row("saves, no import", floor, None))
        lines.append(latency_row("saves, 4 imports from one account", window(recorder.saves, floor_end, one_end),
                                 floor_p99))
        lines.append(latency_row("saves, 4 accounts importing", window(recorder.saves, one_end, four_end), floor_p99))
        health_floor = percentile([t.seconds for t in window(recorder.health, 0, floor_end)], 0.99)
        lines.append(latency_row("/healthz, no import", window(recorder.health, 0, floor_end), None))
        lines.append(latency_row("/healthz, imports", window(recorder.health, floor_end, four_end), health_floor))
        lines.append("")
        lines.append("4 imports from one account: " + "; ".join(
            ", ".join(f"{t.status} in {t.seconds:.1f} s" for t in tries) for tries in one))
        lines.append("4 accounts importing: " + "; ".join(
            f"{len(tries)} tries ({', '.join(f'{code}×{n}' for code, n in sorted(count_statuses(tries).items()))}), "
            f"done {tries[-1].at + tries[-1].seconds - one_end:.1f} s after the start (the import itself "
            f"{tries[-1].seconds:.1f} s)" for tries in four))
        every = recorder.saves + recorder.health + [t for tries in one + four for t in tries]
        lines.append(f"answers 5xx: {sum(1 for t in every if t.status >= 500)} of {len(every)}; none within 30 s: "
                     f"{sum(1 for t in every if t.status == NO_ANSWER)}")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Build (or read) the file, then measure on each database asked for."""
    args = arguments(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2000))
    most = 1024 * 1024 if args.quick else None
    if args.file is not None and args.file.exists():
        raw = args.file.read_bytes()
        print(f"file: {args.file} ({len(raw):,} bytes)")
    else:
        raw, facts = largest_backup(SEED, **({"most_bytes": most} if most else {}))
        print(f"file built: {facts}")
        if args.file is not None:
            args.file.write_bytes(raw)
    print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}, {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}")
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    for kind in kinds:
        with throwaway_database(args.postgres if kind == "postgresql" else None, "bench_import") as url:
            figures = in_process(raw, url, args.runs)
        lock = f"; SQLite's write lock held {figures['held']:.2f} s" if kind == "sqlite" else ""
        print(f"\n{kind}, in process (median of {args.runs}): import {figures['import']:.2f} s, of which reading and "
              f"checking the file {figures['read']:.2f} s{lock}; the floor (json.loads) {figures['floor']:.2f} s, the "
              f"import {figures['import'] / figures['floor']:.0f}× it")
        if kind == kinds[0] and not args.skip_crafted:
            print(crafted(most))
        if not args.skip_server:
            with throwaway_database(args.postgres if kind == "postgresql" else None, "bench_import") as url:
                print(f"\n{kind}, gunicorn -w 4:")
                for line in under_gunicorn(raw, url, 3.0 if args.quick else args.floor_seconds):
                    print(line)


if __name__ == "__main__":
    main()
