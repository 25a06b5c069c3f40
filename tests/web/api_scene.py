"""A small account seen through the match API, for replaying the OpenAPI document's examples of it.

Ana (tests/conftest.py's password) has a token, a match of two with one hand recorded by cards (Bea's account a
scorer of it), filed under Ana's club (Bea a member), and a match of three whose first dealer is still to be
drawn, house rules, a round robin of Bea's club with its first round played, and a match of two under the house rule
that the other side confirms each hand, whose hand 1 Bea's token saved and waits for Ana's side.
referee/openapi/match_examples.py holds the answers the API gives in this scene; tests/web/test_openapi.py replays
every example against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from api_client import PASSWORD, by_cards
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from referee.extensions import db
from referee.models import Match, User
from referee.rules import make_ruleset
from referee.services import api_tokens
from referee.services.claims import claim_seat
from referee.services.clubs import create_club, join_club, make_invite, make_organiser, membership
from referee.services.formats import FORMATS
from referee.services.profiles import HouseRules, save_profile
from referee.services.sharing import join
from referee.services.tournament_rounds import record_result, start_round
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament

TWO = {"ruleset": "escova-rs", "players": ["Ana", "Bea"], "first_dealer": 0}
CONFIRMING = TWO | {"options": {"confirm_hands": "other_sides"}}
THREE_TO_DRAW = {"ruleset": "escoba-es", "players": ["Ana", "Bea", "Carla"], "first_dealer": None}
ENGLISH = {"Accept-Language": "en"}


@dataclass
class Scene:
    """The account's token and what its path parameters name."""

    client: FlaskClient
    token: str
    token_id: int
    match: int  # the match of two, one hand recorded
    drawing: int  # the match of three, its first dealer not drawn yet
    player: int  # Ana
    scorer: int = 0  # Bea's account, a scorer of the match of two
    scorer_token: str = ""  # Bea's token: a scorer's own requests (leaving the match)
    club: int = 0  # Ana's club, Bea a member, the match of two filed under it
    profile: int = 0  # Ana's house rules "Casa" (escoba-es to 30, ties shared), no match started from them
    # Bea's club, Ana one of its organisers (so the matches of Ana's account and club stay as above): a round robin
    # of Bea and the guests Carla and Diego, made and started by Bea; its round 1's table has a result by hand (the
    # round complete, not closed)
    tournament_club: int = 0
    tournament: int = 0
    table: int = 0
    # Ana's match of Ana against Bea under confirm_hands = other_sides, each holding her seat, Bea a scorer: hand 1
    # saved by Bea's token (by cards, as the match of two's), waiting for Ana's side
    waiting: int = 0

    def join_code(self) -> str:
        """A new join code of the match of two."""
        return str(self.request("POST", f"/api/v1/matches/{self.match}/join-code").get_json()["code"])

    def request(self, method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> TestResponse:
        """One request with the token, in English."""
        sent = ENGLISH | {"Authorization": f"Bearer {self.token}"} | (headers or {})
        return self.client.open(url, method=method, json=body, headers=sent)

    def version(self) -> str:
        """The match of two's ETag."""
        return self.request("GET", f"/api/v1/matches/{self.match}").headers["ETag"]

    def path_values(self, path: str) -> dict[str, int]:
        """What each path parameter names here (the draws' match is the one still drawing, a waiting hand's steps'
        the one under confirm_hands)."""
        match = self.drawing if "/draw" in path else self.waiting if "/hands/{number}/" in path else self.match
        return {"token_id": self.token_id, "match_id": match,
                "number": 1, "player_id": self.player, "user_id": self.scorer,
                "club_id": self.tournament_club if "/tournaments" in path else self.club,
                "profile_id": self.profile, "tournament_id": self.tournament, "table_id": self.table}


def play_scene(client: FlaskClient, username: str = "ana") -> Scene:
    """Make the scene in an account that exists (and has no matches yet)."""
    made = client.post("/api/v1/tokens", auth=(username, PASSWORD), json={"name": "tests"})
    assert made.status_code == 201, made.get_data(as_text=True)
    scene = Scene(client, made.get_json()["token"], made.get_json()["id"], 0, 0, 0)
    scene.match = scene.request("POST", "/api/v1/matches", TWO).get_json()["id"]
    assert scene.request("POST", f"/api/v1/matches/{scene.match}/hands", by_cards()).status_code == 201
    scene.drawing = scene.request("POST", "/api/v1/matches", THREE_TO_DRAW).get_json()["id"]
    players = scene.request("GET", "/api/v1/players").get_json()["players"]
    scene.player = next(p["id"] for p in players if p["name"] == "Ana")
    with client.application.app_context():  # Bea, with a token of her own, joins the match of two
        bea = User(username=f"{username}-bea", password_hash="-")
        db.session.add(bea)
        db.session.commit()
        scene.scorer = bea.id
        scene.scorer_token = api_tokens.create_token(bea, "tests")[1]
        join(bea, scene.join_code())
        ana = db.session.scalar(select(User).where(User.username == username))
        assert ana is not None
        club = create_club(ana, "Casa de Ana")
        join_club(bea, make_invite(membership(ana, club.id)).secret)
        db.session.get_one(Match, scene.match).club_id = scene.club = club.id
        db.session.commit()
        scene.profile = save_profile(ana, "Casa", HouseRules(make_ruleset("escoba-es", target=30, ties="shared"))).id
        beas = create_club(bea, "Casa de Bea")
        join_club(ana, make_invite(membership(bea, beas.id)).secret)
        make_organiser(membership(bea, beas.id), ana.id)
        scene.tournament_club = beas.id
        target_4 = save_profile(bea, "Target 4", HouseRules(make_ruleset("escova-rs", target=4))).id
        scene.tournament = create_tournament(bea, beas.id, TournamentSpec(
            "Friday", FORMATS["round_robin"], target_4,
            ((PlayerSpec(user_id=bea.id, name="Bea"),), (PlayerSpec("Carla"),), (PlayerSpec("Diego"),)))).id
        table = next(t for t in start_round(bea, scene.tournament).round.tables if not t.is_bye)
        scene.table = record_result(bea, table.id, 5, 2, "Diego had to leave").id
    wait_for_ana(scene)
    return scene


def wait_for_ana(scene: Scene) -> None:
    """The match under confirm_hands: Bea joins with a code, each claims her seat, Bea's token saves hand 1."""
    scene.waiting = scene.request("POST", "/api/v1/matches", CONFIRMING).get_json()["id"]
    as_bea = {"Authorization": f"Bearer {scene.scorer_token}"}
    joined = scene.request("POST", "/api/v1/join", {"code": scene.request(
        "POST", f"/api/v1/matches/{scene.waiting}/join-code").get_json()["code"]}, as_bea)
    assert joined.status_code == 200, joined.get_data(as_text=True)
    with scene.client.application.app_context():
        match = db.session.get_one(Match, scene.waiting)
        claim_seat(db.session.get_one(User, match.user_id), match, 0)
        claim_seat(db.session.get_one(User, scene.scorer), match, 1)
        db.session.commit()
    saved = scene.request("POST", f"/api/v1/matches/{scene.waiting}/hands", by_cards(), as_bea)
    assert saved.status_code == 201 and saved.get_json()["hand"]["waiting"], saved.get_data(as_text=True)
