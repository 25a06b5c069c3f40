"""Drafts on the phone: a hand being entered survives a reload, a closed tab and the back button, until the
server says it is saved; and a refused entry says every problem at the top, with the focus on it."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import violations, violations_in_each_scheme
from live import serve
from offline_phone import go_offline
from phone import PHONE, SCREENSHOTS_WANTED, picture, start_match
from playwright.sync_api import Browser, Page, expect

from referee import create_app

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[str]:
    """The app on a free port, as tests/e2e/conftest.py serves it, but without throttling: each test here
    registers an account of its own, more than the ten an hour one address may."""
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite"
    shutil.copyfile(migrated_sqlite, db)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db}",
                      "RATELIMIT_ENABLED": False})
    with serve(app) as address:
        yield address

SIX = ["1o", "2o", "3o", "4o", "5c", "6c"]
DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')).sort()"
NOTICE = "Your unsaved entry was restored"
# A hand whose first pile sums to 45 (three fifteens): the leftover 1o-4o, Ana 10o 5o 10c 5c 10e 5e, Bea the rest.
LEFTOVER = ["1o", "2o", "3o", "4o"]
PILE_45 = ["10o", "5o", "10c", "5c", "10e", "5e"]


def tap(page: Page, codes: list[str]) -> None:
    """Tap cards in the picker with the brush chosen."""
    page.wait_for_load_state()  # the picker's script ran: a card tapped before it is lost
    for code in codes:
        page.locator(f'.card[data-code="{code}"]').tap()


def drafts(page: Page) -> list[str]:
    """The drafts this phone keeps."""
    return page.evaluate(DRAFTS)


def whole_hand(page: Page, escobas: str = "0", last_capture: bool = True) -> None:
    """Every card placed (the leftover on the table, Ana's 45, the rest to Bea), escobas, the last capture."""
    tap(page, LEFTOVER)
    page.locator("label.brush.side-0").tap()
    tap(page, PILE_45)
    page.locator('button[name=rest][value="1"]').tap()  # the rest to Bea
    expect(page.locator("[data-count]")).to_have_text("40")
    page.locator("#escobas-0").fill(escobas)
    if last_capture:
        page.locator("#last_capture-0").check()


def test_six_cards_come_back_after_a_reload_with_the_notice(page: Page, live_server: str) -> None:
    """Six cards placed, then a reload: the six are where they were, the count says so, with the notice."""
    board = start_match(page, live_server, "dora")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    expect(page.locator("[data-count]")).to_have_text("6")
    page.reload()
    expect(page.locator(".draft-notice")).to_contain_text(NOTICE)
    expect(page.locator("[data-count]")).to_have_text("6")
    for code in SIX:
        expect(page.locator(f"#place-{code}")).to_have_value("L")
        expect(page.locator(f'.card[data-code="{code}"]')).to_have_attribute("data-place", "L")
    expect(page.locator("#place-7c")).to_have_value("")

    # Discard: the page as the server sent it, the draft forgotten (a reload shows nothing back).
    page.get_by_role("button", name="Discard").tap()
    expect(page.locator(".draft-notice")).to_have_count(0)
    expect(page.locator("[data-count]")).to_have_text("0")
    expect(page.locator("#place-1o")).to_have_value("")
    assert drafts(page) == []
    page.reload()
    expect(page.locator("[data-count]")).to_have_text("0")
    expect(page.locator(".draft-notice")).to_have_count(0)


def test_a_draft_survives_the_back_button_and_a_closed_tab(page: Page, live_server: str) -> None:
    """Away to the scoreboard and back, then the tab closed and the page opened again: the cards stay."""
    board = start_match(page, live_server, "elsa")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    page.locator("#escobas-1").fill("2")
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page).to_have_url(board)
    page.go_back()
    expect(page.locator("[data-count]")).to_have_text("6")
    expect(page.locator("#escobas-1")).to_have_value("2")

    context = page.context
    page.close()
    again = context.new_page()
    again.goto(board + "/hands/new?mode=cards")
    expect(again.locator(".draft-notice")).to_contain_text(NOTICE)
    expect(again.locator("[data-count]")).to_have_text("6")
    expect(again.locator("#escobas-1")).to_have_value("2")
    again.close()


def test_saving_clears_the_draft_and_a_correction_keeps_its_own(page: Page, live_server: str) -> None:
    """Hand 1 saved: hand 2 starts empty. A correction of hand 1 and the new hand 2 are separate drafts."""
    board = start_match(page, live_server, "fina")
    page.goto(board + "/hands/new?mode=cards")
    whole_hand(page)
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    assert drafts(page) != []  # the review page holds an entry not saved yet
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved.")
    assert drafts(page) == []
    page.goto(board + "/hands/new?mode=cards")
    expect(page.locator("[data-count]")).to_have_text("0")
    expect(page.locator(".draft-notice")).to_have_count(0)

    # The correction of hand 1: a card moved, left unsaved.
    page.goto(board + "/hands/1/edit?mode=cards")
    page.locator("label.brush.side-1").tap()
    tap(page, ["10o"])
    expect(page.locator("#place-10o")).to_have_value("1")
    # Hand 2: its own page, empty; two cards placed.
    page.goto(board + "/hands/new?mode=cards")
    expect(page.locator(".draft-notice")).to_have_count(0)
    expect(page.locator("[data-count]")).to_have_text("0")
    tap(page, ["7o", "7c"])
    # Back to the correction: its own draft, not hand 2's.
    page.goto(board + "/hands/1/edit?mode=cards")
    expect(page.locator(".draft-notice")).to_contain_text(NOTICE)
    expect(page.locator("#place-10o")).to_have_value("1")
    expect(page.locator("#place-7o")).to_have_value("1")  # as saved, not hand 2's table
    assert len(drafts(page)) == 2

    # Saving the correction forgets it, and only it.
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected.")
    remaining = drafts(page)
    assert len(remaining) == 1 and ":new-2:" in remaining[0]


def test_a_refused_save_keeps_the_draft(page: Page, live_server: str) -> None:
    """Six cards and Check: 422, the page holds them; left and opened again, the draft is there."""
    board = start_match(page, live_server, "gala")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    with page.expect_response(re.compile(r"/hands/new")) as answer:
        page.get_by_role("button", name="Check the hand").tap()
    assert answer.value.status == 422
    expect(page.locator("#error-summary")).to_be_visible()
    expect(page.locator(".draft-notice")).to_have_count(0)  # nothing restored over an answer to a POST
    page.goto(board)
    page.get_by_role("link", name=re.compile("by every card")).click()  # the mode it was entered in
    expect(page.locator(".draft-notice")).to_contain_text(NOTICE)
    expect(page.locator("[data-count]")).to_have_text("6")


def test_logging_out_forgets_every_draft(page: Page, live_server: str) -> None:
    """Nothing of one account's entries stays on the phone for the next."""
    board = start_match(page, live_server, "hana")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    page.goto(board)
    assert len(drafts(page)) == 1
    page.get_by_role("button", name=re.compile("Log out")).click()
    expect(page).to_have_url(re.compile(r"/$|/login"))
    assert drafts(page) == []


def test_escobas_beyond_the_pile_are_summarised_at_the_top_with_the_focus(page: Page, live_server: str) -> None:
    """15 escobas for a 45 pile: the summary at the top names them, has the focus, and its link moves the
    focus to Ana's escobas."""
    board = start_match(page, live_server, "ines")
    page.goto(board + "/hands/new?mode=cards")
    whole_hand(page, escobas="15")
    page.get_by_role("button", name="Check the hand").tap()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("Escobas · Ana: 15 escobas are more than this pile can hold (at most 3)")
    expect(summary).to_be_focused()
    assert summary.bounding_box()["y"] < PHONE["viewport"]["height"]  # on the first screen
    summary.get_by_role("link", name=re.compile("15 escobas")).tap()
    expect(page.locator("#escobas-0")).to_be_focused()
    expect(page.locator("#escobas-0")).to_be_in_viewport()


def test_a_missing_last_capture_is_named_and_its_link_goes_to_the_question(page: Page, live_server: str) -> None:
    """No last capture: named in the summary; the link focuses its first choice, the question in view."""
    board = start_match(page, live_server, "juno")
    page.goto(board + "/hands/new?mode=cards")
    whole_hand(page, last_capture=False)
    page.get_by_role("button", name="Check the hand").tap()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    summary.get_by_role("link", name="Last capture: Who made the last capture?").tap()
    expect(page.locator("#last_capture-0")).to_be_focused()
    expect(page.get_by_text("Who made the last capture?", exact=True).last).to_be_in_viewport()


def test_the_unplaced_cards_link_to_the_first_card(page: Page, live_server: str) -> None:
    """No card placed: the missing cards are named; the link focuses the first card's tile."""
    board = start_match(page, live_server, "kira")
    page.goto(board + "/hands/new?mode=cards")
    page.get_by_role("button", name="Check the hand").tap()
    link = page.locator("#error-summary a").first
    expect(link).to_contain_text("Not placed yet")
    link.tap()
    expect(page.locator('.card[data-code="1o"]')).to_be_focused()


def test_without_javascript_the_summary_is_in_the_page_with_its_links(browser: Browser, page: Page,
                                                                      live_server: str) -> None:
    """No JavaScript: the summary and its links are the server's HTML; a link scrolls to its field."""
    board = start_match(page, live_server, "lena")
    context = browser.new_context(**PHONE, locale="en-GB", java_script_enabled=False,
                                  storage_state=page.context.storage_state())
    page = context.new_page()
    try:
        page.goto(board + "/hands/new?mode=cards")
        page.get_by_role("button", name="Check the hand").click()
        summary = page.locator("#error-summary")
        expect(summary).to_contain_text("Not placed yet")
        expect(summary.locator('a[href="#place-1o"]')).to_have_count(1)
        expect(summary.locator('a[href="#last_capture-0"]')).to_have_count(1)
        summary.locator('a[href="#last_capture-0"]').click()
        expect(page).to_have_url(re.compile("#last_capture-0$"))
        expect(page.locator("#last_capture-0")).to_be_in_viewport()
    finally:
        context.close()


def screens(page: Page, name: str) -> None:
    """What the phone shows first (not the whole page), light and dark, at 390 and at 320 px wide, when
    screenshots are wanted."""
    if not SCREENSHOTS_WANTED:
        return
    for theme in ("light", "dark"):
        page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", theme)
        picture(page, f"{name}-{theme}")
    page.set_viewport_size({"width": 320, "height": 568})
    picture(page, f"{name}-320")
    page.set_viewport_size(PHONE["viewport"])
    page.evaluate("() => { delete document.documentElement.dataset.theme; }")


@pytest.mark.parametrize(("code", "discard", "notice", "fix"), [
    ("en", "Discard", NOTICE, "15 escobas are more than this pile can hold (at most 3)"),
    ("es", "Descartar", "Se ha recuperado lo que no habías guardado", "15 escobas son más de las que"),
    ("pt_BR", "Descartar", "O que você não tinha salvo foi recuperado", "15 escovas são mais do que"),
])
def test_the_notice_and_the_summary_in_each_language(page: Page, live_server: str, code: str, discard: str,
                                                     notice: str, fix: str) -> None:
    """The notice and the summary in the language chosen on the phone (screenshots to look at)."""
    board = start_match(page, live_server, f"mila-{code.lower()}")
    page.goto(f"{live_server}/language/{code}?next=/")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    page.reload()
    expect(page.locator(".draft-notice")).to_contain_text(notice)
    expect(page.locator(".draft-notice button")).to_have_text(discard)
    screens(page, f"draft-restored-{code}")
    page.locator(".draft-notice button").tap()
    whole_hand(page, escobas="15")
    page.locator(".submit-bar button[value='review']:not([formaction])").tap()  # not the saved-elsewhere notice's
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary.locator('a[href="#escobas-0"]')).to_contain_text(fix)
    screens(page, f"error-summary-{code}")


@pytest.mark.service_worker
def test_a_hand_the_outbox_delivers_forgets_its_draft(page: Page, live_server: str) -> None:
    """Saved offline, the hand waits in the outbox and its draft stays; once the outbox delivers it (the
    network back), the draft is forgotten and hand 2 starts empty."""
    board = start_match(page, live_server, "nora")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.goto(board + "/hands/new?mode=cards")
    whole_hand(page)
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    go_offline(page)
    try:
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator(".submit-bar .outbox")).to_be_visible()
        assert len(drafts(page)) == 1  # not saved yet: kept
    finally:
        page.context.set_offline(False)
    expect(page).to_have_url(board)  # sent by itself once the network is back
    expect(page.locator(".flash").last).to_contain_text("Hand 1 saved.")
    assert drafts(page) == []
    page.goto(board + "/hands/new?mode=cards")
    expect(page.locator("[data-count]")).to_have_text("0")
    expect(page.locator(".draft-notice")).to_have_count(0)


def test_a_correction_the_outbox_delivers_forgets_its_draft_by_the_outbox_word(browser: Browser,
                                                                                live_server: str) -> None:
    """No service worker: the outbox posts by itself and the server's answer (its flash) is read by the outbox,
    not shown; a correction is in no scoreboard list. Only the outbox's word can forget its draft, and does."""
    context = browser.new_context(**PHONE, locale="en-GB", service_workers="block")
    page = context.new_page()
    try:
        board = start_match(page, live_server, "olga")
        page.goto(board + "/hands/new?mode=cards")
        whole_hand(page)
        page.get_by_role("button", name="Check the hand").tap()
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page).to_have_url(board)
        page.goto(board + "/hands/1/edit?mode=cards")
        page.locator("#escobas-0").fill("1")
        page.get_by_role("button", name="Check the hand").tap()
        expect(page.locator(".review")).to_contain_text("Every check passed")
        go_offline(page)
        try:
            page.get_by_role("button", name="Save the correction").tap()
            expect(page.locator(".submit-bar .outbox")).to_be_visible()
            assert [key for key in drafts(page) if ":edit-1:" in key]
        finally:
            page.context.set_offline(False)
        expect(page).to_have_url(board)
        assert drafts(page) == []
    finally:
        context.close()


def test_the_notice_and_the_summary_pass_axe(page: Page, live_server: str, axe_script: str) -> None:
    """No serious accessibility violation on a page with the notice, nor on one with the summary, in the light
    and the dark colour scheme."""
    board = start_match(page, live_server, "pia")
    page.goto(board + "/hands/new?mode=cards")
    tap(page, SIX)
    page.reload()
    expect(page.locator(".draft-notice")).to_be_visible()
    assert violations_in_each_scheme(page, axe_script) == []
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator("#error-summary")).to_be_focused()
    assert violations_in_each_scheme(page, axe_script) == []


def test_a_refused_registration_has_the_same_summary(page: Page, live_server: str) -> None:
    """Another form, the same behaviour: the summary first, focused, its link on the field."""
    page.goto(live_server + "/register")
    page.get_by_label("Username").fill("quim")
    page.get_by_label("Password", exact=True).fill("escova-2026")
    page.get_by_label("Repeat the password").fill("escova-2027")
    page.get_by_role("button", name="Create account").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    screens(page, "error-summary-register-en")
    summary.get_by_role("link", name="Repeat the password: The passwords do not match.").tap()
    expect(page.get_by_label("Repeat the password")).to_be_focused()



def lose_the_race(browser: Browser, page: Page, board: str) -> None:
    """This phone types hand 1 (an escoba for Ana); another phone saves its hand 1 (none) first; this phone's Check
    answers the conflict."""
    other = browser.new_context(**PHONE, locale="en-GB", storage_state=page.context.storage_state())
    try:
        page.goto(board + "/hands/new?mode=cards")
        whole_hand(page, escobas="1")
        theirs = other.new_page()
        theirs.goto(board + "/hands/new?mode=cards")
        whole_hand(theirs)
        theirs.get_by_role("button", name="Check the hand").tap()
        theirs.get_by_role("button", name="Save hand 1").tap()
        expect(theirs.locator(".flash")).to_contain_text("Hand 1 saved.")
    finally:
        other.close()
    with page.expect_response(re.compile(r"/hands/new")) as answer:
        page.get_by_role("button", name="Check the hand").tap()
    assert answer.value.status == 409
    expect(page.locator(".conflict")).to_contain_text("Hand 1 was already saved from another phone.")


def test_an_entry_refused_because_another_phone_saved_that_hand_never_becomes_the_next_hands_draft(
        browser: Browser, page: Page, live_server: str, axe_script: str) -> None:
    """The refused entry, shown beside the saved hand, stays hand 1's: hand 2 opens empty, after a reload too."""
    board = start_match(page, live_server, "rita")
    lose_the_race(browser, page, board)
    expect(page.locator(".conflict table.compare")).to_contain_text("Escobas · Ana")
    expect(page.locator("h1")).to_have_text("Hand 1")
    assert [key for key in drafts(page) if ":new-1:cards" in key]
    assert not [key for key in drafts(page) if ":new-2:" in key]
    screens(page, "conflict-en")
    assert violations(page, axe_script) == []

    page.goto(board + "/hands/new?mode=cards")
    expect(page.locator("h1")).to_have_text("Hand 2")
    expect(page.locator(".draft-notice")).to_have_count(0)
    expect(page.locator("[data-count]")).to_have_text("0")
    page.reload()
    expect(page.locator(".draft-notice")).to_have_count(0)
    expect(page.locator("#escobas-0")).to_have_value("0")
    assert not [key for key in drafts(page) if ":new-2:" in key]


def test_the_refused_entry_corrects_the_saved_hand_or_is_forgotten(browser: Browser, page: Page,
                                                                   live_server: str) -> None:
    """"Correct hand 1 with this entry" opens the correction's review filled in with it, which saves; "Keep hand 1 as
    saved", the other time, forgets it."""
    board = start_match(page, live_server, "sara")
    lose_the_race(browser, page, board)
    page.get_by_role("button", name="Correct hand 1 with this entry").first.tap()
    expect(page.locator("h1")).to_have_text("Correct hand 1")
    expect(page.locator(".review tfoot tr").first).to_have_text(re.compile(r"Points\s*\+2\s*\+4"))  # Ana's escoba
    expect(page.locator("#escobas-0")).to_have_value("1")
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected.")
    expect(page.locator("table.hands tbody tr").first).to_contain_text("+2")
    assert drafts(page) == []

    page.goto(board + "/hands/1/edit?mode=cards")
    page.locator("#escobas-0").fill("2")
    other = browser.new_context(**PHONE, locale="en-GB", storage_state=page.context.storage_state())
    try:
        theirs = other.new_page()
        theirs.goto(board + "/hands/1/edit?mode=cards")
        theirs.locator("#escobas-0").fill("0")
        theirs.get_by_role("button", name="Check the hand").tap()
        theirs.get_by_role("button", name="Save the correction").tap()
        expect(theirs.locator(".flash")).to_contain_text("Hand 1 corrected.")
    finally:
        other.close()
    page.get_by_role("button", name="Check the hand").tap()
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".conflict")).to_contain_text("Your correction of hand 1 was not saved.")
    assert [key for key in drafts(page) if ":edit-1:cards" in key]
    page.get_by_role("link", name="Keep hand 1 as saved").tap()
    expect(page.locator("table.hands tbody tr").first).to_contain_text("+1")  # the other phone's: no escoba
    assert drafts(page) == []
    page.goto(board + "/hands/1/edit?mode=cards")
    expect(page.locator(".draft-notice")).to_have_count(0)
    expect(page.locator("#escobas-0")).to_have_value("0")
