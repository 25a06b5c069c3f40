"""Scoring a match together: roles, join codes and scorers.

Who may do what is services/roles.py's (Role): the owner (the account that made the match) and its scorers (accounts
that joined with a join code) enter, correct, undo and restore hands alike; managing codes and scorers is the
owner's alone; watching is the spectator link's, which needs no account (services/matches.py).

A join code is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, U), read case-insensitively
and ignoring spaces and dashes, so it can be read aloud and typed on a phone; 30⁸ ≈ 6.6 × 10¹¹ codes, and
guessing is throttled (referee/web/throttling.py). It lasts CODE_LIFETIME, and a match has one live code at a time:
making a new one revokes the old. Only a keyed hash of the code is stored (services/link_secrets.py).

Every phone has a name: a scorer's is who holds it ("Ana"), asked on joining and changeable (rename_phone), else
its account's name; a guest's phone not named yet is the match's phone number N (the owner's is 1, the scorers' 2,
3, … in the order they first joined), so two phones never read alike. Removing a scorer keeps its row, marked
removed: its next request is told it no longer scores the match (Withdrawn), until it joins again with a code
that works, which the removal stops unless the owner says otherwise.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import NAME_LENGTH, JoinCode, Match, Scorer, User, now
from .errors import Forbidden, NotFound
from .inserts import insert_once
from .link_secrets import BadLink, keyed_hash, usable
from .refusals import LinkRefusal
from .roles import Role, role_of
from .unit_of_work import use_case

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
CODE_LIFETIME = timedelta(hours=12)
# Accounts one code lets in: a table's phones and a few more. A code that went further than the table stops there
# (the owner makes a new one), so a leaked or guessed code cannot fill a match with strangers.
MOST_JOINED_BY_CODE = 8
_TYPED = re.compile(r"[\s-]+")
# What may be typed as a code before it is looked at (spaces and dashes between its characters included).
MAX_TYPED = 40


@dataclass(frozen=True)
class NewCode:
    """A code just made: the code itself (shown this once, never stored) and when it stops working."""

    code: str
    expires_at: datetime

    @property
    def spaced(self) -> str:
        """The code as shown and read aloud: two groups of four, 'K7QM-3XPD'."""
        half = len(self.code) // 2
        return f"{self.code[:half]}-{self.code[half:]}"


def normal_code(typed: str) -> str:
    """A typed code as made: capitals, without the spaces and dashes a reader may put in."""
    return _TYPED.sub("", typed[:MAX_TYPED]).upper()


def code_hash(code: str) -> str:
    """What is stored of a code: the keyed hash of the code as made."""
    return keyed_hash(normal_code(code))


@use_case
def make_join_code(match: Match) -> NewCode:
    """A new code for the match, the old one revoked: one live code at a time, so the owner has one to show."""
    revoke_join_codes(match)
    code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    made = JoinCode(match_id=match.id, code_hash=code_hash(code), expires_at=now() + CODE_LIFETIME)
    db.session.add(made)
    db.session.flush()
    return NewCode(code, made.expires_at)


def live_code(match: Match, code: str | None = None) -> JoinCode | None:
    """The match's code that still lets accounts join (the one typed, when given), if any."""
    query = select(JoinCode).where(JoinCode.match_id == match.id, JoinCode.revoked_at.is_(None),
                                   JoinCode.expires_at > now())
    if code is not None:
        query = query.where(JoinCode.code_hash == code_hash(code))
    return db.session.scalar(query.order_by(JoinCode.id.desc()).limit(1))


def live_code_by_id(match: Match, code_id: int) -> bool:
    """Whether the match's code with this id still lets accounts join."""
    live = exists().where(JoinCode.id == code_id, JoinCode.match_id == match.id, JoinCode.revoked_at.is_(None),
                          JoinCode.expires_at > now())
    return bool(db.session.scalar(select(live)))


@use_case
def revoke_join_codes(match: Match) -> int:
    """The match's live codes stop working (the scorers who joined with them stay); how many there were."""
    revoked = db.session.execute(update(JoinCode).where(JoinCode.match_id == match.id, JoinCode.revoked_at.is_(None))
                                 .values(revoked_at=now()).execution_options(synchronize_session=False))
    return int(getattr(revoked, "rowcount", 0) or 0)


def usable_code(typed: str) -> JoinCode:
    """The join code typed, when it lets one in (BadLink otherwise): asked before a visitor's phone is given a
    guest account to join with, so a wrong code makes no account."""
    code = normal_code(typed)
    if len(code) != CODE_LENGTH or set(code) - set(ALPHABET):
        raise BadLink(LinkRefusal.UNKNOWN, what="code")  # no query for what no code can be
    return usable(db.session.scalar(select(JoinCode).where(JoinCode.code_hash == code_hash(code))), "code")


@use_case
def join(user: User, typed: str, name: str = "") -> Match:
    """Make the account a scorer of the match whose code it typed, its phone called `name` when given (its owner
    and its scorers stay as they are, a scorer renamed; a claimant or a removed scorer scores again); BadLink for
    a code that lets no one in."""
    found = usable_code(typed)
    match = found.match
    role = role_of(user, match)
    name = phone_name_typed(name)
    if role is None or not role.opens:
        joined = db.session.scalar(select(func.count()).select_from(Scorer).where(Scorer.join_code_id == found.id))
        if (joined or 0) >= MOST_JOINED_BY_CODE:
            raise BadLink(LinkRefusal.USED_UP, what="code")
        if role is Role.REMOVED:
            db.session.execute(update(Scorer).where(Scorer.match_id == match.id, Scorer.user_id == user.id)
                               .values(removed_at=None, join_code_id=found.id, added_at=now())
                               .execution_options(synchronize_session=False))
        else:
            # The same account may join from another phone at the same moment: it joins once.
            insert_once(Scorer, match_id=match.id, user_id=user.id, join_code_id=found.id)
    if name and role is not Role.OWNER:
        _name_phone(match, user.id, name)
    return match


def phone_name_typed(typed: str) -> str:
    """A phone's name as kept: without surrounding spaces, cut to a name's length."""
    return " ".join(typed.split())[:NAME_LENGTH]


def _name_phone(match: Match, user_id: int, name: str) -> None:
    """The scorer's phone is called `name` from now on; the match takes a new version, as the scoreboards show
    the name (the scorer's "This phone", the trail's), so every phone's copy is stale."""
    db.session.execute(update(Scorer).where(Scorer.match_id == match.id, Scorer.user_id == user_id)
                       .values(name=name).execution_options(synchronize_session=False))
    db.session.execute(update(Match).where(Match.id == match.id).values(version=Match.version + 1))


@dataclass(frozen=True)
class Phone:
    """A scorer's phone as the pages name it: its row (with its account), the name it goes by (the one given,
    else its account's; None for a guest's phone not named yet) and its number in the match (see the module's
    docstring), which names a phone without a name."""

    scorer: Scorer
    name: str | None
    number: int

    @property
    def user_id(self) -> int:
        """The scorer's account's id."""
        return self.scorer.user_id

    @property
    def user(self) -> User:
        """The scorer's account."""
        return self.scorer.user

    @property
    def added_at(self) -> datetime:
        """When it joined (last)."""
        return self.scorer.added_at


FIRST_SCORER = 2  # the owner's phone is the match's first


def phones_of(match: Match) -> list[Phone]:
    """Every phone that joined the match, removed ones too, first joined first, with their accounts (one query)."""
    rows = db.session.scalars(select(Scorer).where(Scorer.match_id == match.id).order_by(Scorer.id)
                              .options(joinedload(Scorer.user)))
    return [Phone(scorer, scorer.name or scorer.user.shown_name, number)
            for number, scorer in enumerate(rows, start=FIRST_SCORER)]


def scorers_of(match: Match) -> list[Phone]:
    """The match's scorers' phones (the removed left out), first joined first, with their accounts (one query)."""
    return sorted((phone for phone in phones_of(match) if phone.scorer.removed_at is None),
                  key=lambda phone: (phone.scorer.added_at, phone.scorer.id))


def scorer_phone(match: Match, user_id: int) -> Phone:
    """One scorer's phone (NotFound for an account that does not score the match)."""
    phone = next((phone for phone in scorers_of(match) if phone.user_id == user_id), None)
    if phone is None:
        raise NotFound(user_id)
    return phone


@use_case
def rename_phone(user: User, match: Match, user_id: int, name: str) -> None:
    """The scorer's phone is called `name` from now on: renamed by the scorer itself or by the match's owner
    (Forbidden for another scorer; NotFound for an account that does not score the match)."""
    if user.id not in (user_id, match.user_id):
        raise Forbidden(match.id)
    scorer_phone(match, user_id)
    typed = phone_name_typed(name)
    if typed:
        _name_phone(match, user_id, typed)


@use_case
def leave(user: User, match: Match) -> None:
    """The account stops scoring another's match (the owner cannot leave its own: Forbidden); its row goes, so
    it is no removed scorer."""
    if match.user_id == user.id:
        raise Forbidden(match.id)
    scorer = db.session.scalar(select(Scorer).where(Scorer.match_id == match.id, Scorer.user_id == user.id))
    if scorer is None:
        raise NotFound(user.id)
    db.session.delete(scorer)


@use_case
def remove_scorer(match: Match, user_id: int, stop_code: bool = False) -> None:
    """The owner removes the scorer: its next request for the match is told it no longer scores it (Withdrawn).
    With `stop_code`, the match's join code stops too, so the removed phone cannot join again with it (the
    other scorers stay). NotFound if it was no scorer."""
    scorer = db.session.scalar(select(Scorer).where(Scorer.match_id == match.id, Scorer.user_id == user_id,
                                                    Scorer.removed_at.is_(None)))
    if scorer is None:
        raise NotFound(user_id)
    scorer.removed_at = now()
    if stop_code:
        revoke_join_codes(match)
