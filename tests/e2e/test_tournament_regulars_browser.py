"""The club's regulars on the organiser's phone, counted in taps and keys (the tournament's name aside): a
six-entrant Swiss event of two members and four guests of an earlier night, ticked one tap each, starts in at most
15 from the club's tournaments; "Last night's field" then makes the next week's, one guest changed, in fewer. The
club, its members, its house rules and the earlier night are set up through the services (tests/factories.py)."""

from __future__ import annotations

import pytest
from axe_check import violations_in_each_scheme as violations
from factories import club, house_rules, keeper, member, tournament
from flask import Flask
from page_client import Scorekeeper
from phone import PHONE, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect
from test_quick_entry import Taps

pytestmark = pytest.mark.e2e

GOAL = 15  # docs/tournaments.md, "Running a club night"


def name_it(page: Page, taps: Taps, name: str) -> None:
    """A tap on the tournament's name, then its name typed (its keys not counted: the goal is "plus its name")."""
    taps.tap(page.get_by_label("Tournament name"))
    page.keyboard.type(name)


def make_and_start(page: Page, taps: Taps) -> None:
    """Make the tournament and start its first round: two taps."""
    taps.tap(page.get_by_role("button", name="Make the tournament"))
    taps.tap(page.get_by_role("button", name="Start round 1"))
    expect(page.locator(".table-card")).to_have_count(3)


def test_the_clubs_regulars_are_one_tap_each(browser: Browser, live_app: tuple[str, Flask], axe_script: str) -> None:
    """Week 2 by ticking Bea, Caio and four of Week 1's guests, its one house rules picked already: at most 15 taps
    and keys; Week 3 by "Last night's field", Gil out and Hana in: fewer still. Both start their first round of
    three tables."""
    live_server, app = live_app
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    register(page, live_server, "ana")
    organiser = Scorekeeper(app, app.test_client())
    organiser.username = "ana"  # the account the browser registered: the factories act for it by its name
    bea, caio = keeper(app, "bea"), keeper(app, "caio")
    club_id = club(organiser, "Casa de Ana")
    member(organiser, club_id, bea, caio)
    rules_id = house_rules(organiser, "Friday rules", target=21)
    tournament(organiser, club_id, [bea, caio, "Dora", "Eva", "Fer", "Gil", "Hana"], rounds=3, profile_id=rules_id,
               name="Week 1")

    page.goto(f"{live_server}/clubs/{club_id}/tournaments")
    taps = Taps(page)
    taps.tap(page.get_by_role("link", name="New tournament"))
    name_it(page, taps, "Week 2")
    taps.type(page.get_by_label("Rounds (Swiss)"), "3")
    for name in ("bea", "caio", "Dora", "Eva", "Fer", "Gil"):
        taps.tap(page.get_by_label(name, exact=True))
    expect(page.get_by_label("House rules")).to_have_value(str(rules_id))
    assert scrolls_sideways(page) == {}
    found = violations(page, axe_script)
    shot_in_each_scheme(page, "tournament-regulars")
    make_and_start(page, taps)
    print(f"taps for a six-entrant Swiss, ticked: {taps.count} (goal {GOAL})")
    assert taps.count <= GOAL

    page.goto(f"{live_server}/clubs/{club_id}/tournaments")
    taps = Taps(page)
    taps.tap(page.get_by_role("link", name="New tournament"))
    taps.tap(page.get_by_role("link", name="Last night's field"))
    expect(page.get_by_label("Gil", exact=True)).to_be_checked()
    expect(page.get_by_label("Rounds (Swiss)")).to_have_value("3")
    taps.tap(page.get_by_label("Gil", exact=True))
    taps.tap(page.get_by_label("Hana", exact=True))
    name_it(page, taps, "Week 3")
    make_and_start(page, taps)
    print(f"taps for last night's field, one guest changed: {taps.count}")
    assert taps.count <= 8
    expect(page.locator("ol.entrants li")).to_have_text(["bea", "caio", "Dora", "Eva", "Fer", "Hana"])
    assert found == []
    context.close()
