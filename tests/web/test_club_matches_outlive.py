"""A club's matches belong to the club: removing the account or the idle guest that started them (a tournament's
round, a member's game) hands them to the club's organiser, and every other member keeps their hands, trail and
claimed seats; the tournament keeps its tables. A match of no club still goes with its account."""

from __future__ import annotations

from datetime import timedelta

import factories
from page_client import Scorekeeper
from sqlalchemy import func, select, update

from referee.extensions import db
from referee.models import Hand, Match, MatchEvent, SeatClaim, TournamentTable, User, now
from referee.services import set_first_dealer
from referee.services.accounts import delete_account
from referee.services.guests import remove_idle_guests
from referee.services.tournament_rounds import rounds_of


def kept(app, match_id: int) -> tuple[int, int, int, int | None]:
    """The match's hands, trail events and confirmed claims, and its owner."""
    with app.app_context():
        hands = db.session.scalar(select(func.count()).select_from(Hand).where(Hand.match_id == match_id))
        events = db.session.scalar(select(func.count()).select_from(MatchEvent).where(MatchEvent.match_id == match_id))
        claims = db.session.scalar(select(func.count()).select_from(SeatClaim).where(
            SeatClaim.match_id == match_id, SeatClaim.confirmed_at.is_not(None)))
        owner = db.session.scalar(select(Match.user_id).where(Match.id == match_id))
        return int(hands or 0), int(events or 0), int(claims or 0), owner


def a_round_scored_by_bea(organiser, bea) -> tuple[int, int]:
    """The organiser's club with Bea, a tournament of Bea and three guests, round 1 started by the organiser; Bea's
    seat is hers (a member's, claimed with the round) and she saves two hands at her table. The tournament's and
    the table's match's ids."""
    club_id = factories.club(organiser)
    factories.member(organiser, club_id, bea)
    long = factories.house_rules(organiser, "Long nights", target=21)
    tournament_id = factories.tournament(organiser, club_id, [bea, "Caio", "Dora", "Eva"], rounds=1,
                                         profile_id=long)
    table = next(one for one in factories.start_next_round(organiser, tournament_id).round.tables
                 if one.match_id is not None and one.home.name == "bea")
    assert table.match_id is not None
    with bea.app.app_context():
        match = db.session.get_one(Match, table.match_id)
        set_first_dealer(match, 0)
    factories.save_hand(bea, table.match_id)
    factories.save_hand(bea, table.match_id, mirror=True)
    return tournament_id, table.match_id


def test_deleting_the_organisers_account_leaves_the_members_tables_whole(scorekeeper):
    """Ana started the round and deletes her account: Bea, made the club's organiser, owns the table, with her two
    hands, the trail and her confirmed seat; the tournament still has its table and its match."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    tournament_id, match_id = a_round_scored_by_bea(ana, bea)
    hands, events, claims, _owner = kept(ana.app, match_id)
    with ana.app.app_context():
        delete_account(factories.user_of(ana))
    with bea.app.app_context():
        bea_id = factories.user_of(bea).id
        assert db.session.scalar(select(TournamentTable.match_id).where(TournamentTable.match_id == match_id))
        played = rounds_of(factories.user_of(bea), tournament_id)
    assert kept(bea.app, match_id) == (hands, events, claims, bea_id) == (2, events, 1, bea_id)
    assert "ana" not in {table.home.name for table in played[0].tables}
    assert "Hand 2" in bea.board(match_id) or bea.client.get(f"/matches/{match_id}").status_code == 200


def test_removing_the_idle_guest_who_started_the_round_leaves_the_members_tables_whole(app, scorekeeper):
    """An idle guest's club night: the guest goes with its own matches, the club's table stays Bea's."""
    bea = scorekeeper("bea")
    organiser = Scorekeeper(app, app.test_client())
    assert organiser.submit("/", action="/guest").status_code == 302
    with app.app_context():
        guest_id, organiser.username = db.session.execute(select(User.id, User.username).where(User.guest)).one()
    tournament_id, match_id = a_round_scored_by_bea(organiser, bea)
    own = organiser.start(("Gil", "Hal"))
    hands, events, claims, _owner = kept(app, match_id)
    later = now() + timedelta(days=40)
    with app.app_context():
        assert remove_idle_guests(30, later) == 1
        assert db.session.get(User, guest_id) is None
    assert kept(app, match_id)[:3] == (hands, events, claims) == (2, events, 1)
    assert kept(app, own)[3] is None  # the guest's own match went with it
    with app.app_context():
        assert rounds_of(factories.user_of(bea), tournament_id)[0].tables


def test_a_match_the_heir_has_a_copy_of_gets_a_uid_of_its_own(scorekeeper):
    """Bea holds a copy of the club's table (a backup of Ana's restored, the same uid): the table still comes to
    her, under a uid of its own, and her copy stays as it was."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    _tournament_id, match_id = a_round_scored_by_bea(ana, bea)
    copy_id = factories.start(bea, ("Xavi", "Yara"))
    with bea.app.app_context():
        uid = db.session.scalar(select(Match.uid).where(Match.id == match_id))
        db.session.execute(update(Match).where(Match.id == copy_id).values(uid=uid))
        db.session.commit()
        delete_account(factories.user_of(ana))
        bea_id = factories.user_of(bea).id
        rows = dict(db.session.execute(select(Match.id, Match.uid).where(Match.user_id == bea_id)).all())
    assert rows[copy_id] == uid and rows[match_id] != uid and len(rows[match_id]) == 32
