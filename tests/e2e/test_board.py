"""The scoreboard as the table uses it: undo asks first and a hand comes back in one tap; the trail in the
phone's own time; the hand-by-hand table fits 320 px with four players and each row opens its correction;
the history's filter without case or accents."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from phone import DPR, PHONE, register, shot, shot_in_each_scheme, start_match
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

# Registrations are throttled per address (10 an hour), and every test here shares one: an account made once
# and logged into again by a later test of the same name. (The colour schemes change colours only: each flow
# runs once, its pictures taken in both schemes when screenshots are wanted.)
MADE: set[str] = set()


def sign_in(page: Page, base: str, username: str) -> None:
    """The test's account on this phone: made the first time, logged into after."""
    if username not in MADE:
        register(page, base, username)
        MADE.add(username)
        page.goto(base + "/matches/new")
        return
    page.goto(base + "/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill("escova-2026")
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/login"))
    page.goto(base + "/matches/new")


SMALL = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True, "device_scale_factor": DPR}
ZONE = "America/Sao_Paulo"  # UTC−3 all year: the trail must show the time there, not in UTC


def enter_by_counts(page: Page, board: str, number: int, sides: list[tuple[int, int, int, int | None]],
                    leftover: int) -> None:
    """A hand by counts: per side (cards, oros, sevens, pile sum or None); the first side holds the velo and
    made the last capture."""
    page.goto(board + "/hands/new?mode=tally")
    for side, (cards, oros, sevens, pile_sum) in enumerate(sides):
        page.locator(f"#cards-{side}").fill(str(cards))
        page.locator(f"#oros-{side}").fill(str(oros))
        page.locator(f"#sevens-{side}").fill(str(sevens))
        if pile_sum is not None:
            page.locator(f"#pile_sum-{side}").fill(str(pile_sum))
    page.get_by_label("Sum of the cards left on the table").fill(str(leftover))
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def four_player_match(page: Page, base: str, username: str) -> str:
    """Four players on their own, two hands: a clean one, and one where Bruno Henrique's pile (46) is wrong."""
    sign_in(page, base, username)
    page.get_by_label("4 players").check()
    for seat, name in enumerate(["Ana Beatriz", "Bruno Henrique", "Carla Maria", "Duda"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana Beatriz")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_be_visible()
    board = page.url
    enter_by_counts(page, board, 1, [(10, 10, 1, None), (10, 0, 1, None), (10, 0, 1, None), (10, 0, 1, None)], 10)
    enter_by_counts(page, board, 2, [(10, 10, 1, 54), (10, 0, 1, 46), (10, 0, 1, 60), (10, 0, 1, 60)], 9)
    return board


def cut_off(page: Page) -> list[str]:
    """Cells of the hand-by-hand table that stick out of the screen or of their own box, described."""
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth, bad = [];
      const wrap = document.querySelector(".table-wrap");
      if (wrap.scrollWidth > wrap.clientWidth) bad.push(`the table scrolls: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
      for (const cell of document.querySelectorAll(".hands th, .hands td, .hands caption")) {
        const box = cell.getBoundingClientRect();
        if (box.left < 0 || box.right > width + 0.5) bad.push(`${cell.textContent.trim()} at ${box.left}–${box.right}`);
        if (cell.scrollWidth > cell.clientWidth + 1) bad.push(`${cell.textContent.trim()} overflows its cell`);
      }
      return bad;
    }""")


def test_four_players_fit_320_px_every_column_whole_and_a_row_tap_opens_its_correction(
        browser: Browser, live_server: str) -> None:
    """Every header and cell inside the screen and its own box; the erring player named; the dealer marked in
    their column; tapping a player's points in hand 2 (not its number) opens the correction of hand 2."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    board = four_player_match(page, live_server, "four")
    page.goto(board)
    table = page.locator("table.hands")
    expect(table.locator("thead th")).to_have_count(5)  # #, four players: no ✎ column
    assert cut_off(page) == []
    expect(table.locator("tbody").nth(1).locator(".erred-row")).to_have_text("⚠ Bruno Henrique erred")
    expect(table.locator("tbody").nth(0).locator("td.dealt")).to_contain_text("dealt")  # Ana Beatriz's column
    expect(table.locator("tbody").nth(1).locator("td.dealt")).to_contain_text("+0")  # then Bruno Henrique's
    table.scroll_into_view_if_needed()
    shot_in_each_scheme(page, "board-320-4-players")
    cell = table.locator("tbody").nth(1).locator("td.side-col").nth(2)  # Carla Maria's points in hand 2
    box = cell.bounding_box()
    assert box and box["height"] >= 44  # a big target: the whole row, at least a finger high
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # The hand's link lies over its whole row: a finger on a player's points lands on it.
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).className", [x, y]) == "row-link"
    page.touchscreen.tap(x, y)
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 2")
    context.close()


def test_three_players_fit_390_px_and_the_row_link_works_from_the_keyboard(browser: Browser, live_server: str) -> None:
    """No ✎ column cut off at 390 px with three players; Tab reaches the row's link, Enter opens it."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    sign_in(page, live_server, "three")
    page.get_by_label("3 players").check()
    for seat, name in enumerate(["Ana Beatriz", "Bruno", "Carla Maria"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana Beatriz")
    page.get_by_role("button", name="Start the match").click()
    board = page.url
    enter_by_counts(page, board, 1, [(14, 10, 2, None), (13, 0, 1, None), (13, 0, 1, None)], 10)
    page.goto(board)
    assert cut_off(page) == []
    shot_in_each_scheme(page, "board-390-3-players")
    link = page.get_by_role("link", name="Correct hand 1")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    context.close()


def test_undo_asks_first_and_the_hand_comes_back_in_one_tap(browser: Browser, live_server: str) -> None:
    """390×844: Undo opens a confirmation naming hand 1, its dealer and points; taken back, "Restore hand 1",
    on the first screen, brings it back as it was. Times in São Paulo's time, in the page's language."""
    context = browser.new_context(**PHONE, timezone_id=ZONE, locale="en-GB")
    page = context.new_page()
    board = start_match(page, live_server, "undo")
    enter_by_counts(page, board, 1, [(20, 10, 2, None), (20, 0, 2, None)], 10)
    expect(page.locator(".board .total").first).to_have_text("3")
    page.get_by_role("link", name="Undo hand 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Take back hand 1?")
    expect(page.locator(".confirm dl")).to_contain_text("Dealer")
    expect(page.locator(".confirm dl")).to_contain_text("Ana")
    expect(page.locator(".confirm dl")).to_contain_text("+3")
    shot_in_each_scheme(page, "undo-confirm-390")
    page.get_by_role("link", name="Keep it").tap()
    expect(page.locator(".board .total").first).to_have_text("3")  # nothing taken back
    page.get_by_role("link", name="Undo hand 1").tap()
    page.get_by_role("button", name="Take back hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 was taken back.")
    expect(page.locator(".board .total").first).to_have_text("0")
    expect(page.locator(".trail")).to_contain_text("Restore hand 1")  # the trail offers it too
    # The undo's message carries its Restore on the first screen (the room kept under the Enter buttons for who
    # is entering moves the one of the hands' list below it).
    restore = page.locator(".flash.undone").get_by_role("button", name="Restore hand 1")
    box = restore.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # on the first screen: one tap, no scrolling
    shot_in_each_scheme(page, "undo-done-390")
    restore.tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 restored.")
    expect(page.locator(".board .total").first).to_have_text("3")
    expect(page.locator(".trail")).to_contain_text("Hand 1 restored: Ana 3, Bea 0.")
    expect(page.get_by_role("button", name="Restore hand 1")).to_have_count(0)

    stamp = page.locator(".trail time").first
    utc = datetime.fromisoformat(stamp.get_attribute("datetime").replace("Z", "+00:00"))
    local = utc.astimezone(ZoneInfo(ZONE))
    text = stamp.inner_text()
    clock = (local.strftime("%H:%M"), f"{local.hour % 12 or 12}:{local.minute:02d}")  # 24 or 12 hours
    assert "UTC" not in text and any(c in text for c in clock) and str(local.year) in text, text
    assert utc.astimezone(UTC).strftime("%H:%M") != local.strftime("%H:%M")
    assert stamp.get_attribute("title").endswith("UTC")
    page.locator(".trail").scroll_into_view_if_needed()
    shot_in_each_scheme(page, "trail-restored-390")
    context.close()


def test_a_hand_that_cannot_come_back_is_offered_as_the_next_hand(browser: Browser, live_server: str) -> None:
    """Taken back, then another hand saved: the stale Restore is refused with the reason, and "Enter it as
    hand 2" opens the entry page with its counts."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    board = start_match(page, live_server, "refused")
    enter_by_counts(page, board, 1, [(20, 10, 2, None), (20, 0, 2, None)], 10)
    page.get_by_role("link", name="Undo hand 1").tap()
    page.get_by_role("button", name="Take back hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 was taken back.")
    stale = context.new_page()
    stale.goto(board)
    enter_by_counts(page, board, 1, [(20, 10, 3, None), (20, 0, 1, None)], 10)
    stale.locator(".undo").get_by_role("button", name="Restore hand 1").tap()
    expect(stale.get_by_role("heading", level=1)).to_have_text("This hand cannot be restored")
    shot(stale, "restore-refused-390")
    stale.get_by_role("link", name="Enter it as hand 2").tap()
    expect(stale.locator(".flash")).to_contain_text("The cards and counts of hand 1, taken back earlier")
    assert stale.locator("#oros-0").input_value() == "10"
    context.close()


def test_the_history_finds_part_of_a_name_without_accents_and_names_the_game(browser: Browser,
                                                                             live_server: str) -> None:
    """'luc' finds Lucía's match; each row says Escova RS."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    sign_in(page, live_server, "history")
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Lucía")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Lucía")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_be_visible()
    page.goto(live_server + "/matches/")
    page.get_by_label("Player").fill("luc")
    page.get_by_role("button", name="Filter").tap()
    expect(page.locator(".match-list li")).to_have_count(1)
    expect(page.locator(".match-list .game")).to_have_text("Escova RS")
    expect(page.locator(".match-list")).to_contain_text("Lucía · Bea")
    assert re.fullmatch(r"\w{3} \d{1,2}, \d{4}", page.locator(".match-list time").inner_text())  # Intl, en
    shot_in_each_scheme(page, "history-390")
    context.close()


def test_the_table_and_the_confirmation_fit_320_px_in_portuguese_and_spanish(browser: Browser,
                                                                             live_server: str) -> None:
    """The longer words of pt-BR and es: still nothing cut off with four players at 320 px (one match, looked at
    in each language)."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    board = four_player_match(page, live_server, "four")
    for code, undo, confirm in [("pt_BR", "Desfazer rodada 2", "Desfazer a rodada 2?"),
                                ("es", "Deshacer mano 2", "¿Deshacer la mano 2?")]:
        page.goto(f"{live_server}/language/{code}?next=/matches/")
        page.goto(board)
        assert cut_off(page) == [], code
        shot(page, f"board-320-4-players-{code}")
        page.get_by_role("link", name=undo).tap()
        expect(page.get_by_role("heading", level=1)).to_have_text(confirm)
        shot(page, f"undo-confirm-320-{code}")
    context.close()
