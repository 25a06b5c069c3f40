""""Draw for us": the app draws for dealer at random (the system's cryptographic source), shows each player's card,
draws again among the tied, and keeps every round in the trail as a draw with real cards is, marked as the app's;
a second tap or another phone's round draws nothing."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

import pytest
from api_client import ApiClient
from backup_play import backup_of, upload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from sqlalchemy import select
from test_app_draw import draw, drawing, first_dealer, round_cards

from referee.extensions import db
from referee.models import MatchEvent, User
from referee.rules import DECK, Card, draw_for_dealer
from referee.services import MatchSettings, create_match, draws
from referee.services.backup_checks import schema

Sample = Callable[[Sequence[Card], int], Sequence[Card]]


def dealt(*rounds: str) -> Sample:
    """A source that draws these rounds in turn, each as space-separated codes ("10o 10c 3e" for three seats)."""
    planned = [[Card.parse(code) for code in cards.split()] for cards in rounds]

    def sample(deck: Sequence[Card], k: int) -> list[Card]:
        cards = planned.pop(0)
        assert len(cards) == k and all(card in deck for card in cards), (cards, k)
        return cards
    return sample


def trail(keeper, match_id):
    """The match's draw events as (kind, after), oldest first."""
    rows = keeper.query(select(MatchEvent.kind, MatchEvent.after).where(MatchEvent.match_id == match_id)
                        .where(MatchEvent.kind.in_(("draw_tie", "first_dealer"))).order_by(MatchEvent.id))
    return [(kind, after) for kind, after in rows]


def draw_for_us(phone, match_id, round_number="1"):
    """Press "Draw for us" as the page offers it (its CSRF token and round number)."""
    page = phone.page(f"/matches/{match_id}/draw")
    fields = phone.fields(page, f"/matches/{match_id}/draw/app") | {"round": round_number}
    return phone.client.post(f"/matches/{match_id}/draw/app", data=fields)


@pytest.fixture
def four(keeper):
    """Ana, Bea, Cid and Dan, four players who draw for dealer."""
    return keeper.start(("Ana", "Bea", "Cid", "Dan"), preset="escoba-es", seating="4", first_dealer="draw")


def test_the_apps_source_is_the_systems_cryptographic_one():
    """secrets.SystemRandom: nobody at the table can tell or steer the cards."""
    assert isinstance(draws.SYSTEM_SAMPLE.__self__, secrets.SystemRandom)


def test_the_page_names_both_ways_to_draw(keeper, four):
    """Real cards picked on a grid per player, or the app's button; each in words that say who draws."""
    page = keeper.page(f"/matches/{four}/draw")
    text = keeper.text(page)
    assert "We drew real cards — pick each player's card" in text and "Draw for us — the app draws" in text
    assert drawing(page) == ["Ana", "Bea", "Cid", "Dan"]
    assert page.count('type="radio" name="cards-') == 4 * 40 and "<select" not in page.split('<main id="main">')[1]
    assert keeper.fields(page, f"/matches/{four}/draw/app")["round"] == "1"


def test_draw_for_us_shows_every_players_card_and_redraws_only_among_the_tied(keeper, four, monkeypatch):
    """Round 1: Ana and Cid tie on kings; the app draws again for them alone (round 2: Cid's 7 beats Ana's 5).
    One tap; the page shows both rounds, each player's card, who deals; the trail keeps both rounds, marked as
    the app's, as a draw with real cards keeps them."""
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", dealt("10o 3c 10e 4b", "5o 7c"))
    response = draw_for_us(keeper, four)
    assert response.headers["Location"] == f"/matches/{four}/draw"  # post/redirect/get
    page = keeper.page(f"/matches/{four}/draw")
    assert round_cards(page, 1) == [("Ana", "King of coins", "draws again"), ("Bea", "3 of cups", ""),
                                    ("Cid", "King of swords", "draws again"), ("Dan", "4 of clubs", "")]
    assert round_cards(page, 2) == [("Ana", "5 of coins", ""), ("Cid", "7 of cups", "deals")]
    text = keeper.text(page)
    assert "Round 1, drawn by the app" in text and "Round 2, drawn by the app" in text
    assert "Cid deals first." in text and text.index("Round 2") < text.index("Round 1") < text.index("Enter hand 1")
    assert first_dealer(keeper, four) == 2
    assert trail(keeper, four) == [
        ("draw_tie", {"drawn": {"0": "10o", "1": "3c", "2": "10e", "3": "4b"}, "by": "app", "redraw": [0, 2]}),
        ("first_dealer", {"seat": 2, "drawn": {"0": "5o", "2": "7c"}, "by": "app"})]
    board = keeper.board(four)
    assert "Draw for dealer, drawn by the app: a tie for the highest card, 2 players draw again." in board
    assert "First dealer, drawn by the app: Cid." in board and "Deals: Cid" in board


def test_after_a_tie_drawn_with_real_cards_the_app_draws_among_the_tied_from_the_rest_of_the_deck(keeper, four):
    """Bea and Dan tie on sevens with real cards; "Draw for us" then draws for those two only, never a card of
    round 1; the first round stays unmarked, the app's marked."""
    draw(keeper, four, **{"cards-0": "1o", "cards-1": "7o", "cards-2": "2c", "cards-3": "7c"})
    assert draw_for_us(keeper, four, "2").status_code == 302
    rounds = trail(keeper, four)
    assert "by" not in rounds[0][1] and all(after["by"] == "app" for _kind, after in rounds[1:])
    assert all(set(after["drawn"]) == {"1", "3"} for _kind, after in rounds[1:])
    assert not {"1o", "7o", "2c", "7c"} & {code for _kind, after in rounds[1:] for code in after["drawn"].values()}
    assert first_dealer(keeper, four) in (1, 3)


def test_a_second_tap_draws_nothing_and_the_page_says_who_deals(keeper, four, monkeypatch):
    """A double submit of round 1 (or the page kept open and pressed again): the draw is decided, nothing new is
    drawn or kept, and the page says who deals."""
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", dealt("1o 2o 3o 9c"))
    page = keeper.page(f"/matches/{four}/draw")
    fields = keeper.fields(page, f"/matches/{four}/draw/app")
    assert keeper.client.post(f"/matches/{four}/draw/app", data=fields).status_code == 302
    again = keeper.client.post(f"/matches/{four}/draw/app", data=fields)
    assert again.headers["Location"] == f"/matches/{four}/draw"
    assert "The draw is over already: Dan deals first." in keeper.text(keeper.page(f"/matches/{four}/draw"))
    assert len(trail(keeper, four)) == 1 and first_dealer(keeper, four) == 3


def test_a_round_another_phone_drew_meanwhile_is_not_drawn_again(keeper, four, monkeypatch):
    """Two phones on round 1: one picks real cards (a tie), the other then presses "Draw for us" on its page of
    round 1: nothing is drawn, it is told, and the tied players are asked."""
    phone = keeper.another_phone()
    late = phone.form(f"/matches/{four}/draw", f"/matches/{four}/draw/app")
    draw(keeper, four, **{"cards-0": "10o", "cards-1": "10c", "cards-2": "3e", "cards-3": "4b"})
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", dealt())  # drawing anything would fail
    response = phone.client.post(f"/matches/{four}/draw/app", data=late)
    assert response.headers["Location"] == f"/matches/{four}/draw"
    page = phone.page(f"/matches/{four}/draw")
    assert "Another phone drew this round meanwhile" in phone.text(page)
    assert drawing(page) == ["Ana", "Bea"] and len(trail(keeper, four)) == 1


def test_a_picked_first_dealer_is_not_drawn_over(keeper):
    """A dealer picked on the new-match form: "Draw for us" posted anyway draws nothing."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="1")
    fields = {"csrf_token": keeper.token(), "round": "1"}
    assert keeper.client.post(f"/matches/{match_id}/draw/app", data=fields).status_code == 302
    assert first_dealer(keeper, match_id) == 1 and trail(keeper, match_id) == []


@pytest.mark.parametrize("round_number", ["", "0x1", "9" * 400, "١"])
def test_a_tampered_round_number_is_a_bad_request(keeper, four, round_number):
    """The hidden round number is the page's: anything but a small number answers 400 and draws nothing."""
    assert draw_for_us(keeper, four, round_number).status_code == 400
    assert first_dealer(keeper, four) is None and trail(keeper, four) == []


def test_without_its_csrf_token_nothing_is_drawn(keeper, four):
    """CSRF on this form as on every other."""
    response = keeper.client.post(f"/matches/{four}/draw/app", data={"round": "1"})
    assert response.status_code == 400 and first_dealer(keeper, four) is None


def test_another_accounts_match_is_not_found(keeper, scorekeeper, four):
    """A stranger's "Draw for us" on this match: 404, nothing drawn."""
    bob = scorekeeper("bob")
    response = bob.client.post(f"/matches/{four}/draw/app", data={"csrf_token": bob.token(), "round": "1"})
    assert response.status_code == 404 and first_dealer(keeper, four) is None


def test_the_apps_mark_goes_into_the_backup_and_comes_back_from_it(keeper, scorekeeper, four, monkeypatch):
    """The backup keeps each round's mark (the schema allows it, and only "app"), and a restore into another
    account keeps it: that account's draw page and trail say the app drew."""
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", dealt("10o 3c 10e 4b", "5o 7c"))
    draw_for_us(keeper, four)
    doc = backup_of(keeper)
    [match] = [m for m in doc["matches"] if m["first_dealer"] == 2]
    assert [(e["kind"], e["after"].get("by")) for e in match["trail"] if "drawn" in (e["after"] or {})] == [
        ("draw_tie", "app"), ("first_dealer", "app")]
    assert not list(Draft202012Validator(schema()).iter_errors(doc))
    marked = next(e for e in match["trail"] if e["kind"] == "draw_tie")
    marked["after"]["by"] = "cards"
    assert list(Draft202012Validator(schema()).iter_errors(doc))  # no other mark
    marked["after"]["by"] = "app"
    bob = scorekeeper("bob")
    assert upload(bob, doc).status_code == 302
    [restored] = [row[0] for row in bob.query(select(MatchEvent.match_id).where(MatchEvent.kind == "draw_tie"))
                  if row[0] != four]
    assert [after.get("by") for _kind, after in trail(bob, restored)] == ["app", "app"]
    assert "First dealer, drawn by the app: Cid." in bob.board(restored)


def rounds_drawn(data: st.DataObject) -> Sample:
    """A source Hypothesis drives: k distinct cards of those offered, often tied at the top."""
    def sample(deck: Sequence[Card], k: int) -> list[Card]:
        if data.draw(st.booleans()):
            top = max(card.value for card in deck)
            same = [card for card in deck if card.value == top]
            if len(same) >= 2:
                rest = [card for card in deck if card.value < top][: k - 2]
                if len(rest) == k - 2:
                    return data.draw(st.permutations([*same[:2], *rest]))
        return data.draw(st.lists(st.sampled_from(deck), min_size=k, max_size=k, unique=True))
    return sample


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_trail_keeps_every_round_the_app_drew_and_reads_them_back(app, data):
    """Whatever the source draws (ties often), the service keeps exactly its rounds: one event a round, a tie as
    'draw_tie' naming the tied, the last as 'first_dealer' with the dealer the rules core names, every one
    marked as the app's; the draw read back from the trail is the same rounds."""
    seats = data.draw(st.integers(2, 4))
    with app.app_context():
        user = User(username=f"u{secrets.token_hex(6)}", password_hash="-")
        db.session.add(user)
        db.session.commit()
        match = create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                                 names=tuple(f"P{i}" for i in range(seats))))
        rounds = draws.draw_by_app(match, 1, rounds_drawn(data))
        kept = [event for event in match.events if event.kind in ("draw_tie", "first_dealer")]
        assert len(kept) == len(rounds) and all(event.after["by"] == "app" for event in kept)
        for event, drawn in zip(kept, rounds, strict=True):
            assert event.after["drawn"] == {str(seat): str(card) for seat, card in drawn.drawn.items()}
            result = draw_for_dealer(drawn.drawn)
            assert event.kind == ("draw_tie" if result.dealer is None else "first_dealer")
            assert event.after.get("redraw", []) == list(result.redraw)
        assert match.first_dealer == rounds[-1].result.dealer == kept[-1].after["seat"]
        assert draws.draw_state(match).rounds == rounds
        assert all(card in DECK for drawn in rounds for card in drawn.drawn.values())



def test_the_api_draws_for_us_too_and_says_every_round(keeper, scorekeeper, client, monkeypatch):
    """POST .../draw/app: 200 with who deals and every round (the tied seats' alone after a tie), the trail's
    events marked as the app's; again, 409 in the API's error shape; another account's match, 404."""
    api = ApiClient(client)
    match = api.start(ruleset="escova-rs", players=["Ana", "Bea", "Cid"], partnerships=False, first_dealer=None)
    url = f"/matches/{match['id']}/draw/app"
    monkeypatch.setattr(draws, "SYSTEM_SAMPLE", dealt("9o 9c 2e", "1o 4c"))
    answer = api.request("POST", url)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["dealer"] == 1 and body["match"]["next_dealer"] == 1
    assert body["rounds"] == [{"drawn": {"0": "9o", "1": "9c", "2": "2e"}, "redraw": [0, 1]},
                              {"drawn": {"0": "1o", "1": "4c"}, "redraw": []}]
    events = api.request("GET", f"/matches/{match['id']}/events").get_json()["events"]
    assert [(e["kind"], e["after"].get("by")) for e in events if "drawn" in (e["after"] or {})] == [
        ("draw_tie", "app"), ("first_dealer", "app")]
    again = api.request("POST", url)
    assert again.status_code == 409
    assert again.get_json() == {"errors": [{"field": "", "message": "The first dealer is known already."}]}
    assert api.request("POST", url, headers={"Accept-Language": "es"}).get_json()["errors"][0]["message"] != (
        "The first dealer is known already.")  # in the caller's language
    scorekeeper("bruno")
    assert ApiClient(client, "bruno").request("POST", url).status_code == 404


def test_the_api_continues_a_tie_drawn_with_real_cards(keeper, client):
    """Cards posted to .../draw tie Ana and Bea; .../draw/app draws for those two only."""
    api = ApiClient(client)
    match = api.start(ruleset="escova-rs", players=["Ana", "Bea", "Cid"], partnerships=False, first_dealer=None)
    tie = api.request("POST", f"/matches/{match['id']}/draw", {"cards": {"0": "8o", "1": "8c", "2": "1e"}})
    assert tie.get_json()["redraw"] == [0, 1]
    body = api.request("POST", f"/matches/{match['id']}/draw/app").get_json()
    assert all(set(kept["drawn"]) == {"0", "1"} for kept in body["rounds"]) and body["dealer"] in (0, 1)

