"""Any header a client sends — a Host that no DNS name could be, a broken cookie, a forged forwarded scheme — gets
a 4xx or the page, never a 5xx, and each request stays one line in the log (a traceback only for a real error).

A Host such as `ex..ample`, or one with a label of 64 characters or more, passes Werkzeug's check of its characters
but not the IDNA encoding Werkzeug does when it binds the URL map: the request then has no URL adapter, the 400
page could not build its links, and every page answered 500 with two tracebacks (docs/security.md).

CI runs 150 examples for each proxy setting; a deeper run sets REFEREE_FUZZ_EXAMPLES, as the other fuzz tests do:

    REFEREE_FUZZ_EXAMPLES=3000 .venv/bin/pytest tests/web/test_odd_headers.py -q
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db

pytestmark = pytest.mark.no_cover  # a fuzzer: run untraced, not counted (tests/conftest.py, untraced)

# The line per request (referee/web/request_log.py), and the status it reports.
LINE = re.compile(r"^\[[-0-9]+ [:0-9]+ [-+]\d{4}\] \[\d+\] \[INFO\] \[[^\]]+\] [A-Z]+ \S+ (?P<status>\d{3}) "
                  r"\d+\.\dms$")
# A few pages and the API: read, refused (a form without its CSRF token, the API without a token), and written.
ASKED: list[tuple[str, str]] = [
    ("GET", "/"), ("GET", "/login"), ("POST", "/login"), ("GET", "/tools/"), ("GET", "/matches/"),
    ("GET", "/no-such-page"), ("GET", "/api/v1/rulesets"), ("POST", "/api/v1/score"), ("GET", "/api/v1/matches"),
    ("GET", "/healthz"), ("GET", "/static/css/app.css"),
]
HAND = {"ruleset": "escova-rs", "sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True},
                                           "escobas": 0},
                                          {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False},
                                           "escobas": 0}],
        "leftover_sum": 10, "last_capture": 0}
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "150"))
HEADERS = ["Host", "Accept-Language", "Cookie", "If-None-Match", "If-Modified-Since", "X-Request-ID", "Authorization",
           "Content-Type", "Accept", "Accept-Encoding", "Referer", "Origin", "X-Forwarded-For", "X-Forwarded-Proto",
           "X-Forwarded-Host", "Range", "User-Agent"]

# What a WSGI server hands the app: the header's bytes read as Latin-1, without CR or LF (no server passes those).
header_value = st.text(st.characters(min_codepoint=0x09, max_codepoint=0xFF,
                                     exclude_characters="\n\r\x0b\x0c"), max_size=80)
label = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789-"), max_size=70)
# Hosts that look like names (whose labels are empty or too long as often as not), and anything at all.
host = st.one_of(
    st.lists(label, min_size=1, max_size=5).map(".".join),
    st.tuples(st.lists(label, min_size=1, max_size=3).map(".".join),
              st.integers(0, 99999)).map(lambda parts: f"{parts[0]}:{parts[1]}"),
    header_value,
)
odd_headers = st.fixed_dictionaries({"Host": host}, optional={name: header_value for name in HEADERS[1:]})


@pytest.fixture(scope="module", params=[0, 1], ids=["no-proxy", "one-proxy"])
def logged_app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
               migrated_sqlite: Path) -> Iterator[Flask]:
    """An app that logs its requests as in production; without a proxy, and behind one (forwarded headers read).
    One per module and kind: the requests change nothing in it, and building one for each of ~190 tests was
    most of the module's time."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("REFEREE_PROXIES", str(request.param))
        path = tmp_path_factory.mktemp("odd") / "odd.sqlite"
        path.write_bytes(migrated_sqlite.read_bytes())
        app = create_app({"TESTING": True, "REQUEST_LOG": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "test",
                          "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        upgrade_schema(app)
        yield app
        with app.app_context():
            db.engine.dispose()


def ask(app: Flask, method: str, path: str, headers: dict[str, str]) -> int:
    """The status of one request with these headers (the hand's JSON as the body of a POST to the API)."""
    body = {"json": HAND} if path == "/api/v1/score" else {}
    if "Content-Type" in headers and body:
        body = {"data": b"{}"}  # a JSON body under whatever content type the example sends
    return app.test_client().open(path, method=method, headers=headers, **body).status_code


def assert_one_line(printed: list[str], status: int, path: str) -> None:
    """The request's single line, with its status (a healthy /healthz is not logged at all)."""
    if path == "/healthz" and status == 200:
        assert printed == [], printed
        return
    assert len(printed) == 1, printed
    found = LINE.match(printed[0])
    assert found and int(found["status"]) == status, printed


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "ex..ample", "a" * 63 + "b:8000", ".", "..", "a..",
                                  "-" * 64, "x." + "b" * 100])
@pytest.mark.parametrize(("method", "path"), ASKED)
def test_a_host_that_is_no_dns_name_gets_a_400_and_one_line(logged_app: Flask, capsys: pytest.CaptureFixture[str],
                                                           host: str, method: str, path: str) -> None:
    """A label of 64 characters or more, or an empty one: 400 (the API's in its JSON shape), one line logged."""
    capsys.readouterr()
    response = logged_app.test_client().open(path, method=method, headers={"Host": host})
    assert response.status_code == 400, response.get_data(as_text=True)[:500]
    if path.startswith("/api/"):
        assert response.get_json()["errors"][0]["field"] == ""
    assert_one_line(capsys.readouterr().out.splitlines(), 400, path)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(headers=odd_headers, asked=st.sampled_from(ASKED))
def test_any_headers_get_a_4xx_or_the_page_and_one_line(logged_app: Flask, capsys: pytest.CaptureFixture[str],
                                                          headers: dict[str, str], asked: tuple[str, str]) -> None:
    """Whatever the Host and the other headers hold: never a 5xx, and one line in the log, no traceback."""
    method, path = asked
    capsys.readouterr()
    status = ask(logged_app, method, path, headers)
    assert status < 500, (status, headers)
    assert_one_line(capsys.readouterr().out.splitlines(), status, path)


@pytest.mark.parametrize("host", ["referee.example.org", "bücher.example", "127.0.0.1:8000", "[::1]:8000",
                                  "a" * 63 + ".example"])
def test_a_real_host_gets_the_page(logged_app: Flask, capsys: pytest.CaptureFixture[str], host: str) -> None:
    """A name of labels up to 63 characters, an internationalized name, an address with its port: the page."""
    response = logged_app.test_client().get("/login", headers={"Host": host})
    assert response.status_code == 200
    assert 'name="password"' in response.get_data(as_text=True)

