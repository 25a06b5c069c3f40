"""The table's frictions of issue 23 on a phone, where the page itself decides (the server's side of each is in
tests/web/test_count_words.py): impossible counts said as they are typed. Each screen is saved, light and dark,
at 390 and 320 px (tests/e2e/screenshots/frictions-*.png)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from live import serve
from phone import shot
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import select

from referee import create_app
from referee.extensions import db
from referee.models import User
from referee.services import HandDraft, MatchSettings, create_match, record_hand, register_user

pytestmark = pytest.mark.e2e

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 568}}
PASSWORD = "escova-2026"
LEFTOVER = ["1o", "2o", "3o", "4o"]  # sums 10


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Flask]]:
    """The app on a free local port, and the app itself, to make accounts and matches straight in its database."""
    path: Path = tmp_path_factory.mktemp("frictions") / "frictions.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with serve(app) as address:
        yield address, app


def phone(browser: Browser, size: str = "320", theme: str = "light", **options: object) -> BrowserContext:
    """A touch phone of one of SIZES, in a colour scheme."""
    return browser.new_context(viewport=SIZES[size], is_mobile=True, has_touch=True, color_scheme=theme,
                               locale="en-GB", **options)  # type: ignore[arg-type]


def account(page: Page, served: tuple[str, Flask], name: str) -> None:
    """A new account (made through the service: registrations are throttled), logged in on this phone."""
    base, app = served
    with app.app_context():
        register_user(name, PASSWORD)
        db.session.commit()  # the service leaves the commit to the first login, which is the page's here
    page.goto(base + "/login")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".account")).to_contain_text(name)


def match(served: tuple[str, Flask], user: str, names: tuple[str, ...], hands: list[dict] | None = None,
          partnerships: bool = False, **options: object) -> str:
    """A match of the account's, Escova RS with the first seat dealing, `hands` (bodies by counts) saved; the
    scoreboard's address."""
    base, app = served
    with app.app_context():
        owner = db.session.scalar(select(User).where(User.username == user))
        made = create_match(owner, MatchSettings(preset="escova-rs", options=options, deck_style="french",
                                                 names=names, partnerships=partnerships, first_dealer=0))
        for number, body in enumerate(hands or [], 1):
            record_hand(made, HandDraft(mode="tally", body=body, dealer=0), number)
        return f"{base}/matches/{made.id}"


def quick_counts(page: Page, board: str, counts: list[tuple[int, int, int]]) -> None:
    """The quick entry with the table's four diamonds and these counts (cards typed, oros and sevens chips)."""
    page.goto(board + "/hands/new?mode=quick")
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    for i, (cards, oros, sevens) in enumerate(counts):
        page.locator(f"#cards-{i}").fill(str(cards))
        page.locator(f'label.chip:has(input[name="oros-{i}"][value="{oros}"])').tap()
        page.locator(f'label.chip:has(input[name="sevens-{i}"][value="{sevens}"])').tap()


def marked(page: Page, selector: str) -> bool:
    """True when the count's field is marked as part of a problem."""
    return bool(page.locator(selector).evaluate("e => !!e.closest('.live-error, .has-error')"))


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_quick_entry_says_at_once_when_the_counts_pass_the_deck(browser: Browser, served, size: str,
                                                                    theme: str) -> None:
    """Pablo's 20 cards and Paula's 26 leave Bruno −6: before any Check, his box says so in the page's words
    (the deck's "diamonds"), naming the piles to recount and marking their fields; 10 instead of 26 and it goes."""
    context = phone(browser, size, theme)
    page = context.new_page()
    user = f"quick-{size}-{theme}"
    account(page, served, user)
    board = match(served, user, ("Pablo", "Paula", "Bruno"))
    quick_counts(page, board, [(20, 6, 2)])
    rest = page.locator("#rest-counts")
    expect(rest.locator("[data-count-problems]")).to_have_text("")
    page.locator("#cards-1").fill("26")
    page.locator('label.chip:has(input[name="oros-1"][value="6"])').tap()
    expect(rest.locator('[data-rest-count="cards"]')).to_have_text("-6")
    expect(rest).to_contain_text("Pablo and Paula count 46 cards together, 6 more than the deck's 40: "
                                 "recount their piles.")
    expect(rest).to_contain_text("Pablo and Paula count 12 diamonds together, 2 more than the deck's 10: "
                                 "recount their piles.")
    assert marked(page, "#cards-0") and marked(page, "#cards-1") and marked(page, "#oros-1")
    assert page.locator("#cards-1").get_attribute("aria-invalid") == "true"
    rest.scroll_into_view_if_needed()
    shot(page, f"frictions-quick-counts-{size}-{theme}")
    page.locator("#cards-1").fill("10")
    expect(rest).not_to_contain_text("cards together")
    expect(rest).to_contain_text("12 diamonds together")
    assert not marked(page, "#cards-1")
    context.close()


def test_the_entry_by_counts_says_at_once_what_the_deck_cannot_hold(browser: Browser, served) -> None:
    """A count out of its field's range says so under it, in the words the server says after Check; counts that
    add up to more than the deck name the piles that counted some."""
    context = phone(browser)
    page = context.new_page()
    account(page, served, "by-counts")
    board = match(served, "by-counts", ("Pablo", "Paula", "Bruno"))
    page.goto(board + "/hands/new?mode=tally")
    page.locator("#cards-0").fill("45")
    field = page.locator(".field:has(#cards-0)")
    expect(field).to_contain_text("Number must be between 0 and 40.")
    page.locator("#cards-0").fill("20")
    expect(field).not_to_contain_text("Number must be between")
    for i, (cards, oros, sevens) in enumerate([(20, 6, 2), (16, 0, 1), (10, 5, 1)]):
        page.locator(f"#cards-{i}").fill(str(cards))
        page.locator(f"#oros-{i}").fill(str(oros))
        page.locator(f"#sevens-{i}").fill(str(sevens))
    problems = page.locator("#count-problems")
    expect(problems).to_contain_text("Pablo, Paula, and Bruno count 46 cards together, 6 more than the deck's 40: "
                                     "recount their piles.")
    expect(problems).to_contain_text("Pablo and Bruno count 11 diamonds together, 1 more than the deck's 10: "
                                     "recount their piles.")
    assert marked(page, "#oros-2") and not marked(page, "#oros-1")
    problems.scroll_into_view_if_needed()
    shot(page, "frictions-by-counts-320-light")
    # Checked, the server says the same words, with the piles linked from the summary.
    page.locator('input[name="velo"][value="0"]').check()
    page.locator("#leftover_sum").fill("10")
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator("#error-summary")).to_contain_text("Pablo, Paula, and Bruno count 46 cards together")
    expect(page.locator("#count-problems")).to_contain_text("Pablo and Bruno count 11 diamonds together")
    context.close()
