"""Register, log in, log out, and the account page (devices, password, deletion).

Every POST here is checked for its CSRF token by CSRFProtect before the view runs.
"""

from __future__ import annotations

from typing import cast

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import TooManyRequests

from ..forms.accounts import (
    ApiTokenForm,
    ButtonForm,
    ChangePasswordForm,
    DeleteAccountForm,
    LoginForm,
    RegisterForm,
)
from ..forms.common import field_errors
from ..services import accounts as account_services
from ..services import api_tokens, authenticate
from ..services import sessions as device_sessions
from ..services.accounts import UsernameTaken, change_password, delete_account
from ..web.auth import forget_login, log_in, log_out, log_out_everywhere, signed_in, this_device
from ..web.throttling import (
    retry_after,
    throttle_login,
    throttle_password_check,
    throttle_register,
    throttle_token_page,
)
from .errors import too_many_requests
from .redirect_targets import safe_next
from .token_words import too_many_tokens

bp = Blueprint("accounts", __name__)

_FORM_PAGES: dict[str, tuple[str, type[LoginForm | RegisterForm]]] = {
    "accounts.login": ("accounts/login.html", LoginForm),
    "accounts.register": ("accounts/register.html", RegisterForm)}


@bp.route("/register", methods=["GET", "POST"])
@throttle_register
def register() -> ResponseReturnValue:
    """Make an account and start using it."""
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            device = this_device(remember=True)
            user = account_services.register(cast(str, form.username.data), cast(str, form.password.data),  # required
                                             device)
        except UsernameTaken:
            field_errors(form.username).append(_("That username is taken."))
        else:
            signed_in(user, device)
            return redirect(safe_next(request.args.get("next")) or url_for("matches.new"))
    return render_template("accounts/register.html", form=form), 422 if form.errors else 200


@bp.route("/login", methods=["GET", "POST"])
@throttle_login
def login() -> ResponseReturnValue:
    """Log in; a wrong name or password keeps the name typed."""
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate(cast(str, form.username.data), cast(str, form.password.data))  # both required
        if user is not None:
            log_in(user, remember=form.remember.data)
            return redirect(safe_next(request.args.get("next")) or url_for("matches.index"))
        field_errors(form.password).append(_("Wrong username or password."))
    return render_template("accounts/login.html", form=form), 422 if form.errors else 200


@bp.errorhandler(TooManyRequests)
def too_many_attempts(error: TooManyRequests) -> ResponseReturnValue:
    """Over a limit on the login or registration page, or making tokens: the same form, what was typed, and how
    long to wait."""
    if request.endpoint == "accounts.make_api_token":
        return _too_many_tokens_made()
    if request.endpoint not in _FORM_PAGES:
        return too_many_requests(error)
    template, form_class = _FORM_PAGES[request.endpoint]
    form = form_class()
    seconds = retry_after()
    message = ngettext("Too many attempts. Please wait %(num)d second and try again.",
                       "Too many attempts. Please wait %(num)d seconds and try again.", seconds)
    form.password.errors = [message]
    return render_template(template, form=form), 429, {"Retry-After": str(seconds)}


def _too_many_tokens_made() -> ResponseReturnValue:
    """The account page again, the name typed kept, saying how long to wait before making another token."""
    form = ApiTokenForm()
    seconds = retry_after()
    form.name.errors = [ngettext("Too many tokens made. Please wait %(num)d second and try again.",
                                 "Too many tokens made. Please wait %(num)d seconds and try again.", seconds)]
    return _account_page(form), 429, {"Retry-After": str(seconds)}


@bp.post("/logout")
@login_required
def logout() -> ResponseReturnValue:
    """Log out of this phone: its session ends on the server too. A guest is asked first (its matches would be
    lost)."""
    if current_user.guest:
        return redirect(url_for("guests.leave_page"), code=303)
    log_out()
    return redirect(url_for("main.index"))


def _account_page(token_form: ApiTokenForm, secret: str | None = None) -> str:
    """The account page, with a new token's secret when one was just made."""
    tokens = api_tokens.tokens_of(current_user)
    return render_template("accounts/account.html", devices=device_sessions.sessions_of(current_user),
                           current=current_user.login_token, button=ButtonForm(), token_form=token_form,
                           api_tokens=tokens, secret=secret,
                           tokens_full=too_many_tokens() if len(tokens) >= api_tokens.MOST_TOKENS else None)


@bp.get("/account")
@login_required
def account() -> ResponseReturnValue:
    """The account: the devices logged in, the API tokens, and links to change the password or delete it."""
    return _account_page(ApiTokenForm(formdata=None))


@bp.post("/account/tokens")
@login_required
@throttle_token_page
def make_api_token() -> ResponseReturnValue:
    """Make a personal access token and show its secret, this once (not redirected: it is never stored)."""
    form = ApiTokenForm()
    if not form.validate_on_submit():
        return _account_page(form), 422
    try:
        _token, secret = api_tokens.create_token(current_user, cast(str, form.name.data))  # required
    except api_tokens.TooManyTokens:
        field_errors(form.name).append(too_many_tokens())
        return _account_page(form), 422
    page = _account_page(ApiTokenForm(formdata=None), secret=secret)
    return page, 201, {"Cache-Control": "no-store"}


@bp.post("/account/tokens/<int:token_id>/revoke")
@login_required
def revoke_api_token(token_id: int) -> ResponseReturnValue:
    """Revoke one of the account's tokens: a program using it is refused from now on."""
    form = ButtonForm()
    if not form.validate_on_submit():
        abort(400)
    if not api_tokens.revoke_token(current_user, token_id):
        abort(404)
    flash(_("That token is revoked."), "info")
    return redirect(url_for("accounts.account"))


@bp.post("/account/devices/<int:token_id>/logout")
@login_required
def end_device(token_id: int) -> ResponseReturnValue:
    """Log one device out (this one too, if it is the one chosen)."""
    token = device_sessions.session_of(current_user, token_id)
    if token is None:
        abort(404)
    if token.id == current_user.login_token.id:
        if current_user.guest:
            return redirect(url_for("guests.leave_page"), code=303)
        log_out()
        return redirect(url_for("main.index"))
    device_sessions.end_session(token)
    flash(_("That device is logged out."), "info")
    return redirect(url_for("accounts.account"))


@bp.post("/account/logout-everywhere")
@login_required
def logout_everywhere() -> ResponseReturnValue:
    """Log the account out on every device, this one too (a guest is asked first, as at log-out)."""
    if current_user.guest:
        return redirect(url_for("guests.leave_page"), code=303)
    log_out_everywhere(current_user)
    flash(_("You are logged out on every device."), "info")
    return redirect(url_for("main.index"))


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
@throttle_password_check
def password() -> ResponseReturnValue:
    """Change the password; this device stays logged in, every other one is logged out. A guest has none yet:
    "Keep my matches" gives it one."""
    if current_user.guest:
        return redirect(url_for("guests.keep"))
    form = ChangePasswordForm(current_user)
    if form.validate_on_submit():
        device = this_device(remember=current_user.login_token.remember)
        signed_in(change_password(current_user, cast(str, form.password.data), device), device)  # required
        flash(_("Your password is changed. Every other device is logged out."), "info")
        return redirect(url_for("accounts.account"))
    return render_template("accounts/password.html", form=form), 422 if form.errors else 200


@bp.route("/account/delete", methods=["GET", "POST"])
@login_required
@throttle_password_check
def delete() -> ResponseReturnValue:
    """Delete the account with every match, hand and name of it, once its password is given (a guest, which has
    none, deletes itself by logging out)."""
    if current_user.guest:
        return redirect(url_for("guests.leave_page"))
    form = DeleteAccountForm(current_user)
    if form.validate_on_submit():
        delete_account(current_user)
        forget_login()  # its logins went with it
        flash(_("Your account and all its matches are deleted."), "info")
        return redirect(url_for("main.index"))
    return render_template("accounts/delete.html", form=form), 422 if form.errors else 200


@bp.get("/roster")
def roster() -> ResponseReturnValue:
    """The old roster page's address, kept for bookmarks: the account's players are on the players page now."""
    return redirect(url_for("players.index"), code=301)
