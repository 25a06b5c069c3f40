"""The quick entry on a phone, counted in taps: every tap and every key typed (a check and a save too).

Goals (docs/guide.md, "Keeping score at the table"): a two-side hand with a right leftover in at most 15 taps, three
players at most 22, four at most 28; a renuncio settled by its piles in at most 30 for two sides.
"""

from __future__ import annotations

import re

import pytest
from phone import DPR, PHONE, picture, register, shot, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

SMALL = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True, "device_scale_factor": DPR}
LEFTOVER = ["1o", "2o", "3o", "4o"]  # sums 10, taken by the first side (tests/conftest.py's correct hand)
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]


class Taps:
    """A phone's taps and key presses, counted."""

    def __init__(self, page: Page) -> None:
        # Counted from a loaded page: Playwright's click on a link waits for the next page to start, not for its
        # scripts, and a card tapped before the picker's script ran was lost (CI, a loaded machine).
        page.wait_for_load_state()
        self.page, self.count = page, 0

    def tap(self, locator: object) -> None:
        """One tap."""
        locator.tap()  # type: ignore[attr-defined]
        self.count += 1

    def cards(self, codes: list[str]) -> None:
        """A tap on each card."""
        for code in codes:
            self.tap(self.page.locator(f'.card[data-code="{code}"]'))

    def type(self, locator: object, text: str) -> None:
        """A tap on a field, then each key."""
        self.tap(locator)
        self.page.keyboard.type(text)
        self.count += len(text)

    def chip(self, name: str, value: int) -> None:
        """One chip of a count."""
        self.tap(self.page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])'))


ACCOUNTS: set[str] = set()  # registered once per server: registrations are throttled (10 an hour an address)


def log_in(page: Page, base: str, user: str = "quick-table", password: str = "escova-2026") -> None:
    """The module's account on this phone: registered the first time, logged in after."""
    if base not in ACCOUNTS:
        register(page, base, user, password)
        ACCOUNTS.add(base)
        return
    page.goto(base + "/login")
    page.get_by_label("Username").fill(user)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/login"))


def start(page: Page, base: str, _name: str, seating: str, names: list[str]) -> None:
    """A new Escova match on the module's account, the first seat dealing."""
    log_in(page, base)
    page.goto(base + "/matches/new")
    page.get_by_label("Escova (Rio Grande do Sul)", exact=False).check()
    page.get_by_label(seating).check()
    for seat, name in enumerate(names, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option("0")  # the first seat (without JavaScript it has no name yet)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_be_visible()


def enter_quick(page: Page, counts: list[tuple[int, int, int]]) -> int:
    """Hand 1 the quick way: the leftover, every side's counts but the last, the velo and the last capture
    the first side's, one escoba; checked and saved. Returns the taps."""
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    taps = Taps(page)
    taps.cards(LEFTOVER)
    expect(page.locator("[data-verdict]")).to_have_text("Table 10: right")
    expect(page.locator(".quick-counts")).to_be_visible()
    for side, (cards, oros, sevens) in enumerate(counts):
        taps.type(page.locator(f"#cards-{side}"), str(cards))
        taps.chip(f"oros-{side}", oros)
        taps.chip(f"sevens-{side}", sevens)
    taps.tap(page.locator("#velo label.choice").first)
    taps.tap(page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")))
    taps.tap(page.locator(".choices:has(input[name=last_capture]) label.choice").first)
    shot(page, f"quick-counts-{len(counts) + 1}-sides")
    taps.tap(page.get_by_role("button", name="Check the hand"))
    expect(page.locator(".review")).to_contain_text("Every check passed")
    shot(page, f"quick-review-{len(counts) + 1}-sides")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    return taps.count


@pytest.mark.parametrize(("seating", "names", "counts", "totals", "goal"), [
    ("2 players", ["Ana", "Bea"], [(20, 10, 2)], [4, 0], 15),
    ("Two partnerships", ["Ana", "Bia", "Carla", "Duda"], [(20, 10, 2)], [4, 0], 15),
    ("3 players", ["Ana", "Bea", "Cid"], [(20, 10, 2), (6, 0, 1)], [6, 0, 0], 22),
    ("4 players", ["Ana", "Bea", "Cid", "Dan"], [(20, 10, 2), (6, 0, 1), (6, 0, 1)], [6, 0, 0, 0], 28),
], ids=["2 players", "2 partnerships", "3 players", "4 players"])
def test_a_right_leftover_is_entered_within_the_tap_goal(page: Page, live_server: str, seating: str,
                                                         names: list[str], counts: list[tuple[int, int, int]],
                                                         totals: list[int], goal: int) -> None:
    """The leftover's 4 cards, the counts of all sides but one, velo, an escoba, last capture, check, save."""
    start(page, live_server, f"quick-{seating.lower().replace(' ', '-')}", seating, names)
    taps = enter_quick(page, counts)
    print(f"taps for a {seating} hand, quick entry: {taps} (goal {goal})")
    assert taps <= goal
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == totals


def test_a_renuncio_is_settled_by_the_piles_within_30_taps(page: Page, live_server: str) -> None:
    """The table sums to 9 (1o went into Bea's pile): turn the piles over, Ana's pile, the rest to Bea.
    The referee names Bea; Ana takes the 6 deck points and her escoba."""
    start(page, live_server, "quick-renuncio", "2 players", ["Ana", "Bea"])
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    taps = Taps(page)
    taps.cards(["2o", "3o", "4o"])
    expect(page.locator("[data-verdict]")).to_have_text("Table 9: wrong")
    expect(page.locator(".quick-counts")).to_be_hidden()
    shot(page, "quick-wrong-leftover")
    taps.tap(page.get_by_role("button", name="Turn the piles over"))
    expect(page.locator("label.brush.side-0 input")).to_be_checked()
    taps.cards(PILE_A)
    expect(page.locator('[data-sum="0"]')).to_have_text("105 ✓")
    shot(page, "quick-piles")
    taps.tap(page.get_by_role("button", name="The rest to Bea"))
    expect(page.locator("[data-count]")).to_have_text("40")
    taps.tap(page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")))
    taps.tap(page.locator(".choices:has(input[name=last_capture]) label.choice").first)
    taps.tap(page.get_by_role("button", name="Check the hand"))
    expect(page.locator(".review")).to_contain_text("Bea erred and scores 0 this hand.")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    print(f"taps for a renuncio, quick entry: {taps.count}")
    assert taps.count <= 30
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [7, 0]


def test_the_leftover_verdict_and_the_worked_out_side_follow_each_tap(page: Page, live_server: str) -> None:
    """The sum and its verdict at once; Bea's counts as Ana's are typed; the counts only while it is right."""
    start(page, live_server, "quick-live", "2 players", ["Ana", "Bea"])
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    expect(page.locator("[data-verdict]")).to_have_text("Tap the cards left on the table: right is 10, 25, 40 or 55.")
    expect(page.locator(".quick-counts")).to_be_hidden()
    page.locator('.card[data-code="10c"]').tap()
    expect(page.locator("[data-verdict]")).to_have_text("Table 10: right")
    page.locator("#cards-0").fill("22")
    page.locator('label.chip:has(input[name="oros-0"][value="7"])').tap()
    expect(page.locator('[data-rest-count="cards"]')).to_have_text("18")
    expect(page.locator('[data-rest-count="oros"]')).to_have_text("3")
    expect(page.locator('[data-rest-count="sevens"]')).to_have_text("—")
    page.locator("#rest-counts").scroll_into_view_if_needed()
    picture(page, "quick-counts-screen")
    page.locator('.card[data-code="5c"]').tap()
    expect(page.locator("[data-verdict]")).to_have_text("Table 15: wrong")
    expect(page.locator(".quick-counts")).to_be_hidden()
    expect(page.get_by_role("button", name="Turn the piles over")).to_be_visible()


@pytest.mark.parametrize("size", ["390", "320"])
def test_card_entry_shows_cards_on_the_first_screen_and_keeps_the_sums_in_view(
        browser: Browser, live_server: str, size: str) -> None:
    """At 390×844 and 320×568, quick and every-card: two rows of cards or more without scrolling; the bar of
    sums stays at the top of the screen while the last cards are tapped."""
    phone = PHONE if size == "390" else SMALL
    context = browser.new_context(**phone)
    page = context.new_page()
    start(page, live_server, f"quick-shot-{size}", "4 players", ["Ana Beatriz", "Bia", "Carla Maria", "Duda"])
    board = page.url
    height = phone["viewport"]["height"]  # type: ignore[index]
    for mode in ("quick", "cards"):
        page.goto(f"{board}/hands/new?mode={mode}")
        page.locator('.card[data-code="4o"]').tap()
        row_bottoms = {round(box["y"] + box["height"]) for box in
                       (page.locator(f'.card[data-code="{c}"]').bounding_box() for c in ("1o", "6o")) if box}
        page.evaluate("window.scrollTo(0, 0)")
        picture(page, f"{size}-entry-{mode}-first-screen")
        bar = page.locator(".submit-bar").bounding_box()
        assert bar is not None and max(row_bottoms) <= min(bar["y"], height), f"{mode}: only one row of cards shows"
        if mode == "quick":
            continue
        page.locator('.card[data-code="10b"]').scroll_into_view_if_needed()
        page.locator("label.brush.side-3").tap()
        page.locator('.card[data-code="10b"]').tap()
        top = page.locator(".picker-bar").bounding_box()
        assert top is not None and 0 <= top["y"] <= 1 and top["y"] + top["height"] < height / 4
        expect(page.locator('[data-sum="3"]')).to_be_in_viewport()
        picture(page, f"{size}-entry-cards-scrolled")
        shot_in_each_scheme(page, f"{size}-entry-cards")
    context.close()


RESTORE = """(places) => {
  // What static/js/draft.js does after a reload: set the fields, then tell the form (no change events here,
  // so the repaint is the draft-restored event's alone).
  const form = document.getElementById("hand");
  for (const [code, place] of Object.entries(places)) form.querySelector(`select[name="place-${code}"]`).value = place;
  form.querySelector('input[name="cards-0"]').value = "20";
  form.querySelector('input[name="oros-0"][value="10"]').checked = true;
  form.dispatchEvent(new Event("draft-restored"));
}"""


def test_a_restored_draft_repaints_the_cards_the_sums_and_the_step(page: Page, live_server: str) -> None:
    """A draft put back into the fields shows: the tiles, the table's verdict, Bea's worked-out counts; with
    cards in a pile, the piles' brushes."""
    start(page, live_server, "quick-draft", "2 players", ["Ana", "Bea"])
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    # The entry page loaded, its modules too (a tap returns once the new page is committed, and the script below
    # needs its form and the listener that repaints it).
    page.wait_for_url("**/hands/new?mode=quick")
    page.wait_for_load_state("load")
    page.evaluate(RESTORE, {code: "L" for code in LEFTOVER})
    expect(page.locator('.card[data-code="3o"]')).to_have_attribute("data-place", "L")
    expect(page.locator("[data-verdict]")).to_have_text("Table 10: right")
    expect(page.locator(".quick-counts")).to_be_visible()
    expect(page.locator('[data-rest-count="cards"]')).to_have_text("20")
    expect(page.locator('[data-rest-count="oros"]')).to_have_text("0")
    page.evaluate(RESTORE, {"10o": "0", "1o": ""})
    expect(page.locator('.card[data-code="10o"]')).to_have_attribute("data-place", "0")
    expect(page.locator('[data-sum="0"]')).to_have_text("10")
    expect(page.locator(".brushes")).to_be_visible()
    expect(page.locator(".quick-counts")).to_be_hidden()


@pytest.mark.parametrize(("lang", "right"), [("pt_BR", "Mesa 10: certo"), ("es", "Mesa 10: correcto")])
def test_the_quick_entry_speaks_the_phones_language(page: Page, live_server: str, lang: str, right: str) -> None:
    """The verdict, the counts and the worked-out side in Português and Español, for the screenshots."""
    start(page, live_server, f"quick-{lang}", "2 players", ["Ana", "Bea"])
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto(page.url + "/hands/new?mode=quick")
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    expect(page.locator("[data-verdict]")).to_have_text(right)
    page.locator("#cards-0").fill("20")
    page.locator("#rest-counts").scroll_into_view_if_needed()
    picture(page, f"quick-counts-{lang}")
    page.locator('.card[data-code="4o"]').tap()
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, f"quick-wrong-{lang}")


def test_without_javascript_the_server_asks_for_the_piles_and_gives_the_rest(browser: Browser,
                                                                             live_server: str) -> None:
    """No JavaScript: the table's cards by their selects, Check; the referee asks for the piles; Ana's pile
    by selects, "The rest to Bea" (sent to the server), Check, Save."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    start(page, live_server, "quick-nojs", "2 players", ["Ana", "Bea"])
    page.get_by_role("link", name="Enter hand 1", exact=True).click()
    for code in ["2o", "3o", "4o"]:
        page.locator(f"#place-{code}").select_option("L")
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").last.click()
    expect(page.locator(".ask-piles")).to_contain_text("The leftover sums to 9")
    shot(page, "quick-nojs-asks-piles")
    for code in PILE_A:
        page.locator(f"#place-{code}").select_option("0")
    page.get_by_role("button", name="The rest to Bea").click()
    expect(page.locator("#place-1o")).to_have_value("1")
    expect(page.locator(".review")).to_contain_text("Bea erred and scores 0 this hand.")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    assert [int(t) for t in page.locator(".board .total").all_inner_texts()] == [6, 0]
    context.close()


def test_the_cards_do_not_move_when_the_pickers_script_runs(browser: Browser, live_server: str) -> None:
    """With scripting on, the quick entry is laid out from the first paint as picker.js leaves it: the page as
    first painted (its scripts held back) and the page once they ran put the bar and every row of cards in the
    same place (Lighthouse measured a layout shift of 0.178 here, issue 24)."""
    context = browser.new_context(**PHONE, service_workers="block")  # else the worker serves the scripts
    page = context.new_page()
    start(page, live_server, "quick-shift", "2 players", ["Ana", "Bea"])
    entry = str(page.get_by_role("link", name="Enter hand 1", exact=True).get_attribute("href"))
    where = "() => [...document.querySelectorAll('#picker > *')].map(e => e.getBoundingClientRect())" \
            ".map(r => [Math.round(r.top), Math.round(r.height)])"
    page.route(lambda url: "/static/js/" in url, lambda route: route.abort())
    page.goto(live_server + entry)
    assert page.locator("#hand[data-stage]").count() == 0  # no script ran
    first_paint = page.evaluate(where)
    page.unroute_all()
    page.goto(live_server + entry)
    expect(page.locator("#hand[data-stage]")).to_be_attached()
    assert page.evaluate(where) == first_paint
    context.close()
