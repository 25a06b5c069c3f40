"""The scoreboard's chart and hand table, drawn once per state of the match and kept.

They are most of what a long match's scoreboard draws (a row per hand, a point per hand and side), and they
show the match alone: its hands, its sides' names, words in the reader's language and links under the page's
address. No form, no CSRF token, no account name but the match's own players': so a fragment may be given to
any reader of the same match in the same language, at the same address; the scoreboard is its owner's alone
anyway. A fragment is kept under what changes it: the match and its version (every saved, corrected, taken back
or restored hand and every reopened match bumps it), its sides' names (a player renamed changes them without a
new version), the deck, the language and the address's host and prefix. Not kept while debugging, when
templates change under a running server.
"""

from __future__ import annotations

from flask import current_app, render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from ..services.scoreboard import Scoreboard
from .chart import board_chart
from .spectator import DrawnPages

KEPT = 512  # fragments per process: a few dozen tables' matches in each language


def kept_fragments() -> DrawnPages:
    """This app's kept fragments (the spectator pages' store, with its own entries)."""
    return current_app.extensions.setdefault("board_fragments", DrawnPages(KEPT))  # type: ignore[no-any-return]


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
