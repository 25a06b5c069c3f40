"""The match API's matches: start one, list them newest first, read one with its ETag."""

from __future__ import annotations

import pytest
from api_client import FOUR, TWO, ApiClient

from referee.rules import PRESETS


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's program, with a token of her account."""
    return ApiClient(client)


def test_a_match_starts_with_the_presets_options_and_deck(api):
    """201, the whole match shape, Location and ETag."""
    response = api.request("POST", "/matches", FOUR)
    assert response.status_code == 201
    match = response.get_json()
    assert response.headers["Location"] == f"/api/v1/matches/{match['id']}"
    assert response.headers["ETag"] == f'"{match["version"]}"'
    assert match["ruleset"] == "escova-rs" and match["deck_style"] == "french"
    assert match["options"] == PRESETS["escova-rs"].options()
    assert match["players"] == [{"seat": i, "name": n} for i, n in enumerate(["Ana", "Bruno", "Carla", "Diego"])]
    assert match["sides"] == [{"name": "Ana & Carla", "seats": [0, 2]}, {"name": "Bruno & Diego", "seats": [1, 3]}]
    assert match["hands"] == [] and match["totals"] == [0, 0]
    assert match["winner"] is None and match["finished"] is False and match["play_on"] is False
    assert match["next_dealer"] == 0 and match["first_player"] is not None
    assert match["created_at"].endswith("Z") and match["updated_at"].endswith("Z")


def test_options_and_deck_can_be_changed_and_the_dealer_left_to_a_draw(api):
    """Options over the preset's, another deck, first_dealer null: no dealer yet."""
    match = api.start(options={"target": 31, "penalty": "void"}, deck_style="spanish", first_dealer=None)
    assert match["options"]["target"] == 31 and match["options"]["penalty"] == "void"
    assert match["deck_style"] == "spanish"
    assert match["next_dealer"] is None and match["first_player"] is None


def test_a_match_of_two_has_a_side_each(api):
    """Without partnerships every player is a side."""
    match = api.start(**TWO, partnerships=False)
    assert [side["seats"] for side in match["sides"]] == [[0], [1]]
    assert match["sides"][0]["name"] == "Ana"


@pytest.mark.parametrize(("change", "field"), [
    ({"ruleset": "poker"}, "ruleset"),
    ({"options": {"target": 0}}, "options.target"),
    ({"options": {"colour": 1}}, "options.colour"),
    ({"players": ["Ana"], "partnerships": False}, "players"),
    ({"players": ["Ana", "Bruno", "Ana", "Diego"]}, "players[2]"),
    ({"players": ["Ana", "", "Carla", "Diego"]}, "players[1]"),
    ({"players": ["Ana", 3, "Carla", "Diego"]}, "players[1]"),
    ({"players": ["Ana", "B" * 41, "Carla", "Diego"]}, "players[1]"),
    ({"players": ["Ana", "Bea", "Carla"]}, "partnerships"),
    ({"partnerships": "yes"}, "partnerships"),
    ({"first_dealer": 4}, "first_dealer"),
    ({"first_dealer": True}, "first_dealer"),
    ({"deck_style": "tarot"}, "deck_style"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_new_match_is_422_naming_the_field(api, change, field):
    """The errors shape, the field named, nothing stored."""
    response = api.request("POST", "/matches", FOUR | change)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert field in [error["field"] for error in response.get_json()["errors"]]
    assert api.request("GET", "/matches").get_json()["total"] == 0


def test_a_new_match_needs_players_and_a_ruleset(api):
    """Both required, both named."""
    response = api.request("POST", "/matches", {})
    assert {e["field"] for e in response.get_json()["errors"]} == {"ruleset", "players"}


def test_a_body_that_is_not_an_object_is_422(api):
    """A list is not a match."""
    assert api.request("POST", "/matches", [1, 2]).status_code == 422


def test_errors_are_in_the_readers_language(api):
    """Accept-Language, as the stateless API."""
    response = api.request("POST", "/matches", FOUR | {"first_dealer": 9}, headers={"Accept-Language": "pt-BR"})
    assert response.get_json()["errors"][0]["message"] == "deve ser um número de assento de 0 a 3"


def test_matches_are_listed_newest_first_a_page_at_a_time(api):
    """per_page and page; the page's size and the total said."""
    ids = [api.start()["id"] for _ in range(3)]
    first = api.request("GET", "/matches?per_page=2").get_json()
    assert [m["id"] for m in first["matches"]] == ids[::-1][:2]
    assert (first["page"], first["per_page"], first["total"], first["pages"]) == (1, 2, 3, 2)
    second = api.request("GET", "/matches?per_page=2&page=2").get_json()
    assert [m["id"] for m in second["matches"]] == [ids[0]]


def test_the_list_filters_by_player_and_status(api):
    """A part of a name, whatever its case and accents; finished or playing."""
    lucia = api.start(players=["Lucía", "Bea"], partnerships=False)
    api.start()
    assert [m["id"] for m in api.request("GET", "/matches?player=LUCIA").get_json()["matches"]] == [lucia["id"]]
    assert api.request("GET", "/matches?status=finished").get_json()["total"] == 0
    assert api.request("GET", "/matches?status=playing").get_json()["total"] == 2


@pytest.mark.parametrize("query", ["per_page=101", "per_page=0", "page=0", "page=x", "status=won", "sort=new",
                                   "player=" + "x" * 41])
def test_a_bad_list_query_is_422_naming_it(api, query):
    """Bounded before any work: per_page at most 100."""
    response = api.request("GET", f"/matches?{query}")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == query.split("=")[0]


def test_one_match_reads_with_its_version_as_etag(api):
    """GET /matches/{id}: the same match as at its start."""
    started = api.start()
    response = api.request("GET", f"/matches/{started['id']}")
    assert response.status_code == 200 and response.get_json() == started
    assert response.headers["ETag"] == f'"{started["version"]}"'


def test_another_accounts_match_is_404(api, scorekeeper, client):
    """Bruno's program cannot see Ana's match, nor list it."""
    started = api.start()
    scorekeeper("bruno")
    bruno = ApiClient(client, "bruno")
    response = bruno.request("GET", f"/matches/{started['id']}")
    assert response.status_code == 404 and response.get_json()["errors"][0]["message"] == "Not found."
    assert bruno.request("GET", "/matches").get_json()["total"] == 0


def test_a_match_made_by_the_api_is_on_the_pages(api, keeper):
    """The same services: the scoreboard page shows it."""
    started = api.start()
    assert "Ana & Carla" in keeper.board(started["id"])


@pytest.mark.parametrize(("method", "url"), [("GET", "/matches"), ("POST", "/matches"), ("GET", "/matches/1")])
def test_every_match_endpoint_needs_a_token(keeper, method, url):
    """The logged-in browser's cookie is not enough: 401, WWW-Authenticate: Bearer."""
    response = keeper.client.open("/api/v1" + url, method=method, json=FOUR)
    assert response.status_code == 401 and response.headers["WWW-Authenticate"].startswith("Bearer")
