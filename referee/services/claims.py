"""Claiming a seat ("I am Ana"): an account at the table says which seat of a match is its own.

A scorer (or the owner, for its own seat) claims a seat; the owner confirms or refuses the claim. A claim is
confirmed at once when the owner makes it, or when the scorer joined with a code that still works: the code is
the owner's word that whoever holds it sits at the table. A confirmed claim puts the seat in the account's My
record (services/stats.py: account_stats), whoever owns the match; the seat's player stays the owner's.

One claim per seat, one per account in a match (both kept by the table's unique keys too). The claimant or the
owner can take a claim back. Merging players keeps the claims on their seats, refusing to join seats claimed by
two different accounts; deleting a player frees its seats' claims (services/players.py).
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import contains_eager, joinedload

from ..extensions import db
from ..models import Match, Scorer, Seat, SeatClaim, User, now
from .errors import Conflict, Forbidden, NotFound
from .refusals import ClaimRefusal
from .sharing import live_code_by_id
from .unit_of_work import use_case


def claim_of(user: User, match: Match) -> SeatClaim | None:
    """The account's claim in the match, pending or confirmed, if any."""
    return db.session.scalar(select(SeatClaim).where(SeatClaim.match_id == match.id, SeatClaim.user_id == user.id))


def claims_of(match: Match) -> list[SeatClaim]:
    """The match's claims, by seat, each with its seat and account (read in the same query)."""
    return list(db.session.scalars(select(SeatClaim).join(Seat, Seat.id == SeatClaim.seat_id)
                                   .where(SeatClaim.match_id == match.id).order_by(Seat.position)
                                   .options(contains_eager(SeatClaim.seat), joinedload(SeatClaim.user))))


@use_case
def claim_seat(user: User, match: Match, position: int) -> SeatClaim:
    """The account (the owner or a scorer: the lookup let it in) claims the seat at `position` (a scorer's phone
    not named yet is named after the seat). Refused with
    Conflict: 'one_seat_each' (it has a claim here already), 'seat_taken' (another account's), 'no_player' (a
    seat whose player was deleted); NotFound for no such seat."""
    seat = next((s for s in match.seats if s.position == position), None)
    if seat is None:
        raise NotFound(position)
    if claim_of(user, match) is not None:
        raise Conflict(ClaimRefusal.ONE_SEAT_EACH)
    if seat.player_id is None:
        raise Conflict(ClaimRefusal.NO_PLAYER)
    if db.session.scalar(select(SeatClaim.id).where(SeatClaim.seat_id == seat.id)) is not None:
        raise Conflict(ClaimRefusal.SEAT_TAKEN)
    claim = SeatClaim(match_id=match.id, seat_id=seat.id, user_id=user.id,
                      confirmed_at=now() if _vouched_for(user, match) else None)
    db.session.add(claim)
    try:
        db.session.flush()
    except IntegrityError:  # another phone claimed the seat, or this account another seat, at the same moment
        raise Conflict(ClaimRefusal.SEAT_TAKEN) from None
    # A scorer's phone not named yet goes by the seat's name: "I am Ana" says who holds it.
    db.session.execute(update(Scorer).where(Scorer.match_id == match.id, Scorer.user_id == user.id,
                                            Scorer.name.is_(None)).values(name=seat.name)
                       .execution_options(synchronize_session=False))
    return claim


def _vouched_for(user: User, match: Match) -> bool:
    """The owner's own claim, or a scorer's who joined with a code that still works."""
    if match.user_id == user.id:
        return True
    code_id = db.session.scalar(select(Scorer.join_code_id).where(Scorer.match_id == match.id,
                                                                 Scorer.user_id == user.id))
    return code_id is not None and live_code_by_id(match, code_id)


def _owned_claim(match: Match, claim_id: int) -> SeatClaim:
    """One of the match's claims (NotFound otherwise)."""
    claim = db.session.scalar(select(SeatClaim).where(SeatClaim.id == claim_id, SeatClaim.match_id == match.id))
    if claim is None:
        raise NotFound(claim_id)
    return claim


@use_case
def confirm_claim(owner: User, match: Match, claim_id: int) -> SeatClaim:
    """The owner confirms a pending claim (Forbidden for anyone else); confirming twice changes nothing."""
    if match.user_id != owner.id:
        raise Forbidden(match.id)
    claim = _owned_claim(match, claim_id)
    if claim.confirmed_at is None:
        claim.confirmed_at = now()
    return claim


@use_case
def drop_claim(user: User, match: Match, claim_id: int) -> None:
    """A claim taken back by its claimant, or refused (or undone) by the owner; Forbidden for anyone else."""
    claim = _owned_claim(match, claim_id)
    if user.id not in (claim.user_id, match.user_id):
        raise Forbidden(match.id)
    db.session.delete(claim)


def confirmed_by(user_id: int) -> ColumnElement[bool]:
    """A condition on Seat: a seat the account holds by a confirmed claim (My record's seats)."""
    return Seat.id.in_(select(SeatClaim.seat_id).where(SeatClaim.user_id == user_id,
                                                       SeatClaim.confirmed_at.is_not(None)))


def claimants_of_players(player_ids: list[int]) -> set[int]:
    """The accounts holding a confirmed claim on a seat of these players."""
    return set(db.session.scalars(select(SeatClaim.user_id).join(Seat, Seat.id == SeatClaim.seat_id)
                                  .where(Seat.player_id.in_(player_ids), SeatClaim.confirmed_at.is_not(None))))


def free_seats_of(player_id: int) -> None:
    """The claims on a player's seats go (the player is being deleted), not committed."""
    seats = select(Seat.id).where(Seat.player_id == player_id)
    db.session.execute(delete(SeatClaim).where(SeatClaim.seat_id.in_(seats))
                       .execution_options(synchronize_session=False))


def claims_by(user: User) -> list[SeatClaim]:
    """The account's claims in every match, pending or confirmed, the latest match first (My record's list), each
    with its seat, match and the match's owner read in the same query."""
    return list(db.session.scalars(select(SeatClaim).join(Match, Match.id == SeatClaim.match_id)
                                   .where(SeatClaim.user_id == user.id)
                                   .order_by(Match.created_at.desc(), Match.id.desc())
                                   .options(joinedload(SeatClaim.seat),
                                            contains_eager(SeatClaim.match).joinedload(Match.owner))))
