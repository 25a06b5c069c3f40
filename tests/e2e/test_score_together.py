"""Two phones scoring one match at 390 px: the owner opens Score together and reads out the code, another
account types it on the join page, both enter hands, and both scoreboards show the same totals after each; then a
phone without an account opens the code's address, joins as a guest and enters a hand too."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, fill_counts, register, scrolls_sideways, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e


def totals(page: Page) -> list[int]:
    """The big numbers on the scoreboard."""
    return [int(t) for t in page.locator(".board .total").all_inner_texts()]


def enter_hand(page: Page, board: str, number: int, escobas: str) -> None:
    """The correct hand by counts, checked and saved: back on the scoreboard."""
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page, escobas)
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))


def test_the_owner_invites_a_second_phone_and_both_score_the_same_match(browser: Browser, live_server: str,
                                                                        axe_script: str) -> None:
    """Ana's code typed on Bea's phone makes Bea a scorer; a hand from each phone; the same totals on both. axe-core
    finds no serious violation on the pages of scoring together, in light and dark."""
    found: dict[str, list[str]] = {}
    ana_phone, bea_phone = (browser.new_context(**PHONE, locale="en-GB") for _ in range(2))
    ana, bea = ana_phone.new_page(), bea_phone.new_page()
    board = start_match(ana, live_server, "ana")

    ana.get_by_role("link", name="Score together: invite other phones").tap()
    ana.get_by_role("button", name="Make a join code").tap()
    code = ana.locator("[data-join-code]").inner_text().strip()
    assert re.fullmatch(r"[2-9A-Z]{4}-[2-9A-Z]{4}", code)
    expect(ana.locator(".join-code .qr svg")).to_be_visible()
    assert scrolls_sideways(ana) == {}  # the code and its QR code fit at 390 and 320 px
    found["score together"] = violations(ana, axe_script)
    shot_in_each_scheme(ana, "together-code")

    register(bea, live_server, "bea")
    bea.goto(live_server + "/join/ZZZZ2222")
    bea.get_by_role("button", name="Join and score").tap()
    expect(bea.locator(".field .error")).to_have_text("No match has this code: check it and try again.")
    found["join refused"] = violations(bea, axe_script)
    bea.goto(live_server + "/join")
    bea.get_by_label("Join code").fill(code.lower().replace("-", " "))
    assert scrolls_sideways(bea) == {}
    shot_in_each_scheme(bea, "together-join")
    bea.get_by_role("button", name="Join and score").tap()
    bea.get_by_role("link", name="To the scoreboard").tap()  # which seat is hers: skipped
    expect(bea).to_have_url(board)
    expect(bea.locator(".shared-note")).to_contain_text("ana's match")
    found["a scorer's scoreboard"] = violations(bea, axe_script)

    enter_hand(ana, board, 1, "1")
    bea.reload()
    assert totals(ana) == totals(bea) == [4, 0]
    enter_hand(bea, board, 2, "2")
    ana.reload()
    assert totals(ana) == totals(bea) == [9, 0]
    expect(ana.locator("#trail")).to_contain_text("bea: Hand 2 saved")
    shot_in_each_scheme(bea, "together-board-scorer")

    ana.goto(board + "/together")
    expect(ana.locator(".scorer-list")).to_contain_text("bea")
    assert scrolls_sideways(ana) == {}
    found["scorers"] = violations(ana, axe_script)
    shot_in_each_scheme(ana, "together-scorers")
    ana.get_by_role("link", name="Remove").tap()
    found["remove a scorer?"] = violations(ana, axe_script)
    ana.get_by_label("Also stop the join code", exact=False).uncheck()  # the visitor below joins with it
    ana.get_by_role("button", name="Remove bea").tap()
    expect(ana.locator(".flash")).to_contain_text("bea no longer scores this match.")
    bea.reload()
    expect(bea.get_by_role("heading", name="You no longer score this match")).to_be_visible()
    bea_phone.close()
    # A phone without an account opens the QR code's address: the code is filled in, and joining makes it a guest.
    visitor_phone = browser.new_context(**PHONE, locale="en-GB")
    visitor = visitor_phone.new_page()
    visitor.goto(live_server + "/join/" + code.replace("-", ""))
    log_in = visitor.locator("main").get_by_role("link", name="Log in")
    expect(log_in).to_have_attribute("href", re.compile(r"^/login\?next=/join/"))
    found["a visitor joining"] = violations(visitor, axe_script)
    shot_in_each_scheme(visitor, "together-visitor")
    visitor.get_by_role("button", name="Join and score").tap()
    visitor.get_by_role("link", name="To the scoreboard").tap()
    expect(visitor).to_have_url(board)
    expect(visitor.locator(".shared-note")).to_contain_text("ana's match")
    enter_hand(visitor, board, 3, "0")
    ana.goto(board)
    assert totals(ana) == totals(visitor) == [12, 0]
    ana_phone.close()
    visitor_phone.close()
    problems = {name: v for name, v in found.items() if v}
    assert not problems, "\n".join(f"{name}: {line}" for name, lines in problems.items() for line in lines)
