"""Schemathesis: the API fuzzed from its own OpenAPI document, bounded so CI stays quick (30 examples an operation,
50 operations).

For every operation, bodies and headers generated from the document (ones it allows and ones it does not):
never a 5xx, every answer a status the document lists, with its content type and a body its schema allows.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from api_client import PASSWORD, ApiClient
from api_scene import play_scene
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance
from werkzeug.security import generate_password_hash

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db, limiter
from referee.models import User
from referee.services import api_tokens

pytestmark = pytest.mark.no_cover  # a fuzzer: run untraced, not counted (tests/conftest.py, untraced)

# One app for the module, built at import as Schemathesis' eager loader wants (its lazy, fixture-based one reads
# a private attribute pytest 9 no longer has), in an in-memory database, throttling off. Its account holds the
# scene the document's examples come from (tests/web/api_scene.py): a match with a hand, a match still drawing
# for its dealer, players; the fuzzer's path parameters name them often, so more than the 404 is exercised.
APP = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                  "SQLALCHEMY_DATABASE_URI": "sqlite://"})
upgrade_schema(APP)
with APP.app_context():
    db.session.add(User(username="ana", password_hash=generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")))
    db.session.commit()
SCENE = play_scene(APP.test_client())
BASIC = "Basic " + base64.b64encode(f"ana:{PASSWORD}".encode()).decode()
IDENTITY = {"Accept-Encoding": "identity"}
# A body the document forbids, sent with a stale If-Match, gets the 412 first: a refusal too. And a change sent
# without If-Match is 428 Precondition Required, as RFC 6585 says, where Schemathesis expects a 400 or a 422.
# (Schemathesis's documented configuration, as schemathesis.toml would give it; its defaults and these two.)
CHECKS = {
    "negative_data_rejection": {"expected-statuses": [
        "400", "401", "403", "404", "405", "406", "409", "412", "415", "422", "428", "429", "5xx"]},
    "missing_required_header": {"expected-statuses": ["400", "401", "403", "406", "415", "422", "428"]},
}
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP,
                                        config=SchemathesisConfig.from_dict({"checks": CHECKS}))


def fresh_token() -> None:
    """A new token for the scene, when the fuzzer revoked the one it had (DELETE /tokens/{its id})."""
    with APP.app_context():
        token, secret = api_tokens.create_token(db.session.get(User, 1), "schemathesis")
        SCENE.token, SCENE.token_id = secret, token.id


@pytest.fixture(autouse=True)
def unthrottled() -> Iterator[None]:
    """This module's app unthrottled, as it was made: the one limiter of the process is set by the app made last
    (another module's may count requests), and the fuzzer sends hundreds with one token."""
    was, limiter.enabled = limiter.enabled, False
    yield
    limiter.enabled = was


def mutates_authorization(case: schemathesis.Case) -> bool:
    """True for a negative case whose mutations removed Authorization or spoiled its value."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_negative:
        return False
    data = meta.phase.data
    if (data.parameter, data.parameter_location) == ("Authorization", "header"):
        return True
    for mutation in data.mutations:
        if mutation.parameter_location == "header" and mutation.parameter == "Authorization":
            return True
        # `required` negated for several headers at once names none of them: the case leaves some out.
        left_out = "required" in mutation.keywords and "Authorization" not in (case.headers or {})
        if mutation.parameter_location == "header" and left_out and "Authorization" in (mutation.original_value or []):
            return True
    return False


@schema.hook
def flatmap_path_parameters(ctx: Any, parameters: dict[str, Any] | None) -> st.SearchStrategy[Any]:
    """The generated ids, or the scene's real ones: the token, a match (the drawing one for the draw), hand 1, Ana.

    Only an id the document allows is replaced: one it forbids belongs to a case that must be refused."""
    if not parameters:
        return st.just(parameters)

    def real() -> dict[str, Any]:
        """The parameters, each valid id replaced by the scene's (read when drawn: the token may be a new one)."""
        values = SCENE.path_values(ctx.operation.path)
        return {key: values[key] if key in values and type(value) is int and value >= 1 else value
                for key, value in parameters.items()}

    return st.one_of(st.just(parameters), st.builds(real))


@schema.hook
def flatmap_headers(_ctx: Any, headers: dict[str, Any] | None) -> st.SearchStrategy[Any]:
    """If-Match as generated (a stale or nonsense version), or `*`, which any version matches."""
    if not headers or "If-Match" not in headers:
        return st.just(headers)
    return st.one_of(st.just(headers), st.just(headers | {"If-Match": "*"}))


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_api_keeps_its_contract(case: schemathesis.Case) -> None:
    """No 5xx, and every answer conforms to the document; a body the document forbids is refused.

    The match API is called with the scene's token (POST /tokens with the account's password, as HTTP Basic),
    but for a case that removed or spoiled Authorization on purpose. Not checked: that every body the document
    allows is accepted. A schema cannot say that each of the 40 cards is in exactly one place, or that the tallies
    hold the whole deck; those bodies get a 422 naming the field.
    """
    basic = (case.operation.method.lower(), case.operation.path) == ("post", "/api/v1/tokens")
    auth = {"Authorization": BASIC if basic else f"Bearer {SCENE.token}"}
    # A case negative by its Authorization is sent as generated (none, or a spoiled one): given the real one, it
    # was a valid request, which Schemathesis reported as "ST201 Schema-violating request accepted" (GET
    # /api/v1/matches?page=1). Schemathesis drops the header itself only when the header was all the case mutated.
    # The token is given here, not by Schemathesis' auth (set when a case is made), as the fuzzer revokes it.
    if mutates_authorization(case):
        auth = {}
    # Schemathesis sends requests' default Accept-Encoding (gzip, deflate, zstd) but reads a WSGI answer's body
    # as it comes: ask for it uncompressed (tests/web/test_headers.py checks compression).
    answer = case.call_and_validate(headers=IDENTITY | auth, excluded_checks=[positive_data_acceptance])
    if answer.status_code == 204 and case.operation.path == "/api/v1/tokens/{token_id}":
        fresh_token()


# What Schemathesis found, kept as plain tests so they hold whatever it generates next time.


def test_a_405_names_the_methods_allowed_as_rfc_9110_requires(client):
    """The JSON (and page) 405 keeps the Allow header Werkzeug's exception carries."""
    answer = client.open("/api/v1/rulesets", method="TRACE")
    assert answer.status_code == 405 and answer.get_json()["errors"][0]["field"] == ""
    assert set(answer.headers["Allow"].replace(" ", "").split(",")) == {"GET", "HEAD", "OPTIONS"}
    assert "POST" in client.delete("/api/v1/score").headers["Allow"]
    assert client.delete("/").headers.get("Allow")


def test_a_leftover_sum_beside_a_card_entry_is_checked_not_ignored(client, hand):
    """A card entry reads its leftover's cards; a sum sent beside them is still refused when no deck could leave it."""
    assert client.post("/api/v1/score", json=hand | {"leftover_sum": 10}).status_code == 200
    for value, message in [(-1, "must be from 0 to 220, not -1"), (221, "must be from 0 to 220, not 221"),
                           (True, "expected a whole number")]:
        answer = client.post("/api/v1/score", json=hand | {"leftover_sum": value})
        assert answer.status_code == 422
        assert answer.get_json() == {"errors": [{"field": "leftover_sum", "message": message}]}


def test_a_token_request_whose_body_is_null_is_refused_not_taken_for_no_body(keeper, client):
    """No body at all makes a token named "API"; a body of JSON null is not the object the document asks for."""
    assert client.post("/api/v1/tokens", auth=("ana", PASSWORD)).get_json()["name"] == "API"
    answer = client.post("/api/v1/tokens", auth=("ana", PASSWORD), data="null", content_type="application/json")
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == ""


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
@pytest.mark.parametrize("url", [f"/api/v1/matches/{2**31}/hands/1", f"/api/v1/matches/1/hands/{10**12}",
                                 "/api/v1/matches/" + "9" * 5000 + "/hands/1"])
def test_a_number_too_big_for_an_id_is_404_for_every_method_of_its_path(keeper, client, url, method):
    """A path with a rule per method (a hand's PUT and DELETE) answered 405 when the number was above the ids'."""
    answer = client.open(url, method=method, headers={"Authorization": "Bearer " + "x" * 43, "If-Match": "*"},
                         json={})
    assert answer.status_code in (401, 404)
    with_token = ApiClient(client).request(method, url.removeprefix("/api/v1"), {}, {"If-Match": "*"})
    assert with_token.status_code == 404
    assert with_token.get_json() == {"errors": [{"field": "", "message": "Not found."}]}
