"""Arbitrary JSON, almost-right hands and junk requests at the API: never a 5xx, every answer well-formed.

CI runs a few hundred examples per test; a big run sets REFEREE_FUZZ_EXAMPLES, e.g.

    REFEREE_FUZZ_EXAMPLES=5000 .venv/bin/pytest tests/web/test_api_fuzz.py -q
"""

from __future__ import annotations

import json
import os
from itertools import pairwise
from typing import Any
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from referee import create_app
from referee.database import upgrade_schema
from referee.rules import DECK

pytestmark = pytest.mark.no_cover  # a fuzzer: run untraced, not counted (tests/conftest.py, untraced)

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "250"))  # CI's bound; set it higher for a deeper run
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CODES = [str(card) for card in DECK]
VALUES = {code: card.value for code, card in zip(CODES, DECK)}
KEYS = ["ruleset", "options", "sides", "leftover", "leftover_sum", "last_capture", "cards", "tally", "escobas",
        "oros", "sevens", "velo", "pile_sum", "card", "table", "target", "penalty", "preset", "all_oros", "over30"]
SCORE_FIELDS = {"valid", "leftover", "needs_pile_sums", "max_deck_points", "sides", "messages"}
# Spliced into a body as raw text: what json.dumps cannot write (deep nesting, NaN, bare junk).
RAW = "\x00raw{}\x00"


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    """One app for every example: the API keeps nothing between requests (and is not throttled here)."""
    database = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "RATELIMIT_ENABLED": False})
    upgrade_schema(app)
    return app.test_client()


# --- what is thrown -------------------------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 45), st.integers(), st.integers(min_value=10**18, max_value=10**300),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.sampled_from(CODES), st.sampled_from(KEYS),
    st.sampled_from(["NaN", "Infinity", "-0", "1e400", "0x10", " 7o", "7o\x00", "７o", "7O", "07o", "10o ", "",
                     "escova-rs", "ESCOVA-RS", "forfeit", "right", "\ud7ff", "💥", "ß" * 25]),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8) | st.sampled_from(KEYS),
                                                                      children, max_size=6),
    max_leaves=25,
)


@st.composite
def raw_texts(draw: st.DrawFn) -> str:
    """JSON text json.dumps would not write: nesting around the 400 bound, NaN, truncated or doubled text."""
    depth = draw(st.sampled_from([1, 399, 400, 401, 1000, 5000]) | st.integers(1, 2000))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('{"sides":[', "]}"), ("[{\"\":", "}]")]))
    inner = draw(st.sampled_from(["1", "[]", "{}", '"7o"', "null"]))
    deep = opener * depth + inner + closer * draw(st.sampled_from([depth, 0, max(depth - 1, 0)]))
    return draw(st.sampled_from([deep, "NaN", "-Infinity", "1" * 5000, "[1,]", '"\\ud800"', "tru", "'7o'", "{"]))


hostile = st.one_of(
    json_values,
    raw_texts().map(lambda text: ("raw", text)),
    st.tuples(st.integers(41, 9000), scalars).map(lambda n_value: [n_value[1]] * n_value[0]),  # huge lists
    st.integers(21, 40_000).map(lambda n: "x" * n),  # long strings
    st.integers(0, 5000).map(lambda n: {f"k{i}": i for i in range(n)}),  # many keys
)


def card_hand(permutation: list[str], cuts: list[int], last_capture: int, ruleset: str) -> dict[str, Any]:
    """A card entry: the deck cut into piles and a leftover (the first part)."""
    bounds = [0, *sorted(cuts), len(permutation)]
    parts = [permutation[a:b] for a, b in pairwise(bounds)]
    return {"ruleset": ruleset, "sides": [{"cards": part, "escobas": 0} for part in parts[1:]],
            "leftover": parts[0], "last_capture": last_capture}


valid_card_hands = st.builds(card_hand, st.permutations(CODES), st.lists(st.integers(0, 40), min_size=2, max_size=4),
                             st.integers(0, 3), st.sampled_from(["escova-rs", "escoba-es", "escoba-intl"]))
TALLY = {"ruleset": "escoba-intl", "options": {"penalty": "void", "target": 30},
         "sides": [{"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True, "pile_sum": 129}, "escobas": 2},
                   {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False}, "escobas": 1}],
         "leftover_sum": 24, "last_capture": 0}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    found = [prefix]
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, child in children:
        found += paths(child, (*prefix, key))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[Any]) -> tuple[Any, list[str]]:
    """A valid body with one to three places replaced, deleted, added to or doubled; and the raw splices."""
    body = json.loads(json.dumps(draw(base)))
    splices: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        places = paths(body)[1:]
        if not places:  # everything was deleted: add to the empty body
            body[draw(st.sampled_from(KEYS))] = draw(json_values)
            continue
        *parent_path, last = draw(st.sampled_from(places))
        parent: Any = body
        for key in parent_path:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add", "double"]))
        if action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS) | st.text(max_size=40))] = draw(json_values)
        elif action == "double" and isinstance(parent, list):
            parent.insert(last, parent[last])
        else:
            value = draw(hostile)
            if isinstance(value, tuple):  # raw text, spliced in after json.dumps
                splices.append(value[1])
                value = RAW.format(len(splices) - 1)
            parent[last] = value
    return body, splices


def encode(body: Any, splices: list[str] | None = None, ascii_only: bool = True) -> bytes:
    """The body as sent: JSON, with raw text spliced in where it was drawn."""
    text = json.dumps(body, ensure_ascii=ascii_only)
    for i, raw in enumerate(splices or []):
        text = text.replace(json.dumps(RAW.format(i), ensure_ascii=ascii_only), raw)
    return text.encode("utf-8", "surrogatepass")


# --- what must hold -------------------------------------------------------------------------------------------------


def assert_errors_shape(response: TestResponse) -> None:
    """A 4xx under /api is {"errors": [{"field": str, "message": str}, ...]}, and small."""
    body = response.get_json()
    assert isinstance(body, dict) and set(body) == {"errors"}, response.data[:300]
    assert isinstance(body["errors"], list) and 1 <= len(body["errors"]) <= 40
    for error in body["errors"]:
        assert set(error) == {"field", "message"}
        assert isinstance(error["field"], str) and isinstance(error["message"], str) and error["message"]
    assert len(response.data) < 16 * 1024


def assert_answer(response: TestResponse) -> None:
    """Never a 5xx; a 4xx in the errors shape."""
    event(f"status {response.status_code}")  # --hypothesis-show-statistics shows how often each came
    assert response.status_code < 500, response.data[:300]
    if response.status_code >= 400:
        assert_errors_shape(response)


def assert_score(response: TestResponse) -> None:
    """A score answer: the errors shape, or a report whose every part has its type."""
    assert_answer(response)
    if response.status_code != 200:
        assert response.status_code in (400, 413, 422)
        return
    report = response.get_json()
    assert set(report) == SCORE_FIELDS
    assert isinstance(report["valid"], bool) and isinstance(report["needs_pile_sums"], bool)
    assert isinstance(report["leftover"]["sum"], int) and isinstance(report["leftover"]["ok"], bool)
    assert 2 <= len(report["sides"]) <= 4
    for side in report["sides"]:
        assert side["erred"] in (True, False, None) and (side["points"] is None or isinstance(side["points"], int))
        assert set(side["counts"]) == {"cards", "oros", "sevens", "velo"}
        assert all(isinstance(n, int) for n in side["earned"].values())
        for group in side.get("fifteens", []):
            assert sum(VALUES[code] for code in group) == 15
        assert all(code in VALUES for code in side.get("suspects", []))
    assert report["messages"] and all(isinstance(m, str) and m for m in report["messages"])
    assert len(response.data) < 16 * 1024


def assert_captures(response: TestResponse, sent: Any) -> None:
    """A captures answer: the errors shape, or captures that each make 15 with the played card."""
    assert_answer(response)
    if response.status_code != 200:
        assert response.status_code in (400, 413, 422)
        return
    answer = response.get_json()
    assert set(answer) == {"captures"}
    played, table = VALUES[sent["card"]], set(sent["table"])
    for capture in answer["captures"]:
        assert set(capture) == {"cards", "escoba"} and isinstance(capture["escoba"], bool)
        assert set(capture["cards"]) <= table and played + sum(VALUES[c] for c in capture["cards"]) == 15
        assert capture["escoba"] == (len(capture["cards"]) == len(table))


def post(api: FlaskClient, url: str, data: bytes, lang: str = "en") -> TestResponse:
    """Post a body as JSON."""
    return api.post(url, data=data, content_type="application/json", headers={"Accept-Language": lang})


# --- the properties -------------------------------------------------------------------------------------------------

languages = st.sampled_from(["en", "es", "pt-BR", "xx", "", "*;q=0", "es;q=abc, pt"])


@FUZZ
@given(value=json_values | raw_texts().map(lambda text: ("raw", text)) | st.binary(max_size=200),
       lang=languages, ascii_only=st.booleans())
def test_any_json_at_score_gets_a_4xx_in_the_errors_shape_or_a_report(api, value, lang, ascii_only):
    """Whatever JSON (or not JSON) is posted, /score never answers 5xx."""
    data = value if isinstance(value, bytes) else value[1].encode() if isinstance(value, tuple) else \
        encode(value, ascii_only=ascii_only)
    assert_score(post(api, "/api/v1/score", data, lang))


@FUZZ
@given(body=mutated(valid_card_hands | st.just(TALLY)), lang=languages, ascii_only=st.booleans())
def test_an_almost_right_hand_at_score_gets_a_4xx_in_the_errors_shape_or_a_report(api, body, lang, ascii_only):
    """A valid hand with a few places broken: never a 5xx, never a large answer."""
    assert_score(post(api, "/api/v1/score", encode(*body, ascii_only=ascii_only), lang))


option_values = st.integers(0, 3) | st.sampled_from(["forfeit", "void", "flag", "right", "left"]) | json_values


@FUZZ
@given(body=valid_card_hands, options=st.dictionaries(st.sampled_from(["target", "all_oros", "all_sevens", "over30",
                                                                       "penalty", "deal_passes", "preset"]),
                                                      option_values, max_size=4))
def test_a_whole_deck_cut_anyhow_with_any_options_is_scored_or_refused(api, body, options):
    """Random piles (most wrong) under random options: a report, or 422 naming what is wrong."""
    body["options"] = options
    assert_score(post(api, "/api/v1/score", encode(body)))


captures_bodies = st.fixed_dictionaries({"card": st.sampled_from(CODES),
                                         "table": st.lists(st.sampled_from(CODES), max_size=12, unique=True)})


@FUZZ
@given(body=mutated(captures_bodies) | json_values.map(lambda value: (value, [])), lang=languages)
def test_anything_at_captures_gets_a_4xx_in_the_errors_shape_or_captures_making_15(api, body, lang):
    """Any JSON, or a valid request with a few places broken: never a 5xx."""
    sent, splices = body
    response = post(api, "/api/v1/captures", encode(sent, splices), lang)
    if response.status_code == 200:
        assert_captures(response, sent)
    else:
        assert_answer(response)


@FUZZ
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]),
       path=st.sampled_from(["/api/v1/rulesets", "/api/v1/score", "/api/v1/captures", "/api/v1/", "/api/v2/score"])
       | st.text(max_size=20).map(lambda text: "/api/v1/" + quote(text)),
       query=st.binary(max_size=60) | st.text(max_size=60).map(lambda text: text.encode("utf-8", "surrogatepass")),
       content_type=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded",
                                     "multipart/form-data", "multipart/form-data; boundary=x",
                                     "application/json; charset=utf-16", "application/xml", "junk/;;="]),
       data=st.binary(max_size=200) | json_values.map(encode))
def test_junk_requests_anywhere_under_the_api_never_get_a_5xx(api, method, path, query, content_type, data):
    """Wrong methods, wrong content types, junk query strings and paths: a 4xx in the errors shape, or 200."""
    response = api.open(path, method=method, data=data, content_type=content_type,
                        environ_overrides={"QUERY_STRING": query.decode("latin-1")})  # as a server hands it on
    event(f"status {response.status_code}")
    assert response.status_code < 500, response.data[:300]
    if method not in ("HEAD", "OPTIONS") and response.status_code >= 400:
        assert_errors_shape(response)
    if method == "GET" and path == "/api/v1/rulesets":
        assert response.status_code == 200
        assert [r["name"] for r in response.get_json()["rulesets"]] == ["escova-rs", "escoba-es", "escoba-intl"]
