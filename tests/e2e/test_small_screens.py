"""At 320×568 the main pages fit without sideways scrolling and every control is a 44 px target."""

from __future__ import annotations

from typing import Any

import pytest
from phone import register, shot, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

SMALL = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True}
# Buttons, fields and the app's link-buttons; links inside running text are exempt (WCAG 2.5.8).
CONTROLS = ("button:visible, select:visible, input:visible:not([type=radio]):not([type=checkbox]), "
            "a.button:visible, .bar nav a:visible, .foot a:visible, .modes a:visible, .card:visible, "
            "label.choice:visible, label.brush:visible, label.chip:visible")


def too_small(page: Page) -> list[str]:
    """Controls smaller than 44 × 44 px, described. Measured in the page in one call: a round trip per control
    took seconds on the pages with a deck of cards."""
    controls = page.locator(CONTROLS)
    boxes: list[list[Any]] = controls.evaluate_all(
        """els => els.map(e => { const r = e.getBoundingClientRect();
                                 return [e.outerHTML.slice(0, 80), r.width, r.height]; })""")
    assert len(boxes) >= 5, "the page has its controls"
    return [f"{html} {width:.0f}×{height:.0f}" for html, width, height in boxes if width < 44 or height < 44]


def test_the_main_pages_fit_a_320_px_phone(browser: Browser, live_server: str) -> None:
    """Register, start a four-player match, and look at every main page at 320 px."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    register(page, live_server, "small")
    page.get_by_label("4 players").check()
    for seat, name in enumerate(["Ana Beatriz", "Bia", "Carla Maria", "Duda"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana Beatriz")
    found = {"new match": (sideways(page), too_small(page))}
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_be_visible()
    board = page.url
    pages = {"scoreboard": board, "hand the quick way": board + "/hands/new?mode=quick",
             "hand by cards": board + "/hands/new?mode=cards",
             "hand by counts": board + "/hands/new?mode=tally", "matches": live_server + "/matches/",
             "tools": live_server + "/tools/captures"}
    for name, url in pages.items():
        page.goto(url)
        found[name] = (sideways(page), too_small(page))
        shot(page, f"320-{name.replace(' ', '-')}")
    context.close()
    bad = {name: result for name, result in found.items() if result != (0, [])}
    assert not bad, bad
