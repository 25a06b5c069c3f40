"""The body as a whole: at most 64 KB (chunked too, pages too) and 400 levels deep, and only JSON."""

from __future__ import annotations

import http.client
import io
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from api_bodies import ELLIPSIS, KB, LIMIT, error_list, post
from flask.testing import FlaskClient
from werkzeug.serving import make_server
from werkzeug.test import TestResponse

from referee.bodies import json_body, score_payloads
from referee.words import messages

MB = 1024 * KB


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


def test_a_page_read_is_not_buffered_or_routed_twice(client, monkeypatch):
    """A GET's body, which no view reads, is left alone: the page answers from a server that ends every stream
    (as gunicorn does) without the middleware routing the request or reading a byte of it."""
    monkeypatch.setattr("referee.web.body_limit._endpoint_of", lambda *_: pytest.fail("routed by the middleware"))
    body = ChunkedBody(b"x" * (2 * MB))
    response = client.get("/tools/", environ_overrides={"wsgi.input": body, "wsgi.input_terminated": True})
    assert response.status_code == 200
    assert body.pos == 0


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
    assert score_payloads.MAX_CARDS == 40 and "**40** (the deck)" in docs
    assert score_payloads.MAX_PROBLEMS == 40 and "first **40** problems" in docs
    assert messages.QUOTE_LIMIT == 20 and "first **20** characters" in docs
    assert app.config["API_LIMIT"] == "120 per minute" and "**120 a minute**" in docs
