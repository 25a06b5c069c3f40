"""Arbitrary bodies, headers and query strings at the match API: never a 5xx, every error in the errors shape.

Bounded: REFEREE_FUZZ_EXAMPLES (as tests/web/test_api_fuzz.py) sets the examples per test, a fifth of it here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from api_client import by_cards, by_tally
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_api_fuzz import EXAMPLES, json_values
from werkzeug.security import generate_password_hash
from werkzeug.test import TestResponse

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import User
from referee.services import api_tokens

pytestmark = pytest.mark.no_cover  # a fuzzer: run untraced, not counted (tests/conftest.py, untraced)

FUZZ = settings(max_examples=max(20, EXAMPLES // 5), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
MATCH = {"ruleset": "escova-rs", "players": ["Ana", "Bea"], "first_dealer": 0}
header_texts = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=80),
    st.sampled_from(["", "*", '"1"', "W/\"2\"", "1, 2", '"999999999999999999999"', "Bearer", "Basic", "\x7f"]),
)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app for every example, with an account and its token (not throttled here)."""
    database = tmp_path_factory.mktemp("match-fuzz") / "fuzz.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "RATELIMIT_ENABLED": False})
    upgrade_schema(app)
    with app.app_context():
        user = User(username="ana", password_hash=generate_password_hash("pw-pw-pw-pw", method="pbkdf2:sha256:1000"))
        db.session.add(user)
        db.session.commit()
        _token, app.config["FUZZ_TOKEN"] = api_tokens.create_token(user, "fuzz")
    return app


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    """The client every example uses."""
    return app.test_client()


@pytest.fixture(scope="module")
def match_id(app: Flask, client: FlaskClient) -> int:
    """A match the hand examples go to."""
    response = send(app, client, "POST", "/matches", json.dumps(MATCH))
    assert response.status_code == 201
    return int(response.get_json()["id"])


def send(app: Flask, client: FlaskClient, method: str, url: str, data: str | bytes | None = None,
         headers: dict[str, str] | None = None) -> TestResponse:
    """A request with the account's token unless `headers` says otherwise."""
    sent = {"Authorization": f"Bearer {app.config['FUZZ_TOKEN']}", "Content-Type": "application/json"}
    return client.open("/api/v1" + url, method=method, data=data, headers=sent | (headers or {}))


def well_formed(response: TestResponse) -> None:
    """No 5xx; an error in the errors shape."""
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        errors = response.get_json()["errors"]
        assert errors and all(set(e) == {"field", "message"} and e["message"] for e in errors)


def near(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A body with one of its keys replaced by anything, or a key added."""
    return st.builds(lambda key, value: base | {key: value}, st.sampled_from([*base, "dealer", "options", "x"]),
                     json_values)


@FUZZ
@given(body=st.one_of(json_values, near(MATCH), near(MATCH | {"partnerships": True})))
def test_new_match_bodies(app, client, body):
    """POST /matches with anything."""
    well_formed(send(app, client, "POST", "/matches", json.dumps(body)))


@FUZZ
@given(body=st.one_of(json_values, near(by_cards()), near(by_tally())), key=st.none() | header_texts)
def test_hand_bodies_and_idempotency_keys(app, client, match_id, body, key):
    """POST /matches/{id}/hands with anything, with or without a key."""
    headers = {"Idempotency-Key": key} if key is not None else {}
    well_formed(send(app, client, "POST", f"/matches/{match_id}/hands", json.dumps(body), headers))


@FUZZ
@given(body=st.one_of(json_values, near(by_cards())), if_match=st.none() | header_texts,
       method=st.sampled_from(["PUT", "DELETE"]), number=st.integers(0, 4))
def test_corrections_and_undos(app, client, match_id, body, if_match, method, number):
    """PUT and DELETE of a hand with any If-Match."""
    headers = {"If-Match": if_match} if if_match is not None else {}
    well_formed(send(app, client, method, f"/matches/{match_id}/hands/{number}", json.dumps(body), headers))


@FUZZ
@given(query=st.dictionaries(st.sampled_from(["page", "per_page", "player", "status", "x"]), header_texts,
                             max_size=4))
def test_list_queries(app, client, query):
    """GET /matches with any query string."""
    response = client.get("/api/v1/matches", query_string=query,
                          headers={"Authorization": f"Bearer {app.config['FUZZ_TOKEN']}"})
    well_formed(response)


@FUZZ
@given(authorization=header_texts, url=st.sampled_from(["/matches", "/matches/1", "/tokens/1"]),
       method=st.sampled_from(["GET", "POST", "DELETE"]))
def test_authorization_headers(app, client, authorization, url, method):
    """Any Authorization header: a 401 or an answer, never a 5xx."""
    well_formed(send(app, client, method, url, "{}", {"Authorization": authorization}))


@FUZZ
@given(body=st.one_of(json_values, st.builds(lambda cards: {"cards": cards}, json_values)))
def test_draw_bodies(app, client, body):
    """POST /matches/{id}/draw with anything, on a match whose dealer is still to be drawn."""
    made = send(app, client, "POST", "/matches", json.dumps(MATCH | {"first_dealer": None}))
    well_formed(send(app, client, "POST", f"/matches/{made.get_json()['id']}/draw", json.dumps(body)))
