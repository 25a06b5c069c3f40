"""The regional options on a phone: a setenta match started by the region's quick pick; the new-match screen's
"Rules and cards" and the scoreboard's, neither scrolling sideways at 390×844 nor at 320×568, the score still at
the top of both, axe finding nothing serious in light and dark, and with REFEREE_SCREENSHOTS=1 each screen saved to
look at (tests/e2e/screenshots/regional-<size>-<screen>-<theme>.png)."""

from __future__ import annotations

import pytest
from axe_check import violations_in_each_scheme
from phone import DPR, SIZES, at_each_size, picture, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e



def test_a_setenta_match_is_picked_by_region_and_its_rules_are_shown(browser: Browser, live_server: str,
                                                                     axe_script: str) -> None:
    """Open "Rules and cards", tap "As in Argentina" and shared ties, start: the scoreboard's score stays in the
    first screen, and its folded "Rules and cards" opens on the setenta and the house rule."""
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True, device_scale_factor=DPR)
    page = context.new_page()
    register(page, live_server, "regional")
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Ana")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option("0")
    page.locator("details.more summary").click()
    page.get_by_label("As in Argentina: la setenta", exact=False).check()
    page.get_by_label("House rule: every side tied at the top scores it").check()
    assert scrolls_sideways(page) == {}
    assert violations_in_each_scheme(page, axe_script) == []
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"regional-{size}-new")
        picture(page.locator("details.more"), f"regional-{size}-new-rules")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text("Bea")
    for size in at_each_size(page):
        board = page.locator(".board").bounding_box()
        assert board and board["y"] + board["height"] <= SIZES[size]["height"], size  # the score, unscrolled
    rules = page.locator("details.match-rules")
    expect(rules).not_to_have_attribute("open", "")
    rules.locator("summary").click()
    expect(rules).to_contain_text("La setenta, as in Argentina")
    expect(rules).to_contain_text("Every side tied at the top scores it (a house rule).")
    assert scrolls_sideways(page) == {}
    assert violations_in_each_scheme(page, axe_script) == []
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"regional-{size}-board")
        picture(rules, f"regional-{size}-board-rules")
    context.close()
