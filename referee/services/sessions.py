"""Device logins: a random token per device, stored hashed, that the session and the remember cookie carry.

Deleting a token's row ends that device's login at once, cookies and all: logout deletes
this device's, "log out everywhere" and a password change delete them all. A token
expires when unused for its lifetime (90 days with "stay logged in", 12 hours without:
referee/config.py); each use, written at most every few minutes, pushes that back.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, delete, select, update
from ua_parser import parse as parse_user_agent

from ..extensions import db
from ..models import DEVICE_LENGTH, LoginToken, User, now
from .unit_of_work import use_case

# token_urlsafe(32) gives 43 characters; anything else in a cookie is not one of ours.
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
_USER_AGENT_BOUND = 512
# Every request of a logged-in device runs this: built once, its SQL compiled once and found in SQLAlchemy's cache
# by the statement's own memoised key, where building it anew (with a joined eager load) cost two thirds of it.
_LIVE_LOGIN = (select(LoginToken, User).join(LoginToken.user)
               .where(LoginToken.secret_hash == bindparam("digest"), LoginToken.expires_at > bindparam("moment")))


class SessionEnded(LookupError):
    """The device's login was ended (its token deleted) while a request of that device ran."""


@dataclass(frozen=True)
class Lifetimes:
    """How long an unused login lasts, with and without "stay logged in", and how often a use is written."""

    remember: timedelta
    session: timedelta
    touch: timedelta

    def of(self, token: LoginToken) -> timedelta:
        """The lifetime of this token's kind."""
        return self.remember if token.remember else self.session


@dataclass(frozen=True)
class Device:
    """The device a login is started on: whether it stays logged in, what it calls itself, and the lifetimes."""

    remember: bool
    user_agent: str
    lifetimes: Lifetimes


def _digest(secret: str) -> str:
    """What is stored of a secret: its SHA-256 (256 random bits need no slow hash)."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def describe_device(user_agent: str) -> str:
    """A short name for the device a login came from: 'Firefox, Android', or '' when unknown."""
    result = parse_user_agent(user_agent[:_USER_AGENT_BOUND])
    parts = [part.family for part in (result.user_agent, result.os) if part is not None and part.family != "Other"]
    return ", ".join(parts)[:DEVICE_LENGTH]


def _attach(user: User, token: LoginToken, secret: str) -> User:
    """Let Flask-Login's get_id answer this device's secret for the rest of the request."""
    user.login_token = token
    user.login_secret = secret
    return user


@use_case
def start_session(user: User, device: Device) -> User:
    """A new token for this device (expired ones, anyone's, are cleared on the way); the user, logged in with it."""
    moment = now()
    db.session.execute(delete(LoginToken).where(LoginToken.expires_at <= moment))
    secret = secrets.token_urlsafe(32)
    token = LoginToken(user=user, secret_hash=_digest(secret), remember=device.remember,
                       device=describe_device(device.user_agent), created_at=moment, last_used_at=moment)
    token.expires_at = moment + device.lifetimes.of(token)
    db.session.add(token)
    return _attach(user, token, secret)


def load_session(secret: str) -> User | None:
    """The account a device's secret logs in, while its token lives; None for a revoked, expired or foreign one."""
    if not _SECRET.fullmatch(secret):
        return None
    found = db.session.execute(_LIVE_LOGIN, {"digest": _digest(secret), "moment": now()}).first()
    if found is None:
        return None
    token, user = found
    return _attach(user, token, secret)


def touch_session(token: LoginToken, lifetimes: Lifetimes, moment: datetime | None = None) -> bool:
    """Note a use of the token and push its expiry back, at most once per touch interval; True when written.

    SessionEnded when the token was deleted after this request loaded it.
    """
    moment = moment or now()
    if moment - token.last_used_at < lifetimes.touch:
        return False
    # Its own short transaction, a plain UPDATE: the request's session is neither committed nor expired by
    # it, and a row deleted meanwhile (another device chose "log out everywhere") is no ORM error.
    with db.engine.begin() as connection:
        written = connection.execute(update(LoginToken).where(LoginToken.id == token.id)
                                     .values(last_used_at=moment, expires_at=moment + lifetimes.of(token)))
    if not written.rowcount:
        raise SessionEnded
    return True


@use_case
def end_session(token: LoginToken) -> None:
    """Log this one device out."""
    db.session.execute(delete(LoginToken).where(LoginToken.id == token.id))


@use_case
def end_sessions(user: User, keep: LoginToken | None = None) -> int:
    """Log the account out on every device (but `keep`, if given); how many were logged out."""
    statement = delete(LoginToken).where(LoginToken.user_id == user.id)
    if keep is not None:
        statement = statement.where(LoginToken.id != keep.id)
    count = cast("CursorResult[Any]", db.session.execute(statement)).rowcount  # a DELETE's result is a CursorResult
    return count or 0


def session_of(user: User, token_id: int) -> LoginToken | None:
    """One of the account's device logins, by id (another account's is None)."""
    return db.session.scalar(select(LoginToken).where(LoginToken.id == token_id, LoginToken.user_id == user.id))


def sessions_of(user: User) -> list[LoginToken]:
    """The account's live device logins, the most recently used first."""
    return list(db.session.scalars(select(LoginToken).where(LoginToken.user_id == user.id,
                                                            LoginToken.expires_at > now())
                                   .order_by(LoginToken.last_used_at.desc(), LoginToken.id.desc())))
