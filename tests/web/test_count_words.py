"""Impossible counts after Check, in the page's own words: sentences with a capital and a full stop, the match's
deck's suit names ("diamonds" where the page says Diamonds), and the piles to recount named (issue 23).

The quick entry's hand is tests/conftest.py's correct hand the quick way (test_app_quick.py): the table's four
diamonds taken by the first side. The entry by counts posts every side's counts."""

from __future__ import annotations

import re
from typing import Any

import factories
import pytest
from test_app_quick import LEFTOVER, quick

THREE = ("Pablo", "Paula", "Bruno")


def rest_box(html: str) -> str:
    """The worked-out side's box of the quick entry."""
    start = html.index('id="rest-counts"')
    return html[start:html.index('id="velo"', start)]


def summary(keeper: Any, html: str) -> list[str]:
    """The error summary's lines as a reader sees them."""
    box = html[html.index('id="error-summary"'):]
    return [keeper.text(item) for item in re.findall(r"<li>(.*?)</li>", box[:box.index("</div>")], flags=re.S)]


def by_counts(keeper: Any, match_id: int, sides: list[tuple[int, int, int]], **extra: str) -> str:
    """Check a hand by counts: each side's cards, oros and sevens; the first holds the velo and took the leftover."""
    url = keeper.hand_url(match_id, "tally")
    fields = {"velo": "0", "leftover_sum": "10", "last_capture": "0", "action": "review"}
    for i, (cards, oros, sevens) in enumerate(sides):
        fields |= {f"cards-{i}": str(cards), f"oros-{i}": str(oros), f"sevens-{i}": str(sevens),
                   f"escobas-{i}": "0", f"pile_sum-{i}": ""}
    response = keeper.submit(url, fields | extra, post_to=url)
    assert response.status_code == 422, response.status_code
    return response.get_data(as_text=True)


def test_the_quick_entry_names_the_piles_whose_cards_pass_the_decks(keeper: Any) -> None:
    """Pablo's 20 cards and Paula's 26 leave Bruno −6: beside Bruno's worked-out counts and in the summary, the
    page says who counts how many, by how much that passes the deck, and which piles to recount."""
    match_id = factories.start(keeper, THREE, seating="3")
    counts = {"cards-0": "20", "oros-0": "6", "sevens-0": "2", "cards-1": "26", "oros-1": "2", "sevens-1": "1",
              "velo": "0"}
    html = quick(keeper, match_id, counts=counts, escobas=("0", "0", "0")).get_data(as_text=True)
    words = "Pablo and Paula count 46 cards together, 6 more than the deck's 40: recount their piles."
    assert words in keeper.text(rest_box(html))
    assert words in summary(keeper, html)


def test_the_quick_entry_says_the_decks_suit_as_the_page_does(keeper: Any) -> None:
    """A French deck's match: "12 diamonds" (the page's Diamonds), never "oros"; a Spanish one's: "coins"."""
    for deck, suit in (("french", "diamonds"), ("spanish", "coins")):
        match_id = factories.start(keeper, THREE, seating="3", deck_style=deck)
        counts = {"cards-0": "20", "oros-0": "6", "sevens-0": "2", "cards-1": "10", "oros-1": "6", "sevens-1": "1",
                  "velo": "0"}
        html = quick(keeper, match_id, counts=counts, escobas=("0", "0", "0")).get_data(as_text=True)
        words = f"Pablo and Paula count 12 {suit} together, 2 more than the deck's 10: recount their piles."
        assert words in keeper.text(rest_box(html)), deck
        assert "oros" not in keeper.text(html).replace("oros-", "")


def test_a_worked_out_side_without_room_for_its_oros_says_so_as_a_sentence_in_the_decks_words(keeper: Any) -> None:
    """Ana's 30 cards with 1 diamond and 1 seven leave Bea 10 cards for 9 diamonds and 3 sevens."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    html = quick(keeper, match_id, counts={"cards-0": "30", "oros-0": "1", "sevens-0": "1", "velo": "0"},
                 action="save").get_data(as_text=True)
    words = "The others' counts leave this side 10 cards, too few for 9 diamonds and 3 sevens."
    assert words in keeper.text(rest_box(html))


@pytest.mark.parametrize(("sides", "words", "first"), [
    ([(20, 6, 2), (16, 2, 1), (10, 1, 1)],
     "Pablo, Paula, and Bruno count 46 cards together, 6 more than the deck's 40: recount their piles.", "cards-0"),
    ([(20, 6, 2), (10, 0, 1), (10, 5, 1)],
     "Pablo and Bruno count 11 diamonds together, 1 more than the deck's 10: recount their piles.", "oros-0"),
    ([(20, 6, 1), (10, 2, 3), (10, 2, 1)],
     "Pablo, Paula, and Bruno count 5 sevens together, 1 more than the deck's 4: recount their piles.", "sevens-0"),
    ([(20, 6, 2), (10, 2, 1), (8, 2, 1)],
     "Pablo, Paula, and Bruno count 38 cards together, 2 fewer than the deck's 40: recount their piles.", "cards-0"),
], ids=["cards more", "oros more", "sevens more", "cards fewer"])
def test_the_entry_by_counts_names_the_piles_to_recount(keeper: Any, sides: list[tuple[int, int, int]], words: str,
                                                        first: str) -> None:
    """Counts that add up to more than the deck holds name the piles that counted some; fewer, every pile. Said
    in the summary (linked to the first pile to recount) and below the counts."""
    match_id = factories.start(keeper, THREE, seating="3")
    html = by_counts(keeper, match_id, sides)
    assert words in summary(keeper, html)
    assert re.search(rf'<a href="#{first}">{re.escape(words)}</a>', html.replace("&#39;", "'"))
    box = html[html.index('id="count-problems"'):]
    assert words in keeper.text(box[:box.index("</div>")])


def test_problems_on_the_entry_page_are_sentences(keeper: Any) -> None:
    """The rules core's lower-case words (the API's) start with a capital on the page and end with a full stop;
    a name as typed stays as it is."""
    match_id = factories.start(keeper, ("ana", "Bea"))
    html = quick(keeper, match_id, leftover=["7o", "3o"], action="save",
                 counts={"cards-0": "20", "oros-0": "5", "sevens-0": "2", "velo": "1"}).get_data(as_text=True)
    assert "The velo was left on the table, so the last capture (ana's) took it." in keeper.text(html)
    for line in summary(keeper, html):
        problem = line.split(": ", 1)[-1]
        assert problem[:1].isupper() or problem.startswith("ana"), line
        assert line.endswith("."), line
    assert LEFTOVER  # the usual leftover is not this hand's
