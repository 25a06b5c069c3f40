"""Throttling with Flask-Limiter: logins per account and per address, registrations, the API."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from referee import config, create_app
from referee.database import upgrade_schema
from referee.extensions import db

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


def test_the_limiter_skips_page_reads_only(app):
    """Its request filter spares a page's GET and HEAD (no limit counts them); the API's reads and the pages'
    POSTs are checked."""
    from referee.web.throttling import page_read

    for method, url, skipped in [("GET", "/tools/", True), ("HEAD", "/matches/", True), ("GET", "/login", True),
                                 ("POST", "/login", False), ("POST", "/account/tokens", False),
                                 ("GET", "/api/v1/rulesets", False), ("GET", "/api/v1/nowhere", False),
                                 ("GET", "/api/reference", False)]:
        with app.test_request_context(url, method=method):
            assert page_read() is skipped, (method, url)


# ---------------------------------------------------------------------------
# The finding: the per-address API limit applied to no route that takes a token. 600 random bearer tokens from
# one address were all answered 401, and one address with 3 tokens got 360 answers a minute.

def random_bearer() -> dict[str, str]:
    """A token of the right shape that nobody made."""
    return {"Authorization": "Bearer " + secrets.token_urlsafe(32)}


def tokens_of_ana(app, count: int) -> list[dict[str, str]]:
    """Ana's Bearer headers for `count` tokens, made through the service (making them through the API would use
    up the address's requests before the test starts)."""
    from referee.models import User
    from referee.services import api_tokens

    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        return [{"Authorization": "Bearer " + api_tokens.create_token(ana, f"t{i}")[1]} for i in range(count)]


API_CALLS = [("GET", "/api/v1/matches"), ("GET", "/api/v1/players"), ("DELETE", "/api/v1/tokens/1"),
             ("POST", "/api/v1/matches/1/hands"), ("GET", "/api/v1/matches/99/events")]


def test_random_bearer_tokens_from_one_address_get_429_after_the_limit(tight, client):
    """Three guessed tokens are answered 401, then the address is refused, whatever token comes next; another
    address goes on."""
    for method, url in API_CALLS[:3]:
        assert client.open(url, method=method, headers=random_bearer()).status_code == 401
    for method, url in API_CALLS:
        response = client.open(url, method=method, headers=random_bearer())
        assert response.status_code == 429, (method, url)
        assert response.get_json()["errors"][0]["message"].startswith("Too many requests. Please wait ")
        assert 1 <= int(response.headers["Retry-After"]) <= 61
    other = {"REMOTE_ADDR": "192.0.2.77"}
    assert client.get("/api/v1/matches", headers=random_bearer(), environ_base=other).status_code == 401


def test_several_tokens_from_one_address_share_one_count(tight, keeper, client):
    """Three live tokens, one request each: the address has had its three, and a fourth token changes nothing."""
    first, second, third, fourth = tokens_of_ana(tight, 4)
    for headers in (first, second, third):
        assert client.get("/api/v1/matches", headers=headers).status_code == 200
    assert client.get("/api/v1/matches", headers=fourth).status_code == 429
    assert client.get("/api/v1/players", headers=first).status_code == 429


def test_anonymous_and_token_requests_share_the_count(tight, keeper, client, hand):
    """The stateless referee, a token's match list and a token's unknown match draw on one count per address."""
    [token] = tokens_of_ana(tight, 1)
    assert client.get("/api/v1/rulesets").status_code == 200
    assert client.get("/api/v1/matches", headers=token).status_code == 200
    assert client.get("/api/v1/matches/999", headers=token).status_code == 404
    assert client.post("/api/v1/score", json=hand).status_code == 429
    assert client.get("/api/v1/matches", headers=token).status_code == 429


@pytest.mark.parametrize(("method", "url", "body", "status"), [
    ("GET", "/api/v1/no-such-thing", b"", 404), ("GET", "/api/nothing", b"", 404),
    ("PATCH", "/api/v1/rulesets", b"", 405), ("POST", "/api/v1/score", b"{", 400),
    ("POST", "/api/v1/tokens", b"", 401), ("POST", "/api/v1/captures", b'{"card": "zz", "table": []}', 422)])
def test_every_refused_api_request_counts(tight, client, method, url, body, status):
    """An unknown address, a wrong method, a bad body, no credentials, a refused entry: each costs a request."""
    for _ in range(3):
        assert client.open(url, method=method, data=body, content_type="application/json").status_code == status
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 429
    assert response.get_json()["errors"][0]["field"] == ""


def test_the_address_limit_resets_when_its_window_has_passed(tight, client, monkeypatch):
    """The minute's three requests, refused for the rest of it, answered again once it has gone by (a clock moved
    on, not a test that waits)."""
    shift = [0.0]
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + shift[0])
    for _ in range(3):
        assert client.get("/api/v1/rulesets").status_code == 200
    shift[0] = 30
    refused = client.get("/api/v1/rulesets", headers=random_bearer())
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 31
    shift[0] = 61
    assert client.get("/api/v1/rulesets").status_code == 200
    assert client.get("/api/v1/matches", headers=random_bearer()).status_code == 401


def test_a_token_over_its_own_limit_still_counts_for_its_address(app, keeper, client):
    """A token refused by its own limit (API_TOKEN_LIMIT) has used its address's requests too."""
    app.config |= {"API_LIMIT": "5 per minute", "API_TOKEN_LIMIT": "2 per minute"}
    [token] = tokens_of_ana(app, 1)
    statuses = [client.get("/api/v1/matches", headers=token).status_code for _ in range(5)]
    assert statuses == [200, 200, 429, 429, 429]
    assert client.get("/api/v1/rulesets").status_code == 429


def test_throttling_is_on_by_default_and_storage_comes_from_the_environment(monkeypatch):
    """A deployment sets RATELIMIT_STORAGE_URI to share counts between processes; the default is memory."""
    assert config.throttling_settings()["RATELIMIT_ENABLED"] is True
    monkeypatch.delenv("RATELIMIT_STORAGE_URI", raising=False)
    assert config.throttling_settings()["RATELIMIT_STORAGE_URI"] == "memory://"
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://127.0.0.1:6379/0")
    assert config.throttling_settings()["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/0"


DEAD_STORE = """
import sys
from referee import create_app
from referee.credentials import hash_password
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import User

app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": sys.argv[1], "WTF_CSRF_ENABLED": False,
                  "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:9/0"})
upgrade_schema(app)
with app.app_context():
    db.session.add(User(username="ana", username_key="ana", password_hash=hash_password("correct-horse")))
    db.session.commit()
client = app.test_client()
right = client.post("/login", data={"username": "ana", "password": "correct-horse"}).status_code
wrong = [app.test_client().post("/login", data={"username": "ana", "password": "wrong"}).status_code
         for _ in range(11)]
print(right, *wrong)
"""


def test_a_store_that_does_not_answer_leaves_logins_working(tmp_path):
    """Nothing listens on the store's port: logins still work (counted in memory meanwhile), never a 500. In a
    process of its own: the limiter, one per process, stays on its in-memory fallback for a while after a store
    has failed, and the next test's store must be the one it names."""
    run = subprocess.run([sys.executable, "-c", DEAD_STORE, f"sqlite:///{tmp_path / 'd.db'}"], capture_output=True,
                         text=True, timeout=120, cwd=ROOT, check=True)
    statuses = [int(status) for status in run.stdout.split()]
    assert statuses == [302] + [422] * 10 + [429]


# .ci/run starts a throwaway Redis and names it here, as it does PostgreSQL for REFEREE_TEST_POSTGRES.
REDIS = os.environ.get("REFEREE_TEST_REDIS", "")
SECOND_PROCESS = """
import sys
from referee import create_app
from referee.database import upgrade_schema

database, storage, address = sys.argv[1:]
app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database,
                  "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": storage, "API_LIMIT": "3 per minute"})
upgrade_schema(app)
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
        upgrade_schema(app)
        client = app.test_client()
        assert client.get("/api/v1/rulesets", environ_base={"REMOTE_ADDR": address}).status_code == 429
    finally:
        for key in store.scan_iter(f"*{address}*"):
            store.delete(key)


# Flask-Limiter's private names the package once reached into: each broke silently at an upgrade.
PRIVATE_LIMITER_NAMES = re.compile(r"_storage_dead|_check_request_limit|_marked_for_limiting|_request_filters|"
                                   r"\blimiter\._\w+|\blimit_manager\b|flask_limiter\._\w+")


def test_the_package_uses_only_flask_limiters_documented_api():
    """No private name of Flask-Limiter anywhere in the package (referee/web/throttling.py uses its settings,
    decorators, request filter and current_limit)."""
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "referee").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE_LIMITER_NAMES.search(line)]
    assert found == []


def test_the_private_names_check_finds_what_it_looks_for():
    """So the check above cannot pass by matching nothing."""
    for line in ("limiter._storage_dead = False", "check = limiter._check_request_limit",
                 "from flask_limiter._extension import Limiter", "limiter.limit_manager.add_decorated_limit"):
        assert PRIVATE_LIMITER_NAMES.search(line), line
    assert not PRIVATE_LIMITER_NAMES.search("limiter.limit(_setting('API_LIMIT'))")
