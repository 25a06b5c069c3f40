"""The read-only scoreboard behind an unguessable link, cheap to follow.

The page's script asks again every POLL_SECONDS with the ETag it has: while the match has not changed the
answer is a bare 304, found with one small query and no rendering, so a table of phones watching costs the
server almost nothing and never holds a worker. Without JavaScript the page reloads itself every
REFRESH_SECONDS. The page is the same for everyone who follows the link: it shows nothing of the reader.
"""

from __future__ import annotations

import hashlib

from flask import Blueprint, Response, abort, render_template, request
from flask.typing import ResponseReturnValue

from ..services import NotFound, scoreboard
from ..services.errors import Gone
from ..services.matches import SpectatorVersion, by_spectator_token, spectator_version
from ..services.story import match_story
from ..web.i18n import LANGUAGE_COOKIE
from .chart import board_chart
from .themes import THEME_COOKIE

bp = Blueprint("spectator", __name__)

POLL_SECONDS = 2  # with JavaScript: a saved hand shows within POLL_SECONDS and one answer's time
REFRESH_SECONDS = 15  # without: a whole-page reload, kept slower so the reader is not interrupted often
# Each answer is for this link and this browser only, and is checked again before it is shown.
HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language", "Referrer-Policy": "no-referrer"}


def page_etag(token: str, seen: SpectatorVersion, language: str, accept_language: str, theme: str) -> str:
    """The ETag of a spectator page: the link, the match's version (its players' names included: renaming, merging
    or deleting one bumps it), and what the page's
    language and theme are chosen from (the `lang` cookie and Accept-Language, the `theme` cookie) as the
    request sends them, hashed so the ETag gives none of them away. The inputs rather than the language they
    negotiate: the polls' fast path (views/spectator_polls.py) checks an ETag without negotiating anything."""
    parts = (token, str(seen.version), language, accept_language, theme)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def request_etag(token: str, seen: SpectatorVersion) -> str:
    """The ETag of the spectator page this request asks for."""
    return page_etag(token, seen, request.cookies.get(LANGUAGE_COOKIE, ""),
                    request.headers.get("Accept-Language", ""), request.cookies.get(THEME_COOKIE, ""))


def render(token: str, seen: SpectatorVersion, etag: str) -> str:
    """The page for this ETag, rendered now (404 for a link replaced since its version was read)."""
    try:
        match = by_spectator_token(token, seen.match_id)
    except LookupError:  # replaced between the two reads: the next request says so
        abort(404)
    board = scoreboard(match)
    return render_template("spectator/watch.html", board=board, refresh=REFRESH_SECONDS, poll=POLL_SECONDS, etag=etag,
                           chart=board_chart(board.rows, board.standing.target), story=match_story(board))


@bp.get("/watch/<token>")
def watch(token: str) -> ResponseReturnValue:
    """The scoreboard anyone with the link can see; 304 while it has not changed, 410 once the link was
    replaced, 404 for a link never made."""
    try:
        seen = spectator_version(token)
    except Gone:
        return render_template("spectator/gone.html"), 410, HEADERS
    except NotFound:
        abort(404)
    etag = request_etag(token, seen)
    if request.if_none_match.contains(etag):
        response = Response(status=304, headers=HEADERS)
        response.set_etag(etag)
        return response
    response = Response(render(token, seen, etag), headers=HEADERS)
    response.set_etag(etag)
    return response
