"""The read-only scoreboard behind an unguessable link."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue

from ..services import NotFound, scoreboard
from ..services.matches import by_spectator_token

bp = Blueprint("spectator", __name__)

REFRESH_SECONDS = 10


@bp.get("/watch/<token>")
def watch(token: str) -> ResponseReturnValue:
    """The scoreboard anyone with the link can see; it refreshes by itself."""
    try:
        match = by_spectator_token(token)
    except NotFound:
        abort(404)
    response = render_template("spectator/watch.html", board=scoreboard(match), refresh=REFRESH_SECONDS)
    return response, 200, {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
