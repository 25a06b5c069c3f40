"""Fixtures shared by the web tests: an app on a throwaway database, its client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """An app whose database lives in a temporary folder."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
    })
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()


# A correct hand, written out so every test can see it: each suit's 10+5, 9+6 and
# 8+7 are fifteens, 4c 4e 4b 3c is one and the eight cards 1–3 of copas, espadas
# and bastos (3c aside) are another; the four low oros (sum 10) are the leftover.
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
PILE_B = ["10e", "5e", "9e", "6e", "8e", "7e", "10b", "5b", "9b", "6b", "8b", "7b",
          "1c", "2c", "1e", "2e", "3e", "1b", "2b", "3b"]
LEFTOVER = ["1o", "2o", "3o", "4o"]


@pytest.fixture
def hand() -> dict[str, object]:
    """A score request for the correct hand above, side 0 taking the leftover."""
    return {
        "ruleset": "escova-rs",
        "sides": [{"cards": list(PILE_A), "escobas": 1}, {"cards": list(PILE_B), "escobas": 0}],
        "leftover": list(LEFTOVER),
        "last_capture": 0,
    }
