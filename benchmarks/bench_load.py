"""Load benchmark: the project under gunicorn and wrk, against a bare Flask app under the same settings.

Run from the repository root (needs Debian's wrk: sudo apt-get install wrk):
    .venv/bin/python benchmarks/bench_load.py                        # SQLite, 50 connections, 10 s a page
    .venv/bin/python benchmarks/bench_load.py --database both        # and PostgreSQL (a scratch database)
    .venv/bin/python benchmarks/bench_load.py --quick                # smoke: 2 s a page at most, smaller history
    .venv/bin/python benchmarks/bench_load.py --worker-class gthread --threads 4
One run: a throwaway database seeded through the project's services (benchmarks/load_seed.py); the floor app
(benchmarks/load_floor.py) and the project (benchmarks/load_project.py: production settings, throttling
disabled) each under gunicorn on a free loopback port; each page driven by wrk in turn; then one table per
database with req/s, p50, p99, the ratio to the floor's 20-row page and the answers that were not the page's
expected status, and the goals of issue 11 (PASS/MISS). See benchmarks/README.md, "Load".
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import secrets
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from flask import Flask
from load_browser import Browser
from load_pages import PAIRED, Page, floor_pages, goals, project_pages
from load_safety import durability, other_account, saved_hands
from load_seed import PASSWORD, Seeded, seed
from load_server import Server, Workers
from load_wrk import Result, WrkMissing, combined, run, wrk_path
from throwaway_db import throwaway_database

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db

POSTGRES = "postgresql://postgres@127.0.0.1:54329/postgres"
SEED = 20261201


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--postgres", default=os.environ.get("REFEREE_BENCH_POSTGRES", POSTGRES),
                        help="a PostgreSQL server whose user may create databases (default: %(default)s)")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per page (default 10)")
    parser.add_argument("--connections", type=int, default=50, help="wrk's connections (default 50)")
    parser.add_argument("--tables", type=int, default=20, help="tables saving hands at once (default 20)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="sync", help="gunicorn's: sync (default), gthread, …")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (gthread)")
    parser.add_argument("--history", type=int, default=10_000, help="the biggest history (default 10 000)")
    parser.add_argument("--only", default="",
                        help="only the rows whose key holds one of these, comma-separated (board,history,save)")
    parser.add_argument("--quick", action="store_true",
                        help="smoke: 2 s a page at most, a history of 2 000 at most")
    args = parser.parse_args(argv)
    if args.quick:  # a shorter --duration given with it holds (the tests' smoke run: 1 s)
        args.duration, args.history = min(args.duration, 2.0), min(args.history, 2000)
    return args


def machine(workers: Workers, args: argparse.Namespace) -> str:
    """The header: machine, date, settings."""
    return (f"{platform.platform()}, {os.cpu_count()} CPUs, CPython {sys.version.split()[0]}, "
            f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()[0]:.1f}\n"
            f"gunicorn: {workers}; wrk: {args.connections} connections ({args.tables} for the saves, one per "
            f"table), {args.duration:g} s a page; throttling disabled (RATELIMIT_ENABLED=False)")


def seed_database(url: str, secret: str, args: argparse.Namespace) -> tuple[Seeded, Flask]:
    """Migrate and fill the run's database through the project's services; what was made, and the app (to read
    the database again after the run)."""
    app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    begin = time.perf_counter()
    with app.app_context():
        sizes = sorted({100, min(1000, args.history), args.history})
        seeded = seed(args.tables, random.Random(SEED), sizes=sizes)
        if db.engine.dialect.name == "postgresql":
            with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.exec_driver_sql("ANALYZE")
        db.engine.dispose()
    rows = ", ".join(f"{n} {table}" for table, n in seeded.counts.items())
    print(f"seeded in {time.perf_counter() - begin:.0f} s: {rows}", flush=True)
    return seeded, app


def warm(base: str, page: Page) -> None:
    """A few requests first, so each worker has loaded its templates and connected to the database."""
    if page.script != "load_page.lua":
        return
    for _ in range(8):
        request = urllib.request.Request(base + page.path, data=page.body.encode() or None, headers=page.headers,
                                         method=page.method)
        with contextlib.suppress(OSError):  # an error answer is counted by the measured run, not here
            urllib.request.urlopen(request, timeout=30).read()


def drive(base: str, page: Page, args: argparse.Namespace, seconds: float | None = None) -> Result:
    """One row's wrk run (for `seconds`, else the run's duration)."""
    warm(base, page)
    connections = page.tables or args.connections
    threads = page.tables or None
    return run(base + page.path if page.path else base, page.script, page.wrk_env(), connections,
               seconds or args.duration, threads)


def measure(url: str, args: argparse.Namespace, workers: Workers,
            folder: Path) -> tuple[dict[str, tuple[Page, Result]], list[str]]:
    """Seed, serve both apps, drive every row, check what speed must not cost; the results by row key, and the
    problems found."""
    secret = secrets.token_hex(32)
    seeded, app = seed_database(url, secret, args)
    results: dict[str, tuple[Page, Result]] = {}
    env = {"SECRET_KEY": secret, "DATABASE_URL": url}
    with Server("load_floor:app", workers, {}, folder / "floor") as floor, \
            Server("load_project:create_app()", workers, env, folder / "project") as project:
        browsers = {name: Browser(project.url) for name in ["bench", *seeded.histories]}
        for name, browser in browsers.items():
            browser.log_in(name, PASSWORD)
        pages = floor_pages() + project_pages(seeded, browsers, args.tables)
        floor_rows, between = pages[1], None
        for page in pages:
            if args.only and page.key != "floor_rows" and not any(part in page.key for part in args.only.split(",")):
                continue
            if page.server == "floor":
                results[page.key] = (page, drive(floor.url, page, args))
                print(f"  {page.label:48} {results[page.key][1].rate:8.1f} req/s", flush=True)
                continue
            # Its own floor, measured just before and just after it (the machine is shared, its load varies):
            # each floor run between two rows serves both.
            before = between or drive(floor.url, floor_rows, args, args.duration / 3)
            result = drive(project.url, page, args)
            between = drive(floor.url, floor_rows, args, args.duration / 3)
            paired = combined(before, between)
            results[page.key], results[f"{page.key}{PAIRED}"] = (page, result), (floor_rows, paired)
            print(f"  {page.label:48} {result.rate:8.1f} req/s  p99 {result.p99_ms:7.1f} ms  {result.status_words()}"
                  f"  (floor around it: {before.rate:.0f}, {between.rate:.0f} req/s)", flush=True)
        problems = safety(app, seeded, browsers, results)
    return results, problems


def safety(app: Flask, seeded: Seeded, browsers: dict[str, Browser],
           results: dict[str, tuple[Page, Result]]) -> list[str]:
    """Issue 11, point 4, after the load: every save answered 302 is a hand in the database (and a few more at
    most: a save in flight when wrk stopped is stored, its answer not counted); the database's durability
    settings; no page of one account for another."""
    answered = sum(result.statuses.get("302", 0) for key, (_page, result) in results.items()
                   if key in ("record", "save"))
    stored = saved_hands(app, seeded)
    print(f"\nsafety: {answered} saves answered 302, {stored} hands stored; {durability(app)}", flush=True)
    in_flight = 2 * len(seeded.save_matches)  # one per table in each of the two save rows
    problems = [] if answered <= stored <= answered + in_flight else [
        f"{answered} saves answered 302 but {stored} hands were stored"]
    problems += other_account(browsers["bench"], browsers["h100"], seeded)
    for problem in problems:
        print(f"  PROBLEM {problem}", flush=True)
    return problems


def table(results: dict[str, tuple[Page, Result]]) -> str:
    """The run's table (Markdown): each project row's ratio is to the floor page measured around it."""
    lines = ["| page | req/s | p50 | p99 | × the 20-row floor page | not the expected answer |",
             "|---|---:|---:|---:|---:|---:|"]
    for key, (page, result) in results.items():
        if key.endswith(PAIRED):
            continue
        paired = results.get(f"{key}{PAIRED}") or results.get("floor_rows")
        floor = paired[1].rate if paired else 0.0
        ratio = f"{result.rate / floor:.3f}×" if floor else "—"
        lines.append(f"| {page.label} | {result.rate:,.0f} | {result.p50_ms:.0f} ms | {result.p99_ms:.0f} ms | "
                     f"{ratio} | {result.unexpected} |")
    floors = [result.rate for key, (_page, result) in results.items() if key.endswith(PAIRED)]
    if floors:
        lines.append(f"\nEach project row's ratio is to the floor page measured just before and after it (runs of a "
                     f"third of the duration): {min(floors):,.0f} to {max(floors):,.0f} req/s in this run.")
    return "\n".join(lines)


def verdicts(results: dict[str, tuple[Page, Result]], biggest: int) -> str:
    """PASS/MISS per goal of issue 11."""
    figures = {key: result for key, (_page, result) in results.items()}
    lines = []
    for goal in goals(f"history_{biggest}"):
        found = goal.check(figures)
        if found is None:
            continue
        ok, words = found
        lines.append(f"  {'PASS' if ok else 'MISS'}  {goal.words}: {words}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on each database asked for; print the tables and the goals."""
    args = arguments(argv)
    try:
        wrk_path()
    except WrkMissing as missing:
        print(missing, file=sys.stderr)
        return 2
    workers = Workers(args.workers, args.worker_class, args.threads)
    os.environ.pop("DATABASE_URL", None)
    databases = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    print(machine(workers, args), flush=True)
    bad = 0
    for database in databases:
        print(f"\n## {database}", flush=True)
        with tempfile.TemporaryDirectory(prefix="bench_load_") as folder, \
                throwaway_database(args.postgres if database == "postgresql" else None, "bench_load") as url:
            results, problems = measure(url, args, workers, Path(folder))
        print("\n" + table(results) + "\n\n" + verdicts(results, args.history), flush=True)
        bad += sum(result.unexpected for _page, result in results.values()) + len(problems)
    if bad:
        print(f"\n{bad} answers not of the expected status, or safety problems: the figures above are not to be "
              "trusted", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
