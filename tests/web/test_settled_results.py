"""Settled results stay settled (docs/tournaments.md, "What may change when"): once a round is closed — the next
knockout round paired from its winners, a Swiss round closed for the standings — its tables' hands no longer
change, by page or API, and the scoreboard says why; only the organiser changes a result, by hand, where the
tournament can follow."""

from __future__ import annotations

import factories
import pytest
from api_client import ApiClient, by_cards
from page_client import Scorekeeper

from referee.services.errors import Conflict
from referee.services.refusals import MatchRefusal, TournamentRefusal
from referee.services.tournament_board import make_board_link
from referee.services.tournament_rounds import rounds_of
from referee.services.tournament_standings import tournament_standings
from referee.services.tournaments import get_tournament

SETTLED = "Round 1 is closed, so this table's hands can no longer change."


@pytest.fixture
def knockout(scorekeeper):
    """Ana's knockout of four (Bea a member, Dora a guest): round 1 played (Ana beat Dora at table 1, Bea won
    table 2), round 2 paired from it (Ana v Bea)."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea)
    tournament_id = factories.tournament(ana, club_id, [ana, bea, "Carla", "Dora"], format="knockout")
    first = factories.start_next_round(ana, tournament_id).round
    for table in first.tables:
        assert table.match_id is not None
        factories.play_table(ana, table.match_id, winner=0)
    # A phone had table 1's correction page open before round 2 was paired.
    ana.correction = ana.form(ana.hand_url(first.tables[0].match_id, "cards", number=1))
    factories.start_next_round(ana, tournament_id)
    return ana, tournament_id, first.tables[0]


def winners(person: Scorekeeper, tournament_id: int, number: int) -> list[str]:
    """The winners of a round's tables, by table."""
    with person.app.app_context():
        played = rounds_of(factories.user_of(person), tournament_id)[number - 1]
        return [table.winner.name if table.winner else "" for table in played.tables]


def test_the_table_a_later_knockout_round_was_paired_from_takes_no_undo_by_the_api(knockout, app):
    """The issue's case: DELETE of the match's last hand is 409 in words, and round 1 keeps its winner."""
    ana, tournament_id, table = knockout
    before = winners(ana, tournament_id, 1)
    api = ApiClient(ana.client)
    answer = api.request("DELETE", f"/matches/{table.match_id}/hands/1", headers={"If-Match": api_version(api, table)})
    assert answer.status_code == 409, answer.get_data(as_text=True)
    assert SETTLED in answer.get_json()["errors"][0]["message"]
    again = api.request("POST", f"/matches/{table.match_id}/hands", by_cards(mirror=True))
    assert again.status_code == 409 and SETTLED in again.get_json()["errors"][0]["message"]
    assert winners(ana, tournament_id, 1) == before


def api_version(api: ApiClient, table) -> str:
    """The match's version, as its ETag gives it."""
    return api.request("GET", f"/matches/{table.match_id}").headers["ETag"].strip('"')


def test_nor_by_the_pages_and_the_flip_by_hand_stays_refused(knockout):
    """The undo page, a correction and a new hand are all refused in words; the organiser's record by hand that
    would make Dora the winner is refused (bracket_moved), one with the same winner is taken."""
    ana, tournament_id, table = knockout
    match_id = table.match_id
    assert ana.client.get(f"/matches/{match_id}/undo").status_code == 302
    assert SETTLED in ana.text(ana.page(f"/matches/{match_id}"))
    for mode in ("quick", "cards", "tally"):
        assert ana.client.get(ana.hand_url(match_id, mode, number=1)).status_code == 302
    assert SETTLED in ana.text(ana.page(f"/matches/{match_id}"))
    url = ana.hand_url(match_id, "cards", number=1)
    edit = ana.client.post(url, data=ana.correction | ana.hand_fields(mirror=True) | {"action": "save"})
    assert edit.status_code == 302
    assert SETTLED in ana.text(ana.page(f"/matches/{match_id}"))
    with pytest.raises(Conflict) as refused:
        factories.record_by_hand(ana, table.id, 0, 30, "Dora won on paper")
    assert refused.value.reason is TournamentRefusal.BRACKET_MOVED
    kept = factories.record_by_hand(ana, table.id, 30, 0, "the scores as the paper says")
    assert kept.result == (30, 0) and winners(ana, tournament_id, 1)[0] == "ana"
    assert [hand[0] for hand in ana.saved_hands(match_id)] == [1]


def test_the_scoreboard_of_a_settled_table_offers_no_entry_undo_or_correction(knockout):
    """It says why, leads the organiser back to the tournament, and its hands are no links to correct them."""
    ana, tournament_id, table = knockout
    page = ana.page(f"/matches/{table.match_id}")
    text = ana.text(page)
    assert "Round 1 is closed, so this table's hands can no longer change." in text
    assert "Enter hand" not in text and "Undo hand" not in text
    assert f"/matches/{table.match_id}/hands/1/edit" not in page
    assert f'href="/tournaments/{tournament_id}"' in page


def swiss_round_played(scorekeeper):
    """Ana's Swiss event of four guests over two rounds, round 1 started and every table of it played."""
    ana = scorekeeper("ana")
    club_id = factories.club(ana)
    tournament_id = factories.tournament(ana, club_id, ["Bia", "Caio", "Dani", "Eva"], rounds=2)
    first = factories.start_next_round(ana, tournament_id).round
    for table in first.tables:
        assert table.match_id is not None
        factories.play_table(ana, table.match_id)
    return ana, tournament_id, first


def test_a_closed_swiss_round_keeps_its_results_in_the_standings(scorekeeper):
    """A Swiss round closed with every table played: an undo at a table is refused and the standings stay."""
    ana, tournament_id, first = swiss_round_played(scorekeeper)
    assert ana.submit(f"/tournaments/{tournament_id}", action=f"/tournaments/{tournament_id}/close").status_code == 302
    with ana.app.app_context():
        before = tournament_standings(get_tournament(factories.user_of(ana), tournament_id))
    with pytest.raises(Conflict) as refused:
        factories.undo(ana, first.tables[0].match_id)
    assert refused.value.reason is MatchRefusal.SETTLED
    with ana.app.app_context():
        assert tournament_standings(get_tournament(factories.user_of(ana), tournament_id)) == before


def test_a_table_still_in_an_open_round_is_scored_as_any_match(scorekeeper):
    """Before its round closes a table's hands change as any match's: undo, then save again."""
    ana = scorekeeper("ana")
    club_id = factories.club(ana)
    tournament_id = factories.tournament(ana, club_id, ["Bia", "Caio"], rounds=1)
    table = factories.start_next_round(ana, tournament_id).round.tables[0]
    assert table.match_id is not None
    factories.play_table(ana, table.match_id)
    factories.undo(ana, table.match_id)
    factories.play_table(ana, table.match_id)
    assert [hand[0] for hand in ana.saved_hands(table.match_id)] == [1]


def test_a_closed_rounds_result_changed_by_hand_moves_the_standings_and_shows_on_the_board(scorekeeper):
    """Swiss: round 1 closed, then table 1's result corrected by hand: the standings follow it and the board says
    which result changed."""
    ana, tournament_id, first = swiss_round_played(scorekeeper)
    factories.start_next_round(ana, tournament_id)
    with ana.app.app_context():
        leader = tournament_standings(get_tournament(factories.user_of(ana), tournament_id))[0].entrant.name
    table = first.tables[0]
    assert leader in (table.home.name, first.tables[1].home.name)
    factories.record_by_hand(ana, table.id, 0, 40, "the scores were swapped")
    with ana.app.app_context():
        after = tournament_standings(get_tournament(factories.user_of(ana), tournament_id))
        link = make_board_link(factories.user_of(ana), tournament_id)
    assert after[0].entrant.name == table.away.name
    wall = ana.text(ana.page(f"/board/{link.token}"))
    assert f"Corrected: round 1, table 1: {table.home.name} 0–40 {table.away.name}" in wall
