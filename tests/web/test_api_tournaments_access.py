"""Every API route of a tournament against every role in its club: the organiser, a member, a removed member, an
outsider (in no role in the club) and a caller without a token, each answer written down, as
tests/web/test_clubs_access.py does for the club's own routes.

The routes are read from the app's URL map (every API rule naming a tournament), so one added later without a row
fails here. A request carries no body: what is checked is who gets in. Members read, organisers write (a member's
write is 403), anyone else gets 404 as for a tournament that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from access_harness import answer
from api_client import ApiClient
from factories import club, member, start_next_round, tournament, user_of
from flask import Flask
from page_client import Scorekeeper

from referee.services.clubs import membership, remove_member

ROLES = ("anonymous", "outsider", "removed", "member", "organiser")

EXPECTED: dict[tuple[str, str], tuple[Any, ...]] = {
    ("api.read_tournament", "GET"): (401, 404, 404, 200, 200),
    ("api.list_rounds", "GET"): (401, 404, 404, 200, 200),
    ("api.read_round", "GET"): (401, 404, 404, 200, 200),
    ("api.result_changes", "GET"): (401, 404, 404, 200, 200),
    ("api.read_standings", "GET"): (401, 404, 404, 200, 200),
    ("api.start_next_round", "POST"): (401, 404, 404, 403, 409),  # round 1 plays on
    ("api.close_tournament_round", "POST"): (401, 404, 404, 403, 409),
    ("api.record_table_result", "PUT"): (401, 404, 404, 403, 400),  # no body
}


def tournament_routes(app: Flask) -> set[tuple[str, str]]:
    """Every (endpoint, method) of the API whose address names a tournament (the pages' are
    tests/web/test_tournament_access.py's)."""
    return {(rule.endpoint, method) for rule in app.url_map.iter_rules()
            if "tournament_id" in rule.arguments and rule.endpoint.startswith("api.")
            for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_every_tournament_route_has_its_row(app):
    """A tournament route without a row, or a row without its route, fails here."""
    assert tournament_routes(app) == set(EXPECTED)


@dataclass
class Event:
    """Ana's club runs a Swiss event of Bea, Cid and the guests; round 1 started. Eve was a member and was removed;
    Dan is in no club."""

    tournament_id: int
    table_id: int
    people: dict[str, Scorekeeper]
    tokens: dict[str, ApiClient | None]

    def address(self) -> dict[str, object]:
        """The tournament, its round 1 and its first table."""
        return {"tournament_id": self.tournament_id, "number": 1, "table_id": self.table_id}


def set_event(app: Flask, scorekeeper) -> Event:
    """The event, set up through the services."""
    people = {name: scorekeeper(name) for name in ("ana", "bea", "cid", "dan", "eve")}
    club_id = club(people["ana"])
    member(people["ana"], club_id, people["bea"], people["cid"], people["eve"])
    made = tournament(people["ana"], club_id, [people["bea"], people["cid"], "Carla", "Diego"])
    table_id = start_next_round(people["ana"], made).round.tables[0].id
    with app.app_context():
        remove_member(membership(user_of(people["ana"]), club_id), user_of(people["eve"]).id)
    names = {"organiser": "ana", "member": "bea", "removed": "eve", "outsider": "dan"}
    tokens: dict[str, ApiClient | None] = {role: ApiClient(app.test_client(), name) for role, name in names.items()}
    tokens["anonymous"] = None
    return Event(made, table_id, {role: people[name] for role, name in names.items()}, tokens)


@pytest.mark.parametrize(("endpoint", "method"), sorted(EXPECTED))
def test_each_role_gets_the_answer_written_down(app, scorekeeper, endpoint, method):
    """The route answers each role as its row says, the roles asked in turn on one event."""
    event = set_event(app, scorekeeper)
    got = tuple(answer(app, event, role, endpoint, method) for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, EXPECTED[(endpoint, method)], strict=True))
