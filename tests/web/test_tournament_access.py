"""Every route of a tournament against every role: its club's organiser, a member, an outsider (an account in no
role in the club) and a visitor not logged in, each answer written down (the club's list and "New tournament" are
in tests/web/test_clubs_access.py). A member sees, cannot run; an outsider gets 404, as for a tournament that does
not exist. And the tables' matches through the match routes: a member scores the match of the table they play at,
and no other table's.

The routes are read from the app's URL map, so a route added later without a row here fails the test. A POST
carries the session's CSRF token and nothing else: what is checked is who gets in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from access_harness import LOGIN, answer
from api_client import ApiClient
from factories import club, member, play_table, save_hand, start_next_round, tournament
from flask import Flask
from page_client import Scorekeeper

from referee.services.errors import NotFound

ROLES = ("anonymous", "outsider", "member", "organiser")

EXPECTED: dict[tuple[str, str], tuple[Any, ...]] = {
    # a member's: the tournament, its standings
    ("tournaments.show", "GET"): (LOGIN, 404, 200, 200),
    ("tournaments.standings", "GET"): (LOGIN, 404, 200, 200),
    # an organiser's alone: round 1 is being played (so starting the next is refused, 409, as is closing it)
    ("tournaments.start", "POST"): (LOGIN, 404, 403, 409),
    ("tournaments.close", "POST"): (LOGIN, 404, 403, 409),
    ("tournaments.codes", "POST"): (LOGIN, 404, 403, 302),
    ("tournaments.result", "GET"): (LOGIN, 404, 403, 200),
    ("tournaments.result", "POST"): (LOGIN, 404, 403, 422),
}


def tournament_routes(app: Flask) -> set[tuple[str, str]]:
    """Every (endpoint, method) of the tournaments blueprint but the club's own two."""
    return {(rule.endpoint, method) for rule in app.url_map.iter_rules()
            if rule.endpoint.startswith("tournaments.") and "club_id" not in rule.arguments
            for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_every_tournament_route_has_its_row(app):
    """A tournament route without a row, or a row without its route, fails here."""
    assert tournament_routes(app) == set(EXPECTED)


@dataclass
class Night:
    """Ana's club night: Bea and Cid members, Dan in no club; a Swiss event of Bea, Cid and two guests, round 1
    started (Bea plays at one table, Cid at the other)."""

    tournament_id: int
    tables: dict[str, tuple[int, int]]  # by the member playing at it: (table id, match id)
    people: dict[str, Scorekeeper]
    tokens: dict[str, ApiClient | None]  # none: these are the pages' routes (the API's: test_api_tournaments_access)

    def address(self) -> Mapping[str, object]:
        """The routes' values: the tournament, Bea's table."""
        return {"tournament_id": self.tournament_id, "table_id": self.tables["bea"][0]}


def set_night(app: Flask, scorekeeper) -> Night:
    """The night, set up through the services."""
    ana, bea, cid, dan = (scorekeeper(name) for name in ("ana", "bea", "cid", "dan"))
    club_id = club(ana)
    member(ana, club_id, bea, cid)
    tournament_id = tournament(ana, club_id, [bea, cid, "Eva", "Fer"], rounds=2)
    started = start_next_round(ana, tournament_id).round
    tables = {}
    for table in started.tables:
        for player in (*table.home.players, *(table.away.players if table.away else ())):
            if player.name in ("bea", "cid") and table.match_id is not None:
                tables[player.name] = (table.id, table.match_id)
    people = {"organiser": ana, "member": bea, "other": cid, "outsider": dan,
              "anonymous": Scorekeeper(app, app.test_client())}
    return Night(tournament_id, tables, people, {})


@pytest.mark.parametrize(("endpoint", "method"), sorted(EXPECTED))
def test_each_role_gets_the_answer_written_down(app, scorekeeper, endpoint, method):
    """The route answers each role as its row says, the roles asked in turn on one night."""
    night = set_night(app, scorekeeper)
    got = tuple(answer(app, night, role, endpoint, method) for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, EXPECTED[(endpoint, method)], strict=True))


def test_a_tournament_that_does_not_exist_looks_the_same_as_another_club_s(app, scorekeeper):
    """An outsider's 404 for a real tournament is the same page as for an id never used."""
    night = set_night(app, scorekeeper)
    dan = night.people["outsider"]
    real = dan.client.get(f"/tournaments/{night.tournament_id}")
    missing = dan.client.get(f"/tournaments/{night.tournament_id + 99}")
    assert real.status_code == missing.status_code == 404

    def main(html: str) -> str:
        """The page's own part (the footer's links carry the address)."""
        return re.findall(r"<main.*?</main>", html, flags=re.S)[0]

    assert main(real.get_data(as_text=True)) == main(missing.get_data(as_text=True))


def test_a_member_scores_their_own_table_s_match_and_no_other(app, scorekeeper):
    """Bea opens her table's match (its draw for dealer first: the table draws) and plays it to its end as its
    scorer; Cid's match is a 404 to her through every match route (its scoreboard, its hand entry, its draw, its
    sharing page), and a hand saved as her is refused as for a stranger."""
    night = set_night(app, scorekeeper)
    bea = night.people["member"]
    _table, hers = night.tables["bea"]
    _other_table, cids = night.tables["cid"]
    opened = bea.client.get(f"/matches/{hers}")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/matches/{hers}/draw")
    assert bea.client.get(f"/matches/{hers}/draw").status_code == 200
    play_table(bea, hers)
    assert bea.client.get(f"/matches/{hers}").status_code == 200
    for where in ("", "/hands/new", "/draw", "/together"):
        assert bea.client.get(f"/matches/{cids}{where}").status_code == 404, where
    refused = bea.client.post(f"/matches/{cids}/hands/new", data={"csrf_token": bea.token()})
    assert refused.status_code == 404
    with pytest.raises(NotFound):
        save_hand(bea, cids)
    # and the tournament page links her own match's scoreboard, the other's spectator page
    page = bea.page(f"/tournaments/{night.tournament_id}")
    assert f"/matches/{hers}\"" in page and f"/matches/{cids}\"" not in page and "/watch/" in page
