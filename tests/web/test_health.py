"""GET /healthz: the database answers or it does not; no session, no cache, never throttled."""

from __future__ import annotations

from pathlib import Path

from sql_counts import counted_queries

from referee import create_app


def test_the_health_check_says_ok_when_the_database_answers(client):
    """200 and {"status": "ok"}, as JSON, never cached."""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_the_health_check_sets_no_cookie(client):
    """A load balancer asking every few seconds gets no session (nor any other cookie)."""
    assert "Set-Cookie" not in client.get("/healthz").headers


def test_the_health_check_answers_503_when_the_database_does_not(tmp_path: Path):
    """A database that cannot be opened: 503 and {"status": "unavailable"}, not a 500 page."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": False, "PROPAGATE_EXCEPTIONS": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'no-such-folder' / 'referee.sqlite'}"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable"}


def test_the_health_check_recovers_when_the_database_is_back(tmp_path: Path):
    """The failed check leaves nothing behind: once the database can be opened, the next check is ok."""
    folder = tmp_path / "later"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": False, "PROPAGATE_EXCEPTIONS": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'referee.sqlite'}"})
    client = app.test_client()
    assert client.get("/healthz").status_code == 503
    folder.mkdir()
    assert client.get("/healthz").status_code == 200


def test_the_health_check_needs_no_login_and_answers_only_get(client):
    """Anyone may ask, logged in or not; it changes nothing, so only GET is answered."""
    assert client.get("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_the_health_check_from_a_logged_in_browser_reads_no_login(app, keeper):
    """Its one query is the trivial one: no device login is looked up or touched for it."""
    with counted_queries(app) as statements:
        assert keeper.client.get("/healthz").status_code == 200
    assert statements == ["SELECT 1"]
