"""Tournaments' pages for the organiser's phone and the members': a club's tournaments, "New tournament", a
tournament's page (entrants, rounds, each table with its players, match, score and QR code), starting and closing
rounds, a result recorded by hand (with the trail), and the standings (services/tournaments.py and its siblings).

An account that is no member of the club gets 404 for every address of its tournaments; a member asking for what
only an organiser does gets 403.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required
from wtforms import Field

from ..forms.accounts import ButtonForm
from ..forms.common import field_errors
from ..forms.tournaments import AgainForm, ResultForm, TournamentForm
from ..services.club_profiles import tournament_profiles
from ..services.clubs import members_of, membership, organised
from ..services.errors import Conflict, Forbidden, NotFound
from ..services.live_versions import tournament_version
from ..services.refusals import Refusal, TournamentRefusal
from ..services.roles import opened_by, organises
from ..services.tournament_rounds import (
    close_round,
    progress,
    record_result,
    result_trail,
    start_round,
    table_codes,
)
from ..services.tournament_standings import tournament_standings
from ..services.tournament_tables import Round, Table, rounds_of_tournament
from ..services.tournaments import Regulars, TournamentInfo, create_tournament, regulars_of, tournaments_of
from ..words.format_words import format_name
from .board_etag import LIVE_SECONDS, conditional
from .lookups import seen
from .qr import qr_svg
from .refusal_words import conflict_words
from .table_codes import SHOWN, join_url, keep_codes
from .tournament_words import reasons_of, state_words, tiebreak_words

bp = Blueprint("tournaments", __name__)


def refused(error: NotFound | Forbidden) -> ResponseReturnValue:
    """404 for what the account may not know of, 403 for what a member may not do."""
    abort(404 if isinstance(error, NotFound) else 403)


@bp.get("/clubs/<int:club_id>/tournaments")
@login_required
def index(club_id: int) -> ResponseReturnValue:
    """The club's tournaments, newest first, and "New tournament" for its organisers."""
    try:
        me = membership(current_user, club_id)
    except NotFound:
        abort(404)
    listed = tournaments_of(me)
    return render_template("tournaments/index.html", club=me.club, organiser=organises(me),
                           tournaments=listed, format_words=format_name)


def new_form(club_id: int, regulars: Regulars) -> tuple[TournamentForm, dict[str, int]]:
    """The new-tournament form with the club's and the organiser's house rules, the club's members and the guests of
    its earlier tournaments offered; the members by their names in lower case, for the names typed."""
    form = TournamentForm()
    members = [(m.user_id, m.user.username) for m in members_of(club_id) if not m.user.guest]
    profiles = tournament_profiles(current_user, club_id)  # the club's, then the organiser's own
    form.offer([(p.id, _("%(name)s (the club's)", name=p.name) if p.club_id else p.name) for p in profiles], members,
               regulars.guests)
    return form, {name.casefold(): user_id for user_id, name in members}


@bp.route("/clubs/<int:club_id>/tournaments/new", methods=["GET", "POST"])
@login_required
def new(club_id: int) -> ResponseReturnValue:
    """The organiser's "New tournament": refused fields said beside them (422), what was typed kept."""
    try:
        me = organised(current_user, club_id)
    except (NotFound, Forbidden) as error:
        return refused(error)
    regulars = regulars_of(club_id)
    form, members = new_form(club_id, regulars)
    if form.validate_on_submit():
        try:
            made = create_tournament(current_user, club_id, form.spec(members))
        except NotFound:
            field_errors(form.profile).append(_("Pick the house rules it is played by."))
        except Conflict as conflict:
            fields: dict[Refusal, Field] = {TournamentRefusal.NAME: form.name, TournamentRefusal.ROUNDS: form.rounds}
            field_errors(fields.get(conflict.reason, form.guests)).append(conflict_words(conflict))
        else:
            flash(_("The tournament is ready: start its first round when the players are seated."), "info")
            return redirect(url_for("tournaments.show", tournament_id=made.id))
        return render_template("tournaments/new.html", club=me.club, form=form, last=regulars.last), 422
    if form.is_submitted():
        return render_template("tournaments/new.html", club=me.club, form=form, last=regulars.last), 422
    if regulars.last is not None and AgainForm(formdata=request.args).last():
        form.offer_again(regulars.last, members)
    return render_template("tournaments/new.html", club=me.club, form=form, last=regulars.last)


def page(info: TournamentInfo, problem: str | None = None, status: int = 200) -> ResponseReturnValue:
    """The tournament's page: the current round's tables first, then the rounds before, the entrants."""
    return page_html(info, problem), status


def page_html(info: TournamentInfo, problem: str | None = None, etag: str = "") -> str:
    """The tournament's page drawn (`etag`: the one its script, static/js/live.js, asks again with)."""
    rounds = rounds_of_tournament(info)
    shown: dict[str, str] = session.get(SHOWN, {}) if info.organiser else {}
    scoring = opened_by(current_user, [table.match_id for one in rounds for table in one.tables
                                       if table.match_id is not None])
    current = rounds[-1] if rounds else None
    trail = result_trail(info)
    return render_template(
        "tournaments/show.html", tournament=info, rounds=rounds, current=current, problem=problem,
        progress=progress(info, rounds), scoring=scoring, button=ButtonForm(),
        format_words=format_name, state_words=state_words, qr_of=lambda table: qr_of(table, shown),
        trail=trail[:20], why_of=reasons_of(info, rounds, trail), etag=etag, poll=LIVE_SECONDS)


def qr_of(table: Table, shown: dict[str, str]) -> tuple[str, Any] | None:
    """The table's join link and its QR code, when this phone made its code."""
    code = shown.get(str(table.id))
    if code is None:
        return None
    return join_url(code), qr_svg(join_url(code))


@bp.get("/tournaments/<int:tournament_id>")
@login_required
def show(tournament_id: int) -> ResponseReturnValue:
    """The tournament's page, as a member sees it (and its organisers' buttons); 304 while the reader's copy is
    still what the page would show (views/board_etag.py)."""
    info = seen(tournament_id)
    return conditional(("tournament", str(info.id), str(info.organiser), tournament_version(info.id, current_user),
                        shown_codes(info)), lambda etag: page_html(info, etag=etag))


def shown_codes(info: TournamentInfo) -> str:
    """The tables' join codes this phone made, as the ETag holds them (they draw the tables' QR codes)."""
    return json.dumps(session.get(SHOWN, {}) if info.organiser else {}, sort_keys=True)


@bp.post("/tournaments/<int:tournament_id>/rounds")
@login_required
def start(tournament_id: int) -> ResponseReturnValue:
    """Start the next round (a button: CSRFProtect checks its token); refused: the page saying why (409)."""
    info = seen(tournament_id)
    try:
        started = start_round(current_user, tournament_id)
    except Forbidden as error:
        return refused(error)
    except Conflict as conflict:
        return page(info, conflict_words(conflict), 409)
    keep_codes(started.codes)
    flash(_("Round %(number)d has started: each table opens its match from its QR code.",
            number=started.round.number), "info")
    return redirect(url_for("tournaments.show", tournament_id=tournament_id))


@bp.post("/tournaments/<int:tournament_id>/close")
@login_required
def close(tournament_id: int) -> ResponseReturnValue:
    """Close the current round; refused while a table has no result (409, naming them)."""
    info = seen(tournament_id)
    try:
        closed = close_round(current_user, tournament_id)
    except Forbidden as error:
        return refused(error)
    except Conflict as conflict:
        return page(info, conflict_words(conflict), 409)
    flash(_("Round %(number)d is closed.", number=closed.number), "info")
    return redirect(url_for("tournaments.show", tournament_id=tournament_id))


@bp.post("/tournaments/<int:tournament_id>/codes")
@login_required
def codes(tournament_id: int) -> ResponseReturnValue:
    """New QR codes for the current round's tables, on this phone (the old codes stop working)."""
    seen(tournament_id)
    try:
        keep_codes(table_codes(current_user, tournament_id))
    except Forbidden as error:
        return refused(error)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id))


def table_in(rounds: list[Round], table_id: int) -> tuple[Round, Table]:
    """The round and the table of this id (404 when the tournament has none)."""
    for one in rounds:
        for table in one.tables:
            if table.id == table_id and not table.is_bye:
                return one, table
    abort(404)


@bp.route("/tournaments/<int:tournament_id>/tables/<int:table_id>/result", methods=["GET", "POST"])
@login_required
def result(tournament_id: int, table_id: int) -> ResponseReturnValue:
    """Record or correct a table's result by hand (organisers), with the reason; the trail of the table below."""
    info = seen(tournament_id)
    if not info.organiser:
        abort(403)
    one, table = table_in(rounds_of_tournament(info), table_id)
    form = ResultForm()
    form.home_points.label.text, form.away_points.label.text = table.home.name, table.away.name if table.away else ""
    if not form.is_submitted() and table.result is not None:
        form.home_points.data, form.away_points.data = table.result
    status = 200
    if form.validate_on_submit():
        try:
            record_result(current_user, table_id, form.home_points.data or 0, form.away_points.data or 0,
                          form.reason.data or "")
        except Conflict as conflict:
            field_errors(form.reason if conflict.reason is TournamentRefusal.REASON else form.home_points).append(
                conflict_words(conflict))
        else:
            flash(_("The result of table %(number)d is recorded.", number=table.number or 0), "info")
            return redirect(url_for("tournaments.show", tournament_id=tournament_id))
    if form.is_submitted():
        status = 422
    changes = [change for change in result_trail(info)
               if (change.round_number, change.table_number) == (one.number, table.number)]
    return render_template("tournaments/result.html", tournament=info, round=one, table=table, form=form,
                           changes=changes), status


@bp.get("/tournaments/<int:tournament_id>/standings")
@login_required
def standings(tournament_id: int) -> ResponseReturnValue:
    """The standings now: every finished table counts, those still playing do not."""
    info = seen(tournament_id)
    return render_template("tournaments/standings.html", tournament=info, tiebreak_words=tiebreak_words,
                           lines=tournament_standings(info))
