"""A program using the match API with a personal access token, for the match API's tests."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PASSWORD = "correct-horse"  # the scorekeepers' (tests/conftest.py)
FOUR = {"ruleset": "escova-rs", "players": ["Ana", "Bruno", "Carla", "Diego"], "partnerships": True,
        "first_dealer": 0}
TWO = {"ruleset": "escoba-es", "players": ["Ana", "Bea"], "first_dealer": 0}


class ApiClient:
    """Requests with ``Authorization: Bearer`` and JSON bodies."""

    def __init__(self, client: FlaskClient, username: str = "ana", password: str = PASSWORD) -> None:
        self.client = client
        made = client.post("/api/v1/tokens", auth=(username, password), json={"name": "tests"})
        assert made.status_code == 201, made.get_data(as_text=True)
        self.token = made.get_json()["token"]

    def request(self, method: str, url: str, body: Any = None, headers: dict[str, str] | None = None,
                **kwargs: Any) -> TestResponse:
        """One request under /api/v1 with the token."""
        sent = {"Authorization": f"Bearer {self.token}"} | (headers or {})
        return self.client.open("/api/v1" + url, method=method, json=body, headers=sent, **kwargs)

    def start(self, **body: Any) -> dict[str, Any]:
        """A new match (four players in partnerships unless told otherwise); its JSON."""
        response = self.request("POST", "/matches", FOUR | body)
        assert response.status_code == 201, response.get_data(as_text=True)
        return dict(response.get_json())
