"""Correcting and undoing hands, and the match's result as hands come and go.

The hand is conftest's correct hand: under escova-rs it gives the first side 4
(oros, velo, all oros, one escoba) and the second 0; mirrored, the other way round.
"""

from __future__ import annotations

import factories
import pytest
from api_client import TWO, ApiClient
from races import meanwhile
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match


def result(keeper, match_id):
    """Whether the match is finished, and its winner."""
    [row] = keeper.query(select(Match.finished, Match.winner).where(Match.id == match_id))
    return tuple(row)


@pytest.fixture
def match_id(keeper):
    """A two-player Escova match to 15, Ana against Bea, Ana dealing first."""
    return factories.start(keeper, ("Ana", "Bea"))


def test_correcting_a_hand_recomputes_the_totals_and_the_trail_shows_before_and_after(keeper, match_id):
    """Ana had no escoba after all: 4 becomes 3, on the scoreboard and in the trail."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    response = keeper.enter_hand(match_id, "save", number=1, escobas=(0, 0))
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[3, 0], [0, 4]]
    page = keeper.board(match_id)
    assert "Hand 1 corrected." in page
    assert "Ana 3 12 to go" in page and "Bea 4 11 to go" in page
    assert "Hand 1 corrected: Ana 4, Bea 0 → Ana 3, Bea 0." in page


def test_the_correction_page_opens_with_the_hand_as_saved(keeper, match_id):
    """Each card in its place, escobas, last capture and dealer as saved; the review counts it as a replacement."""
    factories.save_hand(keeper, match_id)
    page = keeper.page(keeper.hand_url(match_id, number=1))
    fields = keeper.fields(page)
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())
    assert (fields["escobas-0"], fields["last_capture"], fields["dealer"]) == ("1", "0", "0")
    review = keeper.enter_hand(match_id, number=1, escobas=(0, 0))
    assert "New total 3 0" in keeper.text(review.get_data(as_text=True))  # not 4 + 3


def test_the_correction_page_of_a_hand_by_counts_opens_with_its_counts(keeper, match_id):
    """Cards, oros, sevens, velo and leftover as counted."""
    factories.save_hand(keeper, match_id, mode="tally")
    fields = keeper.form(keeper.hand_url(match_id, "tally", number=1))
    assert {name: fields[name] for name in ("cards-0", "oros-0", "oros-1", "velo", "leftover_sum")} == \
           {"cards-0": "20", "oros-0": "10", "oros-1": "0", "velo": "0", "leftover_sum": "10"}


def test_a_correction_from_a_page_older_than_the_match_is_refused(keeper, match_id):
    """Another hand was saved after the correction page opened: the conflict message, the entry kept."""
    factories.save_hand(keeper, match_id)
    url = keeper.hand_url(match_id, number=1)
    stale = keeper.form(url)
    factories.save_hand(keeper, match_id, mirror=True)
    entry = keeper.hand_fields(escobas=(0, 0)) | {"action": "save"}
    response = keeper.client.post(url, data=stale | entry)
    page = response.get_data(as_text=True)
    assert "The match changed on another phone meanwhile" in keeper.text(page)
    assert "Your correction of hand 1 was not saved." in keeper.text(page)
    assert keeper.places(keeper.fields(page)) == keeper.places(entry)
    assert keeper.fields(page)["escobas-0"] == "0"
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[4, 0], [0, 4]]


def test_after_a_stale_correction_saving_again_applies_it(keeper, match_id):
    """The message says "check the scoreboard, then save again": the second Save goes through."""
    factories.save_hand(keeper, match_id)
    url = keeper.hand_url(match_id, number=1)
    stale = keeper.form(url)
    factories.save_hand(keeper, match_id, mirror=True)
    conflict = keeper.client.post(url, data=stale | keeper.hand_fields(escobas=(0, 0)) | {"action": "save"})
    kept = keeper.fields(conflict.get_data(as_text=True), action=url.split("?")[0])
    response = keeper.client.post(url, data=kept | {"action": "save"})
    assert response.status_code == 302
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[3, 0], [0, 4]]


def test_undo_takes_back_the_last_hand_only(keeper, match_id):
    """Hand 2 goes, hand 1 stays; totals and trail follow."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    response = keeper.submit(f"/matches/{match_id}/undo")
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1]
    page = keeper.board(match_id)
    assert "Hand 2 was taken back." in page
    assert "Ana 4 11 to go" in page and "Bea 0 15 to go" in page
    assert "Hand 2 taken back (it was Ana 0, Bea 4)." in page
    assert "Enter hand 2" in page


def test_undo_from_a_page_older_than_the_match_is_refused(keeper, match_id):
    """Another phone saved a hand after this scoreboard was shown: nothing is taken back."""
    factories.save_hand(keeper, match_id)
    undo = keeper.form(f"/matches/{match_id}/undo")
    factories.save_hand(keeper, match_id, mirror=True)
    keeper.client.post(f"/matches/{match_id}/undo", data=undo)
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1, 2]
    assert "The match changed on another phone meanwhile" in keeper.board(match_id)


def test_a_side_reaching_the_target_alone_wins(keeper):
    """Target 4: Ana's 4 wins; the scoreboard offers a rematch instead of another hand."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    keeper.save_hand(match_id)
    assert result(keeper, match_id) == (True, 0)
    page = keeper.board(match_id)
    assert "Winner: Ana!" in page
    assert "Ana won the match." in page
    assert "Rematch: same players, same rules" in page
    assert "Enter hand 2" not in page


def test_sides_tied_at_the_top_at_the_target_play_another_hand(keeper):
    """Target 4: Ana 4 (oros, velo, all oros, escoba) and Bea 4 (four escobas); then Ana wins 8–4."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    keeper.save_hand(match_id, escobas=(1, 4))
    assert result(keeper, match_id) == (False, None)
    page = keeper.board(match_id)
    assert "Tied at the top — play another hand." in page
    assert "Winner" not in page and "Enter hand 2" in page
    keeper.save_hand(match_id)
    assert result(keeper, match_id) == (True, 0)
    assert "Winner: Ana!" in keeper.board(match_id)


def test_a_correction_that_takes_away_the_win_reopens_the_match(keeper):
    """Target 4: without her escoba Ana has 3, so nobody has won any more."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    keeper.save_hand(match_id, number=1, escobas=(0, 0))
    assert result(keeper, match_id) == (False, None)
    page = keeper.board(match_id)
    assert "The match is open again: the winner changed." in page
    assert "Winner" not in page
    assert "Enter hand 2" in page


def test_a_correction_can_change_the_winner(keeper):
    """Target 4: the hand was Bea's, not Ana's."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    keeper.save_hand(match_id, number=1, mirror=True)
    assert result(keeper, match_id) == (True, 1)
    assert "Winner: Bea!" in keeper.board(match_id)


def test_undoing_the_winning_hand_reopens_the_match(keeper):
    """Target 4: back to no hands, no winner."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    keeper.submit(f"/matches/{match_id}/undo")
    assert result(keeper, match_id) == (False, None)


@pytest.mark.parametrize("version", ["x1", "9" * 5000, ""])
def test_a_correction_with_a_tampered_version_is_refused_not_an_error(keeper, match_id, version):
    """422 with a message, the hand as it was; the page's own fields are good again, so Save corrects."""
    factories.save_hand(keeper, match_id)
    response = keeper.enter_hand(match_id, "save", number=1, escobas=(0, 0), overrides={"version": version})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Part of this page was changed outside the app, so nothing was saved." in keeper.text(page)
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[4, 0]]
    url = keeper.hand_url(match_id, number=1)
    assert keeper.client.post(url, data=keeper.fields(page) | {"action": "save"}).status_code == 302
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[3, 0]]


@pytest.mark.parametrize("version", ["x1", "9" * 5000, "", "-1"])
def test_an_undo_with_a_tampered_version_takes_nothing_back(keeper, match_id, version):
    """The undo button's version is checked like a correction's: nothing taken back, the conflict said."""
    factories.save_hand(keeper, match_id)
    undo = keeper.form(f"/matches/{match_id}/undo")
    response = keeper.client.post(f"/matches/{match_id}/undo", data=undo | {"version": version})
    assert response.status_code in (302, 400)
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1]


def test_a_correction_saved_meanwhile_from_another_phone_is_a_conflict_not_an_error(keeper, match_id, monkeypatch):
    """Two phones correct hand 1 from the same page at the same moment: the second is told, not given a 500."""
    factories.save_hand(keeper, match_id)
    url = keeper.hand_url(match_id, number=1)
    phone = factories.phone(keeper)
    theirs = phone.form(url) | phone.hand_fields(escobas=(0, 0)) | {"action": "save"}
    answers = meanwhile(monkeypatch, lambda: phone.client.post(url, data=theirs).status_code)
    response = keeper.client.post(url, data=keeper.form(url) | keeper.hand_fields(mirror=True) | {"action": "save"})
    assert answers == [302]
    assert response.status_code == 409
    assert "Your correction of hand 1 was not saved." in keeper.text(response.get_data(as_text=True))
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[3, 0]]


@pytest.mark.parametrize("leftover", [{"leftover_sum": 10}, {"leftover": ["1o", "2o", "3o", "4o"]}],
                         ids=["leftover as its sum", "leftover as its cards"])
def test_a_hand_the_api_saved_the_quick_way_opens_for_correction_by_counts_with_the_rest_worked_out(
        keeper, client, leftover):
    """A "rest" side (and the leftover as cards) is how the API's quick way saves a hand by counts: the page by
    counts opens it with every side's counts, the rest's worked out from the deck, and the leftover's sum."""
    api = ApiClient(client)
    match = api.start(**TWO, partnerships=False)
    body = {"sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": 1},
                      {"tally": "rest"}], "last_capture": 0} | leftover
    assert api.request("POST", f"/matches/{match['id']}/hands", body).status_code == 201
    fields = keeper.form(keeper.hand_url(match["id"], "tally", number=1))
    assert {name: fields[name] for name in ("cards-0", "cards-1", "oros-1", "sevens-1", "velo", "leftover_sum",
                                            "escobas-0")} == \
           {"cards-0": "20", "cards-1": "20", "oros-1": "0", "sevens-1": "2", "velo": "0", "leftover_sum": "10",
            "escobas-0": "1"}
    url = keeper.hand_url(match["id"], "tally", number=1)
    review = keeper.submit(url, {"escobas-0": "0", "action": "review"}, post_to=url)  # the rest as it opened
    assert "New total 3 0" in keeper.text(review.get_data(as_text=True))


def test_a_saved_hand_by_counts_the_rules_no_longer_read_opens_with_its_counts_to_type_again(keeper, match_id):
    """A stored entry the rules core cannot read (45 cards beside a rest) still opens its correction page, its
    counts empty."""
    factories.save_hand(keeper, match_id, mode="tally")
    with keeper.app.app_context():
        hand = db.session.scalars(select(Hand).where(Hand.match_id == match_id)).one()
        entry = dict(hand.entry)
        entry["sides"] = [entry["sides"][0] | {"tally": entry["sides"][0]["tally"] | {"cards": 45}},
                          {"tally": "rest"}]
        hand.entry = entry
        db.session.commit()
    fields = keeper.form(keeper.hand_url(match_id, "tally", number=1))
    assert (fields["cards-0"], fields["escobas-0"], fields["last_capture"]) == ("", "1", "0")
