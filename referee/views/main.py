"""The front page."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    """What the app is, and where to go."""
    return render_template("main/index.html")
