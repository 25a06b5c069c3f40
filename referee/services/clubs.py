"""Clubs: an account makes one and is its organiser; others join by an invite link; members file matches under it.

Roles (services/roles.py, ClubRole): an organiser manages the club (invites, who else organises, removing members); a
member sees the club, its members, matches and leaderboard, and files its own matches under it. An account with no
membership gets NotFound for everything of a club, as for a club that does not exist (membership); a member asking
for an organiser's action gets Forbidden (organised). A club always keeps an organiser: the last one cannot leave
while others remain (it hands over first), and the last member leaving ends the club (its matches stay, no longer
filed under it).

An invite is a link with a secret of 144 random bits (``secrets.token_urlsafe``), lasting INVITE_LIFETIME (a week:
from one club night to the next) unless revoked; a club may have several at once (one per organiser's phone, say).
As for a match's join codes, only a keyed hash of the secret is kept (services/link_secrets.py), so a copy of the
database shows no link and lets no one join. Guessing is hopeless at that size, and refused
attempts are throttled besides (referee/web/throttling.py, with the join codes').

Every function takes the account (or an id) and returns models or small frozen values, so a tournament can build
on them without a request.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, func, select, update
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import Club, ClubInvite, ClubMember, Match, User, now
from .errors import Conflict, Forbidden, NotFound
from .inserts import insert_once
from .link_secrets import BadLink, keyed_hash, usable
from .refusals import ClubRefusal, LinkRefusal
from .roles import ClubRole, belongs, in_club, organises
from .unit_of_work import use_case

INVITE_LIFETIME = timedelta(days=7)
SECRET_BYTES = 18  # 144 bits, 24 characters of token_urlsafe
SECRET = re.compile(r"[A-Za-z0-9_-]{24}")
NAME_LENGTH = 40


@dataclass(frozen=True)
class NewInvite:
    """An invite just made: its secret (shown this once, never stored), its id and when it stops working."""

    id: int
    secret: str
    expires_at: datetime


@dataclass(frozen=True)
class MyClub:
    """A club as the account's list shows it: the club, the account's role, how many members."""

    club: Club
    role: ClubRole
    members: int

    @property
    def organiser(self) -> bool:
        """The account runs the club."""
        return self.role.organises


@dataclass(frozen=True)
class Leaving:
    """What a member's leaving would do: the last member ends the club; the last organiser, while others remain,
    must make another organiser first."""

    alone: bool
    last_organiser: bool


def secret_hash(secret: str) -> str:
    """What is stored of an invite's secret: its keyed hash under the invites' own purpose."""
    return keyed_hash(secret, "club-invite:")


@use_case
def create_club(user: User, name: str) -> Club:
    """A new club of this name, the account its organiser."""
    club = Club(name=name.strip()[:NAME_LENGTH])
    club.members.append(ClubMember(user_id=user.id, role=ClubRole.ORGANISER))
    db.session.add(club)
    db.session.flush()
    return club


def clubs_of(user: User) -> list[MyClub]:
    """The account's clubs, by name, each with its role and number of members."""
    counts = (select(ClubMember.club_id, func.count(ClubMember.id).label("members"))
              .group_by(ClubMember.club_id).subquery())
    rows = db.session.execute(
        select(Club, ClubMember.role, counts.c.members).join(ClubMember, in_club(user.id, Club.id))
        .join(counts, counts.c.club_id == Club.id)
        .order_by(func.lower(Club.name), Club.id))
    return [MyClub(club, ClubRole(role), members) for club, role, members in rows]


def membership(user: User, club_id: int) -> ClubMember:
    """The account's membership of the club, the club read with it: NotFound when it has none, as for a club that
    does not exist."""
    member = db.session.scalar(select(ClubMember).where(in_club(user.id, club_id)).options(joinedload(ClubMember.club)))
    if member is None:
        raise NotFound(club_id)
    return member


def is_member(user: User, club_id: int) -> bool:
    """Whether the account is a member of the club (an organiser or not)."""
    return bool(db.session.scalar(select(belongs(user.id, club_id))))


def organised(user: User, club_id: int) -> ClubMember:
    """The account's membership of a club it organises: NotFound for a non-member, Forbidden for a member."""
    member = membership(user, club_id)
    if not organises(member):
        raise Forbidden(club_id)
    return member


def members_of(club_id: int) -> list[ClubMember]:
    """The club's members, organisers first, then by when they joined; their accounts read with them (one query
    more, not one per member)."""
    return list(db.session.scalars(select(ClubMember).where(ClubMember.club_id == club_id).order_by(
        (ClubMember.role == ClubRole.ORGANISER).desc(), ClubMember.joined_at, ClubMember.id)
        .options(selectinload(ClubMember.user))))


def leaving(member: ClubMember) -> Leaving:
    """What the member's leaving its club would do."""
    others = [ClubRole(role) for role in db.session.scalars(select(ClubMember.role).where(
        ClubMember.club_id == member.club_id, ClubMember.id != member.id))]
    return Leaving(not others, bool(others) and organises(member) and not any(role.organises for role in others))


def _other(organiser: ClubMember, user_id: int) -> ClubMember:
    """Another member of the organiser's club (NotFound otherwise)."""
    member = db.session.scalar(select(ClubMember).where(in_club(user_id, organiser.club_id)))
    if member is None:
        raise NotFound(user_id)
    return member


@use_case
def make_organiser(organiser: ClubMember, user_id: int) -> ClubMember:
    """An organiser makes another member an organiser too (already one: nothing changes)."""
    member = _other(organiser, user_id)
    member.role = ClubRole.ORGANISER
    return member


@use_case
def remove_member(organiser: ClubMember, user_id: int) -> None:
    """An organiser removes a member (an organiser too): its next request for the club is a 404. Removing oneself
    is leaving (Conflict 'yourself')."""
    if user_id == organiser.user_id:
        raise Conflict(ClubRefusal.YOURSELF)
    db.session.delete(_other(organiser, user_id))


@use_case
def leave_club(member: ClubMember) -> bool:
    """The member leaves its club; the last organiser cannot while other members remain (Conflict
    'last_organiser': make another organiser first). The last member leaving ends the club, its matches kept
    (unfiled). Whether the club ended."""
    left = leaving(member)
    if left.alone:
        db.session.execute(update(Match).where(Match.club_id == member.club_id).values(club_id=None)
                           .execution_options(synchronize_session=False))
        db.session.delete(member.club)
        return True
    if left.last_organiser:
        raise Conflict(ClubRefusal.LAST_ORGANISER)
    db.session.delete(member)
    return False


def forget_members(accounts: ColumnElement[int]) -> None:
    """The memberships of accounts being removed go, not committed (services/accounts.py: remove_accounts): a club
    left without an organiser gets its longest-standing member as one, a club left with no member goes (its
    matches, those of other accounts, stay unfiled)."""
    clubs = list(db.session.scalars(select(ClubMember.club_id).where(ClubMember.user_id.in_(accounts)).distinct()))
    db.session.execute(update(ClubInvite).where(ClubInvite.made_by.in_(accounts)).values(made_by=None)
                       .execution_options(synchronize_session=False))
    db.session.execute(delete(ClubMember).where(ClubMember.user_id.in_(accounts))
                       .execution_options(synchronize_session=False))
    for club_id in clubs:
        remaining = list(db.session.scalars(select(ClubMember).where(ClubMember.club_id == club_id)
                                            .order_by(ClubMember.joined_at, ClubMember.id)))
        if not remaining:
            db.session.execute(update(Match).where(Match.club_id == club_id).values(club_id=None)
                               .execution_options(synchronize_session=False))
            for gone in (delete(ClubInvite).where(ClubInvite.club_id == club_id),
                         delete(Club).where(Club.id == club_id)):
                db.session.execute(gone.execution_options(synchronize_session=False))
        elif not any(map(organises, remaining)):
            remaining[0].role = ClubRole.ORGANISER
    db.session.flush()


@use_case
def set_rated(member: ClubMember, rated: bool) -> None:
    """The member's choice to show its rating on the club's leaderboard (off until it says so)."""
    member.rated = rated


# -- invites -------------------------------------------------------------------------------------------------

@use_case
def make_invite(organiser: ClubMember) -> NewInvite:
    """A new invite link's secret for the organiser's club, lasting INVITE_LIFETIME; the club's others stay."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    invite = ClubInvite(club_id=organiser.club_id, secret_hash=secret_hash(secret), made_by=organiser.user_id,
                        expires_at=now() + INVITE_LIFETIME)
    db.session.add(invite)
    db.session.flush()
    return NewInvite(invite.id, secret, invite.expires_at)


def invites_of(club_id: int, limit: int = 20) -> list[ClubInvite]:
    """The club's latest invites, live or not, newest first."""
    return list(db.session.scalars(select(ClubInvite).where(ClubInvite.club_id == club_id)
                                   .order_by(ClubInvite.id.desc()).limit(limit)))


def live_invites(club_id: int) -> int:
    """How many of the club's invite links still let someone join (a removed member among them)."""
    return db.session.scalar(select(func.count()).select_from(ClubInvite).where(
        ClubInvite.club_id == club_id, ClubInvite.revoked_at.is_(None), ClubInvite.expires_at > now())) or 0


def is_live(invite: ClubInvite) -> bool:
    """Whether the invite still lets someone join."""
    return invite.revoked_at is None and invite.expires_at > now()


@use_case
def revoke_invite(organiser: ClubMember, invite_id: int) -> None:
    """One of the club's invites stops working (the members who joined with it stay); NotFound for another's."""
    invite = db.session.scalar(select(ClubInvite).where(ClubInvite.id == invite_id,
                                                        ClubInvite.club_id == organiser.club_id))
    if invite is None:
        raise NotFound(invite_id)
    if invite.revoked_at is None:
        invite.revoked_at = now()


def usable_invite(secret: str) -> ClubInvite:
    """The invite of this secret, when it lets one in (BadLink otherwise): asked before a visitor's phone is
    given a guest account to join with, so a wrong link makes no account."""
    if not SECRET.fullmatch(secret):
        raise BadLink(LinkRefusal.UNKNOWN, what="invite")  # no query for what no secret can be
    return usable(db.session.scalar(select(ClubInvite).where(ClubInvite.secret_hash == secret_hash(secret))), "invite")


@use_case
def join_club(user: User, secret: str) -> Club:
    """The account becomes a member of the invite's club (a member already stays as it is); BadLink for a link
    that lets no one in."""
    club = usable_invite(secret).club
    # The same account may join from another phone at the same moment: it joins once.
    insert_once(ClubMember, club_id=club.id, user_id=user.id, role=ClubRole.MEMBER)
    return club



# -- a club's matches ----------------------------------------------------------------------------------------

def club_choices(user: User) -> list[tuple[int, str]]:
    """The clubs the account may file a new match under (every club it is a member of), by name."""
    return [(mine.club.id, mine.club.name) for mine in clubs_of(user)]


def file_under(user: User, club_id: int | None) -> int | None:
    """The club a new match of the account is filed under, checked: the account must be a member (NotFound)."""
    if club_id is None:
        return None
    return membership(user, club_id).club_id


def club_matches(club_id: int, limit: int = 100) -> list[Match]:
    """The club's matches, newest first, finished and not."""
    return list(db.session.scalars(select(Match).where(Match.club_id == club_id)
                                   .order_by(Match.created_at.desc(), Match.id.desc()).limit(limit)))

