"""The migration that keeps who made each change as a restored backup names them, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start, winning_hand

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.services import record_hand

BEFORE = "d5f1b3c7a902"  # seat claims


def columns() -> set[str]:
    """The trail's columns."""
    return {c["name"] for c in inspect(db.engine).get_columns("match_event")}


def test_the_migration_adds_the_name_and_goes_back_down_keeping_the_trail(database_app):
    """Up: a change keeps a name; down: the column goes, the trail stays; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        match = start(account("ana"), "Ana", "Bea")
        record_hand(match, winning_hand(2, 0), 1)
        db.session.execute(text("UPDATE match_event SET by_name = 'bea'"))
        db.session.commit()
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "by_name" not in columns()
        assert db.session.execute(text("SELECT kind FROM match_event ORDER BY id")).scalars().all() == [
            "created", "hand_recorded", "finished"]
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert "by_name" in columns()
        assert db.session.execute(text("SELECT count(*) FROM match_event WHERE by_name IS NULL")).scalar() == 3
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "'match_event'" in repr(d)] == []
        db.session.close()
        db.engine.dispose()
