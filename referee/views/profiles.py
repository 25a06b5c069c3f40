"""House rules: the account's rules profiles (list, new, change, rename, delete), their printable rules cards (public
behind a revocable address, with its QR code) and a match's rules card.

A profile a match was started from is locked (services/profiles.py): its page says so, and changing its rules saves
a new profile instead.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms.profiles import ConfirmForm, ProfileForm, ProfileNameForm
from ..services.errors import Conflict, NotFound
from ..services.profiles import (
    HouseRules,
    ProfileView,
    card_of,
    change_profile,
    delete_profile,
    get_profile,
    profiles_of,
    rename_profile,
    replace_card_link,
    rules_of_match,
    save_profile,
)
from .card_words import card_lines
from .matches import scored
from .qr import qr_svg

bp = Blueprint("profiles", __name__)
# A card is the same for everyone holding its address, and says nothing of who reads it.
CARD_HEADERS = {"Cache-Control": "private, no-cache", "Referrer-Policy": "no-referrer"}


def owned(profile_id: int) -> ProfileView:
    """One of the current account's profiles, or 404 (another account's too)."""
    try:
        return get_profile(current_user, profile_id)
    except NotFound:
        abort(404)


def name_taken(name: str) -> str:
    """Why a name was refused: one of the account's house rules has it."""
    return _("Your house rules “%(name)s” already have this name: give these another.", name=name)


@bp.get("/rules/")
@login_required
def index() -> ResponseReturnValue:
    """The account's house rules, each with its game, how many matches were started from it, and its actions."""
    return render_template("profiles/index.html", profiles=profiles_of(current_user))


@bp.route("/rules/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """New house rules: a name and the new-match form's rules part."""
    form = ProfileForm()
    if form.validate_on_submit():
        try:
            made = save_profile(current_user, form.name.data or "", form.house_rules())
        except Conflict as refused:
            form.name.errors = [name_taken(str(refused.params["name"]))]
        else:
            flash(_("House rules “%(name)s” saved.", name=made.name), "info")
            return redirect(url_for("profiles.show", profile_id=made.id))
    return render_template("profiles/edit.html", form=form, profile=None), 422 if form.errors else 200


@bp.get("/rules/<int:profile_id>")
@login_required
def show(profile_id: int) -> ResponseReturnValue:
    """A profile: its rules in words, its card's public address and QR code, and what can be done with it."""
    profile = owned(profile_id)
    card_url = url_for("profiles.card", token=profile.card_token, _external=True)
    return render_template("profiles/show.html", profile=profile, lines=card_lines(profile.rules), card_url=card_url,
                           qr=qr_svg(card_url), link_form=ConfirmForm())


@bp.route("/rules/<int:profile_id>/edit", methods=["GET", "POST"])
@login_required
def edit(profile_id: int) -> ResponseReturnValue:
    """Change a profile's rules (and name); a locked one's changed rules are saved as new house rules."""
    profile = owned(profile_id)
    form = ProfileForm()
    if not form.is_submitted():
        form.fill(profile.name, profile.rules)
    elif form.validate():
        return save_changes(profile, form.name.data or "", form.house_rules(), form)
    return render_template("profiles/edit.html", form=form, profile=profile), 422 if form.errors else 200


def save_changes(profile: ProfileView, name: str, rules: HouseRules, form: ProfileForm) -> ResponseReturnValue:
    """Save an edited profile: in place, or as new house rules when it is locked and its rules changed."""
    try:
        if profile.locked and rules != profile.rules:
            saved = save_profile(current_user, name, rules)
            flash(_("Matches were started from “%(old)s”, so its rules stay as they are: the changed rules are "
                    "saved as “%(name)s”.", old=profile.name, name=saved.name), "info")
        else:
            saved = change_profile(current_user, profile.id, name, rules)
            flash(_("House rules “%(name)s” saved.", name=saved.name), "info")
    except Conflict as refused:
        if refused.reason != "name_taken":  # a match was started from it meanwhile: its rules are locked now
            flash(_("A match was started from these rules meanwhile: save your changes as new house rules."), "error")
            return redirect(url_for("profiles.edit", profile_id=profile.id))
        form.name.errors = [name_taken(str(refused.params["name"]))]
        return render_template("profiles/edit.html", form=form, profile=profile), 422
    return redirect(url_for("profiles.show", profile_id=saved.id))


@bp.route("/rules/<int:profile_id>/rename", methods=["GET", "POST"])
@login_required
def rename(profile_id: int) -> ResponseReturnValue:
    """A new name for a profile, locked or not (its rules stay)."""
    profile = owned(profile_id)
    form = ProfileNameForm()
    if not form.is_submitted():
        form.name.data = profile.name
    elif form.validate():
        try:
            rename_profile(current_user, profile.id, form.name.data or "")
        except Conflict as refused:
            form.name.errors = [name_taken(str(refused.params["name"]))]
        else:
            return redirect(url_for("profiles.show", profile_id=profile.id))
    return render_template("profiles/rename.html", form=form, profile=profile), 422 if form.errors else 200


@bp.route("/rules/<int:profile_id>/delete", methods=["GET", "POST"])
@login_required
def delete(profile_id: int) -> ResponseReturnValue:
    """Delete a profile: the page asks first and says that the matches started from it keep their rules."""
    profile = owned(profile_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_template("profiles/delete.html", form=form, profile=profile)
    delete_profile(current_user, profile.id)
    flash(_("House rules “%(name)s” deleted.", name=profile.name), "info")
    return redirect(url_for("profiles.index"))


@bp.post("/rules/<int:profile_id>/link")
@login_required
def new_card_link(profile_id: int) -> ResponseReturnValue:
    """Replace the card's public address: the old one stops working (a card printed with its QR code too)."""
    profile = owned(profile_id)  # its CSRF token is checked before (CSRFProtect: a POST without one is a 400)
    replace_card_link(current_user, profile.id)
    flash(_("The old address of the rules card no longer works. Print or share the new one."), "info")
    return redirect(url_for("profiles.show", profile_id=profile.id) + "#card-link")


@bp.get("/card/<token>")
def card(token: str) -> ResponseReturnValue:
    """A profile's rules card, for anyone with its address: no account needed; 404 once the address is replaced."""
    try:
        profile = card_of(token)
    except NotFound:
        abort(404)
    card_url = url_for("profiles.card", token=profile.card_token, _external=True)
    return render_template("profiles/card.html", name=profile.name, lines=card_lines(profile.rules),
                           card_url=card_url, qr=qr_svg(card_url), public=True), 200, CARD_HEADERS


@bp.get("/matches/<int:match_id>/card")
@login_required
def match_card(match_id: int) -> ResponseReturnValue:
    """The rules card of a match (owner and scorers): its house rules' card, with the QR code of their public
    address, while it was started from house rules still kept; the match's own rules otherwise."""
    profile, rules = rules_of_match(scored(match_id))
    card_url = url_for("profiles.card", token=profile.card_token, _external=True) if profile else None
    return render_template("profiles/card.html", name=profile.name if profile else None, lines=card_lines(rules),
                           card_url=card_url, qr=qr_svg(card_url) if card_url else None, public=False,
                           match_id=match_id)
