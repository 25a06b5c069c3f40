"""Times entering a hand in process: the entry page, "check the hand", saving (by cards and by counts), the match
history and a player's page, against a bare 20-row Jinja page from a bare Flask app in the same process.

Run from the repository root:
    .venv/bin/python benchmarks/bench_entry.py [--runs N] [--history 100,1000,10000] [--profile NAME]

The app runs as in production: a file SQLite database in a throwaway folder (WAL, the default synchronous level),
CSRF on, every form filled in from the page it came from (tests/conftest.py's Scorekeeper), the request log off
(its lines would be timed as terminal output). The entry page and "check" are those of hand 13 of a 12-hand match
of two partnerships; saves go into fresh matches, hands 1 to 12 by turns. Each figure is the median of `--runs`
requests through Flask's test client, after a warm-up, in wall time and in this process's CPU time (steadier on a
shared machine; a save's wait for the disk shows in the wall time alone); the ratio is the bare page's median
over the page's (1.0 is as fast as the floor, 0.5 twice as slow). --profile NAME (entry, entry-quick, check,
save-cards, save-tally, player, floor, history-N) prints where that request's time goes (cProfile) instead.
"""

from __future__ import annotations

import argparse
import logging
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the Scorekeeper, which fills in forms as a browser does

from bench_history import fill  # noqa: E402  (bulk-inserted matches for the history)
from conftest import Scorekeeper  # noqa: E402
from flask import Flask, render_template_string  # noqa: E402
from sqlalchemy import select  # noqa: E402

from referee import create_app  # noqa: E402
from referee.database import upgrade_schema  # noqa: E402
from referee.extensions import db  # noqa: E402
from referee.models import Player, User  # noqa: E402

FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>{{ title }}</h1>
<table><thead><tr><th>#</th><th>Name</th><th>Points</th><th>When</th></tr></thead><tbody>
{% for row in rows %}
<tr><td>{{ row.n }}</td><td>{{ row.name }}</td><td>{{ row.points }}</td><td>{{ row.when }}</td></tr>
{% endfor %}</tbody></table></main></body></html>"""


def floor_app() -> Flask:
    """A bare Flask app with one page: a table of 20 rows from a Jinja template."""
    app = Flask("floor")
    rows = [{"n": n, "name": f"Player {n}", "points": n * 3 % 17, "when": f"2026-12-{n:02d}"} for n in range(1, 21)]

    @app.get("/rows")
    def page() -> str:
        """The 20-row page."""
        return render_template_string(FLOOR_PAGE, title="Twenty rows", rows=rows)

    return app


Times = tuple[list[float], list[float]]


def timed(call: Callable[[], Any], runs: int, warmup: int = 3, prepare: Callable[[], None] | None = None) -> Times:
    """Milliseconds of wall time and of this process's CPU time for each of `runs` calls, after `warmup` untimed
    ones; `prepare` runs (untimed) before each call."""
    wall, cpu = [], []
    for n in range(warmup + runs):
        if prepare is not None:
            prepare()
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        if n >= warmup:
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def ok(response: Any, status: int = 200) -> Any:
    """The response, asserting its status."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:2000])
    return response


class Bench:
    """The app with its data, and one zero-argument call per figure."""

    def __init__(self, folder: Path, runs: int) -> None:
        self.app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                               "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
        upgrade_schema(self.app)
        logging.getLogger(self.app.import_name).setLevel(logging.WARNING)  # no request log lines
        self.keeper = Scorekeeper(self.app, self.app.test_client()).account("ana")
        self.runs = runs
        # A match of 12 hands, the one whose next hand is entered and checked.
        self.match = self.keeper.start(("Ana", "Bea", "Carla", "Duda"), target="100")
        for n in range(12):
            self.keeper.save_hand(self.match, mirror=n % 2 == 1)
        with self.app.app_context():
            player = db.session.scalars(select(Player).order_by(Player.id)).first()
            assert player is not None
            self.player = player.id
        # Fresh matches to save into, one hand after another (by cards, then by counts).
        self.saving: dict[str, list[list[int]]] = {"cards": [], "tally": []}

    def entry(self, mode: str = "cards") -> Callable[[], Any]:
        """The entry page of the match's next hand."""
        url = self.keeper.hand_url(self.match, mode)
        return lambda: ok(self.keeper.client.get(url))

    def check(self) -> Callable[[], Any]:
        """Check the hand: the entry posted with action=review, the page with the referee's report."""
        url = self.keeper.hand_url(self.match, "cards")
        fields = self.keeper.form(url) | self.keeper.hand_fields("cards") | {"action": "review"}
        return lambda: ok(self.keeper.client.post(url, data=fields))

    def save(self, mode: str) -> Callable[[], Any]:
        """Save the next hand of a match (a new one every 12 hands); the form is read from its page beforehand,
        untimed, and the answer is the redirect to the scoreboard (not followed)."""
        prepared: list[tuple[str, dict[str, str]]] = []

        def prepare() -> None:
            """The form of the next hand to save, filled in."""
            if not self.saving[mode] or self.saving[mode][-1][1] >= 12:
                self.saving[mode].append([self.keeper.start(("Ana", "Bea"), target="100"), 0])
            current = self.saving[mode][-1]
            match_id, done = current
            url = self.keeper.hand_url(match_id, mode)
            fields = self.keeper.form(url) | self.keeper.hand_fields(mode, mirror=done % 2 == 1) | {"action": "save"}
            current[1] += 1
            prepared.append((url, fields))

        def call() -> Any:
            """Post the form prepared last."""
            url, fields = prepared.pop()
            return ok(self.keeper.client.post(url, data=fields), 302)

        return prepare, call  # type: ignore[return-value]

    def history(self, matches: int) -> Callable[[], Any]:
        """The match history's first page, with `matches` matches in the account (bulk-inserted)."""
        with self.app.app_context():
            user = db.session.scalars(select(User).where(User.username == "ana")).one()
            have = db.session.execute(select(db.func.count()).select_from(db.metadata.tables["match"])
                                      .where(db.metadata.tables["match"].c.user_id == user.id)).scalar_one()
            last = db.session.execute(select(db.func.max(db.metadata.tables["match"].c.id))).scalar_one() or 0
            if have < matches:
                fill(user.id, matches - have, last + 1)
        return lambda: ok(self.keeper.client.get("/matches/"))

    def player_page(self) -> Callable[[], Any]:
        """The first player's page."""
        return lambda: ok(self.keeper.client.get(f"/players/{self.player}"))


def main() -> None:
    """Build, time (or profile), print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--history", default="100,1000", help="the history's sizes, e.g. 100,1000,10000")
    parser.add_argument("--profile", help="entry, entry-quick, check, save-cards, save-tally, player, floor or "
                                           "history-N (N matches)")
    args = parser.parse_args()
    floor = floor_app().test_client()
    with tempfile.TemporaryDirectory() as folder:
        bench = Bench(Path(folder), args.runs)
        calls: dict[str, Any] = {
            "floor": lambda: ok(floor.get("/rows")),
            "entry": bench.entry("cards"),
            "entry-quick": bench.entry("quick"),
            "check": bench.check(),
            "save-cards": bench.save("cards"),
            "save-tally": bench.save("tally"),
            "player": bench.player_page(),
        }
        if args.profile:
            profile(args.profile, bench, calls, args.runs)
            return
        print(f"machine: {platform.platform()}, CPython {sys.version.split()[0]}; median of {args.runs} requests")
        results: dict[str, tuple[float, float]] = {}
        for name, call in calls.items():
            saving = name.startswith("save")
            wall, cpu = timed(call[1], args.runs, prepare=call[0]) if saving else timed(call, args.runs)
            results[name] = statistics.median(wall), statistics.median(cpu)
        sizes = [int(size) for size in args.history.split(",")]
        for count in sizes:
            wall, cpu = timed(bench.history(count), args.runs)
            results[f"history-{count}"] = statistics.median(wall), statistics.median(cpu)
        labels = {"floor": "bare 20-row Jinja page", "entry": "hand entry page (every card)",
                  "entry-quick": "hand entry page (quick)", "check": "check the hand",
                  "save-cards": "save a hand (by cards)", "save-tally": "save a hand (by counts)",
                  "player": "a player's page"} | {f"history-{n}": f"history, {n:,} matches" for n in sizes}
        floor_wall, floor_cpu = results["floor"]
        print(f"  {'':32} {'wall':>8}    {'× floor':>7}   {'CPU':>8}    {'× floor':>7}")
        for name, label in labels.items():
            wall_ms, cpu_ms = results[name]
            print(f"  {label:32} {wall_ms:6.2f} ms  {floor_wall / wall_ms:6.3f}×   {cpu_ms:6.2f} ms  "
                  f"{floor_cpu / max(cpu_ms, 0.001):6.3f}×")


def profile(name: str, bench: Bench, calls: dict[str, Any], runs: int) -> None:
    """Where the time of `runs` requests of one kind goes, as cProfile sees it: the 45 costliest functions by
    cumulative time, then by own time."""
    import cProfile
    import pstats

    if name.startswith("history"):
        call: Any = bench.history(int(name.split("-")[1]))
    else:
        call = calls[name]
    profiler = cProfile.Profile()
    if name.startswith("save"):
        prepare, post = call
        for _ in range(runs):
            prepare()
            profiler.enable()
            post()
            profiler.disable()
    else:
        call()
        profiler.enable()
        for _ in range(runs):
            call()
        profiler.disable()
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
