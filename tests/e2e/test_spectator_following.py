"""A phone following the spectator link (static/js/live.js): a saved hand shows without a reload, each poll of an
unchanged match is a 304, and a page the phone is not showing asks only every 30 s, and at once when shown again
(tests/e2e/test_every_phone_live.py: every 30 s, and not at all while frozen)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from phone import PHONE, fill_counts, start_match
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e


def save_a_hand(keeper: Page, board: str) -> None:
    """Hand 1 by counts on the scorekeeper's phone."""
    keeper.goto(board + "/hands/new?mode=tally")
    fill_counts(keeper)
    keeper.get_by_role("button", name="Check the hand").tap()
    keeper.get_by_role("button", name="Save hand 1").tap()
    expect(keeper.locator(".flashes")).to_contain_text("Hand 1 saved.")


def polls(page: Page) -> list[int]:
    """The statuses of the spectator page's polls from now on (filled in as they come)."""
    seen: list[int] = []
    page.on("response", lambda r: seen.append(r.status) if "/watch/" in r.url and r.request.method == "GET"
            and r.request.resource_type == "fetch" else None)
    return seen


def a_poll_later(page: Page, seconds: float) -> None:
    """The page's clock (Playwright's, installed with the context) jumps ahead, and the poll then due is answered:
    no test waits the seconds between two polls."""
    with page.expect_response(lambda r: "/watch/" in r.url and r.request.resource_type == "fetch"):
        page.clock.fast_forward(int(seconds * 1000))


def a_poll_then_time_stopped(page: Page) -> None:
    """The page's clock jumps an hour and stops there, once the poll that jump makes due is answered: from then on
    only a_poll_later moves it (a slow save on a busy machine took longer than a poll's interval, and a poll the
    test did not move on came in between)."""
    with page.expect_response(lambda r: "/watch/" in r.url and r.request.resource_type == "fetch"):
        page.clock.pause_at(datetime.now() + timedelta(hours=1))


def test_a_saved_hand_shows_on_the_spectators_phone_without_a_reload(browser: Browser, live_server: str) -> None:
    """The spectator's page polls: 304 while nothing changed; the hand saved meanwhile is swapped in."""
    keeper = browser.new_context(**PHONE).new_page()
    board = start_match(keeper, live_server, "poll-keeper")
    link = keeper.locator("#spectators .link a").get_attribute("href")
    watcher = browser.new_context(**PHONE).new_page()
    watcher.clock.install()
    watcher.goto(str(link))
    expect(watcher.locator("#live")).to_be_visible()
    a_poll_then_time_stopped(watcher)
    statuses = polls(watcher)
    a_poll_later(watcher, 2)
    a_poll_later(watcher, 2)
    assert statuses == [304, 304]
    save_a_hand(keeper, board)
    a_poll_later(watcher, 2)
    expect(watcher.locator("#live-board .board")).to_contain_text("4")
    assert statuses == [304, 304, 200]
    watcher.context.close()
    keeper.context.close()


def test_a_hidden_page_asks_nothing_and_asks_at_once_when_shown(browser: Browser, live_server: str) -> None:
    """Page Visibility: while the phone shows something else no poll is sent for 10 s (one every 30 s); shown
    again, it asks at once."""
    keeper = browser.new_context(**PHONE).new_page()
    start_match(keeper, live_server, "poll-hidden")
    link = keeper.locator("#spectators .link a").get_attribute("href")
    watcher = browser.new_context(**PHONE).new_page()
    watcher.clock.install()
    watcher.goto(str(link))
    expect(watcher.locator("#live")).to_be_visible()
    watcher.evaluate("""() => {
        window.shown = false;
        Object.defineProperty(document, "hidden", { configurable: true, get: () => !window.shown });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    statuses = polls(watcher)
    watcher.clock.fast_forward(10_000)  # five polls' worth
    watcher.wait_for_timeout(300)
    assert statuses == []
    watcher.evaluate("() => { window.shown = true; document.dispatchEvent(new Event('visibilitychange')); }")
    watcher.wait_for_timeout(700)  # well inside the 2 s between two polls: the visibility change asked
    assert statuses == [304]  # and once: the tick that was due when it was shown waits a whole interval again
    watcher.context.close()
    keeper.context.close()
