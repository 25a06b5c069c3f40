"""The quick entry through the pages: the leftover's cards, then counts (right) or the piles (wrong).

The hand is conftest's correct hand: LEFTOVER (1o 2o 3o 4o, sum 10) taken by the first side, whose
pile then holds 20 cards, the 10 oros and 2 sevens; the second side's counts follow from the deck.
"""

from __future__ import annotations

import factories
import pytest
from sqlalchemy import select

from referee.models import Hand

# tests/conftest.py's correct hand (a test module cannot import a conftest by name: tests/e2e has one too).
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
LEFTOVER = ["1o", "2o", "3o", "4o"]
COUNTS = {"cards-0": "20", "oros-0": "10", "sevens-0": "2", "velo": "0"}


@pytest.fixture
def match_id(keeper):
    """Ana against Bea, Escova RS, Ana dealing first."""
    return factories.start(keeper, ("Ana", "Bea"))


def quick(keeper, match_id, leftover=LEFTOVER, counts=COUNTS, places=None, action="review", number=None,
          escobas=("1", "0"), last_capture="0", **extra):
    """Post the quick entry page as a browser without JavaScript would: the leftover set to Table, the counts."""
    url = keeper.hand_url(match_id, "quick", number)
    fields = {f"place-{code}": "" for code in keeper.places(keeper.form(url))}
    fields = {name: "" for name in fields} | {f"place-{code}": "L" for code in leftover}
    fields |= {f"place-{code}": side for code, side in (places or {}).items()}
    fields |= dict(counts) | {f"escobas-{i}": n for i, n in enumerate(escobas)}
    fields |= {"last_capture": last_capture, "action": action} | extra
    return keeper.submit(url, fields, post_to=url)


def stored(keeper, match_id):
    """The match's hands as (number, points, valid, mode, entry)."""
    rows = keeper.query(select(Hand.number, Hand.points, Hand.valid, Hand.mode, Hand.entry)
                        .where(Hand.match_id == match_id).order_by(Hand.number))
    return [tuple(row) for row in rows]


def test_the_scoreboards_first_button_is_the_quick_entry(keeper, match_id):
    """"Enter hand 1" opens the quick entry; every card and counts stay a tap away."""
    page = keeper.page(f"/matches/{match_id}")
    assert f'href="/matches/{match_id}/hands/new?mode=quick">Enter hand 1</a>' in page
    assert "…by every card" in page and "…or by counts" in page


def test_a_right_leftover_and_one_sides_counts_score_the_hand(keeper, match_id):
    """Bea's counts follow from the deck; the points are those of the hand by cards; saved as a quick hand."""
    response = quick(keeper, match_id)
    assert response.status_code == 200
    text = keeper.text(response.get_data(as_text=True))
    assert "The leftover sums to 10: right (10, 25, 40 or 55)." in text
    assert "Every check passed" in text and "Points +4 +0" in text
    assert "Cards 20 Diamonds 0 Sevens 2" in text  # Bea's, worked out, in the French deck's words
    assert quick(keeper, match_id, action="save").status_code == 302
    [(number, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (number, points, valid, mode) == (1, [4, 0], True, "quick")
    assert entry == {"v": 2, "sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": 1},
                                       {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}, "escobas": 0}],
                     "leftover": LEFTOVER, "last_capture": 0}  # Bea's counts kept as the deck leaves them


@pytest.mark.parametrize(("names", "counts", "points"), [
    (("Ana", "Bea", "Cid"), {"cards-0": "20", "oros-0": "10", "sevens-0": "2", "cards-1": "6", "oros-1": "0",
                             "sevens-1": "1", "velo": "0"}, [6, 0, 0]),
    (("Ana", "Bea", "Cid", "Dan"), {"cards-0": "20", "oros-0": "10", "sevens-0": "2", "cards-1": "6",
                                    "oros-1": "0", "sevens-1": "1", "cards-2": "6", "oros-2": "0",
                                    "sevens-2": "1", "velo": "0"}, [6, 0, 0, 0]),
], ids=["3 players", "4 players"])
def test_three_or_four_players_count_all_sides_but_the_last(keeper, names, counts, points):
    """Ana has the most cards (20 against 6 and 14, or 6, 6 and 8) and sevens now: those points too."""
    match_id = factories.start(keeper, names, seating=str(len(names)))
    escobas = ("1",) + ("0",) * (len(names) - 1)
    assert quick(keeper, match_id, counts=counts, escobas=escobas, action="save").status_code == 302
    assert stored(keeper, match_id)[0][1] == points


def test_a_wrong_leftover_asks_for_the_piles_and_saves_nothing(keeper, match_id):
    """1o was taken into Bea's pile: the table sums to 9. The referee asks for the piles; no Save button."""
    response = quick(keeper, match_id, leftover=["2o", "3o", "4o"], counts={})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    text = keeper.text(page)
    assert "The leftover sums to 9, not 10, 25, 40 or 55" in text
    assert "Turn the piles over" in text
    assert 'value="save"' not in page
    saved = quick(keeper, match_id, leftover=["2o", "3o", "4o"], counts={}, action="save")
    assert saved.status_code == 422
    assert "put the cards of the piles in their places" in keeper.text(saved.get_data(as_text=True))
    assert stored(keeper, match_id) == []


def test_the_rest_to_a_side_settles_a_renuncio_without_javascript(keeper, match_id):
    """Ana's pile by cards, then "The rest to Bea" (a submit button): the referee names Bea, who erred."""
    pile = {code: "0" for code in PILE_A}
    rest = quick(keeper, match_id, leftover=["2o", "3o", "4o"], counts={}, places=pile, rest="1")
    assert rest.status_code == 200
    fields = keeper.fields(rest.get_data(as_text=True))
    assert fields["place-1o"] == fields["place-10b"] == "1" and fields["place-10o"] == "0"
    text = keeper.text(rest.get_data(as_text=True))
    assert "Bea's pile sums to 106, not a multiple of 15" in text and "Points +7 +0" in text
    url = keeper.hand_url(match_id, "quick")
    assert keeper.client.post(url, data=fields | {"action": "save"}).status_code == 302
    [(_n, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (points, valid, mode) == ([7, 0], False, "quick")
    assert entry["leftover"] == ["2o", "3o", "4o"] and "1o" in entry["sides"][1]["cards"]


def test_the_rest_goes_to_the_last_side_at_any_table_size_by_every_card(keeper):
    """Four players: three piles by cards, the rest to Dan in one press, without JavaScript."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid", "Dan"), seating="4")
    url = keeper.hand_url(match_id, "cards")
    fields = keeper.form(url) | keeper.hand_fields() | {"action": "review"}
    moved = {"place-10b": "", "place-5b": "", "place-9b": "", "place-6b": ""}
    response = keeper.client.post(url, data=fields | moved | {"rest": "3"})
    assert response.status_code == 200
    shown = keeper.fields(response.get_data(as_text=True))
    assert [shown[f"place-{code}"] for code in ("10b", "5b", "9b", "6b")] == ["3"] * 4
    assert "Dan's pile sums to 30 and splits into 2 fifteens." in keeper.text(response.get_data(as_text=True))


@pytest.mark.parametrize(("counts", "field", "message"), [
    ({"cards-0": "20", "oros-0": "10", "velo": "0"}, "sevens-0", "Count the sevens."),
    ({"cards-0": "", "oros-0": "10", "sevens-0": "2", "velo": "0"}, "cards-0", "Count the cards."),
    ({"cards-0": "20", "oros-0": "10", "sevens-0": "2"}, "velo", "Who holds the velo?"),
    ({"cards-0": "abc", "oros-0": "10", "sevens-0": "2", "velo": "0"}, "cards-0", "Not a valid integer value."),
    ({"cards-0": "41", "oros-0": "10", "sevens-0": "2", "velo": "0"}, "cards-0", "Number must be between 0 and 40."),
    ({"cards-0": "4", "oros-0": "3", "sevens-0": "2", "velo": "1"}, "cards-0",
     "3 diamonds and 2 sevens do not fit in 4 cards."),
])
def test_a_bad_count_answers_422_beside_its_field_and_keeps_what_was_typed(keeper, match_id, counts, field, message):
    """The message beside the field, the leftover still on the table, the other counts as typed."""
    response = quick(keeper, match_id, counts=counts, action="save")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in keeper.errors(page)
    fields = keeper.fields(page)
    assert [code for code, place in keeper.places(fields).items() if place == "L"] == [f"place-{c}" for c in LEFTOVER]
    assert {k: v for k, v in fields.items() if k in counts} == counts
    assert stored(keeper, match_id) == []


def test_counts_the_deck_cannot_leave_are_named_beside_the_worked_out_side(keeper, match_id):
    """Ana's 30 cards with 1 oro and 1 seven leave Bea 10 cards for 9 oros and 3 sevens: said beside Bea's counts."""
    response = quick(keeper, match_id, counts={"cards-0": "30", "oros-0": "1", "sevens-0": "1", "velo": "0"},
                     action="save")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    words = "The others' counts leave this side 10 cards, too few for 9 diamonds and 3 sevens."
    assert words in keeper.errors(page)
    assert "too few for 9 diamonds" in page[page.index('id="rest-counts"'):]  # beside the counts (and in the summary)


def test_nothing_on_the_table_is_asked_for_first(keeper, match_id):
    """No card placed at all: 422, the quick entry starts with the table's cards."""
    response = quick(keeper, match_id, leftover=[], action="review")
    assert response.status_code == 422
    assert "Tap the cards left on the table first" in " ".join(keeper.errors(response.get_data(as_text=True)))


def test_a_saved_quick_hand_reopens_in_the_quick_entry_with_everything_typed(keeper, match_id):
    """The correction page: the leftover's cards on the table, the counts and chips as typed, escobas, velo."""
    quick(keeper, match_id, action="save")
    url = keeper.hand_url(match_id, "quick", 1).replace("?mode=quick", "")
    page = keeper.page(url)
    assert 'aria-current="page">Quick</a>' in page
    fields = keeper.fields(page)
    assert {code for code, place in keeper.places(fields).items() if place == "L"} == {f"place-{c}" for c in LEFTOVER}
    assert {k: fields[k] for k in COUNTS} == COUNTS
    assert (fields["escobas-0"], fields["escobas-1"], fields["last_capture"]) == ("1", "0", "0")
    corrected = keeper.client.post(keeper.hand_url(match_id, "quick", 1), data=fields | {"escobas-0": "0",
                                                                                        "action": "save"})
    assert corrected.status_code == 302
    assert stored(keeper, match_id)[0][1] == [3, 0]


def test_a_quick_hand_settled_by_its_piles_reopens_with_the_piles(keeper, match_id):
    """A renuncio saved by cards in the quick entry comes back with every card where it was."""
    pile = {code: "0" for code in PILE_A}
    rest = quick(keeper, match_id, leftover=["2o", "3o", "4o"], counts={}, places=pile, rest="1")
    fields = keeper.fields(rest.get_data(as_text=True))
    keeper.client.post(keeper.hand_url(match_id, "quick"), data=fields | {"action": "save"})
    again = keeper.fields(keeper.page(keeper.hand_url(match_id, "quick", 1)))
    assert keeper.places(again) == keeper.places(fields)


def test_the_velo_may_be_the_worked_out_sides(keeper, match_id):
    """Bea holds the velo (chosen, not counted): Ana's counts say no velo, so the rest has it."""
    counts = {"cards-0": "20", "oros-0": "9", "sevens-0": "1", "velo": "1"}
    response = quick(keeper, match_id, counts=counts)
    assert response.status_code == 200
    # Ana the oros and her escoba; Bea the sevens (3 to 1) and the velo; the cards tie.
    assert "Points +2 +2" in keeper.text(response.get_data(as_text=True))


@pytest.mark.parametrize(("last_capture", "counts", "field"), [
    # Ana took the table's four diamonds with the last capture, so her pile holds at least four.
    ("0", {"cards-0": "20", "oros-0": "3", "sevens-0": "2", "velo": "1"}, "oros-0"),
    ("0", {"cards-0": "3", "oros-0": "3", "sevens-0": "0", "velo": "1"}, "cards-0"),
    # Bea's counts are worked out: 40 - 37 = 3 cards cannot hold the table's four.
    ("1", {"cards-0": "37", "oros-0": "9", "sevens-0": "4", "velo": "0"}, None),
])
def test_the_side_that_made_the_last_capture_holds_the_tables_cards(keeper, match_id, last_capture, counts, field):
    """The leftover's cards are known: counts that leave them out of the last capture's pile are refused."""
    response = quick(keeper, match_id, counts=counts, last_capture=last_capture, action="save")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    words = "the last capture was {}'s, so the cards left on the table are in this pile"
    name = ("Ana", "Bea")[int(last_capture)]
    assert any(words.format(name) in error for error in keeper.errors(page))
    if field is None:  # beside the worked-out counts
        assert "so the cards left on the table are in this pile" in page[page.index('id="rest-counts"'):]
    else:
        assert f'href="#{field}"' in page
    assert stored(keeper, match_id) == []


def test_a_velo_left_on_the_table_belongs_to_the_last_capture(keeper, match_id):
    """The 7 of diamonds on the table went to the side that swept it last."""
    response = quick(keeper, match_id, leftover=["7o", "3o"], action="save",
                     counts={"cards-0": "20", "oros-0": "5", "sevens-0": "2", "velo": "1"})
    assert response.status_code == 422
    assert any("The velo was left on the table, so the last capture (Ana's) took it." in error
               for error in keeper.errors(response.get_data(as_text=True)))
