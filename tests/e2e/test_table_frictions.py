"""The table's frictions of issue 23 on a phone, where the page itself decides (the server's side of each is in
tests/web/test_app_trail.py, test_count_words.py and test_tiebreak_asks.py): impossible counts said as they are
typed, the tiebreak's question answered by a chip, Restore beside the Undo message without JavaScript, a revert
that asks first, and the 320 px cosmetics (a total of 21 in its card, whole names on the pile tabs, the new
match's choices uncut, the account's times in the phone's zone). No screen scrolls sideways at 390 or 320 px or
has a serious axe violation in light or dark; with REFEREE_SCREENSHOTS=1 each is saved
(tests/e2e/screenshots/frictions-*.png)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import SCHEMES, violations_in_each_scheme
from flask import Flask
from live import serve
from phone import SIZES, at_each_size, scrolls_sideways, shot, shot_in_each_scheme
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import select

from referee import create_app
from referee.extensions import db
from referee.models import Match, User
from referee.services import HandDraft, MatchSettings, create_match, edit_hand, record_hand, register_user

pytestmark = pytest.mark.e2e

PASSWORD = "escova-2026"
LEFTOVER = ["1o", "2o", "3o", "4o"]  # sums 10


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[tuple[str, Flask]]:
    """The app on a free local port, and the app itself, to make accounts and matches straight in its database."""
    path: Path = tmp_path_factory.mktemp("frictions") / "frictions.sqlite"
    shutil.copyfile(migrated_sqlite, path)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with serve(app) as address:
        yield address, app


def phone(browser: Browser, size: str = "320", **options: object) -> BrowserContext:
    """A touch phone of one of SIZES, in the light colour scheme (axe checks the dark one on the same pages)."""
    return browser.new_context(viewport=SIZES[size], is_mobile=True, has_touch=True, color_scheme="light",
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
            record_hand(made, HandDraft.kept("tally", body, dealer=0), number)
        return f"{base}/matches/{made.id}"


def quick_counts(page: Page, board: str, counts: list[tuple[int, int, int]]) -> None:
    """The quick entry with the table's four diamonds and these counts (cards typed, oros and sevens chips)."""
    page.goto(board + "/hands/new?mode=quick")
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    for i, (cards, oros, sevens) in enumerate(counts):
        page.locator(f"#cards-{i}").fill(str(cards))
        page.locator(f'label.chip:has(input[name="oros-{i}"][value="{oros}"])').tap()
        page.locator(f'label.chip:has(input[name="sevens-{i}"][value="{sevens}"])').tap()


def marked(page: Page, selector: str) -> bool:
    """True when the count's field is marked as part of a problem."""
    return bool(page.locator(selector).evaluate("e => !!e.closest('.live-error, .has-error')"))


def test_the_quick_entry_says_at_once_when_the_counts_pass_the_deck(browser: Browser, served, axe_script: str) -> None:
    """Pablo's 20 cards and Paula's 26 leave Bruno −6: before any Check, his box says so in the page's words
    (the deck's "diamonds"), naming the piles to recount and marking their fields; 10 instead of 26 and it goes.
    (What the page says does not depend on its width: the smaller phone.)"""
    context = phone(browser, "320")
    page = context.new_page()
    user = "quick"
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
    assert violations_in_each_scheme(page, axe_script) == []
    shot_in_each_scheme(page, "frictions-quick-counts-320")
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
    # A count the server refused is said once beside its field, not again by the script.
    page.locator("#cards-0").fill("45")
    with page.expect_navigation():
        page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator(".field:has(#cards-0) .error:visible")).to_have_text(["Number must be between 0 and 40."])
    context.close()


def test_the_tiebreaks_question_is_a_prompt_and_goes_once_its_chip_is_picked(browser: Browser, served,
                                                                             axe_script: str) -> None:
    """Sevens 2–2 under the Uruguayan tiebreak: checked, the referee asks for Ana's sixes, at the top (where the
    focus goes) and beside her sixes' chips, in the page's own colours (never the alarm's, no alert); a chip
    picked answers it: both go, and Check scores the hand."""
    context = phone(browser, "320")
    page = context.new_page()
    user = "tiebreak"
    account(page, served, user)
    board = match(served, user, ("Ana", "Bea"), sevens="most_tiebreak")
    quick_counts(page, board, [(20, 10, 2)])
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="last_capture"][value="0"]').check()
    page.get_by_role("button", name="Check the hand").last.tap()
    asks = page.locator("section.asks")
    expect(asks).to_be_focused()
    expect(asks).to_contain_text("How many sixes does Ana have? The sevens are tied (2 each)")
    assert asks.get_attribute("role") is None and page.locator('[role="alert"]:visible').count() == 0
    expect(page.locator("#error-summary")).to_have_count(0)
    question = page.locator("#sixes-0-ask")
    expect(question).to_be_visible()
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        error_colour = page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--bad')")
        colours = question.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e.closest('fieldset')"
                                    ".querySelector('.chip')).borderTopColor]")
        assert all(colour != rgb(error_colour, page) for colour in colours), (scheme, colours)
    assert violations_in_each_scheme(page, axe_script) == []
    shot_in_each_scheme(page, "frictions-tiebreak-asked")
    page.locator('label.chip:has(input[name="sixes-0"][value="3"])').tap()
    expect(question).to_be_hidden()
    expect(asks).to_be_hidden()
    expect(page.locator('[data-rest-count="sixes"]')).to_have_text("1")
    page.locator("#sixes-0").scroll_into_view_if_needed()
    shot_in_each_scheme(page, "frictions-tiebreak-answered")
    page.get_by_role("button", name="Check the hand").last.tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    context.close()


HAND = {"sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": 1},
                  {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}, "escobas": 0}],
        "leftover_sum": 10, "last_capture": 0}


def test_a_revert_asks_first_and_says_the_winner_changes(browser: Browser, served, axe_script: str) -> None:
    """To 4: hand 1 made Ana Beatriz the winner, a correction took her escoba away and reopened the match. The
    trail's "Revert this correction" opens a page that says what the revert does (points and totals now and
    after, and that Ana Beatriz wins again) and changes nothing until its button is pressed; "Keep hand 1 as it
    is" goes back."""
    context = phone(browser, "390")
    page = context.new_page()
    user = "revert"
    account(page, served, user)
    board = match(served, user, ("Ana Beatriz", "Bia"), [HAND], target=4)
    with served[1].app_context():
        made = db.session.get(Match, int(board.rsplit("/", 1)[1]))  # corrected as a phone would
        corrected = {**HAND, "sides": [{**HAND["sides"][0], "escobas": 0}, HAND["sides"][1]]}
        edit_hand(made, 1, HandDraft.kept("tally", corrected, dealer=0), made.version)
    page.goto(board)
    expect(page.locator(".result")).to_have_count(0)
    page.get_by_role("link", name="Revert this correction").click()
    confirm = page.locator(".confirm")
    expect(confirm.get_by_role("heading", level=1)).to_have_text("Revert the correction of hand 1?")
    expect(confirm).to_contain_text("This changes the winner: after the revert Ana Beatriz wins the match.")
    assert scrolls_sideways(page) == {}
    assert violations_in_each_scheme(page, axe_script) == []
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"frictions-revert-{size}")
    page.get_by_role("link", name="Keep hand 1 as it is").click()
    expect(page.locator(".result")).to_have_count(0)
    page.get_by_role("link", name="Revert this correction").click()
    page.get_by_role("button", name="Revert the correction").click()
    expect(page.locator(".result")).to_contain_text("Winner: Ana Beatriz!")
    expect(page.locator(".trail")).to_contain_text("Put the correction back")
    context.close()


def rgb(colour: str, page: Page) -> str:
    """A CSS colour as the browser computes it (rgb(…)), read through a throwaway element."""
    return str(page.evaluate("c => { const e = document.createElement('i'); e.style.color = c; document.body.append(e);"
                             " const v = getComputedStyle(e).color; e.remove(); return v; }", colour.strip()))


def test_restore_beside_the_undo_message_works_without_javascript(browser: Browser, served) -> None:
    """No script at all: Undo asks, the scoreboard's message says hand 2 was taken back with its Restore button
    right there, and the button brings it back."""
    context = phone(browser, "320", java_script_enabled=False)
    page = context.new_page()
    account(page, served, "no-script")
    board = match(served, "no-script", ("Ana", "Bea"), [HAND, HAND])
    page.goto(board)
    totals = page.locator(".board .total").all_inner_texts()
    page.get_by_role("link", name="Undo hand 2").click()
    page.get_by_role("button", name="Take back hand 2").click()
    message = page.locator(".flash.undone")
    expect(message).to_contain_text("Hand 2 was taken back.")
    shot(page, "frictions-undone-320-light")
    message.get_by_role("button", name="Restore hand 2").click()
    expect(page.locator(".flashes")).to_contain_text("Hand 2 restored.")
    assert page.locator(".board .total").all_inner_texts() == totals
    context.close()


def inside(page: Page, selector: str, box: str) -> list[str]:
    """The elements of `selector` whose text runs past the element `box` around it, or is cut (scrolls)."""
    return list(page.evaluate(
        """([selector, box]) => [...document.querySelectorAll(selector)].filter((e) => {
             const range = document.createRange(); range.selectNodeContents(e);
             const text = range.getBoundingClientRect(), around = e.closest(box).getBoundingClientRect();
             return text.left < around.left || text.right > around.right || e.scrollWidth > e.clientWidth;
           }).map((e) => e.textContent.trim())""", [selector, box]))


def test_three_players_totals_fit_their_cards_and_pile_tabs_show_whole_names(browser: Browser, served) -> None:
    """Three players, Pablo at 21: every total inside its card. Four players and two partnerships: each pile
    tab shows its whole name (Pablo and Paula told apart), none cut by an ellipsis. At each size; the themes
    change colours only."""
    context = phone(browser, "390")
    page = context.new_page()
    user = "cosmetic"
    account(page, served, user)
    big = {"sides": [{"tally": {"cards": 38, "oros": 10, "sevens": 4, "velo": True}, "escobas": 15},
                     {"tally": {"cards": 1, "oros": 0, "sevens": 0, "velo": False}, "escobas": 0},
                     {"tally": {"cards": 1, "oros": 0, "sevens": 0, "velo": False}, "escobas": 0}],
           "leftover_sum": 10, "last_capture": 0}
    page.goto(match(served, user, ("Pablo", "Paula", "Bruno"), [big], target=30))
    assert page.locator(".board .total").all_inner_texts() == ["21", "0", "0"]
    for size in at_each_size(page):
        assert inside(page, ".board .total", ".side") == [], size
        shot(page, f"frictions-totals-{size}")
    for names, pairs, seen in ((("Pablo", "Paula", "Bruno", "Diego"), False,
                                ["Table", "Pablo", "Paula", "Bruno", "Diego"]),
                               (("Ana Beatriz", "Bruno", "Carla Maria", "Diego"), True,
                                ["Table", "Ana Beatriz & Carla Maria", "Bruno & Diego"])):
        page.goto(match(served, user, names, partnerships=pairs) + "/hands/new?mode=cards")
        tabs = page.locator(".brushes .brush .name")
        assert [re.sub(r"\s+", " ", t) for t in tabs.all_inner_texts()] == seen
        for size in at_each_size(page):
            assert inside(page, ".brushes .brush .name", ".brush") == [], size
            assert all(box["width"] >= 44 and box["height"] >= 44
                       for box in (b.bounding_box() for b in page.locator(".brushes .brush").all()) if box), size
            shot(page, f"frictions-tabs-{len(seen)}-{size}")
        assert scrolls_sideways(page) == {}
    context.close()


def test_the_new_match_choices_are_uncut_and_the_account_shows_the_phones_time(browser: Browser, served,
                                                                               axe_script: str) -> None:
    """At 320 px the penalty, the deal's direction and the deck are choices whose whole words show (a closed
    select cut them); the account page's times are in the phone's zone and language, UTC at hand."""
    context = phone(browser, "320", timezone_id="America/Sao_Paulo")
    page = context.new_page()
    account(page, served, "choices")
    page.goto(served[0] + "/matches/new")
    page.locator("details.more summary").tap()
    for name in ("penalty", "deal_passes", "deck_style"):
        assert page.locator(f'select[name="{name}"]').count() == 0
        labels = page.locator(f'input[name="{name}"] + span')
        assert labels.count() >= 2
        assert inside(page, f'input[name="{name}"] + span', "label.choice") == []
    expect(page.get_by_label("Forfeit: the erring side scores 0, the other takes all deck points")).to_be_checked()
    page.get_by_label("To the left").check()
    page.locator("#penalty").scroll_into_view_if_needed()
    assert violations_in_each_scheme(page, axe_script) == []
    shot_in_each_scheme(page, "frictions-new-match-choices")
    page.goto(served[0] + "/account")
    moment = page.locator(".devices time").first
    utc = moment.get_attribute("title") or ""
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", utc), utc
    assert "UTC" not in moment.inner_text()
    hour = int(utc[11:13])
    shown = re.search(r"(\d{1,2}):\d\d\s*(AM|PM)?", moment.inner_text())
    assert shown, moment.inner_text()
    local = int(shown.group(1)) % 12 + (12 if shown.group(2) == "PM" else 0) if shown.group(2) else int(shown.group(1))
    assert local == (hour - 3) % 24  # São Paulo is UTC−3
    assert violations_in_each_scheme(page, axe_script) == []
    shot_in_each_scheme(page, "frictions-account")
    context.close()
