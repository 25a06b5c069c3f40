"""The OpenAPI document: served, valid, true to the app's routes, and every example answered as shown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from referee.openapi import common, document, merge
from referee.rules import Card, UnknownCard
from referee.rules.cards import DECK

DOC_URI = "urn:referee:openapi"
METHODS = {"get", "put", "post", "delete", "patch"}


def validator(pointer: str) -> Draft202012Validator:
    """A validator for the schema at `pointer` in the document, its $refs resolved within the document."""
    registry = Registry().with_resource(DOC_URI, DRAFT202012.create_resource(document()))
    return Draft202012Validator({"$ref": f"{DOC_URI}#{pointer}"}, registry=registry)


def escape(part: str) -> str:
    """One JSON-pointer token."""
    return part.replace("~", "~0").replace("/", "~1")


def operations() -> list[tuple[str, str, dict[str, Any]]]:
    """Every (path, method, operation) the document describes."""
    return [(path, method, op) for path, item in document()["paths"].items()
            for method, op in item.items() if method in METHODS]


def response(op: dict[str, Any], status: str) -> dict[str, Any]:
    """An operation's response for a status, a reference to components.responses followed."""
    answer = op["responses"][status]
    if "$ref" in answer:
        answer = document()["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
    return answer


def test_the_app_serves_the_document_and_a_maintained_validator_accepts_it(client):
    """GET /api/v1/openapi.json is the document, and it is valid OpenAPI 3.1."""
    answer = client.get("/api/v1/openapi.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    served = answer.get_json()
    assert served == document() and served["openapi"].startswith("3.1")
    validate(served)


def test_the_stateless_referee_needs_no_credentials_the_match_api_a_token_and_a_token_a_password():
    """Every operation names its security: none, the bearer token (401 documented), or HTTP Basic for a token."""
    schemes = document()["components"]["securitySchemes"]
    assert schemes["bearerAuth"] | {"type": "http", "scheme": "bearer"} == schemes["bearerAuth"]
    assert schemes["basicAuth"] | {"type": "http", "scheme": "basic"} == schemes["basicAuth"]
    for path, method, op in operations():
        if path in PUBLIC:
            assert op["security"] == []
        else:
            expected = [{"basicAuth": []}] if (path, method) == ("/api/v1/tokens", "post") else [{"bearerAuth": []}]
            assert op["security"] == expected, path
            assert response(op, "401")["headers"]["WWW-Authenticate"]["required"] is True
            assert "429" in op["responses"]
            assert ("404" in op["responses"]) == ("{" in path), path


PUBLIC = {"/api/v1/rulesets", "/api/v1/captures", "/api/v1/score", "/healthz"}


def test_every_documented_operation_is_a_route_of_the_app_and_every_api_route_is_documented(app):
    """Paths and methods agree both ways, so neither the document nor the app can grow alone."""
    documented = {(re.sub(r"\{(\w+)\}", r"<\1>", path), method.upper()) for path, method, _ in operations()}
    routes = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule.rule)
        if (path.startswith("/api/v1/") and path != "/api/v1/openapi.json") or path == "/healthz":
            routes |= {(path, method) for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes - documented == set(), "routes the document does not describe (add a piece to referee/openapi/)"
    assert documented - routes == set(), "operations the document describes that the app does not have"


def test_every_operation_has_a_unique_id_and_every_json_answer_a_schema():
    """Ids name the operations in generated clients; a JSON answer without a schema could say anything."""
    ids = [op["operationId"] for _, _, op in operations()]
    assert len(ids) == len(set(ids))
    for _, _, op in operations():
        for status in op["responses"]:
            if status != "204":
                assert "schema" in response(op, status)["content"]["application/json"]


def test_every_example_in_the_document_fits_its_schema():
    """Response examples, component examples, and the request examples the API accepts."""
    checked = 0
    for name, schema in document()["components"]["schemas"].items():
        for example in schema.get("examples", []):
            validator(f"/components/schemas/{name}").validate(example)
            checked += 1
    for path, method, op in operations():
        for status, answer in op["responses"].items():
            where = (f"/paths/{escape(path)}/{method}/responses/{status}" if "$ref" not in answer
                     else "/components/responses/" + answer["$ref"].rsplit("/", 1)[1])
            for example in examples_of(op, status).values():
                validator(f"{where}/content/application~1json/schema").validate(example["value"])
                checked += 1
        if "requestBody" in op and any(status.startswith("2") for status in op["responses"]):
            accepted = {name for status in op["responses"] if status.startswith("2")
                        for name in examples_of(op, status)}
            for name, example in op["requestBody"]["content"]["application/json"]["examples"].items():
                if name in accepted:
                    validator(f"/paths/{escape(path)}/{method}/requestBody/content/application~1json/schema").validate(
                        example["value"])
                    checked += 1
    assert checked >= 50


def examples_of(op: dict[str, Any], status: str) -> dict[str, Any]:
    """The named examples of an operation's answer for a status ({} for one without a body)."""
    return response(op, status).get("content", {}).get("application/json", {}).get("examples", {})


def replays() -> list[tuple[str, str, str, dict[str, Any] | None]]:
    """(path, method, example name, request body) for every request example and every body-less GET."""
    found = []
    for path, method, op in operations():
        if path not in PUBLIC:
            continue
        if path == "/healthz":
            found.append((path, method, "ok", None))
        elif "requestBody" in op:
            examples = op["requestBody"]["content"]["application/json"]["examples"]
            found += [(path, method, name, example["value"]) for name, example in examples.items()]
        else:
            found.append((path, method, next(iter(op["responses"]["200"]["content"]["application/json"]
                                                   ["examples"])), None))
    return found


@pytest.mark.parametrize(("path", "method", "name", "body"), replays(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_example_is_answered_as_the_document_shows(client, path, method, name, body):
    """The request example `name` gets the response example of the same name: its status, word for word."""
    op = document()["paths"][path][method]
    shown = {status: response(op, status)["content"]["application/json"].get("examples", {})
             for status in op["responses"]}
    status = next(status for status, examples in shown.items() if name in examples)
    answer = client.open(path, method=method.upper(), json=body, headers={"Accept-Language": "en"})
    assert answer.status_code == int(status)
    assert answer.get_json() == shown[status][name]["value"]
    validator(f"/paths/{escape(path)}/{method}/responses/{status}/content/application~1json/schema").validate(
        answer.get_json())
    if status.startswith("2") and body is not None:
        validator(f"/paths/{escape(path)}/{method}/requestBody/content/application~1json/schema").validate(body)


def test_the_card_code_pattern_is_exactly_what_the_api_reads():
    """The 40 codes match it; near misses match neither it nor Card.parse."""
    pattern = re.compile(common.BASE["components"]["schemas"]["CardCode"]["pattern"])
    assert all(pattern.fullmatch(str(card)) and pattern.search(str(card)) for card in DECK)
    for code in ["0o", "11o", "07o", "7O", "7 o", "7x", "o7", "7o ", "", "1010o"]:
        assert not pattern.search(code)
        with pytest.raises(UnknownCard):
            Card.parse(code)


def test_two_pieces_cannot_describe_the_same_path_or_component():
    """A later piece (the match API) adds paths; it cannot silently replace one."""
    piece = {"paths": {"/x": {}}, "components": {"schemas": {"X": {}}}}
    assert merge(common.BASE, piece)["paths"] == {"/x": {}}
    with pytest.raises(ValueError, match="/x"):
        merge(common.BASE, piece, {"paths": {"/x": {}}})
    with pytest.raises(ValueError, match=r"schemas\.Errors"):
        merge(common.BASE, {"components": {"schemas": {"Errors": {}}}})
    assert "/x" not in document()["paths"]


def test_the_reference_page_draws_the_document_from_files_of_the_site(client):
    """/api/reference loads the vendored viewer and our starter, names the document, and works without JS."""
    answer = client.get("/api/reference")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    scripts = re.findall(r'<script\b[^>]*\bsrc="([^"]+)"', page)
    assert [src.split("?")[0] for src in scripts] == ["/static/vendor/swagger-ui/swagger-ui-bundle.js",
                                                       "/static/js/api-reference.js"]
    assert "<script>" not in page and "style=" not in page
    assert 'data-document="/api/v1/openapi.json"' in page
    assert re.search(r'<noscript>.*href="/api/v1/openapi.json".*</noscript>', page, re.S)
    for src in scripts:
        assert client.get(src).status_code == 200


def test_only_the_reference_page_allows_data_images_and_nothing_else_changes(client):
    """Its policy is the site's plus img-src 'self' data: (Swagger UI's icons); no script or style is loosened."""
    site = client.get("/api").headers["Content-Security-Policy"]
    reference = client.get("/api/reference").headers["Content-Security-Policy"]
    assert reference == site + "; img-src 'self' data:"
    assert "unsafe" not in reference and "script-src" not in reference and "style-src" not in reference


def test_the_api_page_links_the_reference_and_the_document(client):
    """Developers find both from the /api page every footer links."""
    page = client.get("/api").get_data(as_text=True)
    assert 'href="/api/reference"' in page and 'href="/api/v1/openapi.json"' in page


def test_the_service_worker_does_not_precache_the_vendored_viewer(client):
    """1.9 MB that only developers read stays out of every player's install."""
    worker = client.get("/sw.js").get_data(as_text=True)
    assert "/static/js/api-reference.js" in worker and "vendor/" not in worker
