"""The health check's piece of the OpenAPI document (referee/views/health.py)."""

from __future__ import annotations

from typing import Any

from .common import json_content

_STATUS = {
    "type": "object",
    "required": ["status"],
    "additionalProperties": False,
    "properties": {"status": {"type": "string", "enum": ["ok", "unavailable"]}},
}

PIECE: dict[str, Any] = {
    "tags": [{"name": "operations", "description": "For load balancers and monitors."}],
    "paths": {
        "/healthz": {
            "get": {
                "operationId": "healthz",
                "tags": ["operations"],
                "summary": "Whether the app and its database answer",
                "security": [],
                "responses": {
                    "200": {"description": "The database answers a trivial query.",
                            **json_content(_STATUS, {"ok": {"status": "ok"}})},
                    "503": {"description": "The database does not answer.",
                            **json_content(_STATUS, {"unavailable": {"status": "unavailable"}})},
                },
            },
        },
    },
}
