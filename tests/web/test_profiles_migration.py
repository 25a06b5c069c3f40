"""The house rules migration, on SQLite and PostgreSQL: up, down keeping the matches, up again as the models say."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.rules import make_ruleset
from referee.services import MatchSettings, create_match
from referee.services.profiles import HouseRules, save_profile

BEFORE = "e8a4c2f6b1d3"  # clubs, their members and invites


def test_the_migration_adds_profiles_and_goes_back_down_keeping_the_matches(database_app):
    """Up: a match records the profile it started from; down: the table and the column go, the match stays with its
    rules; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        user = account("ana")
        profile = save_profile(user, "Tuesday club", HouseRules(make_ruleset("escoba-es", target=30)))
        create_match(user, MatchSettings("escoba-es", {"target": 30}, "spanish", ("Ana", "Bea"), first_dealer=0,
                                         profile_id=profile.id))
        assert db.session.execute(text("SELECT profile_id FROM match")).scalars().all() == [profile.id]
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "rules_profile" not in inspect(db.engine).get_table_names()
        assert "profile_id" not in {c["name"] for c in inspect(db.engine).get_columns("match")}
        assert db.session.execute(text("SELECT preset FROM match")).scalars().all() == ["escoba-es"]
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert db.session.execute(text("SELECT count(*) FROM match WHERE profile_id IS NULL")).scalar() == 1
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        # Only what this revision made (SQLite keeps some older columns of match nullable: see their revisions).
        differences = [d for d in differences if "profile" in repr(d)]
        if db.engine.dialect.name == "sqlite":
            # SQLAlchemy reads no ON DELETE of a column's inline REFERENCES (seat.player_id's alike): PRAGMA does.
            keys = db.session.execute(text("PRAGMA foreign_key_list('match')")).all()
            assert [key[6] for key in keys if key[3] == "profile_id"] == ["SET NULL"]
            differences = [d for d in differences if d[0] not in ("remove_fk", "add_fk")]
        assert differences == []
        db.session.close()
        db.engine.dispose()
