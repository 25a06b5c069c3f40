"""A club's house rules: the account's pages (views/profile_pages.py) on the club's shelf, under /clubs/<id>/rules/.

Every member reads them and their rules cards and starts a match of the club from one; only organisers save, change,
rename and delete them, or replace a card's address (403 for a member); anyone else gets 404, as for a club that
does not exist.
"""

from __future__ import annotations

from flask import Blueprint, abort
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required

from ..services.clubs import membership
from ..services.errors import NotFound
from ..services.roles import organises
from . import profile_pages as pages
from .profile_shelves import Shelf

bp = Blueprint("club_profiles", __name__, url_prefix="/clubs/<int:club_id>/rules")


def shelf_of(club_id: int, organiser: bool = False) -> Shelf:
    """The club's shelf for a member (404 for anyone else); 403 when the page changes them and it organises not."""
    try:
        member = membership(current_user, club_id)
    except NotFound:
        abort(404)
    manage = organises(member)
    if organiser and not manage:
        abort(403)
    return Shelf(club_id=club_id, club_name=member.club.name, manage=manage)


@bp.get("/")
@login_required
def index(club_id: int) -> ResponseReturnValue:
    """The club's house rules."""
    return pages.listed(shelf_of(club_id))


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new(club_id: int) -> ResponseReturnValue:
    """New house rules of the club, by an organiser."""
    return pages.new_page(shelf_of(club_id, organiser=True))


@bp.get("/<int:profile_id>")
@login_required
def show(club_id: int, profile_id: int) -> ResponseReturnValue:
    """One of the club's house rules, with its rules card's address and QR code."""
    return pages.shown(shelf_of(club_id), profile_id)


@bp.route("/<int:profile_id>/edit", methods=["GET", "POST"])
@login_required
def edit(club_id: int, profile_id: int) -> ResponseReturnValue:
    """Change one of the club's house rules, by an organiser."""
    return pages.edit_page(shelf_of(club_id, organiser=True), profile_id)


@bp.route("/<int:profile_id>/rename", methods=["GET", "POST"])
@login_required
def rename(club_id: int, profile_id: int) -> ResponseReturnValue:
    """Rename one of the club's house rules, by an organiser."""
    return pages.rename_page(shelf_of(club_id, organiser=True), profile_id)


@bp.route("/<int:profile_id>/delete", methods=["GET", "POST"])
@login_required
def delete(club_id: int, profile_id: int) -> ResponseReturnValue:
    """Delete one of the club's house rules, by an organiser."""
    return pages.delete_page(shelf_of(club_id, organiser=True), profile_id)


@bp.post("/<int:profile_id>/link")
@login_required
def new_card_link(club_id: int, profile_id: int) -> ResponseReturnValue:
    """Replace the address of one of the club's rules cards, by an organiser."""
    return pages.replace_link(shelf_of(club_id, organiser=True), profile_id)
