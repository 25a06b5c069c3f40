"""A club's house rules on a phone at 390 px: the organiser saves them from the club's page, and a new match of the
club picks them from the new-match page's list under the club's name, keeping the players typed before the pick
(static/js/new-match.js). The pages fit at 390 and 320 px and pass axe-core in light and dark."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_the_club_s_house_rules_saved_and_picked_keeping_the_players_typed(browser: Browser, live_server: str,
                                                                           axe_script: str) -> None:
    """Ana's club, its house rules saved from its page; on New match she types the players, taps the club's house
    rules: the page comes back with their rules, the club picked and her players still there; the match records
    them."""
    found: dict[str, list[str]] = {}
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    register(page, live_server, "ana")
    page.goto(live_server + "/clubs/")
    page.get_by_label("Club name").fill("Casa de Ana")
    page.get_by_role("button", name="Start the club").tap()
    page.locator("main").get_by_role("link", name="House rules").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("House rules of Casa de Ana")
    page.get_by_role("link", name="New house rules").tap()
    page.get_by_label("Name of these house rules").fill("Tuesday night")
    page.get_by_label("Escoba (Spain)", exact=False).check()
    page.get_by_label("Target").fill("30")
    page.get_by_role("button", name="Save the house rules").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday night")
    expect(page.locator(".card-kicker")).to_have_text("House rules of Casa de Ana")
    assert scrolls_sideways(page) == {}
    found["the club's house rules"] = violations(page, axe_script)
    shot_in_each_scheme(page, "club-house-rules")
    page.locator(".card-kicker a").tap()
    expect(page.locator(".profile-list")).to_contain_text("Tuesday night")
    assert scrolls_sideways(page) == {}
    found["their list"] = violations(page, axe_script)
    shot_in_each_scheme(page, "club-house-rules-list")

    page.goto(live_server + "/matches/new")
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Ana")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Bea")
    expect(page.locator(".club-rules-title")).to_have_text("The club Casa de Ana")
    page.locator(".house-rules-pick").get_by_role("link", name="Tuesday night").tap()
    expect(page.locator(".house-rules-pick [aria-current]")).to_have_text("Tuesday night")
    expect(page).to_have_url(re.compile(r"profile=\d+&club=\d+&seating=2&first_dealer=1&names-0=Ana&names-1=Bea$"))
    expect(page.get_by_label("Seat 1", exact=True)).to_have_value("Ana")
    expect(page.get_by_label("Seat 2", exact=True)).to_have_value("Bea")
    expect(page.get_by_label("2 players")).to_be_checked()
    expect(page.get_by_label("First dealer")).to_have_value("1")
    expect(page.get_by_label("Club", exact=True)).not_to_have_value("")
    expect(page.get_by_label("Target")).to_have_value("30")
    assert scrolls_sideways(page) == {}
    found["new match from them"] = violations(page, axe_script)
    shot_in_each_scheme(page, "club-house-rules-new-match")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".board")).to_contain_text("Bea")
    page.locator("#rules summary").tap()
    expect(page.locator("#rules")).to_contain_text("Playing to 30")
    expect(page.get_by_role("link", name="The rules card of the house rules this match started from")).to_be_visible()
    context.close()

    problems = {name: lines for name, lines in found.items() if lines}
    assert problems == {}, problems
