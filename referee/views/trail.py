"""Taking back and bringing back: undo the last hand (asked first), restore it, revert a correction."""

from __future__ import annotations

from typing import cast

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import login_required

from ..forms.matches import TrailForm, UndoForm
from ..models import Match
from ..rules import InvalidEntry
from ..services import Conflict, NotFound, scoreboard, undo_last_hand
from ..services.trail import restore_hand, revert_correction, undone_event
from .matches import owned

bp = Blueprint("trail", __name__, url_prefix="/matches/<int:match_id>")


def _changed() -> None:
    """Say that the page was older than the match (the scoreboard shows it as it is now)."""
    flash(_("The match changed on another phone meanwhile: check the scoreboard and try again."), "error")


def _board(match: Match) -> ResponseReturnValue:
    """Back to the scoreboard, at its trail."""
    return redirect(url_for("matches.show", match_id=match.id))


@bp.route("/undo", methods=["GET", "POST"])
@login_required
def undo(match_id: int) -> ResponseReturnValue:
    """Ask first (GET: the hand that would be taken back, a button to do it, a way to keep it), then take
    back the last hand (POST: the one the confirmation showed, when it says which)."""
    match = owned(match_id)
    if request.method == "GET":
        return _confirm_undo(match)
    form = UndoForm()
    if not form.validate_on_submit():
        abort(400)  # the button's hidden fields were tampered with
    try:
        if undo_last_hand(match, int(cast(str, form.version.data)), form.hand_number()):
            flash(_("The last hand was taken back. You can restore it from “What changed”."), "info")
    except Conflict:
        _changed()
    return _board(match)


def _confirm_undo(match: Match) -> ResponseReturnValue:
    """The confirmation page; the scoreboard when there is no hand to take back."""
    if not match.hands:
        return _board(match)
    board = scoreboard(match)
    form = UndoForm(formdata=None, version=str(match.version), number=str(match.hands[-1].number))
    return render_template("matches/undo.html", board=board, row=board.rows[-1], form=form)


@bp.post("/trail/<int:event_id>/restore")
@login_required
def restore(match_id: int, event_id: int) -> ResponseReturnValue:
    """Bring back a hand taken back; when it no longer follows the hands there are, say so and offer to
    enter it as the next hand."""
    match = owned(match_id)
    form = TrailForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = restore_hand(match, event_id, int(cast(str, form.version.data)))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        if conflict.reason != "not_next":
            _changed()
            return _board(match)
        return _refused(match, event_id, conflict)
    except InvalidEntry:  # the rules no longer read the kept entry: enter it anew
        return _refused(match, event_id, None)
    flash(_("Hand %(number)s restored.", number=hand.number), "success")
    return _board(match)


def _refused(match: Match, event_id: int, conflict: Conflict | None) -> ResponseReturnValue:
    """A hand that cannot come back as it was: why, and the offer to enter its entry as the next hand (409)."""
    return render_template("matches/restore_refused.html", board=scoreboard(match), conflict=conflict,
                           event=undone_event(match, event_id)), 409


@bp.post("/trail/<int:event_id>/revert")
@login_required
def revert(match_id: int, event_id: int) -> ResponseReturnValue:
    """Give a corrected hand back the entry it had before the correction."""
    match = owned(match_id)
    form = TrailForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = revert_correction(match, event_id, int(cast(str, form.version.data)))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        if conflict.reason == "not_revertable":
            flash(_("Hand %(number)s is no longer the hand that correction changed, or has its entry from before "
                    "already: nothing was changed.", number=conflict.params["number"]), "error")
        else:
            _changed()
        return _board(match)
    except InvalidEntry:
        flash(_("The entry from before that correction no longer passes the checks: correct the hand instead."),
              "error")
        return _board(match)
    flash(_("Hand %(number)s is back to its entry from before the correction.", number=hand.number), "success")
    return _board(match)
