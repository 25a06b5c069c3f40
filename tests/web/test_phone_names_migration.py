"""The migration that names phones and keeps removed scorers (Scorer.name, Scorer.removed_at), on SQLite and
PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.services.sharing import join, make_join_code, remove_scorer

BEFORE = "b7e3d9f2a615"  # a tournament's board link
NEW = {"name", "removed_at"}


def _columns() -> set[str]:
    """The scorer table's columns."""
    return {column["name"] for column in inspect(db.engine).get_columns("scorer")}


def _reconnect() -> None:
    """Drop the session's connections, so the next step sees the schema as migrated."""
    db.session.close()
    db.engine.dispose()


def test_the_migration_adds_the_phone_s_name_and_the_removal_and_goes_back_down(database_app):
    """Up: Bea's phone named, Cid's removed; down: the columns go, Bea scores on, the removed Cid with them gone
    (nothing would tell him); up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana, bea, cid = account("ana"), account("bea"), account("cid")
        match = start(ana, "Ana", "Bea")
        code = make_join_code(match).code
        join(bea, code, "Bea at the window")
        join(cid, code)
        remove_scorer(match, cid.id)
        assert db.session.execute(text("SELECT user_id, name, removed_at IS NOT NULL FROM scorer ORDER BY id")).all() \
            == [(bea.id, "Bea at the window", False), (cid.id, None, True)]
        _reconnect()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert not NEW & _columns()
        assert db.session.execute(text("SELECT user_id FROM scorer")).scalars().all() == [bea.id]
        _reconnect()
        upgrade(directory=MIGRATIONS)
        assert _columns() >= NEW
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "'scorer'" in repr(d)] == []
        _reconnect()
