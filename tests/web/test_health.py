"""GET /healthz: the database would take a write now, or it would not; no session, no cache, never throttled. The
faults it sees (full, read-only, locked): tests/web/test_faults.py and test_faults_postgres.py."""

from __future__ import annotations

import shutil
from pathlib import Path

from sql_counts import counted_queries
from sqlalchemy import text

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.views import health


def test_the_health_check_says_ok_when_the_database_answers(client):
    """200 and {"status": "ok"}, as JSON, never cached."""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_the_health_check_sets_no_cookie(client):
    """A load balancer asking every few seconds gets no session (nor any other cookie)."""
    assert "Set-Cookie" not in client.get("/healthz").headers


def test_the_health_check_answers_503_when_the_database_does_not(tmp_path: Path):
    """A database that cannot be opened: 503 and {"status": "unavailable"}, not a 500 page."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "PROPAGATE_EXCEPTIONS": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'no-such-folder' / 'referee.sqlite'}"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable"}


def test_the_health_check_recovers_when_the_database_is_back(tmp_path: Path):
    """The failed check leaves nothing behind: once the database can be opened, and holds the app's tables (the
    probe writes in one), the next check is ok."""
    folder = tmp_path / "later"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "PROPAGATE_EXCEPTIONS": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'referee.sqlite'}"})
    client = app.test_client()
    assert client.get("/healthz").status_code == 503
    folder.mkdir()
    assert client.get("/healthz").status_code == 503  # an empty database: no page could be served from it
    upgrade_schema(app)
    assert client.get("/healthz").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_the_health_check_needs_no_login_and_answers_only_get(client):
    """Anyone may ask, logged in or not; it changes nothing, so only GET is answered."""
    assert client.get("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_the_health_check_from_a_logged_in_browser_reads_no_login(app, keeper):
    """Its only statements are the probe's: no device login is looked up or touched for it."""
    with counted_queries(app) as statements:
        assert keeper.client.get("/healthz").status_code == 200
    assert statements == ["BEGIN IMMEDIATE", "INSERT INTO alembic_version (version_num) VALUES (zeroblob(8192))"]


def test_the_probe_leaves_nothing_behind(app, client):
    """A write rolled back: no row left, nothing appended to the write-ahead log, no change another connection sees
    (SQLite's data_version counts the commits of others), so a monitor asking every few seconds costs no disk."""
    with app.app_context():
        wal = Path(str(db.engine.url.database) + "-wal")
        with db.engine.connect() as watcher:
            before = (watcher.exec_driver_sql("PRAGMA data_version").scalar(), wal.stat().st_size)
            for _ in range(5):
                assert client.get("/healthz").status_code == 200
            after = (watcher.exec_driver_sql("PRAGMA data_version").scalar(), wal.stat().st_size)
        assert after == before
        assert db.session.scalar(text("SELECT count(*) FROM alembic_version")) == 1


def test_a_nearly_full_disk_fails_the_health_check(client, monkeypatch):
    """A full disk shows only when a commit writes to it, which the probe never does: so it also asks for the free
    space of the database's file system, and less than a megabyte is a 503."""
    real = shutil.disk_usage
    free = {"bytes": health.MIN_FREE_BYTES}

    def usage(path):
        """The file system's own figures, but for the free space."""
        return real(path)._replace(free=free["bytes"])

    monkeypatch.setattr(health.shutil, "disk_usage", usage)
    assert client.get("/healthz").status_code == 200
    free["bytes"] = health.MIN_FREE_BYTES - 1
    answer = client.get("/healthz")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "60"
