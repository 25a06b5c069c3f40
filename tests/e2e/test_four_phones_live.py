"""A table of four phones keeps one live score without anyone reloading: the owner's, a guest's that joined by the
home page's code field, a logged-in player's that joined with the same code, and a spectator's. After each save,
whichever phone saved it, every phone shows the new totals at its next poll (every 2 s: within the issue's 3 s),
and every unchanged poll is a bare 304. Playwright's clock moves the pages' timers: no test waits."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from factories import save_hand, user_of
from flask import Flask
from phone import PHONE
from playwright.sync_api import Browser, Page, expect
from test_club_night import logged_in
from test_every_phone_live import following, polls

from referee.extensions import db
from referee.models import Match, Scorer
from referee.services.matches import set_first_dealer
from referee.services.sharing import join, make_join_code

pytestmark = pytest.mark.e2e


def stop_clock(page: Page, path: str) -> None:
    """The page's clock stopped an hour ahead once its first poll is answered: from then on only the test moves it."""
    with page.expect_response(lambda r: r.url.endswith(path) and r.request.resource_type == "fetch"):
        page.clock.pause_at(datetime.now() + timedelta(hours=1))


def every_poll(pages: dict[Page, str]) -> None:
    """Each page's clock jumps 2 s and the poll then due is answered."""
    for page, path in pages.items():
        with page.expect_response(lambda r, path=path: r.url.endswith(path) and r.request.resource_type == "fetch"):
            page.clock.fast_forward(2000)


def totals_of(app: Flask, match_id: int) -> list[str]:
    """Each side's total as the match stores its hands."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return [str(sum(hand.points[side] for hand in match.hands)) for side in (0, 1)]


def test_four_phones_follow_every_save_whoever_saves_it(browser: Browser, live_app: tuple[str, Flask]) -> None:
    base, app = live_app
    owner_context = browser.new_context(**PHONE, locale="en-GB")
    ana = logged_in(owner_context, app, base, "ana")
    bea_context = browser.new_context(**PHONE, locale="en-GB")
    bea = logged_in(bea_context, app, base, "bea")
    match_id = ana.start(("Ana", "Bea"))
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        if match.first_dealer is None:
            set_first_dealer(match, 0)
        code = make_join_code(match).code
        token = match.spectator_token
        join(user_of(bea), code)  # Bea, logged in, joins with the code the table shares
        db.session.commit()
    board, watch = f"/matches/{match_id}", f"/watch/{token}"

    # Gil has no account: the home page's Join a match, the code and his name, one tap.
    guest_context = browser.new_context(**PHONE, locale="en-GB")
    guest = guest_context.new_page()
    guest.clock.install()
    guest.goto(base + "/")
    guest.get_by_label("Join code").fill(code.lower())
    guest.get_by_label("Who is holding this phone?").fill("Gil")
    guest.get_by_role("button", name="Join and score").tap()
    expect(guest.get_by_role("heading", name="Which seat is yours?")).to_be_visible()  # he plays in no seat
    guest.get_by_role("link", name="To the scoreboard").tap()
    expect(guest).to_have_url(f"{base}{board}")
    guest.wait_for_load_state("load")  # live.js has set its timer: the clock moved before that would skip it
    stop_clock(guest, board)
    with app.app_context():
        names = db.session.scalars(db.select(Scorer.name).where(Scorer.match_id == match_id)).all()
    assert "Gil" in names

    owner = following(browser, app, base, ana, board)
    player = following(browser, app, base, bea, board)
    spectator = browser.new_context(**PHONE, locale="en-GB").new_page()  # no account, no cookie: the link only
    spectator.clock.install()
    spectator.goto(base + watch)
    stop_clock(spectator, watch)
    pages = {owner: board, guest: board, player: board, spectator: watch}
    seen = {page: polls(page, path) for page, path in pages.items()}
    every_poll(pages)
    assert [statuses for statuses in seen.values()] == [[304]] * 4

    # Three hands, saved by the owner, then Bea, then the owner again.
    for saver, mirror in ((ana, False), (bea, True), (ana, False)):
        save_hand(saver, match_id, mirror=mirror)
        every_poll(pages)
        totals = totals_of(app, match_id)
        for page in pages:
            expect(page.locator("#live-board .board .total")).to_have_text(totals)
        every_poll(pages)  # nothing changed since: every phone's next poll is a 304
        assert [statuses[-2:] for statuses in seen.values()] == [[200, 304]] * 4
    assert all(page.url.endswith(path) for page, path in pages.items())  # followed, never reloaded
    for context in (owner_context, bea_context, guest_context, *(page.context for page in (owner, player,
                                                                                           spectator))):
        context.close()
