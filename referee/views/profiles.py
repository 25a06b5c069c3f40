"""House rules: the account's rules profiles (list, new, change, rename, delete), their printable rules cards (public
behind a revocable address, with its QR code) and a match's rules card. A club's house rules are the same pages on
the club's shelf (views/club_profiles.py, views/profile_shelves.py).

A profile a match was started from is locked (services/profiles.py): its page says so, and changing its rules saves
a new profile instead.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_login import login_required

from ..services.errors import NotFound
from ..services.profiles import card_of, rules_of_match
from .card_words import card_lines
from .lookups import scored
from .profile_pages import delete_page, edit_page, listed, new_page, rename_page, replace_link, shown
from .profile_shelves import MINE
from .qr import qr_svg

bp = Blueprint("profiles", __name__)
# A card is the same for everyone holding its address, and says nothing of who reads it.
CARD_HEADERS = {"Cache-Control": "private, no-cache", "Referrer-Policy": "no-referrer"}


@bp.get("/rules/")
@login_required
def index() -> ResponseReturnValue:
    """The account's house rules."""
    return listed(MINE)


@bp.route("/rules/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """New house rules of the account."""
    return new_page(MINE)


@bp.get("/rules/<int:profile_id>")
@login_required
def show(profile_id: int) -> ResponseReturnValue:
    """One of the account's house rules."""
    return shown(MINE, profile_id)


@bp.route("/rules/<int:profile_id>/edit", methods=["GET", "POST"])
@login_required
def edit(profile_id: int) -> ResponseReturnValue:
    """Change one of the account's house rules."""
    return edit_page(MINE, profile_id)


@bp.route("/rules/<int:profile_id>/rename", methods=["GET", "POST"])
@login_required
def rename(profile_id: int) -> ResponseReturnValue:
    """Rename one of the account's house rules."""
    return rename_page(MINE, profile_id)


@bp.route("/rules/<int:profile_id>/delete", methods=["GET", "POST"])
@login_required
def delete(profile_id: int) -> ResponseReturnValue:
    """Delete one of the account's house rules."""
    return delete_page(MINE, profile_id)


@bp.post("/rules/<int:profile_id>/link")
@login_required
def new_card_link(profile_id: int) -> ResponseReturnValue:
    """Replace the address of one of the account's rules cards."""
    return replace_link(MINE, profile_id)


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
