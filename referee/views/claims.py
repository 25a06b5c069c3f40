"""Claiming a seat (services/claims.py): the claimant's page "Which seat is yours?" (also where the join page
leads after a good code), the owner's Confirm and Refuse on Score together, and My record (the account's
figures over its confirmed seats, whoever owns the matches)."""

from __future__ import annotations

from contextlib import suppress

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_decimal, format_percent
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms.accounts import ButtonForm
from ..forms.claims import ClaimSeatForm
from ..forms.common import field_errors
from ..forms.players import PlayerStatsForm
from ..services import Conflict, NotFound
from ..services.claims import claim_of, claim_seat, claims_by, claims_of, confirm_claim, drop_claim
from ..services.errors import Forbidden
from ..services.roles import opened_by
from ..services.stats import StatsFilter, account_stats
from .lookups import owner_only, scored
from .refusal_words import conflict_words

bp = Blueprint("claims", __name__)


@bp.route("/matches/<int:match_id>/seat", methods=["GET", "POST"])
@login_required
def seat(match_id: int) -> ResponseReturnValue:
    """Which seat is this account's: the seats to pick from (or the claim held, to give up); optional, so the
    scoreboard is one tap away."""
    match = scored(match_id)
    held = claim_of(current_user, match)
    taken = {claim.seat_id for claim in claims_of(match)}
    form = ClaimSeatForm()
    form.seat.choices = [(s.position, s.name) for s in match.seats if s.id not in taken and s.player_id]
    if held is None and form.validate_on_submit():
        try:
            made = claim_seat(current_user, match, form.seat.data)
        except NotFound:
            field_errors(form.seat).append(_("Pick the seat you play in."))
        except Conflict as refused:
            field_errors(form.seat).append(conflict_words(refused))
        else:
            if made.confirmed_at is None:
                flash(_("You claimed %(name)s's seat: the match's owner confirms it.", name=made.seat.name), "info")
            else:
                flash(_("You are %(name)s in this match: it counts in your record.", name=made.seat.name), "info")
            return redirect(url_for("matches.show", match_id=match.id))
    status = 422 if form.errors else 200
    return render_template("claims/seat.html", match=match, form=form, held=held, button=ButtonForm()), status


@bp.post("/matches/<int:match_id>/seat/give-up")
@login_required
def give_up(match_id: int) -> ResponseReturnValue:
    """The claimant gives its seat up (a button: CSRFProtect checks its token)."""
    match = scored(match_id)
    held = claim_of(current_user, match)
    if held is not None:
        with suppress(NotFound):  # refused by the owner meanwhile: the same outcome
            drop_claim(current_user, match, held.id)
        flash(_("You no longer hold a seat in this match."), "info")
    return redirect(url_for("claims.seat", match_id=match.id))


@bp.post("/matches/<int:match_id>/claims/<int:claim_id>/confirm")
@login_required
def confirm(match_id: int, claim_id: int) -> ResponseReturnValue:
    """The owner confirms a claim (Score together's list)."""
    match = owner_only(match_id)
    try:
        confirm_claim(current_user, match, claim_id)
    except NotFound:
        flash(_("That claim was just given up."), "info")
    except Forbidden:  # pragma: no cover - owner_only let only the owner in
        abort(403)
    return redirect(url_for("sharing.together", match_id=match.id))


@bp.post("/matches/<int:match_id>/claims/<int:claim_id>/refuse")
@login_required
def refuse(match_id: int, claim_id: int) -> ResponseReturnValue:
    """The owner refuses (or undoes) a claim: the seat is free again."""
    match = owner_only(match_id)
    with suppress(NotFound):  # given up meanwhile: the same outcome
        drop_claim(current_user, match, claim_id)
    return redirect(url_for("sharing.together", match_id=match.id))


@bp.get("/me")
@login_required
def record() -> ResponseReturnValue:
    """My record: the figures of a player's page over the seats this account holds, under the same filters (a
    filter no page offers is refused beside its field, 422), and the seats it holds or waits for."""
    form = PlayerStatsForm(formdata=request.args)
    valid = form.validate()
    game, period = form.chosen()
    held = claims_by(current_user)
    open_to_me = opened_by(current_user, [claim.match_id for claim in held])
    return render_template("claims/record.html", form=form, game=game, period=period, claims=held,
                           open_to_me=open_to_me, stats=account_stats(current_user.id, StatsFilter(game, period)),
                           percent=format_percent, decimal=format_decimal, button=ButtonForm()), 200 if valid else 422


@bp.post("/me/seats/<int:claim_id>/give-up")
@login_required
def give_up_held(claim_id: int) -> ResponseReturnValue:
    """A seat given up from My record: the way for a claimant that no longer scores its match (no match route
    lets it in). Another account's claim, or none, is a 404."""
    held = next((claim for claim in claims_by(current_user) if claim.id == claim_id), None)
    if held is None:
        abort(404)
    with suppress(NotFound):  # refused by the owner meanwhile: the same outcome
        drop_claim(current_user, held.match, held.id)
    flash(_("You no longer hold a seat in this match."), "info")
    return redirect(url_for("claims.record"))
