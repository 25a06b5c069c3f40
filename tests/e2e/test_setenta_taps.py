"""La setenta the quick way on a phone (390×844), counted in taps and keys as test_quick_entry.py counts them, with
legal hands from the rules tests' simulator: three players and four under la setenta, and the same four-player
hand under most sevens. Goals (issue 35, docs/guide.md's tap table): at most 25 and 30 taps and keys, and the plain
hand no worse than its 23; the entry page at most four screens long. The player taps the sevens by suit with the
counts, then, in the setenta's box, each row the page asks for with the side's true best card of that suit, until
the page asks for nothing more; the referee must then score the hand as the entry by every card does.

The hands: the first simulated ones (seeds from 0) with one escoba, four cards left on the table, no pile under 6
cards, and sevens in three piles or more — neither a side holding all four nor two sides splitting them.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import factories
import pytest
from live import SERVED
from phone import PHONE, picture, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect
from test_quick_entry import SMALL, Taps

from referee.rules import check_hand, make_ruleset
from referee.rules.setenta_cards import kept
from referee.rules.sevens import best_per_suit
from referee.services import create_match
from referee.services.accounts import find_account

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from simulator import FOUR_PLAYERS, THREE_PLAYERS, Seating, SimulatedHand, play_hand

pytestmark = pytest.mark.e2e

SCREEN = 844
NAMES = ("Ana", "Bea", "Cid", "Dan")


def realistic(seating: Seating) -> SimulatedHand:
    """The first simulated hand of the module's rule (its docstring)."""
    for seed in range(2000):
        hand = play_hand(random.Random(seed), seating)
        piles = [hand.whole_pile(side) for side in range(seating.sides)]
        if (hand.last_capture is not None and sum(hand.escobas) == 1 and len(hand.leftover) == 4
                and min(map(len, piles)) >= 6 and sum(any(c.value == 7 for c in pile) for pile in piles) >= 3):
            return hand
    raise AssertionError("no such hand")


def start(page: Page, base: str, username: str, names: tuple[str, ...], sevens: str) -> str:
    """A new account on this phone and an Escova match of these players under a sevens option, the first seat
    dealing, made through the services (tests/e2e/phone.py start_match); the scoreboard's address."""
    app = SERVED[base]
    factories.account(app, username, "escova-2026")
    client = factories.logged_in_client(app, username)
    client.get("/")
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    with app.app_context():
        user = find_account(username)
        assert user is not None
        fields = {"preset": "escova-rs", "sevens": sevens, "seating": str(len(names))}
        match_id = create_match(user, factories.settings(names, fields)).id
    page.goto(f"{base}/matches/{match_id}")
    expect(page.locator(".board")).to_contain_text(names[-1])
    return page.url


def enter(page: Page, hand: SimulatedHand, setenta: bool) -> tuple[int, int]:
    """Hand 1 the quick way, as a player taps it; the taps and keys, and the page's height before Check."""
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    taps = Taps(page)
    taps.cards([str(card) for card in hand.leftover])
    expect(page.locator("[data-verdict]")).to_contain_text("right")
    piles = [hand.whole_pile(side) for side in range(len(hand.piles))]
    for side, pile in enumerate(piles[:-1]):
        taps.type(page.locator(f"#cards-{side}"), str(len(pile)))
        taps.chip(f"oros-{side}", sum(card.suit.value == "o" for card in pile))
        sevens = [card.suit.value for card in pile if card.value == 7]
        if not setenta:
            taps.chip(f"sevens-{side}", len(sevens))
            continue
        for suit in sevens:
            taps.tap(page.locator(f'label.chip:has(input[name="seven_suits-{side}"][value="{suit}"])'))
    if setenta:
        answer_the_setenta(page, taps, piles)
    else:
        holder = next(side for side, pile in enumerate(piles) if any(str(card) == "7o" for card in pile))
        taps.tap(page.locator("#velo label.choice").nth(holder))
    escoba = hand.escobas.index(1)
    taps.tap(page.locator(".escobas .stepper").nth(escoba).get_by_role("button", name=re.compile(r"^\+1")))
    taps.tap(page.locator(".choices:has(input[name=last_capture]) label.choice").nth(hand.last_capture or 0))
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    taps.tap(page.get_by_role("button", name="Check the hand"))
    expect(page.locator(".review")).to_contain_text("Every check passed")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    return taps.count, height


def answer_the_setenta(page: Page, taps: Taps, piles: list[tuple]) -> None:
    """Each row the setenta's box shows untapped, first to last: the side's best card of that suit (a figure as the
    figures' chip, "None" for a suit it lacks), until none is left; no row of a side's sevens is ever shown."""
    box = page.locator("#setenta-asks")
    expect(box.locator("[data-setenta-wait]")).to_be_hidden()
    asked = box.locator(".setenta-cards:not([hidden]) .best-chips:not([hidden]):not(:has(input:checked))")
    while asked.count():
        row = asked.first
        side = int(str(row.locator("xpath=..").get_attribute("data-side")))
        suit = str(row.get_attribute("data-suit"))
        best = [kept(card) for card in best_per_suit(piles[side]) if card.suit.value == suit]
        assert not best or best[0].value != 7, "a seven's row was asked for"
        taps.tap(row.locator(f'label.chip:has(input[value="{best[0].value if best else ""}"])'))


def totals(hand: SimulatedHand, sevens: str) -> list[int]:
    """What the referee gives the hand entered by every card, under the match's rules."""
    report = check_hand(hand.card_entry(make_ruleset("escova-rs", sevens=sevens)))
    return [side.points for side in report.sides]


def test_la_setenta_takes_a_few_taps_more_than_the_plain_hand(browser: Browser, live_server: str) -> None:
    """Three players under la setenta within 25 taps and keys, four within 30, the same four-player hand under most
    sevens within its 23; each scored as by every card, and each entry page at most four screens of 844 px."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    counted = {}
    for label, seating, sevens, goal in [("3 players, la setenta", THREE_PLAYERS, "setenta", 25),
                                         ("4 players, la setenta", FOUR_PLAYERS, "setenta", 30),
                                         ("4 players, most sevens", FOUR_PLAYERS, "most", 23)]:
        hand = realistic(seating)
        names = NAMES[:seating.sides]
        start(page, live_server, f"taps-{seating.sides}-{sevens}", names, sevens)
        count, height = enter(page, hand, sevens == "setenta")
        counted[label] = count
        print(f"taps for {label}, quick entry: {count} (goal {goal}); the page {height} px, "
              f"{height / SCREEN:.1f} screens")
        assert count <= goal, label
        assert height <= 4 * SCREEN, label
        assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == totals(hand, sevens)
    assert counted["4 players, la setenta"] > counted["4 players, most sevens"]  # the setenta is asked for
    context.close()


@pytest.mark.parametrize("size", ["390", "320"])
def test_the_setenta_box_asks_one_side_at_a_time_at_each_size(browser: Browser, live_server: str, size: str) -> None:
    """Four players, the counts tapped: the box shows only the rows of the side that can still reach the most;
    tapped, the rows of a side that can no longer take the point fold away and say the most it could make. Saved to
    look at in both colour schemes."""
    context = browser.new_context(**(PHONE if size == "390" else SMALL))
    page = context.new_page()
    hand = realistic(FOUR_PLAYERS)
    start(page, live_server, f"taps-box-{size}", NAMES, "setenta")
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    taps = Taps(page)
    taps.cards([str(card) for card in hand.leftover])
    box = page.locator("#setenta-asks")
    expect(box.locator("[data-setenta-wait]")).to_be_visible()  # the piles are counted first
    piles = [hand.whole_pile(side) for side in range(4)]
    for side, pile in enumerate(piles[:-1]):
        taps.type(page.locator(f"#cards-{side}"), str(len(pile)))
        taps.chip(f"oros-{side}", sum(card.suit.value == "o" for card in pile))
        for card in pile:
            if card.value == 7:
                taps.tap(page.locator(f'label.chip:has(input[name="seven_suits-{side}"][value="{card.suit.value}"])'))
    shown = box.locator(".setenta-cards:has(.best-chips:not([hidden]))")
    expect(shown).to_have_count(1)
    box.scroll_into_view_if_needed()
    shot_in_each_scheme(page, f"{size}-setenta-asked")
    answer_the_setenta(page, taps, piles)
    expect(box.locator("[data-setenta-sum]", has_text=re.compile(r"at most: cannot take it"))).not_to_have_count(0)
    picture(box, f"{size}-setenta-settled")
    shot_in_each_scheme(page, f"{size}-setenta-settled")
    context.close()
