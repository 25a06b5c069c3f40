"""The match API's players with their statistics, and a match's export."""

from __future__ import annotations

import pytest
from api_client import ApiClient
from test_api_hands import TWO, by_cards, finish, post_hand


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's program, with a token of her account."""
    return ApiClient(client)


def test_the_players_are_listed_with_their_matches(api):
    """Every name of a match is a player of the account."""
    api.start(**TWO, partnerships=False)
    players = api.request("GET", "/players").get_json()["players"]
    assert [(p["name"], p["matches"], p["rating"]) for p in players] == [("Ana", 1, None), ("Bea", 1, None)]


def test_a_players_statistics_follow_the_finished_match(api):
    """After Ana wins: one match finished, one won, a rating; the hands counted."""
    match = api.start(**TWO, partnerships=False)
    finished = finish(api, match)
    ana = next(p for p in api.request("GET", "/players").get_json()["players"] if p["name"] == "Ana")
    body = api.request("GET", f"/players/{ana['id']}").get_json()
    assert body["stats"]["record"]["won"] == 1 and body["stats"]["record"]["finished"] == 1
    assert body["stats"]["hands"]["hands"] == len(finished["hands"])
    assert body["stats"]["win_rate"] == 1.0 and body["rating"] is not None


def test_another_accounts_player_is_404(api, scorekeeper, client):
    """Bruno's token finds none of Ana's players."""
    api.start(**TWO, partnerships=False)
    ana = api.request("GET", "/players").get_json()["players"][0]
    scorekeeper("bruno")
    assert ApiClient(client, "bruno").request("GET", f"/players/{ana['id']}").status_code == 404


def test_a_match_exports_as_the_pages_json_file(api, keeper):
    """The same document as the page's download, its hands' entries included."""
    match = api.start(**TWO, partnerships=False)
    post_hand(api, match, by_cards())
    exported = api.request("GET", f"/matches/{match['id']}/export").get_json()
    page = keeper.client.get(f"/matches/{match['id']}/export.json").get_json()
    assert exported == page | {"exported_at": exported["exported_at"]}
    [stored] = exported["matches"]
    assert stored["uid"] and len(stored["hands"]) == 1


@pytest.mark.parametrize("url", ["/players", "/players/1", "/matches/1/export"])
def test_players_and_exports_need_a_token(keeper, url):
    """The cookie is not enough."""
    assert keeper.client.get("/api/v1" + url).status_code == 401
