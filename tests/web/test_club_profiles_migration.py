"""The club house rules migration, on SQLite and PostgreSQL: up keeping every match's and tournament's profile, down
dropping the clubs' profiles and keeping the accounts', up again as the models say."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from test_ratings import account

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import User
from referee.rules import make_ruleset
from referee.services import MatchSettings, create_match
from referee.services.club_profiles import save_club_profile
from referee.services.clubs import create_club
from referee.services.profiles import HouseRules

BEFORE = "a4c8e2f61d07"  # tournaments
RULES = HouseRules(make_ruleset("escoba-es", target=30))


def start_from(user, profile_id: int, club_id: int | None = None) -> int:
    """A match of the account started from the profile."""
    return create_match(user, MatchSettings("escoba-es", {"target": 30}, "spanish", ("Ana", "Bea"), first_dealer=0,
                                            club_id=club_id, profile_id=profile_id)).id


def profile_ids() -> list[int | None]:
    """Every match's profile, by match."""
    return db.session.execute(text("SELECT profile_id FROM match ORDER BY id")).scalars().all()


def settle() -> None:
    """The session's connection handed back, so the migration does not wait on it."""
    db.session.close()
    db.engine.dispose()


def test_the_migration_gives_clubs_profiles_and_keeps_the_matches_own(database_app):
    """Down to before it, a match started from an account's profile keeps it through the rebuild of the table; up:
    a club's profile beside an account's of the same name; down: the club's goes (its match keeps its rules, without
    it), the account's and its match stay; up again: as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        ana = account("ana")
        db.session.execute(text("INSERT INTO rules_profile (user_id, name, name_key, rules, card_token, created_at, "
                                "updated_at) SELECT id, 'Tuesday', 'tuesday', :rules, 'tok', created_at, created_at "
                                "FROM \"user\""), {"rules": '{"v": 1, "preset": "escoba-es", "options": {}, '
                                                            '"deck_style": "", "opening_sweep": "dealer"}'})
        db.session.commit()
        own = db.session.execute(text("SELECT id FROM rules_profile")).scalar_one()
        first = start_from(ana, own)
        ana_id = ana.id
        settle()
        upgrade(directory=MIGRATIONS)
        assert profile_ids() == [own]
        ana = db.session.get(User, ana_id)
        club = create_club(ana, "Casa").id
        shared = save_club_profile(ana, club, "Tuesday", RULES)
        second = start_from(ana, shared.id, club)
        assert profile_ids() == [own, shared.id]
        settle()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "club_id" not in {c["name"] for c in inspect(db.engine).get_columns("rules_profile")}
        assert db.session.execute(text("SELECT id FROM rules_profile")).scalars().all() == [own]
        assert profile_ids() == [own, None]
        assert db.session.execute(text("SELECT id FROM match ORDER BY id")).scalars().all() == [first, second]
        settle()
        upgrade(directory=MIGRATIONS)
        assert profile_ids() == [own, None]
        ana = db.session.get(User, ana_id)
        assert save_club_profile(ana, club, "Tuesday", RULES).id != own  # the club's name is free again
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        differences = [d for d in differences if "rules_profile" in repr(d)]
        if db.engine.dialect.name == "sqlite":  # match.profile_id's inline REFERENCES: see the house rules' test
            differences = [d for d in differences
                           if not (d[0] in ("remove_fk", "add_fk") and d[1].table.name == "match")]
        assert differences == []
        settle()
