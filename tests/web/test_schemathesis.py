"""Schemathesis: the API fuzzed from its own OpenAPI document, bounded so CI stays quick.

For every operation, bodies and headers generated from the document (ones it allows and ones it does not):
never a 5xx, every answer a status the document lists, with its content type and a body its schema allows.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from referee import create_app

# One app for the module, built at import as Schemathesis' eager loader wants (its lazy, fixture-based one reads
# a private attribute pytest 9 no longer has): the stateless API keeps nothing between requests, the health check
# reads an in-memory database, throttling is off.
APP = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                  "SQLALCHEMY_DATABASE_URI": "sqlite://"})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
IDENTITY = {"Accept-Encoding": "identity"}


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_api_keeps_its_contract(case: schemathesis.Case) -> None:
    """No 5xx, and every answer conforms to the document; a body the document forbids is refused.

    Not checked: that every body the document allows is accepted. A schema cannot say that each of the 40 cards
    is in exactly one place, or that the tallies hold the whole deck; those bodies get a 422 naming the field.
    """
    # Schemathesis sends requests' default Accept-Encoding (gzip, deflate, zstd) but reads a WSGI answer's body
    # as it comes: ask for it uncompressed (tests/web/test_headers.py checks compression).
    case.call_and_validate(headers=IDENTITY, excluded_checks=[positive_data_acceptance])


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
