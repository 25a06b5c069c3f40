"""A club's matches, players and leaderboard: a member files a match under the club from the new-match page, every
member sees the club's list (a scoreboard for the matches it scores, the spectator page for the others), and the
leaderboard counts the club's finished matches as their hands say; ratings only for members who opted in; a
member's My record has the club matches whose seat it claimed."""

from __future__ import annotations

import uuid
from collections import defaultdict

import factories
from factories import club, club_match, member, save_hand, user_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match, Seat
from referee.search_keys import search_key
from referee.services import rematch
from referee.services.claims import claim_seat
from referee.services.club_board import club_players, club_ratings
from referee.services.clubs import membership, set_rated
from referee.services.matches import get_match
from referee.services.sharing import join, make_join_code


def club_of(app, match_id: int) -> int | None:
    """The club the match is filed under."""
    with app.app_context():
        return db.session.get_one(Match, match_id).club_id


def test_the_new_match_page_offers_a_club_only_to_a_member_of_one(keeper):
    """No club: no select (the page as before). In a club: the select, "No club" first; the club's own link
    picks it."""
    assert 'name="club"' not in keeper.page("/matches/new")
    club_id = club(keeper)
    page = keeper.page("/matches/new")
    assert 'name="club"' in page and "No club" in page and "Casa de Ana" in page
    assert keeper.fields(keeper.page(f"/matches/new?club={club_id}"))["club"] == str(club_id)
    assert keeper.fields(keeper.page("/matches/new?club=99999"))["club"] == ""  # none of hers: left unset


def test_a_match_filed_under_a_club_from_the_form(keeper):
    """Picked on the form, the match is the club's; left as "No club", it is in none."""
    club_id = club(keeper)
    filed = keeper.new_match(("Ana", "Bea"), club=str(club_id))
    assert filed.status_code == 302
    assert club_of(keeper.app, int(filed.headers["Location"].rsplit("/", 1)[1])) == club_id
    unfiled = keeper.new_match(("Ana", "Bea"))
    assert club_of(keeper.app, int(unfiled.headers["Location"].rsplit("/", 1)[1])) is None


def test_a_club_that_is_not_the_account_s_is_refused_and_nothing_is_started(scorekeeper):
    """Another's club posted by hand: 422 beside the select, the names typed kept, no match made."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club(ana)
    others = club(bea, "Otro")
    response = ana.new_match(("Ana", "Bea"), club=str(others))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert ana.errors(html) and 'value="Bea"' in html
    assert ana.query(select(Match.id)) == []


def test_a_rematch_stays_in_the_club(keeper):
    """Play again: the new match is filed under the same club."""
    club_id = club(keeper)
    match_id = club_match(keeper, club_id, target="4")
    save_hand(keeper, match_id)
    with keeper.app.app_context():
        again = rematch(user_of(keeper), get_match(user_of(keeper), match_id))
        assert again.club_id == club_id


def test_every_member_sees_the_club_s_matches_newest_first_and_watches_the_others(scorekeeper):
    """Dan, a member who scores none of them, sees both matches (finished and not, newest first), each linked to
    its spectator page; the scoreboard stays a 404 for him. Ana, their owner, gets the scoreboards."""
    ana, dan = scorekeeper("ana"), scorekeeper("dan")
    club_id = club(ana)
    member(ana, club_id, dan)
    first = club_match(ana, club_id, ("Ana", "Bea"), target="4")
    save_hand(ana, first)
    second = club_match(ana, club_id, ("Cid", "Eva"))
    page = dan.page(f"/clubs/{club_id}")
    text = dan.text(page)
    assert text.index("Cid · Eva") < text.index("Ana · Bea")
    assert "in progress" in text and "won by" in text
    with ana.app.app_context():
        tokens = {m.id: m.spectator_token for m in db.session.scalars(select(Match))}
    for match_id in (first, second):
        assert f"/watch/{tokens[match_id]}" in page and f'href="/matches/{match_id}"' not in page
        dan.page(f"/watch/{tokens[match_id]}")
        dan.page(f"/matches/{match_id}", 404)
    assert f'href="/matches/{second}"' in ana.page(f"/clubs/{club_id}")


NAMES = [("Ana", "Bea"), ("Bea", "Cid"), ("Ana", "Cid", "Bea"), ("Ana", "Bea", "Cid", "Dan")]


def expected_board(app, club_id: int) -> dict[str, tuple[int, int, int]]:
    """Played, won and points difference per name, worked out here from the hands' points and the seats."""
    board: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    with app.app_context():
        for match in db.session.scalars(select(Match).where(Match.club_id == club_id)):
            seated = db.session.scalars(select(Seat).where(Seat.match_id == match.id)).all()
            for seat in seated:
                board[seat.name]  # seated: on the board, finished or not
            if not match.finished:
                continue
            sides = match.sides
            totals = [sum(points[s] for points in db.session.scalars(select(Hand.points)
                                                                     .where(Hand.match_id == match.id)))
                      for s in range(sides)]
            for seat in seated:
                line = board[seat.name]
                line[0] += 1
                line[1] += seat.side == match.winner
                line[2] += totals[seat.side] - max(t for s, t in enumerate(totals) if s != seat.side)
    return {name: (line[0], line[1], line[2]) for name, line in board.items()}


@settings(max_examples=6, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables=st.lists(st.tuples(st.sampled_from(NAMES), st.lists(st.booleans(), min_size=1, max_size=4)),
                       min_size=1, max_size=4))
def test_the_leaderboard_counts_the_club_s_finished_matches_as_their_hands_say(app, tables):
    """Any few matches of a club, of two to four seats, each some hands long (a side mirrored or not), some
    finished: the leaderboard's played, won and points difference per name are what the hands add up to; the
    names only seated in matches under way are listed with nothing played."""
    organiser = factories.keeper(app, f"o{uuid.uuid4().hex[:8]}")
    club_id = club(organiser)
    for names, hands in tables:
        match_id = club_match(organiser, club_id, names, target="5")
        for mirror in hands:
            if organiser.query(select(Match.finished).where(Match.id == match_id))[0][0]:
                break
            save_hand(organiser, match_id, mirror=mirror)
    with app.app_context():
        got = {p.name: (p.played, p.won, p.difference) for p in club_players(club_id)}
        listed = [p.name for p in club_players(club_id)]
    assert got == expected_board(app, club_id)
    # most wins first, then the points difference, then the name; those with nothing finished last
    assert listed == sorted(got, key=lambda n: (got[n][0] == 0, -got[n][1], -got[n][2], search_key(n)))


def club_with_bea_seated(scorekeeper):
    """Ana's club, Bea a member who scored Ana's finished club match and claimed her seat in it."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    match_id = club_match(ana, club_id, ("Ana", "Bea"), target="4")
    with ana.app.app_context():
        match = db.session.get_one(Match, match_id)
        join(user_of(bea), make_join_code(match).code)
        claim_seat(user_of(bea), match, 1)
    save_hand(ana, match_id)
    return ana, bea, club_id, match_id


def test_a_rating_shows_only_for_a_member_who_opted_in(scorekeeper):
    """Bea's claimed name shows her account, but no rating until she ticks the box; then her rating, Ana's name
    (claimed by no one) still without."""
    ana, bea, club_id, _match = club_with_bea_seated(scorekeeper)
    with ana.app.app_context():
        board = {p.name: p for p in club_players(club_id)}
        assert board["Bea"].accounts == ["bea"] and board["Bea"].rating is None and board["Ana"].rating is None
    assert "Rating" in bea.text(bea.page(f"/clubs/{club_id}"))
    assert bea.submit(f"/clubs/{club_id}", {"rated": "y"}, action=f"/clubs/{club_id}/rated").status_code == 302
    with ana.app.app_context():
        assert membership(user_of(bea), club_id).rated
        board = {p.name: p for p in club_players(club_id)}
        ratings = club_ratings(club_id)  # everyone's, shown or not
        assert board["Bea"].rating == ratings["bea"] and board["Ana"].rating is None
        assert db.session.scalar(select(Match.winner)) == 0 and ratings["ana"] > ratings["bea"]  # Ana won
        set_rated(membership(user_of(bea), club_id), False)
        assert {p.name: p for p in club_players(club_id)}["Bea"].rating is None


def test_my_record_has_the_club_match_whose_seat_was_claimed(scorekeeper):
    """Bea's My record lists her seat in Ana's club match and counts it."""
    _ana, bea, _club, _match = club_with_bea_seated(scorekeeper)
    text = bea.text(bea.page("/me"))
    assert "Bea in ana's match of" in text
    assert "You hold no seat yet." not in text
