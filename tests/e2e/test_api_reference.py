"""The API reference page in a phone's browser: Swagger UI, vendored, renders the OpenAPI document under the
Content-Security-Policy (any violation or console error fails the test, tests/e2e/conftest.py)."""

from __future__ import annotations

import pytest
from phone import shot
from playwright.sync_api import Page, expect

from referee.openapi import document

# Every operation of the document, each rendered as one block.
OPERATIONS = sum(1 for item in document()["paths"].values() for method in item if method in ("get", "post", "put",
                                                                                             "delete", "patch"))

pytestmark = pytest.mark.e2e


def test_the_reference_draws_every_operation_and_tries_one(page: Page, live_server: str) -> None:
    """Every documented operation is listed; "Try it out" on /captures sends its example and shows the answer."""
    page.goto(live_server + "/api/reference")
    operations = page.locator(".opblock")
    expect(operations).to_have_count(OPERATIONS)
    expect(page.get_by_text("Escoba Referee API", exact=False).first).to_be_visible()
    shot(page, "api-reference")
    captures = page.locator("#operations-referee-captures")
    captures.locator(".opblock-summary").click()
    captures.get_by_role("button", name="Try it out").click()
    captures.get_by_role("button", name="Execute").click()
    expect(captures.locator(".live-responses-table tr.response .response-col_status").first).to_have_text("200")
    expect(captures.locator(".live-responses-table")).to_contain_text('"escoba": false')
    shot(page, "api-reference-try")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the long curl line wraps


def test_the_reference_fits_a_small_phone(browser, live_server: str) -> None:
    """At 320×568 the page does not scroll sideways; its first Tab stop is a skip link, shown on the screen, past
    its bar of links to the reference itself."""
    context = browser.new_context(viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True)
    small = context.new_page()
    small.goto(live_server + "/api/reference")
    expect(small.locator(".opblock")).to_have_count(OPERATIONS)
    shot(small, "api-reference-320")
    assert small.evaluate("document.documentElement.scrollWidth") <= 320
    small.keyboard.press("Tab")
    skip = small.locator("a.skip-link")
    expect(skip).to_be_focused()
    shot(small, "api-reference-skip-link")
    box = skip.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 568, box
    small.keyboard.press("Enter")
    small.keyboard.press("Tab")
    assert small.evaluate("document.querySelector('main').contains(document.activeElement)")
    context.close()


def test_a_match_api_operation_shows_its_token_its_examples_and_its_errors(page: Page, live_server: str) -> None:
    """Recording a hand: the bearer token's lock, its Idempotency-Key, the request examples to pick from, the 401
    and the 422 (no 412: a new hand takes no If-Match); the open block still fits a phone."""
    page.goto(live_server + "/api/reference")
    record = page.locator("#operations-hands-recordHand")
    record.locator(".opblock-summary").click()
    expect(record.locator(".authorization__btn")).to_be_visible()
    expect(record.locator(".parameters")).to_contain_text("Idempotency-Key")
    responses = record.locator(".responses-table").first
    expect(responses).to_contain_text("422")
    # The status codes read off the rows, not the table's text: an example Swagger UI draws from a pattern (a
    # moment's) may hold "412" anywhere.
    codes = [code.strip() for code in responses.locator("tr[data-code]").evaluate_all(
        "rows => rows.map(row => row.dataset.code)")]
    assert "401" in codes and "422" in codes and "412" not in codes, codes
    expect(record.locator("select.examples-select-element").first).to_contain_text("by_tallies")
    shot(page, "api-reference-hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
