"""The tournaments API's examples in the OpenAPI document: requests, and the answers the API gives them (in English).

They are data (referee/schemas/openapi-tournament-examples.json), taken from the API in the scene of
tests/web/api_scene.py (Bea's club, Ana one of its organisers: a round robin of Bea and the guests Carla and Diego, its
first round's table settled by hand); tests/web/test_openapi_match_api.py replays every request against that scene.
An option added since they were taken is filled in, as in the match API's examples (option_examples.py).
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from .option_examples import with_every_option

EXAMPLES: dict[str, Any] = with_every_option(json.loads(
    files("referee").joinpath("schemas/openapi-tournament-examples.json").read_text(encoding="utf-8")))
