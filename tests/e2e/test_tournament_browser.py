"""A tournament run from the organiser's phone at 390 px: New tournament from the club's page (a member ticked,
guests typed), round 1 started by its button, each table with its players and a QR code to score it, a result
recorded by hand with its reason, the standings. The pages fit at 390 and 320 px and pass axe-core in light and
dark. The club, its member and the house rules are set up through the services (tests/factories.py)."""

from __future__ import annotations

import pytest
from axe_check import violations_in_each_scheme as violations
from factories import club, house_rules, keeper, member
from flask import Flask
from page_client import Scorekeeper
from phone import PHONE, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_an_organiser_runs_a_round_from_the_phone(browser: Browser, live_app: tuple[str, Flask],
                                                  axe_script: str) -> None:
    """Ana makes a Swiss event of Bea (a member) and four guests, starts round 1 (two tables with QR codes, a
    bye), records table 1's result by hand, and reads the standings."""
    live_server, app = live_app
    found: dict[str, list[str]] = {}
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    register(page, live_server, "ana")
    bea = keeper(app, "bea")
    organiser = Scorekeeper(app, app.test_client())
    organiser.username = "ana"  # the account the browser registered: the factories act for it by its name
    club_id = club(organiser, "Casa de Ana")
    member(organiser, club_id, bea)
    house_rules(organiser, "Friday rules", target=21)

    page.goto(f"{live_server}/clubs/{club_id}")
    page.get_by_role("link", name="Tournaments").tap()
    page.get_by_role("link", name="New tournament").tap()
    page.get_by_label("Tournament name").fill("Friday night")
    page.get_by_label("House rules").select_option(label="Friday rules")
    page.get_by_label("Rounds (Swiss)").fill("3")
    page.get_by_label("bea").check()
    page.get_by_label("Other entrants, one a line").fill("Caio\nDora\nEva\nFer")
    assert scrolls_sideways(page) == {}
    found["new tournament"] = violations(page, axe_script)
    shot_in_each_scheme(page, "tournament-new")
    page.get_by_role("button", name="Make the tournament").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Friday night")

    page.get_by_role("button", name="Start round 1").tap()
    expect(page.locator(".flash")).to_contain_text("Round 1 has started")
    expect(page.locator(".table-card")).to_have_count(3)
    expect(page.locator(".table-card").first).to_contain_text("Table 1")
    expect(page.locator(".table-card").last).to_contain_text("Bye")
    page.locator(".table-qr summary").first.tap()
    expect(page.locator(".table-qr .qr svg").first).to_be_visible()
    assert scrolls_sideways(page) == {}
    found["tournament"] = violations(page, axe_script)
    shot_in_each_scheme(page, "tournament-round")

    page.get_by_role("link", name="Record the result").first.tap()
    page.get_by_label("Why").fill("Walk-over")
    inputs = page.locator("input[inputmode=numeric]")
    inputs.nth(0).fill("21")
    inputs.nth(1).fill("0")
    assert scrolls_sideways(page) == {}
    found["result"] = violations(page, axe_script)
    page.get_by_role("button", name="Record the result").tap()
    expect(page.locator(".trail")).to_contain_text("21–0")
    expect(page.locator(".trail")).to_contain_text("Walk-over")

    page.get_by_role("link", name="Standings").tap()
    expect(page.locator(".standings tbody tr")).to_have_count(5)
    assert scrolls_sideways(page) == {}
    found["standings"] = violations(page, axe_script)
    shot_in_each_scheme(page, "tournament-standings")
    assert {name: problems for name, problems in found.items() if problems} == {}
