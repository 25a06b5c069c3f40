"""The match API against its OpenAPI document: every example replayed in a live account, and the answers of a
short match played through the API each conforming to the document (status, schema, headers)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from api_client import PASSWORD, by_cards, by_tally
from api_scene import ENGLISH, Scene, play_scene
from test_openapi import PUBLIC, escape, examples_of, operations, response, validator
from werkzeug.test import TestResponse

from referee.openapi import document
from referee.openapi.sharing import EXAMPLE_CODE
from referee.rules import Card
from referee.services import draws


def shape(value: Any) -> Any:
    """A JSON value with its leaves replaced by their types: what an example shows of an answer in another account."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return None if value is None else type(value).__name__


def conforms(method: str, template: str, answer: TestResponse) -> None:
    """The answer is one the document gives for the operation: a status it lists, its headers, its body's schema."""
    template = template.partition("?")[0]
    op = document()["paths"][template][method.lower()]
    status = str(answer.status_code)
    assert status in op["responses"], f"{method} {template} answered {status}, not in the document"
    documented = response(op, status)
    for name, header in documented.get("headers", {}).items():
        assert not header.get("required") or name in answer.headers, f"{method} {template} {status}: no {name}"
    if "content" not in documented:
        assert answer.data == b""
        return
    assert answer.mimetype == "application/json"
    answer_ref = op["responses"][status].get("$ref")
    where = (answer_ref.removeprefix("#") if answer_ref else
             f"/paths/{escape(template)}/{method.lower()}/responses/{status}") + "/content/application~1json/schema"
    validator(where).validate(answer.get_json())


def match_replays() -> list[tuple[str, str, str | None, Any]]:
    """(path, method, example name, request body) for every request example of the match API, and one request
    for each operation without a body (its success example's name; None when its success has no body)."""
    found: list[tuple[str, str, str | None, Any]] = []
    for path, method, op in operations():
        if path in PUBLIC:
            continue
        if "requestBody" in op:
            found += [(path, method, name, example["value"]) for name, example in
                      op["requestBody"]["content"]["application/json"]["examples"].items()]
        else:
            success = min(status for status in op["responses"] if status.startswith("2"))
            found.append((path, method, next(iter(examples_of(op, success)), None), None))
    return found


def send(scene: Scene, path: str, method: str, body: Any) -> TestResponse:
    """The request in the scene: its path parameters filled in, the token (or Basic for a new one), If-Match."""
    url = re.sub(r"\{(\w+)\}", lambda m: str(scene.path_values(path)[m[1]]), path)
    if (path, method) == ("/api/v1/tokens", "post"):
        return scene.client.post(url, auth=("ana", PASSWORD), json=body, headers=ENGLISH)
    if path.endswith("/scorers/me"):  # a scorer's own: Bea leaves (Ana's token, the owner's, gets 403)
        return scene.client.open(url, method=method.upper(),
                                 headers=ENGLISH | {"Authorization": f"Bearer {scene.scorer_token}"})
    if body == {"code": EXAMPLE_CODE}:  # only a hash of a code is kept: the example's stands for a live one
        body = {"code": scene.join_code()}
    op = document()["paths"][path][method]
    needs_version = {"$ref": "#/components/parameters/IfMatch"} in op["parameters"]
    return scene.request(method.upper(), url, body, {"If-Match": scene.version()} if needs_version else None)


@pytest.fixture
def scene(keeper, client, monkeypatch) -> Scene:
    """Ana's account through the API: a token, a match of two with a hand, a match of three drawing; the app's
    draw for dealer draws the rounds of its example (a tie of Ana and Carla on kings, then Carla's 7)."""
    rounds = [[Card.parse(code) for code in cards.split()] for cards in ("10o 3c 10e", "5o 7c")]
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", lambda _deck, _k: rounds.pop(0))
    return play_scene(client)


@pytest.mark.parametrize(("path", "method", "name", "body"), match_replays(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_every_match_api_example_is_answered_as_the_document_shows(scene, path, method, name, body):
    """The example `name` gets the answer of the same name: its status, its shape (its very words for an error)."""
    op = document()["paths"][path][method]
    answer = send(scene, path, method, body)
    conforms(method, path, answer)
    if name is None:
        assert answer.status_code == 204
        return
    status = next(status for status in op["responses"] if name in examples_of(op, status))
    assert answer.status_code == int(status), answer.get_data(as_text=True)
    shown = examples_of(op, status)[name]["value"]
    if status.startswith("2"):
        assert shape(answer.get_json()) == shape(shown)
    else:
        assert answer.get_json() == shown


def test_every_operation_of_the_match_api_has_a_replayed_success_example():
    """So the replay above cannot pass by replaying nothing but refusals."""
    def succeeds(path: str, method: str, name: str | None) -> bool:
        """The example is answered with a 2xx."""
        op = document()["paths"][path][method]
        return name is None or any(name in examples_of(op, status) for status in op["responses"]
                                   if status.startswith("2"))

    replayed = {(path, method) for path, method, name, _ in match_replays() if succeeds(path, method, name)}
    assert replayed == {(path, method) for path, method, _ in operations() if path not in PUBLIC}


def test_a_match_played_through_the_api_gets_only_answers_the_document_describes(keeper, client):
    """Token, match, draw, hands by cards and by tallies, a repeat, a correction, undo, the trail, a rematch,
    players, an export, errors on the way, and the token revoked: every answer conforms to the document."""
    answers: list[tuple[str, str, TestResponse]] = []

    def call(method: str, template: str, body: Any = None, headers: dict[str, str] | None = None,
             token: str | None = None, **values: Any) -> TestResponse:
        """One request, kept to be checked against the document."""
        url = template.format(**values)
        sent = ENGLISH | ({"Authorization": f"Bearer {token or secret}"}) | (headers or {})
        answer = client.open(url, method=method, json=body, headers=sent)
        answers.append((method, template, answer))
        return answer

    made = client.post("/api/v1/tokens", auth=("ana", PASSWORD), json={"name": "sheet"})
    answers.append(("POST", "/api/v1/tokens", made))
    answers.append(("POST", "/api/v1/tokens", client.post("/api/v1/tokens", auth=("ana", "wrong"))))
    secret, token_id = made.get_json()["token"], made.get_json()["id"]
    match = call("POST", "/api/v1/matches", {"ruleset": "escova-rs", "players": ["Ana", "Bea"],
                                             "options": {"target": 9}}).get_json()["id"]
    m = "/api/v1/matches/{match_id}"
    assert call("POST", m + "/hands", by_cards(), match_id=match).status_code == 422  # no dealer yet
    assert call("POST", m + "/draw", {"cards": {"0": "5o", "1": "5c"}}, match_id=match).get_json()["redraw"] == [0, 1]
    assert call("POST", m + "/draw", {"cards": {"0": "10o", "1": "2c"}}, match_id=match).get_json()["dealer"] == 0
    assert call("POST", m + "/draw", {"cards": {"0": "1o", "1": "2c"}}, match_id=match).status_code == 409
    assert call("POST", m + "/hands", by_cards(), match_id=match).status_code == 201
    key = {"Idempotency-Key": "second-hand"}
    assert call("POST", m + "/hands", by_tally(mirror=True), key, match_id=match).status_code == 201
    assert call("POST", m + "/hands", by_tally(mirror=True), key, match_id=match).status_code == 200
    assert call("POST", m + "/hands", by_cards(), key, match_id=match).status_code == 422
    version = call("GET", m, match_id=match).headers["ETag"]
    h = m + "/hands/{number}"
    assert call("PUT", h, by_cards(mirror=True), match_id=match, number=1).status_code == 428
    assert call("PUT", h, by_cards(mirror=True), {"If-Match": '"1"'}, match_id=match, number=1).status_code == 412
    corrected = call("PUT", h, by_cards(mirror=True), {"If-Match": version}, match_id=match, number=1)
    assert corrected.status_code == 200 and corrected.get_json()["match"]["totals"] == [0, 8]
    version = corrected.headers["ETag"]
    assert call("PUT", h, by_cards(), {"If-Match": version}, match_id=match, number=9).status_code == 404
    assert call("DELETE", h, headers={"If-Match": version}, match_id=match, number=1).status_code == 409
    assert call("DELETE", h, headers={"If-Match": version}, match_id=match, number=2).status_code == 200
    assert call("POST", m + "/hands", by_tally(mirror=True), match_id=match).status_code == 201
    assert call("POST", m + "/hands", by_tally(mirror=True), match_id=match).status_code == 201  # 0–12: over
    assert call("POST", m + "/hands", by_cards(), match_id=match).status_code == 409
    assert call("GET", m + "/events", match_id=match).status_code == 200
    rematch = call("POST", m + "/rematch", match_id=match)
    assert rematch.status_code == 201 and rematch.get_json()["next_dealer"] == 1
    assert call("GET", "/api/v1/matches?status=finished&per_page=1").get_json()["total"] == 1
    assert call("GET", "/api/v1/matches?page=0").status_code == 422
    players = call("GET", "/api/v1/players").get_json()["players"]
    assert [p["name"] for p in players] == ["Ana", "Bea"] and players[1]["rating"] is not None
    assert call("GET", "/api/v1/players/{player_id}", player_id=players[1]["id"]).get_json()["stats"]["record"][
        "won"] == 1
    assert call("GET", "/api/v1/players/{player_id}", player_id=9999).status_code == 404
    assert call("GET", m + "/export", match_id=match).get_json()["matches"][0]["finished"] is True
    assert call("GET", m, match_id=9999).status_code == 404
    assert call("GET", "/api/v1/matches", token="not-a-token").status_code == 401
    assert call("POST", "/api/v1/matches", {"ruleset": "escova-rs"}).status_code == 422
    assert call("DELETE", "/api/v1/tokens/{token_id}", token_id=token_id).status_code == 204
    assert call("GET", "/api/v1/players").status_code == 401
    for method, template, answer in answers:
        conforms(method, template, answer)
    assert {str(a.status_code) for _, _, a in answers} >= {"200", "201", "204", "401", "404", "409", "412", "422",
                                                             "428"}
