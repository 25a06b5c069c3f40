"""A program using the match API with a personal access token, for the match API's tests."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from page_client import LEFTOVER, PASSWORD, PILE_A, PILE_B
from werkzeug.test import TestResponse

from referee.forms.hands import CARD_CODES

FOUR = {"ruleset": "escova-rs", "players": ["Ana", "Bruno", "Carla", "Diego"], "partnerships": True,
        "first_dealer": 0}

ORDER = {code: i for i, code in enumerate(CARD_CODES)}
TWO = {"ruleset": "escova-rs", "players": ["Ana", "Bea"], "first_dealer": 0,
       "options": {"penalty": "forfeit", "deal_passes": "right"}}


def in_order(cards: list[str]) -> list[str]:
    """Cards in the order the pages store them."""
    return sorted(cards, key=ORDER.__getitem__)


def by_cards(mirror: bool = False, moves: dict[str, str] | None = None, escobas: tuple[int, int] = (1, 0)) -> dict:
    """The correct hand (or its mirror) as the API's cards body, as Scorekeeper.hand_fields makes it on a page."""
    places = {c: "0" for c in PILE_A} | {c: "1" for c in PILE_B} | {c: "L" for c in LEFTOVER}
    if mirror:
        places = {c: {"0": "1", "1": "0"}.get(p, p) for c, p in places.items()}
    places |= moves or {}
    sides = escobas[::-1] if mirror else escobas
    return {"sides": [{"cards": in_order([c for c, p in places.items() if p == str(i)]), "escobas": sides[i]}
                      for i in range(2)],
            "leftover": in_order([c for c, p in places.items() if p == "L"]), "last_capture": 1 if mirror else 0}


def by_tally(mirror: bool = False) -> dict:
    """The correct hand by counts (the leftover counted with the first side's pile), as hand_tally on a page."""
    a = {"cards": 20, "oros": 10, "sevens": 2, "velo": True}
    b = {"cards": 20, "oros": 0, "sevens": 2, "velo": False}
    first, second = (b, a) if mirror else (a, b)
    sides = [{"tally": first, "escobas": 0 if mirror else 1}, {"tally": second, "escobas": 1 if mirror else 0}]
    return {"sides": sides, "leftover_sum": 10, "last_capture": 1 if mirror else 0}


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
