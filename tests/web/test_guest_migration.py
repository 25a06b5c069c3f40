"""The migration that adds guest accounts, on SQLite and PostgreSQL: every account stays named, and a guest kept
by a downgrade comes back a guest."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select, text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import User
from referee.services import authenticate
from referee.services.guests import create_guest

BEFORE = "f3a7c2e9b851"  # entries in a versioned encoding


def accounts() -> list[tuple[str, bool]]:
    """Each account's name and whether it is a guest, by id."""
    return [(name, guest) for name, guest in db.session.execute(select(User.username, User.guest).order_by(User.id))]


def test_the_migration_adds_the_flag_and_goes_down_and_up_keeping_every_guest(database_app):
    """Named accounts from before are not guests; down, the column is gone and a guest is an account nobody can
    log in to (its hash '!'), its matches kept; up again, it is a guest once more and the named ones are not
    (not even one named 'guest:…' by hand before, whose password hash is real)."""
    # Migrated by hand, not at start: MIGRATING_AT_START stays set, so migrations/env.py leaves logging alone.
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        db.session.execute(text("INSERT INTO \"user\" (username, username_key, password_hash, created_at) "
                                "VALUES ('ana', 'ana', 'scrypt:x', '2026-01-01'), "
                                "('guest:old', 'guest:old', 'scrypt:y', '2026-01-01')"))
        db.session.commit()
        db.session.close()
        upgrade(directory=MIGRATIONS)
        assert accounts() == [("ana", False), ("guest:old", False)]
        guest = create_guest()
        db.session.commit()
        start(guest, "Ana", "Bea")
        start(account("bea"), "Ana", "Bea")
        kept = accounts()
        assert kept[2][0].startswith("guest:") and kept[2][1] is True
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "guest" not in {c["name"] for c in inspect(db.engine).get_columns("user")}
        names = [row[0] for row in db.session.execute(text('SELECT username FROM "user" ORDER BY id'))]
        assert names == [name for name, _guest in kept]
        assert db.session.scalar(text("SELECT count(*) FROM match")) == 2
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert accounts() == kept
        assert authenticate(kept[2][0], "!") is None
        assert db.session.scalar(select(User.guest).where(User.username == "bea")) is False
