"""Every club route against every role: the organiser, a member, a removed member, an outsider (an account in no
role in the club) and a visitor not logged in, each answer written down, as tests/web/test_access_matrix.py does
for matches.

The routes are read from the app's URL map (every rule of the clubs blueprint), so a route added later without a
row here fails the test. A POST carries the session's CSRF token and nothing else: what is checked is who gets in.
A club the account is no member of is a 404, as a missing one; what only an organiser may do is 403 for a member.
The invite link is the one way in from outside: its page and its button answer everyone. The API's club is held
to the same: a token of no member's gets 404.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from access_harness import LOGIN, answer
from api_client import ApiClient
from factories import club, club_invite, member, user_of
from flask import Flask
from page_client import Scorekeeper

from referee.extensions import db
from referee.models import ClubInvite
from referee.rules import make_ruleset
from referee.services.club_profiles import save_club_profile
from referee.services.clubs import membership, remove_member
from referee.services.profiles import HouseRules

ROLES = ("anonymous", "outsider", "removed", "member", "organiser")

EXPECTED: dict[tuple[str, str], tuple[Any, ...]] = {
    # anyone logged in: their own clubs, and starting one (no name sent: the form's refusal)
    ("clubs.index", "GET"): (LOGIN, 200, 200, 200, 200),
    ("clubs.create", "POST"): (LOGIN, 422, 422, 422, 422),
    # a member's: the club's page, their own rating choice, leaving (the organiser is the last: hand over first)
    ("clubs.show", "GET"): (LOGIN, 404, 404, 200, 200),
    ("clubs.rated", "POST"): (LOGIN, 404, 404, 302, 302),
    ("clubs.leave", "GET"): (LOGIN, 404, 404, 200, 200),
    ("clubs.leave", "POST"): (LOGIN, 404, 404, 302, 409),
    # an organiser's alone
    ("clubs.promote", "POST"): (LOGIN, 404, 404, 403, 302),
    ("clubs.remove", "GET"): (LOGIN, 404, 404, 403, 200),
    ("clubs.remove", "POST"): (LOGIN, 404, 404, 403, 302),
    ("clubs.invites", "GET"): (LOGIN, 404, 404, 403, 200),
    ("clubs.new_invite", "POST"): (LOGIN, 404, 404, 403, 302),
    ("clubs.stop_invite", "POST"): (LOGIN, 404, 404, 403, 302),
    # the invite link: its page for all (a member goes to the club), its button joins (a visitor as a guest)
    ("clubs.invited", "GET"): (200, 200, 200, 302, 302),
    ("clubs.join", "POST"): (302, 302, 302, 302, 302),
    # a club's tournaments (tests/web/test_tournament_access.py holds a tournament's own routes): the list to every
    # member, "New tournament" an organiser's (nothing sent: the form's refusal)
    ("tournaments.index", "GET"): (LOGIN, 404, 404, 200, 200),
    ("tournaments.new", "GET"): (LOGIN, 404, 404, 403, 200),
    ("tournaments.new", "POST"): (LOGIN, 404, 404, 403, 422),
    # the club's house rules (tests/web/test_club_profiles.py): read by every member, changed by an organiser
    # (nothing sent: the form's refusal; deleting and a new card address go through on the CSRF token alone)
    ("club_profiles.index", "GET"): (LOGIN, 404, 404, 200, 200),
    ("club_profiles.show", "GET"): (LOGIN, 404, 404, 200, 200),
    ("club_profiles.new", "GET"): (LOGIN, 404, 404, 403, 200),
    ("club_profiles.new", "POST"): (LOGIN, 404, 404, 403, 422),
    ("club_profiles.edit", "GET"): (LOGIN, 404, 404, 403, 200),
    ("club_profiles.edit", "POST"): (LOGIN, 404, 404, 403, 422),
    ("club_profiles.rename", "GET"): (LOGIN, 404, 404, 403, 200),
    ("club_profiles.rename", "POST"): (LOGIN, 404, 404, 403, 422),
    ("club_profiles.delete", "GET"): (LOGIN, 404, 404, 403, 200),
    ("club_profiles.delete", "POST"): (LOGIN, 404, 404, 403, 302),
    ("club_profiles.new_card_link", "POST"): (LOGIN, 404, 404, 403, 302),
    # the API: a token or 401
    ("api.read_club", "GET"): (401, 404, 404, 200, 200),
    ("api.list_tournaments", "GET"): (401, 404, 404, 200, 200),
    ("api.new_tournament", "POST"): (401, 404, 404, 403, 400),  # no body: the organiser's is read, and refused
}


def club_routes(app: Flask) -> set[tuple[str, str]]:
    """Every (endpoint, method) of the clubs blueprint, and of the API's that names a club."""
    return {(rule.endpoint, method) for rule in app.url_map.iter_rules()
            if rule.endpoint.startswith("clubs.") or "club_id" in rule.arguments
            for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_every_club_route_has_its_row(app):
    """A club route without a row, or a row without its route, fails here."""
    assert club_routes(app) == set(EXPECTED)


@dataclass
class Clubhouse:
    """Ana's club: Bea and Cid are members, Eve was one and was removed, Dan is in no club; a live invite."""

    club_id: int
    cid_id: int
    invite_id: int
    profile_id: int  # the club's house rules
    secret: str
    people: dict[str, Scorekeeper]
    tokens: dict[str, ApiClient | None]

    def address(self) -> dict[str, object]:
        """The club, its member Cid, its live invite, its house rules."""
        return {"club_id": self.club_id, "user_id": self.cid_id, "invite_id": self.invite_id, "secret": self.secret,
                "profile_id": self.profile_id}


def set_clubhouse(app: Flask, scorekeeper) -> Clubhouse:
    """The club, set up through the services."""
    people = {name: scorekeeper(name) for name in ("ana", "bea", "cid", "dan", "eve")}
    club_id = club(people["ana"])
    member(people["ana"], club_id, people["bea"], people["cid"], people["eve"])
    secret = club_invite(people["ana"], club_id)
    with app.app_context():
        remove_member(membership(user_of(people["ana"]), club_id), user_of(people["eve"]).id)
        cid_id = user_of(people["cid"]).id
        invite_id = max(invite.id for invite in db.session.scalars(db.select(ClubInvite)))
        rules = HouseRules(make_ruleset("escoba-es"))
        profile_id = save_club_profile(user_of(people["ana"]), club_id, "Tuesday", rules).id
    visitors = {"organiser": people["ana"], "member": people["bea"], "removed": people["eve"],
                "outsider": people["dan"], "anonymous": Scorekeeper(app, app.test_client())}
    names = {"organiser": "ana", "member": "bea", "removed": "eve", "outsider": "dan"}
    tokens: dict[str, ApiClient | None] = {role: ApiClient(app.test_client(), name) for role, name in names.items()}
    tokens["anonymous"] = None
    return Clubhouse(club_id, cid_id, invite_id, profile_id, secret, visitors, tokens)


@pytest.mark.parametrize(("endpoint", "method"), sorted(EXPECTED))
def test_each_role_gets_the_answer_written_down(app, scorekeeper, endpoint, method):
    """The route answers each role as its row says, the roles asked in turn on one club."""
    house = set_clubhouse(app, scorekeeper)
    got = tuple(answer(app, house, role, endpoint, method) for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, EXPECTED[(endpoint, method)], strict=True))


def test_a_club_that_does_not_exist_looks_the_same_as_another_s(app, scorekeeper):
    """An outsider's 404 for a real club is the same page as for a club id never used."""
    house = set_clubhouse(app, scorekeeper)
    dan = house.people["outsider"]
    real, missing = dan.client.get(f"/clubs/{house.club_id}"), dan.client.get(f"/clubs/{house.club_id + 99}")
    assert real.status_code == missing.status_code == 404

    def main(html: str) -> str:
        """The page's own part (the footer's links carry the address)."""
        return re.findall(r"<main.*?</main>", html, flags=re.S)[0]

    assert main(real.get_data(as_text=True)) == main(missing.get_data(as_text=True))
