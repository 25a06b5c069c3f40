"""The tournaments migration, on SQLite and PostgreSQL: up, down keeping the club and its matches, up again as the
models say."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.rules import make_ruleset
from referee.services.clubs import create_club
from referee.services.formats import FORMATS
from referee.services.profiles import HouseRules, save_profile
from referee.services.tournament_rounds import start_round
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament

BEFORE = "e9c4d2a7b310"  # house rules
TABLES = {"tournament", "tournament_entrant", "tournament_round", "tournament_table", "tournament_result_change"}


def test_the_migration_adds_tournaments_and_goes_back_down_keeping_the_club_s_matches(database_app):
    """Up: a tournament's round makes its table's match; down: the tournaments' tables go, the club and the match
    stay; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        user = account("ana")
        club = create_club(user, "Casa")
        profile = save_profile(user, "Tuesday club", HouseRules(make_ruleset("escoba-es", target=30)))
        made = create_tournament(user, club.id, TournamentSpec(
            "Friday", FORMATS["round_robin"], profile.id, ((PlayerSpec("Bea"),), (PlayerSpec("Caio"),))))
        start_round(user, made.id)
        assert db.session.execute(text("SELECT count(*) FROM match WHERE club_id IS NOT NULL")).scalar() == 1
        db.session.close()
        db.engine.dispose()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert not TABLES & set(inspect(db.engine).get_table_names())
        assert db.session.execute(text("SELECT count(*) FROM match")).scalar() == 1
        db.session.close()
        db.engine.dispose()
        upgrade(directory=MIGRATIONS)
        assert set(inspect(db.engine).get_table_names()) >= TABLES
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "tournament" in repr(d)] == []
        db.session.close()
        db.engine.dispose()
