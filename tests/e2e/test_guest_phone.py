"""A newcomer's phone at 390×844: New match without an account makes it a guest, the match is played, and
"Keep my matches" names the account with the match in it; logging a guest out asks first."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from offline_phone import DRAFTS, cached_pages, controlled
from phone import PHONE, fill_counts, new_match, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

def tap_new_match_without_an_account(page: Page, base: str) -> None:
    """The home page's New match, on a phone logged in to nothing: the new match's form opens."""
    page.goto(base + "/")
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()
    page.get_by_role("button", name="New match").tap()
    expect(page).to_have_url(re.compile(r"/matches/new$"))
    expect(page.locator(".guest-bar")).to_contain_text("This phone is a guest.")


def test_a_newcomer_starts_a_match_as_a_guest_and_keeps_it_under_a_name(page: Page, browser: Browser,
                                                                         live_server: str, axe_script: str) -> None:
    """Home → New match → the form, as a guest; a hand saved; Keep my matches with a name and a password; the
    match is on the matches page, and the name logs in on another phone and finds it. Each new screen fits 390
    and 320 px and has no serious axe violation in either colour scheme."""
    page.goto(live_server + "/")
    found = {"home": (scrolls_sideways(page), violations(page, axe_script))}
    shot_in_each_scheme(page, "guest-home")
    tap_new_match_without_an_account(page, live_server)
    shot_in_each_scheme(page, "guest-new-match")
    board = new_match(page, live_server)
    found["board"] = (scrolls_sideways(page), violations(page, axe_script))
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    shot_in_each_scheme(page, "guest-board")
    page.locator(".foot").get_by_role("link", name="Account").tap()
    expect(page.locator("main")).to_contain_text("This phone is a guest: no name, no password.")
    found["account"] = (scrolls_sideways(page), violations(page, axe_script))
    shot_in_each_scheme(page, "guest-account")
    page.locator(".guest-bar").get_by_role("link", name="Keep my matches").tap()
    expect(page.get_by_role("heading", name="Keep my matches")).to_be_visible()
    found["keep"] = (scrolls_sideways(page), violations(page, axe_script))
    shot_in_each_scheme(page, "guest-keep")
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Password", exact=True).fill("escova-2026")
    page.get_by_label("Repeat the password").fill("escova-2026")
    page.get_by_role("button", name="Keep my matches").tap()
    expect(page.locator(".flash")).to_contain_text("Your matches are kept in the account newcomer")
    expect(page.locator("main")).to_contain_text("Logged in as newcomer.")
    expect(page.locator(".guest-bar")).to_have_count(0)
    shot_in_each_scheme(page, "guest-kept")
    other = browser.new_context(**PHONE).new_page()
    other.goto(live_server + "/login")
    other.get_by_label("Username").fill("newcomer")
    other.get_by_label("Password").fill("escova-2026")
    other.get_by_role("button", name="Log in").tap()
    expect(other).to_have_url(re.compile(r"/matches/$"))
    other.goto(board)
    expect(other.locator(".board .total").first).to_have_text("4")
    other.context.close()
    assert found == {name: ({}, []) for name in found}


@pytest.mark.service_worker
def test_a_guest_logging_out_is_warned_and_offered_to_keep_its_matches(page: Page, live_server: str,
                                                                        axe_script: str) -> None:
    """The footer's Log out leads a guest to a page saying its matches would be lost, with Keep my matches
    first; confirming logs the phone out to the home page, and its drafts and cached scoreboards leave the
    phone as a log-out's do."""
    page.goto(live_server + "/")
    controlled(page)  # the worker installed before the phone moves on: a page left mid-install may abort it
    tap_new_match_without_an_account(page, live_server)
    board = new_match(page, live_server)
    controlled(page)
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.goto(board)
    assert page.evaluate(DRAFTS)
    assert board in cached_pages(page, until=lambda urls: board in urls)
    page.get_by_role("link", name="Log out").tap()
    expect(page.get_by_role("heading", name="Log out and lose your matches?")).to_be_visible()
    assert (scrolls_sideways(page), violations(page, axe_script)) == ({}, [])
    shot_in_each_scheme(page, "guest-leave")
    expect(page.locator("main").get_by_role("link", name="Keep my matches")).to_be_visible()
    page.get_by_role("button", name="Log out and delete them").tap()
    expect(page.locator(".flash")).to_contain_text("You are logged out")
    expect(page.get_by_role("button", name="New match")).to_be_visible()
    expect(page.locator(".guest-bar")).to_have_count(0)
    assert page.evaluate(DRAFTS) == []
    assert board not in cached_pages(page, until=lambda urls: board not in urls)
