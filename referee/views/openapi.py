"""GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (referee/openapi/)."""

from __future__ import annotations

import json
from functools import cache

from flask import Blueprint, Response
from flask.typing import ResponseReturnValue

from ..openapi import document

bp = Blueprint("openapi", __name__, url_prefix="/api/v1")


@cache
def _body() -> bytes:
    """The document as JSON, written once per process: it depends on nothing but the code."""
    return json.dumps(document(), ensure_ascii=False, indent=1).encode()


@bp.get("/openapi.json")
def openapi_json() -> ResponseReturnValue:
    """The document; cacheable for an hour, as it changes only with a new release."""
    return Response(_body(), mimetype="application/json", headers={"Cache-Control": "public, max-age=3600"})
