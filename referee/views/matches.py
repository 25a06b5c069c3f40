"""Matches: history, a new match, the scoreboard, draw for dealer, rematch, undo, the spectator link."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms import DrawForm, NewMatchForm
from ..models import Match
from ..rules import Card
from ..services import Conflict, MatchSettings, NotFound, create_match, get_match, rematch, scoreboard, undo_last_hand
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
    """The account's matches, newest first."""
    player = request.args.get("player", "")
    status = request.args.get("status", "")
    page = request.args.get("page", 1, type=int)
    return render_template("matches/index.html", page=match_history(current_user, page, player, status),
                           player=player, status=status, board=scoreboard)


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Start a match: rules, players, first dealer."""
    form = NewMatchForm()
    if form.validate_on_submit():
        first = None if form.first_dealer.data == "draw" else int(form.first_dealer.data)
        match = create_match(current_user, MatchSettings(
            preset=form.preset.data, options=form.options(), deck_style=form.deck(),
            names=form.player_names(), partnerships=form.seating.data == "pairs", first_dealer=first))
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
    token = spectator_link(match)
    watch_url = url_for("spectator.watch", token=token, _external=True)
    return render_template("matches/show.html", board=scoreboard(match), watch_url=watch_url,
                           qr=qr_svg(watch_url))


@bp.route("/<int:match_id>/draw", methods=["GET", "POST"])
@login_required
def draw_for_dealer(match_id: int) -> ResponseReturnValue:
    """Each player draws a card; the highest deals, the tied draw again."""
    match = owned(match_id)
    form = DrawForm()
    seats = _drawing_seats(form.seats.data, len(match.seats))
    if form.validate_on_submit() and len(form.cards.entries) == len(seats):
        result = draw(match, {seat: Card.parse(entry.data) for seat, entry in zip(seats, form.cards.entries)})
        if result.dealer is not None:
            flash(_("%(name)s deals first.", name=match.seats[result.dealer].name), "success")
            return redirect(url_for("matches.show", match_id=match.id))
        flash(_("A tie for the highest card: those players draw again."), "info")
        seats = list(result.redraw)
        form = DrawForm(formdata=None)
    form.seats.data = ",".join(map(str, seats))
    while len(form.cards.entries) < len(seats):
        form.cards.append_entry()
    status = 422 if form.errors else 200
    return render_template("matches/draw.html", match=match, form=form, seats=seats), status


def _drawing_seats(posted: str | None, n_seats: int) -> list[int]:
    """The seats drawing this round: all at first, the tied ones after a tie; anything else is refused."""
    if not posted:
        return list(range(n_seats))
    parts = posted.split(",")
    if not all(p.isdigit() for p in parts):
        abort(400)
    seats = [int(p) for p in parts]
    if len(set(seats)) != len(seats) or not all(0 <= s < n_seats for s in seats) or len(seats) < 2:
        abort(400)
    return seats


@bp.post("/<int:match_id>/rematch")
@login_required
def play_again(match_id: int) -> ResponseReturnValue:
    """Same players, same rules, a new match."""
    match = rematch(current_user, owned(match_id))
    return redirect(url_for("matches.show", match_id=match.id))


@bp.post("/<int:match_id>/undo")
@login_required
def undo(match_id: int) -> ResponseReturnValue:
    """Take back the last hand."""
    match = owned(match_id)
    try:
        if undo_last_hand(match, request.form.get("version", type=int) or 0):
            flash(_("The last hand was taken back."), "info")
    except Conflict:
        flash(_("The match changed on another phone meanwhile: check the scoreboard and try again."), "error")
    return redirect(url_for("matches.show", match_id=match.id))


@bp.post("/<int:match_id>/link")
@login_required
def new_link(match_id: int) -> ResponseReturnValue:
    """Revoke the spectator link; a new one replaces it."""
    revoke_spectator_link(owned(match_id))
    flash(_("The old spectator link no longer works. Share the new one."), "info")
    return redirect(url_for("matches.show", match_id=match_id) + "#spectators")
