"""The read-only scoreboard behind an unguessable link, cheap to follow.

The page's script asks again every POLL_SECONDS with the ETag it has: while the match has not changed the
answer is a bare 304, found with one small query and no rendering, so a table of phones watching costs the
server almost nothing and never holds a worker. Without JavaScript the page reloads itself every
REFRESH_SECONDS. The page is the same for everyone who follows the link (it shows nothing of the reader), so
once drawn it is kept, by its tag, and the next phone to ask for it whole gets the same page without drawing it
again.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from flask import Blueprint, Response, abort, current_app, render_template, request
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
KEPT_PAGES = 128  # pages drawn and kept per process: a few tables' matches in each language and theme


class DrawnPages:
    """The spectator pages last drawn, by their tag and address; the oldest goes when there are too many."""

    def __init__(self, size: int) -> None:
        self.size, self.pages, self.lock = size, OrderedDict[tuple[str, ...], str](), threading.Lock()

    def get(self, key: tuple[str, ...]) -> str | None:
        """The page kept under this key, if any."""
        with self.lock:
            return self.pages.get(key)

    def keep(self, key: tuple[str, ...], page: str) -> None:
        """Keep a page just drawn."""
        with self.lock:
            self.pages[key] = page
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


def drawn_pages() -> DrawnPages:
    """This app's kept spectator pages."""
    # The app's extensions are a dict of Any: the store is typed where it is made.
    pages: DrawnPages = current_app.extensions.setdefault("spectator_pages", DrawnPages(KEPT_PAGES))
    return pages


def page_tag(token: str, stamp: SpectatorStamp, language: str, accept_language: str, theme: str) -> str:
    """The ETag of a spectator page: the link, the match's version and its players' names, and what the page's
    language and theme are chosen from (the `lang` cookie and Accept-Language, the `theme` cookie) as the
    request sends them, hashed so the tag gives none of them away. The inputs rather than the language they
    negotiate: the polls' fast path (views/spectator_polls.py) checks a tag without negotiating anything."""
    parts = (token, str(stamp.version), stamp.names, language, accept_language, theme)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def request_tag(token: str, stamp: SpectatorStamp) -> str:
    """The ETag of the spectator page this request asks for."""
    return page_tag(token, stamp, request.cookies.get(LANGUAGE_COOKIE, ""),
                    request.headers.get("Accept-Language", ""), request.cookies.get(THEME_COOKIE, ""))


def draw(token: str, stamp: SpectatorStamp, tag: str) -> str:
    """The page for this tag, drawn now (404 for a link replaced since its stamp was read)."""
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
    # The footer's links hold the address asked for; a developer's server reloads changed templates.
    key, kept = (tag, request.full_path, request.host_url), drawn_pages()
    page = None if current_app.debug else kept.get(key)
    if page is None:
        page = draw(token, stamp, tag)
        kept.keep(key, page)
    response = Response(page, headers=HEADERS)
    response.set_etag(tag)
    return response
