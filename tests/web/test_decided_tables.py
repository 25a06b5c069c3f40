"""A club night played through the services: a Swiss event of three members and two guests over three rounds, a
bye each round, some tables played to their end and some recorded by hand (a walk-over, a draw, a finished match
overruled). Afterwards the club's leaderboard, each member's My record, the club's list of matches, the history and
each table's match page all count a table recorded by hand as the standings do: over, with the recorded points and
winner (services/decisions.py)."""

from __future__ import annotations

import re

import factories
import pytest
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match
from referee.services.club_board import club_players
from referee.services.stats import account_stats
from referee.services.tournament_rounds import rounds_of
from referee.services.tournament_standings import tournament_standings
from referee.services.tournament_tables import TableState
from referee.services.tournaments import get_tournament

MEMBERS = ("bea", "caio", "dora")
GUESTS = ("Eva", "Fer")


def play_round(ana, tournament_id, number):
    """Round `number` started and every table given a result: the first table played to its end (round 3: then
    overruled by hand), the second recorded by hand (round 1 a walk-over, round 2 a draw, round 3 before a hand)."""
    tables = [table for table in factories.start_next_round(ana, tournament_id).round.tables if not table.is_bye]
    first, second = tables
    factories.play_table(ana, first.match_id, winner=number % 2)
    if number == 3:
        factories.record_by_hand(ana, first.id, 1, 4, "scores swapped on the sheet")
    by_hand = {1: (4, 0), 2: (2, 2), 3: (0, 4)}[number]
    factories.record_by_hand(ana, second.id, *by_hand, "dispute settled on paper")


@pytest.fixture
def night(scorekeeper):
    """Ana's club night of three Swiss rounds, every table with its result: (ana, members, club id, tournament
    id)."""
    ana = scorekeeper("ana")
    members = [scorekeeper(name) for name in MEMBERS]
    club_id = factories.club(ana)
    factories.member(ana, club_id, *members)
    tournament_id = factories.tournament(ana, club_id, [*members, *GUESTS], rounds=3)
    for number in (1, 2, 3):
        play_round(ana, tournament_id, number)
    return ana, members, club_id, tournament_id


def test_the_club_leaderboard_and_each_members_record_agree_with_the_standings(night):
    """Every entrant's played, won and point difference on the club's leaderboard are the standings' (a bye is no
    match in either); each member's My record has played and won as many, and a draw by hand is played, not won."""
    ana, members, club_id, tournament_id = night
    with ana.app.app_context():
        info = get_tournament(factories.user_of(ana), tournament_id)
        standings = {line.entrant.name: line.row for line in tournament_standings(info)}
        board = {player.name: player for player in club_players(club_id)}
        assert {name: (row.played, row.won, row.difference) for name, row in standings.items()} == {
            name: (player.played, player.won, player.difference) for name, player in board.items()}
        assert sum(row.byes for row in standings.values()) == 3
        assert sum(row.drawn for row in standings.values()) == 2
        for person in members:
            record = account_stats(factories.user_of(person).id).record
            row = standings[person.username]
            assert (record.finished, record.won, record.in_progress) == (row.played, row.won, 0)


def test_no_table_recorded_by_hand_is_in_progress_anywhere(night):
    """The club's list of matches and the organiser's history say no match is in progress; a table recorded by hand
    shows its recorded points and that the organiser recorded it; the history's "in progress" filter lists none of
    them, its "finished" filter every table."""
    ana, _members, club_id, tournament_id = night
    with ana.app.app_context():
        tables = [table for played in rounds_of(factories.user_of(ana), tournament_id) for table in played.tables
                  if not table.is_bye]
    assert [table.state for table in tables].count(TableState.BY_HAND) == 4
    club_page = ana.page(f"/clubs/{club_id}")
    assert "in progress" not in club_page
    assert club_page.count("result recorded by the organiser") == 4
    assert re.search(r'class="score">2 – 2</span>\s*<span class="meta">.*?a draw', club_page, re.S)
    assert "in progress" not in ana.page("/matches/")
    assert "No match matches these filters." in ana.page("/matches/?status=playing")
    assert ana.page("/matches/?status=finished").count('class="score"') == len(tables) == 6


def test_a_tables_match_page_gives_the_recorded_result_and_takes_no_hand(night):
    """The scoreboard of a table recorded by hand says the organiser recorded it, with its points, and offers no
    hand to enter; its match is not marked over by hand in the database (its own hands and winner stay facts)."""
    ana, _members, _club_id, tournament_id = night
    with ana.app.app_context():
        first_round = rounds_of(factories.user_of(ana), tournament_id)[0]
        walk_over = next(table for table in first_round.tables if table.state == TableState.BY_HAND)
        assert db.session.scalar(select(Match.finished).where(Match.id == walk_over.match_id)) is False
    page = ana.page(f"/matches/{walk_over.match_id}")
    assert "recorded this table&#39;s result, 4 – 0" in page or "recorded this table's result, 4 – 0" in page
    assert "Enter hand" not in page
    board = page[page.index('<section class="board"'):page.index("</section>", page.index('<section class="board"'))]
    assert "to go" not in board and "Playing to" not in board  # over: its hands' totals reach for nothing
