"""The match API's players and exports: the account's players with their statistics (referee/services/stats.py)
and a match's export (referee/services/backup.py), as the pages show and download them.

Routes of the API blueprint (referee/views/api/blueprint.py); every one takes a token (referee/web/api_auth.py).
"""

from __future__ import annotations

from dataclasses import asdict

from flask import jsonify
from flask.typing import ResponseReturnValue

from ...models import Player
from ...services import get_match
from ...services.backup import export_match
from ...services.players import get_player, matches_played
from ...services.stats import player_stats
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from .blueprint import bp


def _player_json(player: Player) -> dict[str, object]:
    """A player: id, name, rating (None before a finished match) and the matches played."""
    return {"id": player.id, "name": player.name, "rating": player.rating, "matches": matches_played(player)}


@bp.get("/players")
@throttle_per_token
@token_required
def list_players() -> ResponseReturnValue:
    """The account's players, by name."""
    return jsonify({"players": [_player_json(player) for player in api_user().players]})


@bp.get("/players/<int:player_id>")
@throttle_per_token
@token_required
def read_player(player_id: int) -> ResponseReturnValue:
    """One player and their statistics: record, hands, partners and opponents (all games, all time)."""
    player = get_player(api_user(), player_id)
    stats = player_stats(player)
    return jsonify(_player_json(player) | {
        "stats": asdict(stats) | {"win_rate": stats.record.win_rate}})


@bp.get("/matches/<int:match_id>/export")
@throttle_per_token
@token_required
def export(match_id: int) -> ResponseReturnValue:
    """Everything of the match as its JSON export (the file the page downloads, which an account can import)."""
    return jsonify(export_match(get_match(api_user(), match_id)))
