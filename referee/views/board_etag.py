"""Conditional GETs for the logged-in scoreboard: an ETag made of everything the page shows, so a phone that
reloads (or comes back to) an unchanged scoreboard gets a bare 304, found without rendering anything.

The ETag is private to the reader: it holds the account, this device's login and this browser's session (whose
CSRF token the page's forms carry: bound to the session, with no time limit, so a copy's forms never go stale),
the language and the theme, the match's version (every change of what the match shows bumps it: a hand saved,
corrected, taken back or restored, the link replaced, a player renamed, merged or deleted), for a match of a club
whether the reader is a member of it (a tournament's table leads a member back to its tournament), the address
asked for (its host, the prefix the app is served under, the path and query), and the code that renders the
page. The answer says `Cache-Control: private, no-cache` and `Vary: Cookie, Accept-Language`, as the spectator
page's does, so no shared cache keeps it and the browser asks again each time.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import current_app, get_flashed_messages, request, session
from flask_babel import get_locale
from flask_login import current_user

from ..models import Match
from ..services.clubs import is_member
from .themes import THEME_COOKIE

HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language"}
PACKAGE = Path(__file__).resolve().parent.parent


def code_digest() -> str:
    """What tells this version of the app from another: the names, sizes and times of its templates, static
    files, code and catalogs, read once per process (a deploy restarts the workers, which all find the same)."""
    known = current_app.extensions.get("code_digest")
    if known is None:
        folders = [Path(current_app.template_folder or ""), Path(current_app.static_folder or ""), PACKAGE]
        digest = hashlib.sha256()
        for folder in folders:
            for path in sorted(folder.rglob("*")):
                if path.is_file() and path.suffix not in (".pyc", ".po", ".pot"):
                    stat = path.stat()
                    digest.update(f"{path.relative_to(folder)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        known = current_app.extensions["code_digest"] = digest.hexdigest()[:16]
    return known


def scoreboard_etag(match: Match) -> str | None:
    """The scoreboard's ETag for this reader, or None when the page cannot be answered from the browser's copy:
    a message waits to be shown once (after a save, a revoke…)."""
    if get_flashed_messages():  # read once per request: the page rendered below shows them all the same
        return None
    login = getattr(current_user, "login_token", None)  # this device's login (referee/services/sessions.py)
    parts = (
        str(current_user.id), current_user.username, str(login.id if login else ""),
        str(session.get("csrf_token", "")),
        str(get_locale()), request.cookies.get(THEME_COOKIE, ""), request.host_url, request.script_root,
        request.full_path,
        str(match.id), str(match.version), code_digest(),
        "" if match.club_id is None else str(is_member(current_user, match.club_id)),
    )
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
