"""The scoreboard, the history and a player's page called straight through WSGI (no test client, no server), timed
by CPU time against the bare 20-row floor page in the same rounds (benchmarks/README.md, "Then the scoreboard's page
and the history, kept").

    .venv/bin/python benchmarks/bench_wsgi.py                          # 200 rounds, histories of 100 and 1 000
    .venv/bin/python benchmarks/bench_wsgi.py --sizes 100,10000 --only history
    .venv/bin/python benchmarks/bench_wsgi.py --profile player         # cProfile's top of one page
    .venv/bin/python benchmarks/bench_wsgi.py --sql player             # each SQL statement's time, per request

The data is the load benchmark's (load_seed.py): the `bench` account's 12- and 60-hand scoreboards, and accounts
with histories of the given sizes, each logged in through the real login form.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import load_floor
import load_seed
from bench_pages import csrf_of
from sqlalchemy import event
from throwaway_db import throwaway_database
from werkzeug.test import EnvironBuilder

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db

Case = tuple[Any, dict[str, Any]]  # a WSGI app and the EnvironBuilder's arguments


def call(app: Any, request: dict[str, Any]) -> tuple[str, bytes]:
    """One request straight into the WSGI app: its status and body."""
    answer: dict[str, str] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        """Note the status."""
        answer["status"] = status

    body = b"".join(app(EnvironBuilder(**request).get_environ(), start_response))
    return answer["status"], body


def cases(app: Any, seeded: load_seed.Seeded, sizes: tuple[int, ...]) -> dict[str, Case]:
    """The pages, each with its logged-in cookies."""
    def cookies(username: str) -> str:
        """A browser's cookies after logging in with the form."""
        client = app.test_client()
        page = client.get("/login").get_data(as_text=True)
        answer = client.post("/login", data={"csrf_token": csrf_of(page), "username": username,
                                             "password": load_seed.PASSWORD})
        assert answer.status_code == 302, answer.status_code
        return "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())

    bench = cookies("bench")
    histories = {size: cookies(f"h{size}") for size in sizes}
    board = f"/matches/{seeded.board12}"
    etag = app.test_client().get(board, headers={"Cookie": bench}).headers.get("ETag")
    return {
        "floor": (load_floor.app, {"path": "/rows"}),
        "board304": (app, {"path": board, "headers": {"Cookie": bench, "If-None-Match": etag or ""}}),
        "board12": (app, {"path": board, "headers": {"Cookie": bench}}),
        "board60": (app, {"path": f"/matches/{seeded.board60}", "headers": {"Cookie": bench}}),
        **{f"history{size}": (app, {"path": "/matches/", "headers": {"Cookie": cookie}})
           for size, cookie in histories.items()},
        "player": (app, {"path": f"/players/{seeded.player}",
                         "headers": {"Cookie": histories.get(1000, next(iter(histories.values())))}}),
    }


def timed(pages: dict[str, Case], rounds: int) -> None:
    """CPU milliseconds of each page, the pages taking turns; the medians and the ratios to the floor's."""
    times: dict[str, list[float]] = {name: [] for name in pages}
    gc.disable()
    for _ in range(rounds):
        for name, (app, request) in pages.items():
            start = time.process_time()
            call(app, request)
            times[name].append((time.process_time() - start) * 1000)
    gc.enable()
    floor = statistics.median(times["floor"])
    for name, spent in times.items():
        median = statistics.median(spent)
        print(f"{name:14} {median:7.3f} ms  {floor / median:6.3f}×")
    if "board12" in times and "board60" in times:
        print(f"60 hands ÷ 12 hands: {statistics.median(times['board60']) / statistics.median(times['board12']):.2f}")


def profiled(page: Case, rounds: int) -> None:
    """cProfile's top functions over `rounds` calls of one page."""
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(rounds):
        call(*page)
    profile.disable()
    pstats.Stats(profile).sort_stats("cumulative").print_stats(50)


def statements(app: Any, page: Case, rounds: int) -> None:
    """Each SQL statement's time per request, over `rounds` calls of one page."""
    spent: dict[str, float] = defaultdict(float)
    with app.app_context():
        engine = db.engine

    def before(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
        """Note when the statement starts."""
        context.started = time.perf_counter()

    def after(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
        """Add its time."""
        spent[statement] += time.perf_counter() - context.started

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
    for _ in range(rounds):
        call(*page)
    for statement, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"{seconds / rounds * 1000:7.3f} ms  {' '.join(statement.split())[:160]}")


def main() -> None:
    """Seed, log in, warm up, then time, profile or count."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,1000", help="the histories' sizes (comma-separated)")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--only", help="the pages whose name holds one of these (comma-separated), and the floor")
    parser.add_argument("--profile", help="a page to profile instead of timing")
    parser.add_argument("--sql", help="a page whose SQL statements to time instead")
    args = parser.parse_args()
    sizes = tuple(int(size) for size in args.sizes.split(","))
    with throwaway_database(None, "wsgi") as url:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "REQUEST_LOG": False,
                          "RATELIMIT_ENABLED": False})
        upgrade_schema(app)
        with app.app_context():
            seeded = load_seed.seed(1, random.Random(7), sizes)
            db.session.commit()
        pages = cases(app, seeded, sizes)
        if args.only:
            wanted = args.only.split(",")
            pages = {name: page for name, page in pages.items()
                     if name == "floor" or any(word in name for word in wanted)}
        for name, page in pages.items():
            status, body = call(*page)
            print(f"{name:14} {status} {len(body)} bytes")
        for _ in range(20):  # warm up: the kept pages, fragments, links
            for page in pages.values():
                call(*page)
        if args.profile:
            profiled(pages[args.profile], args.rounds)
        elif args.sql:
            statements(app, pages[args.sql], 50)
        else:
            timed(pages, args.rounds)


if __name__ == "__main__":
    main()
