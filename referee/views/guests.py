"""Guests: start keeping score without an account, keep the matches under a name, or leave.

Every POST here is checked for its CSRF token by CSRFProtect before the view runs.
"""

from __future__ import annotations

from typing import cast

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import TooManyRequests

from ..forms.accounts import ButtonForm, KeepMatchesForm
from ..forms.common import field_errors
from ..services.accounts import UsernameTaken, delete_account
from ..services.guests import keep_matches
from ..web.auth import forget_login
from ..web.throttling import retry_after, throttle_guests, throttle_register
from .errors import too_many_requests
from .guest_login import start_guest_session

bp = Blueprint("guests", __name__)


@bp.post("/guest")
@throttle_guests
def start() -> ResponseReturnValue:
    """"New match" without an account: this phone gets a guest account of its own, then the new match's form.
    Someone logged in already goes straight to the form, logged in as before."""
    if not current_user.is_authenticated:
        start_guest_session()
    return redirect(url_for("matches.new"))


@bp.route("/account/keep", methods=["GET", "POST"])
@login_required
@throttle_register
def keep() -> ResponseReturnValue:
    """"Keep my matches": a name and a password turn the guest into a named account, keeping everything."""
    if not current_user.guest:
        return redirect(url_for("accounts.account"))
    form = KeepMatchesForm()
    if form.validate_on_submit():
        try:
            keep_matches(current_user, cast(str, form.username.data), cast(str, form.password.data))  # required
        except UsernameTaken:
            field_errors(form.username).append(_("That username is taken."))
        else:
            flash(_("Your matches are kept in the account %(name)s: log in with its name and password on any "
                    "phone.", name=current_user.username), "success")
            return redirect(url_for("accounts.account"))
    return render_template("accounts/keep.html", form=form), 422 if form.errors else 200


@bp.errorhandler(TooManyRequests)
def too_many_attempts(error: TooManyRequests) -> ResponseReturnValue:
    """Over the limit on "Keep my matches": the same form, what was typed, and how long to wait; elsewhere the
    app's refusal page."""
    if request.endpoint != "guests.keep":
        return too_many_requests(error)
    form = KeepMatchesForm()
    seconds = retry_after()
    form.password.errors = [ngettext("Too many attempts. Please wait %(num)d second and try again.",
                                     "Too many attempts. Please wait %(num)d seconds and try again.", seconds)]
    return render_template("accounts/keep.html", form=form), 429, {"Retry-After": str(seconds)}


@bp.get("/account/leave")
@login_required
def leave_page() -> ResponseReturnValue:
    """Before a guest logs out: its matches would be lost, so offer "Keep my matches" first."""
    if not current_user.guest:
        return redirect(url_for("accounts.account"))
    return render_template("accounts/leave.html", button=ButtonForm())


@bp.post("/account/leave")
@login_required
def leave() -> ResponseReturnValue:
    """A guest logs out for good: nothing could log in to it again, so it goes with everything it holds."""
    if not current_user.guest:
        return redirect(url_for("accounts.account"))
    delete_account(current_user)
    forget_login()
    flash(_("You are logged out, and the guest's matches are deleted."), "info")
    return redirect(url_for("main.index"))
