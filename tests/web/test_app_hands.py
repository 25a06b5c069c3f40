"""Entering a hand through the pages: by cards or by counts, the review, saving, conflicts, errors, who deals.

The hand is conftest's correct hand (PILE_A to the first side, PILE_B to the second,
LEFTOVER on the table, the first side with one escoba and the last capture): under
escova-rs it gives the first side oros, velo, all oros and its escoba, 4 to 0.
"""

from __future__ import annotations

import re
from html import unescape

import factories
import pytest
from races import meanwhile
from sqlalchemy import func, select

from referee.models import Hand, MatchEvent

RENUNCIO = {"1o": "1"}  # 1o moved from the leftover into the second side's pile


@pytest.fixture
def match_id(keeper):
    """A two-player Escova match, Ana against Bea, Ana dealing first."""
    return factories.start(keeper, ("Ana", "Bea"))


def test_the_review_shows_checks_points_and_new_totals_and_saves_nothing(keeper, match_id):
    """Every check, the points per category, the hand's points and the totals it would make; no hand stored."""
    response = keeper.enter_hand(match_id)
    assert response.status_code == 200
    page = keeper.text(response.get_data(as_text=True))
    assert "Every check passed" in page
    assert "The leftover sums to 10: right (10, 25, 40 or 55)." in page
    assert "Ana's pile sums to 105 and splits into 7 fifteens." in page
    assert "Bea's pile sums to 105 and splits into 7 fifteens." in page
    assert "Most diamonds 1 0" in page and "Velo (7 of diamonds) 1 0" in page and "All diamonds 1 0" in page
    assert "Points +4 +0" in page
    assert "New total 4 0" in page
    assert "Save hand 1" in page
    assert keeper.saved_hands(match_id) == []
    assert "No hands yet." in keeper.board(match_id)


def test_the_review_keeps_every_card_in_its_place(keeper, match_id):
    """The page after the review shows each select as entered, escobas and last capture too."""
    response = keeper.enter_hand(match_id)
    fields = keeper.fields(response.get_data(as_text=True))
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())
    assert (fields["escobas-0"], fields["escobas-1"], fields["last_capture"]) == ("1", "0", "0")


def test_saving_a_hand_stores_it_and_goes_back_to_the_scoreboard(keeper, match_id):
    """Redirect to the scoreboard, which shows the hand's row and the new totals."""
    response = keeper.enter_hand(match_id, "save")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]
    page = keeper.board(match_id)
    assert "Hand 1 saved." in page
    assert "Ana 4 11 to go" in page and "Bea 0 15 to go" in page
    assert "1 Correct hand 1 ✓ All checks passed +4 total 4 dealt +0 total 0" in page
    assert "Hand 1 saved: Ana 4, Bea 0." in page  # the trail


@pytest.mark.parametrize(("preset", "points"), [("escova-rs", [4, 0]), ("escoba-es", [3, 0]),
                                                ("escoba-intl", [4, 0])])
def test_the_points_follow_the_rules_of_the_match(keeper, preset, points):
    """Escoba (Spain) has no all-oros bonus by default: Ana scores one point less."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset=preset)
    keeper.save_hand(match_id)
    assert keeper.saved_hands(match_id)[0][1] == points


def test_a_hand_by_counts_is_reviewed_and_saved(keeper, match_id):
    """The same hand counted: the same checks on the leftover, the same points, stored as a tally."""
    response = keeper.enter_hand(match_id, mode="tally")
    page = keeper.text(response.get_data(as_text=True))
    assert "The leftover sums to 10: right (10, 25, 40 or 55)." in page
    assert "Points +4 +0" in page
    assert keeper.saved_hands(match_id) == []
    keeper.save_hand(match_id, mode="tally")
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "tally", 0)]


def test_a_hand_for_two_partnerships_scores_the_partnership(keeper):
    """Ana and Cid share a pile and its points; Bea and Dan the other."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid", "Dan"))
    page = keeper.text(keeper.enter_hand(match_id).get_data(as_text=True))
    assert "Ana & Cid's pile sums to 105" in page
    keeper.save_hand(match_id)
    assert "Ana & Cid 4 11 to go" in keeper.board(match_id)


def test_three_players_enter_a_hand_with_an_empty_pile(keeper):
    """Cid captured nothing: his pile is empty and scores nothing; the hand is correct."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    keeper.save_hand(match_id)
    assert keeper.saved_hands(match_id) == [(1, [4, 0, 0], True, "cards", 0)]


def test_the_same_form_sent_twice_records_one_hand(keeper, match_id):
    """A resent form (same client_token) goes back to the scoreboard without a second hand."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    first = keeper.client.post(url, data=form)
    again = keeper.client.post(url, data=form)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == f"/matches/{match_id}"
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


def test_a_hand_saved_meanwhile_from_another_phone_is_a_conflict_that_keeps_the_entry(keeper, match_id):
    """Two phones open hand 1; the second to save is told, nothing is stored twice, its cards stay put."""
    url = keeper.hand_url(match_id)
    phone = factories.phone(keeper)
    mine, theirs = keeper.form(url), phone.form(url)
    phone.client.post(url, data=theirs | phone.hand_fields(mirror=True) | {"action": "save"})
    entry = keeper.hand_fields() | {"action": "save"}
    response = keeper.client.post(url, data=mine | entry)
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved from another phone." in keeper.text(page)
    assert keeper.places(keeper.fields(page)) == keeper.places(entry)
    assert keeper.saved_hands(match_id) == [(1, [0, 4], True, "cards", 0)]


def test_after_a_conflict_the_kept_entry_saves_as_the_next_hand_on_purpose(keeper, match_id):
    """The page says "if this entry is another hand, check it as hand 2": that button reviews it as hand 2 (its
    number, a token of its own, the next dealer), and Save then stores it. Saved again as it stands, it is
    still hand 1's entry: refused again, never saved as hand 2 by itself."""
    url = keeper.hand_url(match_id)
    phone = factories.phone(keeper)
    mine, theirs = keeper.form(url), phone.form(url)
    phone.client.post(url, data=theirs | phone.hand_fields(mirror=True) | {"action": "save"})
    conflict = keeper.client.post(url, data=mine | keeper.hand_fields() | {"action": "save"})
    page = conflict.get_data(as_text=True)
    assert re.search(r'<button[^>]*name="action" value="next"[^>]*>Check it as hand 2</button>', page)
    kept = keeper.fields(page, action=url.split("?")[0])
    assert (kept["number"], kept["dealer"], kept["client_token"]) == ("1", "0", mine["client_token"])
    assert keeper.client.post(url, data=kept | {"action": "save"}).status_code == 409
    review = keeper.client.post(url, data=kept | {"action": "next"})
    assert review.status_code == 200
    assert "Every check passed" in keeper.text(review.get_data(as_text=True))
    as_next = keeper.fields(review.get_data(as_text=True), action=url.split("?")[0])
    assert (as_next["number"], as_next["dealer"]) == ("2", "1") and as_next["client_token"] != mine["client_token"]
    response = keeper.client.post(url, data=as_next | {"action": "save"})
    assert response.status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [0, 4], True, "cards", 0), (2, [4, 0], True, "cards", 1)]


@pytest.mark.parametrize(("penalty", "points"), [("forfeit", [7, 0]), ("void", [3, 0]), ("flag", [3, 1])])
def test_a_renuncio_shows_the_suspect_and_applies_the_penalty(keeper, penalty, points):
    """1o in Bea's pile: the leftover sums to 9, her pile to 106, 1o is the suspect.

    forfeit: Ana takes the 6 deck points plus her escoba; void: Ana keeps what she earned (oros, velo,
    escoba); flag: both keep what they earned (Bea has the most cards).
    """
    match_id = factories.start(keeper, ("Ana", "Bea"), penalty=penalty)
    page = keeper.text(keeper.enter_hand(match_id, moves=RENUNCIO).get_data(as_text=True))
    assert "The referee found a problem" in page
    assert "The leftover sums to 9, not 10, 25, 40 or 55" in page
    assert "Bea's pile sums to 106, not a multiple of 15: it holds cards that did not make 15." in page
    assert "Cards in Bea's pile that fit in no fifteen: Ace of diamonds." in page
    assert "Suspect cards: Ace of diamonds" in page
    assert f"Points +{points[0]} +{points[1]}" in page
    keeper.save_hand(match_id, moves=RENUNCIO)
    assert keeper.saved_hands(match_id) == [(1, points, False, "cards", 0)]


def test_a_forfeit_says_who_erred_and_who_takes_the_deck_points(keeper, match_id):
    """Escova RS: "six deck points plus its escovas"."""
    page = keeper.text(keeper.enter_hand(match_id, moves=RENUNCIO).get_data(as_text=True))
    assert "Bea erred and scores 0 this hand." in page
    assert "Ana takes all 6 deck points, and the escobas on top." in page
    assert "After the penalty 7 0" in page


@pytest.mark.parametrize("moves", [{"1o": ""}, {"1o": "7"}, {"1o": "", "10b": ""}],
                         ids=["left blank", "an unknown place", "two cards"])
def test_a_card_with_no_place_is_named_and_every_other_card_keeps_its_place(keeper, match_id, moves):
    """422, the missing cards named, each select as it was, nothing saved."""
    for action in ("review", "save"):
        response = keeper.enter_hand(match_id, action, moves=moves)
        assert response.status_code == 422
        page = response.get_data(as_text=True)
        missing = " and ".join(name for card, name in (("1o", "Ace of diamonds"), ("10b", "King of clubs"))
                               if card in moves)
        assert f"Not placed yet: {missing} (each of the 40 cards" in keeper.text(page)
        shown = keeper.places(keeper.fields(page))
        expected = keeper.places(keeper.hand_fields(moves=moves))
        assert {k: v for k, v in shown.items() if v in ("0", "1", "L")} == \
               {k: v for k, v in expected.items() if v in ("0", "1", "L")}
    assert keeper.saved_hands(match_id) == []


def test_more_escobas_than_the_pile_can_hold_are_shown_beside_the_field(keeper, match_id):
    """Ana's pile holds 7 fifteens: 8 escobas are refused beside her escobas, the cards kept."""
    response = keeper.enter_hand(match_id, "save", escobas=(8, 0))
    page = response.get_data(as_text=True)
    assert "8 escobas are more than this pile can hold (at most 7)." in keeper.errors(page)
    fields = keeper.fields(page)
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())
    assert fields["escobas-0"] == "8"
    assert keeper.saved_hands(match_id) == []


@pytest.mark.parametrize("action", ["review", "save"])
def test_more_escobas_than_the_pile_can_hold_answer_422(keeper, match_id, action):
    """Like every entry the referee cannot score, the page answers 422."""
    response = keeper.enter_hand(match_id, action, escobas=(8, 0))
    assert response.status_code == 422


@pytest.mark.parametrize(("overrides", "message"), [
    pytest.param({"escobas-0": "-1"}, "Number must be between 0 and 20.", id="negative escobas"),
    pytest.param({"escobas-0": "one"}, "Not a valid integer value.", id="escobas not a number"),
    pytest.param({"escobas-0": "9" * 400}, "Not a valid integer value.", id="escobas too big for a float"),
    pytest.param({"last_capture": ""}, "Who made the last capture?", id="no last capture"),
    pytest.param({"last_capture": "5"}, "Not a valid choice.", id="last capture not a side"),
])
def test_a_form_error_keeps_every_card_in_its_place(keeper, match_id, overrides, message):
    """422, the message, the cards as entered, nothing saved."""
    response = keeper.enter_hand(match_id, "save", overrides=overrides)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in keeper.errors(page)
    assert keeper.places(keeper.fields(page)) == keeper.places(keeper.hand_fields())
    assert keeper.saved_hands(match_id) == []


def test_a_dealer_who_is_not_at_the_table_is_refused(keeper, match_id):
    """Only a posted form that was tampered with can name a sixth seat: 422, nothing saved."""
    response = keeper.enter_hand(match_id, "save", overrides={"dealer": "5"})
    assert response.status_code == 422
    assert keeper.saved_hands(match_id) == []


def test_the_last_capture_needs_cards_in_that_pile(keeper):
    """Cid took nothing, so he cannot have made the last capture."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    response = keeper.enter_hand(match_id, "save", overrides={"last_capture": "2"})
    assert response.status_code == 422
    assert "The last capture cannot be Cid's: that pile is empty." in keeper.text(response.get_data(as_text=True))
    assert keeper.saved_hands(match_id) == []


def tally_renuncio(pile_sums: bool) -> dict[str, str]:
    """The renuncio counted: Ana holds her pile and the leftover 2o 3o 4o, Bea her pile and 1o."""
    fields = {"cards-0": "19", "oros-0": "9", "sevens-0": "2", "cards-1": "21", "oros-1": "1", "sevens-1": "2",
              "leftover_sum": "9", "velo": "0"}
    if pile_sums:
        fields |= {"pile_sum-0": "114", "pile_sum-1": "106"}
    return fields


def test_counts_with_a_wrong_leftover_and_no_pile_sums_ask_for_the_pile_sums(keeper, match_id):
    """The review says the counts cannot tell who erred and offers no Save button."""
    response = keeper.enter_hand(match_id, mode="tally", overrides=tally_renuncio(pile_sums=False))
    page = response.get_data(as_text=True)
    assert "The leftover is wrong, but the counts do not show who erred" in keeper.text(page)
    assert 'value="save"' not in page


def test_counts_with_a_wrong_leftover_and_no_pile_sums_cannot_be_saved(keeper, match_id):
    """Saving anyway: 422, the request for pile sums, the counts kept, nothing stored."""
    response = keeper.enter_hand(match_id, "save", mode="tally", overrides=tally_renuncio(pile_sums=False))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "count each side's pile sum so the referee can tell who erred, then save" in keeper.text(page)
    fields = keeper.fields(page)
    assert (fields["cards-0"], fields["oros-1"], fields["leftover_sum"]) == ("19", "1", "9")
    assert keeper.saved_hands(match_id) == []


def test_counts_with_pile_sums_name_the_side_that_erred(keeper, match_id):
    """With the pile sums, Bea's 106 shows her error: Ana takes 6 + her escoba."""
    keeper.save_hand(match_id, mode="tally", overrides=tally_renuncio(pile_sums=True))
    assert keeper.saved_hands(match_id) == [(1, [7, 0], False, "tally", 0)]


@pytest.mark.parametrize(("deal_passes", "dealers"), [
    ("right", ["Ana", "Bea", "Cid", "Ana"]),
    ("left", ["Ana", "Cid", "Bea", "Ana"]),
])
def test_the_deal_passes_after_each_hand(keeper, deal_passes, dealers):
    """To the next seat in the order of play by default, to the previous one when the match says left;
    the seat after the dealer always plays first, and the entry page proposes the next dealer."""
    names = ["Ana", "Bea", "Cid"]
    match_id = factories.start(keeper, tuple(names), deal_passes=deal_passes)
    for number, dealer in enumerate(dealers):
        first = names[(names.index(dealer) + 1) % 3]
        assert f"Deals: {dealer} · Plays first: {first}" in keeper.board(match_id)
        assert keeper.form(keeper.hand_url(match_id))["dealer"] == str(names.index(dealer))
        if number < len(dealers) - 1:
            keeper.save_hand(match_id)
    assert [row[-1] for row in keeper.saved_hands(match_id)] == [names.index(d) for d in dealers[:-1]]


def test_the_scorekeeper_can_correct_who_dealt(keeper, match_id):
    """Bea dealt hand 1 instead of Ana: the next deal is Ana's."""
    keeper.save_hand(match_id, overrides={"dealer": "1"})
    assert "Deals: Ana · Plays first: Bea" in keeper.board(match_id)


@pytest.mark.parametrize("url", ["/matches/{id}/hands/new?mode=chips", "/matches/{id}/hands/2/edit",
                                 "/matches/{id}/hands/1/edit?mode=chips"])
def test_an_unknown_entry_mode_or_hand_is_not_found(keeper, match_id, url):
    """With hand 1 saved: no third way to enter a hand, no hand 2 to correct."""
    keeper.save_hand(match_id)
    assert keeper.client.get(url.format(id=match_id)).status_code == 404


def test_checking_by_cards_and_by_counts_saves_nothing(keeper, match_id):
    """Checking is not saving, whichever way the hand is entered."""
    keeper.enter_hand(match_id)
    keeper.enter_hand(match_id, mode="tally")
    assert keeper.query(select(func.count(Hand.id))) == [(0,)]


# -- tampered hidden fields: refused, never a 500 ------------------------------------

TAMPERED = "Part of this page was changed outside the app, so nothing was saved."


@pytest.mark.parametrize("overrides", [
    pytest.param({"number": "abc"}, id="number not a number"),
    pytest.param({"number": "9" * 5000}, id="number 5000 digits"),
    pytest.param({"number": ""}, id="number missing"),
    pytest.param({"version": "x1"}, id="version not a number"),
    pytest.param({"version": "9" * 5000}, id="version 5000 digits"),
    pytest.param({"client_token": "x" * 65}, id="token too long"),
    pytest.param({"client_token": "<b>\u00e9</b>"}, id="token not a token"),
    pytest.param({"dealer": "9" * 5000}, id="dealer 5000 digits"),
])
def test_a_tampered_hidden_field_is_refused_and_the_page_can_be_saved_again(keeper, match_id, overrides):
    """422 with a message, nothing stored, the cards kept; the page's own fields are good again, so Save saves."""
    response = keeper.enter_hand(match_id, "save", overrides=overrides)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert TAMPERED in keeper.text(page)
    assert keeper.saved_hands(match_id) == []
    fields = keeper.fields(page)
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())
    url = keeper.hand_url(match_id)
    assert keeper.client.post(url, data=fields | {"action": "save"}).status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


@pytest.mark.parametrize("extra", [{"escobas-7": "3"}, {"cards-999": "5", "oros-50": "1"}, {"escobas-2": "x" * 5000},
                                   {"escobas-²": "1"}, {"escobas-" + "9" * 5000: "1"}, {"pile_sum-٣": "1"}],
                         ids=["escobas-7", "cards-999", "a third escobas", "superscript index", "5000-digit index",
                              "arabic-indic index"])
def test_entries_past_the_sides_of_the_match_are_ignored(keeper, match_id, extra):
    """FieldList indexes no page has (a third side's escobas, cards-999) change nothing."""
    for mode in ("cards", "tally"):
        response = keeper.enter_hand(match_id, mode=mode, overrides=extra)
        assert response.status_code == 200, mode
        assert "Points +4 +0" in keeper.text(response.get_data(as_text=True))


# -- the same hand saved at once from two places ----------------------------------

def saved_meanwhile(monkeypatch, keeper, fields):
    """While this save is under way, another phone saves `fields` as a new hand."""
    phone = factories.phone(keeper)
    url = keeper.hand_url(int(fields["_match"]))
    data = {k: v for k, v in fields.items() if k != "_match"} | {"csrf_token": phone.form(url)["csrf_token"]}
    return meanwhile(monkeypatch, lambda: phone.client.post(url, data=data).status_code)


def test_the_same_hand_saved_meanwhile_under_its_token_answers_with_the_saved_hand(keeper, match_id, monkeypatch):
    """The resend that loses the race goes to the scoreboard like the first: one hand, no error."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    answers = saved_meanwhile(monkeypatch, keeper, form | {"_match": str(match_id)})
    response = keeper.client.post(url, data=form)
    assert answers == [302]
    assert response.status_code == 302
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


def test_another_hand_saved_meanwhile_is_a_conflict_not_an_error(keeper, match_id, monkeypatch):
    """Two phones save different hands 1 at the same moment: one is stored, the other sees the conflict page."""
    url = keeper.hand_url(match_id)
    theirs = factories.phone(keeper).form(url) | keeper.hand_fields(mirror=True) | {"action": "save"}
    answers = saved_meanwhile(monkeypatch, keeper, theirs | {"_match": str(match_id)})
    response = keeper.client.post(url, data=keeper.form(url) | keeper.hand_fields() | {"action": "save"})
    assert answers == [302]
    assert response.status_code == 409
    assert "Hand 1 was already saved from another phone." in keeper.text(response.get_data(as_text=True))
    assert keeper.saved_hands(match_id) == [(1, [0, 4], True, "cards", 0)]


# -- offline resends (static/js/outbox.js sends a form again with its client_token) ----

def test_a_resend_that_differs_from_what_was_saved_says_so_and_offers_the_correction(keeper, match_id):
    """The first send was saved (its answer lost); sent again changed, it is not dropped in silence: 409, the
    page says so and its button reviews the entry as a correction of hand 1, which then saves."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    assert keeper.client.post(url, data=form).status_code == 302
    response = keeper.client.post(url, data=form | {"escobas-0": "0"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved when this entry was first sent" in keeper.text(page)
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]
    [correct] = re.findall(r'<button[^>]*formaction="([^"]+)"[^>]*>\s*Correct hand 1 with this entry', page)
    fields = keeper.fields(page)
    assert fields["escobas-0"] == "0" and keeper.places(fields) == keeper.places(keeper.hand_fields())
    review = keeper.client.post(unescape(correct), data=fields | {"action": "review"})
    assert review.status_code == 200
    text = keeper.text(review.get_data(as_text=True))
    assert "Correct hand 1" in text and "Points +3 +0" in text
    saved = keeper.client.post(unescape(correct), data=keeper.fields(review.get_data(as_text=True)) |
                               {"action": "save"})
    assert saved.status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [3, 0], True, "cards", 0)]


def test_a_resend_of_the_entry_first_saved_is_recognised_after_a_correction(keeper, match_id):
    """Hand 1 was saved, then corrected; the phone's late copy of the first entry changes nothing."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    keeper.save_hand(match_id, number=1, escobas=(0, 0))
    response = keeper.client.post(url, data=form)
    assert response.status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [3, 0], True, "cards", 0)]


def test_a_resend_of_a_hand_since_undone_does_not_bring_it_back(keeper, match_id):
    """Saved, then taken back: the same form sent again is refused with a message, and no hand comes back."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    keeper.submit(f"/matches/{match_id}/undo")
    response = keeper.client.post(url, data=form)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was taken back after it was saved, so it was not saved again." in keeper.text(page)
    assert keeper.saved_hands(match_id) == []
    assert keeper.places(keeper.fields(page)) == keeper.places(keeper.hand_fields())


def test_after_an_undone_resend_the_entry_can_still_be_saved_on_purpose(keeper, match_id):
    """The page says "if it should count, check it and save it as hand 1": its button checks it as hand 1 with a
    token of its own, and Save stores it."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    keeper.submit(f"/matches/{match_id}/undo")
    refused = keeper.client.post(url, data=form)
    assert "Check it as hand 1" in keeper.text(refused.get_data(as_text=True))
    kept = keeper.fields(refused.get_data(as_text=True), action=url.split("?")[0])
    review = keeper.client.post(url, data=kept | {"action": "next"})
    checked = keeper.fields(review.get_data(as_text=True), action=url.split("?")[0])
    assert checked["client_token"] != form["client_token"]
    assert keeper.client.post(url, data=checked | {"action": "save"}).status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


def test_the_trail_keeps_the_token_and_entry_of_an_undone_hand(keeper, match_id):
    """The undo event remembers what was taken back, so a late resend can be recognised."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    keeper.submit(f"/matches/{match_id}/undo")
    [(before,)] = keeper.query(select(MatchEvent.before).where(MatchEvent.kind == "hand_undone"))
    assert before["client_token"] == form["client_token"]
    assert before["mode"] == "cards" and before["dealer"] == 0
    assert sorted(before["entry"]["leftover"]) == sorted(["1o", "2o", "3o", "4o"])


@pytest.mark.parametrize("field", ["cards-0", "oros-1", "sevens-0", "pile_sum-1", "leftover_sum"])
def test_a_count_of_hundreds_of_digits_is_refused_beside_it(keeper, match_id, field):
    """NumberRange compares through a float, which a 400-digit number overflows: refused as not a number."""
    response = keeper.enter_hand(match_id, mode="tally", overrides={field: "9" * 400})
    assert response.status_code == 422
    assert "Not a valid integer value." in keeper.errors(response.get_data(as_text=True))


def test_a_changed_resend_sent_to_be_checked_already_says_it_was_saved(keeper, match_id):
    """The outbox sends a changed entry back as a review: the page says at once that hand 1 was saved with
    another entry, and offers the correction, instead of offering to save it as hand 2."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    response = keeper.client.post(url, data=form | {"escobas-0": "0", "action": "review"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved when this entry was first sent" in keeper.text(page)
    assert "Correct hand 1 with this entry" in keeper.text(page)


def test_an_unchanged_resend_sent_to_be_checked_is_reviewed_as_usual(keeper, match_id):
    """Checking again the entry that was saved is only a review."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    response = keeper.client.post(url, data=form | {"action": "review"})
    assert response.status_code == 200
    assert "Every check passed" in keeper.text(response.get_data(as_text=True))


def test_a_changed_resend_of_the_winning_hand_is_not_dropped_when_the_match_is_over(keeper):
    """The hand that won was saved (its answer lost); its changed resend arrives after: not a silent "the match
    is over", but the offer to correct it."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    again = keeper.client.post(url, data=form)
    assert again.headers["Location"] == f"/matches/{match_id}"  # the same entry: the hand saved
    response = keeper.client.post(url, data=form | {"escobas-0": "0"})
    assert response.status_code == 409
    assert "Correct hand 1 with this entry" in keeper.text(response.get_data(as_text=True))


def test_a_new_hand_posted_to_a_match_that_is_over_is_not_saved(keeper):
    """A hand after the winning one: back to the scoreboard, nothing stored."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    url = keeper.hand_url(match_id)
    late = factories.phone(keeper).form(url)
    keeper.save_hand(match_id)
    phone = factories.phone(keeper)
    response = phone.client.post(url, data=late | {"csrf_token": phone.form("/matches/new")["csrf_token"]}
                                 | keeper.hand_fields(mirror=True) | {"action": "save", "number": "2"})
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert "This match is over" in phone.board(match_id)
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1]


def test_the_winning_hand_saved_meanwhile_from_another_phone_can_only_be_corrected(keeper):
    """A form opened for hand 1, saved after another phone's hand 1 won the match: the conflict, whose only way on
    is to correct hand 1 with this entry (no hand 2 after the winner)."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    url = keeper.hand_url(match_id)
    phone = factories.phone(keeper)
    late = phone.form(url)
    keeper.save_hand(match_id)
    response = phone.client.post(url, data=late | phone.hand_fields(escobas=(0, 0)) | {"action": "save"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved from another phone." in keeper.text(page)
    assert "Check it as hand 2" not in keeper.text(page)
    [correct] = set(re.findall(r'<button[^>]*formaction="([^"]+)"[^>]*>Correct hand 1 with this entry', page))
    assert unescape(correct) == f"/matches/{match_id}/hands/1/edit?mode=cards"
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1]
