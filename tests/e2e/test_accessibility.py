"""axe-core finds no serious or critical violation on the main pages, in light and in dark, each page loaded once
and checked in both colour schemes (the scoreboard and the spectator page with their chart; a finished match's
summary: tests/e2e/test_story_screens.py).

axe-core is pinned in tests/e2e/axe/package.json and installed for the tests only (tests/e2e/axe_check.py).
"""

from __future__ import annotations

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, draw_round, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e



def set_up_a_match(page: Page, base: str, username: str) -> str:
    """An account with a two-player match and one saved hand; returns the scoreboard URL."""
    board = start_match(page, base, username, game="Escoba (Spain)")
    page.get_by_role("link", name="…or by counts").click()
    for side, counts in enumerate(((24, 6, 3), (16, 4, 1))):
        for key, value in zip(("cards", "oros", "sevens"), counts):
            page.locator(f"#{key}-{side}").fill(str(value))
    page.get_by_label("Sum of the cards left on the table").fill("10")
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").click()
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    return board


@pytest.mark.seconds(22)
def test_the_main_pages_have_no_serious_accessibility_violation(browser: Browser, live_server: str,
                                                                 axe_script: str) -> None:
    """Every main page, as a phone in light and in dark mode sees it."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live_server + "/")
    found = {"home": violations(page, axe_script)}
    for name in ("login", "register"):
        page.goto(f"{live_server}/{name}")
        found[name] = violations(page, axe_script)
    board = set_up_a_match(page, live_server, "axe")
    pages = {
        "scoreboard": board,
        "hand the quick way": board + "/hands/new?mode=quick",
        "hand by cards": board + "/hands/new?mode=cards",
        "hand by counts": board + "/hands/new?mode=tally",
        "correct a hand": board + "/hands/1/edit",
        "matches": live_server + "/matches/",
        "new match": live_server + "/matches/new",
        "players": live_server + "/players",
        "account": live_server + "/account",
        "change the password": live_server + "/account/password",
        "delete the account": live_server + "/account/delete",
        "tools": live_server + "/tools/",
        "can I take?": live_server + "/tools/captures?card=3c&table=7o&table=5e&table=2b&check=1",
        "check the leftover": live_server + "/tools/leftover?sum=24&check=1",
        "settle a dispute": live_server + "/tools/dispute",
        "draw for dealer": live_server + "/tools/draw",
        "replace the spectator link?": board + "/link",
        "the referee API": live_server + "/api",
    }
    for name, url in pages.items():
        page.goto(url)
        if name == "scoreboard":
            expect(page.locator("svg.plot")).to_be_visible()  # the match's chart is checked with the page
        found[name] = violations(page, axe_script)
    page.goto(board + "/hands/new?mode=cards")
    page.get_by_role("button", name="Check the hand").click()
    expect(page.locator("#error-summary")).to_be_visible()  # the answer may come through outbox.js
    found["hand refused"] = violations(page, axe_script)
    page.goto(board + "/hands/new?mode=quick")
    page.locator('.card[data-code="10c"]').click()  # right: the counts are asked for
    expect(page.locator(".quick-counts")).to_be_visible()
    found["hand the quick way, counting"] = violations(page, axe_script)
    page.locator('.card[data-code="5c"]').click()  # wrong: the piles are asked for
    page.get_by_role("button", name="Turn the piles over").click()
    found["hand the quick way, piles"] = violations(page, axe_script)
    watch = page.locator(".spectators .link a").get_attribute("href") if page.goto(board) else None
    if watch:
        page.goto(watch)
        expect(page.locator("svg.plot")).to_be_visible()
        found["spectator"] = violations(page, axe_script)
    shot_in_each_scheme(page, "axe-spectator")
    page.goto(board + "/link")
    page.get_by_role("button", name="Replace the link").click()
    page.goto(watch)
    found["link replaced"] = violations(page, axe_script)
    page.goto(live_server + "/matches/new")
    page.get_by_label("3 players").check()
    for seat, name in enumerate(["Ana", "Ana", ""]):
        page.locator(f"#names-{seat}").fill(name)
    page.get_by_label("First dealer").select_option("draw")
    page.get_by_role("button", name="Start the match").click()
    found["new match refused"] = violations(page, axe_script)
    page.locator("#names-1").fill("Bea")
    page.locator("#names-2").fill("Cid")
    page.get_by_role("button", name="Start the match").click()
    draw_round(page, "10o", "10c", "3e")
    found["draw after a tie"] = violations(page, axe_script)
    context.close()
    problems = {name: v for name, v in found.items() if v}
    assert not problems, "\n".join(f"{name}: {line}" for name, lines in problems.items() for line in lines)
