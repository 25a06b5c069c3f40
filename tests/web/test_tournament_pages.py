"""The organiser's tournament pages: "New tournament" (members ticked, guests and partnerships typed, a refusal
beside its field with everything typed kept), the tournament page (tables with their players, match links, scores
and QR codes), starting and closing rounds by their buttons, a result recorded by hand with its trail, and the
standings."""

from __future__ import annotations

import re

import pytest
from factories import club, house_rules, member, play_table, start_next_round, tournament, user_of
from sqlalchemy import select

from referee.models import Match, Tournament, TournamentEntrant
from referee.services.tournament_rounds import rounds_of


@pytest.fixture
def organiser(scorekeeper):
    """Ana organises a club with Bea as a member, and has house rules to play a night by."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    ana.club_id, ana.bea, ana.rules_id = club_id, bea, house_rules(ana, "Club night", target=4)
    return ana


def new_tournament(ana, **changes):
    """Fill in "New tournament" (a Swiss event of 2 rounds of Bea and two guests) and post it."""
    url = f"/clubs/{ana.club_id}/tournaments/new"
    with ana.app.app_context():
        bea_id = user_of(ana.bea).id
    fields = ana.form(url) | {"name": "Friday", "profile": str(ana.rules_id), "format": "swiss", "rounds": "2",
                              "seeding": "listed", "guests": "Caio\nDora"}
    data: dict = fields | {"members": [str(bea_id)]} | changes
    return ana.client.post(url, data=data)


def test_new_tournament_from_the_form_enters_members_and_guests_in_seed_order(organiser):
    """Bea ticked, two guests typed: three entrants, Bea first and playing as her account."""
    response = new_tournament(organiser)
    assert response.status_code == 302
    rows = organiser.query(select(TournamentEntrant.seed, TournamentEntrant.first_name, TournamentEntrant.first_user_id)
                           .order_by(TournamentEntrant.seed))
    with organiser.app.app_context():
        assert [tuple(row) for row in rows] == [(1, "bea", user_of(organiser.bea).id), (2, "Caio", None),
                                                (3, "Dora", None)]
    page = organiser.text(organiser.page(response.headers["Location"]))
    assert "Friday" in page and "Swiss, 2 rounds" in page and "Start round 1" in page


def test_typed_partnerships_make_a_tournament_of_partnerships_a_member_by_name(organiser):
    """Lines "Ana & bea": partnerships, a name that is a member's that member's account."""
    response = new_tournament(organiser, members=[], guests="Ana & bea\nCaio + Dora", format="round_robin")
    assert response.status_code == 302
    rows = organiser.query(select(TournamentEntrant.first_user_id, TournamentEntrant.second_name,
                                  TournamentEntrant.second_user_id).order_by(TournamentEntrant.seed))
    with organiser.app.app_context():
        assert [tuple(row) for row in rows] == [(user_of(organiser).id, "bea", user_of(organiser.bea).id),
                                                (None, "Dora", None)]


@pytest.mark.parametrize("changes, words", [
    ({"name": " "}, "Give the tournament a name."),
    ({"rounds": ""}, "Say how many rounds the Swiss event plays."),
    ({"rounds": "3"}, "With these entrants a Swiss event plays at most 2 rounds."),
    ({"guests": "Caio\ncaio"}, "caio is entered twice."),
    ({"guests": "Caio & Dora"}, "In a tournament of partnerships, write every entrant as two names"),
    ({"guests": "", "members": []}, "A tournament needs from 2 to 128 entrants."),
    ({"profile": "999"}, "Not a valid choice"),
])
def test_a_refused_tournament_says_why_beside_its_field_and_keeps_what_was_typed(organiser, changes, words):
    """422, the reason in words, the typed name and entrants kept, nothing made."""
    response = new_tournament(organiser, **changes)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any(words in error for error in organiser.errors(html)), organiser.errors(html)
    if "guests" not in changes:
        assert "Caio\nDora" in html
    assert organiser.query(select(Tournament.id)) == []


def test_the_tournament_page_runs_a_round_from_its_buttons(organiser):
    """Start round 1: the tables with their players, a QR code to score each and the bye; Close refused while a
    table plays (409, naming it); played, the round closes and round 2 can start."""
    tournament_id = tournament(organiser, organiser.club_id, [organiser.bea, "Caio", "Dora"], rounds=2)
    url = f"/tournaments/{tournament_id}"
    started = organiser.submit(url, action=f"{url}/rounds")
    assert started.status_code == 302
    html = organiser.page(url)
    text = organiser.text(html)
    assert "Round 1" in text and "Table 1" in text and "Bye" in text and "QR code to score this table" in text
    assert html.count("<svg") == 1 and "/join/" in html
    refused = organiser.client.post(f"{url}/close", data={"csrf_token": organiser.fields(html)["csrf_token"]})
    assert refused.status_code == 409 and "Table 1 has no result yet." in organiser.text(refused.get_data(True))
    with organiser.app.app_context():
        table = rounds_of(user_of(organiser), tournament_id)[0].tables[0]
    play_table(organiser, table.match_id)
    text = organiser.text(organiser.page(url))
    assert "finished" in text and "Close round 1" in text and "Start round 2" in text
    assert organiser.submit(url, action=f"{url}/close").status_code == 302
    assert "Round 1 · closed" in organiser.text(organiser.page(url))


def test_a_result_by_hand_from_its_form_with_the_trail(organiser):
    """The form names the two sides; a result without a reason is refused beside it (422, the points kept); with
    one it is recorded and shown in the trail with who and why."""
    tournament_id = tournament(organiser, organiser.club_id, ["Caio", "Dora"], format="round_robin")
    table = start_next_round(organiser, tournament_id).round.tables[0]
    url = f"/tournaments/{tournament_id}/tables/{table.id}/result"
    form_page = organiser.page(url)
    assert "Caio" in form_page and "Dora" in form_page
    refused = organiser.submit(url, {"home_points": "4", "away_points": "1", "reason": " "})
    assert refused.status_code == 422 and 'value="4"' in refused.get_data(as_text=True)
    assert "Say why the result is recorded by hand." in organiser.errors(refused.get_data(as_text=True))
    assert organiser.submit(url, {"home_points": "4", "away_points": "1", "reason": "Dora's bus"}).status_code == 302
    text = organiser.text(organiser.page(f"/tournaments/{tournament_id}"))
    assert re.search(r"4–1 \(Dora's bus; ana", text) and "recorded by hand" in text


def test_the_standings_page_ranks_the_finished_tables(organiser):
    """Caio beat Dora: Caio first with 2 match points, Dora second, separated by match points."""
    tournament_id = tournament(organiser, organiser.club_id, ["Caio", "Dora"], format="round_robin")
    table = start_next_round(organiser, tournament_id).round.tables[0]
    play_table(organiser, table.match_id, winner=0 if table.home.name == "Caio" else 1)
    text = organiser.text(organiser.page(f"/tournaments/{tournament_id}/standings"))
    assert re.search(r"1 Caio 2 1 1-0-0 \+\d+ 0 2 Dora match points 0 1 0-0-1 -\d+ 2", text), text


def test_a_bye_is_named_under_its_entrant_and_is_no_match_played(organiser):
    """Three entrants, round 1 played: the one with the bye has the 2 match points of a win, no match played and
    nothing won, drawn or lost, and "1 bye" under their name; the two who played have none."""
    tournament_id = tournament(organiser, organiser.club_id, ["Caio", "Dora", "Eva"], format="round_robin")
    started = start_next_round(organiser, tournament_id).round
    table = next(table for table in started.tables if table.away is not None)
    bye = next(table.home.name for table in started.tables if table.away is None)
    play_table(organiser, table.match_id, winner=0)
    text = organiser.text(organiser.page(f"/tournaments/{tournament_id}/standings"))
    assert re.search(rf"\d {bye} · 1 bye (match points |point difference )?2 0 0-0-0 0 0", text), text
    assert text.count(" 1 bye ") == 1  # under one name only


def test_the_club_lists_its_tournaments_and_offers_new_ones_to_organisers_only(organiser):
    """The club's page links its tournaments; the list shows the tournament to a member, without "New tournament"."""
    tournament(organiser, organiser.club_id, ["Caio", "Dora"], format="knockout")
    assert f"/clubs/{organiser.club_id}/tournaments" in organiser.page(f"/clubs/{organiser.club_id}")
    mine = organiser.text(organiser.page(f"/clubs/{organiser.club_id}/tournaments"))
    theirs = organiser.text(organiser.bea.page(f"/clubs/{organiser.club_id}/tournaments"))
    assert "New tournament" in mine and "Friday night" in theirs and "New tournament" not in theirs


@pytest.mark.parametrize(("ticked", "rule"), [(True, "other_sides"), (False, "none")])
def test_a_tournaments_tables_confirm_each_hand_unless_the_organiser_unticks_it(organiser, ticked, rule):
    """"Both sides confirm each hand" is ticked on a fresh form (the house rules say nothing of it); the
    tournament's tables play by the choice, whatever the house rules said."""
    url = f"/clubs/{organiser.club_id}/tournaments/new"
    assert organiser.form(url)["confirm_hands"] == "y"
    response = new_tournament(organiser, **({} if ticked else {"confirm_hands": ""}))
    assert response.status_code == 302
    [(rules, tournament_id)] = organiser.query(select(Tournament.rules, Tournament.id))
    assert rules["options"]["confirm_hands"] == rule
    started = start_next_round(organiser, tournament_id)
    match_id = next(table.match_id for table in started.round.tables if table.match_id)
    [(options,)] = organiser.query(select(Match.options).where(Match.id == match_id))
    assert options["confirm_hands"] == rule
