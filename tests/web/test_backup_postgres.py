"""The backup's round trip on PostgreSQL, when a server is at hand: moments to the microsecond, JSON columns,
names with accents, and the one transaction."""

from __future__ import annotations

from collections.abc import Iterator

import factories
import pytest
import throwaway
from backup_play import backup_of, play_everything, upload
from backup_round_trip import FILES, as_written_today, kept_file, round_trip, script_of
from flask import Flask
from sqlalchemy import select

from referee.extensions import db
from referee.models import User
from referee.services.import_slots import import_slot

pytestmark = pytest.mark.skipif(not throwaway.SERVER, reason=throwaway.NO_SERVER)


@pytest.fixture
def app() -> Iterator[Flask]:
    """The app on a fresh PostgreSQL database (it stands in for the SQLite app of tests/conftest.py)."""
    with throwaway.postgres_app({"TESTING": True, "SECRET_KEY": "pg"}) as app:
        yield app


def test_the_round_trip_holds_on_postgresql(keeper, scorekeeper) -> None:
    """Export, import into a fresh account, export again: the same file; a second import adds nothing."""
    play_everything(keeper)
    first = backup_of(keeper)
    bob = scorekeeper("bob")
    assert upload(bob, first).status_code == 302
    again = backup_of(bob)
    assert {k: v for k, v in again.items() if k != "exported_at"} == {k: v for k, v in first.items()
                                                                      if k != "exported_at"}
    assert upload(bob, first).status_code == 302
    assert "Nothing to add" in bob.text(bob.page("/matches/"))
    broken = dict(first, matches=[*first["matches"], {**first["matches"][0], "uid": "0" * 32, "winner": 3}])
    assert upload(bob, broken).status_code == 422
    assert backup_of(bob)["matches"] == first["matches"]


def test_a_nul_anywhere_in_the_file_is_no_500_on_postgresql(keeper, scorekeeper) -> None:
    """PostgreSQL cannot store a NUL in text: names refuse control characters, and the trail's JSON keeps an
    escaped one as JSON does."""
    factories.start(keeper, ("Ana", "Bea"))
    doc = backup_of(keeper)
    bob = scorekeeper("bob")
    named = {**doc, "players": [{**doc["players"][0], "name": "A\u0000na"}]}
    assert upload(bob, named).status_code == 422
    trail = doc["matches"][0]["trail"]
    odd = {**doc, "matches": [{**doc["matches"][0], "trail": [{**trail[0], "after": {**trail[0]["after"],
                                                                                   "note": "\u0000"}}, *trail[1:]]}]}
    assert upload(bob, odd).status_code == 302
    assert backup_of(bob)["matches"][0]["trail"][0]["after"]["note"] == "\u0000"


def test_the_files_earlier_apps_wrote_restore_on_postgresql(scorekeeper) -> None:
    """Every kept file (tests/web/backups/) restored and exported again: nothing lost, the bulk insert's encoded
    values (JSON, moments to the microsecond) read back as SQLite's."""
    for n, path in enumerate(FILES):
        keeper = scorekeeper(f"restorer{n}")
        assert upload(keeper, path.read_bytes()).status_code == 302
        assert as_written_today(backup_of(keeper)) == as_written_today(kept_file(path))


def test_a_hand_of_every_api_shape_restores_on_postgresql(scorekeeper) -> None:
    """The API's quick way, a setenta beside a "rest", printable keys: the round trip on PostgreSQL."""
    for sevens in ("setenta", "most_tiebreak"):
        for path in ("api_rest_leftover_cards", "page_quick"):
            round_trip(scorekeeper, [script_of(path, sevens, always_breakers=True, key="k:1/2")])


def test_an_import_running_elsewhere_holds_the_accounts_slot_on_postgresql(app, keeper, scorekeeper) -> None:
    """The slots are advisory locks: another connection (another worker, another machine) holding the account's
    refuses this import (409), another account's (the one server slot) answers 429."""
    document = backup_of(keeper)
    bob = scorekeeper("bob")
    with app.app_context():
        bob_id = db.session.scalar(select(User.id).where(User.username == "bob"))
        with import_slot(db.engine, bob_id, 1):
            assert upload(bob, document).status_code == 409
        with import_slot(db.engine, bob_id + 1000, 1):
            assert upload(bob, document).status_code == 429
    assert upload(bob, document).status_code == 302
