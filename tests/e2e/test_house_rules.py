"""House rules on a phone at 390 px: saved under a name, a match started from them, the match's rules card from
its scoreboard, and the public card printed on one page (A4 and Letter) in the table's language."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, SIZES, register, scrolls_sideways, shot, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e


def pages_printed(page: Page, paper: str) -> int:
    """How many sheets the page prints on (Chromium's PDF of it, with the page's own print CSS)."""
    pdf = page.pdf(format=paper, prefer_css_page_size=True, print_background=False)
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_house_rules_saved_used_for_a_match_and_printed_on_one_page(browser: Browser, live_server: str,
                                                                   axe_script: str) -> None:
    """Ana saves her club's rules, starts a match from them, opens their card from the scoreboard, and prints the
    public card: one sheet, without the app's bars, in English and in Spanish; the pages fit at 390 and 320 px
    and pass axe-core in light and dark."""
    found: dict[str, list[str]] = {}
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    register(page, live_server, "ana")

    page.goto(live_server + "/rules/new")
    page.get_by_label("Name of these house rules").fill("Tuesday club")
    page.get_by_label("Escoba (Spain)", exact=False).check()
    page.get_by_label("Target").fill("30")
    page.get_by_label("As in Argentina", exact=False).check()
    page.get_by_label("Void:", exact=False).check()
    page.get_by_label("To the left").check()
    page.get_by_label("The first player to notice", exact=False).check()
    assert scrolls_sideways(page) == {}
    page.get_by_role("button", name="Save the house rules").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday club")
    expect(page.locator(".locked-note")).to_contain_text("can still change")
    assert scrolls_sideways(page) == {}
    found["profile"] = violations(page, axe_script)
    shot_in_each_scheme(page, "house-rules-profile")

    page.get_by_role("link", name="Start a match with these rules").tap()
    expect(page.locator(".house-rules-pick [aria-current]")).to_have_text("Tuesday club")
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Ana")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Ana")
    assert scrolls_sideways(page) == {}
    shot_in_each_scheme(page, "house-rules-new-match")
    page.set_viewport_size(SIZES["320"])
    shot_in_each_scheme(page, "house-rules-new-match-320")
    page.set_viewport_size(SIZES["390"])
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".board")).to_contain_text("Bea")
    page.locator("#rules summary").tap()
    expect(page.locator("#rules")).to_contain_text("Playing to 30")
    page.get_by_role("link", name="The rules card of the house rules this match started from").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday club")
    expect(page.locator(".card-lines")).to_contain_text("The first side to reach 30 points wins.")

    page.goto(live_server + "/rules/")
    page.get_by_role("link", name="Tuesday club").tap()
    expect(page.locator(".locked-note")).to_contain_text("1 match was started from these rules")
    page.get_by_role("link", name="Open the printable card").tap()
    expect(page).to_have_url(re.compile(r"/card/[A-Za-z0-9_-]{43}$"))
    expect(page.get_by_role("button", name="Print the card")).to_be_visible()
    assert scrolls_sideways(page) == {}
    found["card"] = violations(page, axe_script)
    shot_in_each_scheme(page, "house-rules-card")
    page.set_viewport_size(SIZES["320"])
    shot_in_each_scheme(page, "house-rules-card-320")
    page.set_viewport_size(SIZES["390"])

    page.emulate_media(media="print")
    for hidden in (".bar", ".foot", "[data-print]"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(".card-qr svg")).to_be_visible()
    shot(page, "house-rules-card-print")
    assert (pages_printed(page, "A4"), pages_printed(page, "Letter")) == (1, 1)

    page.emulate_media(media="screen")
    page.get_by_role("link", name="Español").tap()
    expect(page.locator(".card-lines")).to_contain_text("30 puntos")
    page.emulate_media(media="print")
    shot(page, "house-rules-card-print-es")
    assert (pages_printed(page, "A4"), pages_printed(page, "Letter")) == (1, 1)
    context.close()

    problems = {name: lines for name, lines in found.items() if lines}
    assert problems == {}, problems
