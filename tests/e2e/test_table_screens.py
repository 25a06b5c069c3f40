"""Every screen this part of the app changed fits a phone of 390×844 and of 320×568 in English, Portuguese and
Spanish without scrolling sideways (with REFEREE_SCREENSHOTS=1 each is saved to look at, tests/e2e/screenshots/,
named screen-<size>-<language>-<screen>.png). The light and dark themes change colours, not widths: their
contrast is axe's (tests/e2e/test_accessibility.py)."""

from __future__ import annotations

import pytest
from phone import SIZES, at_each_size, draw_round, register, shot, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

LANGUAGES = ("en", "pt_BR", "es")


def start(page: Page, names: list[str], dealer: str) -> str:
    """A new Escova match with these players and first dealer ('draw' to draw for it); the page it opens."""
    page.goto(page.url.split("/matches")[0] + "/matches/new")
    page.get_by_label(f"{len(names)} players").check()
    for seat, name in enumerate(names, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(dealer)
    page.get_by_role("button", name="Start the match").click()
    return page.url


@pytest.fixture(scope="module")
def table(browser: Browser, live_server: str) -> dict[str, object]:
    """An account with a draw at a tie, a draw with its dealer, and a match whose first link was replaced."""
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True)
    page = context.new_page()
    register(page, live_server, "screens")
    tie = start(page, ["Ana Beatriz", "Bea", "Carla Maria"], "draw")
    draw_round(page, "10o", "3c", "10e")
    dealer = start(page, ["Ana", "Bea", "Cid", "Dan"], "draw")
    draw_round(page, "10o", "10c", "3e", "4b")
    draw_round(page, "5o", "9b")
    board = start(page, ["Ana", "Bea"], "0").split("#")[0]
    old_link = page.locator(".spectators .link a").get_attribute("href")
    page.goto(board + "/link")
    page.get_by_role("button", name="Replace the link").click()
    link = page.locator(".spectators .link a").get_attribute("href")
    urls = {"draw-tie": tie, "draw-dealer": dealer, "revoke": board + "/link", "spectator": link,
            "replaced": old_link, "home-player": live_server + "/", "api": live_server + "/api"}
    state = context.storage_state()
    context.close()
    return {"urls": urls, "state": state, "base": live_server}


def measure(page: Page, found: dict[str, int], name: str, language: str) -> None:
    """How far the page scrolls sideways at each size, noted under the screen's name."""
    for size in at_each_size(page):
        found[f"{size}-{language}-{name}"] = sideways(page)
        shot(page, f"screen-{size}-{language}-{name}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_changed_screen_fits_both_phones(browser: Browser, table: dict, language: str) -> None:
    """The home page (visitor and player), the API page, the draw (tie and dealer), the new match with a
    duplicate name, the spectator page, the replaced link and the confirmation to replace it."""
    base, urls = table["base"], table["urls"]
    found: dict[str, int] = {}
    for logged_in in (False, True):
        context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True,
                                      storage_state=table["state"] if logged_in else None)
        page = context.new_page()
        page.goto(f"{base}/language/{language}")
        screens = dict(urls) if logged_in else {"home-visitor": base + "/"}
        for name, url in screens.items():
            page.goto(url)
            measure(page, found, name, language)
        if logged_in:
            page.goto(base + "/matches/new")
            for seat, name in enumerate(["Ana", "Bea", "Ana", ""]):
                page.locator(f"#names-{seat}").fill(name)
            page.locator("form.stack button[type=submit]").click()
            expect(page.locator(".seat.has-error")).to_have_count(2)
            measure(page, found, "new-match-errors", language)
        context.close()
    assert len(found) == 2 * 9
    assert {name: px for name, px in found.items() if px} == {}
