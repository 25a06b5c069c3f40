"""The migration to usernames without case and device tokens, on a database made at the revision before it."""

from __future__ import annotations

from datetime import datetime

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import DateTime, bindparam, inspect, text
from werkzeug.security import generate_password_hash

from referee.database import MIGRATIONS
from referee.extensions import db

# The times bound as the models bind them: sqlite3's own datetime adapter is deprecated (Python 3.12).
AT = bindparam("at", type_=DateTime)

BEFORE = "d4bf376bd9be"  # accounts, matches, seats, hands, trail
THIS = "2b08eb1848b1"  # usernames unique without case; login tokens per device

# Accounts as the old registration let them be: 'ana' first, then 'Ana' and 'ANA', and two that collide with no one.
OLD_ACCOUNTS = [("ana", "ana-password-1"), ("Ana", "Ana-password-2"), ("ANA", "ANA-password-3"),
                ("Zoë", "zoe-password-4"), ("ｂｅａ", "bea-password-5")]


@pytest.fixture
def old_app(database_app):
    """An app on a database at the revision before this one, holding OLD_ACCOUNTS and a match of 'Ana'."""
    app = database_app(migrated=False, MIGRATING_AT_START=True)
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        for number, (name, password) in enumerate(OLD_ACCOUNTS, start=1):
            db.session.execute(text('INSERT INTO "user" (id, username, password_hash, created_at) '
                                    "VALUES (:id, :name, :hash, :at)").bindparams(AT),
                               {"id": number, "name": name, "at": datetime(2026, 1, number),
                                "hash": generate_password_hash(password, method="pbkdf2:sha256:1000")})
        db.session.execute(text("INSERT INTO match (id, user_id, created_at, updated_at, preset, target, all_oros, "
                                "all_sevens, over30, penalty, deal_passes, deck_style, partnerships, finished, "
                                "version) VALUES (1, 2, :at, :at, 'escova-rs', 21, 1, 1, 0, 'forfeit', 'right', "
                                "'spanish', false, false, 1)").bindparams(AT), {"at": datetime(2026, 2, 1)})
        db.session.execute(text("INSERT INTO seat (match_id, position, name) VALUES (1, 0, 'Ana'), (1, 1, 'Bea')"))
        db.session.commit()
    return app


def keys(app):
    """Each account's name and key, by id."""
    with app.app_context():
        return db.session.execute(text('SELECT username, username_key FROM "user" ORDER BY id')).all()


def test_the_migration_gives_every_account_a_key_and_the_oldest_of_a_collision_the_plain_one(old_app):
    """'ana' keeps 'ana'; 'Ana' and 'ANA' get keys no name can take; the others their NFKC case-folded name."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        assert "login_token" in inspect(db.engine).get_table_names()
    assert [tuple(row) for row in keys(old_app)] == [
        ("ana", "ana"), ("Ana", "ana#2"), ("ANA", "ana#3"), ("Zoë", "zoë"), ("ｂｅａ", "bea")]


@pytest.mark.parametrize(("typed", "password", "owner"), [
    ("ana", "ana-password-1", "ana"), ("Ana", "Ana-password-2", "Ana"), ("ANA", "ANA-password-3", "ANA"),
    ("aNa", "ana-password-1", "ana"), ("ZOË", "zoe-password-4", "Zoë"), ("bea", "bea-password-5", "ｂｅａ"),
])
def test_every_old_account_still_logs_in_after_the_migration(old_app, keeper_on, typed, password, owner):
    """Colliding accounts by their exact names, the rest without regard to case or width."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
    person = keeper_on(old_app)
    assert person.login(typed, password).status_code == 302
    assert f"Log out {owner}" in person.text(person.page("/matches/"))


def test_after_the_migration_a_name_differing_only_in_case_is_taken(old_app, keeper_on):
    """The unique key holds from now on."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
    response = keeper_on(old_app).register("BEA", "long-enough")
    assert response.status_code == 422


def test_the_migration_can_be_undone_and_done_again(old_app):
    """Downgrade drops the key and the tokens; upgrading again gives the same keys."""
    with old_app.app_context():
        upgrade(directory=MIGRATIONS)
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        columns = {column["name"] for column in inspect(db.engine).get_columns("user")}
        assert "username_key" not in columns
        assert "login_token" not in inspect(db.engine).get_table_names()
        upgrade(directory=MIGRATIONS, revision=THIS)
    assert keys(old_app)[1] == ("Ana", "ana#2")
