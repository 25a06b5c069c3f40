"""The match API's hands: record (with an Idempotency-Key), correct and undo (with If-Match), the draw for
dealer, the trail and a rematch; and the same match played through the pages and through the API."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import TWO, ApiClient, by_cards, by_tally
from sqlalchemy import select

from referee.models import Hand, Match


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's program, with a token of her account."""
    return ApiClient(client)


@pytest.fixture
def match(api) -> dict[str, Any]:
    """A match of two, Ana dealing first."""
    return api.start(**TWO, partnerships=False)


def post_hand(api: ApiClient, match: dict, body: dict, key: str | None = None) -> Any:
    """POST a hand, with an Idempotency-Key when given."""
    headers = {"Idempotency-Key": key} if key else {}
    return api.request("POST", f"/matches/{match['id']}/hands", body, headers=headers)


def test_a_hand_by_cards_is_recorded_with_scores_report(api, match, hand):
    """201: the hand, exactly /score's report for it, and the match after it."""
    response = post_hand(api, match, by_cards())
    assert response.status_code == 201
    body = response.get_json()
    score = api.client.post("/api/v1/score", json=hand | {"sides": by_cards()["sides"],
                                                           "leftover": by_cards()["leftover"],
                                                           "deck_style": "french"}).get_json()
    assert body["hand"]["report"] == score
    assert body["hand"]["points"] == body["match"]["totals"] == [side["points"] for side in score["sides"]]
    assert (body["hand"]["number"], body["hand"]["dealer"], body["hand"]["valid"], body["hand"]["erred"]) == \
        (1, 0, True, [])
    assert body["match"]["hands"] == [{k: v for k, v in body["hand"].items() if k != "report"}]
    assert body["match"]["next_dealer"] == 1
    assert response.headers["ETag"] == f'"{body["match"]["version"]}"'


def test_a_hand_by_counts_is_recorded(api, match):
    """A tally is a hand too, stored as one."""
    response = post_hand(api, match, by_tally(), key="t-1")
    assert response.status_code == 201 and response.get_json()["hand"]["valid"] is True
    [(mode,)] = api_rows(api, select(Hand.mode))
    assert mode == "tally"


def api_rows(api: ApiClient, statement: Any) -> list[Any]:
    """Rows from the database of the API's app."""
    from referee.extensions import db

    with api.client.application.app_context():
        return [tuple(row) for row in db.session.execute(statement).all()]


def test_the_dealer_can_be_given(api, match):
    """An explicit dealer is stored; the next one follows from it."""
    body = post_hand(api, match, by_cards() | {"dealer": 1}).get_json()
    assert body["hand"]["dealer"] == 1 and body["match"]["next_dealer"] == 0


def test_a_repeat_with_the_same_key_returns_the_same_hand(api, match):
    """200, the same hand, nothing recorded twice."""
    first = post_hand(api, match, by_cards(), key="abc-123")
    again = post_hand(api, match, by_cards(), key="abc-123")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["hand"] == first.get_json()["hand"]
    assert len(again.get_json()["match"]["hands"]) == 1


def test_the_same_key_with_another_body_is_422(api, match):
    """Named: the key, and the hand it saved."""
    post_hand(api, match, by_cards(), key="abc-123")
    response = post_hand(api, match, by_cards(mirror=True), key="abc-123")
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "Idempotency-Key" and "Hand 1 was already saved" in error["message"]


def test_a_bad_idempotency_key_is_422(api, match):
    """Too long, or with spaces."""
    for key in ("x" * 65, "a b"):
        assert post_hand(api, match, by_cards(), key=key).status_code == 422


@pytest.mark.parametrize(("body", "field"), [
    ({"sides": [{"cards": ["1o"]}], "leftover": [], "last_capture": 0}, "sides"),
    ({"ruleset": "escova-rs"}, "ruleset"),
    ({"dealer": 2}, "dealer"),
    ({"dealer": "0"}, "dealer"),
    ({"last_capture": 5}, "last_capture"),
])
def test_a_bad_hand_is_422_naming_the_field(api, match, body, field):
    """The errors shape, as /score's."""
    response = post_hand(api, match, by_cards() | body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert field in [e["field"] for e in response.get_json()["errors"]]


def test_a_tally_that_cannot_name_the_erring_side_is_422_asking_for_pile_sums(api, match):
    """A wrong leftover by counts: the pile sums are needed to save."""
    response = post_hand(api, match, by_tally() | {"leftover_sum": 11})
    assert response.status_code == 422
    assert "pile sum" in response.get_json()["errors"][0]["message"]


def test_a_hand_that_erred_names_the_side(api, match):
    """A leftover card in the second side's pile: that side erred."""
    body = post_hand(api, match, by_cards(moves={"1o": "1"})).get_json()
    assert body["hand"]["valid"] is False and body["hand"]["erred"] == [1]


def finish(api: ApiClient, match: dict) -> dict:
    """Record the correct hand until the match is won; the match."""
    current = match
    while not current["finished"]:
        current = post_hand(api, match, by_cards()).get_json()["match"]
    return current


def test_a_finished_match_refuses_another_hand_with_409(api, match):
    """409, and the winning hand's repeat still answers 200."""
    finished = finish(api, match)
    assert finished["winner"] == 0
    assert post_hand(api, match, by_cards()).status_code == 409


def test_a_correction_needs_the_version_and_may_reopen_the_match(api, match):
    """PUT with If-Match: 200; stale 412; none 428; the winner recomputed."""
    finished = finish(api, match)
    last = len(finished["hands"])
    url = f"/matches/{match['id']}/hands/{last}"
    assert api.request("PUT", url, by_cards(mirror=True)).status_code == 428
    stale = api.request("PUT", url, by_cards(mirror=True), headers={"If-Match": '"1"'})
    assert stale.status_code == 412 and stale.get_json()["errors"][0]["field"] == "If-Match"
    response = api.request("PUT", url, by_cards(mirror=True), headers={"If-Match": f'"{finished["version"]}"'})
    assert response.status_code == 200
    body = response.get_json()
    assert body["hand"]["number"] == last and body["match"]["version"] > finished["version"]
    assert body["match"]["finished"] is False and body["match"]["winner"] is None


def test_a_correction_of_a_missing_hand_is_404(api, match):
    """No hand 3 in a match of none."""
    response = api.request("PUT", f"/matches/{match['id']}/hands/3", by_cards(), headers={"If-Match": "*"})
    assert response.status_code == 404


def test_only_the_last_hand_can_be_undone(api, match):
    """DELETE an earlier one: 409; the last, with If-Match: 200 and the match without it; stale: 412."""
    post_hand(api, match, by_cards())
    second = post_hand(api, match, by_cards()).get_json()["match"]
    base = f"/matches/{match['id']}/hands"
    version = {"If-Match": f'"{second["version"]}"'}
    assert api.request("DELETE", f"{base}/1", headers=version).status_code == 409
    assert api.request("DELETE", f"{base}/2").status_code == 428
    assert api.request("DELETE", f"{base}/2", headers={"If-Match": '"1"'}).status_code == 412
    response = api.request("DELETE", f"{base}/2", headers=version)
    assert response.status_code == 200
    assert len(response.get_json()["match"]["hands"]) == 1
    assert api.request("DELETE", f"{base}/2", headers=version).status_code == 404


def test_the_trail_lists_every_change(api, match):
    """created, the hand recorded, the hand taken back."""
    saved = post_hand(api, match, by_cards(), key="k1").get_json()["match"]
    api.request("DELETE", f"/matches/{match['id']}/hands/1", headers={"If-Match": str(saved["version"])})
    events = api.request("GET", f"/matches/{match['id']}/events").get_json()["events"]
    assert [e["kind"] for e in events] == ["created", "hand_recorded", "hand_undone"]
    assert "client_token" not in events[1]["after"] and events[2]["hand_number"] == 1
    assert "v" not in events[1]["after"]["entry"] and "v" not in events[2]["before"]["entry"]  # the database's own


def test_the_draw_names_the_dealer_or_the_seats_that_tied(api):
    """A tie draws again; then the highest card deals."""
    match = api.start(ruleset="escova-rs", players=["Ana", "Bea"], partnerships=False, first_dealer=None)
    url = f"/matches/{match['id']}/draw"
    tie = api.request("POST", url, {"cards": {"0": "7o", "1": "7c"}}).get_json()
    assert tie["dealer"] is None and tie["redraw"] == [0, 1]
    assert api.request("POST", url, {"cards": {"0": "7o"}}).status_code == 422
    done = api.request("POST", url, {"cards": {"0": "2o", "1": "10c"}}).get_json()
    assert done["dealer"] is not None and done["match"]["next_dealer"] == done["dealer"]
    assert api.request("POST", url, {"cards": {"0": "2o", "1": "10c"}}).status_code == 409
    assert api.request("POST", url, {"cards": {"9": "2o"}}).status_code == 422


def test_a_rematch_is_a_new_match_with_the_same_players(api, match):
    """201, the same players and rules, a new id."""
    post_hand(api, match, by_cards())
    response = api.request("POST", f"/matches/{match['id']}/rematch")
    assert response.status_code == 201
    again = response.get_json()
    assert again["id"] != match["id"] and again["players"] == match["players"] and again["hands"] == []
    assert again["next_dealer"] == 1


def test_another_accounts_match_is_404_for_every_hand_endpoint(api, match, scorekeeper, client):
    """Bruno's token finds nothing of Ana's."""
    scorekeeper("bruno")
    bruno = ApiClient(client, "bruno")
    base = f"/matches/{match['id']}"
    for method, url in [("POST", "/hands"), ("PUT", "/hands/1"), ("DELETE", "/hands/1"), ("GET", "/events"),
                        ("POST", "/rematch"), ("POST", "/draw")]:
        assert bruno.request(method, base + url, by_cards()).status_code == 404, url


def test_the_pages_and_the_api_store_the_same_match(keeper, api):
    """The same hands through the hand entry pages and through the API: the same stored hands, points, winner."""
    page_id = keeper.start(("Ana", "Bea"))
    [page_rules] = keeper.query(select(Match.preset, Match.options, Match.deck_style).where(Match.id == page_id))
    api_match = api.start(ruleset=page_rules[0], players=["Ana", "Bea"], partnerships=False, first_dealer=0,
                          options=page_rules[1], deck_style=page_rules[2])
    keeper.save_hand(page_id)
    post_hand(api, api_match, by_cards())
    keeper.save_hand(page_id, mode="tally", mirror=True)
    post_hand(api, api_match, by_tally(mirror=True))
    keeper.save_hand(page_id, moves={"1o": "1"})
    post_hand(api, api_match, by_cards(moves={"1o": "1"}))
    while keeper.query(select(Match.finished).where(Match.id == page_id)) == [(False,)]:
        keeper.save_hand(page_id)
        post_hand(api, api_match, by_cards())
    facts = (Hand.number, Hand.dealer, Hand.mode, Hand.entry, Hand.points, Hand.valid, Hand.erred)
    stored = [keeper.query(select(*facts).where(Hand.match_id == m).order_by(Hand.number))
              for m in (page_id, api_match["id"])]
    assert [tuple(r) for r in stored[0]] == [tuple(r) for r in stored[1]]
    results = [keeper.query(select(Match.winner, Match.finished).where(Match.id == m))
               for m in (page_id, api_match["id"])]
    assert results[0] == results[1] == [(0, True)]
    final = api.request("GET", f"/matches/{api_match['id']}").get_json()
    assert "Ana" in keeper.board(page_id) and final["winner"] == 0


def test_a_deck_style_that_is_none_is_422_naming_it(api, match):
    """A hand's deck_style names cards in messages only, but one the document does not list is refused, as the
    document says (Schemathesis sent 'AAA' and got the hand recorded)."""
    refused = api.request("POST", f"/matches/{match['id']}/hands", by_cards() | {"deck_style": "AAA"})
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["deck_style"]
    assert api.request("POST", f"/matches/{match['id']}/hands", by_cards() | {"deck_style": "french"}).status_code \
        == 201
