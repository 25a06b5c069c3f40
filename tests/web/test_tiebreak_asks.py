"""A tie in sevens under the Uruguayan tiebreak is a usual moment of the game: the referee asks for the sixes (then
the aces, the fives) as a question, never as an error (issue 23): no error summary, no role=alert, no red field,
each question beside the count that answers it and listed at the top, linked to it."""

from __future__ import annotations

import re
from typing import Any

import factories
import pytest
from test_app_quick import COUNTS, quick


def by_counts(keeper: Any, match_id: int, **extra: str) -> str:
    """Check the usual hand by counts (sevens 2 each) with what `extra` adds; its page."""
    response = keeper.enter_hand(match_id, mode="tally", overrides=extra)
    assert response.status_code == 422
    return response.get_data(as_text=True)


def assert_asked_not_refused(keeper: Any, html: str, field: str, question: str) -> None:
    """The page asks `question` at the top and beside `field`, and says nothing as an error."""
    top = html[html.index('<main id="main">'):html.index('id="hand"')]  # what the page says above the entry
    assert 'id="error-summary"' not in html and 'role="alert"' not in top
    assert keeper.errors(html) == []
    asks = html[html.index('<section class="asks"'):]
    asks = asks[:asks.index("</section>")]
    assert re.search(rf'<a href="#{field}">{re.escape(question)}</a>', asks.replace("&#39;", "'"))
    assert "role=" not in asks
    beside = re.search(rf'<p class="ask" id="{field}-ask" data-ask>(.*?)</p>', html)
    assert beside and beside.group(1).replace("&#39;", "'") == question


@pytest.mark.parametrize("mode", ["quick", "tally"])
def test_sevens_tied_ask_for_the_sixes_as_a_question(keeper: Any, mode: str) -> None:
    """Two sevens each: the sixes are asked for, the fold open at them; the entry is kept."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak")
    html = quick(keeper, match_id).get_data(as_text=True) if mode == "quick" else by_counts(keeper, match_id)
    question = "How many sixes does Ana have? The sevens are tied (2 each): the most sixes take the point."
    assert_asked_not_refused(keeper, html, "sixes-0", question)
    assert re.search(r'<details class="tiebreak" open>', html)
    if mode == "tally":  # every side is counted by hand: Bea's sixes are asked too
        assert "How many sixes does Bea have?" in keeper.text(html)
    else:
        assert keeper.fields(html)["cards-0"] == COUNTS["cards-0"]


def test_a_partnership_is_asked_in_the_plural(keeper: Any) -> None:
    """"How many sixes do Ana & Carla have?"."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Carla", "Dora"), sevens="most_tiebreak")
    html = by_counts(keeper, match_id)
    assert "How many sixes do Ana &amp; Carla have?" in html


def test_the_aces_are_asked_once_the_sixes_tie_too(keeper: Any) -> None:
    """Sixes 2 and 2: the aces, the sixes kept as typed."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak")
    html = by_counts(keeper, match_id, **{"sixes-0": "2", "sixes-1": "2"})
    question = "How many aces does Ana have? Sevens and sixes are tied: the most aces take the point."
    assert_asked_not_refused(keeper, html, "aces-0", question)
    assert keeper.fields(html)["sixes-0"] == "2"


def test_a_real_error_beside_a_tie_is_still_an_error(keeper: Any) -> None:
    """Sixes that add up to more than the deck's four are refused, as errors, not asked about."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak")
    html = by_counts(keeper, match_id, **{"sixes-0": "3", "sixes-1": "3"})
    assert 'id="error-summary"' in html and '<section class="asks"' not in html
