"""GET /api/v1/rulesets and POST /api/v1/captures."""

from __future__ import annotations


def test_rulesets_lists_the_three_presets_with_their_defaults(client):
    """Targets, bonuses and deck styles as RULES.md §4–§5 give them."""
    answer = client.get("/api/v1/rulesets").get_json()
    presets = {r["name"]: r for r in answer["rulesets"]}
    assert set(presets) == {"escova-rs", "escoba-es", "escoba-intl"}
    assert presets["escova-rs"]["options"]["target"] == 15
    assert presets["escova-rs"]["max_deck_points"] == 6
    assert presets["escova-rs"]["deck_style"] == "french"
    assert presets["escoba-es"]["options"]["target"] == 21
    assert presets["escoba-es"]["max_deck_points"] == 4
    assert presets["escoba-intl"]["max_deck_points"] == 6
    assert all(r["options"]["penalty"] == "forfeit" for r in presets.values())
    assert answer["options"]["penalty"]["choices"] == ["forfeit", "void", "flag"]
    assert answer["options"]["target"] == {"min": 1, "max": 100}
    assert answer["sides"] == {"min": 2, "max": 4}


def test_captures_lists_each_way_to_make_15_once(client):
    """The issue's example: 3c on 7o 5e 2b takes 7o 5e only."""
    answer = client.post("/api/v1/captures", json={"card": "3c", "table": ["7o", "5e", "2b"]}).get_json()
    assert answer == {"captures": [{"cards": ["7o", "5e"], "escoba": False}]}


def test_captures_marks_the_escoba(client):
    """RULES.md §6: table 7 + 5, hand 3 sweeps the table."""
    answer = client.post("/api/v1/captures", json={"card": "3o", "table": ["7c", "5b"]}).get_json()
    assert answer == {"captures": [{"cards": ["7c", "5b"], "escoba": True}]}


def test_captures_on_an_empty_table_or_with_no_fifteen_is_an_empty_list(client):
    """Nothing to take is an answer, not an error."""
    for table in ([], ["10o", "9c"]):
        assert client.post("/api/v1/captures", json={"card": "10e", "table": table}).get_json() == {"captures": []}


def test_the_same_value_twice_on_the_table_gives_two_captures(client):
    """10 on 5o and 5c: each five is its own capture."""
    answer = client.post("/api/v1/captures", json={"card": "10e", "table": ["5o", "5c"]}).get_json()
    assert sorted(tuple(c["cards"]) for c in answer["captures"]) == [("5c",), ("5o",)]


def test_api_answers_unknown_paths_with_json_404(client):
    """An API client never gets an HTML page."""
    response = client.get("/api/v1/nothing-here", headers={"Accept-Language": "es"})
    assert response.status_code == 404
    assert response.get_json() == {"errors": [{"field": "", "message": "No encontrado."}]}


def test_the_wrong_method_gets_json_405(client):
    """GET on a POST endpoint."""
    response = client.get("/api/v1/score")
    assert response.status_code == 405
    assert response.get_json()["errors"][0]["message"] == "This method is not allowed here."
