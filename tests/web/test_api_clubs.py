"""Clubs through the API: a token's account starts a club, lists its clubs and reads one (members, matches,
leaderboard); a bad name is 422 naming the field; another account's club is 404, as a missing one."""

from __future__ import annotations

from api_client import ApiClient
from factories import club_match, member, save_hand

from referee.extensions import db
from referee.models import Club


def test_a_club_started_listed_and_read_through_the_api(keeper, scorekeeper, client):
    """POST /clubs is 201 with Location; GET /clubs lists it; GET /clubs/{id} its members, matches, leaderboard."""
    api = ApiClient(client)
    made = api.request("POST", "/clubs", {"name": "  Casa de Ana "})
    assert made.status_code == 201 and made.get_json()["name"] == "Casa de Ana"
    club_id = made.get_json()["id"]
    assert made.headers["Location"] == f"/api/v1/clubs/{club_id}"
    assert api.request("GET", "/clubs").get_json() == {"clubs": [
        {"id": club_id, "name": "Casa de Ana", "role": "organiser", "members": 1}]}
    member(keeper, club_id, scorekeeper("bea"))
    match_id = club_match(keeper, club_id, target="4")
    save_hand(keeper, match_id)
    read = api.request("GET", f"/clubs/{club_id}").get_json()
    assert [(m["username"], m["role"]) for m in read["member_list"]] == [("ana", "organiser"), ("bea", "member")]
    assert read["matches"] == [{"id": match_id, "finished": True}]
    assert [(p["name"], p["played"], p["won"], p["rating"]) for p in read["leaderboard"]] == [
        ("Ana", 1, 1, None), ("Bea", 1, 0, None)]


def test_a_club_without_a_name_is_refused_naming_the_field(keeper, client):
    """No name, an empty one, one too long, not text: 422 naming `name`; nothing made."""
    api = ApiClient(client)
    for body in ({}, {"name": " "}, {"name": "x" * 41}, {"name": 7}, {"name": "Casa", "extra": 1}):
        refused = api.request("POST", "/clubs", body)
        assert refused.status_code == 422, body
        assert refused.get_json()["errors"][0]["field"] in ("name", "extra")
    with keeper.app.app_context():
        assert db.session.query(Club).count() == 0


def test_another_account_s_club_is_not_found(keeper, scorekeeper, client):
    """Bea's token reads Ana's club as it reads a club never made: 404."""
    club_id = ApiClient(client).request("POST", "/clubs", {"name": "Casa"}).get_json()["id"]
    scorekeeper("bea")
    bea = ApiClient(client, "bea")
    assert bea.request("GET", f"/clubs/{club_id}").status_code == 404
    assert bea.request("GET", f"/clubs/{club_id + 1}").status_code == 404
    assert bea.request("GET", "/clubs").get_json() == {"clubs": []}
