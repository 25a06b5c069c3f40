"""Asking a route as each role, for the access tests (tests/web/test_access_matrix.py for matches,
tests/web/test_clubs_access.py for clubs, tests/web/test_tournament_access.py and test_api_tournaments_access.py for
tournaments): the route's address filled in from the scene's values, and the answer
its browser or its API token gets.

A page's POST carries the session's CSRF token and nothing else, so what is checked is who gets in, not what a
form does; an API request carries no body.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from api_client import ApiClient
from flask import Flask
from page_client import Scorekeeper

LOGIN = "login"  # a page's answer to a visitor not logged in: a redirect to the login page


class Scene(Protocol):
    """Who asks (each role's browser, and its API token or None for a visitor without one) and what the routes'
    addresses name."""

    people: dict[str, Scorekeeper]
    tokens: dict[str, ApiClient | None]

    def address(self) -> Mapping[str, object]:
        """The value of each part a route's address may name (match_id, club_id, user_id…)."""


def url_of(app: Flask, endpoint: str, scene: Scene) -> str:
    """The route's address with the scene's values."""
    rule = next(rule for rule in app.url_map.iter_rules() if rule.endpoint == endpoint)
    values = scene.address()
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m[1]]), rule.rule)


def answer(app: Flask, scene: Scene, role: str, endpoint: str, method: str) -> Any:
    """What the role gets: the status, or LOGIN for a page's redirect to the login page."""
    url = url_of(app, endpoint, scene)
    if endpoint.startswith("api."):
        token = scene.tokens[role]
        if token is None:
            return app.test_client().open(url, method=method).status_code
        return token.client.open(url, method=method, headers={"Authorization": f"Bearer {token.token}"}).status_code
    person = scene.people[role]
    if method == "GET":
        response = person.client.get(url)
    else:
        csrf = person.form("/login")["csrf_token"] if role == "anonymous" else person.token()
        response = person.client.post(url, data={"csrf_token": csrf})
    if response.status_code == 302 and "/login" in response.headers["Location"]:
        return LOGIN
    return response.status_code
