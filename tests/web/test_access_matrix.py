"""Every match route, pages and API, against every role: the owner, a scorer, a removed scorer (told so: 403 with
the refusal's words, services/roles.py Role.REMOVED), a claimant (holds a confirmed seat, scores no more: no way
in, Role.CLAIMANT), a claimant who joined again with a new code (a scorer again, answered as the scorer is), a
stranger (an account with no role in the match) and an anonymous visitor, each answer written down.

The routes are read from the app's URL map (every rule with a match id), so a route added later without a row
here fails the test instead of being forgotten. A page's POST carries the session's CSRF token and nothing else,
so what is checked is who gets in, not what a form does; an API request carries no body. A match the account
has no role in is a 404, as a missing one; what only the owner may do is 403 for a scorer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from access_harness import LOGIN, answer
from api_client import ApiClient, by_tally
from flask import Flask
from page_client import Scorekeeper
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, MatchEvent, Scorer, User
from referee.services import HandDraft, edit_hand
from referee.services.claims import claim_seat
from referee.services.sharing import join, leave, make_join_code, remove_scorer

# The order asked in: the owner's POSTs last. A claimant who joined again ("returned") gets the scorer's answers,
# but where the address names the scorer's own phone (RETURNED).
ROLES = ("anonymous", "stranger", "removed", "claimant", "returned", "scorer", "owner")
WRITTEN = tuple(role for role in ROLES if role != "returned")  # the roles of EXPECTED's columns
RETURNED = {("sharing.rename", "GET"): 404, ("sharing.rename", "POST"): 404}  # another scorer's phone
# What a page's POST gets when the account may use it but sends only the CSRF token: the answer of the view.
PAGE = "page"

# (endpoint, method): the answer per role, in WRITTEN's order. A number is the status; LOGIN a 302 to /login.
EXPECTED: dict[tuple[str, str], tuple[Any, ...]] = {
    # the scoreboard and everything of the match's hands: owner and scorers alike
    ("matches.show", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("matches.draw_for_dealer", "GET"): (LOGIN, 404, 403, 404, 302, 302),  # the dealer is known: to the scoreboard
    ("matches.draw_for_dealer", "POST"): (LOGIN, 404, 403, 404, 302, 302),
    ("matches.draw_for_us", "POST"): (LOGIN, 404, 403, 404, 400, 400),  # no round number: the form's own refusal
    ("presence.who", "GET"): (LOGIN, 404, 403, 404, 200, 200),  # who else is entering
    ("presence.say", "POST"): (LOGIN, 404, 403, 404, 422, 422),  # no hand named
    ("hands.new", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("hands.new", "POST"): (LOGIN, 404, 403, 404, 422, 422),
    ("hands.edit", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("hands.edit", "POST"): (LOGIN, 404, 403, 404, 422, 422),
    # a hand waiting for the other sides (here hand 1 counts: the match is not under the house rule), a form of
    # only the CSRF token refused by the form, a call or a version's page of a counted hand back to the scoreboard
    ("confirmations.confirm", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("confirmations.pick", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("confirmations.decide", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("confirmations.call", "POST"): (LOGIN, 404, 403, 404, 302, 302),
    ("confirmations.versions", "GET"): (LOGIN, 404, 403, 404, 200, 200),  # "Hand 1 counts"
    ("hands.count", "GET"): (LOGIN, 404, 403, 404, 302, 302),
    ("hands.count", "POST"): (LOGIN, 404, 403, 404, 422, 422),
    ("trail.undo", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("trail.undo", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("trail.restore", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("trail.revert", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("trail.revert", "POST"): (LOGIN, 404, 403, 404, 400, 400),
    ("exports.match_as_csv", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("exports.match_as_json", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("matches.play_again", "POST"): (LOGIN, 404, 403, 404, 302, 302),  # the owner's match, the scorers carried over
    ("profiles.match_card", "GET"): (LOGIN, 404, 403, 404, 200, 200),  # the rules card of the match's rules
    # claiming a seat: a scorer (here holding one already, confirmed with the code) or the owner
    ("claims.seat", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("claims.seat", "POST"): (LOGIN, 404, 403, 404, 200, 422),  # the scorer's claim shown; the owner picked no seat
    ("claims.give_up", "POST"): (LOGIN, 404, 403, 404, 302, 302),  # a claimant gives up on My record instead
    # a scorer's own: leaving (the owner cannot leave its own match)
    ("sharing.leave_match", "GET"): (LOGIN, 404, 403, 404, 200, 403),
    ("sharing.leave_match", "POST"): (LOGIN, 404, 403, 404, 302, 403),
    # the owner's alone
    ("matches.new_link", "GET"): (LOGIN, 404, 403, 404, 403, 200),
    ("matches.new_link", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    ("sharing.together", "GET"): (LOGIN, 404, 403, 404, 403, 200),
    ("sharing.new_code", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    ("sharing.revoke_code", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    ("sharing.remove", "GET"): (LOGIN, 404, 403, 404, 403, 200),
    ("sharing.remove", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    ("claims.confirm", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    # a scorer's phone renamed (the address names the scorer's): by that scorer or the owner; only the CSRF token
    # sent, so no name: the form's refusal
    ("sharing.rename", "GET"): (LOGIN, 404, 403, 404, 200, 200),
    ("sharing.rename", "POST"): (LOGIN, 404, 403, 404, 422, 422),
    ("claims.refuse", "POST"): (LOGIN, 404, 403, 404, 403, 302),
    # the API: a token or 401
    ("api.read_match", "GET"): (401, 404, 403, 404, 200, 200),
    ("api.events", "GET"): (401, 404, 403, 404, 200, 200),
    ("api.export", "GET"): (401, 404, 403, 404, 200, 200),
    ("api.record", "POST"): (401, 404, 403, 404, 400, 400),  # no body
    ("api.correct", "PUT"): (401, 404, 403, 404, 428, 428),  # no If-Match
    ("api.undo", "DELETE"): (401, 404, 403, 404, 428, 428),
    ("api.draw", "POST"): (401, 404, 403, 404, 400, 400),
    ("api.draw_for_us", "POST"): (401, 404, 403, 404, 409, 409),  # the dealer is known
    ("api.again", "POST"): (401, 404, 403, 404, 201, 201),
    ("api.make_code", "POST"): (401, 404, 403, 404, 403, 201),
    ("api.revoke_code", "DELETE"): (401, 404, 403, 404, 403, 204),
    ("api.list_scorers", "GET"): (401, 404, 403, 404, 403, 200),
    ("api.remove", "DELETE"): (401, 404, 403, 404, 403, 204),
    ("api.leave_match", "DELETE"): (401, 404, 403, 404, 204, 403),  # a scorer's own: the owner cannot leave
    # a waiting hand's steps (hand 1 counts here): no body, refused as such; its versions or a call: it counts (409)
    ("api.confirm", "POST"): (401, 404, 403, 404, 400, 400),
    ("api.count_otherwise", "POST"): (401, 404, 403, 404, 400, 400),
    ("api.pick", "POST"): (401, 404, 403, 404, 400, 400),
    ("api.decide", "POST"): (401, 404, 403, 404, 400, 400),
    ("api.versions", "GET"): (401, 404, 403, 404, 409, 409),
    ("api.call", "POST"): (401, 404, 403, 404, 409, 409),
}


def match_routes(app: Flask) -> set[tuple[str, str]]:
    """Every (endpoint, method) of the app whose address names a match."""
    return {(rule.endpoint, method) for rule in app.url_map.iter_rules() if "match_id" in rule.arguments
            for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_every_match_route_has_its_row(app):
    """A match route without a row, or a row without its route, fails here."""
    assert match_routes(app) == set(EXPECTED)


@dataclass
class Table:
    """A match of Ana's (two partnerships) with one hand, corrected once; Bea scores it and holds a seat
    (claim_id), Cid scored it and was removed, Eve holds a seat and scores no more (a claimant: the match is in her
    record only), Fay held a seat, stopped scoring and joined again with a new code, Dan is a stranger."""

    match_id: int
    event_id: int
    scorer_id: int
    claim_id: int
    people: dict[str, Scorekeeper]
    tokens: dict[str, ApiClient | None]

    def address(self) -> dict[str, object]:
        """The match, its hand 1, its correction in the trail, its scorer and the scorer's claim."""
        return {"match_id": self.match_id, "number": 1, "event_id": self.event_id, "user_id": self.scorer_id,
                "claim_id": self.claim_id, "seen": "0123456789abcdef"}


def set_table(app: Flask, scorekeeper) -> Table:
    """The table, set up through the services; each person's browser and API token."""
    people = {name: scorekeeper(name) for name in ("ana", "bea", "cid", "dan", "eve", "fay")}
    match_id = people["ana"].start(("Ana", "Bea", "Eve", "Fay"))
    assert people["ana"].save_hand(match_id).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        users = {u.username: u for u in db.session.scalars(select(User))}
        code = make_join_code(match).code
        join(users["bea"], code)
        join(users["cid"], code)
        claim_id = claim_seat(users["bea"], match, 1).id
        remove_scorer(match, users["cid"].id)
        join(users["eve"], code)
        claim_seat(users["eve"], match, 0)
        leave(users["eve"], match)
        join(users["fay"], code)
        claim_seat(users["fay"], match, 2)
        leave(users["fay"], match)
        join(users["fay"], make_join_code(match).code)
        edit_hand(match, 1, HandDraft.kept("tally", by_tally(mirror=True), dealer=0), match.version)
        event_id = db.session.scalar(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                                 MatchEvent.kind == "hand_edited"))
        scorer_id = users["bea"].id
        assert set(db.session.scalars(select(Scorer.user_id).where(Scorer.removed_at.is_(None)))) == {
            scorer_id, users["fay"].id}
    roles = {"owner": "ana", "scorer": "bea", "removed": "cid", "stranger": "dan", "claimant": "eve", "returned": "fay"}
    tokens: dict[str, ApiClient | None] = {role: ApiClient(app.test_client(), name) for role, name in roles.items()}
    tokens["anonymous"] = None
    visitors = {role: people[name] for role, name in roles.items()}
    visitors["anonymous"] = Scorekeeper(app, app.test_client())
    return Table(match_id, event_id or 0, scorer_id, claim_id, visitors, tokens)


@pytest.mark.parametrize(("endpoint", "method"), sorted(EXPECTED))
def test_each_role_gets_the_answer_written_down(app, scorekeeper, endpoint, method):
    """The route answers each role as its row says, the roles asked in turn on one table."""
    table = set_table(app, scorekeeper)
    expected = dict(zip(WRITTEN, EXPECTED[(endpoint, method)], strict=True))
    expected["returned"] = RETURNED.get((endpoint, method), expected["scorer"])
    assert {role: answer(app, table, role, endpoint, method) for role in ROLES} == expected
