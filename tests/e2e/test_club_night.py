"""A club night with nothing on paper: the organiser makes a tournament of four on a phone (the club, the accounts and
the house rules set up through the services, the tournament through its page), starts round 1, opens the board's
link on a TV at 1280×720 and prints round 1's sheet; each table joins its match from the QR code's link on its own
phone and plays one high-scoring hand, which finishes it; the board shows both results by itself, and after the
organiser starts round 2, its pairings. And the largest night a board is made for: 16 tables on the TV without
scrolling, and their sheet on one A4 and one Letter page."""

from __future__ import annotations

import re

import pytest
from axe_check import violations, violations_in_each_scheme
from factories import account, club, house_rules, logged_in_client, start_next_round, tournament, user_of
from flask import Flask
from page_client import Scorekeeper
from phone import PHONE, fill_counts, picture, scrolls_sideways
from playwright.sync_api import Browser, BrowserContext, Page, expect

from referee.services.tournament_board import make_board_link, set_round_length

pytestmark = pytest.mark.e2e

TV = {"viewport": {"width": 1280, "height": 720}}


def logged_in(context: BrowserContext, app: Flask, base: str, username: str) -> Scorekeeper:
    """The account made through the services and this browser logged in as it (its session cookie); the
    scorekeeper that acts for it in process."""
    account(app, username)
    client = logged_in_client(app, username)
    client.get("/")
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    person = Scorekeeper(app, client)
    person.username = username
    return person


def fits(page: Page) -> bool:
    """The page shows everything without scrolling, down or sideways."""
    return bool(page.evaluate("document.documentElement.scrollHeight <= innerHeight"
                              " && document.documentElement.scrollWidth <= innerWidth"))


def play_at_the_table(browser: Browser, join_link: str, name: str) -> None:
    """A phone without an account opens its table's QR link, joins, has the app draw for dealer, and enters one
    hand by counts to the home side (two escobas, the oros and the velo: the target of 4), checked and saved."""
    context = browser.new_context(**PHONE, locale="en-GB")
    phone = context.new_page()
    phone.goto(join_link)
    phone.get_by_role("button", name="Join and score").tap()
    phone.get_by_role("link", name="To the scoreboard").tap()
    phone.get_by_role("button", name="Draw for us — the app draws").click()
    expect(phone.get_by_role("link", name="Enter hand 1")).to_be_visible()
    board = re.sub(r"/draw.*$", "", phone.url)
    phone.goto(board + "/hands/new?mode=tally")
    fill_counts(phone, "2")
    phone.get_by_role("button", name="Check the hand").tap()
    phone.get_by_role("button", name="Save hand 1").tap()
    expect(phone.locator(".result")).to_be_visible()
    picture(phone, name, full_page=True, scale="css")
    context.close()


@pytest.mark.seconds(12)
def test_a_club_night_runs_from_phones_to_the_board(browser: Browser, live_app: tuple[str, Flask]) -> None:
    """Ana's Swiss event of four guests: round 1's two tables scored on their phones show on the TV's board as
    finished, with the standings; round 2 started on Ana's phone shows its pairings there, the TV untouched."""
    base, app = live_app
    organiser_phone = browser.new_context(**PHONE, locale="en-GB")
    ana = organiser_phone.new_page()
    organiser = logged_in(organiser_phone, app, base, "ana")
    club_id = club(organiser, "Casa de Ana")
    house_rules(organiser, "Quick night", target=4)

    ana.goto(f"{base}/clubs/{club_id}/tournaments/new")
    ana.get_by_label("Tournament name").fill("Friday night")
    ana.get_by_label("House rules").select_option(label="Quick night")
    ana.get_by_label("Rounds (Swiss)").fill("2")
    ana.get_by_label("Other entrants, one a line").fill("Caio\nDora\nEva\nFer")
    # One phone a table tonight: a hand counts once saved (tests/e2e/test_both_sides_confirm.py plays two).
    ana.get_by_label("Both sides confirm each hand").uncheck()
    ana.get_by_role("button", name="Make the tournament").tap()
    ana.get_by_role("button", name="Start round 1").tap()
    expect(ana.locator(".table-card")).to_have_count(2)
    links = [link.get_attribute("href") or "" for link in ana.locator(".table-qr .link a").all()]
    tournament_page = ana.url

    ana.get_by_role("link", name="Board, sheets and downloads").tap()
    ana.get_by_role("button", name="Make the board's link").tap()
    ana.get_by_label("Round length, in minutes").fill("30")
    with ana.expect_navigation():
        ana.get_by_role("button", name="Save the round length").tap()
    board_link = ana.locator("[data-board-link]").get_attribute("href") or ""
    assert scrolls_sideways(ana) == {}
    picture(ana, "club-night-board-settings", full_page=True, scale="css")
    ana.get_by_role("link", name="Round 1").tap()
    expect(ana.locator(".sheet-table")).to_have_count(2)
    expect(ana.locator(".sheet-qr svg")).to_have_count(2)  # the codes Ana's phone made when the round started
    ana.emulate_media(media="print")
    picture(ana, "club-night-sheet-print", full_page=True, scale="css")
    ana.emulate_media(media="screen")

    tv_context = browser.new_context(**TV, locale="en-GB")
    tv = tv_context.new_page()
    tv.goto(board_link)
    expect(tv.locator(".wall-table")).to_have_count(2)
    expect(tv.locator(".wall-timer .left")).to_have_text(re.compile(r"^(30:00|29:[0-5]\d)$"))
    for number, link in enumerate(links, start=1):
        play_at_the_table(browser, link, f"club-night-table-{number}")

    expect(tv.locator(".wall-table.state-finished")).to_have_count(2, timeout=8000)
    expect(tv.locator(".wall-standings tbody tr").first).to_contain_text("2")
    assert fits(tv)
    picture(tv, "club-night-board-round-1")

    ana.goto(tournament_page)
    ana.get_by_role("button", name="Start round 2").tap()
    expect(tv.locator(".wall-title")).to_contain_text("Round 2", timeout=8000)
    expect(tv.locator(".wall-table.state-playing")).to_have_count(2)
    # Round 2 pairs the two winners and the two losers: each table's players are level on match points.
    winners = set(tv.locator(".wall-standings tbody th").all_inner_texts()[:2])
    first_table = {tv.locator(".wall-table").first.locator(".home").inner_text(),
                   tv.locator(".wall-table").first.locator(".away").inner_text()}
    assert first_table in (winners, {*tv.locator(".wall-standings tbody th").all_inner_texts()[2:]})
    picture(tv, "club-night-board-round-2")
    tv_context.close()
    organiser_phone.close()


def test_sixteen_tables_fit_the_tv_and_their_sheet_one_page(browser: Browser, live_app: tuple[str, Flask],
                                                            axe_script: str) -> None:
    """32 entrants with long names, a round length: the board at 1280×720 shows the 16 tables, the timer and the
    standings' first 16 lines without scrolling; round 1's sheet prints on one A4 page and on one Letter page. axe-core
    finds no serious violation on the board (dark, whatever the scheme), the sheet and the board's page for the club
    (light and dark)."""
    base, app = live_app
    context = browser.new_context(**TV, locale="en-GB")
    page = context.new_page()
    bruno = logged_in(context, app, base, "bruno")
    club_id = club(bruno, "Bruno's club")
    tournament_id = tournament(bruno, club_id, [f"Maria Fernanda {n:02} & Joaquina" for n in range(32)], rounds=5,
                               name="Campeonato de primavera")
    start_next_round(bruno, tournament_id)
    with app.app_context():
        token = make_board_link(user_of(bruno), tournament_id).token
        set_round_length(user_of(bruno), tournament_id, 45)
    page.goto(f"{base}/board/{token}")
    expect(page.locator(".wall-table")).to_have_count(16)
    expect(page.locator(".wall-standings tbody tr")).to_have_count(16)
    assert fits(page)
    for box in (page.locator(".wall-table").last, page.locator(".wall-standings tbody tr").last,
                page.locator(".wall-timer")):
        bounds = box.bounding_box()
        assert bounds and bounds["y"] + bounds["height"] <= 720 and bounds["x"] + bounds["width"] <= 1280
    picture(page, "club-night-board-16-tables")
    found = {"board": violations(page, axe_script)}
    page.goto(f"{base}/tournaments/{tournament_id}/board")
    found["board's page"] = violations_in_each_scheme(page, axe_script)

    page.goto(f"{base}/tournaments/{tournament_id}/rounds/1/sheet")
    page.get_by_role("button", name="Make QR codes for this sheet").click()
    expect(page.locator(".sheet-qr svg")).to_have_count(16)
    found["sheet"] = violations_in_each_scheme(page, axe_script)
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper, print_background=True)
        assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1, paper
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, to look at
    page.emulate_media(media="print")
    picture(page, "club-night-sheet-16-tables", full_page=True)
    context.close()
    assert {name: problems for name, problems in found.items() if problems} == {}
