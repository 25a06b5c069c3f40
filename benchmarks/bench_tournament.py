"""A Swiss event of 64 entrants over 7 rounds (issue 26): each round's pairing, and the standings, the board and the
tournament's other pages rendered in process, against the floor pages measured in the same run.

Run from the repository root:

    .venv/bin/python benchmarks/bench_tournament.py [--runs N] [--repeat N] [--postgres URL] [--seed N]

It builds a throwaway database (SQLite, or a new database on a PostgreSQL server), registers the organiser through
the pages and makes, through the services, a club, its house rules (Escoba to 21) and a Swiss event of 64 guests of
7 rounds. Each round is paired from the database as it stands before it, timed `--repeat` times by CPU time:
reading the tournament and its rounds and pairing them (`next_pairings`, as `start_round` does before it writes);
then the round is started once (`start_round`: the pairing, 32 matches made with their scorers and join codes, one
commit), timed once by CPU and by the wall clock. Each table's match then gets one hand saved through the services
(so the board's scores are the matches' own) and its result recorded by hand (a random win to 21, now and then a
draw); round 7 is left half played, as a board shows a round in play.

Then each page is called as gunicorn calls the app (a WSGI call with the browser's cookies: bench_pages.py's
`wsgi_get`), `--runs` times in turns after a warm-up, by this process's CPU time: the standings page, the board (a
TV not logged in) and its 304, the tournament's page, round 7's sheet, the two CSV downloads and the board's page
for the club; against the floors measured in the same rounds: the load benchmark's bare 20-row Jinja page
(`load_floor.py`) and the app's `/healthz`. Goal (issue 26): the standings and the board each ≤ 20 ms ("ok" or
"OVER"); each pairing < 1 s.

With `--load` it measures instead 32 tables of a tournament scoring at once under nginx + gunicorn, the board
followed beside them, against the club-night floor (benchmarks/tournament_load.py says how; needs wrk and nginx).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_pages import browser_headers, floor_app, logged_in, tally, timed, wsgi_get
from flask import Flask
from throwaway_db import throwaway_database

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, User
from referee.rules import make_ruleset
from referee.services.clubs import create_club
from referee.services.hands import record_hand
from referee.services.matches import set_first_dealer
from referee.services.profiles import HouseRules, save_profile
from referee.services.tournament_board import make_board_link
from referee.services.tournament_rounds import next_pairings, record_result, rounds_of, start_round
from referee.services.tournaments import Format, PlayerSpec, TournamentSpec, create_tournament, get_tournament

PAGE_BOUND_MS = 20.0  # issue 26: the standings and the board, in process
PAIRING_BOUND_MS = 1000.0  # issue 26: each pairing
BOUND = ("standings", "board")


def cpu_ms(call: Callable[[], object], repeat: int) -> float:
    """Median CPU milliseconds of `repeat` calls (one warm-up call first)."""
    call()
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def play_round(user: User, tournament_id: int, rng: random.Random, share: float) -> None:
    """`share` of the current round's tables played: one hand saved at each (the first seat dealing), then its
    result recorded by hand (a win to 21 against 0–20, 5 % draws)."""
    tables = [table for table in rounds_of(user, tournament_id)[-1].tables if not table.is_bye]
    for table in tables[:round(len(tables) * share)]:
        match = db.session.get(Match, table.match_id)
        assert match is not None
        set_first_dealer(match, 0)
        record_hand(match, tally(table.number or 1), 1)
        loser = rng.randint(0, 20)
        winner = loser if rng.random() < 0.05 else 21
        home, away = (winner, loser) if rng.random() < 0.5 else (loser, winner)
        record_result(user, table.id, home, away, "bench")


def build(app: Flask, entrants: int, rounds: int, repeat: int, rng: random.Random) -> tuple[int, str]:
    """The club, its house rules and the Swiss event, its rounds paired (timed) and played; the tournament's id
    and the board's token."""
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == "bench"))
        assert user is not None
        club = create_club(user, "Bench club")
        profile = save_profile(user, "Club night", HouseRules(make_ruleset("escoba-es", target=21)))
        spec = TournamentSpec("Bench night", Format.SWISS, profile.id,
                              tuple((PlayerSpec(name=f"Player {n:02}"),) for n in range(1, entrants + 1)), rounds)
        tournament_id = create_tournament(user, club.id, spec).id
        print(f"{'round':>5} {'read + pair ms':>15} {'start_round CPU ms':>19} {'wall ms':>8} {'< 1 s':>6}")
        worst = 0.0
        for number in range(1, rounds + 1):
            paired = cpu_ms(lambda: next_pairings(get_tournament(user, tournament_id),
                                                  rounds_of(user, tournament_id)), repeat)
            cpu, wall = time.process_time(), time.perf_counter()
            start_round(user, tournament_id)
            cpu, wall = (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000
            worst = max(worst, paired, cpu)
            print(f"{number:>5} {paired:>15.1f} {cpu:>19.1f} {wall:>8.1f} "
                  f"{'ok' if max(paired, cpu) < PAIRING_BOUND_MS else 'OVER':>6}", flush=True)
            play_round(user, tournament_id, rng, 1.0 if number < rounds else 0.5)
        print(f"slowest: {worst:.1f} ms ({'within' if worst < PAIRING_BOUND_MS else 'OVER'} the goal of "
              f"{PAIRING_BOUND_MS:.0f} ms)")
        token = make_board_link(user, tournament_id).token
        assert token is not None
        return tournament_id, token


def pages(app: Flask, headers: dict[str, str], tournament_id: int, token: str,
          rounds: int) -> dict[str, tuple[Callable[[], Any], int]]:
    """Each page to time: how to GET it (the WSGI app called directly), and the status it must answer."""
    anonymous = {"User-Agent": headers["User-Agent"]}
    board = f"/board/{token}"
    etag = app.test_client().get(board, headers=anonymous).headers["ETag"]
    url = f"/tournaments/{tournament_id}"
    return {
        "healthz": (wsgi_get(app, "/healthz"), 200),
        "standings": (wsgi_get(app, f"{url}/standings", headers), 200),
        "board": (wsgi_get(app, board, anonymous), 200),
        "board-304": (wsgi_get(app, board, anonymous | {"If-None-Match": etag}), 304),
        "tournament": (wsgi_get(app, url, headers), 200),
        "sheet": (wsgi_get(app, f"{url}/rounds/{rounds}/sheet", headers), 200),
        "standings.csv": (wsgi_get(app, f"{url}/standings.csv", headers), 200),
        "results.csv": (wsgi_get(app, f"{url}/results.csv", headers), 200),
        "board-settings": (wsgi_get(app, f"{url}/board", headers), 200),
    }


def main() -> None:
    """Build and pair (timed), then time the pages against the floors."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5, help="times each round's pairing is timed")
    parser.add_argument("--runs", type=int, default=100, help="times each page is called")
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (postgresql://user@host:port/db)")
    parser.add_argument("--load", action="store_true", help="32 tables scoring at once under nginx + gunicorn")
    parser.add_argument("--tables", type=int, default=32, help="with --load: tables scoring at once")
    parser.add_argument("--duration", type=float, default=20.0, help="with --load: seconds each server is driven")
    parser.add_argument("--watchers", type=int, default=10, help="with --load: screens following the board")
    parser.add_argument("--workers", type=int, default=2, help="with --load: gunicorn's sync workers")
    args = parser.parse_args()
    if args.load:
        load(args)
        return
    print(f"{platform.platform()} · Python {sys.version.split()[0]} · "
          f"{'PostgreSQL' if args.postgres else 'SQLite'} · {args.entrants} entrants, {args.rounds} Swiss rounds · "
          f"pairings: median CPU of {args.repeat} · pages: median CPU of {args.runs} runs", flush=True)
    with throwaway_database(args.postgres, "bench_tournament") as url:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "REQUEST_LOG": False})
        upgrade_schema(app)
        client = logged_in(app)
        tournament_id, token = build(app, args.entrants, args.rounds, args.repeat, random.Random(args.seed))
        chosen = {"floor": (wsgi_get(floor_app(), "/rows"), 200),
                  **pages(app, browser_headers(client), tournament_id, token, args.rounds)}
        timed(chosen, 10)  # warm up: templates compiled, caches filled
        times = timed(chosen, args.runs)
        floor = statistics.median(times.pop("floor"))
        health = statistics.median(times["healthz"])
        print(f"\n{'page':<16} {'median ms':>10} {'p95 ms':>8} {'× floor':>8} {'× healthz':>10}")
        print(f"{'floor':<16} {floor:>10.2f}")
        for name, page_times in times.items():
            ordered = sorted(page_times)
            median = statistics.median(ordered)
            p95 = ordered[max(int(len(ordered) * 0.95) - 1, 0)]
            verdict = ("ok" if median <= PAGE_BOUND_MS else f"OVER {PAGE_BOUND_MS:g} ms") if name in BOUND else ""
            print(f"{name:<16} {median:>10.2f} {p95:>8.2f} {median / floor:>7.1f}× {median / health:>9.1f}×  "
                  f"{verdict}")


def load(args: argparse.Namespace) -> None:
    """32 tables scoring at once and the board followed, against the club-night floor (tournament_load.py)."""
    import os

    from tournament_load import measure

    os.environ.pop("DATABASE_URL", None)
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, load average "
          f"{os.getloadavg()[0]:.1f}; {'PostgreSQL' if args.postgres else 'SQLite'}; gunicorn {args.workers} sync "
          f"workers behind nginx; {args.tables} tables, {args.watchers} screens on the board, "
          f"{args.duration:g} s each", flush=True)
    with throwaway_database(args.postgres, "bench_tournament_load") as url:
        runs = measure(url, args.tables, args.duration, args.watchers, args.workers)
    floor = runs["floor"]
    print(f"\n{'server':<8} {'tables':>6} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'board req/s':>11} "
          f"{'board p99 ms':>12} {'board 200/304':>13} {'ms CPU/table/s':>14} {'× floor':>8} {'unexpected':>10}")
    for name, found in runs.items():
        board = found.board
        statuses = f"{board.statuses.get('200', 0)}/{board.statuses.get('304', 0)}" if board else "—"
        print(f"{name:<8} {found.tables:>6} {found.club.rate:>7.1f} {found.club.p50_ms:>7.1f} "
              f"{found.club.p99_ms:>7.1f} {board.rate if board else 0:>11.1f} {board.p99_ms if board else 0:>12.1f} "
              f"{statuses:>13} {found.cpu_ms_per_table:>14.2f} "
              f"{found.cpu_ms_per_table / floor.cpu_ms_per_table:>7.2f}× {found.unexpected:>10}")


if __name__ == "__main__":
    main()
