"""Throttling with Flask-Limiter: logins per account and per address, registrations, the API."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Throttling on, with the shipped limits (tests/conftest.py turns it off for every other test)."""
    return {"RATELIMIT_ENABLED": True}


# ---------------------------------------------------------------------------
# The finding: 200 wrong passwords in 16 s, no delay, no lockout.

def test_the_eleventh_wrong_password_in_a_minute_is_refused_even_when_right(keeper, visitor):
    """After 10 failed logins to one account, the 11th attempt answers 429, whatever the password."""
    for _ in range(10):
        assert visitor.login("ana", "wrong-password").status_code == 422
    response = visitor.login("ana")
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) >= 1
    assert not visitor.logged_in()
