"""The account's players: the leaderboard, and one player's page."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import format_decimal, format_percent
from flask_login import current_user, login_required

from ..forms.players import PlayerStatsForm
from ..services import NotFound
from ..services.players import get_player
from ..services.ratings import leaderboard, rating_history
from ..services.stats import StatsFilter, player_stats

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
@login_required
def index() -> ResponseReturnValue:
    """Every player of the account, ranked by rating."""
    return render_template("players/index.html", board=leaderboard(current_user))


@bp.get("/<int:player_id>")
@login_required
def show(player_id: int) -> ResponseReturnValue:
    """One player's record, partners and rivals under the filters, and rating; a filter no page offers is
    refused beside its field (422) and the statistics cover every game or all time instead."""
    try:
        player = get_player(current_user, player_id)
    except NotFound:
        abort(404)
    form = PlayerStatsForm(formdata=request.args)
    valid = form.validate()
    game, period = form.chosen()
    stats = player_stats(player, StatsFilter(game=game, period=period))
    return render_template("players/show.html", player=player, ratings=rating_history(player), form=form,
                           game=game, period=period, stats=stats, percent=format_percent,
                           decimal=format_decimal), 200 if valid else 422
