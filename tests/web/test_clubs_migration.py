"""The migration that adds clubs (their members and invites, and a match's club), on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.services.clubs import create_club, join_club, make_invite, membership

BEFORE = "d7f1b3a5c902"  # the trail's names from backups
TABLES = {"club", "club_member", "club_invite"}


def test_the_migration_adds_clubs_and_goes_back_down_keeping_the_match(database_app):
    """Up: a club, a member joined by an invite, a match filed under it; down: the tables and the match's column
    go, the match and its seats stay; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana, bea = account("ana"), account("bea")
        club = create_club(ana, "Casa")
        join_club(bea, make_invite(membership(ana, club.id)).secret)
        match = start(ana, "Ana", "Bea")
        match.club_id = club.id
        db.session.commit()
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert not TABLES & set(inspect(db.engine).get_table_names())
        assert "club_id" not in {column["name"] for column in inspect(db.engine).get_columns("match")}
        assert db.session.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert set(inspect(db.engine).get_table_names()) >= TABLES
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "club" in repr(d)] == []
        db.session.close()
        db.engine.dispose()
