"""A table of four plays a whole match at 390 px, every phone scoring (issue 25): a newcomer's phone without an
account starts it, a second phone without an account joins by the code, a logged-in player joins and claims a
seat, a fourth phone follows the spectator page; one phone saves a hand offline and it is sent once the network is
back; after each hand every phone shows the same totals, and each player's My record shows the match."""

from __future__ import annotations

import re

import pytest
from offline_phone import controlled, go_offline
from phone import PHONE, fill_counts, register
from playwright.sync_api import Browser, Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.service_worker]  # one hand is saved offline


def totals(page: Page) -> list[int]:
    """The big numbers on a scoreboard (the owner's, a scorer's or the spectator's)."""
    return [int(t) for t in page.locator(".board .total").all_inner_texts()]


def checked(page: Page, board: str) -> None:
    """The next hand by counts on this phone, checked: its Save button waits."""
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page, "1")
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")


def save(page: Page, number: int) -> None:
    """Save the checked hand: back on the scoreboard."""
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page).to_have_url(re.compile(r"/matches/\d+$"))


def claim(page: Page, name: str) -> None:
    """On "Which seat is yours?": this player's seat."""
    expect(page.get_by_role("heading", level=1)).to_have_text("Which seat is yours?")
    page.get_by_label(f"I am {name}").tap()
    page.get_by_role("button", name="This is my seat").tap()
    expect(page.locator(".flash, [role=status]").first).to_contain_text(f"You are {name} in this match")


def same_everywhere(phones: list[Page], spectator: Page, board: str) -> list[int]:
    """Every phone's scoreboard reloaded, and the spectator's page following by itself: the same totals."""
    for phone in phones:
        phone.goto(board)
    shown = totals(phones[0])
    assert all(totals(phone) == shown for phone in phones), [totals(phone) for phone in phones]
    expect(spectator.locator(".board .total")).to_have_text([str(n) for n in shown], timeout=15_000)
    return shown


@pytest.mark.seconds(13)
def test_four_at_a_table_play_a_whole_match_every_phone_scoring(browser: Browser, live_server: str) -> None:
    contexts = [browser.new_context(**PHONE, locale="en-GB") for _ in range(4)]
    ana, bea, cid, watcher = (context.new_page() for context in contexts)

    # A newcomer: New match without an account, two partnerships, Ana dealing.
    ana.goto(live_server + "/")
    ana.get_by_role("button", name="New match").first.tap()
    expect(ana).to_have_url(re.compile(r"/matches/new$"))
    ana.get_by_label("Two partnerships").check()
    for seat, name in enumerate(("Ana", "Bea", "Cid", "Dani"), start=1):
        ana.get_by_label(f"Seat {seat}", exact=True).fill(name)
    ana.get_by_label("First dealer").select_option(label="Ana")
    ana.get_by_role("button", name="Start the match").tap()
    expect(ana.locator(".board")).to_contain_text("Dani")
    board = ana.url
    watcher.goto(ana.locator("#spectators .link a").get_attribute("href") or "")

    ana.get_by_role("link", name="Score together: invite other phones").tap()
    ana.get_by_role("button", name="Make a join code").tap()
    code = ana.locator("[data-join-code]").inner_text().strip()

    # Bea's phone has no account either: the code's address, then her seat.
    bea.goto(live_server + "/join/" + code.replace("-", ""))
    bea.get_by_role("button", name="Join and score").tap()
    claim(bea, "Bea")
    # Cid has an account: he logs in on his phone, types the code, and claims his seat.
    register(cid, live_server, "cid")
    cid.goto(live_server + "/join")
    cid.get_by_label("Join code").fill(code)
    cid.get_by_role("button", name="Join and score").tap()
    claim(cid, "Cid")
    # Ana claims her own seat from Score together.
    ana.goto(board + "/together")
    ana.get_by_role("link", name="Claim your own seat").tap()
    claim(ana, "Ana")

    phones = [ana, bea, cid]
    number, shown = 0, [0, 0]
    while ana.locator(".result.win").count() == 0 and number < 8:
        number += 1
        scorer = phones[(number - 1) % 3]
        if number == 3:  # Cid's phone loses its network as he saves: the hand waits, then is sent by itself
            cid.goto(board)
            controlled(cid)
            checked(cid, board)
            go_offline(cid)
            cid.get_by_role("button", name=f"Save hand {number}").tap()
            expect(cid.locator(".submit-bar .outbox")).to_contain_text("Not sent — no connection.")
            cid.context.set_offline(False)
            expect(cid).to_have_url(board)
            expect(cid.locator(".flash").last).to_contain_text(f"Hand {number} saved.")
        else:
            checked(scorer, board)
            save(scorer, number)
        following = same_everywhere(phones, watcher, board)
        assert following != shown and sum(following) > sum(shown)  # each hand counted once, on every phone
        shown = following
    assert max(shown) >= 15 and number >= 3, (shown, number)
    for phone in (*phones, watcher):
        expect(phone.locator(".result.win")).to_contain_text("Winner: Ana & Cid!")

    # Each player with a phone: My record lists the match, won or lost.
    for phone, name in ((ana, "Ana"), (bea, "Bea"), (cid, "Cid")):
        phone.goto(live_server + "/me")
        expect(phone.get_by_role("heading", level=1)).to_have_text("My record")
        expect(phone.locator(".my-seats")).to_contain_text(name)
        assert phone.locator("dt:text-is('Hands played') + dd").inner_text().strip() == str(number)
    for context in contexts:
        context.close()
