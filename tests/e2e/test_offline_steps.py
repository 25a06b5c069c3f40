"""Offline at each step of a hand's life — checked, saved, corrected, taken back, restored: only the changes wait on
the phone, each page says which (a check never says "saved"), and once the network is back the server holds exactly
what was sent."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from offline_phone import DRAFTS, OUTBOX, cached, controlled, database_rows, go_offline, go_online, hands_in_database
from phone import fill_counts, shot, start_match
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.service_worker]

HANDS = ("SELECT hand.number, hand.points FROM hand JOIN match ON match.id = hand.match_id "
         "JOIN user ON user.id = match.user_id WHERE user.username = ? ORDER BY hand.number")
EVENTS = ("SELECT match_event.kind, match_event.hand_number FROM match_event "
          "JOIN match ON match.id = match_event.match_id JOIN user ON user.id = match.user_id "
          "WHERE user.username = ? AND match_event.hand_number IS NOT NULL ORDER BY match_event.id")


@pytest.fixture(scope="module")
def database(live_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the live server's SQLite file lies (tests/e2e/conftest.py makes it under the session's temporary
    folder)."""
    yield Path(tmp_path_factory.getbasetemp())


def back_to_the_board(page: Page) -> None:
    """The scoreboard, as this phone cached it (offline), with the banner that says so."""
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("[data-offline-banner]")).to_be_visible()


def test_offline_only_the_changes_wait_and_the_server_holds_what_was_sent(
        page: Page, live_server: str, database: Path) -> None:
    """Check offline: not checked, said so, nothing waits, the entry stays as its draft, nothing reaches the
    server. Save, a correction, taking back and restoring offline: each waits, says which beside its button and
    on the scoreboard, and once the network is back the server holds it."""
    board = start_match(page, live_server, "olivia")
    controlled(page)
    page.reload()
    cached(page)

    # 1. Check, offline: nothing is sent, nothing waits, nothing says "saved".
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    go_offline(page)
    page.get_by_role("button", name="Check the hand").tap()
    note = page.locator(".submit-bar .outbox")
    expect(note).to_have_text(re.compile(r"^\s*Not checked — no connection\. The entry stays on this phone as a draft: "
                                         r"check it once the connection is back\.\s*$"))
    expect(note).not_to_contain_text("aved")
    expect(page.locator(".review")).to_have_count(0)
    assert page.evaluate(OUTBOX) == []
    assert [key for key in page.evaluate(DRAFTS) if ":new-1:tally" in key]
    assert page.locator("#leftover_sum").input_value() == "10"
    shot(page, "offline-check")
    go_online(page)
    expect(note).to_have_text(re.compile(r"^\s*The connection is back: check the hand\.\s*$"))
    page.wait_for_timeout(1500)  # past the outbox's settling time: nothing is sent by itself
    expect(page.locator(".review")).to_have_count(0)
    assert hands_in_database(database, "olivia") == []
    page.goto(board)
    expect(page.locator(".outbox")).to_have_count(0)  # nothing is listed as waiting
    page.goto(board + "/hands/new?mode=tally")  # the entry is the page's draft
    expect(page.locator(".draft-notice")).to_be_visible()
    assert page.locator("#leftover_sum").input_value() == "10"

    # 2. Save, offline: hand 1 waits; the scoreboard says hand 1 is on this phone; back online it is saved.
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    go_offline(page)
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".submit-bar .outbox")).to_contain_text(
        "Not sent — no connection. Hand 1 is kept on this phone until it can be sent.")
    shot(page, "offline-save")
    back_to_the_board(page)
    waiting = page.locator(".outbox-list .outbox")
    expect(waiting).to_have_text(re.compile(r"^\s*Hand 1 is on this phone, not sent yet\.\s+Send again\s+Discard\s*$"))
    shot(page, "offline-save-board")
    assert hands_in_database(database, "olivia") == []
    go_online(page)
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")  # sent by itself from the scoreboard
    assert database_rows(database, "olivia", HANDS) == [(1, "[4, 0]")]

    # 3. A correction, offline: it waits as the correction of hand 1 (never as a new hand); back online, stored.
    page.goto(board + "/hands/1/edit?mode=tally")
    page.locator("#escobas-0").fill("0")
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review tfoot")).to_contain_text("+3")
    go_offline(page)
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".submit-bar .outbox")).to_contain_text(
        "Not sent — no connection. The correction of hand 1 is kept on this phone until it can be sent.")
    back_to_the_board(page)
    expect(page.locator(".outbox-list .outbox")).to_contain_text(
        "The correction of hand 1 is on this phone, not sent yet.")
    expect(page.locator(".outbox-list")).not_to_contain_text("Hand 1 is on this phone")
    shot(page, "offline-correction-board")
    go_online(page)
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected.")
    assert database_rows(database, "olivia", HANDS) == [(1, "[3, 0]")]

    # 4. Taking back hand 1, offline: asked first (online), then taken back offline; back online it is done.
    page.get_by_role("link", name="Undo hand 1").click()
    go_offline(page)
    page.get_by_role("button", name="Take back hand 1").tap()
    expect(page.locator(".confirm .outbox")).to_contain_text(
        "Not sent — no connection. Taking back hand 1 is kept on this phone until it can be sent.")
    shot(page, "offline-undo")
    assert database_rows(database, "olivia", HANDS) == [(1, "[3, 0]")]
    go_online(page)
    expect(page).to_have_url(re.compile(r"/matches/\d+(\?.*)?$"))  # sent by itself: the scoreboard answers
    expect(page.locator("table.hands tbody")).to_have_count(0)
    assert database_rows(database, "olivia", HANDS) == []

    # 5. Restoring it, offline: the scoreboard's button waits beside itself; back online, hand 1 is back.
    go_offline(page)
    page.get_by_role("button", name="Restore hand 1").first.tap()
    expect(page.locator(".outbox")).to_have_text(re.compile(r"^\s*Not sent — no connection\. Restoring hand 1 is kept "
                                                            r"on this phone until it can be sent\.\s+Send again\s*$"))
    shot(page, "offline-restore")
    assert database_rows(database, "olivia", HANDS) == []
    go_online(page)
    expect(page.locator("table.hands tbody")).to_have_count(1)
    assert database_rows(database, "olivia", HANDS) == [(1, "[3, 0]")]
    assert database_rows(database, "olivia", EVENTS) == [
        ("hand_recorded", 1), ("hand_edited", 1), ("hand_undone", 1), ("hand_restored", 1)]
    assert page.evaluate(OUTBOX) == []


def test_a_check_that_loses_the_network_on_the_way_waits_nowhere(page: Page, live_server: str, database: Path) -> None:
    """The phone thinks it is online, but the check never reaches the server: not kept as if it were a save, and
    the page says it was not checked."""
    board = start_match(page, live_server, "paula")
    controlled(page)
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.route("**/hands/new*", lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".submit-bar .outbox")).to_contain_text("Not checked — no connection.")
    assert page.evaluate(OUTBOX) == []
    assert hands_in_database(database, "paula") == []


def test_a_check_kept_by_the_earlier_outbox_is_no_longer_listed_as_saved(
        page: Page, live_server: str, database: Path) -> None:
    """An earlier version kept a check as if it waited to be saved: the scoreboard no longer lists it, and its
    entry is still the page's draft."""
    board = start_match(page, live_server, "quim")
    match_id = board.rstrip("/").split("/")[-1]
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.evaluate("""([key]) => localStorage.setItem(key, JSON.stringify({
        url: location.pathname + "?mode=tally", number: "1", savedAt: new Date().toISOString(),
        fields: [["number", "1"], ["client_token", "abc"], ["action", "review"]]}))""",
                  [f"outbox:{match_id}:abc"])
    page.goto(board)
    expect(page.locator(".outbox")).to_have_count(0)
    assert page.evaluate(OUTBOX) == []
    page.goto(board + "/hands/new?mode=tally")
    expect(page.locator(".draft-notice")).to_be_visible()
    assert page.locator("#leftover_sum").input_value() == "10"
