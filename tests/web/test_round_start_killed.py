"""A round's start killed half-way (kill -9 of the worker serving it, or of the whole server) leaves the round
either whole or absent, and starting again makes it: against a real gunicorn, on SQLite and PostgreSQL, a Swiss
event of 64 entrants (32 tables, some 300 writes in one transaction), the worker killed at several moments."""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
import throwaway
from gunicorn_server import Gunicorn
from sqlalchemy import create_engine, text
from test_concurrency import PASSWORD, Answer, Browser

from referee.config import sqlalchemy_url

pytestmark = pytest.mark.slow  # a real gunicorn, killed

ENTRANTS = 64
DELAYS = (0.01, 0.05, 0.15, 0.3, 0.5, 0.8, 1.2)  # seconds after the tap: the worker is killed then (the first
# before a quick machine has made the whole round)


@contextmanager
def gunicorn(folder: Path, database: str, secret: str) -> Iterator[tuple[Gunicorn, str]]:
    """One worker serving the app on a free port; the server and its address."""
    folder.mkdir(exist_ok=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST", "REFEREE_"))}
    env |= {"SECRET_KEY": secret, "DATABASE_URL": database}
    server = Gunicorn([sys.executable, "-m", "gunicorn", "-w", "1", "-b", "127.0.0.1:0", "--timeout", "60",
                       "referee:create_app()"], env, folder)
    try:
        port = server.wait_until(ready=1)
        assert port and server.process.poll() is None, server.log()
        yield server, f"http://127.0.0.1:{port}"
    finally:
        server.stop()


def worker_pid(server: Gunicorn) -> int:
    """The pid of the worker booted last."""
    return int(re.findall(r"Booting worker with pid: (\d+)", server.log())[-1])


def rounds(database: str) -> list[tuple[int, int, int]]:
    """Each round: its number, its tables, and its tables that have their match."""
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(  # type: ignore[misc]
                "SELECT r.number, count(t.id), count(t.match_id) FROM tournament_round r "
                "LEFT JOIN tournament_table t ON t.round_id = r.id GROUP BY r.number ORDER BY r.number"))]
    finally:
        engine.dispose()


def set_up(helpers: object, base: str) -> tuple[Browser, int]:
    """An account with a club and a Swiss event of ENTRANTS guests, made through the pages; its phone and the
    tournament's id."""
    phone = Browser(base, helpers)
    name = f"org{uuid.uuid4().hex[:8]}"
    assert phone.submit("/register", {"username": name, "password": PASSWORD, "confirm": PASSWORD}).status == 302
    club = phone.submit("/clubs/", {"name": "Casa"})
    club_id = int(club.location.rstrip("/").split("/")[-1])
    assert phone.submit("/rules/new", {"name": "Night"}).status == 302
    new = f"/clubs/{club_id}/tournaments/new"
    profile = re.search(r'<option (?:selected )?value="(\d+)"', phone.open(new).body)
    assert profile is not None
    guests = "\n".join(f"Player {n}" for n in range(1, ENTRANTS + 1))
    made = phone.submit(new, {"name": "Friday", "profile": profile.group(1), "format": "swiss", "rounds": "3",
                              "guests": guests})
    assert made.status == 302, made.status
    return phone, int(made.location.rstrip("/").split("/")[-1])


def tap_start(phone: Browser, tournament_id: int) -> tuple[threading.Thread, list[Answer | BaseException]]:
    """Tap "Start round" on a thread of its own; its answer (or the error of a connection cut) lands in the list."""
    fields = list(phone.form(f"/tournaments/{tournament_id}", f"/tournaments/{tournament_id}/rounds").items())
    answers: list[Answer | BaseException] = []

    def send() -> None:
        try:
            answers.append(phone.open(f"/tournaments/{tournament_id}/rounds", fields))
        except BaseException as error:  # the connection cut by the kill
            answers.append(error)

    thread = threading.Thread(target=send)
    thread.start()
    return thread, answers


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not throwaway.SERVER, reason=throwaway.NO_SERVER))])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'referee.sqlite'}"
        return
    with throwaway.postgres_database("referee_killed") as url:
        yield url


def whole_or_absent(database: str) -> list[tuple[int, int, int]]:
    """The rounds, each whole (ENTRANTS / 2 tables, each with its match)."""
    found = rounds(sqlalchemy_url(database))
    assert all(tables == with_match == ENTRANTS // 2 for _number, tables, with_match in found), found
    return found


def test_a_worker_killed_while_it_starts_a_round_leaves_it_whole_or_absent(request, database, tmp_path):
    """The worker is killed at each delay in turn while round 1 starts, until a start got through before the kill:
    after each kill the round is whole or absent; then the round starts (or is there), whole."""
    helpers = request.config.pluginmanager.get_plugin(str(Path(__file__).resolve().parents[1] / "conftest.py"))
    with gunicorn(tmp_path, database, uuid.uuid4().hex) as (server, base):
        phone, tournament_id = set_up(helpers, base)
        cut = 0  # kills that found the round not yet made: each cut a start half-way, or before it began
        for delay in DELAYS:
            thread, _answers = tap_start(phone, tournament_id)
            time.sleep(delay)
            os.kill(worker_pid(server), signal.SIGKILL)
            thread.join(timeout=60)
            booted = server.log().count("Worker ready")
            server.wait_until(ready=booted + 1)
            if whole_or_absent(database):
                break
            cut += 1
        assert cut, "every kill came after the round was made: the test killed nothing half-way"
        if not whole_or_absent(database):
            assert phone.open(f"/tournaments/{tournament_id}/rounds",
                              list(phone.form(f"/tournaments/{tournament_id}",
                                              f"/tournaments/{tournament_id}/rounds").items())).status == 302
        assert [number for number, *_ in whole_or_absent(database)] == [1]


def test_the_whole_server_killed_while_it_starts_a_round_leaves_it_whole_or_absent(request, database, tmp_path):
    """kill -9 of the master and its worker together mid-start: on a new server the round is whole or absent,
    and starting it works."""
    helpers = request.config.pluginmanager.get_plugin(str(Path(__file__).resolve().parents[1] / "conftest.py"))
    secret = uuid.uuid4().hex
    with ExitStack() as stack:
        server, base = stack.enter_context(gunicorn(tmp_path / "first", database, secret))
        phone, tournament_id = set_up(helpers, base)
        thread, _answers = tap_start(phone, tournament_id)
        time.sleep(DELAYS[2])
        os.killpg(server.process.pid, signal.SIGKILL)
        thread.join(timeout=60)
    whole_or_absent(database)
    with gunicorn(tmp_path / "second", database, secret) as (_server, base):
        phone.base = base
        if not whole_or_absent(database):
            fields = list(phone.form(f"/tournaments/{tournament_id}", f"/tournaments/{tournament_id}/rounds").items())
            assert phone.open(f"/tournaments/{tournament_id}/rounds", fields).status == 302
    assert [number for number, *_ in whole_or_absent(database)] == [1]
