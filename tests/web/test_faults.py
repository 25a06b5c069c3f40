"""Faults answered honestly, on SQLite: a full, read-only or locked database answers 503 with Retry-After and a page
that says to try again (the form kept, to send again) or, under /api, the errors shape; nothing is half-written;
pages that only read still answer; /healthz answers 503 meanwhile; once the fault clears everything works, each
thing saved once. A database error that is a bug stays a 500 with its traceback. PostgreSQL's lost connections:
tests/web/test_faults_postgres.py."""

from __future__ import annotations

import inspect
import logging
import pkgutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from datetime import timedelta
from importlib import import_module
from pathlib import Path
from typing import Any

import factories
import pytest
from api_client import TWO, ApiClient, by_cards
from flask import Flask
from page_client import Scorekeeper, page_forms
from sqlalchemy import Engine, create_engine, event, select, text
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.test import TestResponse
from wtforms import Form, PasswordField
from wtforms.fields.core import UnboundField

import referee.forms
from referee import create_app
from referee.config import defaults
from referee.database import upgrade_schema
from referee.database_faults import Fault, fault_of
from referee.extensions import db
from referee.models import Match, User
from referee.views import errors as error_views
from referee.views import hands as hand_views

TRY_AGAIN = "The server's database is unavailable just now, so nothing was changed. Please try again in a moment."


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """A short lock wait (the default is 5 s), errors answered as in production, and a login's use noted on every
    request (so that every page meets the fault with a write of its own before the view)."""
    return {"DATABASE_LOCK_WAIT": 0.2, "PROPAGATE_EXCEPTIONS": False,
            "LOGIN_TOKEN_TOUCH_INTERVAL": timedelta(0)}


# ---------------------------------------------------------------------------------------------------------------
# The faults, made for real on the app's database file.


def engine_and_file(app: Flask) -> tuple[Engine, Path]:
    """The app's engine and its SQLite file."""
    with app.app_context():
        return db.engine, Path(str(db.engine.url.database))


@contextmanager
def listening(engine: Engine, name: str, listener: Callable[..., Any]) -> Iterator[None]:
    """An engine event listened to meanwhile, on connections opened anew."""
    event.listen(engine, name, listener)
    engine.dispose()
    try:
        yield
    finally:
        event.remove(engine, name, listener)
        engine.dispose()


def run(path: Path, *statements: str) -> None:
    """Statements on a connection of the test's own, outside any transaction."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            connection.execute(statement)
    finally:
        connection.close()


@contextmanager
def full(app: Flask) -> Iterator[None]:
    """The database at its size limit (SQLITE_FULL, what a full disk gives): every connection of the app may not
    grow it past the pages it has (PRAGMA max_page_count), its pages made small (512 bytes) so that a row of a few
    hundred bytes soon needs a new one."""
    engine, path = engine_and_file(app)
    engine.dispose()
    run(path, "PRAGMA journal_mode=DELETE", "PRAGMA page_size=512", "VACUUM", "PRAGMA journal_mode=WAL")

    def limit(connection: sqlite3.Connection, _record: Any) -> None:
        (pages,) = connection.execute("PRAGMA page_count").fetchone()
        connection.execute(f"PRAGMA max_page_count = {pages}")

    with listening(engine, "connect", limit):
        yield


@contextmanager
def read_only(app: Flask) -> Iterator[None]:
    """The database opened read-only (SQLITE_READONLY, as from a read-only file, mount or open): the app's
    connections are opened with mode=ro. (File modes bind no one running as root, as CI does.)"""
    engine, path = engine_and_file(app)

    def open_read_only(_dialect: Any, _record: Any, cargs: list[Any], cparams: dict[str, Any]) -> None:
        cargs[:] = [f"file:{path}?mode=ro"]
        cparams["uri"] = True

    with listening(engine, "do_connect", open_read_only):
        yield


@contextmanager
def locked(app: Flask) -> Iterator[None]:
    """Another connection holds the write lock (BEGIN IMMEDIATE) longer than the app waits for it (SQLITE_BUSY)."""
    _engine, path = engine_and_file(app)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@dataclass(frozen=True)
class DatabaseFault:
    """A fault to put the app's database in, and how many writes it may still take first: a full database takes
    rows while its pages have room, a read-only or locked one none."""

    make: Callable[[Flask], AbstractContextManager[None]]
    tries: int
    word: str  # the log's word for it


FAULTS = {"full": DatabaseFault(full, 8, "full"), "read-only": DatabaseFault(read_only, 1, "read-only"),
          "locked": DatabaseFault(locked, 1, "locked")}


@pytest.fixture(params=list(FAULTS))
def fault(request: pytest.FixtureRequest) -> DatabaseFault:
    """Each fault in turn."""
    return FAULTS[request.param]


def rows(app: Flask) -> dict[str, int]:
    """How many rows each table holds, read on a connection of the test's own."""
    _engine, path = engine_and_file(app)
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
        return {table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] for table in tables}
    finally:
        connection.close()


def until_refused(app: Flask, attempt: Callable[[int], TestResponse],
                  tries: int) -> tuple[TestResponse, int, dict[str, int]]:
    """Make the attempt (numbered from 0) until the database refuses it; the refusal, its number and every table's
    rows before it. An attempt taken meanwhile must be a whole success."""
    for number in range(tries):
        before = rows(app)
        response = attempt(number)
        if response.status_code == 503:
            return response, number, before
        assert response.status_code in (200, 201, 302), (response.status_code, response.get_data(as_text=True))
    pytest.fail(f"the database took {tries} writes in a row")


def assert_try_again_page(response: TestResponse) -> None:
    """503, Retry-After in seconds, never cached, a page saying to try again."""
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    assert response.headers["Cache-Control"] == "no-store"
    assert response.mimetype == "text/html"
    text = Scorekeeper.text(response.get_data(as_text=True))
    assert "Try again in a moment" in text and TRY_AGAIN in text


def resend_form(response: TestResponse) -> dict[str, Any]:
    """The 503 page's form to send the refused one again."""
    [form] = [f for f in page_forms(response.get_data(as_text=True)) if f["attrs"].get("class") == "resend"]
    return form


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The app's records at WARNING and above."""
    return [r for r in caplog.records if r.name.startswith("referee") and r.levelno >= logging.WARNING]


# ---------------------------------------------------------------------------------------------------------------
# The write paths.


def test_a_hand_saved_during_a_fault_answers_503_keeps_the_entry_and_goes_in_once_sent_again(
        app, keeper, fault, caplog):
    """Save: 503 with the whole entry kept on the page, nothing stored; sent again once the fault clears, the
    hand is saved, once."""
    match_id = factories.start(keeper)
    with fault.make(app):
        refused, number, before = until_refused(
            app, lambda n: keeper.enter_hand(match_id, "save", mirror=n % 2 == 1), fault.tries)
        assert_try_again_page(refused)
        assert rows(app) == before
    form = resend_form(refused)
    assert form["attrs"]["action"] == f"/matches/{match_id}/hands/new?mode=cards"
    typed = keeper.hand_fields(mirror=number % 2 == 1)
    assert typed.items() <= form["fields"].items() and form["fields"]["action"] == "save"
    # One line in the log saying why, no traceback: the server is not broken, its database is unavailable.
    [line] = [r for r in warnings_of(caplog) if "Answered 503" in r.getMessage()]
    assert f"the database is unavailable ({fault.word}), nothing changed: " in line.getMessage()
    assert line.exc_info is None and not [r for r in caplog.records if r.levelno >= logging.ERROR]

    hands = len(keeper.saved_hands(match_id))
    again = keeper.client.post(form["attrs"]["action"], data=form["fields"])
    assert again.status_code == 302 and again.headers["Location"] == f"/matches/{match_id}"
    assert len(keeper.saved_hands(match_id)) == hands + 1
    assert keeper.client.post(form["attrs"]["action"], data=form["fields"]).status_code == 302  # a resend
    assert len(keeper.saved_hands(match_id)) == hands + 1


def test_a_registration_during_a_fault_answers_503_keeps_no_account_and_no_password(app, visitor, fault):
    """Register: 503, neither the account nor its login kept (they are one transaction), the password nowhere on
    the page, a link back to the form; once the fault clears the same name registers."""
    password = "horse-battery-x"
    with fault.make(app):
        refused, number, before = until_refused(app, lambda n: visitor.register(f"newcomer{n}", password),
                                                fault.tries)
        assert_try_again_page(refused)
        assert rows(app) == before
    html = refused.get_data(as_text=True)
    assert password not in html and not [f for f in page_forms(html) if f["attrs"].get("class") == "resend"]
    assert 'href="/register"' in html
    name = f"newcomer{number}"
    assert visitor.query(select(User.id).where(User.username == name)) == []
    assert visitor.register(name, password).status_code == 302
    assert visitor.logged_in()
    assert len(visitor.query(select(User.id).where(User.username == name))) == 1


def test_an_account_is_never_kept_without_the_login_its_registration_gave(app, visitor):
    """Another writer that takes the write lock just before the new account's login is written (a save from
    another phone, an import) cannot leave an account that says "try again" yet exists: the account and its login
    are one transaction, which holds the lock from the account's row to the commit."""
    engine, path = engine_and_file(app)
    holder = sqlite3.connect(path, isolation_level=None, timeout=0)

    def take_the_lock(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.startswith(("INSERT INTO login_token", "DELETE FROM login_token")) and not holder.in_transaction:
            # Refused when the registration's own transaction holds it already: then no one can come in between.
            with suppress(sqlite3.OperationalError):
                holder.execute("BEGIN IMMEDIATE")

    try:
        with listening(engine, "before_cursor_execute", take_the_lock):
            answer = visitor.register("newcomer")
    finally:
        if holder.in_transaction:
            holder.execute("ROLLBACK")
        holder.close()
    accounts = visitor.query(select(User.id).where(User.username == "newcomer"))
    assert (answer.status_code, len(accounts)) in ((302, 1), (503, 0))
    assert answer.status_code == 302 and visitor.logged_in()


def test_a_new_match_during_a_fault_answers_503_keeps_what_was_typed_and_starts_once_sent_again(app, keeper, fault):
    """New match: 503 with the names and choices kept on the page; sent again, one match starts with them."""
    with fault.make(app):
        refused, number, before = until_refused(app, lambda n: keeper.new_match(("Ana", f"Bea {n}")), fault.tries)
        assert_try_again_page(refused)
        assert rows(app) == before
    form = resend_form(refused)
    assert form["attrs"]["action"] == "/matches/new"
    assert form["fields"]["names-1"] == f"Bea {number}"
    matches = len(keeper.query(select(Match.id)))
    started = keeper.client.post("/matches/new", data=form["fields"])
    assert started.status_code == 302
    assert len(keeper.query(select(Match.id))) == matches + 1
    assert form["fields"]["names-1"] in keeper.board(int(started.headers["Location"].rsplit("/", 1)[1]))


def test_the_api_answers_503_in_its_errors_shape_and_takes_the_same_request_after(app, keeper, fault):
    """The match API: 503, Retry-After and {"errors": [...]} saying to try again; the same request, sent again
    once the fault clears, is recorded."""
    api = ApiClient(keeper.client)
    match = api.start(**TWO, partnerships=False)
    url = f"/matches/{match['id']}/hands"

    def send(n: int) -> TestResponse:
        return api.request("POST", url, by_cards(mirror=n % 2 == 1), headers={"Idempotency-Key": f"k{n}"})

    with fault.make(app):
        refused, number, before = until_refused(app, send, fault.tries)
        assert rows(app) == before
    assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json() == {"errors": [{"field": "", "message": TRY_AGAIN}]}
    again = send(number)
    assert again.status_code == 201 and again.get_json()["hand"]["number"] == number + 1


def test_pages_and_api_reads_still_answer_during_a_fault(app, keeper, fault):
    """A page or API request that only reads answers as usual: the login's (and a new token's) use, which it
    would note, is skipped while the database cannot write."""
    match_id = factories.start(keeper)
    factories.save_hand(keeper, match_id)
    keeper.board(match_id)  # the first showing makes the scoreboard's spectator link (and shows "Hand 1 saved.")
    board = keeper.board(match_id)
    api = ApiClient(keeper.client)  # a token not used yet: its first use is noted
    with fault.make(app):
        assert keeper.board(match_id) == board
        assert keeper.client.get("/matches/").status_code == 200
        answer = api.request("GET", f"/matches/{match_id}")
        assert answer.status_code == 200 and len(answer.get_json()["hands"]) == 1


def test_a_login_skips_noting_its_use_while_the_database_cannot_write(app, keeper, caplog):
    """The use noted before every page is skipped with one warning, not answered 503."""
    match_id = factories.start(keeper)
    keeper.board(match_id)  # its spectator link made
    with locked(app):
        assert keeper.client.get(f"/matches/{match_id}").status_code == 200
    [skipped] = [r for r in warnings_of(caplog) if r.getMessage().startswith("Skipped noting a login's use")]
    assert "(locked)" in skipped.getMessage() and skipped.exc_info is None


def test_the_health_check_answers_503_during_a_fault_and_200_after(app, client, fault):
    """/healthz proves a write would be taken (referee/views/health.py), so it sees each fault."""
    assert client.get("/healthz").status_code == 200
    with fault.make(app):
        answer = client.get("/healthz")
        assert answer.status_code == 503 and answer.get_json() == {"status": "unavailable"}
        assert int(answer.headers["Retry-After"]) > 0
    assert client.get("/healthz").status_code == 200


def test_the_try_again_answers_are_in_the_readers_language(app, keeper):
    """Español and Português (Brasil), as every page and API message."""
    match_id = factories.start(keeper)
    api = ApiClient(keeper.client)
    url = keeper.hand_url(match_id)
    fields = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    with locked(app):
        page = keeper.client.post(url, data=fields, headers={"Accept-Language": "es"})
        answer = api.request("POST", "/matches", TWO, headers={"Accept-Language": "pt-BR"})
    assert page.status_code == answer.status_code == 503
    assert "Vuelve a intentarlo en un momento" in Scorekeeper.text(page.get_data(as_text=True))
    assert answer.get_json()["errors"][0]["message"] == (
        "O banco de dados do servidor está indisponível agora, então nada foi alterado. Tente de novo daqui a pouco.")


# ---------------------------------------------------------------------------------------------------------------
# What is a fault, and what is a bug.


def refusal(url: str, statement: str, *before: str) -> DBAPIError:
    """The error SQLAlchemy raises for a statement SQLite really refuses (after `before`), waiting 50 ms for a lock."""
    engine = create_engine(url, connect_args={"timeout": 0.05})
    try:
        with engine.connect() as connection:
            for earlier in before:
                connection.exec_driver_sql(earlier)
            with pytest.raises(DBAPIError) as raised:
                connection.exec_driver_sql(statement)
        return raised.value
    finally:
        engine.dispose()


def test_sqlites_refusals_are_told_apart_from_bugs(tmp_path):
    """Locked, read-only and full are faults; a missing table or a syntax error is a bug."""
    path = tmp_path / "f.sqlite"
    run(path, "PRAGMA journal_mode=WAL", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)")
    url = f"sqlite:///{path}"
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        assert fault_of(refusal(url, "INSERT INTO t VALUES (2)")) is Fault.LOCKED
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert fault_of(refusal(f"sqlite:///file:{path}?mode=ro&uri=true", "INSERT INTO t VALUES (2)")) is \
        Fault.READ_ONLY
    assert fault_of(refusal(url, "INSERT INTO t VALUES (randomblob(10000))", "PRAGMA max_page_count = 1")) is \
        Fault.FULL
    assert fault_of(refusal(url, "SELECT * FROM no_such_table")) is None
    assert fault_of(refusal(url, "SELEKT 1")) is None
    assert fault_of(refusal(url, "INSERT INTO t VALUES (1, 2)")) is None


@pytest.mark.parametrize(("state", "expected"), [
    ("57P01", Fault.CONNECTION), ("57P03", Fault.CONNECTION), ("08006", Fault.CONNECTION),
    ("53100", Fault.FULL), ("53300", Fault.LOCKED), ("25006", Fault.READ_ONLY), ("40P01", Fault.LOCKED),
    ("40001", Fault.LOCKED), ("55P03", Fault.LOCKED), ("58030", Fault.STORAGE),
    ("42P01", None), ("23505", None), ("22001", None), ("42601", None), ("25P02", None)])
def test_postgresqls_sqlstates_are_told_apart(state, expected):
    """By psycopg's SQLSTATE: the server's state is a fault, the statement's error a bug (an undefined table, a
    unique key, a value too long, a syntax error, a statement after an aborted one)."""
    from psycopg import errors

    orig = errors.lookup(state)("from the server")
    assert orig.sqlstate == state
    assert fault_of(DBAPIError.instance("SELECT 1", {}, orig, errors.Error)) is expected


def test_a_psycopg_error_without_a_server_state_is_a_lost_connection_only_when_operational():
    """libpq's own errors (refused, broken) carry no SQLSTATE; an interface misuse is no fault."""
    import psycopg

    assert fault_of(OperationalError("SELECT 1", {}, psycopg.OperationalError("connection failed"))) is \
        Fault.CONNECTION
    assert fault_of(DBAPIError("SELECT 1", {}, psycopg.ProgrammingError("the query has 2 placeholders"))) is None
    assert fault_of(DBAPIError("SELECT 1", {}, psycopg.Error("x"), connection_invalidated=True)) is Fault.CONNECTION


def test_a_database_error_that_is_a_bug_is_still_a_500_with_its_traceback(app, keeper, monkeypatch, caplog):
    """A query the database refuses as wrong is no fault of the moment: 500, logged with its traceback."""
    match_id = factories.start(keeper)

    def broken(*_args: Any, **_kwargs: Any) -> None:
        db.session.execute(text("SELECT * FROM no_such_table"))

    monkeypatch.setattr(hand_views, "review_hand", broken)
    response = keeper.enter_hand(match_id, "save")
    assert response.status_code == 500
    [logged] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert logged.exc_info is not None and "no such table" in str(logged.exc_info[1])
    assert keeper.board(match_id)  # the session was rolled back: the next request works


def test_every_password_field_is_one_the_try_again_page_never_writes_back():
    """A form with a password is not offered to be sent again: error_views.PASSWORD_FIELDS names every
    PasswordField of every form."""
    found = set()
    for module in pkgutil.iter_modules(referee.forms.__path__):
        for _name, form in inspect.getmembers(import_module(f"referee.forms.{module.name}"), inspect.isclass):
            if issubclass(form, Form):
                found |= {name for name, field in inspect.getmembers(form)
                          if isinstance(field, UnboundField) and issubclass(field.field_class, PasswordField)}
    assert found and found <= error_views.PASSWORD_FIELDS


# ---------------------------------------------------------------------------------------------------------------
# The lock wait, a setting.


def test_a_save_waits_for_a_lock_released_within_the_lock_wait(tmp_path, migrated_sqlite, keeper_on):
    """A lock held for less than DATABASE_LOCK_WAIT only delays the save: it waits, then goes in."""
    path = tmp_path / "wait.sqlite"
    path.write_bytes(migrated_sqlite.read_bytes())
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False, "PROPAGATE_EXCEPTIONS": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "DATABASE_LOCK_WAIT": 30})
    upgrade_schema(app)
    keeper = keeper_on(app, "ana")
    match_id = factories.start(keeper)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        keeper.save_hand(match_id)  # through the hand's page: the request that waits is the subject
    finally:
        release.join()
        holder.close()
        with app.app_context():
            db.engine.dispose()
    assert len(keeper.saved_hands(match_id)) == 1


def test_the_lock_wait_comes_from_the_environment(monkeypatch, tmp_path):
    """REFEREE_DATABASE_LOCK_WAIT, in seconds (5 unless set); anything but 0 to 60 stops the app at start."""
    assert defaults(str(tmp_path))["DATABASE_LOCK_WAIT"] == 5.0
    monkeypatch.setenv("REFEREE_DATABASE_LOCK_WAIT", "2.5")
    assert defaults(str(tmp_path))["DATABASE_LOCK_WAIT"] == 2.5
    for wrong in ("-1", "61", "nan", "soon"):
        monkeypatch.setenv("REFEREE_DATABASE_LOCK_WAIT", wrong)
        with pytest.raises(ValueError, match="REFEREE_DATABASE_LOCK_WAIT"):
            defaults(str(tmp_path))
