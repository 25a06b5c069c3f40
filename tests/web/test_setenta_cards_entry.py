"""La setenta by each side's best cards on the entry pages (forms/variant_counts.py BestCardsField): tapped instead
of the sum, or beside it; the rules core adds them up, each problem is said on the side's cards or its sum with what
was tapped kept, and the saved hand keeps the cards as tapped (reopened with them).

The hand is tests/conftest.py's correct hand: Ana holds the 10 diamonds and 2 sevens (her best cards the 7 of
diamonds, the 7 of hearts and the 4s of spades and clubs: 70), Bea no diamond and the other 2 sevens (lacking a
suit: 0). The sevens tie, so the setenta decides the point: Ana's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_app_quick import COUNTS, quick, stored

ANA = {"setenta_cards-0-o": "7", "setenta_cards-0-c": "7", "setenta_cards-0-e": "4", "setenta_cards-0-b": "4"}
# No diamond: lacks a suit ("None" tapped; a suit left untold is asked for only when it can change the point).
BEA = {"setenta_cards-1-o": "", "setenta_cards-1-e": "7", "setenta_cards-1-c": "6", "setenta_cards-1-b": "7"}
MOST = [4, 0]  # the hand's points under most sevens (tied: nobody's)


def checked(html: str, name: str) -> str | None:
    """The value of the radio button checked in a group, None when none is."""
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"[^>]* checked', html)
    return found.group(1) if found else None


def without_sevens(tapped: dict[str, str]) -> dict[str, str]:
    """The chips a quick entry's rows can show: its sevens are tapped by suit with the counts, not on the rows."""
    return {name: value for name, value in tapped.items() if value != "7"}


@pytest.fixture
def match_id(keeper: Any) -> int:
    """Ana against Bea playing the setenta."""
    return int(keeper.start(("Ana", "Bea"), sevens="setenta"))


def test_the_quick_entry_offers_each_side_a_chip_per_best_card_of_each_suit(keeper: Any, match_id: int) -> None:
    """Every side, the worked-out one too, in the setenta's box after the counts: four rows of chips (6, ace, 5, 4, 3,
    2, a figure, none: the sevens are tapped with the counts), none tapped to start (an untold suit), the cards named
    in the deck's words for screen readers; a counted side taps its sevens by suit."""
    html = keeper.page(keeper.hand_url(match_id, "quick"))
    for side in (0, 1):
        for suit in "oceb":
            values = re.findall(rf'name="setenta_cards-{side}-{suit}" value="([^"]*)"', html)
            assert values == ["6", "1", "5", "4", "3", "2", "8", ""]
            assert checked(html, f"setenta_cards-{side}-{suit}") is None
    assert re.findall(r'name="seven_suits-0" value="(\w*)"', html) == ["", "o", "c", "e", "b"]
    assert 'aria-label="7 of diamonds"' in html and 'aria-label="Queen, Jack, or King of clubs"' in html
    asks = html[html.index('id="setenta-asks"'):]
    assert 'id="setenta_cards-1"' in asks and 'name="setenta-1"' in asks and 'id="rest-counts"' not in asks


def test_cards_alone_are_added_up_by_the_referee_saved_as_tapped_and_reopened(keeper: Any, match_id: int) -> None:
    """Ana's four cards make 70, Bea's three 0 (no diamond): Ana takes the point; the entry keeps the cards (marked
    3) and no sum; the hand reopens with the same chips tapped and each side's sum shown."""
    review = quick(keeper, match_id, counts=COUNTS | ANA | BEA)
    assert review.status_code == 200, keeper.errors(review.get_data(as_text=True))
    html = review.get_data(as_text=True)
    assert "Points +5 +0" in keeper.text(html)
    assert "Setenta: 70" in html and "Setenta: 0 (lacks a suit)" in html
    review = html[html.index('<table class="setenta">'):html.index("</table>", html.index('<table class="setenta">'))]
    assert "Best card of each suit" in review
    assert re.search(r'<li class="suit-o">7 of diamonds <b>21</b></li>', review)
    assert "No diamonds: lacks a suit, cannot take it" in review
    assert quick(keeper, match_id, counts=COUNTS | ANA | BEA, action="save").status_code == 302
    [(_, points, valid, mode, entry)] = stored(keeper, match_id)
    assert (points, valid, mode) == ([MOST[0] + 1, MOST[1]], True, "quick")
    assert entry["v"] == 3
    assert entry["sides"][0]["tally"]["setenta_cards"] == ["7o", "7c", "4e", "4b"]
    assert entry["sides"][1]["tally"]["setenta_cards"] == ["6c", "7e", "7b"]
    assert "setenta" not in entry["sides"][0]["tally"]
    again = keeper.page(keeper.hand_url(match_id, "quick", 1))
    # Reopened: Ana's sevens on her sevens' chips, the other cards on their rows (Bea's sevens are those Ana left).
    assert re.findall(r'name="seven_suits-0" value="(\w)" [^>]*checked', again) == ["o", "c"]
    others = without_sevens(ANA | BEA)
    assert {name: checked(again, name) for name in others} == others


def test_cards_and_the_sum_that_agree_are_taken(keeper: Any, match_id: int) -> None:
    """Ana's cards and her 70 typed; Bea's 0 typed alone: either way works, side by side."""
    review = quick(keeper, match_id, counts=COUNTS | ANA | {"setenta-0": "70", "setenta-1": "0"})
    assert review.status_code == 200
    assert "Points +5 +0" in keeper.text(review.get_data(as_text=True))


def test_cards_and_a_sum_that_disagree_are_refused_at_the_sum_with_both_kept(keeper: Any, match_id: int) -> None:
    """71 typed beside cards that make 70: the sum's field says so, linked from the summary; the chips stay tapped
    and the sum typed; nothing saved."""
    response = quick(keeper, match_id, counts=COUNTS | ANA | BEA | {"setenta-0": "71"}, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    words = "The cards tapped make a setenta of 70, not 71: clear the sum or change the cards."
    assert re.search(rf'href="#setenta-0">Setenta · Ana: {re.escape(words)}</a>', html)
    assert re.search(r'<label for="setenta-0">Ana</label>\s*<input [^>]*value="71"[^>]*aria-invalid="true">', html)
    assert {name: checked(html, name) for name in ANA if ANA[name] != "7"} == without_sevens(ANA)
    assert stored(keeper, match_id) == []


@pytest.mark.parametrize(("tapped", "side", "words"), [
    ({"setenta_cards-0-c": "6"}, 0,
     "Each seven is the best card of its suit: with 2 sevens counted, tap 2 sevens, not 1."),
    ({"setenta_cards-1-o": "5"}, 1, "0 diamonds counted: tap the best of them, or none when it has none."),
    ({"setenta_cards-1-o": "7", "setenta_cards-1-e": "6"}, 1,
     "The velo (7 of diamonds) is another side's: it cannot be this side's best card."),
], ids=["sevens", "an oro without oros", "the velo"])
def test_cards_the_sides_counts_make_impossible_are_refused_on_them(
        keeper: Any, match_id: int, tapped: dict[str, str], side: int, words: str) -> None:
    """Each problem beside the side's cards and in the summary, named as the deck names the cards; what was tapped
    is kept. (A card two sides claim is the rules core's to refuse too: tests/rules/test_setenta_cards.py; with
    two sides whose sevens agree with their cards, no such claim is left to make.)"""
    response = quick(keeper, match_id, counts=COUNTS | ANA | BEA | tapped, action="save")
    assert response.status_code == 422
    html = response.get_data(as_text=True).replace("&#39;", "'")
    name = ("Ana", "Bea")[side]
    assert f'href="#setenta_cards-{side}">Best cards · {name}: {words}</a>' in html
    start = html.index(f'id="setenta_cards-{side}"')
    end = html.index("</fieldset>", html.index("data-setenta-sum", start))
    assert f'<p class="error">{words}</p>' in html[start:end]
    assert {n: checked(html, n) for n in without_sevens(tapped)} == without_sevens(tapped)
    assert stored(keeper, match_id) == []


def test_a_value_no_chip_sends_is_refused_in_words_never_a_500(keeper: Any, match_id: int) -> None:
    """An edited page's "9" (figures are sent as 8) or a long text: the side's cards say what to do."""
    for value in ("9", "x" * 5000):
        response = quick(keeper, match_id, counts=COUNTS | ANA | {"setenta_cards-0-o": value}, action="save")
        assert response.status_code == 422
        assert "Tap one of the cards shown" in response.get_data(as_text=True)


def test_the_entry_by_counts_takes_the_cards_too(keeper: Any) -> None:
    """By counts: both sides tap their cards, no sum typed; saved and scored as the quick way does."""
    match_id = int(keeper.start(preset="escoba-es", sevens="setenta"))
    saved = keeper.enter_hand(match_id, "save", mode="tally", overrides=ANA | BEA)
    assert saved.status_code == 302, keeper.errors(saved.get_data(as_text=True))
    [(_, points, valid, mode, entry)] = stored(keeper, match_id)
    usual = keeper.start(preset="escoba-es")
    keeper.save_hand(usual, mode="tally")
    [(_, most, *_)] = stored(keeper, usual)
    assert (points, valid, mode) == ([most[0] + 1, most[1]], True, "tally")
    assert [side["tally"]["setenta_cards"] for side in entry["sides"]] == [["7o", "7c", "4e", "4b"], ["6c", "7e", "7b"]]
    again = keeper.page(keeper.hand_url(match_id, "tally", 1))
    assert {name: checked(again, name) for name in ANA | BEA} == ANA | BEA


def test_a_figure_tapped_is_named_in_the_review_as_any_of_its_suits_figures(keeper: Any) -> None:
    """The figures' chip stands for a Sota, Caballo or Rey alike (all count 10): the review names it so, not as the
    Sota ("Knave of coins") it is kept as."""
    match_id = int(keeper.start(("Ana", "Bea"), preset="escoba-es", sevens="setenta"))
    review = quick(keeper, match_id, counts=COUNTS | ANA | {"setenta_cards-0-b": "8"} | BEA)
    assert review.status_code == 200, keeper.errors(review.get_data(as_text=True))
    html = review.get_data(as_text=True)
    table = html[html.index('<table class="setenta">'):html.index("</table>", html.index('<table class="setenta">'))]
    assert re.search(r'<li class="suit-b">Knave, Knight, or King of clubs <b>10</b></li>', table)
    assert "Knave of clubs" not in table
