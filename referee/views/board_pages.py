"""The logged-in scoreboard kept whole once drawn, under its ETag (views/page_tags.py), with each request's own CSRF
token put in.

The tag is made of everything the page shows (the account and this device's login, the browser's session, the
language, the theme, the address asked for, the match's version and its players' names, the code): a browser that
sends it gets a 304 for that reason, and a browser that asks without it (a phone whose cache dropped the page, a
second tab) gets the same bytes, kept, without the match's hands and trail loaded or a template drawn. The one thing
of a request in the page is its forms' CSRF token (signed anew each second): it is taken out when the page is kept
and the request's own put in when it is served. No tag (a flashed message waiting) means nothing kept or served.
Not kept while debugging, when templates change under a running server.
"""

from __future__ import annotations

import secrets

from flask import current_app
from flask_wtf.csrf import generate_csrf
from markupsafe import escape

from .spectator import DrawnPages

KEPT = 64  # pages per process (up to ~100 KB each for a long match): the tables' phones of the last minutes
# What a kept page holds in place of its CSRF token: random for each process, so no name or word of a match can be
# taken for it.
_TOKEN = "csrf-page-" + secrets.token_hex(16)


def kept_pages() -> DrawnPages:
    """This app's kept scoreboard pages."""
    # The app's extensions are a dict of Any: the store is typed where it is made.
    pages: DrawnPages = current_app.extensions.setdefault("board_pages", DrawnPages(KEPT))
    return pages


def kept_board(tag: str) -> str | None:
    """The scoreboard page kept under this tag, with this request's CSRF token in its forms; None if none is."""
    page = None if current_app.debug else kept_pages().get((tag,))
    return None if page is None else page.replace(_TOKEN, str(escape(generate_csrf())))


def keep_board(tag: str, page: str) -> None:
    """Keep a scoreboard page just drawn for this tag, its CSRF token (this request's, in every form) taken out."""
    if not current_app.debug:
        kept_pages().keep((tag,), page.replace(str(escape(generate_csrf())), _TOKEN))
