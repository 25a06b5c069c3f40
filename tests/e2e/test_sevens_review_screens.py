"""The review of a hand under the regional sevens on a phone (390×844): a setenta match's review by every card
shows each side's best cards and sum, or the suit it lacks; a most_tiebreak match whose sevens tie shows the
counts read and who took the point. Neither scrolls sideways, axe finds nothing serious in the light or the dark
scheme, and with REFEREE_SCREENSHOTS=1 each review is saved to look at
(tests/e2e/screenshots/review-<sevens>-<theme>.png, the section alone and the whole page)."""

from __future__ import annotations

import re

import pytest
from axe_check import SCHEMES, violations_in_each_scheme
from phone import PHONE, SCREENSHOTS_WANTED, new_match, picture, register, shot, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

LEFTOVER = ["1o", "2o", "3o", "4o"]  # tests/conftest.py's correct hand: Ana takes the leftover
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]


def start(page: Page, base: str, choice: str) -> None:
    """A Spanish-deck match, Ana against Bea, Ana dealing, its sevens point by `choice` (the option's label)."""
    new_match(page, base, game="Escoba (Spain)", sevens=choice)


def check_hand_by_cards(page: Page) -> None:
    """Hand 1 by every card: the leftover, Ana's pile, the rest to Bea, Ana's escoba and last capture; Check."""
    page.get_by_role("link", name="…by every card").click()
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    page.locator("label.brush.side-0").tap()
    for code in PILE_A:
        page.locator(f'.card[data-code="{code}"]').tap()
    page.get_by_role("button", name="The rest to Bea").tap()
    page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.get_by_label("Ana", exact=True).last.check()  # last capture
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")


def look(page: Page, name: str, axe: str) -> None:
    """No sideways scroll, nothing serious for axe; the review section and the whole page saved."""
    assert sideways(page) == 0
    assert violations_in_each_scheme(page, axe) == []
    if not SCREENSHOTS_WANTED:
        return
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        # The bar of buttons stays at the bottom of the screen, over whatever is scrolled under it: hidden for
        # the section's own picture (set through the DOM, which the Content-Security-Policy allows), shown again.
        bar = page.locator(".submit-bar")
        bar.evaluate("bar => { bar.style.visibility = 'hidden'; }")
        picture(page.locator(".review"), f"{name}-{scheme}")
        bar.evaluate("bar => { bar.style.visibility = ''; }")
        shot(page, f"{name}-{scheme}-page")
    page.emulate_media(color_scheme="light")


def test_the_review_shows_the_setenta_and_a_broken_tie_in_sevens(browser: Browser, live_server: str,
                                                                 axe_script: str) -> None:
    """Setenta: Ana's four cards and 70, Bea without coins; tiebreak: sevens and sixes tied, Bea's aces win."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    register(page, live_server, "review")
    start(page, live_server, "As in Argentina: la setenta")
    check_hand_by_cards(page)
    setenta = page.locator(".review table.setenta")
    expect(setenta).to_contain_text("7 of coins")
    expect(setenta.locator("tr", has_text="Ana")).to_contain_text("70")
    expect(setenta.locator("tr", has_text="Bea")).to_contain_text("No coins: lacks a suit, cannot take it")
    look(page, "review-setenta", axe_script)
    start(page, live_server, "As in Uruguay: sevens, then sixes, aces, fives")
    check_hand_by_cards(page)
    expect(page.locator(".review .tiebreak-verdict")).to_have_text(
        "Sevens (2 each) and sixes (2 each) tied: Bea takes the sevens point with more aces.")
    look(page, "review-tiebreak", axe_script)
    context.close()
