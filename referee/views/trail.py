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
from ..services.hands import expect_unsettled
from ..services.refusals import MatchRefusal
from ..services.scoreboard import side_names
from ..services.trail import preview_revert, restore_hand, revert_correction, undone_event
from .lookups import scored
from .refusal_words import conflict_words

bp = Blueprint("trail", __name__, url_prefix="/matches/<int:match_id>")

UNDONE = "undone"  # the flash's category after an undo: the scoreboard renders it with the Restore button


def _unchanged(refused: Conflict) -> None:
    """Say why nothing changed (a page older than the match, say): the scoreboard shows the match as it is now."""
    flash(conflict_words(refused), "error")


def _board(match: Match) -> ResponseReturnValue:
    """Back to the scoreboard, at its trail."""
    return redirect(url_for("matches.show", match_id=match.id))


@bp.route("/undo", methods=["GET", "POST"])
@login_required
def undo(match_id: int) -> ResponseReturnValue:
    """Ask first (GET: the hand that would be taken back, a button to do it, a way to keep it), then take
    back the last hand (POST: the one the confirmation showed, when it says which)."""
    match = scored(match_id)
    if request.method == "GET":
        return _confirm_undo(match)
    form = UndoForm()
    if not form.validate_on_submit():
        abort(400)  # the button's hidden fields were tampered with
    try:
        number = match.hands[-1].number if match.hands else None
        if undo_last_hand(match, int(cast(str, form.version.data)), form.hand_number()):
            # Shown by the scoreboard at its top with the hand's one-tap Restore beside it (matches/show.html).
            flash(_("Hand %(number)s was taken back.", number=number), UNDONE)
    except Conflict as refused:
        _unchanged(refused)
    return _board(match)


def _confirm_undo(match: Match) -> ResponseReturnValue:
    """The confirmation page; the scoreboard when there is no hand to take back, or the table is settled."""
    if not match.hands:
        return _board(match)
    try:
        expect_unsettled(match)
    except Conflict as conflict:
        _unchanged(conflict)
        return _board(match)
    board = scoreboard(match)
    form = UndoForm(formdata=None, version=str(match.version), number=str(match.hands[-1].number))
    return render_template("matches/undo.html", board=board, row=board.rows[-1], form=form)


@bp.post("/trail/<int:event_id>/restore")
@login_required
def restore(match_id: int, event_id: int) -> ResponseReturnValue:
    """Bring back a hand taken back; when it no longer follows the hands there are, say so and offer to
    enter it as the next hand."""
    match = scored(match_id)
    form = TrailForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = restore_hand(match, event_id, int(cast(str, form.version.data)))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        if conflict.reason not in (MatchRefusal.NOT_NEXT, MatchRefusal.FINISHED):
            _unchanged(conflict)
            return _board(match)
        return _refused(match, event_id, conflict)
    except InvalidEntry:  # the rules no longer read the kept entry: enter it anew
        return _refused(match, event_id, None)
    flash(_("Hand %(number)s restored.", number=hand.number), "success")
    return _board(match)


def _refused(match: Match, event_id: int, conflict: Conflict | None) -> ResponseReturnValue:
    """A hand that cannot come back as it was: why, and the offer to enter its entry as the next hand (409)."""
    return render_template("matches/restore_refused.html", board=scoreboard(match), event=undone_event(match, event_id),
                           refusal=conflict_words(conflict) if conflict else ""), 409


@bp.route("/trail/<int:event_id>/revert", methods=["GET", "POST"])
@login_required
def revert(match_id: int, event_id: int) -> ResponseReturnValue:
    """Ask first (GET: what the revert does to the hand, the totals and the winner), then give the corrected hand
    back the entry it had before the correction (POST, from that page: the match's version it showed)."""
    match = scored(match_id)
    if request.method == "GET":
        return _confirm_revert(match, event_id)
    form = TrailForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand, puts_back = revert_correction(match, event_id, int(cast(str, form.version.data)))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        _unchanged(conflict)
        return _board(match)
    except InvalidEntry:
        _no_longer_passes()
        return _board(match)
    if puts_back:
        flash(_("Hand %(number)s has its correction back.", number=hand.number), "success")
    else:
        flash(_("Hand %(number)s is back to its entry from before the correction.", number=hand.number), "success")
    return _board(match)


def _confirm_revert(match: Match, event_id: int) -> ResponseReturnValue:
    """The page that asks before a revert: the hand's points and the totals now and after, and whether the
    winner changes; the scoreboard, told why, when there is nothing to revert."""
    try:
        preview = preview_revert(match, event_id)
    except NotFound:
        abort(404)
    except Conflict as conflict:
        _unchanged(conflict)
        return _board(match)
    except InvalidEntry:
        _no_longer_passes()
        return _board(match)
    form = TrailForm(formdata=None, version=str(match.version))
    return render_template("matches/revert.html", match=match, preview=preview, form=form,
                           side_names=side_names(match))


def _no_longer_passes() -> None:
    """The kept entry from before a correction fails the checks now."""
    flash(_("The entry from before that correction no longer passes the checks: correct the hand instead."),
          "error")
