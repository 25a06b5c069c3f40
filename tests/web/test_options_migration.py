"""The migration that folds a match's eight option columns into one options column, on a database made at the
revision before it, on SQLite and (when a server is named) PostgreSQL: every value kept exactly, both ways."""

from __future__ import annotations

from datetime import datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import DateTime, bindparam, inspect, text

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import Match
from referee.rules import DealPasses, Penalty, Sevens, Ties, make_ruleset

# The times bound as the models bind them: sqlite3's own datetime adapter is deprecated (Python 3.12).
AT = bindparam("at", type_=DateTime)

BEFORE = "e5b7c9d1f203"  # the regional options' columns
THIS = "b6d8f0a2c4e9"  # the options in one column
COLUMNS = ("target", "all_oros", "all_sevens", "over30", "penalty", "deal_passes", "sevens", "ties")
# Matches as the app stored them before: every value each column took, some of each at its edge.
ROWS = [
    ("escova-rs", 15, 1, 1, 0, "forfeit", "right", "most", "nobody"),
    ("escoba-es", 100, 2, 0, 2, "void", "left", "setenta", "shared"),
    ("escoba-intl", 1, 0, 2, 1, "flag", "right", "most_tiebreak", "nobody"),
]


@pytest.fixture
def old_app(database_app):
    """An app on a database at the revision before this one, with Ana's three matches of the rows above."""
    app = database_app(migrated=False, MIGRATING_AT_START=True)
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        at = datetime(2026, 2, 1)
        db.session.execute(text('INSERT INTO "user" (id, username, username_key, password_hash, created_at) '
                                "VALUES (1, 'ana', 'ana', 'x', :at)").bindparams(AT), {"at": at})
        for number, row in enumerate(ROWS, start=1):
            db.session.execute(text(
                "INSERT INTO match (id, user_id, uid, created_at, updated_at, preset, target, all_oros, all_sevens, "
                "over30, penalty, deal_passes, sevens, ties, deck_style, partnerships, finished, version) VALUES "
                "(:id, 1, :uid, :at, :at, :preset, :target, :all_oros, :all_sevens, :over30, :penalty, "
                ":deal_passes, :sevens, :ties, 'spanish', :no, :no, 1)").bindparams(AT),
                {"id": number, "uid": f"u{number}", "at": at, "no": False, "preset": row[0],
                 **dict(zip(COLUMNS, row[1:], strict=True))})
        db.session.commit()
    return app


def test_the_migration_folds_every_option_into_one_object_with_its_values_exactly(old_app):
    """Each match's options are the object of its eight columns, numbers as numbers, in the rules core's order;
    read back, the rules in force are the ones the columns said."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
        stored = db.session.execute(text("SELECT preset, options FROM match ORDER BY id")).all()
        decoded = [(preset, Match.options.type.result_processor(db.engine.dialect, None)(options)
                    if isinstance(options, str) else options) for preset, options in stored]
        assert decoded == [(row[0], dict(zip(COLUMNS, row[1:], strict=True))) for row in ROWS]
        in_force_then = [name for name in make_ruleset("escoba-es").options() if name in COLUMNS]  # later ones aside
        assert [list(options) for _, options in decoded] == [in_force_then] * len(ROWS)
        db.session.close()  # its read ends before the later migrations change the table
        upgrade(directory=MIGRATIONS)  # the later migrations' columns too, which the model reads with a match
        second = db.session.get_one(Match, 2).ruleset
        assert second == make_ruleset("escoba-es", target=100, all_oros=2, all_sevens=0, over30=2,
                                      penalty=Penalty.VOID, deal_passes=DealPasses.LEFT, sevens=Sevens.SETENTA,
                                      ties=Ties.SHARED)
        assert not {c["name"] for c in inspect(db.engine).get_columns("match")} & set(COLUMNS)


def test_after_the_migration_the_database_is_what_the_models_say(old_app):
    """No difference alembic's autogenerate would see in the match's rules: the models and the migrations agree
    on the options column, and none of the eight is left."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        named = {"options", *COLUMNS}
        assert [d for d in differences if "'match'" in repr(d) and any(f"'{name}'" in repr(d) for name in named)] \
            == []


def test_the_migration_goes_back_down_with_every_value_as_it_was(old_app):
    """Downgraded, the eight columns hold again what they held, and the options column is gone."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS, revision=THIS)
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        back = db.session.execute(text(f"SELECT preset, {', '.join(COLUMNS)} FROM match ORDER BY id")).all()
        assert [tuple(row) for row in back] == ROWS
        assert "options" not in {c["name"] for c in inspect(db.engine).get_columns("match")}
        db.session.close()  # its reading ends: PostgreSQL's ALTER TABLE waits for every reader of the table
        upgrade(directory=MIGRATIONS)  # and up again
        assert db.session.get_one(Match, 3).ruleset.sevens == Sevens.MOST_TIEBREAK
