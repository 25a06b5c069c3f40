"""Throttling with Flask-Limiter: logins per account and per address, registrations, the API."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from referee import config, create_app

PASSWORD = "correct-horse"  # the scorekeepers' (tests/conftest.py)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Throttling on, with the shipped limits (tests/conftest.py turns it off for every other test)."""
    return {"RATELIMIT_ENABLED": True}


# ---------------------------------------------------------------------------
# The finding: 200 wrong passwords in 16 s, no delay, no lockout.

def test_the_eleventh_wrong_password_in_a_minute_is_refused_even_when_right(keeper, visitor):
    """After 10 failed logins to one account, the 11th attempt answers 429, whatever the password."""
    for _ in range(10):
        assert visitor.login("ana", "wrong-password").status_code == 422
    response = visitor.login("ana")
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) >= 1
    assert not visitor.logged_in()


def from_address(person, address):
    """Send this person's requests from another address (as ProxyFix would report it)."""
    person.client.environ_base["REMOTE_ADDR"] = address
    return person


def test_failed_logins_to_one_account_count_from_every_address(keeper, app, keeper_on):
    """Ten addresses, one wrong password each: the account's eleventh attempt is refused, from a fresh address."""
    for i in range(10):
        assert from_address(keeper_on(app), f"192.0.2.{i}").login("ana", "wrong-password").status_code == 422
    assert from_address(keeper_on(app), "192.0.2.99").login("ana").status_code == 429


def test_the_account_limit_ignores_the_case_of_the_username(keeper, app, keeper_on):
    """'ANA', 'Ana' and 'ana' are one account, so one count."""
    for i, name in enumerate(["ANA", "Ana", "ana", "aNa", "ANa"] * 2):
        assert from_address(keeper_on(app), f"192.0.2.{i}").login(name, "wrong-password").status_code == 422
    assert from_address(keeper_on(app), "192.0.2.99").login("ana").status_code == 429


def test_failed_logins_from_one_address_count_across_accounts(scorekeeper, app, keeper_on):
    """Guessing ten names from one address stops the eleventh, even for a real account; other addresses go on."""
    scorekeeper("bea")
    guesser = from_address(keeper_on(app), "198.51.100.7")
    for i in range(10):
        assert guesser.login(f"guess{i}", "wrong-password").status_code == 422
    assert guesser.login("bea").status_code == 429
    assert from_address(keeper_on(app), "198.51.100.8").login("bea").status_code == 302


def test_successful_logins_are_never_throttled(keeper, visitor):
    """Twenty right logins in a row from one address all go through."""
    for _ in range(20):
        assert visitor.login("ana").status_code == 302
        visitor.logout()


def test_the_refused_login_page_keeps_the_username_and_says_how_long_to_wait(keeper, visitor):
    """429, the login form again with the name typed and a message beside the password, Retry-After in seconds."""
    for _ in range(10):
        visitor.login("ana", "wrong-password")
    response = visitor.login("ana", "wrong-password")
    assert response.status_code == 429
    page = response.get_data(as_text=True)
    fields = visitor.fields(page)
    assert fields["username"] == "ana" and fields["password"] == ""
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= 61  # the window is a minute; Flask-Limiter rounds its end up to the next second
    [message] = visitor.errors(page)
    assert message.startswith("Too many attempts. Please wait ") and message.endswith(" seconds and try again.")


def test_registrations_from_one_address_are_limited(visitor):
    """The eleventh registration attempt in an hour from one address is refused, keeping the name typed."""
    for i in range(10):
        assert visitor.register(f"player{i}", "long-enough-1").status_code == 302
        visitor.logout()
    response = visitor.register("player10", "long-enough-1")
    assert response.status_code == 429
    assert visitor.fields(response.get_data(as_text=True))["username"] == "player10"
    assert "Retry-After" in response.headers


def test_the_current_password_pages_count_with_the_accounts_logins(keeper, visitor):
    """Guessing the current password on the change-password page uses up the account's attempts too."""
    for _ in range(10):
        response = keeper.submit("/account/password", {"current": "guess", "password": "a-new-secret-1",
                                                       "confirm": "a-new-secret-1"})
        assert response.status_code == 422
    assert keeper.submit("/account/delete", {"password": PASSWORD}).status_code == 429
    assert visitor.login("ana").status_code == 429
    assert keeper.logged_in()


@pytest.fixture
def tight(app):
    """Limits of 3 a minute, set as a deployment would (limits are read when a request comes)."""
    for name in ("API_LIMIT", "LOGIN_LIMIT_PER_ACCOUNT", "LOGIN_LIMIT_PER_ADDRESS", "REGISTER_LIMIT"):
        app.config[name] = "3 per minute"
    return app


def test_the_api_is_limited_per_address_across_its_endpoints(tight, client, hand):
    """Three requests to any endpoints, then 429 in the API's JSON shape, with Retry-After."""
    assert client.get("/api/v1/rulesets").status_code == 200
    assert client.post("/api/v1/score", json=hand).status_code == 200
    assert client.post("/api/v1/captures", json={"card": "7o", "table": ["8c"]}).status_code == 200
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 429
    [error] = response.get_json()["errors"]
    assert error["field"] == "" and error["message"].startswith("Too many requests. Please wait ")
    assert int(response.headers["Retry-After"]) >= 1
    assert client.get("/api/v1/rulesets", environ_base={"REMOTE_ADDR": "192.0.2.1"}).status_code == 200


@pytest.mark.parametrize("url", ["/", "/login", "/register", "/tools/", "/healthz", "/manifest.webmanifest",
                                 "/matches/", "/static/css/app.css"])
def test_nothing_else_is_throttled(tight, keeper, url):
    """Pages, static files and a health check answer as usual however often they are asked for."""
    statuses = {keeper.client.get(url).status_code for _ in range(10)}
    assert 429 not in statuses


def test_only_the_apis_requests_go_through_the_limiters_check_before_the_view(tight, keeper, visitor, monkeypatch):
    """A page read skips the limiter's before-request check (with nothing for it to apply); the API's requests
    and a limited page's own decorator still go through it."""
    from referee.extensions import limiter

    asked: list[str] = []
    real = limiter.identify_request
    monkeypatch.setattr(limiter, "identify_request", lambda: asked.append("check") or real())
    assert keeper.client.get("/tools/").status_code == 200
    assert keeper.client.get("/matches/").status_code == 200
    assert asked == []
    assert keeper.client.get("/api/v1/rulesets").status_code == 200
    assert asked
    asked.clear()
    assert visitor.login("ana", "wrong-password").status_code == 422
    assert asked

def test_throttling_is_on_by_default_and_storage_comes_from_the_environment(monkeypatch):
    """A deployment sets RATELIMIT_STORAGE_URI to share counts between processes; the default is memory."""
    assert config.throttling_settings()["RATELIMIT_ENABLED"] is True
    monkeypatch.delenv("RATELIMIT_STORAGE_URI", raising=False)
    assert config.throttling_settings()["RATELIMIT_STORAGE_URI"] == "memory://"
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://127.0.0.1:6379/0")
    assert config.throttling_settings()["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/0"


def test_a_store_that_does_not_answer_leaves_logins_working(tmp_path, keeper_on):
    """Nothing listens on the store's port: logins still work (counted in memory meanwhile), never a 500."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'd.db'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:9/0"})
    ana = keeper_on(app, "ana")
    assert ana.logged_in()
    visitor = keeper_on(app)
    statuses = [visitor.login("ana", "wrong-password").status_code for _ in range(11)]
    assert statuses == [422] * 10 + [429]


# .ci/run starts a throwaway Redis and names it here, as it does PostgreSQL for REFEREE_TEST_POSTGRES.
REDIS = os.environ.get("REFEREE_TEST_REDIS", "")
SECOND_PROCESS = """
import sys
from referee import create_app

database, storage, address = sys.argv[1:]
app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database,
                  "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": storage, "API_LIMIT": "3 per minute"})
client = app.test_client()
print(" ".join(str(client.get("/api/v1/rulesets", environ_base={"REMOTE_ADDR": address}).status_code)
               for _ in range(3)))
"""


@pytest.mark.skipif(not REDIS, reason="set REFEREE_TEST_REDIS (.ci/run does) to test a shared Redis store")
def test_processes_sharing_a_redis_store_share_the_counts(tmp_path, keeper_on):
    """Another process uses up an address's API requests; this one then refuses that address at once."""
    import redis

    address = f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"  # this run's own, so counts start at 0
    store = redis.Redis.from_url(REDIS)
    try:
        other = subprocess.run([sys.executable, "-c", SECOND_PROCESS, f"sqlite:///{tmp_path / 'other.db'}", REDIS,
                                address], capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
        assert other.stdout.split() == ["200", "200", "200"]
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": REDIS,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'd.db'}", "API_LIMIT": "3 per minute"})
        client = app.test_client()
        assert client.get("/api/v1/rulesets", environ_base={"REMOTE_ADDR": address}).status_code == 429
    finally:
        for key in store.scan_iter(f"*{address}*"):
            store.delete(key)
