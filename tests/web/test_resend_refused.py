"""A resent hand is the saved hand only when everything it records is the same: who dealt, how it was entered and
the entry. A resend under the same client token (the outbox's, or the API's Idempotency-Key) that differs in any
of them is refused, never taken for the hand saved, so a changed dealer is not dropped in silence."""

from __future__ import annotations

from dataclasses import replace

import pytest
from api_client import TWO, ApiClient, by_tally
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match, User
from referee.services import HandDraft, MatchSettings, create_match, record_hand
from referee.services.errors import Conflict
from referee.services.refusals import MatchRefusal

TALLY = {"sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": 1},
                   {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}, "escobas": 0}],
         "leftover_sum": 10, "last_capture": 0}
SAVED = HandDraft.kept("tally", TALLY, dealer=0, client_token="phone-1")
# What a resend may change, each alone.
CHANGED = {
    "another dealer": replace(SAVED, dealer=1),
    "another way of entering it": replace(SAVED, mode="quick"),
    "another entry": HandDraft.kept("tally", {**TALLY, "sides": [{**TALLY["sides"][0], "escobas": 0},
                                                                 TALLY["sides"][1]]}, dealer=0, client_token="phone-1"),
}


def two_player_match() -> Match:
    """Ana against Bea, Ana dealing first (in the app context)."""
    user = User(username="ana", password_hash="-")
    db.session.add(user)
    db.session.commit()
    return create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                            names=("Ana", "Bea"), partnerships=False, first_dealer=0))


def stored(match: Match) -> list[tuple[int, int, str, list[int]]]:
    """The match's hands as the database holds them: number, dealer, mode, points."""
    db.session.expire_all()
    rows = db.session.execute(select(Hand.number, Hand.dealer, Hand.mode, Hand.points)
                              .where(Hand.match_id == match.id).order_by(Hand.number))
    return [tuple(row) for row in rows]


def test_the_same_hand_resent_is_the_hand_saved(app):
    """The control: a resend that is the saved hand in every part answers with it, and stores nothing more."""
    with app.app_context():
        match = two_player_match()
        first = record_hand(match, SAVED, 1)
        assert record_hand(match, replace(SAVED), 1) is first
        assert stored(match) == [(1, 0, "tally", [4, 0])]


@pytest.mark.parametrize("resend", CHANGED.values(), ids=CHANGED.keys())
def test_a_resend_that_differs_in_any_part_is_refused_and_the_saved_hand_kept(app, resend):
    """Saved with Ana dealing, by counts; resent under its token with one thing changed: Conflict naming hand 1,
    and hand 1 as it was saved."""
    with app.app_context():
        match = two_player_match()
        record_hand(match, SAVED, 1)
        with pytest.raises(Conflict) as refused:
            record_hand(match, resend, 2)
        assert (refused.value.reason, refused.value.params) == (MatchRefusal.RESEND_DIFFERS, {"number": 1})
        assert stored(match) == [(1, 0, "tally", [4, 0])]


def test_the_api_refuses_a_repeat_of_its_key_with_another_dealer(keeper, client):
    """The Idempotency-Key names a hand saved with Ana dealing; the same body sent again saying Bea dealt is
    422 naming the key, and the hand keeps its dealer."""
    api = ApiClient(client)
    match = api.start(**TWO, partnerships=False)
    url = f"/matches/{match['id']}/hands"
    first = api.request("POST", url, by_tally() | {"dealer": 0}, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 201
    again = api.request("POST", url, by_tally() | {"dealer": 1}, headers={"Idempotency-Key": "k-1"})
    assert again.status_code == 422, again.get_data(as_text=True)
    [error] = again.get_json()["errors"]
    assert error["field"] == "Idempotency-Key" and "Hand 1 was already saved" in error["message"]
    hands = api.request("GET", f"/matches/{match['id']}").get_json()["hands"]
    assert [(hand["number"], hand["dealer"]) for hand in hands] == [(1, 0)]


def test_a_page_resent_with_another_dealer_says_the_hand_was_saved_differently(keeper):
    """The outbox resends the entry page's form: with the dealer changed it is the conflict page, 409, offering
    the correction; hand 1 keeps Ana as dealer."""
    match_id = keeper.start(("Ana", "Bea"))
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    assert form["dealer"] == "0"
    assert keeper.client.post(url, data=form).status_code == 302
    response = keeper.client.post(url, data=form | {"dealer": "1"})
    assert response.status_code == 409
    text = keeper.text(response.get_data(as_text=True))
    assert "Hand 1 was already saved when this entry was first sent" in text
    assert "Correct hand 1 with this entry" in text
    assert [(number, dealer) for number, _, _, _, dealer in keeper.saved_hands(match_id)] == [(1, 0)]
