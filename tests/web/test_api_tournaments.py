"""Tournaments through the API: an organiser's token makes one, starts, reads and closes its rounds, records a
result by hand; members read everything and get 403 for a write; a body refused names its fields; a non-member gets
404. The whole Swiss event played through the API is tests/web/test_api_tournaments_swiss.py."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import ApiClient
from factories import account, club, club_invite

from referee.extensions import db
from referee.models import Match, Tournament, User
from referee.services.accounts import find_account
from referee.services.clubs import join_club
from referee.services.errors import Conflict
from referee.services.refusals import TournamentRefusal
from referee.services.roles import role_of
from referee.views.api import tournaments as tournaments_api

RULES = {"name": "Target 4", "ruleset": "escova-rs", "options": {"target": 4}}


def hand(winner: int, escobas: int = 1) -> dict[str, Any]:
    """A hand by counts that the `winner` side (0 home, 1 away) takes, the first seat dealing: 3 + escobas to 0."""
    good = {"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": escobas}
    poor = {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}, "escobas": 0}
    return {"sides": [good, poor] if winner == 0 else [poor, good], "leftover_sum": 10, "last_capture": winner,
            "dealer": 0}


@pytest.fixture
def night(keeper, client) -> dict[str, Any]:
    """Ana's club with Bea and Cid as members, Dan in none; each a token; Ana's house rules of target 4."""
    app = keeper.app
    club_id = club(keeper)
    secret = club_invite(keeper, club_id)
    for name in ("bea", "cid", "dan"):
        account(app, name)
    with app.app_context():
        for name in ("bea", "cid"):
            join_club(find_account(name), secret)
    tokens = {name: ApiClient(client, name) for name in ("ana", "bea", "cid", "dan")}
    profile = tokens["ana"].request("POST", "/profiles", RULES).get_json()["id"]
    with app.app_context():
        ids = {name: find_account(name).id for name in ("bea", "cid")}
    return {"club": club_id, "profile": profile, "tokens": tokens, "ids": ids, "app": app}


def new_body(night: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A round robin of Bea, Cid and the guest Eva."""
    return {"name": "Friday", "format": "round_robin", "profile_id": night["profile"],
            "entrants": [{"players": [{"user_id": night["ids"]["bea"]}]},
                         {"players": [{"user_id": night["ids"]["cid"], "name": "Cid C."}]},
                         {"players": [{"name": "Eva"}]}]} | more


def test_a_round_robin_made_played_by_hand_and_read_through_the_api(night, keeper):
    """Made (201, Location), listed and read by a member; round 1 started with each table's match and join code;
    closing it early is 409 naming the table; a result by hand closes it; the trail and the standings follow."""
    ana, bea = night["tokens"]["ana"], night["tokens"]["bea"]
    made = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night))
    assert made.status_code == 201, made.get_json()
    tournament = made.get_json()
    assert made.headers["Location"] == f"/api/v1/tournaments/{tournament['id']}"
    assert [e["name"] for e in tournament["entrants"]] == ["bea", "Cid C.", "Eva"]
    assert tournament["rounds_planned"] == 3 and tournament["options"]["target"] == 4
    assert tournament["profile"] == {"id": night["profile"], "name": "Target 4"} and tournament["role"] == "organiser"
    listed = bea.request("GET", f"/clubs/{night['club']}/tournaments").get_json()["tournaments"]
    assert [(t["id"], t["entrants"], t["rounds_played"]) for t in listed] == [(tournament["id"], 3, 0)]
    assert bea.request("GET", f"/tournaments/{tournament['id']}").get_json()["role"] == "member"

    started = ana.request("POST", f"/tournaments/{tournament['id']}/rounds")
    assert started.status_code == 201 and started.headers["Cache-Control"] == "no-store"
    first = started.get_json()
    [table, bye] = first["tables"]
    assert table["number"] == 1 and table["match_id"] and table["state"] == "playing" and table["join_code"]
    assert bye["number"] is None and bye["away"] is None and bye["state"] == "bye" and "join_code" not in bye
    assert bye["winner"] == bye["home"]
    with night["app"].app_context():  # the table's members score its match
        match = db.session.get_one(Match, table["match_id"])
        for entrant in (table["home"], table["away"]):
            player = next(e for e in tournament["entrants"] if e["id"] == entrant["id"])["players"][0]
            if player["user_id"] is not None:
                assert role_of(db.session.get_one(User, player["user_id"]), match) == "scorer"
    assert bea.request("GET", f"/tournaments/{tournament['id']}/rounds/1").get_json() == first | {
        "tables": [{k: v for k, v in t.items() if not k.startswith("join_")} for t in first["tables"]]}
    closing = ana.request("POST", f"/tournaments/{tournament['id']}/rounds/1/close")
    assert closing.status_code == 409 and "1" in closing.get_json()["errors"][0]["message"]
    again = ana.request("POST", f"/tournaments/{tournament['id']}/rounds")
    assert again.status_code == 409

    url = f"/tournaments/{tournament['id']}/tables/{table['id']}/result"
    recorded = ana.request("PUT", url, {"home": 5, "away": 2, "reason": " walk-over "})
    assert recorded.status_code == 200 and recorded.get_json()["state"] == "by_hand"
    assert recorded.get_json()["result"] == [5, 2] and recorded.get_json()["winner"] == table["home"]
    closed = ana.request("POST", f"/tournaments/{tournament['id']}/rounds/1/close").get_json()
    assert closed["closed_at"] and closed["complete"] and closed["unfinished"] == []
    [change] = bea.request("GET", f"/tournaments/{tournament['id']}/results").get_json()["changes"]
    assert (change["before"], change["after"], change["reason"], change["by"]) == (None, [5, 2], "walk-over", "ana")
    lines = bea.request("GET", f"/tournaments/{tournament['id']}/standings").get_json()["standings"]
    top = {line["entrant"]["id"]: line for line in lines}
    assert top[table["home"]["id"]]["match_points"] == top[bye["home"]["id"]]["match_points"] == 2
    assert top[table["away"]["id"]]["match_points"] == 0 and lines[-1]["entrant"] == table["away"]
    assert bea.request("GET", f"/tournaments/{tournament['id']}/rounds").get_json()["rounds"][0]["closed_at"]


def test_a_member_reads_but_only_organisers_write(night):
    """Bea's token: 403 saying who may, for making a tournament, starting and closing a round and a result."""
    ana, bea = night["tokens"]["ana"], night["tokens"]["bea"]
    tournament = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).get_json()["id"]
    table = ana.request("POST", f"/tournaments/{tournament}/rounds").get_json()["tables"][0]["id"]
    for method, url, body in [("POST", f"/clubs/{night['club']}/tournaments", new_body(night)),
                              ("POST", f"/tournaments/{tournament}/rounds", None),
                              ("POST", f"/tournaments/{tournament}/rounds/1/close", None),
                              ("PUT", f"/tournaments/{tournament}/tables/{table}/result",
                               {"home": 1, "away": 0, "reason": "x"})]:
        refused = bea.request(method, url, body)
        assert refused.status_code == 403, url
        assert refused.get_json() == {"errors": [{"field": "", "message": "Only the club's organisers can do this."}]}


def test_a_non_member_gets_404_for_everything(night):
    """Dan's token: the club's tournaments, a tournament and all of it, as for ids never used."""
    ana, dan = night["tokens"]["ana"], night["tokens"]["dan"]
    tournament = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).get_json()["id"]
    table = ana.request("POST", f"/tournaments/{tournament}/rounds").get_json()["tables"][0]["id"]
    for some in (tournament, tournament + 1):
        for method, url in [("GET", f"/tournaments/{some}"), ("GET", f"/tournaments/{some}/rounds"),
                            ("POST", f"/tournaments/{some}/rounds"), ("GET", f"/tournaments/{some}/rounds/1"),
                            ("POST", f"/tournaments/{some}/rounds/1/close"), ("GET", f"/tournaments/{some}/results"),
                            ("GET", f"/tournaments/{some}/standings"),
                            ("PUT", f"/tournaments/{some}/tables/{table}/result")]:
            assert dan.request(method, url, {"home": 1, "away": 0, "reason": "x"}).status_code == 404, url
    assert dan.request("GET", f"/clubs/{night['club']}/tournaments").status_code == 404
    assert dan.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).status_code == 404


@pytest.mark.parametrize(("change", "fields"), [
    ({"name": " "}, {"name"}),
    ({"format": "ladder"}, {"format"}),
    ({"format": "swiss"}, {"rounds"}),
    ({"format": "swiss", "rounds": 3}, {"rounds"}),  # three entrants: at most 2 rounds
    ({"profile_id": 999}, {"profile_id"}),
    ({"profile_id": "1"}, {"profile_id"}),
    ({"entrants": [{"players": [{"name": "Eva"}]}]}, {"entrants"}),
    ({"entrants": [{"players": [{"name": "Eva"}]}, {"players": [{"name": "eva"}]}]}, {"entrants"}),
    ({"entrants": [{"players": [{"name": "Eva"}]}, {"players": [{}]}]}, {"entrants[1].players[0].name"}),
    ({"entrants": [{"players": [{"name": "Eva"}]}, {"players": [{"user_id": 9999}]}]},
     {"entrants[1].players[0].user_id"}),
    ({"entrants": [{"players": [{"name": "Eva"}]}, {"players": []}]}, {"entrants[1].players"}),
    ({"partnerships": True}, {"entrants"}),
    ({"seeding": "luck", "third_place": "yes", "colour": 1}, {"seeding", "third_place", "colour"}),
])
def test_a_new_tournament_refused_names_its_fields(night, change, fields):
    """422 naming each field (the services' refusals too); nothing made."""
    refused = night["tokens"]["ana"].request("POST", f"/clubs/{night['club']}/tournaments", new_body(night) | change)
    assert refused.status_code == 422, refused.get_json()
    assert {error["field"] for error in refused.get_json()["errors"]} == fields
    with night["app"].app_context():
        assert db.session.query(Tournament).count() == 0


def test_a_result_by_hand_refused_names_its_fields(night):
    """Points out of range, no reason, a bye's table (409); a table of another tournament is 404."""
    ana = night["tokens"]["ana"]
    tournament = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).get_json()["id"]
    table, bye = ana.request("POST", f"/tournaments/{tournament}/rounds").get_json()["tables"]
    url = f"/tournaments/{tournament}/tables/{table['id']}/result"
    for body, fields in [({"home": -1, "away": 1000, "reason": "x"}, {"home", "away"}),
                         ({"home": 1, "away": 0, "reason": "  "}, {"reason"}), ({"home": 1}, {"away", "reason"}),
                         ([], {""})]:
        refused = ana.request("PUT", url, body)
        assert refused.status_code == 422 and {e["field"] for e in refused.get_json()["errors"]} == fields, body
    assert ana.request("PUT", f"/tournaments/{tournament}/tables/{bye['id']}/result",
                       {"home": 1, "away": 0, "reason": "x"}).status_code == 409
    other = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).get_json()["id"]
    assert ana.request("PUT", f"/tournaments/{other}/tables/{table['id']}/result",
                       {"home": 1, "away": 0, "reason": "x"}).status_code == 404
    assert ana.request("GET", f"/tournaments/{tournament}/rounds/2").status_code == 404
    assert ana.request("POST", f"/tournaments/{tournament}/rounds/2/close").status_code == 404


def test_a_knockout_table_needs_a_winner(night):
    """Level points by hand in a knockout: 422 naming `away`."""
    ana = night["tokens"]["ana"]
    tournament = ana.request("POST", f"/clubs/{night['club']}/tournaments",
                             new_body(night, format="knockout")).get_json()["id"]
    table = next(t for t in ana.request("POST", f"/tournaments/{tournament}/rounds").get_json()["tables"]
                 if t["away"] is not None)
    refused = ana.request("PUT", f"/tournaments/{tournament}/tables/{table['id']}/result",
                          {"home": 3, "away": 3, "reason": "x"})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["field"] == "away"


def test_a_round_started_meanwhile_on_another_phone_is_said_so(night, monkeypatch):
    """Two organisers' phones starting the same round: the one that lost is told the round was just started."""
    ana = night["tokens"]["ana"]
    tournament = ana.request("POST", f"/clubs/{night['club']}/tournaments", new_body(night)).get_json()["id"]

    def started_meanwhile(_user: object, _tournament_id: int) -> None:
        """start_round losing the race for round 1 (its unique number taken a moment before)."""
        raise Conflict(TournamentRefusal.ROUND_STARTED, number=1)

    monkeypatch.setattr(tournaments_api, "start_round", started_meanwhile)
    refused = ana.request("POST", f"/tournaments/{tournament}/rounds")
    assert refused.status_code == 409
    assert refused.get_json()["errors"][0]["message"] == (
        "Round 1 was started on another phone a moment ago.")
