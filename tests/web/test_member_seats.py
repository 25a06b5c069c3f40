"""A member's seat at a tournament table is theirs from the moment the round starts: confirmed, in their My record,
and no one holding the table's QR code can claim it; a guest's seat is free to claim by whoever sits there. So in
every format and every round, whichever organiser starts it, partners included."""

from __future__ import annotations

import factories
import pytest

from referee.extensions import db
from referee.models import Match, SeatClaim
from referee.services.claims import claim_seat
from referee.services.clubs import make_organiser, membership
from referee.services.errors import Conflict
from referee.services.refusals import ClaimRefusal
from referee.services.sharing import join
from referee.services.stats import account_stats


@pytest.fixture
def table(scorekeeper):
    """Ana's Swiss event: Bea (a member) v Caio (a guest's name) at table 1; Dan, no member of the club, holds the
    table's join code and has joined with it."""
    ana, bea, dan = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("dan")
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea)
    tournament_id = factories.tournament(ana, club_id, [bea, "Caio"], rounds=1)
    started = factories.start_next_round(ana, tournament_id)
    table = started.round.tables[0]
    with dan.app.app_context():
        join(factories.user_of(dan), started.codes[table.id].code)
    return ana, bea, dan, table


def test_the_member_holds_their_seat_confirmed_from_the_start(table):
    """One confirmed claim, Bea's, on the seat named after her."""
    _ana, bea, _dan, table = table
    with bea.app.app_context():
        claims = db.session.query(SeatClaim).filter_by(match_id=table.match_id).all()
        assert [(claim.user_id, claim.seat.name, claim.confirmed_at is not None) for claim in claims] == [
            (factories.user_of(bea).id, "bea", True)]


def test_a_phone_with_the_tables_code_cannot_claim_the_members_seat_but_may_claim_the_guests(table):
    """Dan joined by the code: Bea's seat is refused (seat_taken), Caio's he may claim."""
    _ana, _bea, dan, table = table
    with dan.app.app_context():
        match = db.session.get_one(Match, table.match_id)
        bea_seat = next(seat.position for seat in match.seats if seat.name == "bea")
        with pytest.raises(Conflict) as refused:
            claim_seat(factories.user_of(dan), match, bea_seat)
        assert refused.value.reason is ClaimRefusal.SEAT_TAKEN
        caio_seat = next(seat.position for seat in match.seats if seat.name == "Caio")
        assert claim_seat(factories.user_of(dan), match, caio_seat).seat.name == "Caio"


def test_the_members_tournament_game_is_in_their_record_once_played(table):
    """Bea's table played to its end counts in her My record without her claiming anything."""
    ana, bea, _dan, table = table
    assert table.match_id is not None
    factories.play_table(ana, table.match_id)
    with bea.app.app_context():
        assert account_stats(factories.user_of(bea).id).record.finished == 1


@pytest.mark.parametrize("format, entrants, rounds", [
    ("round_robin", "partners", 3),  # every round of a schedule, each partner's seat
    ("knockout", "singles", 2),  # a round paired from the first one's winners
])
def test_every_members_seat_is_theirs_in_every_round_without_a_claim(scorekeeper, format, entrants, rounds):
    """Each round, started by either of two organisers, seats every member at their tables by a confirmed claim,
    partners too; once the tables are played, each member's My record counts every table they sat at."""
    ana, zoe, bea, caio, dan = (scorekeeper(name) for name in ("ana", "zoe", "bea", "caio", "dan"))
    club_id = factories.club(ana)
    factories.member(ana, club_id, zoe, bea, caio, dan)
    with ana.app.app_context():
        make_organiser(membership(factories.user_of(ana), club_id), factories.user_of(zoe).id)
    field = ([(bea, caio), (dan, "Eva"), ("Fer", "Gil"), ("Hana", "Isa")] if entrants == "partners"
             else [bea, "Caio", dan, "Eva"])
    tournament_id = factories.tournament(ana, club_id, field, format=format)
    members = [bea, caio, dan] if entrants == "partners" else [bea, dan]
    seats = {person.username: 0 for person in members}
    for number in range(rounds):
        organiser = ana if number % 2 == 0 else zoe  # a round started on the other organiser's phone
        started = factories.start_next_round(organiser, tournament_id).round
        for table in started.tables:
            if table.is_bye:
                continue
            with ana.app.app_context():
                claims = {claim.seat.name: claim for claim in
                          db.session.query(SeatClaim).filter_by(match_id=table.match_id).all()}
            sat = {player.name for side in (table.home, table.away) for player in side.players
                   if player.user_id is not None}
            assert set(claims) == sat and all(claim.confirmed_at is not None for claim in claims.values())
            for name in sat:
                seats[name] += 1
            factories.play_table(organiser, table.match_id, winner=0)
    for person in members:
        with person.app.app_context():
            assert account_stats(factories.user_of(person).id).record.finished == seats[person.username] > 0
