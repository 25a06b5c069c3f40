"""A correction that keeps the winner of a finished match of three or four players but swaps the places behind
it: the ratings follow the new places (docs/ratings.md, "When ratings change"), whether the match is the last
its players finished or an older one."""

from __future__ import annotations

import pytest
from test_ratings import account, ratings, rerated, start, state, win, winning_hand

from referee.models import Match
from referee.services import edit_hand

# Names in the order of play, the winning seat, the others' escobas before and after the correction: the second
# and the third place swap (Ana and Bea), the winner stays.
SWAPS = {
    "three players": (("Ana", "Bea", "Cai"), 2, (2, 0), (0, 2)),
    "four players": (("Ana", "Bea", "Cai", "Dani"), 3, (2, 1, 0), (1, 2, 0)),
}


def correct(match: Match, winner: int, escobas: tuple[int, ...]) -> None:
    """Correct the match's only hand: the same winner, the others' escobas as given."""
    edit_hand(match, 1, winning_hand(match.sides, winner, escobas), match.version)
    assert match.winner == winner


@pytest.mark.parametrize(("names", "winner", "before", "after"), SWAPS.values(), ids=SWAPS.keys())
def test_swapping_second_and_third_place_rates_the_match_again(app, names, winner, before, after):
    """Ana came second and Bea third; corrected, Bea is second and Ana third: Bea's rating now beats Ana's, every
    rating is what rating the account from scratch gives, and the same as if the match had finished so."""
    with app.app_context():
        user = account()
        match = win(start(user, *names), winner, before)
        assert ratings(user)["Ana"] > ratings(user)["Bea"]
        kept = state(user)
        correct(match, winner, after)
        assert state(user) != kept
        assert ratings(user)["Bea"] > ratings(user)["Ana"]
        assert state(user) == rerated(user)
        other = account("bob")
        win(start(other, *names), winner, after)
        assert ratings(user) == ratings(other)


@pytest.mark.parametrize(("names", "winner", "before", "after"), SWAPS.values(), ids=SWAPS.keys())
def test_swapping_the_places_of_an_older_match_rates_the_account_again(app, names, winner, before, after):
    """The same correction made after Ana and Bea finished another match: the ratings are a full rerate's, and
    the later match starts from Bea ahead of Ana."""
    with app.app_context():
        user = account()
        match = win(start(user, *names), winner, before)
        win(start(user, "Ana", "Bea"), 0)
        kept = state(user)
        correct(match, winner, after)
        assert state(user) != kept
        assert state(user) == rerated(user)
        # The match's own rating changes, as kept: Bea above Ana after it.
        [ana_first, _] = state(user)["Ana"][1]
        [bea_first, _] = state(user)["Bea"][1]
        assert bea_first[4] > ana_first[4]
