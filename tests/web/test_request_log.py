"""One log line per request on stdout, with a request id; errors with their traceback and the same id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.database import upgrade_schema

LINE = re.compile(r"^\[[-0-9]+ [:0-9]+ [-+]\d{4}\] \[\d+\] \[INFO\] \[(?P<id>[^\]]+)\] "
                  r"(?P<method>[A-Z]+) (?P<path>\S+) (?P<status>\d{3}) (?P<ms>\d+\.\d)ms$")


@pytest.fixture
def logged_app(tmp_path: Path) -> Flask:
    """An app that logs its requests, as it does outside the tests, and has a page that fails."""
    app = create_app({"TESTING": True, "REQUEST_LOG": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'log.sqlite'}"})
    upgrade_schema(app)

    def broken() -> str:
        """A page whose code fails."""
        raise RuntimeError("a bug in the page")

    app.add_url_rule("/broken", view_func=broken)
    app.add_url_rule("/broken/<rest>", view_func=lambda rest: broken())
    return app


def lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What the app printed on stdout since the last look."""
    return capsys.readouterr().out.splitlines()


def test_each_request_is_one_line_with_method_path_status_time_and_id(logged_app, capsys):
    """`[date time zone] [pid] [INFO] [id] GET /login 200 3.1ms`, the id also sent back in X-Request-ID."""
    lines(capsys)
    response = logged_app.test_client().get("/login?next=/matches/")
    printed = lines(capsys)
    assert len(printed) == 1, printed
    found = LINE.match(printed[0])
    assert found, printed
    assert (found["method"], found["path"], found["status"]) == ("GET", "/login", "200")
    assert found["id"] == response.headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", found["id"])


def test_every_request_gets_its_own_id(logged_app, capsys):
    """Two requests, two ids."""
    client = logged_app.test_client()
    ids = {client.get("/tools/").headers["X-Request-ID"] for _ in range(2)}
    assert len(ids) == 2


def test_a_request_id_from_the_proxy_is_kept(logged_app, capsys):
    """A sane X-Request-ID (nginx's $request_id, a UUID) is used in the log and sent back."""
    lines(capsys)
    for incoming in ("4f2a9c1d8e7b6a5f4e3d2c1b0a998877", "0b6e54a2-8f14-4b8e-9a5c-2f5f3c1d7e90"):
        response = logged_app.test_client().get("/tools/", headers={"X-Request-ID": incoming})
        assert response.headers["X-Request-ID"] == incoming
        assert f"[{incoming}] GET /tools/ 200" in lines(capsys)[0]


@pytest.mark.parametrize("incoming", ["", "has space", "tab\tin", "x" * 200, "quote\"s", "<script>", "a;b", "ü"])
def test_a_request_id_that_is_not_sane_is_replaced(logged_app, capsys, incoming):
    """Spaces, control characters, markup or a very long id never reach the log: a new id is made."""
    lines(capsys)
    response = logged_app.test_client().get("/tools/", headers={"X-Request-ID": incoming})
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])
    printed = lines(capsys)
    assert len(printed) == 1 and LINE.match(printed[0]), printed


def test_an_error_is_logged_with_its_traceback_and_the_request_id(logged_app, capsys):
    """A 500: the traceback, under the request's id, then the request's own line."""
    lines(capsys)
    response = logged_app.test_client().get("/broken", headers={"X-Request-ID": "trace-me-42"})
    assert response.status_code == 500
    out = "\n".join(lines(capsys))
    assert re.search(r"\[ERROR\] \[trace-me-42\] Exception on /broken \[GET\]\nTraceback", out), out
    assert "RuntimeError: a bug in the page" in out
    assert "[trace-me-42] GET /broken 500" in out


@pytest.mark.parametrize(("url", "status"), [("/no-such-page", 404), ("/api/v1/no-such-thing", 404),
                                               ("/static/css/app.css", 200), ("/api/v1/rulesets", 200)])
def test_every_kind_of_answer_is_logged(logged_app, capsys, url, status):
    """Pages, errors, static files and the API alike."""
    lines(capsys)
    logged_app.test_client().get(url)
    printed = lines(capsys)
    assert len(printed) == 1 and f"GET {url} {status}" in printed[0], printed


def test_a_healthy_health_check_is_not_logged_but_a_failing_one_is(logged_app, capsys, tmp_path):
    """A monitor asking every few seconds would drown the log; a 503 is worth a line."""
    lines(capsys)
    assert logged_app.test_client().get("/healthz").status_code == 200
    assert lines(capsys) == []
    broken = create_app({"TESTING": True, "REQUEST_LOG": True, "SECRET_KEY": "test",
                         "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'none' / 'x.sqlite'}"})
    assert broken.test_client().get("/healthz").status_code == 503
    out = "\n".join(lines(capsys))
    assert "GET /healthz 503" in out and "the database does not answer" in out


def test_the_tests_stay_quiet_unless_they_ask(app, capsys):
    """An app made for a test (TESTING) logs no request unless REQUEST_LOG is set."""
    lines(capsys)
    app.test_client().get("/tools/")
    assert lines(capsys) == []


def test_the_request_log_can_be_switched_off(monkeypatch, tmp_path, capsys):
    """REFEREE_REQUEST_LOG=0, for a proxy that keeps the access log already."""
    monkeypatch.setenv("REFEREE_REQUEST_LOG", "0")
    app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'off.sqlite'}"})
    upgrade_schema(app)
    lines(capsys)
    response = app.test_client().get("/tools/")
    assert lines(capsys) == []
    assert response.headers["X-Request-ID"]


def test_a_failing_path_cannot_write_a_line_of_its_own_into_the_error(logged_app, capsys):
    """Flask's own "Exception on <path>" message has its line breaks escaped; the traceback keeps its lines."""
    lines(capsys)
    logged_app.test_client().get("/broken/x%0A[2026-01-01 00:00:00 +0000] [1] [INFO] [-] GET admin 200 1.0ms")
    printed = lines(capsys)
    assert not any(line.startswith("[2026-01-01") for line in printed), printed
    assert any(r"Exception on /broken/x\n[2026-01-01" in line for line in printed), printed
    assert "Traceback (most recent call last):" in printed


def test_a_path_cannot_write_a_line_of_its_own(logged_app, capsys):
    """A line break or a space in the path (sent percent-encoded) is logged encoded: one request, one line."""
    lines(capsys)
    logged_app.test_client().get("/tools/%0A[forged] GET /admin 200 1.0ms")
    printed = lines(capsys)
    assert len(printed) == 1, printed
    assert LINE.match(printed[0]) and "/tools/%0A%5Bforged%5D%20GET%20/admin%20200%201.0ms 404" in printed[0]
