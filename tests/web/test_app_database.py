"""The database: SQLite pragmas, migrations at start, and a hand saved all or nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select, text

from referee import create_app
from referee.extensions import db
from referee.models import Hand, MatchEvent
from referee.services import hands as hand_service

ROOT = Path(__file__).resolve().parents[2]


def test_starting_the_app_creates_every_table_through_the_migrations(app):
    """A fresh database is brought to the latest schema, with Alembic's version recorded."""
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
        assert {"user", "player", "match", "seat", "hand", "hand_side", "rating_change", "match_event",
                "alembic_version"} <= tables
        assert db.session.scalar(text("SELECT count(*) FROM alembic_version")) == 1


def test_sqlite_runs_with_wal_and_foreign_keys(app):
    """WAL lets the scoreboard read while a hand is saved; foreign keys keep hands tied to matches."""
    with app.app_context():
        assert db.session.scalar(text("PRAGMA journal_mode")) == "wal"
        assert db.session.scalar(text("PRAGMA foreign_keys")) == 1


def test_building_the_app_never_migrates(tmp_path: Path):
    """The schema is brought up to date once before serving (gunicorn's master, `flask db upgrade`), not by every
    app a worker builds; and `flask db migrate` needs to see the schema as it is."""
    app = create_app({"TESTING": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'empty.sqlite'}"})
    with app.app_context():
        assert inspect(db.engine).get_table_names() == []


def test_a_hand_is_saved_all_or_nothing(app, keeper, monkeypatch: pytest.MonkeyPatch):
    """If settling the match fails after the hand is added, neither the hand nor its trail entry is stored."""
    match_id = keeper.start()

    def broken(_match):
        raise RuntimeError("the power went out")

    monkeypatch.setattr(hand_service, "settle", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = keeper.enter_hand(match_id, "save")
    assert response.status_code == 500
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0
        kinds = db.session.scalars(select(MatchEvent.kind).where(MatchEvent.match_id == match_id)).all()
        assert "hand_recorded" not in kinds


def test_nothing_is_loaded_from_another_site():
    """Templates and static files name no outside host: the app works on a LAN without internet."""
    outside = re.compile(r"""(?:src|href|url)\s*[=(]\s*["']?(?:https?:)?//""", re.I)
    files = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/**/*.css"), *ROOT.glob("static/**/*.js")]
    # Vendored code (static/vendor/README) names its project's sites in links and defaults the page turns off;
    # the Content-Security-Policy blocks any load from them, and the browser test of its page fails on one.
    files = [f for f in files if not f.is_relative_to(ROOT / "static" / "vendor")]
    assert files
    offenders = [str(f.relative_to(ROOT)) for f in files if outside.search(f.read_text())]
    assert offenders == []
