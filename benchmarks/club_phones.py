"""The club-night benchmark's phones (bench_club.py): each table's owner and two scorers, each a real device login of
its own (a LoginToken row, and the signed session cookie a browser would hold), and the ETags their scoreboards
have, worked out from the match's version as the app works them out (views/board_etag.py: tag), so that every step
starts with the phones current without drawing 3 pages a table first. One phone's ETag is checked against the
server's answer before the run (`check`): a difference means every phone starts stale, which only costs the project.
"""

from __future__ import annotations

import http.client
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import Flask, session
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, User
from referee.services import register_user
from referee.services.sessions import start_session
from referee.services.sharing import join, make_join_code
from referee.views.board_etag import CSRF_KEY, code_digest, tag
from referee.web.auth import signed_in, this_device

SCORERS = ("scorer-a", "scorer-b")
# What wrk's requests look like to the app through nginx: its address, no language, no theme.
HEADERS = {"User-Agent": "wrk", "X-Forwarded-For": "127.0.0.1"}
HOST = "127.0.0.1"  # nginx passes $host: the address wrk connects to, without its port


@dataclass(frozen=True)
class Phone:
    """One phone's login: its Cookie header, and the reader's parts of its ETags."""

    cookie: str
    user_id: int
    username: str
    login_id: int
    csrf: str
    role: str


def phone(app: Flask, user_id: int, role: str) -> Phone:
    """A new device login of the account, made as the login page makes one (services/sessions.py, web/auth.py),
    and its session cookie as Flask would send it."""
    with app.test_request_context("/", base_url=f"https://{HOST}", headers=HEADERS):
        device = this_device(False)
        user = start_session(db.session.get(User, user_id), device)
        signed_in(user, device)
        answer = app.response_class()
        app.session_interface.save_session(app, session, answer)
        return Phone(answer.headers["Set-Cookie"].split(";", 1)[0], user.id, user.username, user.login_token.id,
                     str(session[CSRF_KEY]), role)


def phones_of(app: Flask, owner_id: int, match_ids: list[int], scorer_ids: list[int]) -> list[list[Phone]]:
    """Each match joined by the scorers (one code each), and each table's three phones: the owner's, the scorers'."""
    with app.app_context():
        for match_id in match_ids:
            code = make_join_code(db.session.get(Match, match_id)).code
            for scorer_id in scorer_ids:
                join(db.session.get(User, scorer_id), code)
        db.session.commit()
    return [[phone(app, owner_id, "owner"), *(phone(app, scorer_id, "scorer") for scorer_id in scorer_ids)]
            for _match_id in match_ids]


def scorers(app: Flask, password: str) -> list[int]:
    """The scorers' accounts."""
    with app.app_context():
        made = [register_user(name, password) for name in SCORERS]
        db.session.commit()
        return [user.id for user in made]


def tagger(app: Flask, address: tuple[str, str] = ("https", HOST)) -> Callable[[Phone, int, int], str]:
    """The ETag a phone's scoreboard of a match has at a version, as the app works it out for requests of this
    scheme and host."""
    with app.app_context():
        code = code_digest(app)

    def etag(one: Phone, match_id: int, version: int) -> str:
        browser = {CSRF_KEY: one.csrf, "lang": "", "accept_language": "", "theme": ""}
        return tag((str(one.user_id), one.username, str(one.login_id)), browser,
                   (*address, "", f"/matches/{match_id}?"), code,
                   ("scoreboard", str(match_id), str(version), one.role, "", ""))
    return etag


def matching_tagger(app: Flask, one: Phone, match_id: int, version: int, served: str
                    ) -> Callable[[Phone, int, int], str] | None:
    """The tagger whose scheme and host give the ETag the server answered (what gunicorn believes of a forwarded
    scheme depends on its settings), or None."""
    for address in (("https", HOST), ("http", HOST), ("https", f"{HOST}:443"), ("http", f"{HOST}:80")):
        found = tagger(app, address)
        if found(one, match_id, version) == served:
            return found
    return None


def versions(url: str, secret: str) -> dict[int, int]:
    """Every match's version, by id."""
    from referee import create_app

    app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        found = {row[0]: row[1] for row in db.session.execute(select(Match.id, Match.version))}
        db.engine.dispose()
    return found


def served_etag(base: str, path: str, cookie: str) -> str:
    """The ETag gunicorn answers a phone's page with, asked as nginx passes the phone's request on (its host, the
    forwarded scheme and address)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port or 80, timeout=30)
    connection.request("GET", path, headers={"Cookie": cookie, "Host": HOST, "X-Forwarded-Proto": "https", **HEADERS})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return (answer.getheader("ETag") or "").strip('"')
