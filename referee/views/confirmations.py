"""Both sides agree (services/confirmations.py): a waiting hand's Confirm, its versions side by side with where they
differ, taking one, calling the organiser, and the organiser's (the match's owner's) decision. The entry of a
version of one's own is the hand's entry page (views/hands.py: count)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from ..forms.accounts import ButtonForm
from ..forms.confirmations import ConfirmForm, DecideForm, PickForm
from ..models import Match
from ..services import Conflict, NotFound
from ..services.confirmations import call_organiser, confirm_hand, decide_hand, pick_version, waiting_hands
from ..services.errors import Forbidden
from ..services.scoreboard import side_names
from ..services.table_place import table_place
from .board_etag import LIVE_SECONDS, conditional
from .lookups import scored
from .refusal_words import conflict_words
from .version_words import difference_words, verdict_words

bp = Blueprint("confirmations", __name__, url_prefix="/matches/<int:match_id>/hands/<int:number>")


def _board(match: Match) -> Response:
    return redirect(url_for("matches.show", match_id=match.id))


def _versions(match: Match, number: int) -> Response:
    return redirect(url_for("confirmations.versions", match_id=match.id, number=number))


@bp.post("/confirm")
@login_required
def confirm(match_id: int, number: int) -> ResponseReturnValue:
    """One tap: this phone's side confirms the hand as its page showed it."""
    match = scored(match_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = confirm_hand(match, number, str(form.seen.data))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        flash(conflict_words(conflict), "error")
        return _board(match)
    flash(_("Hand %(number)s confirmed: it counts.", number=number) if not hand.waiting
          else _("Hand %(number)s confirmed by one side: it waits for the others.", number=number), "success")
    return _board(match)


@bp.get("/versions")
@login_required
def versions(match_id: int, number: int) -> ResponseReturnValue:
    """The hand's versions side by side: where each differs from the first, the referee's word on each, and what
    this phone may do: take one, count again, call the organiser, or (the organiser) decide."""
    match = scored(match_id)
    if not any(h.number == number for h in match.hands):
        abort(404)
    # Followed by static/js/live.js like the scoreboard: a bare 304 while the match is unchanged, else the page anew
    # (the other side took a version, the organiser decided: then it says the hand counts).
    return conditional(("versions", str(match.id), str(number), str(match.version)),
                       lambda etag: _versions_page(match, number, etag))


def _versions_page(match: Match, number: int, etag: str) -> str:
    waiting = next((w for w in waiting_hands(match, current_user.id) if w.number == number), None)
    names = side_names(match)
    place = table_place(match, current_user)
    return render_template(
        "hands/versions.html", match=match, number=number, waiting=waiting, names=names,
        in_tournament=place is not None, etag=etag, poll=LIVE_SECONDS,
        differences={label: [difference_words(d, names, match.deck_style) for d in found]
                     for label, found in waiting.differences} if waiting else {},
        verdicts={v.label: verdict_words(v.verdict, names, match) for v in waiting.versions} if waiting else {},
        decide=DecideForm(formdata=None))


@bp.post("/pick")
@login_required
def pick(match_id: int, number: int) -> ResponseReturnValue:
    """This phone's side takes one version; once every side took the same, it is the hand."""
    match = scored(match_id)
    form = PickForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        hand = pick_version(match, number, str(form.label.data), str(form.seen.data))
    except NotFound:
        abort(404)
    except Conflict as conflict:
        flash(conflict_words(conflict), "error")
        return _versions(match, number)
    if not hand.waiting:
        flash(_("Both sides took version %(label)s: hand %(number)s counts.", label=form.label.data, number=number),
              "success")
        return _board(match)
    flash(_("You took version %(label)s: the other side takes one too.", label=form.label.data), "success")
    return _versions(match, number)


@bp.post("/call")
@login_required
def call(match_id: int, number: int) -> ResponseReturnValue:
    """Call the organiser (the match's owner, outside a tournament) to decide the hand."""
    match = scored(match_id)
    if not ButtonForm().validate_on_submit():
        abort(400)
    try:
        call_organiser(match, number)
    except NotFound:
        abort(404)
    except Conflict as conflict:
        flash(conflict_words(conflict), "error")
        return _board(match)
    flash(_("The organiser is called to decide hand %(number)s.", number=number), "success")
    return _versions(match, number)


@bp.post("/decide")
@login_required
def decide(match_id: int, number: int) -> ResponseReturnValue:
    """The organiser (the match's owner) takes a version, with a reason kept in the trail."""
    match = scored(match_id)
    form = DecideForm()
    if not form.validate_on_submit():
        if form.reason.errors:
            flash(" ".join(str(e) for e in form.reason.errors), "error")
            return _versions(match, number)
        abort(400)
    try:
        decide_hand(match, number, str(form.seen.data), label=form.label.data, reason=(form.reason.data or "").strip())
    except NotFound:
        abort(404)
    except Forbidden:
        abort(403)
    except Conflict as conflict:
        flash(conflict_words(conflict), "error")
        return _versions(match, number)
    flash(_("Hand %(number)s decided: version %(label)s counts.", number=number, label=form.label.data), "success")
    return _board(match)
