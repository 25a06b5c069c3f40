"""Guest accounts: a phone that starts a match without an account gets one of its own, with no name or password.

A guest is a full account (matches, players, history, exports, backups, API tokens) that only its device login
and its API tokens reach: its username is a placeholder no form accepts ('guest:' and 128 random bits in hex,
and the register form refuses ':'), its password hash '!' (no password matches it, no hashing method writes it),
and logins never look it up by name (referee/services/accounts.py: find_account). "Keep my matches" names it in
the same row, so every match, player, hand, trail event, rating, login and token stays as it is.

A guest is *idle* after N days when it was made more than N days ago and none of its device logins nor API tokens
was used in the last N days. A login's use is what moves its ``last_used_at`` (any page of the app, written at
most every 5 minutes: referee/services/sessions.py), a token's the API requests made with it. A login that
ended (logged out, or expired and cleared) counts as unused: a guest has no password, so nothing can use it
again.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import Select, exists, select
from sqlalchemy.exc import IntegrityError

from ..credentials import hash_password, normalize_username, username_key
from ..extensions import db
from ..models import ApiToken, Club, LoginToken, Match, User, now
from .accounts import UsernameTaken, remove_accounts
from .clubs import join_club, usable_invite
from .sessions import Device, start_session
from .sharing import join, usable_code
from .unit_of_work import use_case

GUEST_NAME_PREFIX = "guest:"  # ':' is in no name the register form accepts
NO_PASSWORD = "!"  # no password matches it: werkzeug reads no hashing method in it
_BATCH = 500  # ids per removal: far below any database's limit on a statement's parameters


class NotAGuest(ValueError):
    """The account already has a name: there is nothing to keep."""


@use_case
def start_guest(device: Device) -> User:
    """A new guest account logged in on this device: the account and its login are one transaction, so a guest is
    never kept without the login that reaches it."""
    return start_session(create_guest(), device)


@use_case
def join_match_as_guest(typed: str, device: Device, name: str = "") -> tuple[User, Match]:
    """A visitor's phone joins a match with the code it typed (called `name`, when given), as a new guest account
    logged in on it: the guest, its login and its joining are one transaction. BadLink for a code that lets no one
    in (no guest is made)."""
    usable_code(typed)
    guest = start_guest(device)
    return guest, join(guest, typed, name)


@use_case
def join_club_as_guest(secret: str, device: Device) -> tuple[User, Club]:
    """A visitor's phone joins a club by the invite's link, as a new guest account logged in on it: the guest,
    its login and its membership are one transaction. BadLink for a link that lets no one in (no guest is made)."""
    usable_invite(secret)
    guest = start_guest(device)
    return guest, join_club(guest, secret)


def create_guest() -> User:
    """A new guest account, added to the use case that makes it (start_guest, or a join that makes a guest)."""
    name = GUEST_NAME_PREFIX + secrets.token_hex(16)
    user = User(username=name, username_key=username_key(name), password_hash=NO_PASSWORD, guest=True)
    db.session.add(user)
    db.session.flush()
    return user


@use_case
def keep_matches(user: User, username: str, password: str) -> User:
    """Turn the guest into a named account with this name and password, in the same row: everything it owns
    stays as it is, and its logins and tokens go on working. UsernameTaken if another account got the name
    meanwhile (the caller has checked it), NotAGuest for a named account."""
    if not user.guest:
        raise NotAGuest(user.id)
    name = normalize_username(username)
    user.username, user.username_key = name, username_key(name)
    user.password_hash = hash_password(password)
    user.guest = False
    try:
        db.session.flush()
    except IntegrityError as error:
        raise UsernameTaken(name) from error
    return user


def idle_guests(days: int, moment: datetime | None = None) -> Select[int]:
    """The ids of the guests idle for `days` days at `moment` (now by default): see the module's docstring."""
    since = (moment or now()) - timedelta(days=days)
    login_used = exists().where(LoginToken.user_id == User.id, LoginToken.last_used_at >= since)
    token_used = exists().where(ApiToken.user_id == User.id, ApiToken.last_used_at >= since)
    return select(User.id).where(User.guest.is_(True), User.created_at < since, ~login_used, ~token_used)


@use_case
def remove_idle_guests(days: int, moment: datetime | None = None) -> int:
    """Remove the guests idle for `days` days, with everything they own, in one transaction; how many.

    The idle are picked once, then removed by id: a guest used in between goes whole, never half. Each removal
    asks again that the account is a guest, with its rows held (PostgreSQL; SQLite holds the whole database once
    it writes): one that "Keep my matches" named meanwhile stays, with everything it holds."""
    ids = list(db.session.scalars(idle_guests(days, moment)))
    removed = 0
    for start in range(0, len(ids), _BATCH):
        still = select(User.id).where(User.id.in_(ids[start:start + _BATCH]), User.guest.is_(True))
        removed += len(db.session.scalars(still.with_for_update()).all())
        remove_accounts(still)
    return removed
