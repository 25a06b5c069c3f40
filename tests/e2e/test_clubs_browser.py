"""A club on two phones at 390 px: an organiser starts a club from the footer's Clubs, makes an invite link and
its QR code; a second phone, without an account, opens the link the QR code holds and joins as a guest; the
organiser files a match under the club, and the second phone sees it on the club's page. The pages fit at 390 and
320 px and pass axe-core in light and dark."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_an_organiser_invites_a_second_phone_by_the_qr_link(browser: Browser, live_server: str,
                                                            axe_script: str) -> None:
    """Ana's club, its invite's QR code; Bea's phone opens its link, joins as a guest, and sees the club's match."""
    found: dict[str, list[str]] = {}
    ana_phone, bea_phone = (browser.new_context(**PHONE, locale="en-GB") for _ in range(2))
    ana, bea = ana_phone.new_page(), bea_phone.new_page()
    register(ana, live_server, "ana")
    ana.locator("footer").get_by_role("link", name="Clubs").tap()
    found["no club yet"] = violations(ana, axe_script)
    ana.get_by_label("Club name").fill("Casa de Ana")
    ana.get_by_role("button", name="Start the club").tap()
    expect(ana.get_by_role("heading", level=1)).to_have_text("Casa de Ana")
    ana.get_by_role("link", name="Invite players").tap()
    ana.get_by_role("button", name="Make an invite link").tap()
    expect(ana.locator(".invite .qr svg")).to_be_visible()
    link = ana.locator("[data-invite-link]").get_attribute("href")
    assert link is not None and re.search(r"/clubs/join/[A-Za-z0-9_-]{24}$", link)
    assert scrolls_sideways(ana) == {}  # the link and its QR code fit at 390 and 320 px
    found["invites"] = violations(ana, axe_script)
    shot_in_each_scheme(ana, "clubs-invite")

    bea.goto(link)  # what the QR code holds, as a phone's camera opens it
    expect(bea.get_by_role("heading", level=1)).to_have_text("Join Casa de Ana")
    expect(bea.locator("main").get_by_role("link", name="Log in")).to_have_attribute(
        "href", re.compile(r"^/login\?next=/clubs/join/"))
    assert scrolls_sideways(bea) == {}
    found["the invite's page"] = violations(bea, axe_script)
    shot_in_each_scheme(bea, "clubs-join")
    bea.get_by_role("button", name="Join as a guest").tap()
    expect(bea.locator(".flash")).to_contain_text("Welcome to Casa de Ana.")
    expect(bea.locator(".member-list")).to_contain_text("A guest phone")

    ana.goto(live_server + "/clubs/")
    ana.get_by_role("link", name="Casa de Ana").tap()
    expect(ana.locator(".member-list")).to_contain_text("A guest phone")
    ana.get_by_role("link", name="New match in this club").tap()
    expect(ana.get_by_label("Club", exact=True)).to_have_value(re.compile(r"^\d+$"))
    ana.get_by_label("2 players").check()
    ana.get_by_label("Seat 1", exact=True).fill("Ana")
    ana.get_by_label("Seat 2", exact=True).fill("Bea")
    ana.get_by_label("First dealer").select_option(label="Ana")
    ana.get_by_role("button", name="Start the match").tap()
    expect(ana.locator(".board")).to_contain_text("Bea")

    bea.reload()
    expect(bea.locator(".club-matches")).to_contain_text("Ana · Bea")
    expect(bea.locator(".club-leaderboard")).to_contain_text("Bea")
    assert scrolls_sideways(bea) == {}
    found["the club's page"] = violations(bea, axe_script)
    shot_in_each_scheme(bea, "clubs-page")
    bea.locator(".club-matches").get_by_role("link", name="Ana · Bea").tap()
    expect(bea).to_have_url(re.compile(r"/watch/"))  # a member who scores none: the spectator page
    ana_phone.close()
    bea_phone.close()
    problems = {name: v for name, v in found.items() if v}
    assert not problems, "\n".join(f"{name}: {line}" for name, lines in problems.items() for line in lines)
