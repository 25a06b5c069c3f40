"""A whole Escova match on a phone: register, two partnerships, hands by cards and by counts,
a correction, and the spectator link on a second phone — checking the scoreboard at each step."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, shot
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

# The correct hand of tests/conftest.py: side 1 takes the four low oros left on the table.
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
LEFTOVER = ["1o", "2o", "3o", "4o"]


def totals(page: Page) -> list[int]:
    """The big numbers on the scoreboard."""
    return [int(t) for t in page.locator(".board .total").all_inner_texts()]


def register(page: Page, base: str) -> None:
    """A new account."""
    page.goto(base + "/")
    shot(page, "01-home")
    page.get_by_role("link", name="Create an account").first.click()
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password", exact=True).fill("escova-2026")
    page.get_by_label("Repeat the password").fill("escova-2026")
    shot(page, "02-register")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/matches/new$"))


def new_partnership_match(page: Page) -> None:
    """Escova, two partnerships, Ana deals first."""
    page.get_by_label("Escova (Rio Grande do Sul)", exact=False).check()
    page.get_by_label("Two partnerships").check()
    for seat, name in enumerate(["Ana", "Bia", "Carla", "Duda"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana")  # the list names the players typed
    shot(page, "03-new-match")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text("Ana & Carla")
    expect(page.locator(".board .next")).to_contain_text("Deals: Ana")
    expect(page.locator(".board .next")).to_contain_text("Plays first: Bia")
    assert totals(page) == [0, 0]


def tap(page: Page, codes: list[str]) -> None:
    """Tap cards in the picker."""
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in codes:
        page.locator(f'.card[data-code="{code}"]').tap()


def enter_hand_by_cards(page: Page) -> int:
    """Hand 1 by every card: leftover, one side's pile, the rest to the other side. Returns the taps."""
    page.get_by_role("link", name="…by every card").click()
    taps = 0
    tap(page, LEFTOVER)  # the table's brush is the one chosen at first
    page.locator("label.brush.side-0").tap()
    tap(page, PILE_A)
    page.get_by_role("button", name="The rest to Bia & Duda").tap()
    taps += len(LEFTOVER) + 1 + len(PILE_A) + 1
    expect(page.locator("[data-count]")).to_have_text("40")
    expect(page.locator('[data-sum="L"]')).to_have_text("10")
    expect(page.locator('[data-sum="0"]')).to_have_text("105 ✓")
    page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.get_by_label("Ana & Carla", exact=True).last.check()  # last capture
    taps += 2
    shot(page, "04-hand-cards")
    page.get_by_role("button", name="Check the hand").tap()
    taps += 1
    expect(page.locator(".review")).to_contain_text("Every check passed")
    expect(page.locator(".review tfoot")).to_contain_text("+4")
    shot(page, "05-review")
    page.get_by_role("button", name="Save hand 1").tap()
    taps += 1
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    return taps


def enter_hand_by_counts(page: Page, number: int, side_a: tuple[int, int, int], side_b: tuple[int, int, int],
                         leftover: int, escobas: tuple[int, int], pile_sum_b: int | None = None) -> None:
    """A hand by counts; side 1 holds the velo and made the last capture."""
    page.get_by_role("link", name="…or by counts").click()
    for side, counts in enumerate((side_a, side_b)):
        for key, value in zip(("cards", "oros", "sevens"), counts):
            page.locator(f"#{key}-{side}").fill(str(value))
        page.locator(f"#escobas-{side}").fill(str(escobas[side]))
    page.get_by_label("Sum of the cards left on the table").fill(str(leftover))
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").tap()
    if pile_sum_b is not None:
        expect(page.locator(".review")).to_contain_text("add up your pile")
        shot(page, "06-tally-asks-pile-sums")
        page.locator("#pile_sum-1").fill(str(pile_sum_b))
        page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def test_a_whole_match_on_a_phone(page: Page, browser: Browser, live_server: str) -> None:
    """Register, play to 15 with both entry modes, correct a hand, follow it from a second phone."""
    register(page, live_server)
    new_partnership_match(page)
    taps = enter_hand_by_cards(page)
    assert totals(page) == [4, 0]
    expect(page.locator(".board .next")).to_contain_text("Deals: Bia")
    print(f"taps for a two-side hand by cards: {taps}")

    watch_url = page.locator(".spectators .link a").get_attribute("href")
    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(watch_url)
    expect(spectator.locator(".board .total").first).to_have_text("4")
    expect(spectator.locator("form")).to_have_count(0)
    shot(spectator, "07-spectator")

    # Hand 2: Bia & Duda took cards that did not make 15 (RULES.md §6): 6 + 2 escobas to Ana & Carla.
    enter_hand_by_counts(page, 2, (24, 6, 3), (16, 4, 1), leftover=24, escobas=(2, 1), pile_sum_b=91)
    assert totals(page) == [12, 0]
    shot(page, "08-scoreboard")

    # Correct hand 1: Ana & Carla had no escoba after all.
    page.get_by_role("link", name="Correct hand 1").click()
    page.locator("#escobas-0").fill("0")
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected.")
    assert totals(page) == [11, 0]
    expect(page.locator(".trail")).to_contain_text("Hand 1 corrected: Ana & Carla 4, Bia & Duda 0 → Ana & Carla 3")

    # Hand 3: a clean hand, Ana & Carla reach 15 and win.
    enter_hand_by_counts(page, 3, (24, 6, 3), (16, 4, 1), leftover=10, escobas=(1, 0))
    assert totals(page) == [16, 0]
    expect(page.locator(".result")).to_contain_text("Winner: Ana & Carla")
    shot(page, "09-winner")

    spectator.reload()
    expect(spectator.locator(".result")).to_contain_text("Winner: Ana & Carla")
    assert [int(t) for t in spectator.locator(".board .total").all_inner_texts()] == [16, 0]
    spectator.context.close()

    page.get_by_role("link", name="Matches").click()
    expect(page.locator(".match-list")).to_contain_text("16 – 0")
    shot(page, "10-history")
