"""Posting raw JSON bodies to the API and reading its errors, for the API tests."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

KB = 1024
LIMIT = 64 * KB  # MAX_CONTENT_LENGTH as the app sets it
ELLIPSIS = "…"  # how a long value quoted in a message ends


def post(client: FlaskClient, url: str, raw: str | bytes, **kwargs: Any) -> TestResponse:
    """Post a raw body as JSON."""
    return client.post(url, data=raw, content_type="application/json", **kwargs)


def error_list(response: TestResponse, status: int) -> list[dict[str, str]]:
    """Assert the status and the errors shape, and return the errors."""
    assert response.status_code == status, response.data[:300]
    body = response.get_json()
    assert set(body) == {"errors"} and body["errors"]
    assert all(set(e) == {"field", "message"} and all(isinstance(v, str) for v in e.values()) for e in body["errors"])
    return body["errors"]
