"""The spectator page's polls answered before Flask's request handling (referee/views/spectator_polls.py): a 304
from one query, with the headers and the log line of the full route, and everything else left to the app."""

from __future__ import annotations

import re

import factories
import pytest
from spectators import watch_path
from sql_counts import counted_queries
from test_app_spectator import revoke
from test_request_log import LINE

from referee.web.headers import HEADERS, HSTS

SPECTATOR_HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language, Accept-Encoding",
                     "Referrer-Policy": "no-referrer"}


@pytest.fixture
def app_settings():
    """Requests logged as in production; one host trusted."""
    return {"REQUEST_LOG": True, "TRUSTED_HOSTS": ["localhost", "watch.example"]}


@pytest.fixture
def watched(keeper):
    """The spectator link of a match with one hand saved (the match's id noted on the keeper)."""
    keeper.match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, keeper.match_id)
    return watch_path(keeper, keeper.match_id)


def hooks_run(app):
    """Note every request that reaches Flask's hooks."""
    seen: list[str] = []
    # Straight into Flask's list: the app has served requests, so its setup methods are closed.
    app.before_request_funcs.setdefault(None, []).append(lambda: seen.append("before"))
    return seen


def test_a_poll_of_an_unchanged_match_never_reaches_the_apps_hooks(app, visitor, watched):
    """No session, login, CSRF, throttling, language or request-size hook runs for a 304; the whole page still
    goes through them."""
    tag = visitor.client.get(watched).headers["ETag"]
    seen = hooks_run(app)
    assert visitor.client.get(watched, headers={"If-None-Match": tag}).status_code == 304
    assert visitor.client.head(watched, headers={"If-None-Match": tag}).status_code == 304
    assert seen == []
    assert visitor.client.get(watched).status_code == 200
    assert seen == ["before"]


def test_the_keepers_own_poll_loads_no_login(app, keeper, watched):
    """The scorekeeper's phone sends its session cookie with each poll: still one query, for the stamp alone,
    and no cookie set again."""
    tag = keeper.client.get(watched).headers["ETag"]
    with counted_queries(app) as statements:
        response = keeper.client.get(watched, headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert len(statements) == 1, statements
    assert "Set-Cookie" not in response.headers


def test_the_304_carries_the_headers_of_the_full_route(app, visitor, watched):
    """The view's private, no-cache headers and stricter referrer policy, the security headers, the tag, the
    request id: the same names and values as the 304 the route itself gives."""
    tag = visitor.client.get(watched).headers["ETag"]
    response = visitor.client.get(watched, headers={"If-None-Match": tag})
    for name, value in (HEADERS | SPECTATOR_HEADERS).items():
        assert response.headers[name] == value, name
    assert response.headers["ETag"] == tag
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])
    assert "Strict-Transport-Security" not in response.headers
    assert response.get_data() == b""
    whole = visitor.client.get(watched)
    assert whole.headers["Vary"] == response.headers["Vary"]


def test_the_304_is_logged_with_its_id(visitor, watched, capsys):
    """One line, as for every other request, with the id sent back (the proxy's own when it is sane)."""
    tag = visitor.client.get(watched).headers["ETag"]
    capsys.readouterr()
    response = visitor.client.get(watched, headers={"If-None-Match": tag, "X-Request-ID": "nginx-42"})
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 1, printed
    found = LINE.match(printed[0])
    assert found, printed
    assert (found["method"], found["path"], found["status"], found["id"]) == ("GET", watched, "304", "nginx-42")
    assert response.headers["X-Request-ID"] == "nginx-42"


def test_a_host_the_app_refuses_is_refused_with_a_good_tag_too(visitor, watched):
    """TRUSTED_HOSTS holds before the tag is looked at: another Host gets the app's 400."""
    tag = visitor.client.get(watched).headers["ETag"]
    assert visitor.client.get(watched, headers={"If-None-Match": tag, "Host": "watch.example"}).status_code == 304
    assert visitor.client.get(watched, headers={"If-None-Match": tag, "Host": "evil.example"}).status_code == 400


def test_a_stale_or_foreign_tag_gets_the_page_and_a_replaced_link_its_410(keeper, visitor, watched):
    """What the fast path cannot answer goes on to the route."""
    tag = visitor.client.get(watched).headers["ETag"]
    assert visitor.client.get(watched, headers={"If-None-Match": '"0123"'}).status_code == 200
    assert visitor.client.get(watched, headers={"If-None-Match": tag, "Accept-Language": "pt-BR"}).status_code == 200
    assert visitor.client.post(watched, headers={"If-None-Match": tag}).status_code == 405
    assert revoke(keeper, keeper.match_id).status_code == 302
    assert visitor.client.get(watched, headers={"If-None-Match": tag}).status_code == 410


def test_hsts_over_https_when_the_app_is_told_so(app, visitor, watched):
    """REFEREE_HTTPS: the 304 to an HTTPS request carries Strict-Transport-Security, as every answer does."""
    app.config["HTTPS"] = True  # read at each request (the cookies' Secure flag, set at start, is not tested here)
    tag = visitor.client.get(watched, base_url="https://localhost").headers["ETag"]
    response = visitor.client.get(watched, base_url="https://localhost", headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert response.headers["Strict-Transport-Security"] == HSTS
