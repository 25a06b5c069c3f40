"""Scoring together: the owner's "Score together" page (a join code and its QR code, the scorers), the join
page where another account types or scans the code and becomes a scorer (services/sharing.py: the roles), a
phone's name changed, and the words a removed scorer's next request gets."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from flask import Blueprint, abort, flash, g, redirect, render_template, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import TooManyRequests

from ..forms.accounts import ButtonForm
from ..forms.sharing import NAME_HINT, JoinForm, PhoneNameForm, RemoveScorerForm
from ..models import Match
from ..services import NotFound
from ..services.claims import claim_of, claims_of
from ..services.errors import Forbidden, Withdrawn
from ..services.guests import join_match_as_guest
from ..services.link_secrets import BadLink
from ..services.matches import opened_match
from ..services.sharing import (
    NewCode,
    Phone,
    join,
    leave,
    live_code,
    make_join_code,
    normal_code,
    phones_of,
    remove_scorer,
    rename_phone,
    revoke_join_codes,
    scorer_phone,
    scorers_of,
)
from ..web.api_requests import to_the_api
from ..web.throttling import retry_after, throttle_join
from .guest_login import as_new_guest
from .lookups import opened, owner_only
from .qr import qr_svg
from .refusal_words import conflict_words

bp = Blueprint("sharing", __name__)

# The codes this browser made, by match id: only a hash is stored, so the owner's phone keeps the code it made
# (in its signed session cookie) to show it again after a reload.
SHOWN = "join_codes"


@bp.get("/matches/<int:match_id>/together")
@login_required
def together(match_id: int) -> ResponseReturnValue:
    """The owner's page: the live code this phone made (and its QR code), or a button to make one; the scorers."""
    match = owner_only(match_id)
    code = session.get(SHOWN, {}).get(str(match.id))
    live = live_code(match, code) if code else None
    join_url = url_for("sharing.join_page", code=code, _external=True) if live else None
    scorers = scorers_of(match)
    return render_template("sharing/together.html", match=match, code=NewCode(code, live.expires_at) if live else None,
                           other_code=live_code(match) if not live else None, join_url=join_url,
                           qr=qr_svg(join_url) if join_url else None, scorers=scorers,
                           phones={phone.user_id: phone_label(phone) for phone in scorers},
                           claims=claims_of(match), button=ButtonForm())


@bp.post("/matches/<int:match_id>/together")
@login_required
def new_code(match_id: int) -> ResponseReturnValue:
    """Make a join code (the old one stops working) and show it. A button only: CSRFProtect checks its token."""
    match = owner_only(match_id)
    made = make_join_code(match)
    session[SHOWN] = {**session.get(SHOWN, {}), str(match.id): made.code}
    return redirect(url_for("sharing.together", match_id=match.id))


@bp.post("/matches/<int:match_id>/together/revoke")
@login_required
def revoke_code(match_id: int) -> ResponseReturnValue:
    """The match's join code stops working; the scorers who joined with it stay."""
    match = owner_only(match_id)
    revoke_join_codes(match)
    forget_code(match)
    flash(_("The join code no longer works. Make a new one to invite someone else."), "info")
    return redirect(url_for("sharing.together", match_id=match.id))


@bp.route("/matches/<int:match_id>/scorers/<int:user_id>/remove", methods=["GET", "POST"])
@login_required
def remove(match_id: int, user_id: int) -> ResponseReturnValue:
    """Ask first (GET), then remove the scorer (POST), stopping the join code too unless the owner unticks it: its
    next request for the match is told it no longer scores it."""
    match = owner_only(match_id)
    try:
        phone = scorer_phone(match, user_id)
    except NotFound:
        abort(404)
    form = RemoveScorerForm()
    code = live_code(match)
    if not form.validate_on_submit():
        return render_template("sharing/remove.html", match=match, name=phone_label(phone), form=form,
                               code=code)
    stop = bool(form.stop_code.data) and code is not None
    with suppress(NotFound):  # removed from another phone meanwhile: the same outcome
        remove_scorer(match, user_id, stop_code=stop)
    if stop:
        forget_code(match)
        flash(_("%(name)s no longer scores this match, and the join code no longer works: make a new one to invite "
                "someone else.", name=phone_label(phone)), "info")
    else:
        flash(_("%(name)s no longer scores this match.", name=phone_label(phone)), "info")
    return redirect(url_for("sharing.together", match_id=match.id))


def forget_code(match: Match) -> None:
    """This phone no longer shows the match's code (it was stopped)."""
    session[SHOWN] = {key: value for key, value in session.get(SHOWN, {}).items() if key != str(match.id)}


@bp.route("/matches/<int:match_id>/scorers/<int:user_id>/name", methods=["GET", "POST"])
@login_required
def rename(match_id: int, user_id: int) -> ResponseReturnValue:
    """A scorer's phone renamed, by the scorer itself (from its scoreboard) or by the match's owner (from Score
    together): the form (GET), then saved (POST) and back where it was asked from; 404 for anyone else."""
    match, role = opened(match_id)
    if not role.manages and user_id != current_user.id:
        abort(404)
    try:
        phone = scorer_phone(match, user_id)
    except NotFound:
        abort(404)
    form = PhoneNameForm()
    if not form.is_submitted():
        form.name.data = phone.name or ""
    back = url_for("sharing.together", match_id=match.id) if role.manages else url_for("matches.show",
                                                                                        match_id=match.id)
    if form.validate_on_submit():
        try:
            rename_phone(current_user, match, user_id, form.name.data or "")
        except (NotFound, Forbidden):  # removed meanwhile
            abort(404)
        flash(_("This phone is now called %(name)s.", name=form.name.data) if user_id == current_user.id else
              _("That phone is now called %(name)s.", name=form.name.data), "info")
        return redirect(back)
    return render_template("sharing/rename.html", match=match, form=form, label=phone_label(phone), back=back,
                           hint=NAME_HINT), 422 if form.errors else 200


@bp.route("/matches/<int:match_id>/leave", methods=["GET", "POST"])
@login_required
def leave_match(match_id: int) -> ResponseReturnValue:
    """A scorer stops scoring the match: asked first (GET), then done (POST), back to its matches; the owner
    cannot leave its own match (403)."""
    try:
        match, role = opened_match(current_user, match_id)
    except NotFound:
        abort(404)
    if not role.leaves:
        abort(403)
    owner = match.owner.username
    form = ButtonForm()
    if not form.validate_on_submit():
        return render_template("sharing/leave.html", match=match, owner=owner, form=form)
    with suppress(NotFound):  # removed by the owner meanwhile: the same outcome
        leave(current_user, match)
    flash(_("You no longer score %(name)s's match.", name=owner), "info")
    return redirect(url_for("matches.index"))


@bp.get("/join")
@bp.get("/join/<code>")
def join_page(code: str = "") -> ResponseReturnValue:
    """The join page: the code from the QR code's address, or typed. Nothing is looked up before it is sent
    (POST, throttled), so this page tells no one whether a code exists."""
    form = JoinForm(formdata=None, code=normal_code(code))
    if not current_user.is_authenticated:
        return visitor_page(form)
    form.name.data = current_user.shown_name
    return render_template("sharing/join.html", form=form)


def visitor_page(form: JoinForm) -> str:
    """A visitor without an account: the same code form (joining makes this phone a guest, join_match), and a
    way to log in or register first that comes back here with the code."""
    back = url_for("sharing.join_page", code=form.code.data or None)
    return render_template("sharing/join.html", form=form, back=back)


@bp.errorhandler(TooManyRequests)
def too_many_codes(_error: TooManyRequests) -> ResponseReturnValue:
    """Over JOIN_LIMIT on the join page (the one limit of these pages): the page again, the code typed kept,
    saying how long to wait."""
    form = JoinForm()
    seconds = retry_after()
    form.code.errors = [ngettext("Too many wrong codes. Please wait %(num)d second and try again.",
                                 "Too many wrong codes. Please wait %(num)d seconds and try again.", seconds)]
    page = render_template("sharing/join.html", form=form) if current_user.is_authenticated else visitor_page(form)
    return page, 429, {"Retry-After": str(seconds)}


@bp.post("/join")
@throttle_join
def join_match() -> ResponseReturnValue:
    """Become a scorer of the match whose code was typed, and be asked which seat is this account's (the way to the
    scoreboard); a code that lets no one in
    is refused beside the field (422), and counts against the throttle. A visitor's phone with a good code is
    given a guest account of its own first (a wrong code makes none)."""
    form = JoinForm()
    if form.validate_on_submit():
        typed, name = form.code.data or "", form.name.data or ""
        try:
            if current_user.is_authenticated:
                match = join(current_user, typed, name)
            else:
                match = as_new_guest(lambda device: join_match_as_guest(typed, device, name))
        except BadLink as refused:
            form.code.errors = [conflict_words(refused)]
        else:  # "Which seat is yours?", skipped in one tap; a claim made while the code works is confirmed
            return redirect(url_for("claims.seat", match_id=match.id))
    if not current_user.is_authenticated:
        return visitor_page(form), 422
    return render_template("sharing/join.html", form=form), 422



@bp.app_errorhandler(Withdrawn)
def no_longer_scorer(refused: Withdrawn) -> ResponseReturnValue:
    """A removed scorer's request for its match, a page's or the API's: 403 saying so in words (not the 404 of a
    match that does not exist), and the way to score it again."""
    message = conflict_words(refused)
    if to_the_api():
        return {"errors": [{"field": "", "message": message}]}, 403
    return render_template("sharing/removed.html", message=message), 403


UNNAMED_OWNER = _l("The owner's phone")


def phone_label(phone: Phone) -> str:
    """A scorer's phone as a page names it: its name, or its number in the match for a guest's not named yet."""
    return phone.name or _("Phone %(number)d", number=phone.number)


def _phones(match: Match) -> list[Phone]:
    """The match's phones (services/sharing.py: phones_of), read once per request: the trail and the scoreboard's
    note both name them."""
    known: dict[int, list[Phone]] = g.setdefault("phones", {})
    if match.id not in known:
        known[match.id] = phones_of(match)
    return known[match.id]


@bp.app_template_global()
def phone_names(match: Match) -> dict[int, str]:
    """Every phone that scored the match (removed ones too) by account, as the trail names who made each change:
    the owner's by its name, the scorers' by theirs; empty when no one else ever scored it."""
    phones = _phones(match)
    if not phones:
        return {}
    owner = match.owner.shown_name or str(UNNAMED_OWNER)
    return {match.user_id: owner, **{phone.user_id: phone_label(phone) for phone in phones}}


@dataclass(frozen=True)
class ReaderPhone:
    """The reader's own phone in a match it scores, for its scoreboard's note: its name, and whether it holds a
    seat (then "Which seat is yours?" is asked no more)."""

    label: str
    seated: bool


@bp.app_template_global()
def reader_phone(match: Match) -> ReaderPhone:
    """The current account's phone in a match it scores."""
    phone = next((phone for phone in _phones(match) if phone.user_id == current_user.id), None)
    label = phone_label(phone) if phone is not None else current_user.shown_name or ""
    return ReaderPhone(label, claim_of(current_user, match) is not None)

