"""The error summary at the top of every refused form: each problem in words, each linked to its field.

Read without JavaScript (the Flask test client): the summary is in the HTML, before the form, every link
goes to an element of the page, and the fields keep their own messages.
"""

from __future__ import annotations

import re
from html import unescape

import factories
import pytest

# A pile of 45 (three fifteens) for Ana, the leftover 1o 2o 3o 4o (10), the rest (165) to Bea.
PILE_45 = ["10o", "5o", "10c", "5c", "10e", "5e"]
LEFTOVER = ["1o", "2o", "3o", "4o"]


def pile_45() -> dict[str, str]:
    """Each card's place for that hand."""
    codes = [f"{value}{suit}" for suit in "oceb" for value in range(1, 11)]
    return {code: "0" if code in PILE_45 else "L" if code in LEFTOVER else "1" for code in codes}


def summary(html: str) -> list[tuple[str, str]]:
    """The summary's links as (target id, words), in order; asserts there is one summary, before any form
    of the page's main part."""
    found = re.findall(r'<div class="problems error-summary"[^>]*>(.*?)</div>', html, flags=re.S)
    assert len(found) == 1, "one error summary on the page"
    assert html.index('class="problems error-summary"') < html.index("<form", html.index('<main id="main">'))
    links = re.findall(r'<a href="#([^"]+)">(.*?)</a>', found[0], flags=re.S)
    return [(target, re.sub(r"\s+", " ", unescape(words)).strip()) for target, words in links]


def ids(html: str) -> set[str]:
    """Every element id on the page."""
    return set(re.findall(r'\bid="([^"]+)"', html))


def assert_linked(html: str, words: str, target: str) -> None:
    """The summary names a problem in these words, linked to that id, which the page has."""
    items = summary(html)
    assert any(words in text and link == target for link, text in items), items
    assert target in ids(html)


def test_the_summary_attributes_announce_it_and_take_the_focus(keeper):
    """role=alert, tabindex=-1 (focusable by its script, not in the tab order), labelled by its heading."""
    response = keeper.register("x")
    html = response.get_data(as_text=True)
    tag = re.search(r'<div class="problems error-summary"[^>]*>', html).group(0)
    assert 'role="alert"' in tag and 'tabindex="-1"' in tag and 'aria-labelledby="error-summary-title"' in tag
    assert "js/error-summary.js" in html


def test_escobas_beyond_the_pile_are_named_at_the_top_and_linked(keeper):
    """15 escobas for a 45 pile: the summary names them, with Ana's name, and links to her escobas field;
    the field keeps its own message."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    fields = keeper.hand_fields(moves=pile_45())
    response = keeper.submit(keeper.hand_url(match_id), fields | {"escobas-0": "15", "action": "review"},
                             post_to=keeper.hand_url(match_id))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert_linked(html, "Escobas · Ana: 15 escobas are more than this pile can hold (at most 3).", "escobas-0")
    assert "15 escobas are more than this pile can hold (at most 3)." in keeper.errors(html)


def test_a_missing_last_capture_is_named_and_linked(keeper):
    """No last capture: the question is in the summary, linked to its first choice."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "review", overrides={"last_capture": ""})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert_linked(html, "Last capture: Who made the last capture?", "last_capture-0")
    assert "Please check what is marked below." not in html


def test_with_no_card_placed_the_missing_cards_are_named_and_linked_to_the_first(keeper):
    """Nothing placed: the summary says which cards are missing and links to the first card's place."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    fields = {k: ("" if k.startswith("place-") else v) for k, v in keeper.hand_fields().items()}
    response = keeper.submit(keeper.hand_url(match_id), fields | {"action": "review", "escobas-0": "0"},
                             post_to=keeper.hand_url(match_id))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    (target, words), *_ = summary(html)
    assert target == "place-1o" and "Not placed yet" in words


def test_a_fresh_page_checked_at_once_names_the_cards_and_the_last_capture(keeper):
    """Check pressed on the page as it opens: the form refuses the missing last capture before the referee
    sees the hand, yet the summary names the unplaced cards too, first, as the page shows them."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.submit(keeper.hand_url(match_id), {"action": "review"}, post_to=keeper.hand_url(match_id))
    assert response.status_code == 422
    items = summary(response.get_data(as_text=True))
    assert [target for target, _ in items] == ["place-1o", "last_capture-0"]
    assert "Not placed yet" in items[0][1]


def test_a_card_left_unplaced_links_to_that_card(keeper):
    """One card placed nowhere: the link goes to that card's place."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "review", moves={"7e": ""})
    html = response.get_data(as_text=True)
    assert any(target == "place-7e" and "Not placed yet" in words for target, words in summary(html))


def test_the_last_capture_by_a_side_with_no_cards_is_linked(keeper):
    """A rules-core problem about a field goes beside it and into the summary with its link."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    response = keeper.enter_hand(match_id, "save", overrides={"last_capture": "2"})
    html = response.get_data(as_text=True)
    assert_linked(html, "The last capture cannot be Cid's: that pile is empty.", "last_capture-0")
    assert "The last capture cannot be Cid's: that pile is empty." in keeper.errors(html)


def test_every_form_error_is_in_the_summary_with_a_link(keeper):
    """Escobas not a number and no last capture: each message, in the page's order, each linked."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "save", overrides={"escobas-1": "one", "last_capture": ""})
    items = summary(response.get_data(as_text=True))
    assert [target for target, _ in items] == ["escobas-1", "escobas-1", "last_capture-0"]
    assert items[0][1] == "Escobas · Bea: Not a valid integer value."


def test_counts_that_do_not_add_up_link_to_the_first_side(keeper):
    """By counts: the sides' cards add up to 41, named at the top with the piles to recount and linked to the
    first side's cards."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "review", mode="tally", overrides={"cards-0": "21"})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True),
                  "Ana and Bea count 41 cards together, 1 more than the deck's 40: recount their piles.", "cards-0")


def test_a_count_out_of_range_goes_beside_its_field_and_into_the_summary(keeper):
    """Ana's 50 cards: WTForms' own range, named with the count and the side."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "review", mode="tally", overrides={"cards-0": "50"})
    html = response.get_data(as_text=True)
    assert any(target == "cards-0" and words.startswith("Cards · Ana: ") for target, words in summary(html))


@pytest.mark.parametrize(("fields", "words", "target"), [
    pytest.param({"username": "", "password": "", "confirm": ""}, "Username: ", "username", id="no username"),
    pytest.param({"username": "zoe", "password": "short", "confirm": "short"},
                 "Password: Use at least 8 characters.", "password", id="short password"),
    pytest.param({"username": "zoe", "password": "correct-horse", "confirm": "other-horse"},
                 "Repeat the password: The passwords do not match.", "confirm", id="not repeated"),
])
def test_registration_problems_are_summarised(keeper, fields, words, target):
    """Each refused registration field, named and linked."""
    response = keeper.submit("/register", fields)
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), words, target)


def test_a_login_without_a_password_is_summarised(keeper):
    """Login: the missing password named and linked."""
    response = keeper.submit("/login", {"username": "zoe", "password": ""})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), "Password: ", "password")


def test_a_wrong_current_password_is_summarised(keeper):
    """Changing the password: the wrong current one, named and linked."""
    keeper.account("zoe")
    response = keeper.submit("/account/password", {"current": "wrong-horse", "password": "new-horse-2026",
                                                   "confirm": "new-horse-2026"})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), "Current password: Wrong password.", "current")


def test_a_wrong_password_to_delete_the_account_is_summarised(keeper):
    """Deleting the account: the wrong password, named and linked."""
    keeper.account("zoe")
    response = keeper.submit("/account/delete", {"password": "wrong-horse"})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), "Your password: Wrong password.", "password")


def test_a_new_match_without_names_is_summarised(keeper):
    """New match: the players' names, linked to the first seat."""
    keeper.account("zoe")
    response = keeper.submit("/matches/new", {"seating": "2", "names-0": "", "names-1": ""})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert_linked(html, "Seat 1: Give seat 1 a name.", "names-0")
    assert_linked(html, "Seat 2: Give seat 2 a name.", "names-1")
    assert "Names-0" not in html


def test_a_target_out_of_range_is_summarised(keeper):
    """New match: a target of 500, named by its label and linked."""
    keeper.account("zoe")
    response = keeper.submit("/matches/new", {"seating": "2", "names-0": "Ana", "names-1": "Bea", "target": "500"})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), "Target: ", "target")


def test_a_draw_without_cards_is_summarised(keeper):
    """Draw for dealer: a player without a card, linked to that player's grid (its first card)."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    url = f"/matches/{match_id}/draw"
    response = keeper.submit(url, {"cards-0": "", "cards-1": "5o"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert ("cards-0-0", "Ana: Which card was drawn?") in summary(html)
    assert "cards-0" in ids(html)


def test_a_page_without_errors_has_no_summary(keeper):
    """A fresh form shows no summary and loads no summary script."""
    html = keeper.page("/register")
    assert "error-summary" not in html


def test_one_seat_refused_is_named_by_its_place_and_linked(keeper):
    """A name with a control character: that seat's entry, numbered, linked to its own field."""
    keeper.account("zoe")
    response = keeper.submit("/matches/new", {"seating": "2", "names-0": "Ana", "names-1": "Bea\x07"})
    assert response.status_code == 422
    assert_linked(response.get_data(as_text=True), "Seat 2: This holds control characters", "names-1")
