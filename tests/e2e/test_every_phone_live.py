"""Every phone at a tournament's table follows it without a reload (static/js/live.js): a hand saved on another phone
shows on the owner's scoreboard, the scorer's scoreboard and the organiser's tournament page at their next poll
(2 s), each unchanged poll a 304; the scorer's entry page says the hand it is typing was saved on another phone and
turns what was typed into that hand's correction; a hidden page asks every 30 s instead of every 2 s, a frozen one
not at all, and asks at once when it comes back. Playwright's clock moves the pages' timers: no test waits."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from factories import club, house_rules, member, start_next_round, tournament
from flask import Flask
from page_client import Scorekeeper
from phone import PHONE, fill_counts
from playwright.sync_api import Browser, Page, expect
from test_club_night import logged_in

from referee.extensions import db
from referee.models import Match
from referee.services.matches import set_first_dealer

pytestmark = pytest.mark.e2e


def polls(page: Page, path: str) -> list[int]:
    """The statuses of the page's polls of `path` from now on (filled in as they come)."""
    seen: list[int] = []
    page.on("response", lambda r: seen.append(r.status) if r.url.endswith(path)
            and r.request.resource_type == "fetch" else None)
    return seen


def a_poll_later(page: Page, path: str, seconds: float = 2) -> None:
    """The page's clock jumps ahead and the poll then due is answered."""
    with page.expect_response(lambda r: r.url.endswith(path) and r.request.resource_type == "fetch"):
        page.clock.fast_forward(int(seconds * 1000))


def following(browser: Browser, app: Flask, base: str, person: Scorekeeper, address: str) -> Page:
    """A phone logged in as the person (their browser's session cookie), on the address, its clock stopped an hour
    ahead once the page's first poll is answered: from then on only the test moves it."""
    context = browser.new_context(**PHONE, locale="en-GB")
    cookie = person.client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    page = context.new_page()
    page.clock.install()
    page.goto(base + address)
    with page.expect_response(lambda r: r.url.endswith(address) and r.request.resource_type == "fetch"):
        page.clock.pause_at(datetime.now() + timedelta(hours=1))
    return page


def test_the_owner_the_scorer_and_the_organiser_follow_a_save(browser: Browser, live_app: tuple[str, Flask]) -> None:
    """Ana organises; Bea, a member, scores her table's match; a hand saved on a third phone (Ana's, in process)
    shows on both scoreboards and the tournament page within one poll; Bea's entry page then offers her typing as
    the correction of the hand saved meanwhile, her typing kept."""
    base, app = live_app
    context = browser.new_context(**PHONE, locale="en-GB")
    ana = logged_in(context, app, base, "ana")
    bea_context = browser.new_context(**PHONE, locale="en-GB")
    bea = logged_in(bea_context, app, base, "bea")
    club_id = club(ana, "Casa de Ana")
    member(ana, club_id, bea)
    event = tournament(ana, club_id, [bea, "Caio"], format="round_robin", rounds=None,
                       profile_id=house_rules(ana, "To 21", target=21))
    match_id = next(table.match_id for table in start_next_round(ana, event).round.tables if table.match_id)
    with app.app_context():
        set_first_dealer(db.session.get(Match, match_id), 0)
    board, event_page = f"/matches/{match_id}", f"/tournaments/{event}"

    owner = following(browser, app, base, ana, board)
    scorer = following(browser, app, base, bea, board)
    organiser = following(browser, app, base, ana, event_page)
    seen = {page: polls(page, path) for page, path in ((owner, board), (scorer, board), (organiser, event_page))}
    drawn = []  # the scoreboard's view, called: its unchanged polls are answered before the app (X-Live-Poll)
    show = app.view_functions["matches.show"]
    app.view_functions["matches.show"] = lambda **kw: drawn.append(kw) or show(**kw)
    for page, path in ((owner, board), (scorer, board), (organiser, event_page)):
        a_poll_later(page, path)
    app.view_functions["matches.show"] = show
    assert [statuses for statuses in seen.values()] == [[304], [304], [304]]
    assert drawn == []

    ana.save_hand(match_id)  # hand 1, on another phone: Bea's side +3
    for page, path in ((owner, board), (scorer, board), (organiser, event_page)):
        a_poll_later(page, path)
    for page in (owner, scorer):
        expect(page.locator("#live-board")).to_have_attribute("data-hands", "1")
        expect(page.locator("#live-board .board")).to_contain_text("18 to go")
    expect(scorer.get_by_role("link", name="Enter hand 2")).to_be_visible()
    expect(organiser.locator(".table-card .score").first).to_have_text("3 – 0")
    assert [statuses[-1] for statuses in seen.values()] == [200, 200, 200]
    assert owner.url.endswith(board) and organiser.url.endswith(event_page)  # followed, not reloaded

    # Bea types hand 2 while another phone saves it: her page says so, and her typing becomes its correction.
    scorer.goto(f"{base}{board}/hands/new?mode=tally")
    fill_counts(scorer, "2")
    notice = scorer.locator("#saved-elsewhere")
    a_poll_later(scorer, board)  # the first ask, for the scoreboard's ETag
    a_poll_later(scorer, board)
    expect(notice).to_be_hidden()
    ana.save_hand(match_id, mirror=True)
    a_poll_later(scorer, board)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Hand 2 was saved on another phone.")
    expect(scorer.locator("#escobas-0")).to_have_value("2")  # what she typed is still there
    notice.get_by_role("button", name="Make this entry a correction of hand 2").tap()
    expect(scorer.get_by_role("heading", name="Correct hand 2")).to_be_visible()
    expect(scorer.locator("#escobas-0")).to_have_value("2")
    for page in (owner, scorer, organiser):
        page.context.close()
    context.close()
    bea_context.close()


def test_a_hidden_page_asks_every_30_s_and_a_frozen_one_not_at_all(browser: Browser,
                                                                    live_app: tuple[str, Flask]) -> None:
    """The owner's scoreboard hidden: no poll in 29 s, one at 30 s; frozen (a phone asleep): none in a minute;
    resumed and shown: one at once."""
    base, app = live_app
    context = browser.new_context(**PHONE, locale="en-GB")
    keeper = logged_in(context, app, base, "dan")
    match_id = keeper.start(("Dan", "Eva"))
    with app.app_context():
        match = db.session.get(Match, match_id)
        if match is not None and match.first_dealer is None:
            set_first_dealer(match, 0)
    board = f"/matches/{match_id}"
    page = following(browser, app, base, keeper, board)
    statuses = polls(page, board)
    page.evaluate("""() => {
        window.shown = false;
        Object.defineProperty(document, "hidden", { configurable: true, get: () => !window.shown });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.clock.fast_forward(29_000)
    page.wait_for_timeout(300)
    assert statuses == []
    a_poll_later(page, board, 1.5)
    assert statuses == [304]
    page.evaluate("() => document.dispatchEvent(new Event('freeze'))")
    page.clock.fast_forward(60_000)
    page.wait_for_timeout(300)
    assert statuses == [304]
    with page.expect_response(lambda r: r.url.endswith(board) and r.request.resource_type == "fetch"):
        page.evaluate("() => { window.shown = true; document.dispatchEvent(new Event('resume')); }")
    assert statuses == [304, 304]
    page.context.close()
    context.close()
