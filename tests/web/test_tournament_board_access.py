"""The routes of the board, the round sheets and the CSV downloads against every role, as
tests/web/test_tournament_access.py does for the tournament's own: an organiser runs them, a member sees the
board's page and downloads, an outsider gets 404 as for a tournament that does not exist, a visitor is sent to log
in. The board itself is public behind its link (tests/web/test_tournament_board.py). Routes are read from the URL
map: one added without a row fails."""

from __future__ import annotations

from typing import Any

import pytest
from test_tournament_access import LOGIN, ROLES, set_night

EXPECTED: dict[tuple[str, str], tuple[Any, ...]] = {
    ("tournament_board.settings", "GET"): (LOGIN, 404, 200, 200),
    ("tournament_board.new_link", "POST"): (LOGIN, 404, 403, 302),
    ("tournament_board.round_length", "POST"): (LOGIN, 404, 403, 302),
    ("tournament_board.sheet", "GET"): (LOGIN, 404, 403, 200),
    ("tournament_board.sheet_codes", "POST"): (LOGIN, 404, 403, 302),
    ("tournament_exports.standings_csv", "GET"): (LOGIN, 404, 200, 200),
    ("tournament_exports.results_csv", "GET"): (LOGIN, 404, 200, 200),
}
PUBLIC = {("tournament_board.wall", "GET")}


def test_every_board_route_has_its_row(app):
    """A route of the board's or the downloads' blueprints without a row, or a row without its route, fails here."""
    routes = {(rule.endpoint, method) for rule in app.url_map.iter_rules()
              if rule.endpoint.startswith(("tournament_board.", "tournament_exports."))
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes == set(EXPECTED) | PUBLIC


@pytest.mark.parametrize(("endpoint", "method"), sorted(EXPECTED))
def test_each_role_gets_the_answer_written_down(app, scorekeeper, endpoint, method):
    """The route answers each role as its row says (round 1's sheet), the roles asked in turn on one night."""
    night = set_night(app, scorekeeper)
    got = tuple(answer(app, night, role, endpoint, method) for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, EXPECTED[(endpoint, method)], strict=True))


def url_of(app, endpoint, night) -> str:
    """The route's address for the night: its tournament, round 1."""
    rule = next(rule for rule in app.url_map.iter_rules() if rule.endpoint == endpoint)
    return rule.rule.replace("<int:tournament_id>", str(night.tournament_id)).replace("<int:number>", "1")


def answer(app, night, role: str, endpoint: str, method: str) -> Any:
    """What the role gets: the status, or LOGIN for a page's redirect to the login page (a POST carries the
    session's CSRF token and nothing else: what is checked is who gets in)."""
    url, person = url_of(app, endpoint, night), night.people[role]
    if method == "GET":
        response = person.client.get(url)
    else:
        csrf = person.form("/login")["csrf_token"] if role == "anonymous" else person.token()
        response = person.client.post(url, data={"csrf_token": csrf})
    if response.status_code == 302 and "/login" in response.headers["Location"]:
        return LOGIN
    return response.status_code
