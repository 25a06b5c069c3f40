"""The same app on PostgreSQL (DATABASE_URL), when a server is at hand.

.ci/run starts a throwaway PostgreSQL and sets REFEREE_TEST_POSTGRES to a URL of a
user allowed to create databases; each test here gets a database of its own.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from referee import create_app
from referee.config import database_url

SERVER = os.environ.get("REFEREE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not SERVER, reason="set REFEREE_TEST_POSTGRES (.ci/run does) to test on PostgreSQL")


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on a fresh PostgreSQL database, chosen through DATABASE_URL as a deployment would.

    It stands in for tests/conftest.py's SQLite app, so the usual scorekeeper fixtures use it.
    """
    assert SERVER is not None
    name = f"referee_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(database_url_for(SERVER), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    monkeypatch.setenv("DATABASE_URL", SERVER.rsplit("/", 1)[0] + "/" + name)
    app = create_app({"TESTING": True, "SECRET_KEY": "pg"})
    yield app
    with app.app_context():
        from referee.extensions import db

        db.engine.dispose()
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE "{name}"'))
    admin.dispose()


def database_url_for(url: str) -> str:
    """The SQLAlchemy URL the app itself would make of a DATABASE_URL."""
    os.environ["DATABASE_URL"] = url
    try:
        return database_url("")
    finally:
        del os.environ["DATABASE_URL"]


def test_a_match_is_kept_on_postgresql(app: Flask, keeper) -> None:
    """Migrations run, a match is started, hands saved, and history filters."""
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://")
    match_id = keeper.start(("Ana", "Bea"))
    keeper.save_hand(match_id)
    keeper.save_hand(match_id, mode="tally")
    assert [h[0] for h in keeper.saved_hands(match_id)] == [1, 2]
    assert "Hand 2 saved" in keeper.board(match_id)
    assert "Bea" in keeper.text(keeper.page("/matches/?player=Bea&status=playing"))
    assert "No match matches these filters." in keeper.text(keeper.page("/matches/?player=Nobody"))


def test_the_same_hand_number_twice_is_refused_by_postgresql(keeper) -> None:
    """The unique (match, number) constraint holds there too: a second phone gets the conflict page."""
    match_id = keeper.start(("Ana", "Bea"))
    url = keeper.hand_url(match_id)
    phone = keeper.another_phone()
    mine, theirs = keeper.form(url), phone.form(url)
    phone.client.post(url, data=theirs | phone.hand_fields() | {"action": "save"})
    response = keeper.client.post(url, data=mine | keeper.hand_fields() | {"action": "save"})
    assert "Hand 1 was already saved from another phone." in keeper.text(response.get_data(as_text=True))
    assert len(keeper.saved_hands(match_id)) == 1
