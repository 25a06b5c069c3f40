"""A tournament's board for a TV (its public link, refreshed by conditional GETs as the spectator page is), the
organiser's page that makes and replaces that link and sets the round length, and the printable round sheets.

The board is public behind its link, so a wall TV shows it with nobody logged in on it: the page shows nothing of
who reads it. A link never made, or replaced since, is a plain 404. The board page's script (static/js/live.js)
asks again every POLL_SECONDS with its ETag and gets a bare 304 while nothing changed; the round timer counts down
in the browser (static/js/board.js) from the round's start time written in the page, so the page itself does not
change every second.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required

from ..forms.accounts import ButtonForm
from ..forms.common import field_errors
from ..forms.tournament_board import RoundLengthForm
from ..services.errors import Conflict, Forbidden, NotFound
from ..services.live_versions import tournament_version
from ..services.tournament_board import (
    Board,
    BoardVersion,
    board_link,
    board_of,
    board_version,
    make_board_link,
    member_board,
    public_board,
    set_round_length,
)
from ..services.tournament_rounds import progress, table_codes
from ..services.tournament_tables import Round, Table, TableState
from ..services.tournaments import TournamentInfo
from ..web.i18n import LANGUAGE_COOKIE
from ..words.format_words import format_name
from .board_etag import LIVE_SECONDS, code_digest, conditional
from .lookups import seen
from .qr import qr_svg
from .refusal_words import conflict_words
from .table_codes import SHOWN, join_url, keep_codes
from .themes import THEME_COOKIE
from .tournament_words import reasons_of, state_words

bp = Blueprint("tournament_board", __name__)

POLL_SECONDS = 3  # a result shows on the wall within a few seconds
REFRESH_SECONDS = 30  # without JavaScript: a whole-page reload
STANDING_LINES = 16  # the standings' lines that fit beside 16 tables at 1280×720
HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language", "Referrer-Policy": "no-referrer"}


def board_etag(token: str, seen_version: BoardVersion) -> str:
    """The board's ETag: the link, what the board shows, what the page's language and theme are chosen from, and
    the code that renders it, hashed so that it gives none of them away."""
    parts = (token, seen_version.digest, request.cookies.get(LANGUAGE_COOKIE, ""),
             request.headers.get("Accept-Language", ""), request.cookies.get(THEME_COOKIE, ""), code_digest())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def started_iso(one: Round) -> str:
    """A round's start as the browser's Date reads it (stored in UTC, without its zone)."""
    started = one.started_at if one.started_at.tzinfo else one.started_at.replace(tzinfo=UTC)
    return started.astimezone(UTC).isoformat(timespec="seconds")


def render_board(board: Board, token: str, etag: str) -> str:
    """The board page."""
    public_url = url_for("tournament_board.wall", token=token, _external=True)
    return render_template(
        "tournaments/board.html", board=board, current=board.current, etag=etag, poll=POLL_SECONDS,
        refresh=REFRESH_SECONDS, lines=board.standings[:STANDING_LINES],
        more=max(0, len(board.standings) - STANDING_LINES), public_url=public_url, qr=qr_svg(public_url),
        started=started_iso(board.current) if board.current else "", done=progress(board.info, board.rounds).finished,
        format_words=format_name,
        states={state: state_words(state) for state in TableState})  # each looked up once, not once a table


@bp.get("/board/<token>")
def wall(token: str) -> ResponseReturnValue:
    """The board anyone with the link sees (a TV on the wall); 304 while it has not changed, 404 for a link never
    made or replaced."""
    try:
        version = board_version(token)
    except NotFound:
        abort(404)
    etag = board_etag(token, version)
    if request.if_none_match.contains(etag):
        response = Response(status=304, headers=HEADERS)
    else:
        try:
            board = public_board(token, version.tournament_id)
        except NotFound:  # replaced between the two reads
            abort(404)
        response = Response(render_board(board, token, etag), headers=HEADERS)
    response.set_etag(etag)
    return response


def settings_page(tournament_id: int, form: RoundLengthForm | None = None, status: int = 200) -> ResponseReturnValue:
    """The board's page for the club: its link and QR code; for organisers, the link's and the timer's forms."""
    info = seen(tournament_id)
    link = board_link(info)
    board = board_of(info, link.round_minutes)
    if form is None:
        form = RoundLengthForm(data={"minutes": board.round_minutes})
    url = None
    if link.token is not None:
        url = url_for("tournament_board.wall", token=link.token, _external=True)
    return render_template("tournaments/board_settings.html", tournament=info, link=link, url=url,
                           qr=qr_svg(url) if url else None, form=form, button=ButtonForm(),
                           rounds=board.rounds), status


@bp.get("/tournaments/<int:tournament_id>/board")
@login_required
def settings(tournament_id: int) -> ResponseReturnValue:
    """The board's link for the club's members; its forms for the organisers."""
    return settings_page(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/board/link")
@login_required
def new_link(tournament_id: int) -> ResponseReturnValue:
    """Make the board's link, or replace it (the old one stops working); organisers only."""
    seen(tournament_id)
    try:
        make_board_link(current_user, tournament_id)
    except Forbidden:
        abort(403)
    return redirect(url_for("tournament_board.settings", tournament_id=tournament_id))


@bp.post("/tournaments/<int:tournament_id>/board/length")
@login_required
def round_length(tournament_id: int) -> ResponseReturnValue:
    """Set the round length the board's timer counts down (empty: no timer); organisers only."""
    if not seen(tournament_id).organiser:
        abort(403)
    form = RoundLengthForm()
    if not form.validate_on_submit():
        return settings_page(tournament_id, form, 422)
    try:
        set_round_length(current_user, tournament_id, form.minutes.data)
    except Forbidden:
        abort(403)
    except Conflict as refused:  # the form's bounds are the service's: kept for a caller that skips the form
        field_errors(form.minutes).append(conflict_words(refused))
        return settings_page(tournament_id, form, 422)
    return redirect(url_for("tournament_board.settings", tournament_id=tournament_id))


def sheet_round(rounds: list[Round], number: int) -> Round:
    """The round of this number (404 when the tournament has none)."""
    for one in rounds:
        if one.number == number:
            return one
    abort(404)


def sheet_qr(table: Table, shown: dict[str, str]) -> tuple[str, Any] | None:
    """A table's join link and QR code, when this phone made the round's codes."""
    code = shown.get(str(table.id))
    return None if code is None else (join_url(code), qr_svg(join_url(code)))


@bp.get("/tournaments/<int:tournament_id>/rounds/<int:number>/sheet")
@login_required
def sheet(tournament_id: int, number: int) -> ResponseReturnValue:
    """A round's printable sheet (organisers): each table's number, players, the QR code to score it, and blank
    boxes for the scores; one A4 or Letter page up to 16 tables."""
    info = seen(tournament_id)
    if not info.organiser:
        abort(403)
    shown: dict[str, str] = session.get(SHOWN, {})
    return conditional(("sheet", str(info.id), str(number), tournament_version(info.id, current_user),
                        json.dumps(shown, sort_keys=True)), lambda etag: sheet_page(info, number, shown, etag))


def sheet_page(info: TournamentInfo, number: int, shown: dict[str, str], etag: str) -> str:
    """A round's sheet drawn (`etag`: the one its script, static/js/live.js, asks again with on screen)."""
    board = member_board(info)
    one = sheet_round(board.rounds, number)
    tables = [table for table in one.tables if not table.is_bye]
    current = board.current is not None and one.number == board.current.number and not one.closed
    return render_template("tournaments/sheet.html", tournament=info, round=one, tables=tables,
                           byes=[table for table in one.tables if table.is_bye], button=ButtonForm(),
                           current=current, qr_of=lambda table: sheet_qr(table, shown),
                           missing=current and any(str(table.id) not in shown for table in tables),
                           why_of=reasons_of(info, board.rounds),
                           printed=datetime.now(UTC), etag=etag, poll=LIVE_SECONDS)


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/sheet/codes")
@login_required
def sheet_codes(tournament_id: int, number: int) -> ResponseReturnValue:
    """New QR codes for the current round's tables, for its sheet (the old codes stop working); organisers only."""
    seen(tournament_id)
    try:
        keep_codes(table_codes(current_user, tournament_id))
    except Forbidden:
        abort(403)
    return redirect(url_for("tournament_board.sheet", tournament_id=tournament_id, number=number))
