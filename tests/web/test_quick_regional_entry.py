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
    """The last side's box: its worked-out counts (and what it types itself)."""
    start = html.index('id="rest-counts"')
    return html[start:html.index('id="velo"', start)]


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


def test_a_setenta_match_asks_every_side_for_its_setenta_the_last_in_its_rest_box(keeper: Any) -> None:
    """Three players: Ana's and Bea's setenta in their boxes, Cid's beside his worked-out counts (they cannot
    give it); the setenta's table said once; nothing of the tiebreak."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"), seating="3", sevens="setenta")
    html = keeper.page(keeper.hand_url(match_id, "quick"))
    rest = rest_box(html)
    before_rest = html[:html.index('id="rest-counts"')]
    assert 'name="setenta-0"' in before_rest and 'name="setenta-1"' in before_rest
    assert 'name="setenta-2"' in rest and '<label for="setenta-2">Setenta</label>' in rest
    assert html.count('id="setenta-hint"') == 1 and html.count('aria-describedby="setenta-') == 3
    assert "7 = 21, 6 = 18" in keeper.text(html)
    assert "tiebreak" not in html and 'data-rest-count="sixes"' not in html


def test_a_missing_setenta_is_named_on_its_field_and_the_entry_is_kept(keeper: Any) -> None:
    """Saved without the sums: 422, each side's setenta field marked (the last side's in its box) and linked
    from the summary; the table's cards and the counts as they were tapped; nothing saved."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    response = quick(keeper, match_id, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    for i, name in enumerate(("Ana", "Bea")):
        assert re.search(rf'<div class="field setenta has-error">\s*<label for="setenta-{i}">', html)
        assert re.search(rf'href="#setenta-{i}">Setenta · {name}: {name}&#39;s setenta is needed', html)
    assert "Bea&#39;s setenta is needed" in rest_box(html)
    fields = keeper.fields(html)
    assert {key: fields[key] for key in COUNTS} == COUNTS
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
    assert re.search(rf'<label for="{field}">Setenta</label>\s*<input [^>]*aria-invalid="true">', html)
    assert (field == "setenta-1") == (words in keeper.errors(rest_box(html)))
    fields = keeper.fields(html)
    assert {key: fields[key] for key in COUNTS | typed} == COUNTS | typed
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
    again = keeper.fields(keeper.page(keeper.hand_url(match_id, "quick", 1)))
    assert {key: again[key] for key in counts} == counts


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
