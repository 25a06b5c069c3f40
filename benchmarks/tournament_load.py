"""32 tables of a tournament scoring at once, and its board followed, under nginx + gunicorn (bench_tournament.py
--load), against the club-night floor in the same run.

Round 1 of a Swiss event of 64 guests is started through the services: 32 tables, each a match of two owned by the
organiser, who saves the hands through the API (as each table's scorer would; the even hand of two, saved again and
again, never finishes a match: both sides share the top and play on). Each table is driven by the club-night mix
(benchmarks/load_club.lua, as bench_club.py drives it: four phones polling the table's spectator page every 2 s, the
scoreboard and a saved hand every 3 minutes) while, at the same time, `watchers` screens (the TV and phones) follow
the board every 3 s with their ETag (load_board.lua): every saved hand changes the board, so a good share of those
polls get the whole page. The floor (club_floor.py: Flask + Flask-SQLAlchemy doing the club mix's database work in
the most direct way) is driven by the same club mix over 32 tables of its own, without a board. Both run under
gunicorn behind nginx with the shipped site file, as bench_club.py runs them.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import club_floor
from bench_club import LOOPBACK, SEED, Served, Tables, drive, port_of, worker_cpu
from load_deal import play_hand
from load_seed import PASSWORD, _new, _points
from load_server import Server, Workers
from load_wrk import HERE, Result, parse, wrk_path
from nginx_front import Nginx

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, User
from referee.rules import make_ruleset
from referee.services import register_user
from referee.services.api_tokens import create_token
from referee.services.clubs import create_club
from referee.services.matches import set_first_dealer
from referee.services.profiles import HouseRules, save_profile
from referee.services.tournament_board import make_board_link
from referee.services.tournament_rounds import start_round
from referee.services.tournaments import Format, PlayerSpec, TournamentSpec, create_tournament

BOARD_SECONDS = 3  # views/tournament_board.py's POLL_SECONDS


def even_hand(user: User, rng: random.Random) -> dict[str, Any]:
    """A legal hand of two giving both the same points under Escoba's rules: saved again and again, a match never
    finishes."""
    probe = _new(user, ["Ana", "Bea"], 21)
    for _ in range(20_000):
        entry = play_hand(2, 2, rng)
        if len(set(_points(probe, entry))) == 1:
            db.session.delete(probe)
            db.session.commit()
            return entry
    raise AssertionError("no even hand found")


def seed_tournament(url: str, secret: str, tables: int) -> tuple[Tables, str]:
    """The organiser, its club, house rules and a Swiss event of 2 × `tables` guests, round 1 started, each table's
    first dealer set; the tables (spectator token, match id) with the API token and the hand to save, and the
    board's token."""
    app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    with app.app_context():
        bench = register_user("bench", PASSWORD)
        even = even_hand(bench, random.Random(SEED))
        club = create_club(bench, "Bench club")
        profile = save_profile(bench, "Club night", HouseRules(make_ruleset("escoba-es", target=21)))
        spec = TournamentSpec("Bench night", Format.SWISS, profile.id,
                              tuple((PlayerSpec(name=f"Player {n:02}"),) for n in range(1, 2 * tables + 1)), 3)
        tournament_id = create_tournament(bench, club.id, spec).id
        played = [table for table in start_round(bench, tournament_id).round.tables if not table.is_bye]
        found = []
        for table in played:
            match = db.session.get(Match, table.match_id)
            assert match is not None and table.spectator_token is not None
            set_first_dealer(match, 0)
            found.append((table.spectator_token, match.id))
        _token, api_secret = create_token(db.session.get(User, bench.id), "bench")
        board = make_board_link(bench, tournament_id).token
        db.session.commit()
        db.engine.dispose()
    assert board is not None
    return Tables(found, save_auth=f"Bearer {api_secret}", save_body=json.dumps(even)), board


@dataclass(frozen=True)
class Run:
    """One server's run: the club mix's figures, the board's (None for the floor), the workers' CPU seconds."""

    tables: int
    seconds: float
    club: Result
    board: Result | None
    cpu_seconds: float

    @property
    def cpu_ms_per_table(self) -> float:
        """Milliseconds of server CPU per table per second, the board's polls included."""
        return 1000 * self.cpu_seconds / self.seconds / self.tables

    @property
    def unexpected(self) -> int:
        """Answers of a status the mix did not expect."""
        return self.club.unexpected + (self.board.unexpected if self.board else 0)


def run(served: Served, tables: Tables, count: int, seconds: float, board: str | None, watchers: int) -> Run:
    """The club mix over `count` tables for `seconds`, and the board followed beside it when given."""
    follow = None
    if board is not None:
        env = {"BOARD_PATH": f"/board/{board}", "BOARD_WATCHERS": str(watchers), "BOARD_SECONDS": str(BOARD_SECONDS),
               "BOARD_CONNECTIONS": "2", "LOAD_LUA_DIR": str(HERE)}
        words = [wrk_path(), "--latency", "-t", "1", "-c", "2", "-d", f"{max(1, round(seconds))}s", "--timeout", "10s",
                 "-s", str(HERE / "load_board.lua"), served.url]
        follow = subprocess.Popen(words, env=os.environ | env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
    before = worker_cpu(served.server.process.pid)
    club = drive(served, tables, count, seconds, count).result
    board_result = None
    if follow is not None:
        out, err = follow.communicate(timeout=seconds + 60)
        if follow.returncode != 0:
            raise RuntimeError(f"wrk failed ({follow.returncode}): {err[-2000:]}")
        board_result = parse(out)
    used = worker_cpu(served.server.process.pid) - before
    return Run(count, seconds, club, board_result, used)


def measure(url: str, tables: int, seconds: float, watchers: int, workers: int) -> dict[str, Run]:
    """Seed both apps, serve them, drive each (a short warm-up first)."""
    secret = secrets.token_hex(32)
    project_tables, board = seed_tournament(url, secret, tables)
    floor_tables = Tables(club_floor.seed(url, tables), save_body=project_tables.save_body)
    env = {"SECRET_KEY": secret, "DATABASE_URL": url}
    with tempfile.TemporaryDirectory(prefix="bench_tournament_") as folder_name:
        folder = Path(folder_name)
        with Server("club_floor:create_app()", Workers(workers), env, folder / "floor") as floor, \
                Server("load_project:create_app()", Workers(workers), env, folder / "project") as project, \
                Nginx(port_of(floor.url), folder / "floor-nginx", LOOPBACK) as floor_front, \
                Nginx(port_of(project.url), folder / "project-nginx", LOOPBACK) as project_front:
            from load_browser import Browser

            browser = Browser(project.url)
            browser.log_in("bench", PASSWORD)
            project_tables.board_cookie = browser.cookie_header()
            served = {"floor": (Served(floor, floor_front), floor_tables, None),
                      "project": (Served(project, project_front), project_tables, board)}
            for server, chosen, followed in served.values():
                run(server, chosen, tables, 2, followed, watchers)
            time.sleep(1)
            return {name: run(server, chosen, tables, seconds, followed, watchers)
                    for name, (server, chosen, followed) in served.items()}
