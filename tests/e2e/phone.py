"""What the browser tests share besides fixtures: the phone's shape and screenshots."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
# The correct hand of tests/page_client.py, by counts: Ana took the velo, the leftover and an escoba (4 to 0).
COUNTS = {"#cards-0": "20", "#oros-0": "10", "#sevens-0": "2", "#cards-1": "20", "#oros-1": "0", "#sevens-1": "2",
          "#escobas-0": "1", "#escobas-1": "0", "#leftover_sum": "10"}


def fill_counts(page: Page, escobas: str = "1") -> None:
    """The correct hand typed on the entry page by counts, with Ana's escobas as given."""
    for selector, value in (COUNTS | {"#escobas-0": escobas}).items():
        page.locator(selector).fill(value)
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()


def shot(page: Page, name: str) -> None:
    """Save a full-page screenshot of a main screen, to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, scale="css")


def register(page: Page, base: str, username: str, password: str = "escova-2026") -> None:
    """A new account, logged in on this phone."""
    page.goto(base + "/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/matches/new$"))


def new_match(page: Page, base: str, game: str | None = None, sevens: str | None = None) -> str:
    """A match, Ana against Bea, Ana dealing, the game and the sevens point chosen by their labels when given;
    the scoreboard's URL."""
    page.goto(base + "/matches/new")
    if game:
        page.get_by_label(game, exact=False).check()
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Ana")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Ana")
    if sevens:
        page.locator("details.more summary").click()
        page.get_by_label(sevens, exact=False).check()
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text("Bea")
    return page.url


def start_match(page: Page, base: str, username: str, game: str | None = None, sevens: str | None = None) -> str:
    """A new account and a match, as new_match makes it; the scoreboard's URL."""
    register(page, base, username)
    return new_match(page, base, game, sevens)
