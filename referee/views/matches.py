"""Matches: history, a new match, the scoreboard, draw for dealer, rematch, the spectator link (undo and the
trail's buttons: views/trail.py)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms import DrawForm, NewMatchForm
from ..forms.matches import HistoryForm
from ..models import Match
from ..rules import Card
from ..services import Conflict, MatchSettings, NotFound, create_match, get_match, rematch, scoreboard
from ..services.history import match_history
from ..services.matches import draw, revoke_spectator_link, spectator_link
from .qr import qr_svg

bp = Blueprint("matches", __name__, url_prefix="/matches")


def owned(match_id: int) -> Match:
    """The current user's match, or 404 (also for another account's)."""
    try:
        return get_match(current_user, match_id)
    except NotFound:
        abort(404)


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The account's matches, newest first; a filter no page offers is refused beside it (422)."""
    form = HistoryForm(formdata=request.args)
    valid = form.validate()
    player, status = form.filters()
    return render_template("matches/index.html", page=match_history(current_user, form.page_number(), player, status),
                           form=form, player=player, status=status, board=scoreboard), 200 if valid else 422


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Start a match: rules, players, first dealer."""
    form = NewMatchForm()
    if form.validate_on_submit():
        match = create_match(current_user, MatchSettings(
            preset=form.preset.data, options=form.options(), deck_style=form.deck(),
            names=form.player_names(), partnerships=form.seating.data == "pairs", first_dealer=form.first_seat()))
        return redirect(url_for("matches.show", match_id=match.id))
    roster = [entry.name for entry in current_user.roster]
    return render_template("matches/new.html", form=form, roster=roster), 422 if form.errors else 200


@bp.get("/<int:match_id>")
@login_required
def show(match_id: int) -> ResponseReturnValue:
    """The scoreboard, the hands, the trail and the spectator link."""
    match = owned(match_id)
    if match.first_dealer is None:
        return redirect(url_for("matches.draw_for_dealer", match_id=match.id))
    try:
        token = spectator_link(match)
    except Conflict:  # the match kept changing on other phones while the link was made: show it afresh
        return redirect(url_for("matches.show", match_id=match.id))
    watch_url = url_for("spectator.watch", token=token, _external=True)
    return render_template("matches/show.html", board=scoreboard(match, actions=True), watch_url=watch_url,
                           qr=qr_svg(watch_url))


@bp.route("/<int:match_id>/draw", methods=["GET", "POST"])
@login_required
def draw_for_dealer(match_id: int) -> ResponseReturnValue:
    """Each player draws a card: the highest deals, the tied draw again."""
    match = owned(match_id)
    if match.first_dealer is not None:  # drawn already, on this phone or another
        return redirect(url_for("matches.show", match_id=match.id))
    form = DrawForm()
    seats = form.drawing_seats(len(match.seats))
    if seats is None:
        abort(400)  # the hidden list of drawing seats was tampered with
    if form.validate_on_submit():
        try:
            result = draw(match, {seat: Card.parse(code) for seat, code in form.drawn().items()})
        except Conflict:
            return redirect(url_for("matches.show", match_id=match.id))  # another phone's draw came first
        if result.dealer is not None:
            flash(_("%(name)s deals first.", name=match.seats[result.dealer].name), "success")
            return redirect(url_for("matches.show", match_id=match.id))
        flash(_("A tie for the highest card: those players draw again."), "info")
        seats = list(result.redraw)
        form = DrawForm(formdata=None)
    form.fit(seats)
    status = 422 if form.errors else 200
    return render_template("matches/draw.html", match=match, form=form, seats=seats), status


@bp.post("/<int:match_id>/rematch")
@login_required
def play_again(match_id: int) -> ResponseReturnValue:
    """Same players, same rules, a new match."""
    match = rematch(current_user, owned(match_id))
    return redirect(url_for("matches.show", match_id=match.id))


@bp.post("/<int:match_id>/link")
@login_required
def new_link(match_id: int) -> ResponseReturnValue:
    """Revoke the spectator link; a new one replaces it."""
    try:
        revoke_spectator_link(owned(match_id))
        flash(_("The old spectator link no longer works. Share the new one."), "info")
    except Conflict:
        flash(_("The match changed on another phone meanwhile: check the scoreboard and try again."), "error")
    return redirect(url_for("matches.show", match_id=match_id) + "#spectators")
