"""Slow clients against the production set-up: how many slow connections it holds, and how fast normal requests
are answered meanwhile, as ratios to the same requests with no slow client (the floor, measured in the same run).

Run from the repository root, with the project's virtualenv (nginx and openssl from Debian):

    .venv/bin/python benchmarks/bench_slow_clients.py                       # about 3 minutes
    .venv/bin/python benchmarks/bench_slow_clients.py --slow 500 --seconds 60 --setups nginx

Set-ups, each on a fresh SQLite file:
  nginx    the shipped deploy/nginx/referee.conf (TLS) in front of the README's command, gunicorn -w 4 (sync)
  sync     the README's command alone, reachable by anyone, as it was before nginx was required
  gthread  gunicorn alone with threads (-w 2 --threads 4), the worker class the README's load figures compared

For each: the floor (a normal request every 0.25 s for 10 s, no slow client), then `--slow` slow connections (a
third each: headers trickled, a body trickled, readers of the largest answer; benchmarks/slow_clients.py), kept
slow for `--seconds` (longer than nginx's 10 s timeouts, so that connections nginx drops are opened again) while a
normal request (/healthz, /login, /tools/, /api/v1/rulesets in turn) is made every 0.25 s, each given 5 s. It
prints the answers' p50, p99 and max ("none": no answer within 5 s), the share answered within 1 s, the p99 as a
ratio to the floor's, and the slow connections held: the fewest and the most open at once while the requests were
made, and how many the server dropped (each opened again at once).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench_fifteens import machine
from load_server import Server, Workers
from nginx_front import SERVER_NAME, Nginx
from slow_clients import SlowClients, Target, ask

PAGES = ("/healthz", "/login", "/tools/", "/api/v1/rulesets")
EVERY = 0.25  # seconds between two normal requests
GIVEN = 5.0  # seconds a normal request is given before it counts as unanswered
FLOOR_SECONDS = 10.0
GOAL = 1.0  # seconds: a normal request answered within this while the slow clients are held
SETUPS = {"nginx": Workers(4, "sync"), "sync": Workers(4, "sync"), "gthread": Workers(2, "gthread", 4)}


@dataclass
class Run:
    """What one stretch of normal requests saw."""

    times: list[float]  # seconds, GIVEN for one that got no answer
    unanswered: int
    held: tuple[int, int] = (0, 0)  # the fewest and the most slow connections open at once
    dropped: int = 0  # slow connections the server closed (each opened again)

    def quantile(self, q: float) -> float:
        """The q-quantile of the answers' times, in seconds."""
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def within_goal(self) -> str:
        """How many were answered within GOAL, of how many."""
        return f"{sum(t < GOAL for t in self.times)}/{len(self.times)}"


def requests_for(target: Target, seconds: float, slow: SlowClients | None = None) -> Run:
    """A normal request every EVERY seconds for `seconds`."""
    times: list[float] = []
    unanswered = 0
    held: list[int] = []
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        started = time.monotonic()
        if slow is not None:
            held.append(sum(slow.held().values()))
        status, took, _ = ask(target, PAGES[n % len(PAGES)], GIVEN)
        n += 1
        if status != 200:
            unanswered += 1
            took = GIVEN
        times.append(took)
        time.sleep(max(0.0, EVERY - (time.monotonic() - started)))
    run = Run(times, unanswered)
    if slow is not None:
        run.held = (min(held), max(held))
        run.dropped = sum(slow.dropped.values())
    return run


def measure(setup: str, count: int, seconds: float, folder: Path) -> tuple[Run, Run]:
    """The floor, then the run under `count` slow connections, for one set-up."""
    behind = setup == "nginx"
    env = {"DATABASE_URL": f"sqlite:///{folder / 'referee.sqlite'}", "SECRET_KEY": "bench-slow-clients",
           "REFEREE_PROXIES": "1" if behind else "0", "REFEREE_HTTPS": "1" if behind else "0"}
    with Server("referee:create_app()", SETUPS[setup], env, folder / "gunicorn") as server:
        port = int(server.url.rsplit(":", 1)[1])
        if behind:
            with Nginx(port, folder / "nginx") as nginx:
                return attack(Target("127.0.0.1", nginx.https_port, nginx.tls(), SERVER_NAME), count, seconds)
        return attack(Target("127.0.0.1", port), count, seconds)


def attack(target: Target, count: int, seconds: float) -> tuple[Run, Run]:
    """The floor, then the requests made while `count` slow connections are held."""
    for path in PAGES:  # warm-up: every worker has built its pages once
        ask(target, path, GIVEN)
    floor = requests_for(target, FLOOR_SECONDS)
    with SlowClients(target, count, interval=1.0) as slow:
        attacked = requests_for(target, seconds, slow)
    return floor, attacked


def ms(seconds: float) -> str:
    """Seconds as milliseconds, for the table; a request that got no answer as such."""
    if seconds >= GIVEN:
        return "none"
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def row(setup: str, count: int, floor: Run, attacked: Run) -> str:
    """One line of the results table."""
    label = {"nginx": "nginx → gunicorn -w 4 (sync)", "sync": "gunicorn -w 4 (sync) alone",
             "gthread": "gunicorn -w 2 --threads 4 (gthread) alone"}[setup]
    ratio = attacked.quantile(0.99) / floor.quantile(0.99)
    ratio_text = f"≥ {ratio:.0f}×" if attacked.quantile(0.99) >= GIVEN else f"{ratio:.1f}×"
    return (f"| {label} | {count} | {attacked.held[0]}–{attacked.held[1]} ({attacked.dropped} dropped, opened again) "
            f"| {ms(floor.quantile(0.5))} / {ms(floor.quantile(0.99))} "
            f"| {ms(attacked.quantile(0.5))} / {ms(attacked.quantile(0.99))} / {ms(max(attacked.times))} "
            f"| {attacked.within_goal()} ({attacked.unanswered} unanswered in {GIVEN:.0f} s) | {ratio_text} |")


def main(argv: list[str] | None = None) -> int:
    """Measure each set-up and print the results table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--slow", type=int, default=200, help="slow connections (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long they are held (default 30)")
    parser.add_argument("--setups", default="nginx,sync,gthread", help="comma-separated: nginx, sync, gthread")
    args = parser.parse_args(argv)
    setups = [name.strip() for name in args.setups.split(",") if name.strip()]
    if unknown := [name for name in setups if name not in SETUPS]:
        parser.error(f"unknown set-ups: {', '.join(unknown)}")
    print(f"{datetime.now(UTC):%Y-%m-%d}, {machine()}")
    print(f"{args.slow} slow connections held {args.seconds:.0f} s; a normal request every {EVERY} s, given "
          f"{GIVEN:.0f} s; goal: answered within {GOAL:.0f} s\n")
    print("| set-up | slow connections | held at once | floor p50 / p99 | under attack p50 / p99 / max "
          "| answered < 1 s | p99 / floor |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="bench-slow-") as folder:
        for setup in setups:
            floor, attacked = measure(setup, args.slow, args.seconds, Path(folder) / setup)
            print(row(setup, args.slow, floor, attacked), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
