"""The quick entry under the regional sevens options: the page renders what the match's option needs (each side's
setenta, the last side's too; the sixes, aces and fives as chips, folded away), each problem is shown on its
field and linked from the summary with what was typed kept, and a full entry saves and scores by the option.

The hand is tests/conftest.py's correct hand, the quick way (test_app_quick.py): the table's four diamonds
taken by Ana, whose pile holds 20 cards, the 10 diamonds and 2 sevens; Bea's counts follow from the deck
(20 cards, no diamond, 2 sevens). Under most sevens it scores 4 to 0 (the sevens tie)."""

from __future__ import annotations

import re
from typing import Any

import factories
import pytest
from test_app_quick import COUNTS, LEFTOVER, quick, stored

MOST = [4, 0]  # the hand's points when the sevens tie and nobody takes them


def counts_box(html: str) -> str:
    """The quick entry's counts, the velo's question among them (the escobas come next)."""
    start = html.index('class="tally quick-counts"')
    return html[start:html.index('<fieldset class="escobas">', start)]


def rest_box(html: str) -> str:
    """The last side's box: its worked-out counts (the setenta's box, or the velo's question, comes next)."""
    start = html.index('id="rest-counts"')
    ends = [html.find(mark, start) for mark in ('id="setenta-asks"', 'id="velo"')]
    return html[start:min(end for end in ends if end > 0)]


def setenta_box(html: str) -> str:
    """The setenta's box after the counts: every side's best cards, and the sums to type folded."""
    start = html.index('id="setenta-asks"')
    return html[start:html.index('<fieldset class="escobas">', start)]


# Ana's sevens by suit (the 7s of diamonds and hearts: two sevens, the velo): Bea holds the other two.
BY_SUIT = {"cards-0": "20", "oros-0": "10", "seven_suits-0": ["", "o", "c"]}


@pytest.mark.parametrize("names", [("Ana", "Bea"), ("Ana", "Bea", "Cid", "Dan")], ids=["2 sides", "4 sides"])
def test_a_most_match_quick_page_has_only_the_usual_counts(keeper: Any, names: tuple[str, ...]) -> None:
    """Matches playing most sevens (every preset's default): cards, oros and sevens of each counted side, the
    velo; the last side's cards, oros and sevens worked out; no setenta, no tiebreak anywhere on the page."""
    match_id = factories.start(keeper, names, seating=str(len(names)))
    html = keeper.page(keeper.hand_url(match_id, "quick"))
    counted = range(len(names) - 1)
    fields = set(re.findall(r'name="([^"]+)"', counts_box(html)))
    assert fields == {f"{key}-{i}" for key in ("cards", "oros", "sevens") for i in counted} | {"velo"}
    assert re.findall(r'data-rest-count="(\w+)"', html) == ["cards", "oros", "sevens"]
    for word in ("setenta", "tiebreak", "sixes", "aces", "fives", "variant-hint"):
        assert word not in html


def test_a_setenta_match_taps_the_sevens_by_suit_and_asks_the_setenta_after_the_counts(keeper: Any) -> None:
    """Three players: Ana's and Bea's sevens as a chip a suit (no sevens count, no velo question: the 7 of diamonds
    says who holds it), Cid's worked out; then one box for every side's best cards, no 7 among them, and every side's
    sum to type instead, folded; the setenta's table said once; nothing of the tiebreak."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"), seating="3", sevens="setenta")
    html = keeper.page(keeper.hand_url(match_id, "quick"))
    fields = set(re.findall(r'name="([^"]+)"', html[:html.index('id="rest-counts"')]))
    assert {"seven_suits-0", "seven_suits-1"} <= fields and not {"sevens-0", "sevens-1", "velo"} & fields
    assert 'id="velo"' not in html
    box = setenta_box(html)
    for i in range(3):
        assert re.findall(rf'name="setenta_cards-{i}-c" value="(\d*)"', box) == ["6", "1", "5", "4", "3", "2", "8", ""]
        assert f'<label for="setenta-{i}">' in box.split("<details class=\"setenta-more\">")[1]
    assert html.count('id="setenta-hint"') == 1
    assert "7 = 21, 6 = 18" in keeper.text(html)
    assert "tiebreak" not in html and 'data-rest-count="sixes"' not in html


def test_only_the_best_cards_that_can_change_the_point_are_asked_for(keeper: Any) -> None:
    """Ana's sevens by suit and nothing of the setenta: Bea holds no diamond (0), so only whether Ana holds spades
    and clubs can change the point: her best cards of those are asked for on her cards, linked from the summary,
    and Bea's are not; what was typed is kept; nothing saved."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    response = quick(keeper, match_id, counts=BY_SUIT, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True).replace("&#39;", "'")
    words = ("Ana's best cards of spades and clubs can change who takes the setenta: tap them (“None” for a suit it "
             "lacks).")
    assert f'href="#setenta_cards-0">Best cards · Ana: {words}</a>' in html
    assert "Bea's best" not in html and "setenta is needed" not in html
    assert re.findall(r'name="seven_suits-0" value="(\w)" [^>]*checked', html) == ["o", "c"]
    assert keeper.fields(html)["cards-0"] == "20"
    assert stored(keeper, match_id) == []


def test_two_taps_settle_the_setenta_and_the_hand_saves_as_tapped(keeper: Any) -> None:
    """Ana's 4s of spades and clubs: 70 with her sevens; Bea's 0 needs nothing. Ana takes the sevens point (they tie
    2–2); the entry keeps Ana's four best cards, Bea's sevens (those Ana did not tap) with her other suits untold,
    her counts worked out; reopened with the same chips tapped; the review says each side's setenta."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    counts = BY_SUIT | {"setenta_cards-0-e": "4", "setenta_cards-0-b": "4"}
    review = quick(keeper, match_id, counts=counts)
    assert review.status_code == 200, keeper.errors(review.get_data(as_text=True))
    text = keeper.text(review.get_data(as_text=True))
    assert "Points +5 +0" in text
    assert "Ana 7 of diamonds 21 7 of hearts 21 4 of spades 14 4 of clubs 14 Sum 70 Bea 7 of spades 21 7 of clubs 21 " \
           "Lacks a suit: cannot take it" in text
    assert quick(keeper, match_id, counts=counts, action="save").status_code == 302
    [(number, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (number, points, valid, mode) == (1, [MOST[0] + 1, MOST[1]], True, "quick")
    assert entry["sides"][0]["tally"] == {"cards": 20, "oros": 10, "sevens": 2, "velo": True,
                                          "setenta_cards": ["7o", "7c", "4e", "4b"]}
    assert entry["sides"][1]["tally"] == {"cards": 20, "oros": 0, "sevens": 2, "velo": False,
                                          "setenta_cards": ["7e", "7b"], "setenta_untold": ["o", "c"]}
    again = keeper.page(keeper.hand_url(match_id, "quick", 1))
    assert re.findall(r'name="seven_suits-0" value="(\w)" [^>]*checked', again) == ["o", "c"]
    assert re.findall(r'name="setenta_cards-0-(\w)" value="(\d)"[^>]* checked', again) == [("e", "4"), ("b", "4")]
    assert re.findall(r'name="setenta_cards-1-\w" value="\d*"[^>]* checked', again) == []


def test_a_missing_setenta_is_named_on_its_field_and_the_entry_is_kept(keeper: Any) -> None:
    """A page from before the sevens were tapped by suit sends their counts, the velo and no setenta: saved so, 422,
    Ana's best cards asked for but her diamonds' (she holds the velo; Bea, no diamond, has 0); the table's cards and
    the counts as they were tapped."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    response = quick(keeper, match_id, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'href="#setenta_cards-0">Best cards · Ana: Ana&#39;s best cards of hearts, spades, and clubs '
                     r'can change who takes the setenta', html)
    assert "Bea&#39;s best" not in html
    fields = keeper.fields(html)
    assert {key: fields[key] for key in ("cards-0", "oros-0")} == {"cards-0": "20", "oros-0": "10"}
    assert [code for code, place in keeper.places(fields).items() if place == "L"] == [f"place-{c}" for c in LEFTOVER]
    assert stored(keeper, match_id) == []


@pytest.mark.parametrize(("typed", "field", "words"), [
    ({"setenta-0": "60", "setenta-1": "0"}, "setenta-0", "A setenta with 2 sevens is from 62 to 78, not 60."),
    ({"setenta-0": "70", "setenta-1": "77"}, "setenta-1",
     "A side with fewer than 4 cards or no diamonds lacks a suit: its setenta is 0, not 77."),
], ids=["a counted side's", "the worked-out side's"])
def test_a_setenta_out_of_range_is_refused_on_its_field_with_what_was_typed(keeper: Any, typed: dict[str, str],
                                                                          field: str, words: str) -> None:
    """60 is no setenta with two sevens (62 to 78); Bea, worked out with no diamond, lacks a suit, so hers is 0,
    not 77: the problem on its own field (the last side's in its box), linked from the summary, the sums and
    the counts as typed."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    response = quick(keeper, match_id, counts=COUNTS | typed, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(rf'href="#{field}">[^<]*: {re.escape(words)}</a>', html)
    assert re.search(rf'<label for="{field}">(Ana|Bea)</label>\s*<input [^>]*aria-invalid="true">', html)
    assert words in keeper.errors(setenta_box(html))
    fields = keeper.fields(html)
    assert {key: fields[key] for key in typed} == typed
    assert stored(keeper, match_id) == []


def test_a_setenta_quick_hand_saves_and_the_setenta_takes_the_sevens_point(keeper: Any) -> None:
    """The sevens tie 2–2, but Ana's best cards (7 of diamonds, 7 of hearts, the 4s of spades and clubs) make 70
    and Bea lacks diamonds (0): Ana takes the sevens point, one more than under most sevens. Checked, saved
    (both sums stored, Bea's with the counts the deck leaves her), and reopened for correction with both sums."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    assert {"setenta-0", "setenta-1"} <= set(keeper.form(keeper.hand_url(match_id, "quick")))  # rendered on the page
    counts = COUNTS | {"setenta-0": "70", "setenta-1": "0"}
    review = quick(keeper, match_id, counts=counts)
    assert review.status_code == 200
    assert "Points +5 +0" in keeper.text(review.get_data(as_text=True))
    assert quick(keeper, match_id, counts=counts, action="save").status_code == 302
    [(number, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (number, points, valid, mode) == (1, [MOST[0] + 1, MOST[1]], True, "quick")
    assert entry["sides"][0]["tally"]["setenta"] == 70
    assert entry["sides"][1] == {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False, "setenta": 0},
                                 "escobas": 0}
    url = keeper.hand_url(match_id, "quick", 1)
    page = keeper.page(url)
    again = keeper.fields(page)
    assert {key: again[key] for key in ("cards-0", "oros-0", "setenta-0", "setenta-1")} == {
        key: counts[key] for key in ("cards-0", "oros-0", "setenta-0", "setenta-1")}
    # Typed by count, its sevens have no suits: reopened, Ana's two sevens are tapped, the velo among them, and saved
    # again untouched the hand is the same (blank chips made them Bea's).
    tapped = re.findall(r'name="seven_suits-0" value="(\w)"[^>]* checked', page)
    assert len(tapped) == 2 and "o" in tapped
    fields = {name: value for name, value in again.items() if name != "seven_suits-0"}
    assert keeper.client.post(url, data=fields | {"seven_suits-0": tapped, "action": "save"}).status_code == 302
    assert stored(keeper, match_id)[0][1:] == (number, points, valid, mode, entry)[1:]


def test_a_tiebreak_match_folds_the_sixes_aces_and_fives_away_as_chips(keeper: Any) -> None:
    """Under the tiebreak each counted side has 0–4 chips for its sixes, aces and fives, in a closed
    <details>; the last side's follow from the others', shown as not known yet; no setenta."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"), seating="3", sevens="most_tiebreak")
    html = keeper.page(keeper.hand_url(match_id, "quick"))
    assert html.count('<details class="tiebreak">') == 2 and "<details class=\"tiebreak\" open" not in html
    for key in ("sixes", "aces", "fives"):
        for i in (0, 1):
            assert re.findall(rf'name="{key}-{i}" value="(\d)"', html) == ["0", "1", "2", "3", "4"]
        assert f'name="{key}-2"' not in html
        assert re.search(rf'<dd data-rest-count="{key}">—</dd>', rest_box(html))
    assert "setenta" not in html


def test_sevens_tied_ask_for_the_sixes_on_their_chips_and_once_given_score(keeper: Any) -> None:
    """Two sevens each: Ana's sixes are asked for on their chips, the fold open, as a question linked from the
    referee's questions at the top (Bea's follow from Ana's). Given 2 they tie again (Bea holds the other 2) and
    the aces are asked for; given 3, Bea holds 1 and Ana takes the sevens point; the saved hand reopens with its
    sixes."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak")
    asked = quick(keeper, match_id, action="save")
    assert asked.status_code == 422
    html = asked.get_data(as_text=True)
    assert re.search(r'<details class="tiebreak" open>\s*<summary>Sevens tied\? Sixes, aces, fives</summary>', html)
    assert re.search(r'<fieldset class="chips awaiting" id="sixes-0" aria-describedby="sixes-0-ask">', html)
    assert re.search(r'href="#sixes-0">How many sixes does Ana have\? The sevens are tied \(2 each\)', html)
    assert "Bea have" not in html
    tied = quick(keeper, match_id, counts=COUNTS | {"sixes-0": "2"}, action="save")
    assert tied.status_code == 422
    html = tied.get_data(as_text=True)
    assert re.search(r'href="#aces-0">How many aces does Ana have\? Sevens and sixes are tied', html)
    assert keeper.fields(html)["sixes-0"] == "2"  # the chip tapped stays tapped
    assert re.search(r'<dd data-rest-count="sixes">2</dd>', rest_box(html))
    review = quick(keeper, match_id, counts=COUNTS | {"sixes-0": "3"})
    assert review.status_code == 200
    assert re.search(r'<dd data-rest-count="sixes">1</dd>', rest_box(review.get_data(as_text=True)))
    assert "Points +5 +0" in keeper.text(review.get_data(as_text=True))
    assert quick(keeper, match_id, counts=COUNTS | {"sixes-0": "3"}, action="save").status_code == 302
    [(_, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (points, valid, mode) == ([MOST[0] + 1, MOST[1]], True, "quick")
    assert entry["sides"][0]["tally"]["sixes"] == 3
    assert keeper.fields(keeper.page(keeper.hand_url(match_id, "quick", 1)))["sixes-0"] == "3"  # reopened as typed


def test_fewer_sixes_give_the_point_to_the_worked_out_side(keeper: Any) -> None:
    """Ana's 1 six leaves Bea 3: the sevens point is Bea's, whose counts nobody typed."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak")
    assert quick(keeper, match_id, counts=COUNTS | {"sixes-0": "1"}, action="save").status_code == 302
    assert stored(keeper, match_id)[0][1] == [MOST[0], MOST[1] + 1]
