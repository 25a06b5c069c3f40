"""Accounts: register, find and check one, change its password, delete it."""

from __future__ import annotations

from sqlalchemy import ScalarSelect, Select, delete, select, update
from sqlalchemy.exc import IntegrityError

from ..credentials import hash_password, normalize_username, password_matches, spend_a_password_check, username_key
from ..extensions import db
from ..models import (
    ApiToken,
    ClubMember,
    Hand,
    HandSide,
    JoinCode,
    LoginToken,
    Match,
    MatchEvent,
    Player,
    RatingChange,
    RevokedLink,
    RulesProfile,
    Scorer,
    Seat,
    SeatClaim,
    User,
    new_uid,
)
from .api_tokens import revoke_tokens
from .clubs import forget_members
from .players import players_for
from .ratings import rerate
from .roles import ClubRole
from .sessions import Device, end_sessions, start_session
from .unit_of_work import use_case


class UsernameTaken(ValueError):
    """Another account has this name, without regard to case or width (two registrations at once, say)."""


@use_case
def register(username: str, password: str, device: Device) -> User:
    """A new account logged in on the device it registered from: the account and its login are one transaction,
    so an account is never kept without the login its registration promised. UsernameTaken if another account got
    the name meanwhile (the caller has checked it)."""
    return start_session(register_user(username, password), device)


@use_case
def register_user(username: str, password: str) -> User:
    """A new account (flushed, so that a name taken meanwhile is UsernameTaken here, not at the commit)."""
    name = normalize_username(username)
    user = User(username=name, username_key=username_key(name), password_hash=hash_password(password))
    db.session.add(user)
    try:
        db.session.flush()
    except IntegrityError as error:
        raise UsernameTaken(name) from error
    return user


def find_account(username: str) -> User | None:
    """The account a typed name means: the one with exactly this name, else the one with its key.

    Exactly first: accounts that collided before names were unique without regard to case
    ('Ana' and 'ana') each keep their own name, and the oldest of them the plain key.
    A guest is never found: its placeholder name is no name to log in by (referee/services/guests.py).
    """
    typed = username.strip()
    named = select(User).where(User.guest.is_(False))
    user = db.session.scalar(named.where(User.username == typed))
    return user or db.session.scalar(named.where(User.username_key == username_key(typed)))


def authenticate(username: str, password: str) -> User | None:
    """The account with this name and password, or None; an unknown name costs one password check too."""
    user = find_account(username)
    if user is None:
        spend_a_password_check(password)
        return None
    return user if password_matches(user, password) else None


def username_taken(username: str) -> bool:
    """True when an account already has this name, without regard to case or width."""
    name = normalize_username(username)
    return db.session.scalar(select(User.id).where(
        (User.username_key == username_key(name)) | (User.username == name)).limit(1)) is not None


@use_case
def change_password(user: User, password: str, device: Device) -> User:
    """A new password; every device's login and every API token end with the old one, and this device is logged in
    again with a new login (the account, with it attached)."""
    user.password_hash = hash_password(password)
    end_sessions(user)
    revoke_tokens(user)
    return start_session(user, device)


@use_case
def delete_account(user: User) -> None:
    """Remove the account and everything of it: matches with their seats, hands and trail, players, logins and
    API tokens."""
    remove_accounts(select(User.id).where(User.id == user.id))


def _hand_over_club_matches(ids: ScalarSelect[int]) -> None:
    """A club's matches outlive the account that started them (a table of a tournament, a member's game): each one
    filed under a club that keeps a member goes to the club's longest-standing organiser (forget_members left one),
    its seats played by the heir's players of the same names, everyone else's scorers, claims and trail kept; the
    heir's ratings are computed again with them. A club left with no member went with its last one."""
    rows = db.session.execute(select(Match.id, Match.club_id, Match.uid)
                              .where(Match.user_id.in_(ids), Match.club_id.is_not(None))).all()
    heirs: dict[int, int] = {}
    for club_id in {row.club_id for row in rows}:
        heir = db.session.scalar(select(ClubMember.user_id).where(
            ClubMember.club_id == club_id, ClubMember.role == ClubRole.ORGANISER)
            .order_by(ClubMember.joined_at, ClubMember.id).limit(1))
        if heir is not None:
            heirs[club_id] = heir
    handed: dict[int, list[tuple[int, str]]] = {}
    for row in rows:
        if row.club_id in heirs:
            handed.setdefault(heirs[row.club_id], []).append((row.id, row.uid))
    for heir_id, matches in handed.items():
        _hand_over(db.session.get_one(User, heir_id), matches)


def _hand_over(heir: User, matches: list[tuple[int, str]]) -> None:
    """The matches (id, uid) become the heir's: see _hand_over_club_matches."""
    match_ids = [match_id for match_id, _uid in matches]
    names = sorted(set(db.session.scalars(select(Seat.name).where(Seat.match_id.in_(match_ids)))))
    # A statement a name, not a seat: an organiser's hundreds of tables are a few dozen players.
    for name, player in zip(names, players_for(heir, names), strict=True):
        db.session.execute(update(Seat).where(Seat.match_id.in_(match_ids), Seat.name == name)
                           .values(player_id=player.id).execution_options(synchronize_session=False))
    taken = set(db.session.scalars(select(Match.uid).where(Match.user_id == heir.id)))
    for match_id, uid in matches:  # a match the heir has a copy of already (a backup restored) gets a uid of its own
        if uid in taken:
            db.session.execute(update(Match).where(Match.id == match_id).values(uid=new_uid())
                               .execution_options(synchronize_session=False))
    db.session.execute(update(Match).where(Match.id.in_(match_ids)).values(user_id=heir.id, version=Match.version + 1)
                       .execution_options(synchronize_session=False))
    for gone in (delete(RatingChange).where(RatingChange.match_id.in_(match_ids)),
                 delete(Scorer).where(Scorer.match_id.in_(match_ids), Scorer.user_id == heir.id)):
        db.session.execute(gone.execution_options(synchronize_session=False))
    rerate(heir)


def remove_accounts(accounts: Select[int]) -> None:
    """Remove the accounts whose ids `accounts` selects, with everything of them (see delete_account), not
    committed. A table that gains rows of an account or of its matches belongs here."""
    ids = accounts.scalar_subquery()
    matches = select(Match.id).where(Match.user_id.in_(ids)).scalar_subquery()
    children = (MatchEvent, HandSide, RatingChange, Hand, SeatClaim, Seat, RevokedLink, Scorer, JoinCode)
    statements = [delete(model).where(model.match_id.in_(matches)) for model in children]
    # Where it scored another's match: it scores no more, and the trail keeps its changes without its name.
    statements.append(delete(Scorer).where(Scorer.user_id.in_(ids)))
    # Its seats claimed in others' matches are free again (the seats and their players stay the owner's).
    statements.append(delete(SeatClaim).where(SeatClaim.user_id.in_(ids)))
    forget_members(ids)  # a club keeps an organiser (services/clubs.py)
    _hand_over_club_matches(ids)  # before the matches still the accounts' are deleted below
    db.session.execute(update(MatchEvent).where(MatchEvent.user_id.in_(ids)).values(user_id=None)
                       .execution_options(synchronize_session=False))
    owned_models = (Match, RulesProfile, Player, LoginToken, ApiToken)
    statements += [delete(owned).where(owned.user_id.in_(ids)) for owned in owned_models]
    # Set-based deletes, children first: an account with thousands of matches goes in a few statements.
    for statement in [*statements, delete(User).where(User.id.in_(ids))]:
        db.session.execute(statement.execution_options(synchronize_session=False))
