"""A hand by counts under the regional options: the page asks for what the match's sevens option needs, each
missing count is named on its own field, and a full entry saves and scores by the option."""

from __future__ import annotations

import re
from typing import Any

import factories
import pytest


@pytest.fixture
def setenta_match(keeper: Any) -> int:
    """A two-player Spanish match playing the setenta."""
    return int(factories.start(keeper, preset="escoba-es", sevens="setenta"))


def test_a_setenta_match_asks_each_side_for_its_setenta_and_a_usual_match_does_not(keeper: Any,
                                                                                     setenta_match: int) -> None:
    """The setenta fields are rendered for each side of a setenta match; a match playing most sevens has none."""
    html = keeper.page(keeper.hand_url(setenta_match, mode="tally"))
    assert re.search(r'name="setenta-0"', html) and re.search(r'name="setenta-1"', html)
    usual = factories.start(keeper, )
    assert "setenta-" not in keeper.page(keeper.hand_url(usual, mode="tally"))


def test_a_missing_setenta_is_named_on_its_field_and_the_entry_is_kept(keeper: Any, setenta_match: int) -> None:
    """Saved without the sums: refused, each side's setenta field marked and linked from the summary."""
    response = keeper.enter_hand(setenta_match, "save", mode="tally")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    for i in (0, 1):
        assert re.search(rf'<div class="field setenta has-error">\s*<label for="setenta-{i}">', html)
        assert f'href="#setenta-{i}"' in html
    assert keeper.saved_hands(setenta_match) == []


def test_a_full_setenta_entry_saves_and_a_side_lacking_a_suit_cannot_take_the_point(keeper: Any,
                                                                                  setenta_match: int) -> None:
    """Sevens tie 2-2 (nobody's point under most sevens); under the setenta the first side's 70 beats the second
    side, which holds no coins and so lacks a suit (0): the first side scores one point more than it would."""
    saved = keeper.enter_hand(setenta_match, "save", mode="tally", overrides={"setenta-0": "70", "setenta-1": "0"})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    [(number, points, valid, mode, _)] = keeper.saved_hands(setenta_match)
    assert (number, valid, mode) == (1, True, "tally")
    usual = factories.start(keeper, preset="escoba-es")
    keeper.save_hand(usual, mode="tally")
    [(_, most, *_)] = keeper.saved_hands(usual)
    assert points == [most[0] + 1, most[1]]


def test_a_setenta_out_of_range_is_refused_on_its_field(keeper: Any, setenta_match: int) -> None:
    """A sum two sevens cannot make, and a sum for a side lacking a suit, each named on its own field."""
    response = keeper.enter_hand(setenta_match, "save", mode="tally", overrides={"setenta-0": "60", "setenta-1": "77"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'href="#setenta-0">[^<]*from 62 to 78, not 60', html)
    assert re.search(r'href="#setenta-1">[^<]*lacks a suit: its setenta is 0, not 77', html)
    assert 'value="60"' in html and 'value="77"' in html  # what was typed is kept


def test_a_saved_hand_reopened_for_correction_keeps_its_setenta(keeper: Any, setenta_match: int) -> None:
    """The correction page of a hand saved by counts shows each side's setenta as it was typed."""
    saved = keeper.enter_hand(setenta_match, "save", mode="tally", overrides={"setenta-0": "70", "setenta-1": "0"})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    html = keeper.page(f"/matches/{setenta_match}/hands/1/edit")
    assert re.search(r'name="setenta-0" value="70"', html) and re.search(r'name="setenta-1" value="0"', html)


def test_a_tiebreak_hand_reopened_for_correction_keeps_its_sixes(keeper: Any) -> None:
    """Sevens tied 2-2 and broken by the sixes: the correction page shows the sixes that were typed."""
    match = int(factories.start(keeper, preset="escoba-es", sevens="most_tiebreak"))
    saved = keeper.enter_hand(match, "save", mode="tally", overrides={"sixes-0": "3", "sixes-1": "1"})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    html = keeper.page(f"/matches/{match}/hands/1/edit")
    assert re.search(r'name="sixes-0" value="3"', html) and re.search(r'name="sixes-1" value="1"', html)
