"""A phone at the table: offline, a tool page opened before still loads, an opened scoreboard reloads with a
banner saying how old it is, and a hand saved without a network waits on the phone and is recorded once;
the screen kept on during a match; the colours switched between the system's, light and dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from offline_phone import OUTBOX, cached, controlled, go_offline, hands_in_database
from phone import fill_counts, shot, start_match
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.service_worker]


@pytest.fixture(scope="module")
def database(live_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The live server's SQLite file (tests/e2e/conftest.py makes it under the session's temporary folder)."""
    yield Path(tmp_path_factory.getbasetemp())


def hand_rows(page: Page) -> list[str]:
    """The numbers of the hands in the scoreboard's hand-by-hand table."""
    return page.locator("table.hands tbody th .row-link [aria-hidden]").all_inner_texts()  # the link's number


def review_by_counts(page: Page, board: str) -> None:
    """Hand 1 by counts, checked by the referee (online): the review offers to save it."""
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")


def test_a_tool_page_opened_before_loads_without_the_network(page: Page, live_server: str) -> None:
    """The service worker answers for the tools it keeps, the one opened and the others alike."""
    if page.goto(live_server + "/tools/").status == 404:
        pytest.skip("the referee tools are not there yet")
    title = page.title()
    controlled(page)
    go_offline(page)
    try:
        response = page.reload()
        assert response is not None and response.from_service_worker and response.ok
        assert page.title() == title
        expect(page.locator("main h1")).to_be_visible()
        expect(page.locator("[data-offline-banner]")).to_have_count(0)
        response = page.goto(live_server + "/tools/captures")
        assert response is not None and response.from_service_worker and response.ok
        expect(page.locator("link[rel=stylesheet]").first).to_be_attached()
        assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")  # app.css came too
        shot(page, "offline-tool")
    finally:
        page.context.set_offline(False)


def test_an_opened_scoreboard_reloads_offline_and_says_since_when(page: Page, live_server: str) -> None:
    """The last score stays readable, under a banner with the time it was fetched."""
    board = start_match(page, live_server, "bruno")
    controlled(page)
    page.reload()
    cached(page)
    banner = page.locator("[data-offline-banner]")
    expect(banner).to_be_hidden()
    go_offline(page)
    try:
        page.reload()
        expect(banner).to_be_visible()
        expect(banner).to_contain_text(re.compile(r"Offline — last updated \d{1,2}:\d{2}"))
        expect(page.locator(".board")).to_contain_text("Ana")
        assert page.url == board
        shot(page, "offline-scoreboard")
    finally:
        page.context.set_offline(False)


def test_a_hand_saved_without_network_waits_on_the_phone_and_is_recorded_once(
        page: Page, live_server: str, database: Path) -> None:
    """Save fails offline: the entry stays, with a banner; back online it is sent by itself, and a copy
    that reached the server meanwhile (its answer lost) does not make it two hands."""
    board = start_match(page, live_server, "carla")
    controlled(page)
    review_by_counts(page, board)
    go_offline(page)
    try:
        page.get_by_role("button", name="Save hand 1").tap()
        outbox = page.locator(".submit-bar .outbox")
        expect(outbox).to_contain_text("Not sent — no connection. Hand 1 is kept on this phone until it can be sent.")
        expect(outbox.get_by_role("button", name="Send again")).to_be_visible()
        assert page.locator("#leftover_sum").input_value() == "10"  # nothing typed is lost
        shot(page, "offline-outbox")
        waiting = page.evaluate(OUTBOX)
        assert len(waiting) == 1
        stored = page.evaluate(f"JSON.parse(localStorage.getItem({waiting[0]!r}))")
        fields = dict(stored["fields"])
        assert fields["action"] == "save" and fields["client_token"] and fields["csrf_token"]

        # The same entry reached the server once already, but its answer never came back.
        sent = page.context.request.post(live_server + stored["url"], form=fields, max_redirects=0)
        assert sent.status == 302
        assert len(hands_in_database(database, "carla")) == 1
    finally:
        page.context.set_offline(False)

    expect(page).to_have_url(board)  # sent by itself once the network is back
    # Saved, as the server says twice: once for the copy whose answer was lost, once for this one.
    expect(page.locator(".flash").last).to_contain_text("Hand 1 saved.")
    assert hand_rows(page) == ["1"]
    assert page.evaluate(OUTBOX) == []
    assert hands_in_database(database, "carla") == [(1, fields["client_token"])]


def test_a_hand_changed_after_it_failed_to_send_is_checked_again_before_it_is_saved(
        page: Page, live_server: str, database: Path) -> None:
    """What waits is what was typed last; changed since the failure, it comes back as a review to save."""
    board = start_match(page, live_server, "ines")
    controlled(page)
    review_by_counts(page, board)
    go_offline(page)
    try:
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator(".submit-bar .outbox")).to_be_visible()
        page.locator("#escobas-0").fill("0")  # no escoba after all
    finally:
        page.context.set_offline(False)
    # Sent by itself once the network is back, as a review of the entry as it is now: Ana 4 points less the escoba.
    expect(page.locator(".review tfoot")).to_contain_text("+3")
    assert page.locator("#escobas-0").input_value() == "0"
    assert hands_in_database(database, "ines") == []
    assert page.evaluate(OUTBOX) == []
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    assert hand_rows(page) == ["1"]
    expect(page.locator("table.hands tbody tr").first).to_contain_text("+3")


def test_a_hand_that_waits_shows_on_the_scoreboard_and_goes_with_send_again(
        page: Page, live_server: str, database: Path) -> None:
    """Back on the scoreboard (cached, offline) the waiting hand is listed; later, online, Send again records it
    once."""
    board = start_match(page, live_server, "duda")
    controlled(page)
    page.reload()
    cached(page)
    review_by_counts(page, board)
    go_offline(page)
    try:
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator(".submit-bar .outbox")).to_be_visible()
        page.get_by_role("link", name="Back to the scoreboard").click()
        expect(page.locator("[data-offline-banner]")).to_be_visible()
        waiting = page.locator(".outbox-list .outbox")
        expect(waiting).to_contain_text("Hand 1 is on this phone, not sent yet.")
        shot(page, "offline-scoreboard-outbox")
        waiting.get_by_role("button", name="Send again").tap()  # still offline: it stays
        expect(waiting).to_have_count(1)
        expect(waiting.get_by_role("button", name="Send again")).to_be_enabled()
        assert hands_in_database(database, "duda") == []
        # The network comes back while the phone shows a page without the outbox (a tool, cached).
        assert page.goto(live_server + "/tools/").ok
    finally:
        page.context.set_offline(False)
    page.wait_for_function("() => navigator.onLine")
    page.goto(board)
    expect(page.locator("[data-offline-banner]")).to_be_hidden()
    page.locator(".outbox-list").get_by_role("button", name="Send again").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    assert hand_rows(page) == ["1"]
    assert page.evaluate(OUTBOX) == []
    assert [number for number, _ in hands_in_database(database, "duda")] == [1]


def save_offline_and_deliver_once(page: Page, live_server: str, database: Path, board: str,
                                  username: str) -> dict[str, str]:
    """Hand 1 by counts saved offline; the same entry reaches the server once, its answer lost. The fields sent."""
    review_by_counts(page, board)
    go_offline(page)
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".submit-bar .outbox")).to_be_visible()
    [key] = page.evaluate(OUTBOX)
    stored = page.evaluate(f"JSON.parse(localStorage.getItem({key!r}))")
    fields = dict(stored["fields"])
    assert page.context.request.post(live_server + stored["url"], form=fields, max_redirects=0).status == 302
    assert len(hands_in_database(database, username)) == 1
    return fields


def test_a_resend_that_differs_from_the_saved_hand_is_not_dropped_and_offers_the_correction(
        page: Page, live_server: str, database: Path) -> None:
    """Saved once (its answer lost), then changed: sent again, the page says hand 1 was already saved with a
    different entry, and its button reviews the new entry as a correction of hand 1, which then saves."""
    board = start_match(page, live_server, "hugo")
    controlled(page)
    try:
        save_offline_and_deliver_once(page, live_server, database, board, "hugo")
        page.locator("#escobas-0").fill("0")  # no escoba after all
    finally:
        page.context.set_offline(False)
    # Sent again by itself, as a review (it changed): the answer says at once what became of hand 1.
    expect(page.locator(".problems")).to_contain_text(
        "Hand 1 was already saved when this entry was first sent")
    assert page.locator("#escobas-0").input_value() == "0"
    shot(page, "resend-differs")
    page.get_by_role("button", name="Correct hand 1 with this entry").tap()
    expect(page.locator("h1")).to_have_text("Correct hand 1")
    expect(page.locator(".review tfoot")).to_contain_text("+3")
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected.")
    expect(page.locator("table.hands tbody tr").first).to_contain_text("+3")
    assert [number for number, _ in hands_in_database(database, "hugo")] == [1]
    assert page.evaluate(OUTBOX) == []


def test_a_resend_of_a_hand_taken_back_meanwhile_does_not_bring_it_back(
        page: Page, live_server: str, database: Path) -> None:
    """Saved once (its answer lost), then undone from another phone: sent again by itself once the network is
    back, it is refused with a message, and the match has no hand."""
    board = start_match(page, live_server, "iris")
    controlled(page)
    try:
        save_offline_and_deliver_once(page, live_server, database, board, "iris")
        confirm = page.context.request.get(board + "/undo").text()  # undo asks first, on a page of its own
        undo = dict(re.findall(r'<input[^>]*name="(csrf_token|version|number)"[^>]*value="([^"]*)"',
                               confirm.split('class="confirm"', 1)[1].split("</form>", 1)[0]))
        assert page.context.request.post(board + "/undo", form=undo, max_redirects=0).status == 302
        assert hands_in_database(database, "iris") == []
    finally:
        page.context.set_offline(False)
    expect(page.locator(".problems")).to_contain_text(
        "Hand 1 was taken back after it was saved, so it was not saved again.")
    assert page.locator("#leftover_sum").input_value() == "10"  # the entry is still there, to save on purpose
    assert hands_in_database(database, "iris") == []
    assert page.evaluate(OUTBOX) == []


def test_the_scoreboard_keeps_the_screen_on_when_asked(page: Page, live_server: str) -> None:
    """The switch takes a screen wake lock, takes it again on the next visit, and lets it go."""
    # A phone's Chrome grants a page it shows the screen wake lock; the headless shell waits to be told to.
    page.context.grant_permissions(["screen-wake-lock"])
    start_match(page, live_server, "elsa")
    switch = page.get_by_role("button", name="Keep the screen on")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(switch).to_have_attribute("aria-pressed", "true")  # remembered on this phone
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "false")


def test_the_screen_switch_is_hidden_where_the_browser_cannot_keep_the_screen_on(page: Page, live_server: str) -> None:
    """Without the Screen Wake Lock API there is nothing to offer."""
    page.add_init_script("delete Navigator.prototype.wakeLock")
    start_match(page, live_server, "fabi")
    expect(page.locator(".keep-awake")).to_be_hidden()


def test_the_theme_switch_changes_the_colours(page: Page, live_server: str) -> None:
    """Dark and light from the footer, whatever the system says; System follows it again."""
    start_match(page, live_server, "gabi")
    # Playwright's retrying assertion: the page a link loads may show its words before its stylesheet applies.
    background = expect(page.locator("body"))
    background.to_have_css("background-color", "rgb(251, 250, 247)")

    def choose(theme: str) -> None:
        """Click the theme's link and wait for the page it loads (evaluating during the load finds no body)."""
        page.get_by_role("link", name=theme, exact=True).click()
        expect(page.locator(".themes strong")).to_have_text(theme)

    choose("Dark")
    background.to_have_css("background-color", "rgb(18, 18, 18)")
    page.emulate_media(color_scheme="dark")
    choose("Light")
    background.to_have_css("background-color", "rgb(251, 250, 247)")
    choose("System")
    background.to_have_css("background-color", "rgb(18, 18, 18)")
