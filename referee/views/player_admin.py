"""Managing the account's players: rename one, merge two who are one person, delete one.

Each has a page of its own, linked from the player's page: GET shows the form, POST acts and goes back
(post/redirect/get) with a message. Every POST is checked for its CSRF token by CSRFProtect first; another
account's player is a 404, like a missing one.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms.common import field_errors
from ..forms.player_admin import DeletePlayerForm, MergePlayersForm, RenamePlayerForm
from ..models import Player
from ..services import Conflict, NotFound
from ..services.players import delete_player, get_player, matches_played, merge_players, rename_player
from .refusal_words import conflict_words

bp = Blueprint("player_admin", __name__, url_prefix="/players")


def owned(player_id: int) -> Player:
    """The current account's player, or 404 (also for another account's)."""
    try:
        return get_player(current_user, player_id)
    except NotFound:
        abort(404)


def _gone() -> ResponseReturnValue:
    """The player went while the page was open (deleted or merged on another phone): say so, show the list."""
    flash(_("That player was just deleted or merged on another phone."), "info")
    return redirect(url_for("players.index"))


@bp.route("/<int:player_id>/rename", methods=["GET", "POST"])
@login_required
def rename(player_id: int) -> ResponseReturnValue:
    """A new name for the player in every match; a name another player has is refused, offering the merge."""
    player = owned(player_id)
    form = RenamePlayerForm(data=None if request.method == "POST" else {"name": player.name})
    taken: dict[str, object] | None = None
    if form.validate_on_submit():
        old, new = player.name, form.new_name()
        if new == old:
            return redirect(url_for("players.show", player_id=player.id))
        try:
            rename_player(player, new)
        except Conflict as conflict:
            taken = conflict.params
            field_errors(form.name).append(conflict_words(conflict))
        else:
            flash(_("%(old)s is now %(new)s, in every match.", old=old, new=new), "info")
            return redirect(url_for("players.show", player_id=player.id))
    status = 409 if taken else 422 if form.errors else 200
    return render_template("players/rename.html", player=player, form=form, taken=taken), status


@bp.route("/<int:player_id>/merge", methods=["GET", "POST"])
@login_required
def merge(player_id: int) -> ResponseReturnValue:
    """Two players who are one person become one: pick the other, and whose name stays. The page may be
    opened with the other picked already (?other=<id>, from a refused rename)."""
    player = owned(player_id)
    others = [other for other in current_user.players if other.id != player.id]
    # The GET reads the query through the same form (nothing is validated, or changed, until it is posted).
    form = MergePlayersForm(player, others, **({} if request.method == "POST" else {"formdata": request.args}))
    if form.validate_on_submit():
        kept, merged = form.kept_and_merged()
        kept_name, merged_name = kept.name, merged.name
        try:
            merge_players(kept, merged)
        except NotFound:
            return _gone()
        except Conflict as conflict:  # their seats are claimed by two different accounts
            field_errors(form.other).append(conflict_words(conflict))
            return render_template("players/merge.html", player=player, form=form, others=others), 409
        flash(_("%(merged)s and %(kept)s are one player now, called %(kept)s in every match.",
                merged=merged_name, kept=kept_name), "info")
        return redirect(url_for("players.show", player_id=kept.id))
    return render_template("players/merge.html", player=player, form=form, others=others), \
        422 if form.errors else 200


@bp.route("/<int:player_id>/delete", methods=["GET", "POST"])
@login_required
def delete(player_id: int) -> ResponseReturnValue:
    """Forget a player, after a confirmation saying what stays: their matches, under the name they played as."""
    player = owned(player_id)
    form = DeletePlayerForm()
    if form.validate_on_submit():
        name = player.name
        try:
            delete_player(player)
        except NotFound:
            return _gone()
        flash(_("%(name)s is deleted. Their matches stay, under that name.", name=name), "info")
        return redirect(url_for("players.index"))
    return render_template("players/delete.html", player=player, form=form, played=matches_played(player))
