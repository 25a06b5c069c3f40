"""The draw for dealer for four players on a phone (390×844), counted in taps: each player's card tapped on a grid of
the match's deck, or "Draw for us" (docs/guide.md, "How many taps a hand takes"). A card one player took is greyed out
for the others; the grids are laid out from the first paint; the page fits 320 px, without JavaScript too."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, SIZES, register, shot, shot_in_each_scheme, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Bea", "Cid", "Dan"]
ACCOUNTS: set[str] = set()  # registered once per server: registrations are throttled
PASSWORD = "escova-2026"


def four_drawing(page: Page, base: str) -> str:
    """A new match of four players who draw for dealer, on the module's account; the draw page's URL. Not
    counted: the taps start on the draw page."""
    if base not in ACCOUNTS:
        register(page, base, "drawing-table", PASSWORD)
        ACCOUNTS.add(base)
    page.goto(base + "/matches/new")
    if "/login" in page.url:  # a phone of its own: the account logs in
        page.get_by_label("Username").fill("drawing-table")
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.goto(base + "/matches/new")
    page.get_by_label("4 players").check()
    for seat, name in enumerate(NAMES, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option("draw")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/draw$"))
    return page.url


def tile(page: Page, seat: int, code: str):  # type: ignore[no-untyped-def]
    """A card's tile on a drawing player's grid."""
    return page.locator(f'label.draw-card:has(input[name="cards-{seat}"][value="{code}"])')


class Taps:
    """A phone's taps, counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def tap(self, locator) -> None:  # type: ignore[no-untyped-def]
        """One tap."""
        locator.tap()
        self.count += 1

    def cards(self, *codes: str) -> None:
        """One tap on each drawing player's card, in the order of the seats drawing."""
        for seat, code in enumerate(codes):
            self.tap(tile(self.page, seat, code))


def layout_shift(page: Page) -> float:
    """The page's cumulative layout shift since it was loaded, shifts right after a tap aside (as CLS counts)."""
    return float(page.evaluate("""() => new Promise((done) => {
        new PerformanceObserver((list) => done(list.getEntries().filter((e) => !e.hadRecentInput)
            .reduce((sum, e) => sum + e.value, 0))).observe({type: "layout-shift", buffered: true});
        setTimeout(() => done(0), 500);
    })"""))


def test_four_players_pick_their_cards_on_the_grids_in_five_taps(page: Page, live_server: str) -> None:
    """A card per player and "Who deals?": 5 taps when nobody ties; a tie of two on kings adds 3 (their two
    cards and the button). Each card taken is greyed out on the other grids and named beside its player."""
    four_drawing(page, live_server)
    assert layout_shift(page) == 0
    taps = Taps(page)
    taps.cards("7o", "3c", "10e", "4b")
    taps.tap(page.get_by_role("button", name="Who deals?"))
    expect(page.locator(".draw-round .verdict").first).to_have_text("Cid deals first.")
    print(f"taps for the draw for dealer of 4 players by the grids, no tie: {taps.count}")
    assert taps.count == 5

    four_drawing(page, live_server)
    taps = Taps(page)
    taps.tap(tile(page, 0, "10o"))
    for seat in (1, 2, 3):
        expect(tile(page, seat, "10o").locator("input")).to_be_disabled()  # Ana's king, greyed out for the others
    expect(tile(page, 0, "10o").locator("input")).to_be_enabled()
    expect(page.locator("#cards-0 [data-picked]")).to_have_text("King of diamonds")
    for seat, code in ((1, "10c"), (2, "5e"), (3, "4b")):
        taps.tap(tile(page, seat, code))
    taps.tap(page.get_by_role("button", name="Who deals?"))
    expect(page.locator(".draw-round .verdict")).to_have_text("A tie for the highest card: Ana and Bea draw again.")
    expect(page.locator(".draw-grid legend .who")).to_have_text(["Ana", "Bea"])
    shot(page, "draw-grids-after-a-tie")
    taps.cards("2o", "9b")
    taps.tap(page.get_by_role("button", name="Who deals?"))
    expect(page.locator(".draw-round .verdict").first).to_have_text("Bea deals first.")
    print(f"taps for the draw for dealer of 4 players by the grids, a tie of two: {taps.count}")
    assert taps.count == 8


def test_draw_for_us_is_one_tap_and_shows_every_players_card(page: Page, live_server: str) -> None:
    """One tap: every round the app drew (each player's card; the tied players' again), who deals, and the way
    to the first hand."""
    url = four_drawing(page, live_server)
    taps = Taps(page)
    taps.tap(page.get_by_role("button", name="Draw for us — the app draws"))
    expect(page.locator(".draw-round .verdict").first).to_contain_text("deals first.")
    print(f"taps for the draw for dealer of 4 players, Draw for us: {taps.count}")
    assert taps.count == 1
    rounds = page.locator(".draw-round")
    expect(rounds.last.locator(".drawn-cards li")).to_have_count(4)  # round 1: everyone's card
    expect(rounds.first.locator("h2")).to_contain_text("drawn by the app")
    expect(page.get_by_role("link", name="Enter hand 1")).to_be_visible()
    assert sideways(page) == 0
    shot_in_each_scheme(page, "draw-by-app")
    page.goto(url)  # a reload shows the same draw; nothing is drawn again
    expect(page.locator(".draw-round")).to_have_count(rounds.count())


def test_the_grids_fit_320_px_and_lay_out_from_the_first_paint(browser: Browser, live_server: str) -> None:
    """At 320×568, light and dark: no sideways scroll, a tile of at least 44 px each way (the app's targets; WCAG
    asks 24), no layout shift as the page loads."""
    context = browser.new_context(**{**PHONE, "viewport": SIZES["320"]})
    page = context.new_page()
    four_drawing(page, live_server)
    assert layout_shift(page) == 0
    assert sideways(page) == 0
    box = tile(page, 0, "1o").bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    tile(page, 0, "10o").tap()
    tile(page, 1, "7c").tap()
    shot_in_each_scheme(page, "draw-grids-320")
    context.close()


def test_without_javascript_the_grids_draw_too(browser: Browser, live_server: str) -> None:
    """Radio buttons under the faces: the same taps work with scripting off, and a card picked twice is refused
    by the server, naming who had it, with every card still picked."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    four_drawing(page, live_server)
    for seat, code in enumerate(("10o", "3c", "10o", "4b")):
        tile(page, seat, code).tap()
    page.get_by_role("button", name="Who deals?").tap()
    expect(page.locator("#cards-2 .error")).to_have_text(
        "Ana drew this card already: two players cannot draw the same card.")
    expect(page.locator('input[name="cards-2"][value="10o"]')).to_be_checked()
    tile(page, 2, "9e").tap()
    page.get_by_role("button", name="Who deals?").tap()
    expect(page.locator(".draw-round .verdict").first).to_have_text("Ana deals first.")
    context.close()
