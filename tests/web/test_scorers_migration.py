"""The migration that adds scorers, join codes and who made each change, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start, winning_hand

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.services import get_match, record_hand
from referee.services.sharing import join, make_join_code

BEFORE = "6e2b9d4f1a37"  # phones entering a hand
NEW = {"scorer", "join_code"}


def test_the_migration_adds_the_tables_and_goes_back_down_keeping_every_hand(database_app):
    """Up: a scorer joins and saves a hand, the trail names it; down: the tables and the column go, the match and
    its hands stay; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        join(bea, make_join_code(match).code)
        record_hand(get_match(bea, match.id), winning_hand(2, 0), 1)
        assert db.session.execute(text("SELECT kind, user_id FROM match_event ORDER BY id")).all()[:2] == [
            ("created", ana.id), ("hand_recorded", bea.id)]
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        tables = set(inspect(db.engine).get_table_names())
        assert not NEW & tables
        assert "user_id" not in {c["name"] for c in inspect(db.engine).get_columns("match_event")}
        assert db.session.execute(text("SELECT count(*) FROM hand")).scalar() == 1
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert set(inspect(db.engine).get_table_names()) >= NEW
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if any(f"'{name}'" in repr(d) for name in (*NEW, "match_event"))] == []
        db.session.close()
        db.engine.dispose()
