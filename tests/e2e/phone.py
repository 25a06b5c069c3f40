"""What the browser tests share besides fixtures: the phone's shape and screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import factories
from live import SERVED
from playwright.sync_api import Locator, Page, expect

from referee.services import create_match
from referee.services.accounts import find_account

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# The screens' pictures are for a person to look at, and no test reads them: they are taken only when asked for
# (REFEREE_SCREENSHOTS=1 .venv/bin/pytest tests/e2e/…), since saving some 400 full pages at every run cost
# minutes of CI. A failing test's page is saved whatever the setting (tests/e2e/conftest.py).
SCREENSHOTS_WANTED = os.environ.get("REFEREE_SCREENSHOTS", "") not in ("", "0")
# A phone's pixel ratio in the pictures saved to look at; 1 otherwise: layout is in CSS pixels, and Chromium
# painting four times the pixels made each step of a browser test slower (test_drafts + test_quick_entry 86 → 77 s).
DPR = 2 if SCREENSHOTS_WANTED else 1
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": DPR}
# The correct hand of tests/page_client.py, by counts: Ana took the velo, the leftover and an escoba (4 to 0).
COUNTS = {"#cards-0": "20", "#oros-0": "10", "#sevens-0": "2", "#cards-1": "20", "#oros-1": "0", "#sevens-1": "2",
          "#escobas-0": "1", "#escobas-1": "0", "#leftover_sum": "10"}


# The two phone sizes the screens are held to. A page is laid out again when its window is resized, so a test
# loads a page once and measures it at each size (at_each_size) rather than opening a browser per size.
SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 568}}


def sideways(page: Page) -> int:
    """How far the page scrolls sideways, in px, once the page has loaded its stylesheets."""
    # A tap that navigates returns when the new page is committed, before the stylesheets of its <head> have come:
    # a phone shows nothing until they have, but a script measuring before them lays out the bare HTML (a rules
    # card's QR code at its own size scrolled 312 px sideways at 390 px in one CI run).
    page.wait_for_load_state("load")
    return int(page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def at_each_size(page: Page) -> Iterator[str]:
    """Resize the page's window to each of SIZES in turn, giving the size's name; the first size again after."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        yield size
    page.set_viewport_size(next(iter(SIZES.values())))


def scrolls_sideways(page: Page) -> dict[str, int]:
    """How far the page scrolls sideways at each of SIZES where it does at all: {} where it fits both."""
    found = {size: sideways(page) for size in at_each_size(page)}
    return {size: px for size, px in found.items() if px}


def fill_counts(page: Page, escobas: str = "1") -> None:
    """The correct hand typed on the entry page by counts, with Ana's escobas as given."""
    for selector, value in (COUNTS | {"#escobas-0": escobas}).items():
        page.locator(selector).fill(value)
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()


def shot(page: Page, name: str) -> None:
    """Save a full-page screenshot of a main screen, to look at, when screenshots are wanted."""
    picture(page, name, full_page=True, scale="css")


def picture(target: Page | Locator, name: str, **options: Any) -> None:
    """Save what a page's window or one element shows (Playwright's screenshot options), when screenshots
    are wanted."""
    if SCREENSHOTS_WANTED:
        SCREENSHOTS.mkdir(exist_ok=True)
        target.screenshot(path=str(SCREENSHOTS / f"{name}.png"), **options)


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
    """A new account and a match, as new_match makes it, this phone logged in and on its scoreboard; the
    scoreboard's URL. Made through the services when the server is one of the tests' (live.SERVED) and no option
    is asked for: registering and the new-match page in the browser took 0.9 s of many tests' 2–4, and the tests
    of those pages fill them in. Through the pages otherwise."""
    app = SERVED.get(base)
    if app is None or game or sevens:
        register(page, base, username)
        return new_match(page, base, game, sevens)
    factories.account(app, username, "escova-2026")
    client = factories.logged_in_client(app, username)
    client.get("/")  # the session cookie, as the login page would set it
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    with app.app_context():
        user = find_account(username)
        assert user is not None
        match_id = create_match(user, factories.settings(("Ana", "Bea"), dict(FORM_DEFAULTS))).id
    page.goto(f"{base}/matches/{match_id}")
    expect(page.locator(".board")).to_contain_text("Bea")
    return page.url


# What the new-match page sends for a match of two when nothing else is picked (its choices' defaults).
FORM_DEFAULTS = {"preset": "escova-rs", "sevens": "most", "ties": "nobody", "penalty": "forfeit",
                 "deal_passes": "right"}


def shot_in_each_scheme(page: Page, name: str) -> None:
    """shot() in the dark and the light colour scheme (name-dark, name-light), when screenshots are wanted; the
    page is left in the light scheme."""
    if SCREENSHOTS_WANTED:
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            shot(page, f"{name}-{scheme}")


def draw_round(page: Page, *codes: str) -> None:
    """One round of the draw for dealer with real cards: each drawing player's card tapped on their grid of the
    deck, in the order of the seats drawing, then "Who deals?"."""
    for seat, code in enumerate(codes):
        page.locator(f'label.draw-card:has(input[name="cards-{seat}"][value="{code}"])').click()
    page.get_by_role("button", name="Who deals?").click()
