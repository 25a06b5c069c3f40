"""Both sides agree at a tournament's table (issue 36), on phones: Bea (home) and Cid (away), members of Ana's club,
each score their table's match on their own phone; the tournament's tables confirm each hand. A hand Bea saves waits
until Cid's one tap; a count Cid disputes shows both phones where the versions differ; Bea calls the organiser and Ana
decides it on her phone; the standings move only then. Offline, Cid's tap waits in the phone's outbox and is sent
once the network is back. No phone reloads to see another's change (static/js/live.js)."""

from __future__ import annotations

import re

import pytest
from factories import club, house_rules, member, start_next_round, tournament
from flask import Flask
from offline_phone import OUTBOX, cached, controlled, go_offline, go_online
from phone import PHONE, fill_counts, picture, scrolls_sideways
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_club_night import logged_in

from referee.extensions import db
from referee.models import Match
from referee.services.matches import set_first_dealer

pytestmark = pytest.mark.e2e

SECONDS = 8000  # a live page's poll every 2 s, with room to spare


class Night:
    """Ana's round robin of Bea against Cid, its profile to 4 points (one good hand ends the match), every hand
    confirmed by the other side; round 1 started, the first seat dealing. A phone for each of the three."""

    def __init__(self, browser: Browser, app: Flask, base: str, n: int) -> None:
        self.base, self.app = base, app
        self.contexts: list[BrowserContext] = []
        self.ana, ana = self.phone(browser, f"ana{n}")
        self.bea, bea = self.phone(browser, f"bea{n}")
        self.cid, cid = self.phone(browser, f"cid{n}")
        club_id = club(ana, f"Casa {n}")
        member(ana, club_id, bea, cid)
        self.event = tournament(ana, club_id, [bea, cid], format="round_robin", rounds=None,
                                profile_id=house_rules(ana, f"To 4 #{n}", target=4), confirm_hands=True)
        self.match_id = next(t.match_id for t in start_next_round(ana, self.event).round.tables if t.match_id)
        with app.app_context():
            set_first_dealer(db.session.get_one(Match, self.match_id), 0)
        self.board = f"{base}/matches/{self.match_id}"

    def phone(self, browser: Browser, username: str) -> tuple[Page, object]:
        """A phone logged in as a new account, and the account's scorekeeper (for the services)."""
        context = browser.new_context(**PHONE, locale="en-GB")
        self.contexts.append(context)
        person = logged_in(context, self.app, self.base, username)
        return context.new_page(), person

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def save_by_counts(page: Page, url: str, escobas: str, button: str) -> None:
    """The correct hand typed by counts on the page at `url` (the home side's escobas as given), checked, saved."""
    page.goto(url + "?mode=tally")
    fill_counts(page, escobas)
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name=button).tap()


def standings_points(page: Page, base: str, event: int) -> str:
    """The standings table's text, as the organiser's phone shows it."""
    page.goto(f"{base}/tournaments/{event}/standings")
    return page.locator("table").first.inner_text()


def test_a_hand_counts_when_the_other_side_agrees_and_a_dispute_reaches_the_organiser(
        browser: Browser, live_app: tuple[str, Flask]) -> None:
    """Bea saves hand 1 (two escobas for her): it waits, her total stays 0. Cid's scoreboard shows it by itself
    and he counts otherwise (one escoba): both phones then show where the versions differ, the escobas of Bea's
    side, 2 against 1. Bea calls the organiser: Ana's tournament page says table 1 calls, and she decides on her
    phone for version A with a reason. Only then does the match end and the standings give Bea the win."""
    base, app = live_app
    night = Night(browser, app, base, 1)
    before = standings_points(night.ana, base, night.event)
    night.cid.goto(night.board)

    save_by_counts(night.bea, night.board + "/hands/new", "2", "Save hand 1")
    expect(night.bea.locator("#waiting-1")).to_contain_text("Waiting for the other side to confirm it")
    expect(night.bea.locator(".totals .total")).to_have_text(["0", "0"])
    waiting = night.cid.locator("#waiting-1")
    expect(waiting).to_contain_text("Hand 1 waits for the other side", timeout=SECONDS)
    expect(waiting.get_by_role("button", name="Confirm hand 1")).to_be_visible()
    assert scrolls_sideways(night.cid) == {}
    picture(night.cid, "confirm-waiting-hand", full_page=True, scale="css")

    waiting.get_by_role("link", name="Our count differs").tap()
    expect(night.cid.get_by_role("heading", name="Your count of hand 1")).to_be_visible()
    count_url = night.cid.url.split("?")[0]
    save_by_counts(night.cid, count_url, "1", "Save our count")
    differs = night.cid.locator("table.differences")
    expect(differs).to_contain_text("Where version B differs from version A")
    expect(differs.locator("tbody tr")).to_have_count(1)
    expect(differs.locator("tbody tr").first.locator("th, td")).to_have_text(["bea1 · Escobas", "2", "1"])
    assert scrolls_sideways(night.cid) == {}
    picture(night.cid, "confirm-versions", full_page=True, scale="css")

    dispute = night.bea.locator("#waiting-1")
    expect(dispute).to_contain_text("Hand 1: the counts differ", timeout=SECONDS)
    dispute.get_by_role("link", name="See where the counts differ").tap()
    expect(night.bea.locator("table.differences tbody tr").first.locator("th, td")).to_have_text(
        ["bea1 · Escobas", "2", "1"])
    night.bea.get_by_role("button", name="Call the organiser").tap()
    expect(night.bea.locator(".called").first).to_contain_text("The organiser is called")

    assert standings_points(night.ana, base, night.event) == before  # nothing final while the sides disagree
    night.ana.goto(f"{base}/tournaments/{night.event}")
    calls = night.ana.locator(".table-card .calls")
    expect(calls).to_contain_text("Table 1 calls the organiser")
    calls.get_by_role("link", name="Decide it").tap()
    night.ana.locator("#waiting-1").get_by_role("link", name="See where the counts differ").tap()
    version_a = night.ana.locator("#version-A")
    version_a.get_by_label("Why (kept in the trail)").fill("counted the piles together")
    picture(night.ana, "confirm-decide", full_page=True, scale="css")
    version_a.get_by_role("button", name="Decide: version A counts").tap()
    expect(night.ana.locator(".flash")).to_contain_text("Hand 1 decided: version A counts.")
    expect(night.ana.locator(".result")).to_be_visible()
    expect(night.ana.locator("#trail, .trail").first).to_contain_text(
        "Hand 1 decided by the organiser: version A")
    after = standings_points(night.ana, base, night.event)
    assert after != before and re.search(r"bea1\s+2\s+1\s+1-0-0", after), after
    expect(night.cid.locator("#live-versions [role=status]")).to_contain_text(  # Cid's page follows by itself
        "Hand 1 counts: the sides agreed on it, or it was decided.", timeout=SECONDS)
    night.close()


def test_the_sides_take_one_version_and_both_phones_see_it_count(browser: Browser, live_app: tuple[str, Flask]) -> None:
    """Bea saves hand 1 (two escobas for her), Cid counts one: on Bea's phone the dispute shows by itself, she sees
    where the counts differ and takes Cid's version; hand 1 counts as version B on both phones, Cid's versions page
    saying so by itself, and the trail keeps both versions and who took what."""
    base, app = live_app
    night = Night(browser, app, base, 3)
    night.cid.goto(night.board)
    save_by_counts(night.bea, night.board + "/hands/new", "2", "Save hand 1")
    night.cid.locator("#waiting-1").get_by_role("link", name="Our count differs").tap(timeout=SECONDS)
    expect(night.cid.get_by_role("heading", name="Your count of hand 1")).to_be_visible()
    save_by_counts(night.cid, night.cid.url.split("?")[0], "1", "Save our count")
    dispute = night.bea.locator("#waiting-1")
    expect(dispute).to_contain_text("Hand 1: the counts differ", timeout=SECONDS)
    dispute.get_by_role("link", name="See where the counts differ").tap()
    expect(night.bea.locator("table.differences tbody tr").first.locator("th, td")).to_have_text(
        ["bea3 · Escobas", "2", "1"])
    night.bea.locator("#version-B").get_by_role("button", name="Take version B").tap()
    expect(night.bea.locator(".flash")).to_contain_text("Both sides took version B: hand 1 counts.")
    expect(night.bea.locator(".totals .total")).to_have_text(["3", "0"])  # version B's points: one escoba less
    expect(night.cid.locator("#live-versions [role=status]")).to_contain_text(
        "Hand 1 counts: the sides agreed on it, or it was decided.", timeout=SECONDS)
    trail = night.bea.locator("#trail, .trail").first
    expect(trail).to_contain_text("Hand 1 counted otherwise: version B")
    expect(trail).to_contain_text("Hand 1 agreed as version B")
    night.close()


@pytest.mark.service_worker
def test_the_other_side_confirms_in_one_tap_even_offline(browser: Browser, live_app: tuple[str, Flask]) -> None:
    """Cid's phone loses the network and taps Confirm: the tap waits in the outbox, said so; once the network is
    back it is sent once, and hand 1 counts on both phones."""
    base, app = live_app
    night = Night(browser, app, base, 2)
    night.cid.goto(night.board)
    controlled(night.cid)
    night.cid.reload()
    cached(night.cid)
    save_by_counts(night.bea, night.board + "/hands/new", "2", "Save hand 1")
    confirm = night.cid.locator("#waiting-1").get_by_role("button", name="Confirm hand 1")
    expect(confirm).to_be_visible(timeout=SECONDS)
    go_offline(night.cid)
    confirm.tap()
    expect(night.cid.locator(".outbox").first).to_contain_text("Confirming hand 1", timeout=SECONDS)
    assert any(":confirm-1" in key for key in night.cid.evaluate(OUTBOX))
    go_online(night.cid)
    expect(night.cid.locator(".result")).to_be_visible(timeout=SECONDS)
    assert night.cid.evaluate(OUTBOX) == []
    expect(night.bea.locator(".result")).to_be_visible(timeout=SECONDS)
    night.close()


@pytest.mark.service_worker
def test_a_count_and_a_version_taken_offline_wait_in_the_outbox(browser: Browser,
                                                               live_app: tuple[str, Flask]) -> None:
    """Cid's count of hand 1, saved with no network, waits on his phone, said so, and is sent once the network is
    back; Bea, offline in turn, takes Cid's version: it waits too, and sent, the hand counts as version B."""
    base, app = live_app
    night = Night(browser, app, base, 4)
    for phone in (night.bea, night.cid):
        phone.goto(night.board)
        controlled(phone)
        phone.reload()
        cached(phone)
    save_by_counts(night.bea, night.board + "/hands/new", "2", "Save hand 1")
    night.cid.locator("#waiting-1").get_by_role("link", name="Our count differs").tap(timeout=SECONDS)
    expect(night.cid.get_by_role("heading", name="Your count of hand 1")).to_be_visible()
    night.cid.goto(night.cid.url.split("?")[0] + "?mode=tally")
    fill_counts(night.cid, "1")
    night.cid.get_by_role("button", name="Check the hand").tap()
    go_offline(night.cid)
    night.cid.get_by_role("button", name="Save our count").tap()
    expect(night.cid.locator(".outbox").first).to_contain_text("Your count of hand 1", timeout=SECONDS)
    assert any(":count-1" in key for key in night.cid.evaluate(OUTBOX))
    go_online(night.cid)
    expect(night.cid.locator("table.differences")).to_be_visible(timeout=SECONDS)
    assert night.cid.evaluate(OUTBOX) == []

    night.bea.goto(night.board + "/hands/1/versions")
    take = night.bea.locator("#version-B").get_by_role("button", name="Take version B")
    expect(take).to_be_visible()
    go_offline(night.bea)
    take.tap()
    expect(night.bea.locator(".outbox").first).to_contain_text("The version you took of hand 1", timeout=SECONDS)
    assert any(":pick-1" in key for key in night.bea.evaluate(OUTBOX))
    go_online(night.bea)
    expect(night.bea.locator(".totals .total")).to_have_text(["3", "0"], timeout=SECONDS)
    assert night.bea.evaluate(OUTBOX) == []
    night.close()
