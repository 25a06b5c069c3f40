"""A setenta match's hands on a 320×568 phone: one the quick way (counted in taps), one by counts
after the referee asked for the missing sums; at 390 px one the quick way by each side's best cards (counted in
taps), and that page at 320 px in Portuguese; a tiebreak match's quick entry working out the last side's sixes.
No screen scrolls sideways, every control is a 44 px target, and each is saved to look at
(tests/e2e/screenshots/regional-entry-<screen>-<scheme>.png, dark and light)."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme
from phone import PHONE, SCREENSHOTS_WANTED, at_each_size, picture, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Locator, Page, expect
from test_quick_entry import LEFTOVER, SMALL, Taps
from test_small_screens import sideways, too_small

pytestmark = pytest.mark.e2e

def start(page: Page, base: str, username: str, sevens_label: str) -> str:
    """A new account and an Escova match, Ana against Bea, Ana dealing, with a regional sevens option;
    the scoreboard's address."""
    return start_match(page, base, username, sevens=sevens_label)


def fits(page: Page, screen: str) -> None:
    """The screen neither scrolls sideways nor has a control under 44 px; saved, whole, to look at."""
    assert sideways(page) == 0, screen
    assert too_small(page) == [], screen
    shot_in_each_scheme(page, screen)


def keyed(taps: Taps, field: Locator, text: str) -> None:
    """A tap on a field, then each key as a phone's on-screen keyboard sends it (text input, no key codes), counted
    as Taps.type counts them. Emulated touch places the caret where the tap fell before Chromium scrolls the field
    into view, so below a tall part of the page (the setenta's chips) the keys' text went nowhere."""
    taps.tap(field)
    for key in text:
        taps.page.keyboard.insert_text(key)
        taps.count += 1


def part(page: Page, selector: str, screen: str) -> None:
    """One part of the page, saved at the phone's size to look at, dark and light."""
    if SCREENSHOTS_WANTED:
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            picture(page.locator(selector), f"{screen}-{scheme}")


def test_a_setenta_hand_the_quick_way_and_one_by_counts(browser: Browser, live_server: str) -> None:
    """Hand 1 quick: the table's four diamonds, Ana's counts, both sides' setenta (Bea's beside her worked-out
    counts), the velo, an escoba, the last capture; Ana's 70 takes the sevens point (5–0). Hand 2 by counts:
    checked without the sums, the referee names both fields; typed, saved: 10–0."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    board = start(page, live_server, "setenta-entry", "As in Argentina: la setenta")
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    taps = Taps(page)
    taps.cards(LEFTOVER)
    expect(page.locator(".quick-counts")).to_be_visible()
    taps.type(page.locator("#cards-0"), "20")
    taps.chip("oros-0", 10)
    for suit in ("o", "c"):  # the sevens by suit: the 7 of diamonds says Ana holds the velo
        taps.tap(page.locator(f'label.chip:has(input[name="seven_suits-0"][value="{suit}"])'))
    taps.tap(page.locator("#setenta-asks details summary"))
    taps.type(page.locator("#setenta-0"), "70")
    expect(page.locator('[data-rest-count="cards"]')).to_have_text("20")
    expect(page.locator("#setenta-asks #setenta-1")).to_be_visible()
    keyed(taps, page.locator("#setenta-1"), "0")
    expect(page.locator("#setenta_cards-0 [data-setenta-sum]")).to_have_text("Setenta: 70")
    taps.tap(page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")))
    taps.tap(page.locator(".choices:has(input[name=last_capture]) label.choice").first)
    fits(page, "regional-entry-quick-setenta")
    part(page, ".quick-counts", "regional-entry-quick-setenta-counts")
    taps.tap(page.get_by_role("button", name="Check the hand"))
    expect(page.locator(".review")).to_contain_text("Every check passed")
    fits(page, "regional-entry-quick-setenta-review")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    print(f"taps for a 2-player setenta hand, quick entry: {taps.count}")
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [5, 0]

    page.goto(f"{board}/hands/new?mode=tally")
    for side, (cards, oros, sevens) in enumerate([(20, 10, 2), (20, 0, 2)]):
        page.locator(f"#cards-{side}").fill(str(cards))
        page.locator(f"#oros-{side}").fill(str(oros))
        page.locator(f"#sevens-{side}").fill(str(sevens))
    page.locator(".choices:has(input[name=velo]) label.choice").first.tap()
    page.locator("#leftover_sum").fill("10")
    page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.locator(".choices:has(input[name=last_capture]) label.choice").first.tap()
    page.get_by_role("button", name="Check the hand").last.tap()
    summary = page.locator("#error-summary")
    expect(summary.get_by_role("link", name=re.compile(r"^Setenta · Ana: Ana's setenta is needed"))).to_be_visible()
    expect(summary.get_by_role("link", name=re.compile(r"^Setenta · Bea: "))).to_be_visible()
    expect(page.locator("#setenta-1")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#cards-1")).to_have_value("20")  # what was typed is kept
    fits(page, "regional-entry-tally-setenta-asked")
    part(page, ".side-tally.side-0", "regional-entry-tally-setenta-asked-side")
    summary.get_by_role("link", name=re.compile(r"^Setenta · Bea")).tap()
    expect(page.locator("#setenta-1")).to_be_focused()
    page.keyboard.type("0")
    page.locator("#setenta-0").fill("70")
    page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    fits(page, "regional-entry-tally-setenta-review")
    page.get_by_role("button", name="Save hand 2").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 2 saved.")
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [10, 0]
    context.close()


# The hand's best cards (tests/conftest.py's correct hand): Ana's 7 of oros, 7 of copas (her sevens, tapped with her
# counts), 4s of espadas and bastos (70); Bea's 7 of espadas, 6 of copas and 7 of bastos, no oros (0).
ANA_SEVENS = ("o", "c")
ANA_BEST = {"e": 4, "b": 4}


def test_a_setenta_hand_the_quick_way_by_each_sides_best_cards(browser: Browser, live_server: str) -> None:
    """At 390 px: the table's four cards, Ana's counts with her sevens by suit, then the best cards the page asks for:
    Bea holds no oros (0), so only Ana's espadas and bastos can change the point, one tap each; the sums shown as they
    are tapped; nothing typed for the setenta. Checked and saved: Ana's 70 takes the sevens point (5–0). Every tap
    counted (docs/guide.md's tap table)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    start(page, live_server, "setenta-cards", "As in Argentina: la setenta")
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    picker = page.locator("#setenta_cards-0")
    taps = Taps(page)
    taps.cards(LEFTOVER)
    taps.type(page.locator("#cards-0"), "20")
    taps.chip("oros-0", 10)
    for suit in ANA_SEVENS:
        taps.tap(page.locator(f'label.chip:has(input[name="seven_suits-0"][value="{suit}"])'))
    expect(picker).to_be_visible()  # once the counts are in
    bea = page.locator("#setenta_cards-1")
    expect(bea.locator("[data-setenta-sum]")).to_have_text("Setenta: 0 (lacks a suit)")
    expect(bea.locator(".best-chips:not([hidden])")).to_have_count(0)
    expect(picker.locator(".best-chips:not([hidden])")).to_have_count(2)  # her espadas and bastos
    for suit, value in ANA_BEST.items():
        taps.chip(f"setenta_cards-0-{suit}", value)
    expect(picker.locator("[data-setenta-sum]")).to_have_text("Setenta: 70")
    taps.tap(page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")))
    taps.tap(page.locator(".choices:has(input[name=last_capture]) label.choice").first)
    assert sideways(page) == 0 and too_small(page) == []
    shot_in_each_scheme(page, "setenta-cards-quick")
    part(page, ".quick-counts", "setenta-cards-quick-counts")
    taps.tap(page.get_by_role("button", name="Check the hand"))
    expect(page.locator(".review")).to_contain_text("Every check passed")
    expect(page.locator("table.setenta")).to_contain_text("Best card of each suit")
    assert sideways(page) == 0
    part(page, "table.setenta", "setenta-cards-review")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    print(f"taps for a 2-player setenta hand by best cards, quick entry: {taps.count}")
    assert taps.count == 16  # docs/guide.md's tap table: 4 table cards, 3 + 1 counts, 2 sevens, 2 best cards, 4 more
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [5, 0]
    context.close()


def test_the_best_cards_fit_a_320_px_phone_in_portuguese(browser: Browser, live_server: str, axe_script: str) -> None:
    """The quick entry of a setenta match, its cards tapped, in the longest language: nothing scrolls sideways at
    either size, every chip is a 44 px target, axe finds nothing serious in light or dark; saved to look at in both
    colour schemes."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    board = start(page, live_server, "setenta-cards-pt", "As in Argentina: la setenta")
    portuguese = browser.new_context(**PHONE, locale="pt-BR", storage_state=context.storage_state())
    context.close()
    page = portuguese.new_page()
    page.goto(f"{board}/hands/new?mode=quick")
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    page.locator("#cards-0").fill("20")
    page.locator('label.chip:has(input[name="oros-0"][value="10"])').tap()
    for suit in ANA_SEVENS:
        page.locator(f'label.chip:has(input[name="seven_suits-0"][value="{suit}"])').tap()
    for suit, value in ANA_BEST.items():
        page.locator(f'label.chip:has(input[name="setenta_cards-0-{suit}"][value="{value}"])').tap()
    expect(page.locator("#setenta_cards-0 [data-setenta-sum]")).to_contain_text("70")
    assert violations_in_each_scheme(page, axe_script) == []
    for size in at_each_size(page):
        assert sideways(page) == 0, size
        assert too_small(page) == [], size
        if size == "320":
            shot_in_each_scheme(page, "setenta-cards-320-pt")
            for scheme in ("dark", "light"):
                page.emulate_media(color_scheme=scheme)
                part(page, "#setenta-asks", f"setenta-cards-320-pt-setenta-{scheme}")
    portuguese.close()


def test_a_tiebreak_quick_entry_asks_for_the_sixes_and_works_out_the_last_sides(browser: Browser, live_server: str,
                                                                                ) -> None:
    """Sevens 2–2: checked, the referee asks for Ana's sixes and opens the fold at them; tapping 3 shows Bea's 1
    at once, and Ana's sevens point is saved (5–0)."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    start(page, live_server, "tiebreak-entry", "As in Uruguay")
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    page.locator("#cards-0").fill("20")
    page.locator('label.chip:has(input[name="oros-0"][value="10"])').tap()
    page.locator('label.chip:has(input[name="sevens-0"][value="2"])').tap()
    expect(page.locator("details.tiebreak")).not_to_have_attribute("open", "")
    expect(page.locator('[data-rest-count="sixes"]')).to_have_text("—")
    page.locator("#velo label.choice").first.tap()
    page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.locator(".choices:has(input[name=last_capture]) label.choice").first.tap()
    fits(page, "regional-entry-quick-tiebreak")
    page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator("section.asks")).to_contain_text("How many sixes does Ana have? The sevens are tied (2 each)")
    expect(page.locator("#error-summary")).to_have_count(0)  # a question, not an error
    expect(page.locator("details.tiebreak")).to_have_attribute("open", "")
    page.locator('label.chip:has(input[name="sixes-0"][value="3"])').tap()
    expect(page.locator('[data-rest-count="sixes"]')).to_have_text("1")
    fits(page, "regional-entry-quick-tiebreak-asked")
    part(page, ".quick-counts", "regional-entry-quick-tiebreak-counts")
    page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [5, 0]
    context.close()
