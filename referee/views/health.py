"""GET /healthz, for a load balancer, a container's health check or a monitor."""

from __future__ import annotations

from flask import Blueprint, current_app
from flask.typing import ResponseReturnValue
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db

bp = Blueprint("health", __name__)

NO_STORE = {"Cache-Control": "no-store"}


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """200 {"status": "ok"} when the database answers a trivial query, else 503; touches no session."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        db.session.rollback()
        current_app.logger.warning("Health check: the database does not answer: %s", str(error).splitlines()[0])
        return {"status": "unavailable"}, 503, NO_STORE
    return {"status": "ok"}, 200, NO_STORE
