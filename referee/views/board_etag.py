"""Conditional GETs for the logged-in pages that follow a match or an event: an ETag made of everything the page
shows, so a phone that asks again (static/js/live.js, every few seconds) or comes back to an unchanged page gets a
bare 304, found without rendering anything.

The ETag is private to the reader: it holds the account, this device's login and this browser's session (whose
CSRF token the page's forms carry: bound to the session, with no time limit, so a copy's forms never go stale),
what the language and the theme are chosen from (the `lang` and `theme` cookies, Accept-Language: the inputs, not
the language negotiated from them, so the scoreboard's polls answered before Flask, views/spectator_polls.py, find
the same ETag without negotiating), the address asked for (its scheme and host, the prefix the app is served under,
the path and query), the code that renders the page, and what the page shows of the database: for the scoreboard
the match's version (every change of what the match shows bumps it: a hand saved, corrected, taken back or
restored, the link replaced, a player renamed, merged or deleted), the reader's role in it, for a match of a club
whether the reader is a member of it (a tournament's table leads a member back to its tournament) and whether its
round is closed; for a tournament's or a club's page a digest of theirs (services/live_versions.py). The answer
says `Cache-Control: private, no-cache` and `Vary: Cookie, Accept-Language`, as the spectator page's does, so no
shared cache keeps it and the browser asks again each time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from pathlib import Path

from flask import Flask, Response, current_app, get_flashed_messages, request, session
from flask_login import current_user
from flask_wtf.csrf import generate_csrf

from ..models import Match
from ..services.live_versions import scoreboard_version
from ..web.i18n import LANGUAGE_COOKIE
from .themes import THEME_COOKIE

HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language"}
PACKAGE = Path(__file__).resolve().parent.parent
# static/js/live.js asks again this often while the page is shown: a change shows within it and one answer's time.
LIVE_SECONDS = 2
CSRF_KEY = "csrf_token"  # where Flask-WTF keeps the session's token (WTF_CSRF_FIELD_NAME's default)


def code_digest(app: Flask | None = None) -> str:
    """What tells this version of the app from another: the names, sizes and times of its templates, static
    files, code and catalogs, read once per process (a deploy restarts the workers, which all find the same)."""
    app = app or current_app
    known = app.extensions.get("code_digest")
    if known is None:
        folders = [Path(app.template_folder or ""), Path(app.static_folder or ""), PACKAGE]
        digest = hashlib.sha256()
        for folder in folders:
            for path in sorted(folder.rglob("*")):
                if path.is_file() and path.suffix not in (".pyc", ".po", ".pot"):
                    stat = path.stat()
                    digest.update(f"{path.relative_to(folder)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        known = app.extensions["code_digest"] = digest.hexdigest()[:16]
    return known


def tag(reader: tuple[str, ...], browser: Mapping[str, str], address: tuple[str, ...], code: str,
        page: tuple[str, ...]) -> str:
    """An ETag from its parts: the reader (account, name, login), the browser's session and choices (`browser`:
    the CSRF token, the language and theme cookies, Accept-Language), the address (scheme and host, prefix, path
    and query), the code and what the page shows of the database. Both the app and the polls' fast path call it,
    so the two always agree."""
    choices = tuple(browser.get(key, "") for key in (CSRF_KEY, LANGUAGE_COOKIE, "accept_language", THEME_COOKIE))
    parts = (*reader, *choices, *address, code, *page)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def reader_etag(page: tuple[str, ...], full_path: str | None = None) -> str | None:
    """The ETag of a logged-in page for this reader and request (`full_path`: another address of this app, path
    and query, asked by this page's script), or None when the page cannot be answered from the browser's copy: a
    message waits to be shown once (after a save, a revoke…)."""
    if get_flashed_messages():  # read once per request: the page rendered below shows them all the same
        return None
    generate_csrf()  # the session's token made now if it has none yet, so the page drawn carries the ETag it asks with
    login = getattr(current_user, "login_token", None)  # this device's login (referee/services/sessions.py)
    reader = (str(current_user.id), current_user.username, str(login.id if login else ""))
    browser = {CSRF_KEY: str(session.get(CSRF_KEY, "")), LANGUAGE_COOKIE: request.cookies.get(LANGUAGE_COOKIE, ""),
               "accept_language": request.headers.get("Accept-Language", ""),
               THEME_COOKIE: request.cookies.get(THEME_COOKIE, "")}
    address = (request.scheme, request.host, request.script_root,
               request.full_path if full_path is None else full_path)
    return tag(reader, browser, address, code_digest(), page)


def scoreboard_etag(match: Match) -> str | None:
    """The scoreboard's ETag for this reader, or None when the page cannot be answered from the browser's copy.
    What it holds of the match is read as the polls' fast path reads it (views/spectator_polls.py), by the same
    query, so the two always agree."""
    seen = scoreboard_version(getattr(current_user, "login_secret", ""), match.id)
    if seen is None:  # the login ended a moment ago: the page is drawn, with no ETag
        return None
    return reader_etag(("scoreboard", str(match.id), *seen.page))


def conditional(page: tuple[str, ...], render: Callable[[str], str]) -> Response:
    """A logged-in page answered as a conditional GET: a bare 304 while the reader's copy is what `page` (what it
    shows of the database) would give, found before anything is rendered; else `render(etag)`, the page drawn with
    the ETag its script asks again with."""
    etag = reader_etag(page)
    if etag is not None and request.if_none_match.contains(etag):
        response = Response(status=304, headers=HEADERS)
    else:
        response = Response(render(etag or ""), headers=HEADERS)
    if etag is not None:
        response.set_etag(etag)
    return response
