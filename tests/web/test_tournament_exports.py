"""A tournament's standings and results as CSV: a header row, UTF-8 with its byte-order mark, names as typed, no cell
a spreadsheet would run as a formula, the same counts as the standings page; members only."""

from __future__ import annotations

import csv
import io
import itertools

from factories import club, member, play_table, record_by_hand, start_next_round, tournament, user_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.models import name_key
from referee.services.tournament_standings import tournament_standings
from referee.services.tournaments import get_tournament

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def read_csv(response) -> list[list[str]]:
    """A CSV download's rows, checked to be one."""
    assert response.status_code == 200
    assert response.mimetype == "text/csv" and response.headers["Content-Disposition"].startswith("attachment")
    body = response.get_data().decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body[1:])))


def played_night(ana, names):
    """A Swiss event of these guests, round 1 played: the first table to the end, the others recorded 4–1 by hand."""
    tournament_id = tournament(ana, ana.club_id, list(names), rounds=1, name="Friday night")
    tables = [table for table in start_next_round(ana, tournament_id).round.tables if not table.is_bye]
    play_table(ana, tables[0].match_id)
    for table in tables[1:]:
        record_by_hand(ana, table.id, 4, 1)
    return tournament_id


def test_the_standings_csv_is_the_standings_line_by_line(scorekeeper):
    """Five guests, round 1 played (a bye): a header, then each line's place, name, seed and counts as the
    standings service has them, and what separated it in words."""
    ana = scorekeeper("ana")
    ana.club_id = club(ana)
    tournament_id = played_night(ana, ["Ana", "Bea", "Caio", "Dora", "Eva"])
    response = ana.client.get(f"/tournaments/{tournament_id}/standings.csv")
    rows = read_csv(response)
    assert 'filename=friday-night-standings-' in response.headers["Content-Disposition"]
    assert rows[0][:3] == ["Place", "Entrant", "Seed"] and rows[0][-1] == "Below the line above by"
    with ana.app.app_context():
        lines = tournament_standings(get_tournament(user_of(ana), tournament_id))
    assert [row[:14] for row in rows[1:]] == [
        [str(value) for value in (line.row.place, line.entrant.name, line.entrant.seed, line.row.played,
                                  line.row.won, line.row.drawn, line.row.lost, line.row.byes, line.row.match_points,
                                  line.row.points_for, line.row.points_against, line.row.difference,
                                  line.row.buchholz, "" if line.row.head_to_head is None else line.row.head_to_head)]
        for line in lines]
    assert {row[-1] for row in rows[1:]} <= {"", "match points", "point difference", "opponents' score",
                                             "head to head"}


def test_the_results_csv_has_every_table_of_every_round_and_the_byes(scorekeeper):
    """Round 1 of five: two tables with their results and winners, the bye without a table; round 2 started, its
    tables without a result yet."""
    ana = scorekeeper("ana")
    ana.club_id = club(ana)
    tournament_id = tournament(ana, ana.club_id, ["Ana", "Bea", "Caio", "Dora", "Eva"], rounds=2)
    tables = start_next_round(ana, tournament_id).round.tables
    play_table(ana, tables[0].match_id, winner=1)
    record_by_hand(ana, tables[1].id, 4, 1, "phone lost")
    start_next_round(ana, tournament_id)
    rows = read_csv(ana.client.get(f"/tournaments/{tournament_id}/results.csv"))
    assert rows[0] == ["Round", "Table", "Home", "Away", "Home points", "Away points", "State", "Winner"]
    first = tables[0]
    assert rows[1][:4] == ["1", "1", first.home.name, first.away.name]
    assert int(rows[1][5]) > int(rows[1][4]) and rows[1][6:] == ["finished", first.away.name]
    assert rows[2][4:] == ["4", "1", "recorded by hand", tables[1].home.name]
    assert rows[3] == ["1", "", tables[2].home.name, "", "", "", "bye", tables[2].home.name]
    assert [row[0] for row in rows[4:]] == ["2", "2", "2"] and rows[4][4:7] == ["", "", "playing"]


def test_the_csv_speaks_the_readers_language(scorekeeper):
    """In Spanish the header and the states are Spanish."""
    ana = scorekeeper("ana")
    ana.club_id = club(ana)
    tournament_id = played_night(ana, ["Ana", "Bea"])
    ana.client.set_cookie("lang", "es")
    rows = read_csv(ana.client.get(f"/tournaments/{tournament_id}/results.csv"))
    assert rows[0][0] == "Ronda" and rows[1][6] == "terminada"


def test_only_the_clubs_members_download_them(scorekeeper):
    """Bea (a member) downloads both; Eve (no member) gets 404 as for everything of the club."""
    ana, bea, eve = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("eve")
    ana.club_id = club(ana)
    member(ana, ana.club_id, bea)
    tournament_id = tournament(ana, ana.club_id, ["Caio", "Dora"], format="round_robin")
    for what in ("standings", "results"):
        assert bea.client.get(f"/tournaments/{tournament_id}/{what}.csv").status_code == 200
        assert eve.client.get(f"/tournaments/{tournament_id}/{what}.csv").status_code == 404
    assert eve.client.get("/tournaments/999/standings.csv").status_code == 404


NAMES = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=12).map(str.strip).filter(bool)
# The organisers, one per example: an example replayed (Hypothesis' shrinking) must not meet the account it made.
ORGANISERS = itertools.count()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(NAMES, min_size=2, max_size=3, unique_by=name_key))  # the service's "the same name"
def test_any_names_come_back_as_typed_and_none_reads_as_a_formula(scorekeeper, names):
    """Whatever the guests are called (quotes, commas, newlines of other scripts, '=SUM(A1)', '@cmd'): every
    standings line reads back the name as stored, an apostrophe before one a spreadsheet would run, and no cell
    starts a formula."""
    ana = scorekeeper(f"ana{next(ORGANISERS)}")
    ana.club_id = club(ana)
    tournament_id = tournament(ana, ana.club_id, names, format="round_robin")
    with ana.app.app_context():
        stored = {line.entrant.name for line in tournament_standings(get_tournament(user_of(ana), tournament_id))}
    rows = read_csv(ana.client.get(f"/tournaments/{tournament_id}/standings.csv"))
    expected = {("'" + name if name.startswith(FORMULA_STARTS) else name) for name in stored}
    assert expected == {row[1] for row in rows[1:]}
    assert not any(value.startswith(FORMULA_STARTS) for row in rows for value in (row[1], row[-1]))
