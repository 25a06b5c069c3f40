"""The migration that adds seat claims, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.services.claims import claim_seat
from referee.services.sharing import join, make_join_code

BEFORE = "c8e4a6b2d913"  # scorers and join codes


def test_the_migration_adds_the_claims_and_goes_back_down_keeping_the_match(database_app):
    """Up: a scorer claims its seat; down: the table goes, the match and its seats stay; up again: as the
    models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        join(bea, make_join_code(match).code)
        assert claim_seat(bea, match, 1).confirmed_at is not None
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "seat_claim" not in set(inspect(db.engine).get_table_names())
        assert db.session.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert "seat_claim" in set(inspect(db.engine).get_table_names())
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "'seat_claim'" in repr(d)] == []
        db.session.close()
        db.engine.dispose()
