"""Claiming a seat at 390 px: a scorer joins with the owner's code, says which seat is hers, and her My record
counts the match once it is won."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, register, scrolls_sideways, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, expect
from test_score_together import enter_hand

pytestmark = pytest.mark.e2e


def test_a_scorer_joins_with_the_code_picks_her_seat_and_her_record_shows_the_match(
        browser: Browser, live_server: str, axe_script: str) -> None:
    """Ana's code on Bea's phone: "Which seat is yours?" → "I am Bea", confirmed at once; Bea's My record lists
    the seat, linked to the scoreboard, and counts its hands. The pages fit at 390 and 320 px and pass axe-core in
    light and dark."""
    found: dict[str, list[str]] = {}
    ana_phone, bea_phone = (browser.new_context(**PHONE, locale="en-GB") for _ in range(2))
    ana, bea = ana_phone.new_page(), bea_phone.new_page()
    board = start_match(ana, live_server, "ana")
    ana.get_by_role("link", name="Score together: invite other phones").tap()
    ana.get_by_role("button", name="Make a join code").tap()
    code = ana.locator("[data-join-code]").inner_text().strip()

    register(bea, live_server, "bea")
    bea.goto(live_server + "/join")
    bea.get_by_label("Join code").fill(code)
    bea.get_by_role("button", name="Join and score").tap()
    expect(bea).to_have_url(re.compile(r"/matches/\d+/seat$"))
    expect(bea.get_by_role("heading", level=1)).to_have_text("Which seat is yours?")
    assert scrolls_sideways(bea) == {}
    found["which seat"] = violations(bea, axe_script)
    shot_in_each_scheme(bea, "claim-seat")
    bea.get_by_label("I am Bea").tap()
    bea.get_by_role("button", name="This is my seat").tap()
    expect(bea).to_have_url(board)
    expect(bea.locator(".flash, [role=status]").first).to_contain_text("You are Bea in this match")

    enter_hand(bea, board, 1, "0")
    ana.reload()
    expect(ana.locator(".claim-list")).to_contain_text("bea is Bea")

    bea.get_by_role("link", name="My record").tap()
    expect(bea.get_by_role("heading", level=1)).to_have_text("My record")
    seat = bea.locator(".my-seats a")
    expect(seat).to_contain_text("Bea in ana's match")
    expect(bea.locator(".figures").nth(1)).to_contain_text("Hands played")
    assert bea.locator("dt:text-is('Hands played') + dd").inner_text().strip() == "1"
    assert scrolls_sideways(bea) == {}
    found["my record"] = violations(bea, axe_script)
    shot_in_each_scheme(bea, "my-record")
    seat.tap()
    expect(bea).to_have_url(board)

    problems = {name: lines for name, lines in found.items() if lines}
    assert not problems, "\n".join(f"{name}: {line}" for name, lines in problems.items() for line in lines)
