"""Who is entering, on two phones of one account (static/js/entering.js): one opens the entry page, the other's
scoreboard says so within a poll, under its Enter button, without moving anything on the page or lying over any
button (at 390 and 320 px); saving the hand, or hiding the page, clears it. Pictures of the notice on the
scoreboard and the entry page, light and dark, at 390 and 320 px."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, at_each_size, fill_counts, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.e2e

FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0"
NOTICE = re.compile(r"^Your other phone \(Firefox Mobile, Android\) is entering hand 1\.$")
ASK = 10_000  # the scoreboard and the entry pages ask every 10 s while shown


def a_poll_later(page: Page) -> None:
    """The page's clock (Playwright's, installed with its context) jumps to its next ask: no test waits 10 s."""
    page.clock.fast_forward(ASK)


def asks_until(page: Page, line: Locator, text: str | re.Pattern[str]) -> None:
    """The page's asks moved on one at a time until its line says text: a save or a beacon sent just now may land
    on the server just after the next ask."""
    for _ in range(3):
        a_poll_later(page)
        try:
            expect(line).to_have_text(text, timeout=1500)
            return
        except AssertionError:
            continue
    expect(line).to_have_text(text)


def saying(page: Page, address: str) -> None:
    """The entry page opened, and its first word (it is entering) on the server."""
    with page.expect_response(lambda r: r.url.endswith("/entering") and r.request.method == "POST"):
        page.goto(address)


def phone(browser: Browser, **options: str) -> Page:
    """A phone whose timers the test moves on."""
    page = browser.new_context(**PHONE, locale="en-GB", **options).new_page()
    page.clock.install()
    return page


def log_in(page: Page, base: str, username: str) -> None:
    """The account logged in on this phone."""
    page.goto(base + "/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("escova-2026")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/matches/$"))


# The layout shifts a page has had, summed as Lighthouse's CLS sums them (shifts right after an input excluded).
WATCH_SHIFTS = """
window.shifted = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifted += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""


# What the notice lies over: every visible control of the page outside it whose box meets the notice's.
UNDER = """(selector) => {
  const notice = document.querySelector(selector).getBoundingClientRect();
  return [...document.querySelectorAll("a, button, input, select, summary")]
    .filter((e) => !e.closest(selector) && e.checkVisibility())
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width && r.height && r.left < notice.right && r.right > notice.left && r.top < notice.bottom
        && r.bottom > notice.top;
    })
    .map((e) => e.textContent.trim() || e.name || e.tagName);
}"""


TOP, END = "0", "document.documentElement.scrollHeight"


def covers_nothing(page: Page, selector: str, scrolls: tuple[str, ...] = (TOP, END)) -> None:
    """The notice lies over no control, at 390 and 320 px, the page scrolled to each of `scrolls`."""
    for size in at_each_size(page):
        for where in scrolls:
            page.evaluate(f"() => window.scrollTo(0, {where})")
            assert page.evaluate(UNDER, selector) == [], (size, where)
    page.evaluate("() => window.scrollTo(0, 0)")


def hide(page: Page) -> None:
    """The phone shows something else (another app, the screen off): Page Visibility says hidden."""
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")


def test_the_other_phone_sees_the_entry_page_open_until_the_hand_is_saved(browser: Browser, live_server: str) -> None:
    """Bea's second phone opens hand 1's entry page: her first phone's scoreboard says so in its live region, the
    Enter button not moved by a pixel; the second phone saves hand 1 and the notice goes at the next poll."""
    first = phone(browser)
    first.add_init_script(WATCH_SHIFTS)
    board = start_match(first, live_server, "presence-bea")
    second = phone(browser, user_agent=FIREFOX_ON_ANDROID)
    log_in(second, live_server, "presence-bea")
    notice = first.locator(".main-actions .entering")
    expect(notice).to_have_attribute("role", "status")
    enter = first.locator(".main-actions a.primary")  # "Enter hand 1", then 2 once the saved hand shows here
    before = enter.bounding_box()

    saying(second, board + "/hands/new?mode=tally")
    expect(second.locator(".submit-bar .entering")).to_have_text("")  # a phone never sees itself
    a_poll_later(first)
    expect(notice).to_have_text(NOTICE)
    expect(notice).to_be_in_viewport()
    assert enter.bounding_box() == before  # its room kept: nothing moved
    assert first.evaluate("window.shifted") < 0.001
    covers_nothing(first, ".main-actions .entering")
    for size in at_each_size(first):
        shot_in_each_scheme(first, f"who-is-entering-board-{size}")

    fill_counts(second)
    second.get_by_role("button", name="Check the hand").tap()
    second.get_by_role("button", name="Save hand 1").tap()
    expect(second.locator(".flashes")).to_contain_text("Hand 1 saved.")
    asks_until(first, notice, "")
    expect(notice).to_be_hidden()
    assert enter.bounding_box() == before
    assert first.evaluate("window.shifted") < 0.001
    second.context.close()
    first.context.close()


def test_the_entry_pages_see_each_other_and_a_hidden_page_is_no_longer_entering(browser: Browser,
                                                                                 live_server: str) -> None:
    """Both phones on hand 1's entry page: each sees the other above its buttons; one is hidden (its leave sent as
    a beacon) and the other stops saying so."""
    first = phone(browser)
    board = start_match(first, live_server, "presence-cid")
    second = phone(browser, user_agent=FIREFOX_ON_ANDROID)
    log_in(second, live_server, "presence-cid")
    saying(second, board + "/hands/new?mode=quick")
    saying(first, board + "/hands/new?mode=tally")
    notice = first.locator(".submit-bar .entering")
    expect(notice).to_have_text(NOTICE)  # asked as it opened
    expect(notice).to_be_visible()
    a_poll_later(second)
    expect(second.locator(".submit-bar .entering")).to_contain_text("is entering hand 1.")
    # A row of the bar at the foot of the screen: what the bar passes over shows once scrolled to, the last
    # controls above the bar too (laid over the page above the bar, it hid two of them for good).
    covers_nothing(first, ".submit-bar .entering", (END,))
    for size in at_each_size(first):
        shot_in_each_scheme(first, f"who-is-entering-entry-{size}")
    hide(second)
    asks_until(first, notice, "")
    expect(notice).to_be_hidden()
    second.context.close()
    first.context.close()


def test_a_hidden_scoreboard_asks_nothing_and_an_offline_one_says_nothing(browser: Browser, live_server: str) -> None:
    """Page Visibility: while the phone shows something else the scoreboard sends no poll, and asks at once when
    shown again; offline, the notice goes rather than say something old."""
    first = phone(browser)
    board = start_match(first, live_server, "presence-dia")
    second = phone(browser, user_agent=FIREFOX_ON_ANDROID)
    log_in(second, live_server, "presence-dia")
    saying(second, board + "/hands/new?mode=tally")
    first.goto(board)
    notice = first.locator(".main-actions .entering")
    expect(notice).to_have_text(NOTICE)  # asked as it opened
    asked: list[str] = []
    first.on("request", lambda r: asked.append(r.method) if r.url.endswith("/entering") else None)
    first.evaluate("""() => {
        window.shown = false;
        Object.defineProperty(document, "hidden", { configurable: true, get: () => !window.shown });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    for _ in range(3):
        a_poll_later(first)
    first.wait_for_timeout(300)
    assert asked == []
    first.evaluate("""() => { window.shown = true; document.dispatchEvent(new Event("visibilitychange")); }""")
    first.wait_for_timeout(1000)
    assert asked and set(asked) == {"GET"}  # at once, not at the next tick (which may come too)
    expect(notice).to_have_text(NOTICE)
    first.context.set_offline(True)
    expect(notice).to_have_text("")
    expect(notice).to_be_hidden()
    second.context.close()
    first.context.close()
