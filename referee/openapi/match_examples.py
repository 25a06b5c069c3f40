"""The match API's examples in the OpenAPI document: requests, and the answers the API gives them (in English).

They are data (referee/schemas/openapi-match-examples.json): the answers were taken from the API in the scene of
tests/web/api_scene.py (an account with a match of two, one hand recorded, a match of three still drawing for its
first dealer, and a match of two whose hand 1 waits for the account's side to confirm it), and
tests/web/test_openapi_match_api.py replays every request against that scene, checking each answer's status and
shape, and its schema. A waiting hand's second answer (`VERSIONS_DISPUTED_ANSWER`, after `VERSION`) is checked
against its schema only. An option added since they were taken is filled in (option_examples.py).
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from .option_examples import with_every_option

EXAMPLES: dict[str, Any] = with_every_option(json.loads(
    files("referee").joinpath("schemas/openapi-match-examples.json").read_text(encoding="utf-8")))
