"""The club-night mix: how many tables the project holds, and its server CPU per table, against the stack floor.

Run from the repository root (needs Debian's wrk):
    .venv/bin/python benchmarks/bench_club.py                      # SQLite
    .venv/bin/python benchmarks/bench_club.py --database both      # and PostgreSQL (a scratch database)
    .venv/bin/python benchmarks/bench_club.py --quick              # smoke: short steps, few tables

A table: four phones, each polling every 2 s with the ETag it has (a 304 while nothing changed; each step starts
with the ETags the pages have): the owner's scoreboard and a scorer's, a scorer's entry page (its notice asks the
scoreboard), each logged in with a device login of its own (benchmarks/club_phones.py), and a spectator's page;
the owner's whole scoreboard every 3 minutes, a hand saved every 3 minutes (through the API: one hand row and a
commit), after which each phone gets the whole page once (benchmarks/load_club.lua). The project
(load_project.py) and the floor (club_floor.py: Flask + Flask-SQLAlchemy doing the same database work in the most
direct way) run under gunicorn with the same settings on the same throwaway database, each behind nginx with the
shipped site file (deploy/nginx/referee.conf) as the README's production setup has it, and are driven in turn.
Through nginx the phones keep their connections open, as browsers do; driven straight at gunicorn's sync workers,
which close every connection, wrk counts its pause before the request after each reconnection as the answer's
latency (a trivial page then "takes" 150 ms at the median and 450 ms at the p99 on an idle machine). nginx's own
CPU is not counted: the front is the same for both.

- CPU: at --cpu-tables tables for --duration seconds, the gunicorn workers' own CPU time (user + system, from
  /proc) per request, times the mix's 2.01 requests per table per second: milliseconds of server CPU per table
  per second, and its ratio to the floor's;
- tables held: the table count grown step by step (×1.25) until p99 ≥ 200 ms (--p99-ms) or any answer is
  unexpected;
  the last step that held, and its ratio to the floor's.
Goals (issue 35, every phone live): CPU per table no more than the floor's, as many tables held. With --confirm
(issue 36) the same holds with every table confirming each hand: its tables are two partnerships under "both sides
confirm each hand", and each hand saved is confirmed by a scorer's phone (through the API, in place of one of its
polls); the floor marks the hand counted in one UPDATE.
The floor and the project alternate step by step, so a change in the shared machine's load falls on both.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import secrets
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import club_floor
import club_phones
from load_browser import Browser
from load_seed import BOARD_TARGET, PASSWORD, ROSTER, _even_hand, _new, _record
from load_server import Server, Workers
from load_wrk import HERE, Result, WrkMissing, parse, wrk_path
from nginx_front import Nginx, NginxMissing, nginx_path
from throwaway_db import throwaway_database

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, User
from referee.services import register_user
from referee.services.api_tokens import create_token
from referee.services.matches import spectator_link

POSTGRES = "postgresql://postgres@127.0.0.1:54329/postgres"
SEED = 20261203
P99_BOUND_MS = 200.0
HANDS = 12
BOARD_SECONDS = SAVE_SECONDS = 180  # each table: a scoreboard and a saved hand every 3 minutes
LOOPBACK = ("127.0.0.1",)  # wrk connects by address, so its TLS server name is the address
PER_TABLE = 4 / 2 + 1 / BOARD_SECONDS + 1 / SAVE_SECONDS  # requests a table makes a second: four phones every 2 s


@dataclass
class Tables:
    """One server's tables: (spectator token, match id) each, each table's three logged-in phones (their cookies),
    how their scoreboards' ETags are worked out (phone index, match id, version) and the versions read now, and the
    headers its saves send."""

    tables: list[tuple[str, int]]
    cookies: list[list[str]]
    etag: Callable[[int, int, int, int], str]
    versions: Callable[[], dict[int, int]]
    save_auth: str = ""
    save_body: str = "{}"
    confirm_auth: str = ""  # a scorer's Authorization, confirming each hand saved (--confirm); "" for none


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--postgres", default=os.environ.get("REFEREE_BENCH_POSTGRES", POSTGRES))
    parser.add_argument("--duration", type=float, default=20.0, help="seconds a step (default 20)")
    parser.add_argument("--cpu-tables", type=int, default=100, help="tables for the CPU measure (default 100)")
    parser.add_argument("--cpu-rounds", type=int, default=3,
                        help="CPU measures of each server, alternating, pooled (default 3)")
    parser.add_argument("--start", type=int, default=80, help="the first step's tables (default 80)")
    parser.add_argument("--most", type=int, default=600, help="tables seeded, the last step at most (default 600)")
    parser.add_argument("--growth", type=float, default=1.25, help="tables from one step to the next (default ×1.25)")
    parser.add_argument("--confirm", action="store_true",
                        help="every table confirms each hand saved (two partnerships a table)")
    parser.add_argument("--p99-ms", type=float, default=P99_BOUND_MS,
                        help="the p99 a step must stay under to hold (default 200 ms, the issue's)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="smoke: 6 s steps, 60 tables at most")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.most, args.start, args.cpu_tables, args.cpu_rounds = 6.0, 60, 20, 20, 1
    return args


def seed_project(url: str, secret: str, count: int, confirm: bool = False
                 ) -> tuple[list[tuple[str, int]], str, str, list[list[club_phones.Phone]], str]:
    """`count` four-player matches of 12 hands (two partnerships under "both sides confirm each hand", the rule
    taken up once the 12 count, with `confirm`), each with its spectator link, two scorers and three phones, and an
    API token; the tables, the token's secret, the saved hand's JSON, the phones and (with `confirm`) the first
    scorer's API token's secret."""
    app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    rng = random.Random(SEED)
    with app.app_context():
        bench = register_user("bench", PASSWORD)
        even = _even_hand(bench, rng, partnerships=confirm)
        tables = []
        for _ in range(count):
            match = _new(bench, ROSTER[8:12], BOARD_TARGET, partnerships=confirm)
            for _hand in range(HANDS):
                _record(match, even)
            if confirm:
                match.options = {**match.options, "confirm_hands": "other_sides"}
            tables.append((spectator_link(match), match.id))
        _token, api_secret = create_token(db.session.get(User, bench.id), "bench")
        db.session.commit()
        assert db.session.query(Match).count() >= count
        owner_id = bench.id
    scorer_ids = club_phones.scorers(app, PASSWORD)
    phones = club_phones.phones_of(app, owner_id, [match_id for _token, match_id in tables], scorer_ids)
    confirm_secret = ""
    with app.app_context():
        if confirm:
            confirm_secret = create_token(db.session.get_one(User, scorer_ids[0]), "bench")[1]
            db.session.commit()
        db.engine.dispose()
    return tables, api_secret, json.dumps(even), phones, confirm_secret


def worker_cpu(master: int) -> float:
    """Seconds of CPU (user + system) the gunicorn master's workers have used so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # its parent
            total += int(fields[11]) + int(fields[12])
    return total / tick


@dataclass(frozen=True)
class Step:
    """One run of the mix: its tables, wrk's figures and the workers' CPU."""

    tables: int
    result: Result
    cpu_seconds: float

    @property
    def cpu_ms_per_table(self) -> float:
        """Milliseconds of server CPU per table per second: per request, times the mix's requests per table per
        second (wrk waits for an answer before the pause, so a slower server is asked less often: per request
        the two servers are compared at the same mix)."""
        return 1000 * self.cpu_seconds / self.result.requests * PER_TABLE if self.result.requests else 0.0

    def held(self, p99_ms: float) -> bool:
        """p99 under the bound, every answer as expected."""
        return self.result.p99_ms < p99_ms and self.result.unexpected == 0 and self.result.requests > 0


@dataclass(frozen=True)
class Rounds:
    """One server's CPU measures, taken in turn with the other's (a machine's drift falls on both alike): pooled,
    all its CPU over all its requests."""

    steps: list[Step]

    @property
    def cpu_ms_per_table(self) -> float:
        """As Step's, over every round."""
        requests = sum(step.result.requests for step in self.steps)
        return 1000 * sum(step.cpu_seconds for step in self.steps) / requests * PER_TABLE if requests else 0.0


@dataclass(frozen=True)
class Served:
    """One app as deployed: gunicorn, and nginx in front of it (the shipped site file)."""

    server: Server
    front: Nginx

    @property
    def url(self) -> str:
        """Where the phones ask: nginx, over TLS, by the loopback's address."""
        return f"https://127.0.0.1:{self.front.https_port}"


def drive(served: Served, tables: Tables, count: int, seconds: float, seed: int) -> Step:
    """The mix over the first `count` tables for `seconds`, its draws made from `seed` (load_club.lua)."""
    import subprocess

    connections = max(2, count)
    spectator = Browser(served.server.url)  # no cookie, as the phones; gunicorn itself answers the same ETags
    etags = [spectator.get(f"/watch/{token}")[1].get("etag", "").strip('"') for token, _id in tables.tables[:count]]
    versions = tables.versions()
    lines = []
    for n, ((token, match_id), etag) in enumerate(zip(tables.tables[:count], etags, strict=True)):
        scorers = " ".join(f"{cookie} {tables.etag(n, i, match_id, versions[match_id])}"
                           for i, cookie in enumerate(tables.cookies[n]))
        lines.append(f"{token} {match_id} {etag or '-'} {scorers}\n")
    listed = Path(tempfile.mkstemp(prefix="club_tables_", suffix=".txt")[1])
    listed.write_text("".join(lines))
    env = {"CLUB_TABLES_FILE": str(listed), "CLUB_THREADS": "2", "CLUB_CONNECTIONS": str(connections),
           "CLUB_BOARD_SECONDS": str(BOARD_SECONDS), "CLUB_SAVE_SECONDS": str(SAVE_SECONDS),
           "CLUB_SAVE_AUTH": tables.save_auth, "CLUB_SAVE_BODY": tables.save_body, "LOAD_LUA_DIR": str(HERE),
           "CLUB_SEED": str(seed), "CLUB_CONFIRM_AUTH": tables.confirm_auth}
    words = [wrk_path(), "--latency", "-t", "2", "-c", str(connections), "-d", f"{max(1, round(seconds))}s",
             "--timeout", "10s", "-s", str(HERE / "load_club.lua"), served.url]
    before = worker_cpu(served.server.process.pid)
    answer = subprocess.run(words, env=os.environ | env, capture_output=True, text=True, timeout=seconds + 60,
                            check=False)
    used = worker_cpu(served.server.process.pid) - before
    listed.unlink()
    if answer.returncode != 0:
        raise RuntimeError(f"wrk failed ({answer.returncode}): {answer.stderr[-2000:]}")
    return Step(count, parse(answer.stdout), used)


def words(name: str, step: Step, p99_ms: float) -> str:
    """One step, as the run prints it."""
    r = step.result
    return (f"  {name:8} {step.tables:4} tables  {r.rate:7.1f} req/s  p99 {r.p99_ms:7.1f} ms  "
            f"{step.cpu_ms_per_table:5.2f} ms CPU/table/s  {r.status_words()}  unexpected {r.unexpected}"
            f"  {'held' if step.held(p99_ms) else 'NOT HELD'}")


@dataclass(frozen=True)
class Found:
    """One database's results: the CPU step of each server, the last step each held, the answers unexpected."""

    cpu: dict[str, Rounds]
    held: dict[str, Step | None]
    unexpected: int


def port_of(url: str) -> int:
    """The port of a server's base URL."""
    return int(url.rsplit(":", 1)[1])


def measure(url: str, args: argparse.Namespace, folder: Path) -> Found:
    """Seed both apps, serve them, measure CPU at one load and the tables each holds."""
    secret = secrets.token_hex(32)
    begin = time.perf_counter()
    project_tables, api_secret, body, phones, confirm_secret = seed_project(url, secret, args.most, args.confirm)
    floor_tables = club_floor.seed(url, args.most)
    floor_cookies = [club_floor.cookie(secret, name) for name in (club_floor.OWNER, *club_floor.SCORERS)]
    floor_names = (club_floor.OWNER, *club_floor.SCORERS)
    print(f"seeded {args.most} tables each in {time.perf_counter() - begin:.0f} s", flush=True)
    workers = Workers(args.workers)
    env = {"SECRET_KEY": secret, "DATABASE_URL": url}
    with Server("club_floor:create_app()", workers, env | ({"FLOOR_CONFIRM": "1"} if args.confirm else {}),
                folder / "floor") as floor, \
            Server("load_project:create_app()", workers, env, folder / "project") as project, \
            Nginx(port_of(floor.url), folder / "floor-nginx", LOOPBACK) as floor_front, \
            Nginx(port_of(project.url), folder / "project-nginx", LOOPBACK) as project_front:
        # The code's digest (part of every scoreboard's ETag) read here just after the server read its own, for a
        # shared checkout's files may change meanwhile.
        _token, match_id = project_tables[0]
        answered = club_phones.served_etag(project.url, f"/matches/{match_id}", phones[0][0].cookie)
        project_app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
        found = club_phones.matching_tagger(project_app, phones[0][0], match_id,
                                            club_phones.versions(url, secret)[match_id], answered)
        if found is None:  # every phone would start stale: the project's figures, not the floor's, suffer
            print(f"WARNING: the phones' ETags are not the server's ({answered})", flush=True)
        project_etag = found or club_phones.tagger(project_app)
        servers = {
            "floor": (Served(floor, floor_front), Tables(
                floor_tables, [floor_cookies] * len(floor_tables),
                lambda _n, i, _match, version: club_floor.board_tag(floor_names[i], version),
                lambda: club_floor.versions(url), save_body=body, confirm_auth="Bearer -" if args.confirm else "")),
            "project": (Served(project, project_front), Tables(
                project_tables, [[one.cookie for one in table] for table in phones],
                lambda n, i, match, version: project_etag(phones[n][i], match, version),
                lambda: club_phones.versions(url, secret), f"Bearer {api_secret}", body,
                f"Bearer {confirm_secret}" if args.confirm else ""))}
        for served, tables in servers.values():  # warm: templates loaded, connections made
            drive(served, tables, min(args.most, args.cpu_tables), 2, 0)
        cpu: dict[str, Rounds] = {name: Rounds([]) for name in servers}
        for turn in range(args.cpu_rounds):
            for name, (served, tables) in servers.items():
                cpu[name].steps.append(drive(served, tables, min(args.most, args.cpu_tables), args.duration,
                                             turn + 1))
                print(words(name, cpu[name].steps[-1], args.p99_ms), flush=True)
            ratio = cpu["project"].steps[-1].cpu_ms_per_table / (cpu["floor"].steps[-1].cpu_ms_per_table or 1)
            print(f"  CPU round {turn + 1}: {ratio:.2f}× the floor's", flush=True)
        held: dict[str, Step | None] = {"floor": None, "project": None}
        unexpected = sum(step.result.unexpected for rounds in cpu.values() for step in rounds.steps)
        count, going = args.start, {"floor", "project"}
        while going and count <= args.most:
            for name in sorted(going):
                served, tables = servers[name]
                step = drive(served, tables, count, args.duration, count)
                print(words(name, step, args.p99_ms), flush=True)
                unexpected += step.result.unexpected
                if step.held(args.p99_ms):
                    held[name] = step
                else:
                    going.discard(name)
            count = max(count + 1, int(count * args.growth))
    return Found(cpu, held, unexpected)


def report(database: str, found: Found, p99_ms: float) -> str:
    """The database's results as a Markdown row, and the goals."""
    cpu, held = found.cpu, found.held
    floor_ms = cpu["floor"].cpu_ms_per_table  # 0 when a step too short measured no CPU at all: no ratio then
    cpu_ratio = cpu["project"].cpu_ms_per_table / floor_ms if floor_ms else float("inf")
    tables = {name: (step.tables if step else 0) for name, step in held.items()}
    table_ratio = tables["project"] / tables["floor"] if tables["floor"] else 0.0
    return (f"| {database} | {cpu['project'].cpu_ms_per_table:.2f} | {cpu['floor'].cpu_ms_per_table:.2f} | "
            f"**{cpu_ratio:.2f}×** | {tables['project']} | {tables['floor']} | **{table_ratio:.2f}×** |\n"
            f"  {'PASS' if cpu_ratio <= 1 else 'MISS'}  CPU per table ≤ the floor's: {cpu_ratio:.2f}×\n"
            f"  {'PASS' if table_ratio >= 1 else 'MISS'}  tables held (p99 < {p99_ms:g} ms) ≥ the floor's: "
            f"{table_ratio:.2f}×")


def main(argv: list[str] | None = None) -> int:
    """Run on each database asked for; print the results."""
    args = arguments(argv)
    try:
        wrk_path()
        nginx_path()
    except (WrkMissing, NginxMissing) as missing:
        print(missing, file=sys.stderr)
        return 2
    os.environ.pop("DATABASE_URL", None)
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, CPython {sys.version.split()[0]}, "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()[0]:.1f}; gunicorn "
          f"{Workers(args.workers)}; {args.duration:g} s a step; held: p99 < {args.p99_ms:g} ms", flush=True)
    rows, unexpected = [], 0
    for database in (["sqlite", "postgresql"] if args.database == "both" else [args.database]):
        print(f"\n## {database}", flush=True)
        with tempfile.TemporaryDirectory(prefix="bench_club_") as folder, \
                throwaway_database(args.postgres if database == "postgresql" else None, "bench_club") as url:
            found = measure(url, args, Path(folder))
            rows.append(report(database, found, args.p99_ms))
            unexpected += found.unexpected
    print("\n| database | project ms CPU/table/s | floor | × floor | project tables held | floor | × floor |\n"
          "|---|---:|---:|---:|---:|---:|---:|\n" + "\n".join(rows), flush=True)
    if unexpected:
        print(f"\n{unexpected} answers not of the expected status: the figures are not to be trusted", flush=True)
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
