"""A first start: the README's production command on a fresh database, with real gunicorn.

Every start gets a database of its own (a new SQLite file, or a new PostgreSQL database
when REFEREE_TEST_POSTGRES names a server, as .ci/run arranges) and must boot every
worker, log no error and answer pages. The workers of one gunicorn start at the same
moment, so a migration that is not run once, before they start, shows here as a worker that
fails to boot ("table user already exists", a `pg_type` unique violation).
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import throwaway
from gunicorn_server import Gunicorn, clean_env, local_bind, readme_command

# Per database kind. The start is made one way every time: the master migrates before it forks (gunicorn.conf.py,
# tested on its own below), and the workers' secret key race is tested on its own too; four starts of four workers
# each show that every worker boots on a fresh database (eight cost the suite some 30 s more of its two cores).
STARTS = 4
PAGES = ("/", "/login", "/tools/")
# What a clean start's log never holds.
TROUBLE = re.compile(r"Traceback|Error|Exception|failed|exited with code", re.I)


def fetch(port: str, path: str, request_id: str) -> int:
    """A GET to the server on this machine, under a request id of the test's; the status."""
    asked = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"X-Request-ID": request_id})
    with urllib.request.urlopen(asked, timeout=10) as response:
        assert response.headers["X-Request-ID"] == request_id
        return int(response.status)


def start_cleanly(database_url: str, workdir: Path, words: list[str], workers: int) -> None:
    """Start gunicorn on a fresh database, and assert every worker booted, nothing failed, pages answer and each
    request has its line in the log."""
    server = Gunicorn(words, clean_env(DATABASE_URL=database_url, SECRET_KEY="first-start-test"), workdir)
    try:
        port = server.wait_until(ready=workers)
        assert port, server.log()
        assert server.process.poll() is None, server.log()
        assert server.log().count("Worker ready") == workers, server.log()
        for n, path in enumerate(PAGES):
            assert fetch(port, path, f"first-start-{n}") == 200, (path, server.log())
        assert fetch(port, "/healthz", "health") == 200, server.log()
    finally:
        server.stop()
    log = server.log()
    assert not TROUBLE.search(log), log
    for n, path in enumerate(PAGES):  # each request's line, from the app's log on stdout
        assert re.search(rf"\[INFO\] \[first-start-{n}\] GET {re.escape(path)} 200 [0-9.]+ms$", log, re.M), log


def worker_count(words: list[str]) -> int:
    """The -w of a gunicorn command."""
    return int(words[words.index("-w") + 1])


def test_the_readme_runs_four_workers() -> None:
    """The README's production command asks for 4 workers, which is what these starts check."""
    assert worker_count(readme_command()) == 4


@pytest.mark.slow  # 4 real gunicorn starts, some 10 s
@pytest.mark.parametrize("attempt", range(STARTS))
def test_the_readme_command_starts_cleanly_on_a_fresh_sqlite_file(attempt: int, tmp_path: Path) -> None:
    """Every worker of the README's command boots on a new SQLite file; the log holds no error; pages answer."""
    words = local_bind(readme_command())
    start_cleanly(f"sqlite:///{tmp_path / 'referee.sqlite'}", tmp_path, words, worker_count(words))


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped afterwards."""
    if not throwaway.SERVER:
        pytest.skip(throwaway.NO_SERVER)
    with throwaway.postgres_database("referee_start") as url:
        yield url


@pytest.mark.slow  # 4 real gunicorn starts, some 10 s
@pytest.mark.parametrize("attempt", range(STARTS))
def test_the_readme_command_starts_cleanly_on_a_fresh_postgresql_database(
        attempt: int, fresh_postgres: str, tmp_path: Path) -> None:
    """Every worker of the README's command boots on a new PostgreSQL database; no error; pages answer."""
    words = local_bind(readme_command())
    start_cleanly(fresh_postgres, tmp_path, words, worker_count(words))


def test_workers_generating_the_secret_key_at_once_agree_on_one(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    """Without SECRET_KEY, a worker that loses the race to write instance/secret_key uses the winner's key."""
    from referee import config

    monkeypatch.delenv("SECRET_KEY", raising=False)
    path = tmp_path / config.SECRET_FILE

    def another_worker_writes_first(nbytes: int) -> str:
        """Between this worker's check and its write, another worker stores its own key."""
        path.write_text("the-other-workers-key")
        return "this-workers-key"

    monkeypatch.setattr(config.secrets, "token_hex", another_worker_writes_first)
    assert config.secret_key(str(tmp_path)) == "the-other-workers-key"
    assert path.read_text() == "the-other-workers-key"


def test_gunicorns_master_migrates_a_fresh_database_once_before_any_worker(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    """gunicorn.conf.py's on_starting (the master's, before it forks) brings a fresh database to the latest
    schema for the project's app; a second start finds nothing to do; another app served with the same settings
    (a benchmark's floor) has no migration run on the database the settings name."""
    import runpy
    from types import SimpleNamespace

    from alembic.script import ScriptDirectory
    from flask import Flask
    from sqlalchemy import create_engine, inspect, text

    from referee import create_app
    from referee.database import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SECRET_KEY", "master-test")
    on_starting = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))["on_starting"]
    on_starting(SimpleNamespace(app=SimpleNamespace(load=lambda: Flask("floor"))))
    assert not (tmp_path / "fresh.sqlite").exists()
    for _start in range(2):
        on_starting(SimpleNamespace(app=SimpleNamespace(load=create_app)))  # gunicorn's Application.load
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            assert "match" in inspect(connection).get_table_names()
            stamped = connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    finally:
        engine.dispose()
    assert stamped == ScriptDirectory(MIGRATIONS).get_current_head()
