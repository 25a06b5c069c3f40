"""A phone without an account joins from the home page's code field and names itself; the owner reads that name
on Score together and removes it, the code stopped with it; the removed phone's next save is answered in words
(not a 404). At 390 and 320 px nothing scrolls sideways and no guest placeholder shows."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, fill_counts, scrolls_sideways, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

PLACEHOLDER = re.compile(r"guest:[0-9a-f]{32}")


def no_placeholder(page: Page) -> None:
    """The page's text names no phone by a guest account's placeholder, and fits the phone."""
    assert not PLACEHOLDER.search(page.locator("body").inner_text())
    assert scrolls_sideways(page) == {}


def test_a_guest_joins_from_the_home_page_named_and_is_removed_for_good(browser: Browser, live_server: str) -> None:
    """The code and the name on the home page, one tap; "Lucía" on the owner's Score together; removed with the
    code stopped; Lucía's save then says she no longer scores the match."""
    ana_phone, guest_phone = (browser.new_context(**PHONE, locale="en-GB") for _ in range(2))
    ana, guest = ana_phone.new_page(), guest_phone.new_page()
    board = start_match(ana, live_server, "names-ana")
    ana.goto(board + "/together")
    ana.get_by_role("button", name="Make a join code").tap()
    code = ana.locator("[data-join-code]").inner_text().strip()

    guest.goto(live_server + "/")
    door = guest.get_by_role("region", name="Join a match")
    door.get_by_label("Join code").fill(code)
    door.get_by_label("Who is holding this phone?").fill("Lucía")
    no_placeholder(guest)
    shot_in_each_scheme(guest, "phone-names-home")
    door.get_by_role("button", name="Join and score").tap()
    guest.get_by_role("link", name="To the scoreboard").tap()
    expect(guest.locator(".shared-note")).to_contain_text("This phone: Lucía.")
    guest.goto(board + "/hands/new?mode=tally")
    fill_counts(guest)
    guest.get_by_role("button", name="Check the hand").tap()
    expect(guest.locator(".review")).to_contain_text("Every check passed")

    ana.reload()
    expect(ana.locator(".scorer-list .name")).to_have_text(["Lucía"])
    no_placeholder(ana)
    shot_in_each_scheme(ana, "phone-names-together")
    ana.locator(".scorer-list").get_by_role("link", name="Remove").tap()
    expect(ana.get_by_role("heading", name="Remove Lucía?")).to_be_visible()
    expect(ana.get_by_label("Also stop the join code", exact=False)).to_be_checked()
    no_placeholder(ana)
    shot_in_each_scheme(ana, "phone-names-remove")
    ana.get_by_role("button", name="Remove Lucía").tap()
    expect(ana.locator(".flash")).to_contain_text("Lucía no longer scores this match, and the join code no longer")
    expect(ana.get_by_role("button", name="Make a join code")).to_be_visible()  # a new code: one tap

    guest.get_by_role("button", name="Save hand 1").tap()
    expect(guest.get_by_role("heading", name="You no longer score this match")).to_be_visible()
    expect(guest.locator(".removed-note")).to_contain_text("The match's owner removed this phone from its scorers")
    no_placeholder(guest)
    shot_in_each_scheme(guest, "phone-names-removed")
    ana.goto(board)
    expect(ana.get_by_role("link", name="Enter hand 1")).to_be_visible()  # nothing was saved
    ana_phone.close()
    guest_phone.close()
