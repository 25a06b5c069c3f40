"""The migration that rates the matches finished before ratings existed: it gives what the app keeps."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import func, select
from test_ratings import account, start, state, win

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import Player, RatingChange

BEFORE = "cbb18f664385"  # players, hand sides, the ratings' tables (empty)


def test_the_migration_rates_every_finished_match_as_the_app_would(database_app):
    """Matches of every kind played and rated as they finished; back at the revision before, nobody is rated;
    upgraded again, every player's rating and history are what the app had kept, account by account."""
    # Migrated step by step: MIGRATING_AT_START stays set, so migrations/env.py leaves logging alone.
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        ana, bob = account("ana"), account("bob")
        win(start(ana, "Ana", "Bea"), 0)
        win(start(ana, "Ana", "Bea", "Cai", "Dani", pairs=True), 1)
        win(start(ana, "Cai", "Ana", "Bea"), 2, escobas=(1, 1))
        win(start(ana, "Dani", "Eva", "Ana", "Bea"), 1, escobas=(2, 0, 1))
        start(ana, "Eva", "Cai")  # not finished: rates nobody
        win(start(bob, "Ana", "Zoe"), 1)
        kept = {user.username: state(user) for user in (ana, bob)}
        # End the session's transaction: on PostgreSQL its read locks would hold up a downgrade dropping a table.
        db.session.close()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert db.session.scalar(select(func.count(RatingChange.id))) == 0
        assert db.session.scalar(select(func.count(Player.id)).where(Player.rating.is_not(None))) == 0
        upgrade(directory=MIGRATIONS)
        db.session.expire_all()
        assert {user.username: state(user) for user in (ana, bob)} == kept
