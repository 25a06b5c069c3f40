"""The migration to seat search keys and stored erring sides, on a database made at the revision before it."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import DateTime, bindparam, inspect, text
from werkzeug.security import generate_password_hash

from referee.database import MIGRATIONS
from referee.extensions import db

# The times bound as the models bind them: sqlite3's own datetime adapter is deprecated (Python 3.12).
AT = bindparam("at", type_=DateTime)

BEFORE = "07547a0f5818"  # revoked spectator links
THIS = "7c1e5a9f3b20"  # seat name keys; each hand's erring sides

# A renuncio as the old app stored it: the 1o in Bea's pile (it sums to 106), no erring sides kept.
RENUNCIO = {
    "sides": [{"cards": ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b",
                         "3c"], "escobas": 1},
              {"cards": ["10e", "5e", "9e", "6e", "8e", "7e", "10b", "5b", "9b", "6b", "8b", "7b", "1c", "2c", "1e",
                         "2e", "3e", "1b", "2b", "3b", "1o"], "escobas": 0}],
    "leftover": ["2o", "3o", "4o"], "last_capture": 0,
}


@pytest.fixture
def old_app(database_app):
    """An app on a database at the revision before this one: Ana's match of Lucía against Bea, whose one hand
    Bea erred (stored as the old app did, without its erring sides)."""
    app = database_app(migrated=False, MIGRATING_AT_START=True)
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        at = datetime(2026, 2, 1)
        db.session.execute(text('INSERT INTO "user" (id, username, username_key, password_hash, created_at) '
                                "VALUES (1, 'ana', 'ana', :hash, :at)").bindparams(AT),
                           {"at": at, "hash": generate_password_hash("correct-horse", method="pbkdf2:sha256:1000")})
        db.session.execute(text("INSERT INTO match (id, user_id, created_at, updated_at, preset, target, all_oros, "
                                "all_sevens, over30, penalty, deal_passes, deck_style, partnerships, first_dealer, "
                                "finished, version) VALUES (1, :user, :at, :at, 'escova-rs', 15, 1, 1, 0, 'forfeit', "
                                "'right', 'spanish', false, 0, false, 1)").bindparams(AT),
                           {"at": at, "user": 1})
        db.session.execute(text("INSERT INTO seat (match_id, position, name) VALUES (1, 0, 'Lucía'), (1, 1, 'Bea')"))
        db.session.execute(text("INSERT INTO hand (match_id, number, dealer, mode, entry, points, valid, created_at, "
                                "updated_at) VALUES (1, 1, 0, 'cards', :entry, '[7, 0]', false, :at, :at)"
                                ).bindparams(AT),
                           {"entry": json.dumps(RENUNCIO), "at": at})
        db.session.commit()
    return app


def test_the_migration_gives_every_seat_its_search_key(old_app):
    """Lucía's key is 'lucia', Bea's 'bea'; hands get an empty erred column."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        keys = db.session.execute(text("SELECT name, name_key FROM seat ORDER BY position")).all()
        assert [tuple(row) for row in keys] == [("Lucía", "lucia"), ("Bea", "bea")]
        assert db.session.execute(text("SELECT erred FROM hand")).scalar() is None


def test_after_the_migration_the_filter_finds_old_seats_and_the_board_names_the_old_hands_erring_side(
        old_app, keeper_on):
    """'luc' finds Lucía's match; the old hand's row says Bea erred, worked out by the rules from its entry."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
    keeper = keeper_on(old_app)
    assert keeper.login("ana").status_code == 302
    assert "Lucía · Bea" in keeper.text(keeper.page("/matches/?player=luc"))
    assert "⚠ Bea erred" in keeper.board(1)


def test_the_migration_goes_back_down(old_app):
    """Downgrade drops both columns."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        columns = inspect(db.engine)
        assert "name_key" not in {c["name"] for c in columns.get_columns("seat")}
        assert "erred" not in {c["name"] for c in columns.get_columns("hand")}
