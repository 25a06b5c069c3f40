"""Roles: what an account is in a match and in a club, each written once and asked in SQL, for one match or club
or for many in the same query. Every lookup of the services stands on these: a match's pages and API
(services/matches.py: get_match), joining with a code (services/sharing.py), the lists that link a match's
scoreboard (a club's matches, a tournament's tables, My record), a club's and a tournament's pages
(services/clubs.py: membership; services/tournaments.py).

In a match (Role): the OWNER made it; a SCORER joined it with a code and still scores it; a scorer the owner
REMOVED scores it no more (its requests are answered in words: services/matches.py, Withdrawn); a CLAIMANT holds a
confirmed seat in it (services/claims.py) and scores it no more. A pending claim is no role. The owner and its
scorers open the match (Role.opens: its scoreboard, hands, trail, draw, exports, rules card, rematch, claiming a
seat, and the same in the API); managing its spectator link, join codes, scorers and claims is the owner's alone
(Role.manages); stopping scoring is a scorer's (Role.leaves). A claimant opens nothing of the match: it is in the
claimant's My record, where the seat is given up, and joining again with a code makes it a scorer again. An
account with no role gets NotFound, as for a match that does not exist.

In a club (ClubRole): an ORGANISER runs it (ClubRole.organises: invites, organisers, removing members, its house
rules, its tournaments); a MEMBER sees it and files its matches under it. An account with no membership gets
NotFound for everything of the club.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeAlias

from sqlalchemy import BindParameter, ColumnElement, SQLColumnExpression, and_, case, exists, or_, select

from ..extensions import db
from ..models import ClubMember, Match, Scorer, SeatClaim, User

# An account's id, or a parameter standing for it in a statement built once.
Account: TypeAlias = int | BindParameter[int]
# A club's id, or a column naming one (a tournament's club).
Club: TypeAlias = int | SQLColumnExpression[int] | SQLColumnExpression[int | None]


class Role(enum.StrEnum):
    """What an account is in a match (the module's docstring says what each may do)."""

    OWNER = "owner"  # made it
    SCORER = "scorer"  # joined with a code, and scores it still
    REMOVED = "removed"  # joined with a code, and the owner removed it: told so, until it joins again
    CLAIMANT = "claimant"  # holds a confirmed seat, and scores it no more

    @property
    def opens(self) -> bool:
        """The match's pages and API open to it: the owner's and its scorers'."""
        return self in (Role.OWNER, Role.SCORER)

    @property
    def manages(self) -> bool:
        """It manages the match's spectator link, join codes, scorers and claims: the owner alone."""
        return self is Role.OWNER

    @property
    def leaves(self) -> bool:
        """It may stop scoring the match: a scorer (the owner cannot leave its own)."""
        return self is Role.SCORER


def owns(account: Account) -> ColumnElement[bool]:
    """A condition on Match: the account made it."""
    return Match.user_id == account


def scores(account: Account) -> ColumnElement[bool]:
    """A condition on Match: the account scores it (an IN over the account's own scorer rows, not a probe per match:
    a list of matches reads the index of the account's matches and of its scorer rows, as an OR of the two)."""
    return Match.id.in_(select(Scorer.match_id).where(Scorer.user_id == account, Scorer.removed_at.is_(None)))


def was_removed(account: Account) -> ColumnElement[bool]:
    """A condition on Match: the owner removed the account from its scorers (and it has not joined again)."""
    return Match.id.in_(select(Scorer.match_id).where(Scorer.user_id == account, Scorer.removed_at.is_not(None)))


def holds_seat(account: Account) -> ColumnElement[bool]:
    """A condition on Match: the account holds a confirmed seat in it."""
    return Match.id.in_(select(SeatClaim.match_id).where(SeatClaim.user_id == account,
                                                         SeatClaim.confirmed_at.is_not(None)))


def opens(account: Account) -> ColumnElement[bool]:
    """A condition on Match: the account's role opens it (Role.opens), for the lists of the account's matches."""
    return or_(owns(account), scores(account))


def match_role(account: Account) -> ColumnElement[str | None]:
    """A column of Match: the account's role in it (a Role's value), NULL for none."""
    return case((owns(account), Role.OWNER.value), (scores(account), Role.SCORER.value),
                (was_removed(account), Role.REMOVED.value), (holds_seat(account), Role.CLAIMANT.value), else_=None)


def roles_in(user: User, match_ids: Iterable[int]) -> dict[int, Role]:
    """The account's role in each of these matches it has one in, by match id, in one query whatever their number."""
    ids = sorted(set(match_ids))
    if not ids:
        return {}
    rows = db.session.execute(select(Match.id, match_role(user.id)).where(Match.id.in_(ids)))
    return {match_id: Role(role) for match_id, role in rows if role is not None}


def role_of(user: User, match: Match) -> Role | None:
    """The account's role in the match, or None when it has none."""
    return roles_in(user, [match.id]).get(match.id)


def opened_by(user: User, match_ids: Iterable[int]) -> set[int]:
    """Which of these matches the account's role opens (their scoreboards link; the others' spectator pages do)."""
    return {match_id for match_id, role in roles_in(user, match_ids).items() if role.opens}


class ClubRole(enum.StrEnum):
    """What a member is in its club (the module's docstring says what each may do)."""

    ORGANISER = "organiser"
    MEMBER = "member"

    @property
    def organises(self) -> bool:
        """It runs the club: invites, organisers, removing members, house rules, tournaments."""
        return self is ClubRole.ORGANISER


def in_club(account: Account, club_id: Club) -> ColumnElement[bool]:
    """A condition on ClubMember: the account's membership of the club (a club's id, or a column naming one)."""
    return and_(ClubMember.club_id == club_id, ClubMember.user_id == account)


def club_role(account: Account, club_id: Club) -> ColumnElement[str | None]:
    """A column: the account's role in the club (a ClubRole's value), NULL for no membership."""
    return select(ClubMember.role).where(in_club(account, club_id)).scalar_subquery()


def belongs(account: Account, club_id: Club) -> ColumnElement[bool]:
    """A condition: the account is a member of the club, an organiser or not."""
    return exists().where(in_club(account, club_id))


def organises(member: ClubMember) -> bool:
    """Whether the membership is an organiser's."""
    return ClubRole(member.role).organises
