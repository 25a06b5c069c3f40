"""Claiming a seat: claimed, confirmed (by the owner, or at once with a live code), refused, taken back; one
seat per account in a match and one account per seat; merges and deletes of players and accounts keep claims
right (services/claims.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select
from test_ratings import account, start

from referee.extensions import db
from referee.models import JoinCode, SeatClaim
from referee.services import Conflict, NotFound
from referee.services.accounts import delete_account
from referee.services.claims import claim_of, claim_seat, claims_of, confirm_claim, drop_claim
from referee.services.errors import Forbidden
from referee.services.matches import get_match
from referee.services.players import delete_player, merge_players
from referee.services.refusals import ClaimRefusal, PlayerRefusal
from referee.services.roles import Role, role_of
from referee.services.sharing import join, leave, make_join_code, revoke_join_codes


def joined(owner_match, name, code=None):
    """A new account that joined the match as a scorer (with a fresh code, or `code`)."""
    user = account(name)
    join(user, code or make_join_code(owner_match).code)
    return user


def test_a_claim_made_with_a_live_code_is_confirmed_at_once(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        claim = claim_seat(bea, match, 1)
        assert claim.confirmed_at is not None and claim.seat.name == "Bea"
        assert claim_of(bea, match) == claim


def test_after_the_code_stops_working_the_claim_waits_for_the_owner_who_confirms_it(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        revoke_join_codes(match)
        claim = claim_seat(bea, match, 1)
        assert claim.confirmed_at is None
        with pytest.raises(Forbidden):
            confirm_claim(bea, match, claim.id)
        assert confirm_claim(ana, match, claim.id).confirmed_at is not None


def test_an_expired_code_does_not_confirm_either(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        code = db.session.scalars(select(JoinCode)).one()
        code.expires_at = code.expires_at - timedelta(days=1)
        db.session.commit()
        assert claim_seat(bea, match, 1).confirmed_at is None


def test_the_owner_s_own_claim_is_confirmed_at_once(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        assert claim_seat(ana, match, 0).confirmed_at is not None


def test_the_owner_refuses_a_claim_and_the_seat_is_free_again(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        revoke_join_codes(match)
        claim = claim_seat(bea, match, 0)
        drop_claim(ana, match, claim.id)
        assert claims_of(match) == []
        assert claim_seat(bea, match, 1).seat.position == 1


def test_the_claimant_takes_its_claim_back_and_a_stranger_cannot(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea", "Cy")
        bea, cy = joined(match, "bea"), joined(match, "cy")
        claim = claim_seat(bea, match, 1)
        with pytest.raises(Forbidden):
            drop_claim(cy, match, claim.id)
        drop_claim(bea, match, claim.id)
        assert claim_of(bea, match) is None
        with pytest.raises(NotFound):
            drop_claim(bea, match, claim.id)


def test_one_seat_per_account_and_one_account_per_seat(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea", "Cy")
        bea, cy = joined(match, "bea"), joined(match, "cy")
        claim_seat(bea, match, 1)
        with pytest.raises(Conflict) as twice:
            claim_seat(bea, match, 2)
        assert twice.value.reason is ClaimRefusal.ONE_SEAT_EACH
        with pytest.raises(Conflict) as taken:
            claim_seat(cy, match, 1)
        assert taken.value.reason is ClaimRefusal.SEAT_TAKEN
        with pytest.raises(NotFound):
            claim_seat(cy, match, 7)
        assert [c.user_id for c in claims_of(match)] == [bea.id]


def test_merging_players_the_claim_follows_the_kept_player(app):
    with app.app_context():
        ana = account("ana")
        first = start(ana, "Ana", "Bea")
        second = start(ana, "Ana", "Beatriz")
        bea = joined(first, "bea")
        claim = claim_seat(bea, first, 1)
        beatriz = second.seats[1].player
        merge_players(beatriz, first.seats[1].player)
        db.session.expire_all()
        assert claim_of(bea, first) is not None
        assert db.session.get(SeatClaim, claim.id).seat.player_id == beatriz.id


def test_merging_players_claimed_by_two_accounts_is_refused_and_nothing_changes(app):
    with app.app_context():
        ana = account("ana")
        first = start(ana, "Ana", "Bea")
        second = start(ana, "Ana", "Beatriz")
        bea, bia = joined(first, "bea"), joined(second, "bia")
        claim_seat(bea, first, 1)
        claim_seat(bia, second, 1)
        kept, merged = second.seats[1].player, first.seats[1].player
        merged_id = merged.id
        with pytest.raises(Conflict) as refused:
            merge_players(kept, merged)
        assert refused.value.reason is PlayerRefusal.CLAIMED_BY_TWO
        db.session.expire_all()
        assert first.seats[1].player_id == merged_id
        assert len(db.session.scalars(select(SeatClaim)).all()) == 2


def test_merging_with_one_account_s_claims_on_both_players_is_allowed(app):
    with app.app_context():
        ana = account("ana")
        first = start(ana, "Ana", "Bea")
        second = start(ana, "Ana", "Beatriz")
        bea = joined(first, "bea")
        join(bea, make_join_code(second).code)
        claim_seat(bea, first, 1)
        claim_seat(bea, second, 1)
        merge_players(second.seats[1].player, first.seats[1].player)
        assert len(db.session.scalars(select(SeatClaim)).all()) == 2


def test_deleting_a_player_removes_its_claims_and_its_seat_cannot_be_claimed(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        claim_seat(bea, match, 1)
        delete_player(match.seats[1].player)
        assert db.session.scalars(select(SeatClaim)).all() == []
        db.session.expire_all()
        with pytest.raises(Conflict) as refused:
            claim_seat(bea, match, 1)
        assert refused.value.reason is ClaimRefusal.NO_PLAYER


def test_deleting_the_claimant_s_account_removes_its_claims_only(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        claim_seat(bea, match, 1)
        claim_seat(ana, match, 0)
        delete_account(bea)
        db.session.commit()
        assert [c.user_id for c in db.session.scalars(select(SeatClaim))] == [ana.id]


def test_deleting_the_owner_s_account_removes_the_claims_on_its_matches(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        claim_seat(joined(match, "bea"), match, 1)
        delete_account(ana)
        db.session.commit()
        assert db.session.scalars(select(SeatClaim)).all() == []


def test_a_claimant_who_scores_no_more_has_the_claimant_s_role_and_no_way_into_the_match(app):
    with app.app_context():
        ana = account("ana")
        match = start(ana, "Ana", "Bea")
        bea = joined(match, "bea")
        claim_seat(bea, match, 1)
        assert role_of(bea, match) is Role.SCORER
        leave(bea, match)
        assert role_of(bea, match) is Role.CLAIMANT
        with pytest.raises(NotFound):
            get_match(bea, match.id)
