"""Faults answered honestly, on PostgreSQL: a connection the server dropped is replaced before a request uses it
(pool_pre_ping); one lost in the middle of a request answers 503 with nothing kept; a read-only server answers 503 to
writes while reads go on; a server out of reach answers 503, page or JSON. Run with REFEREE_TEST_POSTGRES (.ci/run);
the server out of reach needs none. The SQLite faults: tests/web/test_faults.py."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
import throwaway
from api_client import TWO, ApiClient, by_cards
from flask import Flask, request_finished
from page_client import Scorekeeper
from sqlalchemy import Engine, create_engine, event, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from werkzeug.test import TestResponse

from referee import create_app
from referee.config import sqlalchemy_url
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, Match, User

TRY_AGAIN = "The server's database is unavailable just now, so nothing was changed. Please try again in a moment."
SETTINGS = {"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False, "PROPAGATE_EXCEPTIONS": False,
            "LOGIN_TOKEN_TOUCH_INTERVAL": timedelta(0)}

needs_server = pytest.mark.skipif(not throwaway.SERVER, reason=throwaway.NO_SERVER)


@pytest.fixture
def postgres() -> Iterator[tuple[Flask, Engine]]:
    """The app on a fresh PostgreSQL database, and an engine of the test's own on the server (to end the app's
    connections as a restart would)."""
    if not throwaway.SERVER:
        pytest.skip(throwaway.NO_SERVER)
    admin = create_engine(sqlalchemy_url(throwaway.SERVER), isolation_level="AUTOCOMMIT")
    with throwaway.postgres_database("referee_faults") as url:
        app = create_app(SETTINGS | {"SQLALCHEMY_DATABASE_URI": sqlalchemy_url(url)})
        upgrade_schema(app)
        try:
            yield app, admin
        finally:
            with app.app_context():
                db.engine.dispose()
            admin.dispose()


def database_name(app: Flask) -> str:
    """The app's database."""
    with app.app_context():
        return str(db.engine.url.database)


def end_connections(app: Flask, admin: Engine, pid: int | None = None) -> int:
    """End the app's connections (or the one of `pid`) on the server, as a restart or an administrator does
    (pg_terminate_backend, waiting until each is gone); how many were ended."""
    with admin.connect() as connection:
        ended = connection.execute(text(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
            "WHERE datname = :name AND pid <> pg_backend_pid() AND (CAST(:pid AS integer) IS NULL OR pid = :pid)"),
            {"name": database_name(app), "pid": pid}).scalar()
    return int(ended or 0)


def count(app: Flask, model: Any) -> int:
    """Rows of a model."""
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


@needs_server
def test_connections_the_server_dropped_are_replaced_before_use(postgres):
    """After a restart every pooled connection is dead: each request still gets a live one (pool_pre_ping)."""
    app, admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    match_id = keeper.start()
    keeper.board(match_id)
    api = ApiClient(keeper.client)
    assert end_connections(app, admin) >= 1
    keeper.save_hand(match_id)
    assert end_connections(app, admin) >= 1
    assert keeper.client.get(f"/matches/{match_id}").status_code == 200
    assert end_connections(app, admin) >= 1
    assert api.request("GET", f"/matches/{match_id}").status_code == 200
    assert end_connections(app, admin) >= 1
    assert keeper.client.get("/healthz").status_code == 200
    assert len(keeper.saved_hands(match_id)) == 1


@pytest.fixture
def cut_at(postgres) -> Callable[[str], None]:
    """Arm the app so that the connection running the next statement that starts so is ended by the server just
    before it runs: the connection is lost in the middle of the request."""
    app, admin = postgres
    armed: list[str] = []

    def before(_conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        if armed and statement.startswith(armed[0]):
            armed.clear()
            assert end_connections(app, admin, cursor.connection.info.backend_pid) == 1

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    yield armed.append
    event.remove(engine, "before_cursor_execute", before)


def assert_try_again(response: TestResponse, api: bool = False) -> None:
    """503 with Retry-After, a page or the API's errors shape saying to try again."""
    assert response.status_code == 503 and int(response.headers["Retry-After"]) > 0
    if api:
        assert response.get_json() == {"errors": [{"field": "", "message": TRY_AGAIN}]}
    else:
        assert TRY_AGAIN in Scorekeeper.text(response.get_data(as_text=True))


@needs_server
def test_a_connection_lost_during_a_save_answers_503_and_keeps_nothing(postgres, cut_at):
    """Lost as the hand is written: 503, no hand, no trail entry; the same entry sent again goes in once."""
    app, _admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    match_id = keeper.start()
    keeper.board(match_id)
    cut_at("INSERT INTO hand ")
    assert_try_again(keeper.enter_hand(match_id, "save"))
    assert keeper.saved_hands(match_id) == []
    keeper.save_hand(match_id)
    assert len(keeper.saved_hands(match_id)) == 1


@needs_server
def test_a_connection_lost_during_an_api_save_answers_503_in_the_errors_shape(postgres, cut_at):
    """The match API: 503 in its errors shape; the same request after is recorded, once."""
    app, _admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    api = ApiClient(keeper.client)
    match = api.start(**TWO, partnerships=False)
    url = f"/matches/{match['id']}/hands"
    cut_at("INSERT INTO hand ")
    assert_try_again(api.request("POST", url, by_cards(), headers={"Idempotency-Key": "k"}), api=True)
    assert count(app, Hand) == 0
    assert api.request("POST", url, by_cards(), headers={"Idempotency-Key": "k"}).status_code == 201
    assert count(app, Hand) == 1


@needs_server
def test_a_connection_lost_during_a_registration_or_a_new_match_keeps_neither(postgres, cut_at):
    """Lost as the account's login or the match's seats are written: neither the account nor the match is kept."""
    app, _admin = postgres
    visitor = Scorekeeper(app, app.test_client())
    cut_at("INSERT INTO login_token ")
    assert_try_again(visitor.register("newcomer", "horse-battery-x"))
    assert count(app, User) == 0
    assert visitor.register("newcomer", "horse-battery-x").status_code == 302
    cut_at("INSERT INTO seat ")
    assert_try_again(visitor.new_match(("Ana", "Bea")))
    assert count(app, Match) == 0
    assert visitor.new_match(("Ana", "Bea")).status_code == 302
    assert count(app, Match) == 1


@needs_server
def test_a_connection_lost_after_the_commit_says_the_hand_was_saved(postgres):
    """Lost once the hand is committed, as the answer is made: 503 saying it was saved (it is), never "nothing was
    changed"; the same request again answers with the saved hand."""
    app, admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    api = ApiClient(keeper.client)
    match = api.start(**TWO, partnerships=False)
    armed: list[bool] = []

    def committed(_session: Any) -> None:
        armed.append(True)

    def before(_conn: Any, cursor: Any, *_args: Any) -> None:
        if armed:
            armed.clear()
            end_connections(app, admin, cursor.connection.info.backend_pid)

    with app.app_context():
        engine = db.engine
    url = f"/matches/{match['id']}/hands"
    event.listen(Session, "after_commit", committed)
    event.listen(engine, "before_cursor_execute", before)
    try:
        answer = api.request("POST", url, by_cards(), headers={"Idempotency-Key": "k"})
    finally:
        event.remove(Session, "after_commit", committed)
        event.remove(engine, "before_cursor_execute", before)
    assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
    assert answer.get_json()["errors"][0]["message"].startswith("What you sent was saved")
    assert count(app, Hand) == 1
    again = api.request("POST", url, by_cards(), headers={"Idempotency-Key": "k"})
    assert again.status_code == 200 and count(app, Hand) == 1


@needs_server
def test_a_connection_lost_during_the_commit_says_it_may_or_may_not_be_saved(postgres):
    """Lost as the commit is sent: the app cannot know whether the server kept it, and says so (no "send it again"
    on the page); the resend is recognised by its client token whatever happened."""
    app, admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    match_id = keeper.start()
    keeper.board(match_id)
    armed: list[bool] = []

    def saving(_session: Any) -> None:
        """The request's session commits (the login's use, noted before, has a transaction of its own)."""
        armed.append(True)

    def committing(connection: Any) -> None:
        """Just before the driver's commit, the hand and its trail written."""
        if armed:
            armed.clear()
            end_connections(app, admin, connection.connection.driver_connection.info.backend_pid)

    with app.app_context():
        engine = db.engine
    event.listen(Session, "before_commit", saving)
    event.listen(engine, "commit", committing)
    try:
        answer = keeper.enter_hand(match_id, "save")
    finally:
        event.remove(Session, "before_commit", saving)
        event.remove(engine, "commit", committing)
    assert answer.status_code == 503
    text_ = Scorekeeper.text(answer.get_data(as_text=True))
    assert "Look again in a moment" in text_ and "may or may not have been saved" in text_
    assert "Send it again" not in text_
    keeper.save_hand(match_id)
    assert len(keeper.saved_hands(match_id)) == 1


@needs_server
def test_a_connection_lost_after_the_answer_was_made_leaves_the_answer(postgres):
    """Dropped once the page is drawn, before the request's session is closed: the page is still answered (the
    connection, which cannot roll back, is dropped from the pool), and the next request gets a live one."""
    app, admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    match_id = keeper.start()
    keeper.board(match_id)

    def drop(_sender: Flask, **_extra: Any) -> None:
        """Once the answer is made: end the connection of the request's session, in its transaction."""
        connection = db.session.connection()
        end_connections(app, admin, connection.connection.driver_connection.info.backend_pid)

    with request_finished.connected_to(drop, app):
        answer = keeper.client.get(f"/matches/{match_id}")
    assert answer.status_code == 200 and "Ana" in Scorekeeper.text(answer.get_data(as_text=True))
    assert keeper.client.get(f"/matches/{match_id}").status_code == 200


@needs_server
def test_a_read_only_server_answers_503_to_writes_while_reads_go_on(postgres):
    """A server taking no writes (a standby after a failover, default_transaction_read_only): saves, the API and
    the health check answer 503; the scoreboard and the API's reads answer; once it takes writes, so does the app."""
    app, admin = postgres
    keeper = Scorekeeper(app, app.test_client()).account("ana")
    match_id = keeper.start()
    keeper.board(match_id)
    api = ApiClient(keeper.client)
    name = database_name(app)
    with admin.connect() as connection:
        connection.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    end_connections(app, admin)  # new connections take the setting
    try:
        assert_try_again(keeper.enter_hand(match_id, "save"))
        assert_try_again(api.request("POST", f"/matches/{match_id}/hands", by_cards()), api=True)
        assert keeper.client.get("/healthz").status_code == 503
        assert keeper.client.get(f"/matches/{match_id}").status_code == 200
        assert api.request("GET", f"/matches/{match_id}").status_code == 200
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" RESET default_transaction_read_only'))
        end_connections(app, admin)
    assert keeper.client.get("/healthz").status_code == 200
    keeper.save_hand(match_id)
    assert len(keeper.saved_hands(match_id)) == 1


def closed_port() -> int:
    """A port on this machine where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_server_out_of_reach_answers_503_page_or_json(tmp_path):
    """No PostgreSQL answers at all (stopped, restarting): the health check, a logged-in page (whose login cannot
    even be looked up: the page reads nothing from the database) and the API answer 503, never a 500."""
    url = make_url(f"postgresql+psycopg://referee@127.0.0.1:{closed_port()}/referee")
    app = create_app(SETTINGS | {"SQLALCHEMY_DATABASE_URI": url.render_as_string()})
    client = app.test_client()
    try:
        assert client.get("/healthz").status_code == 503
        with client.session_transaction() as session:
            session["_user_id"] = "a" * 43  # a device's login, as Flask-Login keeps it
        page = client.get("/matches/")
        assert_try_again(page)
        assert "Log out" not in page.get_data(as_text=True)
        assert_try_again(client.get("/api/v1/matches", headers={"Authorization": "Bearer " + "a" * 43}), api=True)
    finally:
        with app.app_context():
            db.engine.dispose()
