"""A player's page on a phone: play two matches through the app, then read Ana's record, partners and rivals,
at 390 and 320 px, in light and in dark."""

from __future__ import annotations

import re

import pytest
from axe_check import violations
from phone import DPR, PHONE, picture, register, shot, sideways
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.e2e

SMALL = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True, "device_scale_factor": DPR}
USER, PASSWORD = "stats-table", "escova-2026"


def a_hand_to_one_side(page: Page, board: str, number: int, winner: int, sides: int) -> None:
    """A clean hand by counts in which one side takes every card (the leftover of 10 with its last capture)."""
    page.goto(board + "/hands/new?mode=tally")
    for side in range(sides):
        mine = side == winner
        page.locator(f"#cards-{side}").fill("40" if mine else "0")
        page.locator(f"#oros-{side}").fill("10" if mine else "0")
        page.locator(f"#sevens-{side}").fill("4" if mine else "0")
        page.locator(f"#escobas-{side}").fill("0")
    page.get_by_label("Sum of the cards left on the table").fill("10")
    page.locator(f'input[name="velo"][value="{winner}"]').check()
    page.locator(f'input[name="last_capture"][value="{winner}"]').check()
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def new_match(page: Page, base: str, seating: str, names: list[str]) -> str:
    """An Escova match (to 15, six deck points a hand) with these players, the first dealing; its scoreboard."""
    page.goto(base + "/matches/new")
    page.get_by_label("Escova (Rio Grande do Sul)", exact=False).check()
    page.get_by_label(seating).check()
    for seat, name in enumerate(names, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label=names[0])
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text(names[1])
    return page.url


def tables_that_scroll(page: Page) -> list[str]:
    """The statistics' tables wider than the screen (their wrapper scrolls sideways), by caption."""
    return page.evaluate("""() => [...document.querySelectorAll(".player-stats .table-wrap")]
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
      .map((wrap) => wrap.querySelector("caption").textContent.trim())""")


def figure(page: Page, label: str) -> str:
    """The number shown under one of the page's figures."""
    return page.locator(".figures div").filter(has=page.locator("dt", has_text=re.compile(f"^{label}$"))) \
        .locator("dd").inner_text()


def rows(table: Locator) -> list[list[str]]:
    """A table's body, cell by cell."""
    return [row.locator("th, td").all_inner_texts() for row in table.locator("tbody tr").all()]


@pytest.mark.seconds(11)
def test_two_matches_played_then_anas_page_tells_her_record(page: Page, browser: Browser, live_server: str,
                                                            axe_script: str) -> None:
    """Ana beats Bea, then Ana & Carla lose to Bea & Duda: her page says 2 played, 1 won, 50 %, no streak now
    and a best of 1, Carla her partner, Bea 1–1 and Duda 0–1 head to head; Bea's page is a tap away. At 390 and
    320 px, light and dark, in the three languages, nothing scrolls sideways (no table either) and axe finds
    nothing serious."""
    register(page, live_server, USER, PASSWORD)
    board = new_match(page, live_server, "2 players", ["Ana", "Bea"])
    for number in (1, 2, 3):
        a_hand_to_one_side(page, board, number, winner=0, sides=2)
    expect(page.locator(".board")).to_contain_text("Ana")
    board = new_match(page, live_server, "Two partnerships", ["Ana", "Bea", "Carla", "Duda"])
    for number in (1, 2, 3):
        a_hand_to_one_side(page, board, number, winner=1, sides=2)

    page.goto(live_server + "/players")
    page.get_by_role("link", name="Ana", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ana")
    assert [figure(page, label) for label in ("Played to the end", "Won", "Win rate", "Current winning streak",
                                              "Best winning streak", "Hands played")] \
        == ["2", "1", "50%", "0", "1", "6"]
    partners, rivals = page.locator("table.people").first, page.locator("table.people").nth(1)
    assert rows(partners) == [["Carla", "1", "0"]]
    expect(rivals.locator("thead th")).to_have_text(["Opponent", "Matches", "Ana won", "They won"])
    assert rows(rivals) == [["Bea", "2", "1", "1"], ["Duda", "1", "0", "1"]]
    assert rows(page.locator("table.stats-table").first)[0] == ["Most cards", "3", "50%"]
    shot(page, "player-390-light")

    page.get_by_label("Game").select_option(label="Escoba (Spain)")
    page.get_by_role("button", name="Show").tap()
    expect(page).to_have_url(re.compile(r"game=escoba-es"))
    expect(page.locator(".stats-empty")).to_contain_text("Ana has no hands in this game and period.")
    shot(page, "player-390-empty-filter")
    page.get_by_role("link", name="See every game, all time").tap()
    rivals.get_by_role("link", name="Bea").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Bea")
    assert figure(page, "Won") == "1" and figure(page, "Played to the end") == "2"

    looks = {"390-dark": (PHONE, "dark", "en-GB"), "320-light": (SMALL, "light", "en-GB"),
             "320-dark": (SMALL, "dark", "en-GB"), "320-dark-es": (SMALL, "dark", "es-ES"),
             "320-light-pt": (SMALL, "light", "pt-BR")}
    cookies = page.context.cookies()
    anas_page = live_server + "/players"
    for name, (size, scheme, locale) in looks.items():
        context = browser.new_context(**size, color_scheme=scheme, locale=locale)
        context.add_cookies(cookies)
        other = context.new_page()
        other.goto(anas_page)
        other.get_by_role("link", name="Ana", exact=True).click()
        expect(other.locator(".figures").first).to_be_visible()
        assert sideways(other) == 0, name
        assert tables_that_scroll(other) == [], name
        assert violations(other, axe_script) == [], name
        shot(other, f"player-{name}")
        picture(other, f"player-{name}-top")  # the first screen, at full size
        context.close()
