"""The same app on PostgreSQL (DATABASE_URL), when a server is at hand.

.ci/run starts a throwaway PostgreSQL and sets REFEREE_TEST_POSTGRES to a URL of a
user allowed to create databases; each test here gets a database of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

import factories
import pytest
import throwaway
from flask import Flask

pytestmark = pytest.mark.skipif(not throwaway.SERVER, reason=throwaway.NO_SERVER)


@pytest.fixture
def app() -> Iterator[Flask]:
    """The app on a fresh PostgreSQL database, chosen through DATABASE_URL as a deployment would.

    It stands in for tests/conftest.py's SQLite app, so the usual scorekeeper fixtures use it.
    """
    with throwaway.postgres_app({"TESTING": True, "SECRET_KEY": "pg"}) as app:
        yield app


def test_a_match_is_kept_on_postgresql(app: Flask, keeper) -> None:
    """Migrations run, a match is started, hands saved, and history filters."""
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://")
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mode="tally")
    assert [h[0] for h in keeper.saved_hands(match_id)] == [1, 2]
    assert "Hand 2 saved" in keeper.board(match_id)
    assert "Bea" in keeper.text(keeper.page("/matches/?player=Bea&status=playing"))
    assert "No match matches these filters." in keeper.text(keeper.page("/matches/?player=Nobody"))


def test_the_same_hand_number_twice_is_refused_by_postgresql(keeper) -> None:
    """The unique (match, number) constraint holds there too: a second phone gets the conflict page."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    url = keeper.hand_url(match_id)
    phone = factories.phone(keeper)
    mine, theirs = keeper.form(url), phone.form(url)
    phone.client.post(url, data=theirs | phone.hand_fields() | {"action": "save"})
    response = keeper.client.post(url, data=mine | keeper.hand_fields() | {"action": "save"})
    assert "Hand 1 was already saved from another phone." in keeper.text(response.get_data(as_text=True))
    assert len(keeper.saved_hands(match_id)) == 1
