"""The migration that gives every match stored without a spectator token its own, on SQLite and PostgreSQL."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db

BEFORE = "b6d8f0a2c4e9"  # the options in one column


def tokens() -> dict[int, str | None]:
    """Each match's spectator token, by its id."""
    return dict(db.session.execute(text("SELECT id, spectator_token FROM match ORDER BY id")).all())


def test_the_migration_gives_each_old_match_a_token_of_its_own_and_goes_back_down(database_app):
    """Three matches as the old app left them, two never opened (no token) and one opened (its token kept): each
    gets its own; the downgrade lets the column hold none again (PostgreSQL holds it NOT NULL until then)."""
    # Migrated by hand, not at start: MIGRATING_AT_START stays set, so migrations/env.py leaves logging alone.
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana = account("ana")
        ids = [start(ana, "Ana", "Bea").id for _ in range(3)]
        db.session.close()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        db.session.execute(text("UPDATE match SET spectator_token = NULL WHERE id != :opened"), {"opened": ids[1]})
        db.session.commit()
        opened = tokens()[ids[1]]
        db.session.close()  # its read locks would hold up PostgreSQL's ALTER TABLE
        upgrade(directory=MIGRATIONS)
        after = tokens()
        assert after[ids[1]] == opened
        assert len({after[i] for i in ids}) == 3 and all(len(after[i] or "") == 43 for i in ids)
        nullable = {c["name"]: c["nullable"] for c in inspect(db.engine).get_columns("match")}["spectator_token"]
        assert nullable is (db.engine.dialect.name == "sqlite")
        db.session.close()
        db.engine.dispose()  # the inspector's connection too
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert tokens() == after  # the old app reads a token it finds
        db.session.execute(text("UPDATE match SET spectator_token = NULL WHERE id = :id"), {"id": ids[0]})
        db.session.commit()
        assert tokens()[ids[0]] is None
