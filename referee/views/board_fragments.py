"""The scoreboard's chart, hand table and trail, drawn once per state of the match and kept.

They are most of what a long match's scoreboard draws (a row per hand, a point per hand and side), and they
show the match alone: its hands, its sides' names, words in the reader's language and links under the page's
address. No form, no CSRF token, no account name but the match's own players': so a fragment may be given to
any reader of the same match in the same language, at the same address; the scoreboard is its owner's alone
anyway. A fragment is kept under what changes it: the match and its version (every saved, corrected, taken back
or restored hand and every reopened match bumps it), its sides' names (a player renamed changes them without a
new version), the deck, the language and the address's host and prefix. The trail is kept too: its forms'
CSRF token, the one thing in it of the reader's session, is put in when the page is drawn. Not kept while
debugging, when templates change under a running server.
"""

from __future__ import annotations

import secrets

from flask import current_app, render_template, request
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from ..services.scoreboard import Scoreboard
from .chart import board_chart
from .spectator import DrawnPages

KEPT = 512  # fragments per process: a few dozen tables' matches in each language
# What the trail is drawn with in place of its forms' CSRF token, put in per request: random for each process,
# so no name or word of a match can be taken for it.
_TOKEN = "csrf-" + secrets.token_hex(16)


def kept_fragments() -> DrawnPages:
    """This app's kept fragments (the spectator pages' store, with its own entries)."""
    # The app's extensions are a dict of Any: the store is typed where it is made.
    pages: DrawnPages = current_app.extensions.setdefault("board_fragments", DrawnPages(KEPT))
    return pages


def fragment_key(board: Scoreboard) -> tuple[str, ...]:
    """What the chart and the hand table of this scoreboard depend on."""
    match = board.match
    return (request.host, request.script_root, str(match.id), str(match.version), str(match.deck_style),
            str(get_locale()), str(len(board.side_names)), *board.side_names)


def board_fragments(board: Scoreboard) -> tuple[Markup, Markup]:
    """The scoreboard's chart and its hand table (with the correction links), as kept or drawn now."""
    key = fragment_key(board)
    store = kept_fragments()
    chart = None if current_app.debug else store.get(("chart", *key))
    hands = None if current_app.debug else store.get(("hands", *key))
    if chart is None:
        chart = render_template("matches/_chart.html", board=board,
                                chart=board_chart(board.rows, board.standing.target))
        store.keep(("chart", *key), chart)
    if hands is None:
        hands = render_template("matches/_hands.html", board=board, editable=True)
        store.keep(("hands", *key), hands)
    return Markup(chart), Markup(hands)  # drawn by the autoescaping templates above


def trail_fragment(board: Scoreboard) -> Markup:
    """The scoreboard's trail, as kept or drawn now, with this request's CSRF token in its forms.

    Kept also under the number of events and the last one's id: a change noted without a new version (none is
    today) still draws it again."""
    events = board.match.events
    key = ("trail", *fragment_key(board), str(len(events)), str(events[-1].id if events else ""))
    store = kept_fragments()
    trail = None if current_app.debug else store.get(key)
    if trail is None:
        trail = render_template("matches/_trail.html", board=board, csrf_token=lambda: _TOKEN)
        store.keep(key, trail)
    return Markup(trail.replace(_TOKEN, str(escape(generate_csrf()))))  # the templates escaped the rest
