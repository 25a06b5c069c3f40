"""Each table says in a line why it was paired so (docs/tournaments.md, "Why a table was paired so"): on the
tournament's page, its round sheet and in the API's tables, worked out from the rounds before it as they stood when
it was paired, so that a result corrected afterwards does not change it."""

from __future__ import annotations

import re

import pytest
from api_client import ApiClient
from factories import club, record_by_hand, start_next_round, tournament, user_of

from referee.services.tournament_reasons import pairing_reasons
from referee.services.tournament_rounds import rounds_of
from referee.services.tournaments import get_tournament

SIX = ["P1", "P2", "P3", "P4", "P5", "P6"]


def reasons(keeper, tournament_id: int) -> list[list[str]]:
    """Each round's tables' reasons, as the service gives them."""
    with keeper.app.app_context():
        user = user_of(keeper)
        rounds = rounds_of(user, tournament_id)
        whys = pairing_reasons(get_tournament(user, tournament_id), rounds)
        return [[whys[table.id].reason.value for table in one.tables] for one in rounds]


def pairs(keeper, tournament_id: int, number: int) -> list[tuple[str, str | None]]:
    """A round's tables, home and away by name."""
    with keeper.app.app_context():
        one = rounds_of(user_of(keeper), tournament_id)[number - 1]
        return [(table.home.name, table.away.name if table.away else None) for table in one.tables]


@pytest.fixture
def swiss(keeper) -> int:
    """Six guests' Swiss night, round 1 (P1 v P4, P2 v P5, P3 v P6) won by P1, P5 and P3 by hand, round 2
    started: the leaders P1, P3 and P5 are an odd group, so its last, P5, floats down (to P4: it has met P2)."""
    made = tournament(keeper, club(keeper), SIX, rounds=3)
    first = start_next_round(keeper, made).round
    for table, (home, away) in zip(first.tables, [(4, 1), (1, 4), (4, 1)], strict=True):
        record_by_hand(keeper, table.id, home, away)
    start_next_round(keeper, made)
    return made


def test_a_swiss_rounds_tables_say_why_they_were_paired_so(keeper, swiss):
    """Round 1: the same score everywhere. Round 2: P1 v P3 and P2 v P6 on the same score, P5 v P4 floated down."""
    assert pairs(keeper, swiss, 2) == [("P1", "P3"), ("P5", "P4"), ("P2", "P6")]
    assert reasons(keeper, swiss) == [["same_score"] * 3, ["same_score", "floated_odd", "same_score"]]


def test_a_result_corrected_later_leaves_the_reason_the_pairing_had(keeper, swiss):
    """P2 is found to have beaten P5 after round 2 was paired: the standings change, round 2's reasons do not."""
    with keeper.app.app_context():
        table = rounds_of(user_of(keeper), swiss)[0].tables[1]
    record_by_hand(keeper, table.id, 4, 1, reason="score sheet misread")
    assert reasons(keeper, swiss)[1] == ["same_score", "floated_odd", "same_score"]


def test_the_page_the_sheet_and_the_api_give_each_table_its_line(keeper, swiss):
    """The tournament's page and round 2's sheet show each table's line; the API's round gives the code, the
    numbers and the words."""
    page = keeper.text(keeper.page(f"/tournaments/{swiss}"))
    current = page.partition("Round 2")[2].partition("Round 1")[0]
    assert re.findall(r"Same score, not met before|Floated down: odd score group", current) == [
        "Same score, not met before", "Floated down: odd score group", "Same score, not met before"]
    sheet = keeper.text(keeper.page(f"/tournaments/{swiss}/rounds/2/sheet"))
    assert sheet.count("Same score, not met before") == 2 and sheet.count("Floated down: odd score group") == 1
    api = ApiClient(keeper.client)
    tables = api.request("GET", f"/tournaments/{swiss}/rounds/2").get_json()["tables"]
    assert [table["paired"] for table in tables] == [
        {"reason": "same_score", "numbers": [], "words": "Same score, not met before"},
        {"reason": "floated_odd", "numbers": [], "words": "Floated down: odd score group"},
        {"reason": "same_score", "numbers": [], "words": "Same score, not met before"}]


def test_round_robin_and_knockout_tables_name_the_schedule_the_seeds_and_the_tables_before(keeper):
    """A round robin's tables name the schedule's round; a knockout's first round its seeds and its byes, the next
    the tables whose winners meet (or a bye), the last its third-place match."""
    club_id = club(keeper)
    robin = tournament(keeper, club_id, ["A", "B", "C"], format="round_robin", rounds=None)
    start_next_round(keeper, robin)
    assert reasons(keeper, robin) == [["schedule", "schedule"]]
    page = keeper.text(keeper.page(f"/tournaments/{robin}"))
    assert page.count("Round robin: round 1 of the schedule") == 2
    knockout = tournament(keeper, club_id, ["S1", "S2", "S3", "S4", "S5"], format="knockout", rounds=None,
                          third_place=True)
    first = start_next_round(keeper, knockout).round
    assert reasons(keeper, knockout) == [["seeds", "top_seed_bye", "top_seed_bye", "top_seed_bye"]]
    for table in first.tables:
        if not table.is_bye:
            record_by_hand(keeper, table.id, 4, 1)
    start_next_round(keeper, knockout)
    second = keeper.text(keeper.page(f"/tournaments/{knockout}")).partition("Round 2")[2].partition("Round 1")[0]
    assert "Knockout: winner of table 1 and a bye" in second and "Knockout: both had a bye" in second
    first_page = keeper.text(keeper.page(f"/tournaments/{knockout}")).partition("Round 1")[2]
    assert "Knockout: seeds 4 and 5" in first_page and first_page.count("Bye: a top seed") == 3
