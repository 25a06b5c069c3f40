"""Skill ratings: they move the right way for every kind of match, follow every change to a match's result
exactly as rating everything again would, and show on the leaderboard and a player's page, for the account's
own players only."""

from __future__ import annotations

import re
from datetime import timedelta
from itertools import pairwise

import factories
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, Player, RatingChange, User
from referee.services import HandDraft, MatchSettings, create_match, edit_hand, hands, record_hand, undo_last_hand
from referee.services.players import delete_player, merge_players
from referee.services.ratings import leaderboard, rating_history, rerate
from referee.skill import START


def winning_hand(sides: int, winner: int, escobas: tuple[int, ...] = ()) -> HandDraft:
    """A hand by counts that wins a match to 15 at once: the winner takes every category and 9 escobas
    (15 points); each other side scores its escobas from `escobas` (none when not given)."""
    others = iter(escobas)
    body = {"sides": [{"tally": {"cards": 40 - 4 * (sides - 1) if i == winner else 4,
                                 "oros": 10 if i == winner else 0, "sevens": 4 if i == winner else 0,
                                 "velo": i == winner},
                       "escobas": 9 if i == winner else next(others, 0)} for i in range(sides)],
            "leftover_sum": 10, "last_capture": winner}
    return HandDraft.kept("tally", body, dealer=0)


def account(name: str = "ana") -> User:
    """A new account (in the app context)."""
    user = User(username=name, password_hash="-")
    db.session.add(user)
    db.session.commit()
    return user


def start(user: User, *names: str, pairs: bool = False) -> Match:
    """A match to 15 of these players, in the order of play (four with pairs: two partnerships)."""
    return create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish", names=names,
                                            partnerships=pairs, first_dealer=0))


def win(match: Match, winner: int, escobas: tuple[int, ...] = ()) -> Match:
    """Finish the match with one hand won by side `winner` (see winning_hand)."""
    record_hand(match, winning_hand(match.sides, winner, escobas), len(match.hands) + 1)
    assert match.winner == winner
    return match


def player(user: User, name: str) -> Player:
    """The account's player of that name."""
    return next(p for p in user.players if p.name == name)


def ratings(user: User) -> dict[str, float | None]:
    """Each player's rating, by name."""
    return {p.name: p.rating for p in user.players}


def state(user: User) -> dict[str, tuple]:
    """Everything the ratings keep, as the database holds it: each player's mu, sigma and rating, and their
    history (match, when, mu, sigma, rating) in order."""
    db.session.flush()
    players = db.session.execute(select(Player.id, Player.name, Player.mu, Player.sigma, Player.rating)
                                 .where(Player.user_id == user.id)).all()
    return {p.name: ((p.mu, p.sigma, p.rating), tuple(
        tuple(row) for row in db.session.execute(
            select(RatingChange.match_id, RatingChange.at, RatingChange.mu, RatingChange.sigma, RatingChange.rating)
            .where(RatingChange.player_id == p.id).order_by(RatingChange.id))))
        for p in players}


def rerated(user: User) -> dict[str, tuple]:
    """What rating every finished match again from scratch gives (the transaction rolled back after)."""
    db.session.commit()
    rerate(user)
    found = state(user)
    db.session.rollback()
    return found


# -- which way ratings move --------------------------------------------------------------------------------

def test_the_winner_goes_up_and_the_loser_down(app):
    """A new player starts at 1 000; after Ana beats Bea, Ana is above it and Bea below."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea"), 0)
        ana, bea = player(user, "Ana"), player(user, "Bea")
        assert ana.mu > 25 > bea.mu
        assert ana.rating > START > bea.rating
        assert [c.match_id for c in rating_history(ana)] == [c.match_id for c in rating_history(bea)]


def test_a_partnership_credits_both_partners_alike(app):
    """Ana and Cai (seats 1 and 3) beat Bea and Dani: both partners gain the same, both opponents lose the same."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea", "Cai", "Dani", pairs=True), 0)
        r = ratings(user)
        assert r["Ana"] == r["Cai"] > START > r["Bea"] == r["Dani"]
        assert len(rating_history(player(user, "Cai"))) == 1


def test_four_players_are_placed_by_their_final_totals(app):
    """Dani wins; then Bea (2 escobas), Ana (1), Cai (0): the ratings come out in that order."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea", "Cai", "Dani"), 3, escobas=(1, 2, 0))
        r = ratings(user)
        assert r["Dani"] > r["Bea"] > r["Ana"] > r["Cai"]
        assert r["Cai"] < START


def test_three_players_level_on_points_share_their_place(app):
    """Cai wins; Ana and Bea end level on points: they are rated the same."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea", "Cai"), 2, escobas=(1, 1))
        r = ratings(user)
        assert r["Cai"] > r["Ana"] == r["Bea"]


def test_one_person_in_two_seats_counts_once(app):
    """Ana sat twice in a match of three and won with one seat: one rating change, as a winner."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea", "Ana"), 0, escobas=(0, 1))
        [change] = rating_history(player(user, "Ana"))
        assert change.rating > START > player(user, "Bea").rating


def test_a_match_left_with_one_rated_side_changes_nobody(app):
    """Bea is deleted before the match finishes: Ana has nobody to be rated against."""
    with app.app_context():
        user = account()
        match = start(user, "Ana", "Bea")
        delete_player(player(user, "Bea"))
        win(match, 0)
        assert ratings(user) == {"Ana": None}


def test_only_finished_matches_count(app):
    """A match still being played rates nobody."""
    with app.app_context():
        user = account()
        match = start(user, "Ana", "Bea")
        record_hand(match, HandDraft.kept("tally", {
            "sides": [{"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": False}, "escobas": 0},
                      {"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": True}, "escobas": 0}],
            "leftover_sum": 10, "last_capture": 0}, dealer=0), 1)
        assert not match.finished
        assert ratings(user) == {"Ana": None, "Bea": None}
        assert db.session.scalar(select(RatingChange.id)) is None


# -- kept up to date ---------------------------------------------------------------------------------------

def test_undoing_the_winning_hand_takes_that_match_s_rating_back(app):
    """Ana beats Bea twice; the second win is undone: both are back where the first match left them."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea"), 0)
        after_first = state(user)
        second = win(start(user, "Ana", "Bea"), 0)
        assert state(user) != after_first
        undo_last_hand(second, second.version)
        assert state(user) == after_first
        assert db.session.scalar(select(RatingChange.id).where(RatingChange.match_id == second.id)) is None


def test_undoing_the_only_finished_match_leaves_its_players_unrated(app):
    """Nothing finished any more: nobody has a rating."""
    with app.app_context():
        user = account()
        match = win(start(user, "Ana", "Bea"), 0)
        undo_last_hand(match, match.version)
        assert ratings(user) == {"Ana": None, "Bea": None}


def test_an_older_match_corrected_to_another_winner_is_rated_as_if_it_had_always_finished_so(app):
    """The first match's hand is corrected so that Bea won it; it now finished last: a full rerate's result."""
    with app.app_context():
        user = account()
        first = win(start(user, "Ana", "Bea"), 0)
        win(start(user, "Ana", "Cai"), 0)
        edit_hand(first, 1, winning_hand(2, 1), first.version)
        assert state(user) == rerated(user)
        assert player(user, "Bea").rating > START


def test_a_match_finishing_before_one_already_rated_is_placed_in_order(app, monkeypatch):
    """The server's clock went back an hour: the match finishing now reads as finished before the one already
    rated, and the ratings are those of the two in that order (a full rerate's), not in the order saved."""
    with app.app_context():
        user = account()
        first = win(start(user, "Ana", "Bea"), 0)
        monkeypatch.setattr(hands, "now", lambda: first.finished_at - timedelta(hours=1))
        second = win(start(user, "Bea", "Ana"), 0)
        assert second.finished_at < first.finished_at
        assert state(user) == rerated(user)
        assert [c.match_id for c in rating_history(player(user, "Ana"))] == [second.id, first.id]


def test_merging_two_players_rates_their_matches_as_one_person_s(app):
    """'Anna' (a typo) beat Cai; merged into Ana, who beat Bea: Ana has both matches' changes, as a rerate."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea"), 0)
        win(start(user, "Anna", "Cai"), 0)
        alone = player(user, "Ana").rating
        merge_players(player(user, "Ana"), player(user, "Anna"))
        assert len(rating_history(player(user, "Ana"))) == 2
        assert player(user, "Ana").rating > alone
        assert state(user) == rerated(user)


def test_deleting_a_player_rates_the_account_again_without_them(app):
    """Ana beat Bea, then lost to Cai; Bea is deleted: Ana's only rated match is the one with Cai, rated from
    the start."""
    with app.app_context():
        user = account()
        win(start(user, "Ana", "Bea"), 0)
        last = win(start(user, "Ana", "Cai"), 1)
        delete_player(player(user, "Bea"))
        [change] = rating_history(player(user, "Ana"))
        assert change.match_id == last.id
        assert player(user, "Ana").rating < START
        assert state(user) == rerated(user)


SEATINGS = [  # names in the order of play, and whether they play in pairs
    (("Ana", "Bea"), False), (("Ana", "Cai", "Bea"), False), (("Ana", "Bea", "Cai", "Dani"), True),
    (("Cai", "Dani", "Eva", "Ana"), False), (("Bea", "Eva"), False), (("Ana", "Bea", "Ana"), False),
]
STEPS = st.lists(st.tuples(st.integers(0, len(SEATINGS) - 1), st.sampled_from(["finish", "reopen", "correct"]),
                           st.integers(0, 3), st.integers(0, 8)), min_size=1, max_size=14)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_ratings_kept_as_matches_finish_and_reopen_are_those_of_a_full_rerate(app, steps):
    """Any sequence of matches finishing, reopening (the winning hand undone) and corrected (another winner,
    or other places behind the same winner), in any order: after each step the ratings kept step by step are
    exactly what rating every finished match again, in the order they finished, gives."""
    with app.app_context():
        user = account(f"u{db.session.scalar(select(db.func.count(User.id)))}")
        matches = [start(user, *names, pairs=pairs) for names, pairs in SEATINGS]
        for index, action, winner, pattern in steps:
            match = matches[index]
            places = tuple((pattern + i) % 3 for i in range(match.sides - 1))
            if action == "finish" and not match.hands:
                win(match, winner % match.sides, places)
            elif action == "reopen" and match.hands:
                undo_last_hand(match, match.version)
            elif action == "correct" and match.hands:
                edit_hand(match, 1, winning_hand(match.sides, winner % match.sides, places), match.version)
            assert state(user) == rerated(user)


# -- the leaderboard ---------------------------------------------------------------------------------------

def rows(keeper) -> list[list[str]]:
    """The leaderboard's rows as a reader sees them: each cell's text."""
    html = keeper.page("/players")
    body = re.search(r"<tbody>(.*?)</tbody>", html, flags=re.S).group(1)
    return [[keeper.text(cell) for cell in re.findall(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", row, flags=re.S)]
            for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", body, flags=re.S)]


def test_the_leaderboard_ranks_by_rating_with_matches_and_win_rate(keeper):
    """Ana beat Bea and Cai, Bea beat Cai; Dani only started a match: ranked by rating, each with finished
    matches and the share won, the unrated last with a plain word."""
    for names in (("Ana", "Bea"), ("Bea", "Cai"), ("Ana", "Cai")):
        match_id = factories.start(keeper, names, target="4")
        factories.save_hand(keeper, match_id)
    factories.start(keeper, ("Dani", "Bea"))
    with keeper.app.app_context():
        user = db.session.scalar(select(User).where(User.username == "ana"))
        expected = [(p.player.name, round(p.player.rating)) for p in leaderboard(user) if p.rank]
    assert [name for name, _ in expected] == ["Ana", "Bea", "Cai"]
    assert expected[0][1] > expected[1][1] > expected[2][1]
    assert rows(keeper) == [
        ["1", "Ana", f"{expected[0][1]:,}", "2", "100%"],
        ["2", "Bea", f"{expected[1][1]:,}", "2", "50%"],
        ["3", "Cai", f"{expected[2][1]:,}", "2", "0%"],
        ["", "Dani", "unrated", "0", "– no finished match"],
    ]


def test_each_name_on_the_leaderboard_links_to_the_player_s_page(keeper):
    """The name is a link to /players/<id>."""
    factories.start(keeper, ("Ana", "Bea"))
    html = keeper.page("/players")
    [(ana_id,)] = keeper.query(select(Player.id).where(Player.name == "Ana"))
    assert f'<a href="/players/{ana_id}">Ana</a>' in html


def test_partners_level_on_rating_share_a_place(keeper):
    """Ana and Cai won together, Bea and Dani lost together: places 1, 1, 3, 3."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cai", "Dani"), target="4")
    factories.save_hand(keeper, match_id)
    assert [(row[0], row[1]) for row in rows(keeper)] == [("1", "Ana"), ("1", "Cai"), ("3", "Bea"), ("3", "Dani")]


def test_a_new_account_s_leaderboard_says_how_players_come(keeper):
    """No players: a friendly word and the way to start a match, no empty table."""
    html = keeper.page("/players")
    assert "No players yet: they are added when you start a match." in keeper.text(html)
    assert "<table" not in html
    assert 'href="/matches/new"' in html


def test_another_account_s_players_are_never_shown(scorekeeper):
    """Bea's account has its own players: Ana's leaderboard never lists them."""
    bob = scorekeeper("bob")
    match_id = factories.start(bob, ("Zoe", "Yan"), target="4")
    factories.save_hand(bob, match_id)
    ana = scorekeeper("ana")
    factories.start(ana, ("Ana", "Bea"))
    names = [row[1] for row in rows(ana)]
    assert names == ["Ana", "Bea"]
    assert "Zoe" not in ana.page("/players")


def test_the_leaderboard_is_a_table_with_headers_for_screen_readers(keeper):
    """Column headers, a row header per player, a caption; no inline style anywhere."""
    factories.start(keeper, ("Ana", "Bea"))
    html = keeper.page("/players")
    assert html.count('<th scope="col"') == 5
    assert html.count('<th scope="row"') == 2
    assert "<caption" in html
    assert "style=" not in html


# -- a player's rating ---------------------------------------------------------------------------------------

def player_page(keeper, name: str) -> str:
    """The player's page."""
    [(player_id,)] = keeper.query(select(Player.id).where(Player.name == name))
    return keeper.page(f"/players/{player_id}")


def test_a_player_not_yet_rated_is_told_so_kindly(keeper):
    """No finished match: no chart, a sentence."""
    factories.start(keeper, ("Ana", "Bea"))
    html = player_page(keeper, "Ana")
    assert "Not rated yet: Ana gets a rating with a first finished match." in keeper.text(html)
    assert "<svg" not in html


def test_a_player_s_rating_shows_with_a_chart_and_its_figures(keeper):
    """Ana won two matches: her rating now, a line of three points (the start and two matches), and a table of
    the two matches, newest first, each with its rating and change."""
    for _ in range(2):
        match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
        factories.save_hand(keeper, match_id)
    with keeper.app.app_context():
        ana = db.session.scalar(select(Player).where(Player.name == "Ana"))
        figures = [round(change.rating) for change in rating_history(ana)]
    html = player_page(keeper, "Ana")
    text = keeper.text(html)
    assert f"Rating {figures[-1]:,} after 2 finished matches" in text
    [points] = re.findall(r'<polyline[^>]*points="([^"]+)"', html)
    assert len(points.split()) == 3
    ys = [float(point.split(",")[1]) for point in points.split()]
    assert ys[0] > ys[1] > ys[2]  # a line going up: y grows downwards
    assert "The last 2 matches" in text
    assert f"Match 2 {figures[1]:,} +{figures[1] - figures[0]:,}" in re.sub(r"\d{4}-\d\d-\d\d ", "", text)
    assert 'aria-hidden="true"' in re.search(r"<svg[^>]*>", html).group(0)
    assert "style=" not in html


def test_the_chart_s_line_follows_the_ratings(app):
    """Each point's height is in proportion to its rating, between the chart's ruled lines."""
    from referee.views.rating_chart import rating_chart

    with app.app_context():
        user = account()
        for winner in (0, 1, 1, 0, 1):
            win(start(user, "Ana", "Bea"), winner)
        history = rating_history(player(user, "Ana"))
        chart = rating_chart(history)
        values = [round(START), *(round(change.rating) for change in history)]
        ys = [float(point.split(",")[1]) for point in chart.line.split()]
        (top, y_top), (bottom, y_bottom) = chart.rules[-1], chart.rules[0]
        for value, y in zip(values, ys, strict=True):
            assert y == pytest.approx(y_bottom + (y_top - y_bottom) * (value - bottom) / (top - bottom), abs=0.1)
        assert chart.now == values[-1] and chart.best == max(values[1:])
        assert [step.change for step in chart.steps] == [b - a for a, b in pairwise(values)]


def test_on_sqlite_and_postgresql_the_kept_ratings_and_the_leaderboard_agree(database_app):
    """Finishing, undoing and correcting matches on either database: the ratings are a full rerate's, and the
    leaderboard's counts (SQL aggregates) are each player's finished matches and wins."""
    with database_app().app_context():
        user = account()
        first = win(start(user, "Ana", "Bea"), 0)
        win(start(user, "Ana", "Bea", "Ana"), 1, escobas=(0, 2))
        last = win(start(user, "Cai", "Ana", "Bea", "Dani"), 3, escobas=(1, 1, 0))
        assert state(user) == rerated(user)
        undo_last_hand(first, first.version)  # an older match reopens: a rerate
        assert state(user) == rerated(user)
        edit_hand(last, 1, winning_hand(4, 0, (0, 1, 2)), last.version)  # the newest gets another winner
        assert state(user) == rerated(user)
        counts = {p.player.name: (p.played, p.won) for p in leaderboard(user)}
        assert counts == {"Ana": (2, 0), "Bea": (2, 1), "Cai": (1, 1), "Dani": (1, 0)}
