"""Register, log in, log out, and the roster of player names."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user

from ..forms import LoginForm, RegisterForm
from ..services import authenticate, register_user
from ..services.accounts import remove_from_roster
from .safety import safe_next

bp = Blueprint("accounts", __name__)


@bp.route("/register", methods=["GET", "POST"])
def register() -> ResponseReturnValue:
    """Make an account and start using it."""
    form = RegisterForm()
    if form.validate_on_submit():
        user = register_user(form.username.data, form.password.data)
        login_user(user, remember=True)
        return redirect(url_for("matches.new"))
    return render_template("accounts/register.html", form=form), 422 if form.errors else 200


@bp.route("/login", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    """Log in; a wrong name or password keeps the name typed."""
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate(form.username.data, form.password.data)
        if user is not None:
            login_user(user, remember=form.remember.data)
            return redirect(safe_next(request.args.get("next")) or url_for("matches.index"))
        form.password.errors.append(_("Wrong username or password."))
    return render_template("accounts/login.html", form=form), 422 if form.errors else 200


@bp.post("/logout")
@login_required
def logout() -> ResponseReturnValue:
    """Log out of this phone."""
    logout_user()
    return redirect(url_for("main.index"))


@bp.get("/roster")
@login_required
def roster() -> ResponseReturnValue:
    """The names this account picks players from."""
    return render_template("accounts/roster.html", names=[entry.name for entry in current_user.roster])


@bp.post("/roster/remove")
@login_required
def roster_remove() -> ResponseReturnValue:
    """Forget one name."""
    name = request.form.get("name", "")
    remove_from_roster(current_user, name)
    flash(_("%(name)s is no longer in your roster.", name=name), "info")
    return redirect(url_for("accounts.roster"))
