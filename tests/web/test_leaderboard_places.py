"""The leaderboard's places follow the figure each player's rating is shown as (docs/ratings.md, "The scale"):
ratings that read the same figure share a place, and are listed by name; the next figure down takes the place
after everyone above it. A player compares the figures on the page, not the decimals behind them."""

from __future__ import annotations

import factories
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ratings import account, rows, start

from referee.extensions import db
from referee.models import User
from referee.services.ratings import leaderboard

NAMES = ("Ana", "Bea", "Cai", "Dani", "Eva", "Fer", "Gil", "Hugo")


def rate(user: User, ratings: dict[str, float | None]) -> None:
    """Give the account's players these ratings, as the rating service keeps them (mu and sigma aside)."""
    for player in user.players:
        player.rating = ratings[player.name]
    db.session.commit()


@pytest.fixture
def players(app):
    """Eight players of one account, made as a match starts them (in the app context)."""
    with app.app_context():
        user = account()
        start(user, *NAMES[:4])
        start(user, *NAMES[4:])
        yield user


def test_ratings_that_read_the_same_figure_share_a_place_on_the_page(keeper):
    """Cai 1000.6 reads 1,001; Bea 1000.4 and Ana 999.6 both read 1,000: second place together, Ana first by name
    though Bea's decimals are higher; Dani's 987 is fourth. Eva, never rated, follows without a place."""
    factories.start(keeper, ("Ana", "Bea", "Cai", "Dani"))
    factories.start(keeper, ("Eva", "Ana"))
    with keeper.app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == "ana"))
        rate(user, {"Ana": 999.6, "Bea": 1000.4, "Cai": 1000.6, "Dani": 987.2, "Eva": None})
    assert [row[:3] for row in rows(keeper)] == [
        ["1", "Cai", "1,001"],
        ["2", "Ana", "1,000"],
        ["2", "Bea", "1,000"],
        ["4", "Dani", "987"],
        ["", "Eva", "unrated"],
    ]


RATINGS = st.lists(st.one_of(st.none(), st.floats(990, 1010), st.sampled_from([999.5, 1000.5, 1000.4999, 999.6])),
                   min_size=len(NAMES), max_size=len(NAMES))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ratings=RATINGS)
def test_a_place_is_one_after_every_player_shown_a_higher_figure(players, ratings):
    """Any ratings, close ones and halves among them: each rated player's figure is their rating rounded as the
    page rounds it, their place one more than the number of players shown a higher figure; the board runs by
    figure, then by name; the unrated come last, by name, with no place."""
    given_ratings = dict(zip(NAMES, ratings, strict=True))
    rate(players, given_ratings)
    board = leaderboard(players)
    rated = [(line.player.name, line.rank, line.figure) for line in board if line.rank is not None]
    for name, rank, figure in rated:
        assert figure == round(given_ratings[name])  # the nearest whole number
        assert rank == 1 + sum(other > figure for _, _, other in rated)
    assert [(-figure, name) for name, _, figure in rated] == sorted((-figure, name) for name, _, figure in rated)
    unrated = [line for line in board if line.rank is None]
    assert [line.player.name for line in unrated] == sorted(n for n, r in given_ratings.items() if r is None)
    assert all(line.figure is None for line in unrated)
    assert board[:len(rated)] == [line for line in board if line.rank is not None]
