"""Times the hot pages in process against the framework's own floor: the logged-in scoreboard (12 and 60 hands),
its conditional 304, the spectator page (and its 304), the logged-in tools page (the page shell), the entry page,
every page a match of 60 hands shows in (home, history, entry by counts and by cards, correction, undo, spectator,
players, a player of that match; each must render in at most 10 ms: "ok" or "OVER"), who is entering (the
scoreboard's poll, the entry page's ping), `/healthz`, and the load benchmark's floor, a bare 20-row Jinja page from
a bare Flask app (`load_floor.py`).

Run from the repository root:

    .venv/bin/python benchmarks/bench_pages.py [--runs N] [--postgres URL] [--profile PAGE]

It builds a throwaway database (SQLite, or a new database on a PostgreSQL server), registers an account through the
pages, starts two matches of two players through the services (12 and 60 hands by counts, each with its trail),
logs in with the test client (the spectator page is asked for by a browser logged in to nothing) and then calls
the WSGI app itself, as a server would, with that browser's cookies, address and User-Agent (Werkzeug's test
client costs about 1 ms a request that no server adds): each page `--runs` times, after a warm-up, timing each
by this process's CPU time (`--wall`: the wall clock; on a shared
machine CPU time is the steadier yardstick). The app is configured as in production (CSRF, throttling, security
headers, a file database; TESTING off), except the one-line request log, which is left off so the figures are the
pages' own. It prints each page's median and p95 in ms and its ratio to the floor page (the floor's median over the
page's: 0.5× means twice as slow). With `--profile scoreboard` (or `tools`, `healthz`, `scoreboard-304`, any
row's name), it prints a cProfile summary of that page's top costs instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import load_floor
from flask import Flask
from flask.testing import FlaskClient
from throwaway_db import throwaway_database
from werkzeug.test import EnvironBuilder

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, Seat, User
from referee.services import MatchSettings, create_match, scoreboard
from referee.services.hands import HandDraft, record_hand
from referee.services.matches import spectator_link

PASSWORD = "slow-table-2026"


@dataclass(frozen=True)
class Answer:
    """What a WSGI call answered: its status code and body."""

    status_code: int
    body: bytes


def wsgi_get(app: Any, path: str, headers: dict[str, str] | None = None,
             form: dict[str, str] | None = None) -> Callable[[], Answer]:
    """A GET of `path` (a POST of `form`, when given) that calls the WSGI app directly, as gunicorn would (its
    environ says the body stream ends, as gunicorn's does): the environ is built once and copied for each call (a
    fresh body stream each time), so the time is the app's own."""
    builder = EnvironBuilder(path=path, headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"},
                             method="POST" if form is not None else "GET", data=form)
    environ = builder.get_environ()
    sent = environ["wsgi.input"].read() if form is not None else b""
    environ["wsgi.input_terminated"] = True

    def get() -> Answer:
        """One call; the answer's status and body, read whole (as a server sends it)."""
        status: list[str] = []

        def start_response(line: str, _headers: Any, _exc_info: Any = None) -> None:
            status.append(line)

        body = app({**environ, "wsgi.input": io.BytesIO(sent)}, start_response)
        try:
            data = b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()
        return Answer(int(status[0].split(" ", 1)[0]), data)

    return get


def floor_app() -> Flask:
    """The floor: the load benchmark's bare Flask app, whose `/rows` is a 20-row Jinja page compiled once."""
    return load_floor.app


def browser_headers(client: FlaskClient) -> dict[str, str]:
    """What a browser that logged in with `client` sends on each GET: its cookies and its User-Agent (Flask-Login's
    session protection compares the User-Agent and address with the login's, as a real phone's would match)."""
    cookies = "; ".join(f"{cookie.key}={cookie.value}" for cookie in client._cookies.values())
    return {"Cookie": cookies, "User-Agent": client.environ_base["HTTP_USER_AGENT"]}


def tally(number: int) -> HandDraft:
    """A plausible hand by counts for two players, different from one hand to the next (the velo changing
    sides, now and then the sevens or an escoba), about one point a hand; its dealer is set by the caller."""
    sevens = (3, 1) if number % 3 == 0 else (2, 2)
    body = {"sides": [{"tally": {"cards": 20, "oros": 5, "sevens": sevens[side], "velo": number % 2 == side},
                       "escobas": int(number % (4 + side) == 0)} for side in (0, 1)],
            "leftover_sum": 10, "last_capture": number % 2}
    return HandDraft.kept("tally", body, dealer=0)


def build_match(user: User, hands: int) -> int:
    """A match of Ana and Bea to 100 (so 60 hands are still short of it) with `hands` hands saved through the
    services, each in the trail; its id."""
    match = create_match(user, MatchSettings(preset="escova-rs", options={"target": 100}, deck_style="spanish",
                                             names=("Ana", "Bea"), first_dealer=0))
    for number in range(1, hands + 1):
        draft = tally(number)
        dealer = scoreboard(match).next_dealer
        record_hand(match, HandDraft(draft.mode, draft.entry, dealer if dealer is not None else 0), number)
    spectator_link(match)
    return match.id


def csrf_of(html: str) -> str:
    """The CSRF token of a page's form."""
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def logged_in(app: Flask) -> FlaskClient:
    """A test client registered and logged in through the pages, as a phone would be."""
    client = app.test_client()
    page = client.get("/register").get_data(as_text=True)
    answer = client.post("/register", data={"csrf_token": csrf_of(page), "username": "bench", "password": PASSWORD,
                                            "confirm": PASSWORD})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
    return client


def timed(gets: dict[str, tuple[Callable[[], Any], int]], runs: int,
          clock: Callable[[], float] = time.process_time) -> dict[str, list[float]]:
    """Milliseconds for each of `runs` GETs of each page, each answered its status, by `clock`: this process's
    CPU time by default (what a request costs a worker, whatever else the machine runs), or the wall clock. The
    pages take turns (one GET of each, `runs` rounds), so a busy moment slows them all alike and the ratios
    hold; the collector is off while timing."""
    import gc

    times: dict[str, list[float]] = {name: [] for name in gets}
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            for name, (get, status) in gets.items():
                start = clock()
                response = get()
                times[name].append((clock() - start) * 1000)
                assert response.status_code == status, (name, response.status_code)
    finally:
        gc.enable()
    return times


PAGE_BOUND_MS = 10.0  # issue 24: every page renders in at most this, in process, at 60 hands


def report(name: str, times: list[float], floor: float) -> None:
    """Median, 95th percentile, the ratio to the floor page, and whether the median is within PAGE_BOUND_MS."""
    times = sorted(times)
    median = statistics.median(times)
    p95 = times[max(int(len(times) * 0.95) - 1, 0)]
    verdict = "ok" if median <= PAGE_BOUND_MS else f"OVER {PAGE_BOUND_MS:g} ms"
    print(f"  {name:<30} median {median:7.2f} ms   p95 {p95:7.2f} ms   {floor / median:6.2f}× the floor   {verdict}")


def pages(app: Flask, client: FlaskClient, short: int, long: int) -> dict[str, tuple[Callable[[], Any], int]]:
    """Each page to time: how to GET it (the WSGI app called directly), and the status it must answer."""
    with app.app_context():
        watch = f"/watch/{db.session.get(Match, short).spectator_token}"
        watch_long = f"/watch/{db.session.get(Match, long).spectator_token}"
        player = db.session.scalar(db.select(Seat.player_id).where(Seat.match_id == long).limit(1))
    board, board_long = f"/matches/{short}", f"/matches/{long}"
    board_tag = client.get(board).headers.get("ETag")
    stranger = app.test_client()  # the spectator page is for phones logged in to nothing
    watch_tag = stranger.get(watch).headers["ETag"]
    logged = browser_headers(client)
    anonymous = {"User-Agent": logged["User-Agent"]}
    chosen: dict[str, tuple[Callable[[], Any], int]] = {
        "healthz": (wsgi_get(app, "/healthz"), 200),
        "tools": (wsgi_get(app, "/tools/", logged), 200),  # the logged-in page shell, nearly alone
        "scoreboard": (wsgi_get(app, board, logged), 200),
        "scoreboard-60": (wsgi_get(app, board_long, logged), 200),
        "entry": (wsgi_get(app, f"{board}/hands/new?mode=quick", logged), 200),
        "spectator": (wsgi_get(app, watch, anonymous), 200),
        "spectator-304": (wsgi_get(app, watch, anonymous | {"If-None-Match": watch_tag}), 304),
        # Every page a match of 60 hands shows in (issue 24: each ≤ 10 ms in process).
        "home": (wsgi_get(app, "/", logged), 200),
        "history": (wsgi_get(app, "/matches/", logged), 200),
        "entry-60": (wsgi_get(app, f"{board_long}/hands/new?mode=quick", logged), 200),
        "entry-cards-60": (wsgi_get(app, f"{board_long}/hands/new?mode=cards", logged), 200),
        "correct-60": (wsgi_get(app, f"{board_long}/hands/60/edit", logged), 200),
        "undo-60": (wsgi_get(app, f"{board_long}/undo", logged), 200),
        "spectator-60": (wsgi_get(app, watch_long, anonymous), 200),
        "players": (wsgi_get(app, "/players", logged), 200),
        "player-60": (wsgi_get(app, f"/players/{player}", logged), 200),
    }
    # Who is entering: the scoreboard's poll, and the entry page's ping (a write: one row updated, committed).
    token = csrf_of(client.get(f"{board}/hands/new?mode=quick").get_data(as_text=True))
    chosen["entering-ask"] = (wsgi_get(app, f"{board}/entering", logged), 200)
    chosen["entering-say"] = (wsgi_get(app, f"{board}/entering", logged, {"csrf_token": token, "hand": "13"}), 204)
    if board_tag:  # the scoreboard answers conditional requests
        chosen["scoreboard-304"] = (wsgi_get(app, board, logged | {"If-None-Match": board_tag}), 304)
    return chosen


def main() -> None:
    """Build, warm up, time (or profile)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (postgresql://user@host:port/db)")
    parser.add_argument("--profile", metavar="PAGE", help="profile one page: tools, scoreboard, healthz…")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not this process's CPU time")
    args = parser.parse_args()
    with throwaway_database(args.postgres, "bench_pages") as url:
        # Throttling on, as in production, but for the pings, which this script sends far more often than a phone.
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "REQUEST_LOG": False,
                          "PRESENCE_LIMIT": "1000000 per minute"})
        upgrade_schema(app)
        client = logged_in(app)
        with app.app_context():
            user = db.session.scalar(db.select(User).where(User.username == "bench"))
            short, long = build_match(user, 12), build_match(user, 60)
        chosen = {"floor": (wsgi_get(floor_app(), "/rows"), 200), **pages(app, client, short, long)}
        timed(chosen, 30)  # warm up: templates compiled, caches filled
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(timed, {args.profile: chosen[args.profile]}, args.runs)
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            return
        print(f"{platform.platform()} · Python {sys.version.split()[0]} · "
              f"{'PostgreSQL' if args.postgres else 'SQLite'} · {args.runs} runs each · "
              f"{'wall clock' if args.wall else 'CPU time'}")
        times = timed(chosen, args.runs, time.perf_counter if args.wall else time.process_time)
        floor = statistics.median(times.pop("floor"))
        print(f"  {'floor: bare 20-row Jinja page':<30} median {floor:7.2f} ms")
        for name, page_times in times.items():
            report(name, page_times, floor)

if __name__ == "__main__":
    main()
