"""Tournaments through their services: made by a club's organiser, rounds paired by referee.pairings with a match per
table (the club's, the profile's rules, the members at it its scorers, a join code for its QR code), the next round
only once the current one is complete, results recorded by hand with a trail (winning over the match's), and the
standings live over the finished tables."""

from __future__ import annotations

import pytest
from factories import (
    club,
    club_match,
    house_rules,
    member,
    play_table,
    record_by_hand,
    start_next_round,
    tournament,
    user_of,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match, Scorer, Tournament
from referee.pairings import bye, played, standings
from referee.services.clubs import membership, set_rated
from referee.services.errors import Conflict, Forbidden, NotFound
from referee.services.formats import FORMATS
from referee.services.refusals import MatchRefusal, TournamentRefusal
from referee.services.sharing import usable_code
from referee.services.tournament_rounds import close_round, result_trail, rounds_of, start_round
from referee.services.tournament_standings import tournament_standings
from referee.services.tournament_tables import TableState, results_of, results_of_tournament, rounds_of_tournament
from referee.services.tournaments import (
    PlayerSpec,
    Seeding,
    TournamentSpec,
    create_tournament,
    get_tournament,
    tournaments_of,
)

GUESTS = ["Caio", "Dora", "Eva"]


def final_scores(person, match_id: int) -> tuple[int, int]:
    """The match's total per side, added up here from its hands' points."""
    with person.app.app_context():
        hands = db.session.scalars(select(Hand.points).where(Hand.match_id == match_id)).all()
    return sum(points[0] for points in hands), sum(points[1] for points in hands)


@pytest.fixture
def night(scorekeeper):
    """Ana's club, Bea a member: a Swiss event of three rounds for Ana, Bea and three guests."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    return ana, bea, club_id, tournament(ana, club_id, [ana, bea, *GUESTS])


def test_a_round_gives_each_table_a_match_of_the_club_by_the_profile_s_rules_scored_by_its_members(night):
    """Five entrants: two tables and a bye. Each table's match is the club's, plays to the profile's target, seats
    its entrants home first, has the members at it as scorers (the organiser owns it) and a live join code."""
    ana, _bea, club_id, tournament_id = night
    started = start_next_round(ana, tournament_id)
    tables = started.round.tables
    assert [table.number for table in tables] == [1, 2, None] and tables[-1].state == TableState.BYE
    with ana.app.app_context():
        for table in tables[:2]:
            match = db.session.get_one(Match, table.match_id)
            assert match.club_id == club_id and match.user_id == user_of(ana).id and match.ruleset.target == 4
            assert [seat.name for seat in match.seats] == [table.home.name, table.away.name]
            scorers = set(db.session.scalars(select(Scorer.user_id).where(Scorer.match_id == match.id)))
            at_table = {p.user_id for p in (*table.home.players, *table.away.players)} - {None, user_of(ana).id}
            assert scorers == at_table
            assert usable_code(started.codes[table.id].code).match_id == match.id
        assert started.round.number == 1 and not started.round.closed


def test_the_next_round_waits_for_every_table_and_starting_it_closes_the_last(night):
    """While a table plays, the next round is refused naming it; once every match has a winner the next round
    starts and the first is closed."""
    ana, _bea, _club_id, tournament_id = night
    first = start_next_round(ana, tournament_id).round
    play_table(ana, first.tables[0].match_id)
    with ana.app.app_context(), pytest.raises(Conflict) as refused:
        start_round(user_of(ana), tournament_id)
    assert refused.value.reason is TournamentRefusal.ROUND_OPEN and refused.value.params["tables"] == (2,)
    with ana.app.app_context(), pytest.raises(Conflict) as unfinished:
        close_round(user_of(ana), tournament_id)
    assert unfinished.value.reason is TournamentRefusal.UNFINISHED
    play_table(ana, first.tables[1].match_id, winner=1)
    second = start_next_round(ana, tournament_id).round
    with ana.app.app_context():
        rounds = rounds_of(user_of(ana), tournament_id)
    assert [one.closed for one in rounds] == [True, False] and second.number == 2
    assert first.tables[-1].home.id not in {t.home.id for t in second.tables if t.is_bye}  # no second bye


def test_a_result_by_hand_wins_over_the_match_and_is_kept_in_the_trail(night):
    """The organiser records a table's result before its match ends (a walk-over), then corrects it: both in the
    trail (who, before → after, why), the table's result the last recorded, the standings counting it; the match
    is decided, so its scorers' next hand is refused in words that give the result."""
    ana, _bea, _club_id, tournament_id = night
    table = start_next_round(ana, tournament_id).round.tables[0]
    assert record_by_hand(ana, table.id, 4, 0, "Bea left early").state == TableState.BY_HAND
    corrected = record_by_hand(ana, table.id, 4, 2, "Score misread")
    assert corrected.result == (4, 2)
    with pytest.raises(Conflict) as decided:
        play_table(ana, table.match_id, winner=1)
    assert (decided.value.reason, decided.value.params) == (MatchRefusal.DECIDED, {"home": 4, "away": 2})
    with ana.app.app_context():
        trail = result_trail(get_tournament(user_of(ana), tournament_id))
        lines = tournament_standings(get_tournament(user_of(ana), tournament_id))
    assert [(c.before, c.after, c.reason, c.by) for c in trail] == [
        ((4, 0), (4, 2), "Score misread", "ana"), (None, (4, 0), "Bea left early", "ana")]
    home = next(line for line in lines if line.entrant.id == table.home.id)
    assert (home.row.won, home.row.points_for, home.row.points_against) == (1, 4, 2)


def test_a_table_recorded_by_hand_after_its_match_finished_counts_the_recorded_result(night):
    """The issue's mutation survivor: the match played to one winner, then a result recorded by hand for the other:
    the table is 'recorded by hand' with the recorded score, on the tournament's page too."""
    ana, _bea, _club_id, tournament_id = night
    table = start_next_round(ana, tournament_id).round.tables[0]
    play_table(ana, table.match_id, winner=1)
    record_by_hand(ana, table.id, 4, 1, "dispute settled on paper")
    with ana.app.app_context():
        after = next(one for one in rounds_of(user_of(ana), tournament_id)[0].tables if one.id == table.id)
    assert (after.state, after.result, after.winner) == (TableState.BY_HAND, (4, 1), table.home)
    assert "4 – 1" in ana.page(f"/tournaments/{tournament_id}")


@pytest.mark.parametrize("reason, points, expected", [("", (1, 0), "reason"), ("x", (1000, 0), "points")])
def test_a_result_by_hand_needs_a_reason_and_points_in_range(night, reason, points, expected):
    """No reason, or points out of range: refused, nothing recorded."""
    ana, _bea, _club_id, tournament_id = night
    table = start_next_round(ana, tournament_id).round.tables[0]
    with pytest.raises(Conflict) as refused:
        record_by_hand(ana, table.id, *points, reason)
    assert refused.value.reason is TournamentRefusal(expected)
    with ana.app.app_context():
        assert result_trail(get_tournament(user_of(ana), tournament_id)) == []


def test_a_bye_has_no_result_to_record(night):
    """The bye is a table-less result: recording one is refused."""
    ana, _bea, _club_id, tournament_id = night
    bye = start_next_round(ana, tournament_id).round.tables[-1]
    with pytest.raises(Conflict) as refused:
        record_by_hand(ana, bye.id, 1, 0)
    assert refused.value.reason is TournamentRefusal.BYE


def test_a_member_sees_the_tournament_but_cannot_run_it_and_an_outsider_finds_nothing(night, scorekeeper):
    """Bea (a member) reads the tournament, its rounds and standings, and is Forbidden to start, close or record;
    Dan (no member) gets NotFound for all of it, as for a tournament that does not exist."""
    ana, bea, club_id, tournament_id = night
    table = start_next_round(ana, tournament_id).round.tables[0]
    dan = scorekeeper("dan")
    with bea.app.app_context():
        assert get_tournament(user_of(bea), tournament_id).name == "Friday night"
        assert len(tournaments_of(membership(user_of(bea), club_id))) == 1
        assert tournament_standings(get_tournament(user_of(bea), tournament_id))
        for action in (lambda u: start_round(u, tournament_id), lambda u: close_round(u, tournament_id)):
            with pytest.raises(Forbidden):
                action(user_of(bea))
        # The standings and the trail take the tournament as get_tournament gave it: NotFound comes from there.
        for reader in (get_tournament, rounds_of, start_round):
            with pytest.raises(NotFound):
                reader(user_of(dan), tournament_id)
        with pytest.raises(NotFound):
            membership(user_of(dan), club_id)
    with pytest.raises(Forbidden):
        record_by_hand(bea, table.id, 4, 0)
    with pytest.raises(NotFound):
        record_by_hand(dan, table.id, 4, 0)


def test_only_an_organiser_makes_a_tournament_and_only_from_its_own_profile(night):
    """A member is Forbidden to make one; the organiser is refused another account's profile (NotFound)."""
    ana, bea, club_id, _tournament_id = night
    beas = house_rules(bea, "Bea's")
    spec = TournamentSpec("Again", FORMATS["round_robin"], beas, ((PlayerSpec("A"),), (PlayerSpec("B"),)))
    with ana.app.app_context():
        with pytest.raises(Forbidden):
            create_tournament(user_of(bea), club_id, spec)
        with pytest.raises(NotFound):
            create_tournament(user_of(ana), club_id, spec)


@pytest.mark.parametrize("entrants, rounds, reason", [
    (["Ana"], 1, "entrants"),
    (["Caio", "caio"], 1, "twice"),  # one person, whatever the case
    (["Caio", "Dora", "Eva"], 3, "rounds"),  # a Swiss event of 3 has at most 2 rounds
    (["Caio", ""], 1, "name_needed"),
])
def test_a_tournament_that_cannot_be_played_is_refused(keeper, entrants, rounds, reason):
    """Too few entrants, a player twice, too many Swiss rounds, a guest without a name: Conflict, nothing made."""
    club_id = club(keeper)
    with pytest.raises(Conflict) as refused:
        tournament(keeper, club_id, entrants, rounds=rounds)
    assert refused.value.reason is TournamentRefusal(reason)
    with keeper.app.app_context():
        assert db.session.scalars(select(Tournament)).all() == []


def test_an_account_not_of_the_club_cannot_be_an_entrant(keeper, scorekeeper):
    """Only the club's members play as accounts: another is refused by name of its account's id."""
    club_id = club(keeper)
    with pytest.raises(Conflict) as refused:
        tournament(keeper, club_id, [keeper, scorekeeper("zoe")], rounds=1)
    assert refused.value.reason is TournamentRefusal.NOT_MEMBER


def test_partnerships_sit_partners_opposite_each_other(keeper):
    """Four partnerships: each table's match has four seats, partners alternating, home's first."""
    club_id = club(keeper)
    tournament_id = tournament(keeper, club_id, [("A1", "A2"), ("B1", "B2"), ("C1", "C2"), ("D1", "D2")],
                               format="round_robin")
    table = start_next_round(keeper, tournament_id).round.tables[0]
    with keeper.app.app_context():
        match = db.session.get_one(Match, table.match_id)
        assert match.partnerships and [seat.side for seat in match.seats] == [0, 1, 0, 1]
        assert [seat.name for seat in match.seats][0::2] == [p.name for p in table.home.players]
    assert table.home.name == "A1 & A2"


def test_a_round_robin_of_three_plays_three_rounds_each_with_a_bye_then_is_over(keeper):
    """Three entrants: three rounds, each entrant sitting out once, then 'finished'."""
    club_id = club(keeper)
    tournament_id = tournament(keeper, club_id, ["Caio", "Dora", "Eva"], format="round_robin")
    byes = []
    for _ in range(3):
        started = start_next_round(keeper, tournament_id).round
        byes.append(started.tables[-1].home.name)
        play_table(keeper, started.tables[0].match_id)
    assert sorted(byes) == ["Caio", "Dora", "Eva"]
    with pytest.raises(Conflict) as over:
        start_next_round(keeper, tournament_id)
    assert over.value.reason is TournamentRefusal.FINISHED


def test_a_knockout_goes_to_its_final_and_third_place_match_and_refuses_a_draw(keeper):
    """Four entrants seeded as listed: 1 v 4 and 2 v 3, then the final between the winners and the third-place
    match between the losers; a draw recorded by hand is refused (a knockout needs a winner)."""
    club_id = club(keeper)
    tournament_id = tournament(keeper, club_id, ["S1", "S2", "S3", "S4"], format="knockout", third_place=True)
    first = start_next_round(keeper, tournament_id).round
    assert {(t.home.name, t.away.name if t.away else None) for t in first.tables} == {("S1", "S4"), ("S2", "S3")}
    with pytest.raises(Conflict) as draw:
        record_by_hand(keeper, first.tables[0].id, 3, 3)
    assert draw.value.reason is TournamentRefusal.DRAW
    for table in first.tables:
        play_table(keeper, table.match_id, winner=0 if table.home.name == "S1" else 1)  # S1 and S3 go through
    final = start_next_round(keeper, tournament_id).round
    assert [(t.home.name, t.away.name if t.away else None) for t in final.tables] == [("S1", "S3"), ("S2", "S4")]
    with pytest.raises(Conflict) as moved:  # round 2 was paired from S1's win
        record_by_hand(keeper, next(t for t in first.tables if t.home.name == "S1").id, 0, 4)
    assert moved.value.reason is TournamentRefusal.BRACKET_MOVED
    for table in final.tables:
        play_table(keeper, table.match_id)
    with pytest.raises(Conflict) as over:
        start_next_round(keeper, tournament_id)
    assert over.value.reason is TournamentRefusal.FINISHED


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(min_value=2, max_value=6), data=st.data())
def test_the_standings_are_the_pairings_core_s_over_the_finished_tables(keeper, count, data):
    """A Swiss event played with random winners, a table of the last round left unfinished, another's result
    recorded by hand: the service's standings are referee.pairings.standings over the results the test read off the
    tables (the unfinished one not counted, the hand's result over its match's), the byes as wins 0–0; and the
    standings' own read of the results (plain columns) is the tables' (tournament_tables.results_of)."""
    club_id = club(keeper, f"Club {count}-{data.draw(st.integers(0, 10**6))}")
    names = [f"P{n}" for n in range(count)]
    tournament_id = tournament(keeper, club_id, names, rounds=min(2, count - 1))
    results = []
    for number in range(min(2, count - 1)):
        started = start_next_round(keeper, tournament_id).round
        last = number == min(2, count - 1) - 1
        for position, table in enumerate(started.tables):
            if table.is_bye:
                results.append(bye(table.home.id))
            elif last and position == 1:
                points = data.draw(st.tuples(st.integers(0, 30), st.integers(0, 30)))
                record_by_hand(keeper, table.id, *points)
                results.extend(played(table.home.id, table.away.id, *points))
            elif not (last and position == 0):
                winner = data.draw(st.sampled_from([0, 1]))
                play_table(keeper, table.match_id, winner=winner)
                results.extend(played(table.home.id, table.away.id, *final_scores(keeper, table.match_id)))
    with keeper.app.app_context():
        info = get_tournament(user_of(keeper), tournament_id)
        expected = standings([entrant.id for entrant in info.entrants], results)
        assert [line.row for line in tournament_standings(get_tournament(user_of(keeper), tournament_id))] == expected
        assert results_of_tournament(tournament_id) == results_of(rounds_of_tournament(info))


def test_seeding_by_rating_puts_the_rated_members_first_best_first(scorekeeper):
    """Cid beat Bea in a club match and both chose to be rated: Cid is seed 1, Bea 2, then the guest and Dan (a
    member who is not rated), as listed."""
    ana, bea, cid, dan = (scorekeeper(name) for name in ("ana", "bea", "cid", "dan"))
    club_id = club(ana)
    member(ana, club_id, bea, cid, dan)
    with ana.app.app_context():
        for person in (bea, cid):
            set_rated(membership(user_of(person), club_id), True)
    played_id = club_match(ana, club_id, ("bea", "cid"), target="4")
    play_table(ana, played_id, winner=1)
    tournament_id = tournament(ana, club_id, ["Guest", dan, bea, cid], format="knockout", seeding=Seeding.RATING)
    with ana.app.app_context():
        assert [e.name for e in get_tournament(user_of(ana), tournament_id).entrants] == ["cid", "bea", "Guest", "dan"]


def test_a_drawn_seeding_keeps_every_entrant_once(keeper):
    """Drawn at random: the same entrants, each seeded once, 1 to n."""
    club_id = club(keeper)
    names = [f"P{n}" for n in range(8)]
    tournament_id = tournament(keeper, club_id, names, format="round_robin", seeding=Seeding.DRAWN)
    with keeper.app.app_context():
        entrants = get_tournament(user_of(keeper), tournament_id).entrants
    assert sorted(e.name for e in entrants) == names and [e.seed for e in entrants] == list(range(1, 9))
