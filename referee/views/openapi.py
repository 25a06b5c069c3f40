"""GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (referee/openapi/); /api/reference renders it."""

from __future__ import annotations

import json
from functools import cache

from flask import Blueprint, Response, render_template
from flask.typing import ResponseReturnValue

from ..openapi import document
from ..web.headers import CONTENT_SECURITY_POLICY

bp = Blueprint("openapi", __name__)

# Swagger UI draws a few icons (a select's arrow, "copy") as data: images, from its stylesheet and its script.
# An image cannot run anything, so this one page allows them; scripts and styles stay the site's own files only.
REFERENCE_POLICY = CONTENT_SECURITY_POLICY + "; img-src 'self' data:"


@cache
def _body() -> bytes:
    """The document as JSON, written once per process: it depends on nothing but the code."""
    return json.dumps(document(), ensure_ascii=False, indent=1).encode()


@bp.get("/api/v1/openapi.json")
def openapi_json() -> ResponseReturnValue:
    """The document; cacheable for an hour, as it changes only with a new release."""
    return Response(_body(), mimetype="application/json", headers={"Cache-Control": "public, max-age=3600"})


@bp.get("/api/reference")
def reference() -> ResponseReturnValue:
    """The document rendered by Swagger UI, vendored in static/vendor/ (nothing from a CDN)."""
    return render_template("main/api_reference.html"), {"Content-Security-Policy": REFERENCE_POLICY}
