"""House rules' pages, the same for the account's and a club's (a Shelf says whose): the list, new, a profile with
its rules card's address, change, rename, delete, a new card address. views/profiles.py routes the account's to
them, views/club_profiles.py a club's."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..forms.profiles import ConfirmForm, ProfileForm, ProfileNameForm
from ..services.errors import Conflict, NotFound
from ..services.profiles import ProfileView
from ..services.refusals import ProfileRefusal
from .card_words import card_lines
from .profile_shelves import Shelf
from .qr import qr_svg
from .refusal_words import conflict_words


def on_shelf(shelf: Shelf, profile_id: int) -> ProfileView:
    """One of the shelf's profiles, or 404 (another account's or club's too)."""
    try:
        return shelf.get(profile_id)
    except NotFound:
        abort(404)


def listed(shelf: Shelf) -> ResponseReturnValue:
    """The shelf's house rules, each with its game, how many matches were started from it, and its actions."""
    return render_template("profiles/index.html", profiles=shelf.listed(), shelf=shelf)


def new_page(shelf: Shelf) -> ResponseReturnValue:
    """New house rules: a name and the new-match form's rules part."""
    form = ProfileForm()
    if form.validate_on_submit():
        try:
            made = shelf.save(form.name.data or "", form.house_rules())
        except Conflict as refused:
            form.name.errors = [conflict_words(refused)]
        else:
            flash(_("House rules “%(name)s” saved.", name=made.name), "info")
            return redirect(shelf.url("show", profile_id=made.id))
    return render_template("profiles/edit.html", form=form, profile=None, shelf=shelf), 422 if form.errors else 200


def shown(shelf: Shelf, profile_id: int) -> ResponseReturnValue:
    """A profile: its rules in words, its card's public address and QR code, and what can be done with it."""
    profile = on_shelf(shelf, profile_id)
    card_url = url_for("profiles.card", token=profile.card_token, _external=True)
    return render_template("profiles/show.html", profile=profile, lines=card_lines(profile.rules), card_url=card_url,
                           qr=qr_svg(card_url), link_form=ConfirmForm(), shelf=shelf)


def edit_page(shelf: Shelf, profile_id: int) -> ResponseReturnValue:
    """Change a profile's rules (and name); a locked one's changed rules are saved as new house rules."""
    profile = on_shelf(shelf, profile_id)
    form = ProfileForm()
    if not form.is_submitted():
        form.fill(profile.name, profile.rules)
    elif form.validate():
        return save_changes(shelf, profile, form)
    return render_template("profiles/edit.html", form=form, profile=profile, shelf=shelf), \
        422 if form.errors else 200


def save_changes(shelf: Shelf, profile: ProfileView, form: ProfileForm) -> ResponseReturnValue:
    """Save an edited profile: in place, or as new house rules when it is locked and its rules changed."""
    name, rules = form.name.data or "", form.house_rules()
    try:
        if profile.locked and rules != profile.rules:
            saved = shelf.save(name, rules)
            flash(_("Matches were started from “%(old)s”, so its rules stay as they are: the changed rules are "
                    "saved as “%(name)s”.", old=profile.name, name=saved.name), "info")
        else:
            saved = shelf.change(profile.id, name, rules)
            flash(_("House rules “%(name)s” saved.", name=saved.name), "info")
    except Conflict as refused:
        if refused.reason is not ProfileRefusal.NAME_TAKEN:  # a match was started from it meanwhile: locked now
            flash(conflict_words(refused), "error")
            return redirect(shelf.url("edit", profile_id=profile.id))
        form.name.errors = [conflict_words(refused)]
        return render_template("profiles/edit.html", form=form, profile=profile, shelf=shelf), 422
    return redirect(shelf.url("show", profile_id=saved.id))


def rename_page(shelf: Shelf, profile_id: int) -> ResponseReturnValue:
    """A new name for a profile, locked or not (its rules stay)."""
    profile = on_shelf(shelf, profile_id)
    form = ProfileNameForm()
    if not form.is_submitted():
        form.name.data = profile.name
    elif form.validate():
        try:
            shelf.rename(profile.id, form.name.data or "")
        except Conflict as refused:
            form.name.errors = [conflict_words(refused)]
        else:
            return redirect(shelf.url("show", profile_id=profile.id))
    return render_template("profiles/rename.html", form=form, profile=profile, shelf=shelf), \
        422 if form.errors else 200


def delete_page(shelf: Shelf, profile_id: int) -> ResponseReturnValue:
    """Delete a profile: the page asks first and says that the matches started from it keep their rules."""
    profile = on_shelf(shelf, profile_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_template("profiles/delete.html", form=form, profile=profile, shelf=shelf)
    shelf.delete(profile.id)
    flash(_("House rules “%(name)s” deleted.", name=profile.name), "info")
    return redirect(shelf.url("index"))


def replace_link(shelf: Shelf, profile_id: int) -> ResponseReturnValue:
    """Replace the card's public address: the old one stops working (a card printed with its QR code too)."""
    profile = on_shelf(shelf, profile_id)  # its CSRF token is checked before (CSRFProtect: a POST without one: 400)
    shelf.replace_link(profile.id)
    flash(_("The old address of the rules card no longer works. Print or share the new one."), "info")
    return redirect(shelf.url("show", profile_id=profile.id) + "#card-link")
