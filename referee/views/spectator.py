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

from ..i18n import LANGUAGE_COOKIE
from ..services import NotFound, scoreboard
from ..services.errors import Gone
from ..services.matches import SpectatorStamp, by_spectator_token, spectator_stamp
from ..services.story import match_story
from .chart import board_chart
from .pwa import THEME_COOKIE

bp = Blueprint("spectator", __name__)

POLL_SECONDS = 2  # with JavaScript: a saved hand shows within POLL_SECONDS and one answer's time
REFRESH_SECONDS = 15  # without: a whole-page reload, kept slower so the reader is not interrupted often
# Each answer is for this link and this browser only, and is checked again before it is shown.
HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language", "Referrer-Policy": "no-referrer"}


def page_tag(token: str, stamp: SpectatorStamp, language: str, accept_language: str, theme: str) -> str:
    """The ETag of a spectator page: the link, the match's version (its players' names included: renaming, merging
    or deleting one bumps it), and what the page's
    language and theme are chosen from (the `lang` cookie and Accept-Language, the `theme` cookie) as the
    request sends them, hashed so the tag gives none of them away. The inputs rather than the language they
    negotiate: the polls' fast path (views/spectator_polls.py) checks a tag without negotiating anything."""
    parts = (token, str(stamp.version), language, accept_language, theme)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def request_tag(token: str, stamp: SpectatorStamp) -> str:
    """The ETag of the spectator page this request asks for."""
    return page_tag(token, stamp, request.cookies.get(LANGUAGE_COOKIE, ""),
                    request.headers.get("Accept-Language", ""), request.cookies.get(THEME_COOKIE, ""))


def render(token: str, stamp: SpectatorStamp, tag: str) -> str:
    """The page for this tag, rendered now (404 for a link replaced since its stamp was read)."""
    try:
        match = by_spectator_token(token, stamp.match_id)
    except LookupError:  # replaced between the two reads: the next request says so
        abort(404)
    board = scoreboard(match)
    return render_template("spectator/watch.html", board=board, refresh=REFRESH_SECONDS, poll=POLL_SECONDS, tag=tag,
                           chart=board_chart(board.rows, board.standing.target), story=match_story(board))


@bp.get("/watch/<token>")
def watch(token: str) -> ResponseReturnValue:
    """The scoreboard anyone with the link can see; 304 while it has not changed, 410 once the link was
    replaced, 404 for a link never made."""
    try:
        stamp = spectator_stamp(token)
    except Gone:
        return render_template("spectator/gone.html"), 410, HEADERS
    except NotFound:
        abort(404)
    tag = request_tag(token, stamp)
    if request.if_none_match.contains(tag):
        response = Response(status=304, headers=HEADERS)
        response.set_etag(tag)
        return response
    response = Response(render(token, stamp, tag), headers=HEADERS)
    response.set_etag(tag)
    return response
