"""Imports that never hold a worker: one at a time per account (a second one is told at once, 409), at most
IMPORTS_AT_ONCE on the server (429 with Retry-After), at most IMPORT_LIMIT per account (429), in the reader's
language, and nothing written by a refused one."""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import factories
import pytest
from backup_play import backup_of, upload
from sqlalchemy import func, select

from referee.extensions import db
from referee.models import Match, User
from referee.services.import_slots import ImportBusy, import_slot
from referee.services.refusals import ImportRefusal


@pytest.fixture
def backup(keeper: Any) -> dict[str, Any]:
    """Ana's backup: one match with a hand."""
    factories.save_hand(keeper, factories.start(keeper, ("Ana", "Bea")))
    return backup_of(keeper)


def matches_of(keeper: Any, username: str) -> int:
    """How many matches an account has."""
    return keeper.query(select(func.count()).select_from(Match).join(User).where(User.username == username))[0][0]


def user_id(keeper: Any, username: str) -> int:
    """An account's id."""
    return keeper.query(select(User.id).where(User.username == username))[0][0]


@contextmanager
def importing(app: Any, username_id: int, at_once: int = 1) -> Iterator[None]:
    """Another request's import under way: its slots held."""
    with app.app_context(), import_slot(db.engine, username_id, at_once):
        yield


def test_a_second_import_of_the_same_account_is_refused_at_once_and_writes_nothing(backup, scorekeeper, app):
    """While one import of Bob's runs, another from his other phone is told so (409), in words, and nothing of
    its file is kept; once the first is done, the same file restores."""
    bob = scorekeeper("bob")
    with importing(app, user_id(bob, "bob")):
        response = upload(bob, backup)
    assert response.status_code == 409
    assert bob.errors(response.get_data(as_text=True)) == [
        "A backup is being restored into this account right now (from another tab or phone). Wait until it is "
        "done, then look at your matches before restoring again."]
    assert 'type="file"' in response.get_data(as_text=True) and matches_of(bob, "bob") == 0
    assert upload(bob, backup).status_code == 302 and matches_of(bob, "bob") == 1


def test_while_the_server_runs_as_many_imports_as_it_takes_another_account_is_told_to_try_again(backup, scorekeeper,
                                                                                                  app):
    """IMPORTS_AT_ONCE imports on the whole server: Carla's import while Ana's runs is refused (429) with a
    Retry-After, and restores once Ana's is done; with two slots, both run."""
    carla = scorekeeper("carla")
    with importing(app, user_id(carla, "ana")):
        response = upload(carla, backup)
        assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0
        assert carla.errors(response.get_data(as_text=True)) == [
            "The server is restoring another backup right now. Try again in a few seconds."]
        assert matches_of(carla, "carla") == 0
        app.config["IMPORTS_AT_ONCE"] = 2
        assert upload(carla, backup).status_code == 302
    assert matches_of(carla, "carla") == 1


def test_the_refusals_are_in_the_readers_language(backup, scorekeeper, app):
    """Spanish and Portuguese, as every page."""
    bob = scorekeeper("bob")
    bob.client.set_cookie("lang", "es")
    with importing(app, user_id(bob, "bob")):
        assert bob.errors(upload(bob, backup).get_data(as_text=True))[0].startswith("Ya se está restaurando")
    bob.client.set_cookie("lang", "pt_BR")
    with importing(app, user_id(bob, "ana")):
        assert bob.errors(upload(bob, backup).get_data(as_text=True))[0].startswith("O servidor está restaurando")


def test_a_refused_file_or_a_failed_import_frees_the_accounts_slot(backup, scorekeeper, app, monkeypatch):
    """A file refused in words, or an import that fails half-way, leaves no slot taken."""
    from referee.services import backup as service

    bob = scorekeeper("bob")
    assert upload(bob, "not json").status_code == 422

    def failing(user: Any) -> None:
        raise RuntimeError("the ratings failed")

    monkeypatch.setattr(service, "rerate", failing)
    with pytest.raises(RuntimeError):
        upload(bob, backup)
    monkeypatch.undo()
    with app.app_context(), import_slot(db.engine, user_id(bob, "bob"), 1):
        pass  # free again: taken without waiting
    assert upload(bob, backup).status_code == 302


def test_the_slot_is_held_across_processes(app, keeper, tmp_path):
    """Another process (another gunicorn worker) holding the account's slot refuses this one's import: the lock
    lives beside the database, not in a process."""
    database = app.config["SQLALCHEMY_DATABASE_URI"]
    ready, done = tmp_path / "ready", tmp_path / "done"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import pathlib, time
        from sqlalchemy import create_engine
        from referee.services.import_slots import import_slot
        with import_slot(create_engine({database!r}), 7, 1):
            pathlib.Path({str(ready)!r}).touch()
            while not pathlib.Path({str(done)!r}).exists():
                time.sleep(0.02)
        """)])
    try:
        for _ in range(500):
            if ready.exists() or holder.poll() is not None:
                break
            time.sleep(0.02)
        assert ready.exists()
        with app.app_context():
            with pytest.raises(ImportBusy) as busy, import_slot(db.engine, 7, 1):
                pass
            assert busy.value.reason is ImportRefusal.ACCOUNT_BUSY
            with pytest.raises(ImportBusy) as busy, import_slot(db.engine, 8, 1):
                pass
            assert busy.value.reason is ImportRefusal.SERVER_BUSY
            with import_slot(db.engine, 8, 2):
                pass  # a second server slot is free
    finally:
        done.touch()
        holder.wait(timeout=30)


@pytest.mark.parametrize("app_settings", [{"RATELIMIT_ENABLED": True, "IMPORT_LIMIT": "2 per hour"}])
def test_imports_are_throttled_per_account(backup, scorekeeper):
    """IMPORT_LIMIT uploads per account, whatever they held: the next is 429 with how long to wait in words
    and Retry-After; the page itself is not counted, and another account has its own count."""
    bob = scorekeeper("bob")
    assert upload(bob, "not json").status_code == 422
    assert upload(bob, backup).status_code == 302
    bob.page("/account/import")
    refused = upload(bob, backup)
    wait = int(refused.headers["Retry-After"])
    assert refused.status_code == 429 and 3500 < wait <= 3601  # the hour's window, from the first upload
    assert bob.errors(refused.get_data(as_text=True)) == [
        f"This account has restored as many backups as it may for now: try again in {math.ceil(wait / 60)} minutes."]
    assert 'type="file"' in refused.get_data(as_text=True)
    assert upload(scorekeeper("carla"), backup).status_code == 302


def test_the_import_limit_and_the_imports_at_once_are_settings(app):
    """Both documented defaults: ten uploads an hour per account, one import at a time on the server."""
    assert app.config["IMPORT_LIMIT"] == "10 per hour" and app.config["IMPORTS_AT_ONCE"] == 1


class Clock:
    """A clock for the checks that moves a second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        """One second later than the last reading."""
        self.now += 1.0
        return self.now


def test_checks_that_run_too_long_are_stopped_in_words_not_by_the_workers_timeout(keeper, scorekeeper, monkeypatch):
    """A crafted file can hold thousands of entries that take the referee tens of milliseconds each: past
    CHECK_SECONDS the file is refused (422, nothing written) instead of the worker being killed (500). Only
    entries not checked yet cost time: the trail's copies of each hand's entry are free."""
    from referee.services import backup_checks

    for _ in range(3):
        factories.save_hand(keeper, factories.start(keeper, ("Ana", "Bea")))
    document = backup_of(keeper)  # three matches of the same hand: one entry
    bob = scorekeeper("bob")
    clock = Clock()
    monkeypatch.setattr(backup_checks, "time", clock)
    monkeypatch.setattr(backup_checks, "CHECK_SECONDS", 2.5)
    assert upload(bob, document).status_code == 302  # the same entry thrice: checked once
    document["matches"][1]["hands"][0]["entry"]["sides"][0]["escobas"] = 0  # a second distinct entry…
    document["matches"][2]["hands"][0]["entry"]["sides"][0]["escobas"] = 2  # …and a third: over the time
    for match in document["matches"]:
        match["uid"] = match["uid"][::-1]
    clock.now = 0.0
    response = upload(scorekeeper("carla"), document)
    assert response.status_code == 422
    assert keeper.errors(response.get_data(as_text=True)) == [
        "Checking the file took more than 2 seconds and was stopped, where a backup this app writes takes a few: "
        "nothing of it was added."]
    assert matches_of(keeper, "carla") == 0


def test_a_player_made_meanwhile_by_another_phone_makes_the_import_read_again(backup, scorekeeper, monkeypatch):
    """Between the import's reading of the account and its writing, another phone makes "Ana": the import's own
    "Ana" clashes, and it reads the account again and restores (one Ana); when the account keeps changing under
    it, it says so in words and writes nothing."""
    from referee.services import backup as service

    bob = scorekeeper("bob")
    real = service._players_of
    calls = []

    def stale(user_id: int) -> dict[str, int]:
        calls.append(user_id)
        return {} if len(calls) == 1 else real(user_id)

    factories.start(bob, ("Ana", "Zoe"))  # Ana is Bob's already, but the first reading misses her
    monkeypatch.setattr(service, "_players_of", stale)
    assert upload(bob, backup).status_code == 302
    assert len(calls) == 3  # read, refused at the commit, read again (and once more after making Bea)
    monkeypatch.setattr(service, "_players_of", lambda user_id: {})
    carla = scorekeeper("carla")
    factories.start(carla, ("Ana", "Bea"))
    response = upload(carla, backup)
    assert response.status_code == 422
    assert carla.errors(response.get_data(as_text=True)) == [
        "Another import of these matches ran at the same moment: check your matches, then import again if any is "
        "missing."]
    assert matches_of(carla, "carla") == 1


def test_an_in_memory_database_has_its_slots_in_the_process():
    """An in-memory SQLite belongs to one process: its slots are that process's own locks."""
    from sqlalchemy import create_engine

    engine = create_engine("sqlite://")
    with import_slot(engine, 1, 1):
        with pytest.raises(ImportBusy) as busy, import_slot(engine, 1, 1):
            pass
        assert busy.value.reason is ImportRefusal.ACCOUNT_BUSY
        with pytest.raises(ImportBusy) as busy, import_slot(engine, 2, 1):
            pass
        assert busy.value.reason is ImportRefusal.SERVER_BUSY
    with import_slot(engine, 2, 1):
        pass
