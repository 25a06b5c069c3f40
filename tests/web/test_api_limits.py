"""Hostile input gets a small 4xx quickly: body size, list sizes, nesting depth, long values quoted short."""

from __future__ import annotations

import http.client
import io
import json
import threading
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.serving import make_server
from werkzeug.test import TestResponse

from referee import json_body, messages, payloads

KB = 1024
MB = 1024 * KB
LIMIT = 64 * KB
ELLIPSIS = "…"


def post(client: FlaskClient, url: str, raw: str | bytes, **kwargs: Any) -> TestResponse:
    """Post a raw body as JSON."""
    return client.post(url, data=raw, content_type="application/json", **kwargs)


def error_list(response: TestResponse, status: int) -> list[dict[str, str]]:
    """Assert the status and the errors shape, and return the errors."""
    assert response.status_code == status, response.data[:300]
    body = response.get_json()
    assert set(body) == {"errors"} and body["errors"]
    assert all(set(e) == {"field", "message"} and all(isinstance(v, str) for v in e.values()) for e in body["errors"])
    return body["errors"]


def padded(body: dict[str, Any], size: int) -> str:
    """A JSON body of at least `size` bytes: the body, with spaces before its closing brace."""
    text = json.dumps(body)
    return text[:-1] + " " * max(0, size - len(text)) + "}"


# --- the body limit -------------------------------------------------------------------------------------------------


def test_the_body_limit_is_64_kb_by_default(app):
    """A whole hand is under 2 KB: 64 KB leaves room, and is a setting."""
    assert app.config["MAX_CONTENT_LENGTH"] == LIMIT


@pytest.mark.parametrize("url", ["/api/v1/score", "/api/v1/captures"])
def test_a_1_mb_body_gets_413_in_the_errors_shape_naming_the_body(client, url):
    """The issue's 1 MB bodies are refused before they are read."""
    raw = json.dumps({"card": "3c", "table": ["2o"] * 200_000}) if url.endswith("captures") else \
        padded({"ruleset": "escova-rs"}, MB)
    assert len(raw) >= MB
    assert error_list(post(client, url, raw), 413) == [{"field": "body", "message": "The request is too large."}]


def test_a_5_mb_ruleset_name_gets_413(client):
    """The issue's 5 MB ruleset name is never read, so never echoed."""
    response = post(client, "/api/v1/score", json.dumps({"ruleset": "x" * (5 * MB)}))
    assert error_list(response, 413)[0]["field"] == "body"
    assert len(response.data) < 200


def test_a_body_just_under_the_limit_is_read(client, hand):
    """The limit is on bytes, and a valid hand padded to the limit is still scored."""
    response = post(client, "/api/v1/score", padded(hand, LIMIT - 10))
    assert response.status_code == 200
    assert response.get_json()["valid"] is True


def test_the_413_is_in_the_readers_language(client):
    """The message follows Accept-Language like every other error."""
    response = post(client, "/api/v1/score", padded({}, 2 * LIMIT), headers={"Accept-Language": "es"})
    assert error_list(response, 413) == [{"field": "body", "message": "La solicitud es demasiado grande."}]


class ChunkedBody(io.RawIOBase):
    """A body as a WSGI server hands on a chunked request: no length known, read a chunk at a time."""

    def __init__(self, data: bytes, chunk: int = 8 * KB) -> None:
        self.data, self.chunk, self.pos = data, chunk, 0

    def readable(self) -> bool:
        """It can be read."""
        return True

    def readinto(self, buffer: Any) -> int:
        """At most one chunk per read."""
        part = self.data[self.pos:self.pos + min(len(buffer), self.chunk)]
        buffer[:len(part)] = part
        self.pos += len(part)
        return len(part)


def post_chunked(client: FlaskClient, url: str, body: ChunkedBody, content_type: str) -> TestResponse:
    """Post a body without Content-Length, from a server that terminates the stream (as gunicorn does)."""
    return client.post(url, content_type=content_type,
                       environ_overrides={"wsgi.input": body, "wsgi.input_terminated": True,
                                          "HTTP_TRANSFER_ENCODING": "chunked"})


@pytest.mark.parametrize("url", ["/api/v1/score", "/api/v1/captures"])
def test_a_chunked_body_over_the_limit_gets_413_not_a_cut_body(client, url):
    """Werkzeug cut a chunked body at the limit and read it as malformed JSON; it is 413, read no further."""
    body = ChunkedBody(padded({"ruleset": "escova-rs"}, 2 * MB).encode())
    response = post_chunked(client, url, body, "application/json")
    assert error_list(response, 413) == [{"field": "body", "message": "The request is too large."}]
    assert body.pos <= LIMIT + 8 * KB


def test_a_chunked_body_under_the_limit_is_read(client, hand):
    """Chunked is fine when it is small, up to the limit exactly."""
    response = post_chunked(client, "/api/v1/score", ChunkedBody(padded(hand, LIMIT).encode()), "application/json")
    assert response.status_code == 200
    assert response.get_json()["valid"] is True


def test_a_chunked_body_one_byte_over_the_limit_gets_413(client, hand):
    """The limit is exact without Content-Length too."""
    response = post_chunked(client, "/api/v1/score", ChunkedBody(padded(hand, LIMIT + 1).encode()),
                            "application/json")
    assert response.status_code == 413


def test_a_large_form_post_to_a_page_gets_the_413_page(client):
    """A form post over the limit, to a page, gets the error page, not a 500 or a CSRF error."""
    response = client.post("/login", data={"username": "a" * (2 * LIMIT), "password": "x"})
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    assert b"The request is too large." in response.data


def test_a_large_chunked_form_post_to_a_page_gets_the_413_page(client):
    """Without Content-Length too: not a 400 for a form cut short."""
    body = ChunkedBody(b"username=" + b"a" * (2 * MB) + b"&password=x")
    response = post_chunked(client, "/login", body, "application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert b"The request is too large." in response.data


def test_a_large_multipart_post_to_a_page_gets_the_413_page(client):
    """A multipart form (a file nobody asked for) is cut at the limit too."""
    response = client.post("/login", data={"username": "ana", "file": (io.BytesIO(b"x" * (2 * LIMIT)), "a.bin")},
                           content_type="multipart/form-data")
    assert response.status_code == 413
    assert b"The request is too large." in response.data


# --- nesting depth --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000,
                                 "[" * 60_000, '{"ruleset": ' + "[" * 401 + "]" * 401 + "}"])
def test_json_nested_deeper_than_400_gets_400_naming_the_body(client, raw):
    """The issue's RecursionError: nesting deeper than 400 is refused before parsing, in the errors shape."""
    for url in ("/api/v1/score", "/api/v1/captures"):
        assert error_list(post(client, url, raw), 400) == [
            {"field": "body", "message": "the request body is nested more than 400 levels deep"}]


def test_json_nested_400_deep_is_read(client):
    """400 levels are allowed: the answer is about the value, not the nesting."""
    raw = '{"ruleset": ' + "[" * 399 + "]" * 399 + "}"
    found = error_list(post(client, "/api/v1/score", raw), 422)
    assert {"field": "ruleset", "message": "expected a ruleset name such as 'escova-rs'"} in found


def test_brackets_inside_strings_do_not_count_as_nesting(client):
    """A card code made of 1 000 brackets is an unknown card, quoted short, not a deep body."""
    escaped = '\\"{' * 500  # a backslash, a quote and a brace, over and over
    found = error_list(post(client, "/api/v1/captures", json.dumps({"card": "[" * 1000, "table": [escaped]})), 422)
    assert {"field": "card", "message": "unknown card '" + "[" * 20 + ELLIPSIS + "'"} in found
    assert {"field": "table[0]", "message": "unknown card '" + escaped[:20] + ELLIPSIS + "'"} in found


@pytest.mark.parametrize("raw", ['{"ruleset": NaN}', '{"ruleset": Infinity}', '[-Infinity]'])
def test_nan_and_infinity_are_not_json(client, raw):
    """Python's json reads NaN and Infinity; JSON has neither."""
    assert error_list(post(client, "/api/v1/score", raw), 400)[0]["field"] == "body"


@pytest.mark.parametrize("raw", [b"\xff\xfe\x00", b'{"ruleset": "\xff"}', "1" * 5000])
def test_bytes_that_are_not_utf8_json_and_huge_numbers_get_400(client, raw):
    """Undecodable bytes and a number past Python's digit limit are not a 500."""
    assert error_list(post(client, "/api/v1/score", raw), 400)[0]["field"] == "body"


# --- options --------------------------------------------------------------------------------------------------------


def test_an_option_named_preset_is_an_unknown_option(client, hand):
    """The issue's TypeError: make_ruleset's own argument name is not an option."""
    hand["options"] = {"preset": 1}
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "options.preset", "message": "unknown option"}]


def test_a_null_ruleset_is_not_a_ruleset_name(client, hand):
    """"ruleset": null reached an assertion once."""
    hand["ruleset"] = None
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "ruleset", "message": "expected a ruleset name such as 'escova-rs'"}]


def test_thousands_of_unknown_options_give_a_bounded_answer(client, hand):
    """Every unknown option is a problem, but the answer lists at most 40."""
    hand["options"] = {f"o{i}": i for i in range(4000)}
    response = post(client, "/api/v1/score", json.dumps(hand))
    assert len(error_list(response, 422)) == 40
    assert len(response.data) < 4 * KB


# --- lists ----------------------------------------------------------------------------------------------------------


def test_a_table_of_thousands_of_cards_is_refused_in_one_short_error(client):
    """The issue's table of copies of 2o, as large as the limit allows: one error, no card read."""
    response = post(client, "/api/v1/captures", json.dumps({"card": "3c", "table": ["2o"] * 10_000}))
    assert error_list(response, 422) == [{"field": "table", "message": "at most 40 cards, not 10000"}]


@pytest.mark.parametrize("path", ["sides.0.cards", "sides.1.cards", "leftover"])
def test_a_pile_or_leftover_of_more_than_40_cards_is_refused_in_one_error(client, hand, path):
    """No pile or leftover holds more than the deck's 40 cards, whatever they are."""
    *parents, last = path.split(".")
    target: Any = hand
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = ["nope"] * 5000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    field = path.replace(".0", "[0]").replace(".1", "[1]")
    assert found == [{"field": field, "message": "at most 40 cards, not 5000"}]


def test_forty_one_cards_are_too_many_and_forty_are_read(client, hand):
    """The bound is the deck: 41 is refused, 40 is read (and its duplicates named)."""
    hand["leftover"] = ["1o"] * 41
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "leftover", "message": "at most 40 cards, not 41"}]
    hand["leftover"] = ["1o"] * 40
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert {"field": "leftover[39]", "message": "card '1o' is entered twice"} in found


def test_thousands_of_sides_are_refused_without_reading_them(client, hand):
    """A hand has 2 to 4 sides: 1 500 sides of junk are one error, not 3 000."""
    hand["sides"] = [{"cards": "junk", "colour": 1}] * 1500
    response = post(client, "/api/v1/score", json.dumps(hand))
    assert error_list(response, 422) == [{"field": "sides", "message": "a hand has 2 to 4 sides, not 1500"}]


def test_a_body_of_the_worst_shape_gets_a_small_answer(client, hand):
    """The issue's 11 MB answer: as many bad cards as fit in the limit still give a few KB."""
    hand["sides"] = [{"cards": ["x" * 300] * 40, "escobas": 0}] * 4
    hand["leftover"] = ["y" * 300] * 40
    raw = json.dumps(hand)
    assert len(raw) < LIMIT
    response = post(client, "/api/v1/score", raw)
    assert len(error_list(response, 422)) == 40
    assert len(response.data) < 4 * KB


# --- values quoted short --------------------------------------------------------------------------------------------


def test_a_long_ruleset_name_is_quoted_by_a_short_prefix(client, hand):
    """An unknown ruleset name is quoted by its first 20 characters and an ellipsis."""
    hand["ruleset"] = "tute" * 10_000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert found == [{"field": "ruleset", "message": f"unknown ruleset '{('tute' * 5)}{ELLIPSIS}'; "
                                                     "known rulesets: escova-rs, escoba-es, escoba-intl"}]


def test_a_short_ruleset_name_is_quoted_whole(client, hand):
    """Twenty characters fit without an ellipsis."""
    hand["ruleset"] = "t" * 20
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)[0]["message"].startswith(
        f"unknown ruleset '{'t' * 20}';")


def test_a_long_unknown_field_name_is_quoted_by_a_short_prefix(client, hand):
    """A key of 30 000 characters names its field by a short prefix too."""
    body = deepcopy(hand)
    body["k" * 30_000] = 1
    body["sides"][0]["é" * 12_000] = 1
    found = error_list(post(client, "/api/v1/score", json.dumps(body, ensure_ascii=False)), 422)
    assert found == [{"field": "k" * 20 + ELLIPSIS, "message": "unknown field"},
                     {"field": "sides[0]." + "é" * 20 + ELLIPSIS, "message": "unknown field"}]


def test_a_long_option_name_is_quoted_by_a_short_prefix(client, hand):
    """An unknown option of 30 000 characters is named by its first 20."""
    hand["options"] = {"o" * 30_000: 1}
    assert error_list(post(client, "/api/v1/score", json.dumps(hand)), 422) == [
        {"field": "options." + "o" * 20 + ELLIPSIS, "message": "unknown option"}]


def test_a_long_card_code_is_quoted_by_a_short_prefix(client, hand):
    """An unknown card is quoted by its first 20 characters."""
    hand["sides"][0]["cards"][0] = "7o" * 20_000
    found = error_list(post(client, "/api/v1/score", json.dumps(hand)), 422)
    assert {"field": "sides[0].cards[0]", "message": f"unknown card '{'7o' * 10}{ELLIPSIS}'"} in found


@pytest.mark.parametrize("path", ["sides.0.escobas", "sides.0.tally.cards", "leftover_sum"])
def test_a_huge_number_is_quoted_by_a_short_prefix(client, path):
    """A 4 000-digit number in a count or the escobas is quoted by its first 20 digits."""
    body: dict[str, Any] = {
        "ruleset": "escoba-intl",
        "sides": [{"tally": {"cards": 24, "oros": 6, "sevens": 3, "velo": True}, "escobas": 0},
                  {"tally": {"cards": 16, "oros": 4, "sevens": 1, "velo": False}, "escobas": 0}],
        "leftover_sum": 10, "last_capture": 0}
    *parents, last = path.split(".")
    target: Any = body
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = int("9" * 4000)
    response = post(client, "/api/v1/score", json.dumps(body))
    message = error_list(response, 422)[0]["message"]
    assert "9" * 20 + ELLIPSIS in message and "9" * 21 not in message
    assert len(response.data) < 1 * KB


@pytest.mark.parametrize(("url", "content_type"), [
    ("/api/v1/captures", "application/json"), ("/login", "application/x-www-form-urlencoded")])
def test_a_real_server_answers_413_to_a_chunked_body_over_the_limit(app, url, content_type):
    """Through a real HTTP server and socket (Werkzeug's, which terminates chunked bodies as gunicorn does)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
        chunks = (b"x" * (8 * KB) for _ in range(25))  # 200 KB, no Content-Length
        connection.request("POST", url, body=chunks, headers={"Content-Type": content_type}, encode_chunked=True)
        response = connection.getresponse()
        assert response.status == 413
        assert b"The request is too large." in response.read()
        connection.close()
    finally:
        server.shutdown()
        thread.join()


def test_the_limits_in_docs_api_md_are_the_apps(app):
    """docs/api.md gives the numbers the code uses."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * KB and "**64 KB** (65,536 bytes" in docs
    assert json_body.MAX_DEPTH == 400 and "**400** levels" in docs
    assert payloads.MAX_CARDS == 40 and "**40** (the deck)" in docs
    assert payloads.MAX_PROBLEMS == 40 and "first **40** problems" in docs
    assert messages.QUOTE_LIMIT == 20 and "first **20** characters" in docs
