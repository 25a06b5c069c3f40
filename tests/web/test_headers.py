"""Security headers on every kind of answer; HTTPS behind a proxy (HSTS, Secure cookies); trusted hosts."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import factories
import pytest
from flask import Flask
from sqlalchemy import select
from werkzeug.test import TestResponse

from referee import create_app
from referee.database import upgrade_schema
from referee.models import Player

CSP_DIRECTIVES = {"default-src": "'self'", "object-src": "'none'", "base-uri": "'none'",
                  "form-action": "'self'", "frame-ancestors": "'none'"}


def csp(response: TestResponse) -> dict[str, str]:
    """The Content-Security-Policy of an answer, directive by directive."""
    policy = response.headers.get("Content-Security-Policy", "")
    parts = [part.strip().split(None, 1) for part in policy.split(";") if part.strip()]
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def assert_secured(response: TestResponse) -> None:
    """The headers every answer carries, whatever it is."""
    assert csp(response) == CSP_DIRECTIVES, response.headers.get("Content-Security-Policy")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] in ("same-origin", "no-referrer")
    permissions = response.headers["Permissions-Policy"]
    assert "camera=()" in permissions and "microphone=()" in permissions and "geolocation=()" in permissions
    assert "screen-wake-lock=(self)" in permissions  # the scoreboard keeps the screen on


def player_pages(keeper) -> list[str]:
    """The pages of the account's first player: theirs, and rename, merge and delete."""
    [(player_id,)] = keeper.query(select(Player.id).order_by(Player.id).limit(1))
    return [f"/players/{player_id}", *(f"/players/{player_id}/{action}" for action in ("rename", "merge", "delete"))]


@pytest.fixture
def failing_app(tmp_path: Path) -> Flask:
    """An app with a small body limit and a page that fails, to see the error answers."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "PROPAGATE_EXCEPTIONS": False,
                      "MAX_CONTENT_LENGTH": 1024, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'h.sqlite'}"})
    upgrade_schema(app)

    def broken() -> str:
        """A page whose code fails."""
        raise RuntimeError("a bug")

    app.add_url_rule("/broken", view_func=broken)
    return app


@pytest.mark.parametrize("url", ["/", "/login", "/register", "/tools/", "/tools/captures?style=spanish", "/offline",
                                 "/api/v1/rulesets", "/sw.js", "/manifest.webmanifest", "/favicon.ico",
                                 "/static/css/app.css", "/static/js/picker.js", "/static/img/cards/spanish.svg",
                                 "/healthz"])
def test_every_kind_of_answer_carries_the_security_headers(client, url):
    """Pages, the JSON API, static files, the service worker, the manifest and the health check."""
    response = client.get(url)
    assert response.status_code == 200, url
    assert_secured(response)


def test_the_pages_of_an_account_carry_the_security_headers(keeper):
    """The match list, a new match, a scoreboard, the hand entry and the spectator page."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    board = keeper.client.get(f"/matches/{match_id}")
    watch = re.search(r'href="https?://[^"/]+(/watch/[^"]+)"', board.get_data(as_text=True))
    assert watch
    for url in ("/matches/", "/matches/new", f"/matches/{match_id}", keeper.hand_url(match_id),
                keeper.hand_url(match_id, "tally"), "/players", *player_pages(keeper), watch.group(1)):
        response = keeper.client.get(url)
        assert response.status_code == 200, url
        assert_secured(response)


def test_the_spectator_page_keeps_its_own_stricter_referrer_policy(keeper):
    """The link is the key to the scoreboard: that page sends no referrer at all."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    watch = re.search(r'href="https?://[^"/]+(/watch/[^"]+)"', keeper.page(f"/matches/{match_id}"))
    assert watch
    assert keeper.client.get(watch.group(1)).headers["Referrer-Policy"] == "no-referrer"
    assert keeper.client.get(f"/matches/{match_id}").headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(("method", "url", "body", "status"), [
    ("GET", "/no-such-page", None, 404),
    ("GET", "/api/v1/no-such-thing", None, 404),
    ("POST", "/api/v1/score", b"[" + b" " * 2000 + b"]", 413),
    ("POST", "/login", b"username=" + b"a" * 2000, 413),
    ("GET", "/broken", None, 500),
])
def test_error_answers_carry_the_security_headers(failing_app, method, url, body, status):
    """404, 413 and 500, as a page and as JSON."""
    headers = {"Content-Type": "application/json" if url.startswith("/api/") else "application/x-www-form-urlencoded"}
    response = failing_app.test_client().open(url, method=method, data=body, headers=headers)
    assert response.status_code == status
    assert_secured(response)


def test_plain_http_gets_no_hsts_and_no_secure_cookies(app):
    """Off by default, so the app works on a LAN over plain HTTP."""
    assert "Strict-Transport-Security" not in app.test_client().get("/login").headers
    for url in ("/language/es", "/theme/dark", "/login"):
        cookies = app.test_client().get(url).headers.getlist("Set-Cookie")
        assert cookies and not any("Secure" in cookie for cookie in cookies), url


# ---------------------------------------------------------------------------
# Behind HTTPS: REFEREE_HTTPS=1, and REFEREE_PROXIES trusted proxies in front.

@pytest.fixture
def https_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., Flask]:
    """Make an app configured from the environment as a deployment behind a TLS proxy would be."""
    def make(**environment: str) -> Flask:
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        app = create_app({"TESTING": True, "SECRET_KEY": "test",
                           "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'https.sqlite'}"})
        upgrade_schema(app)
        return app
    return make


def test_behind_https_every_answer_has_hsts(https_app):
    """A year of HSTS on pages, the API and static files, once the app knows it is served over HTTPS."""
    client = https_app(REFEREE_HTTPS="1").test_client()
    for url in ("/login", "/api/v1/rulesets", "/static/css/app.css"):
        response = client.get(url, base_url="https://referee.example.org")
        assert response.headers["Strict-Transport-Security"] == "max-age=31536000", url
        assert_secured(response)


def test_behind_https_every_cookie_is_secure(https_app):
    """The session, the remember-me cookie, the language and the theme are never sent over plain HTTP."""
    app = https_app(REFEREE_HTTPS="1")
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
    client = app.test_client()
    for url in ("/language/es", "/theme/dark", "/login"):
        cookies = client.get(url, base_url="https://referee.example.org").headers.getlist("Set-Cookie")
        assert cookies and all("; Secure" in cookie for cookie in cookies), (url, cookies)


def test_behind_https_a_form_posted_from_the_page_is_accepted(https_app):
    """Over HTTPS the CSRF check wants a same-site Referer: the referrer policy still sends it."""
    client = https_app(REFEREE_HTTPS="1").test_client()
    page = client.get("/login", base_url="https://referee.example.org").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    response = client.post("/login", base_url="https://referee.example.org",
                           data={"csrf_token": token.group(1), "username": "nobody", "password": "wrong-password"},
                           headers={"Referer": "https://referee.example.org/login"})
    assert response.status_code == 422  # through the CSRF check, refused as a wrong password
    assert "Wrong username or password." in response.get_data(as_text=True)


def test_the_trusted_proxy_tells_the_app_it_is_served_over_https(https_app):
    """With REFEREE_PROXIES=1 the proxy's X-Forwarded-Proto and -For are believed: HSTS, https links."""
    app = https_app(REFEREE_HTTPS="1", REFEREE_PROXIES="1")
    seen = {}

    @app.get("/whoami")
    def whoami() -> str:
        """What the app believes about this request."""
        from flask import request, url_for

        seen.update(secure=request.is_secure, address=request.remote_addr, link=url_for("main.index", _external=True))
        return ""

    response = app.test_client().get("/whoami", base_url="http://referee.example.org",
                                     headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"})
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert seen == {"secure": True, "address": "203.0.113.7", "link": "https://referee.example.org/"}


def test_without_a_trusted_proxy_a_forwarded_header_is_not_believed(https_app):
    """A client cannot claim HTTPS (or another address) by sending X-Forwarded-* itself."""
    app = https_app(REFEREE_HTTPS="1")
    seen = {}

    @app.get("/whoami")
    def whoami() -> str:
        """What the app believes about this request."""
        from flask import request

        seen.update(secure=request.is_secure, address=request.remote_addr)
        return ""

    app.test_client().get("/whoami", base_url="http://localhost",
                          headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"})
    assert seen == {"secure": False, "address": "127.0.0.1"}


def test_the_proxy_count_must_be_a_number(https_app):
    """A typo in REFEREE_PROXIES stops the start with a clear message, rather than trusting nobody silently."""
    with pytest.raises(ValueError, match="REFEREE_PROXIES"):
        https_app(REFEREE_PROXIES="one")


def test_an_unclear_https_setting_stops_the_start(https_app):
    """REFEREE_HTTPS is 1/0, true/false, yes/no or on/off."""
    with pytest.raises(ValueError, match="REFEREE_HTTPS"):
        https_app(REFEREE_HTTPS="maybe")


# ---------------------------------------------------------------------------
# The Host header: the spectator link and its QR code are built from it.

def spectator_link(keeper, host: str) -> TestResponse:
    """The scoreboard of a new match, asked for under a Host header of the test's choosing."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    session = keeper.client.get_cookie("session")
    keeper.client.set_cookie("session", session.value, domain=host.split(":")[0])  # logged in there too
    return keeper.client.get(f"/matches/{match_id}", headers={"Host": host})


class TestTrustedHosts:
    """REFEREE_TRUSTED_HOSTS lists the names the app answers to."""

    @pytest.fixture
    def app(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Flask:
        """The app for these tests (the keeper fixture uses it): two trusted names."""
        # localhost too: the test client's own name, under which the keeper fixture logs in
        monkeypatch.setenv("REFEREE_TRUSTED_HOSTS", "referee.example.org, .club.example, localhost")
        app = create_app({"TESTING": True, "SECRET_KEY": "test",
                           "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'hosts.sqlite'}"})
        upgrade_schema(app)
        return app

    def test_a_forged_host_never_reaches_the_spectator_link(self, keeper):
        """A request for another host is refused before any link or QR code is made of it."""
        response = spectator_link(keeper, "evil.example")
        assert response.status_code == 400
        assert "evil" not in response.get_data(as_text=True)
        assert_secured(response)

    @pytest.mark.parametrize("host", ["referee.example.org", "tables.club.example", "referee.example.org:8443"])
    def test_a_trusted_host_gets_its_spectator_link(self, keeper, host):
        """The names listed (a leading dot takes every subdomain) are served, and the link uses them."""
        response = spectator_link(keeper, host)
        assert response.status_code == 200
        assert re.search(rf'href="http://{re.escape(host)}/watch/[^"]+"', response.get_data(as_text=True))

    def test_a_forged_host_on_the_api_gets_the_json_error_shape(self, client):
        """The API answers its own way."""
        response = client.get("/api/v1/rulesets", headers={"Host": "evil.example"})
        assert response.status_code == 400
        assert response.get_json()["errors"][0]["field"] == ""


def test_the_qr_code_carries_no_style_attribute(keeper):
    """The inline SVG QR code draws with attributes only, which the Content-Security-Policy allows."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    page = keeper.page(f"/matches/{match_id}")
    qr = re.search(r'<div class="qr">(.*?)</div>', page, flags=re.S)
    assert qr and "<svg" in qr.group(1)
    assert "style" not in qr.group(1)


def test_no_page_holds_inline_script_or_style(keeper):
    """Everything runs from files the policy allows: no <script> without src, no style="…", no on…= handler."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    assert "<script" in keeper.page(f"/matches/{match_id}")  # the patterns below do see the page's scripts
    for url in ("/matches/", "/matches/new", f"/matches/{match_id}", keeper.hand_url(match_id),
                keeper.hand_url(match_id, "tally"), "/players", *player_pages(keeper), "/tools/", "/tools/captures",
                "/tools/leftover", "/tools/dispute", "/tools/draw", "/offline"):
        page = keeper.page(url)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), url
        assert not re.search(r"<style\b|\sstyle=", page), url
        assert not re.search(r"\son[a-z]+=", page), url
