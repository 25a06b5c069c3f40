"""Personal access tokens: a random secret per program, stored hashed, sent as ``Authorization: Bearer``.

A token lives until it is revoked: on the account page, with ``DELETE /api/v1/tokens/{id}``, or all at once
when the password changes or the account is deleted (a password change means the old secret may be out;
the tokens made with it go with it, as the device logins do). An account holds at most MOST_TOKENS of them:
each is a key someone must keep track of, and each is a limit of its own (API_TOKEN_LIMIT), so an account
with any number of them would have no limit at all.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, func, select, update

from ..database_faults import skipped_when_unavailable
from ..extensions import db
from ..models import ApiToken, User, now
from .unit_of_work import use_case

# token_urlsafe(32) gives 43 characters; anything else is not one of ours and is not looked up.
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
# A use is written at most this often: a program polling every second does not write every second.
_TOUCH = timedelta(minutes=5)
# Live tokens an account may hold at once: a club's sheets, bots and apps, with room to spare.
MOST_TOKENS = 20


class TooManyTokens(Exception):
    """The account already holds MOST_TOKENS tokens: one must be revoked before another is made."""


def digest(secret: str) -> str:
    """What is stored of a secret: its SHA-256 (256 random bits need no slow hash)."""
    return hashlib.sha256(secret.encode("ascii", "replace")).hexdigest()


def well_formed(secret: str) -> bool:
    """True when the text has the shape of a secret this app makes."""
    return _SECRET.fullmatch(secret) is not None


@use_case
def create_token(user: User, name: str) -> tuple[ApiToken, str]:
    """A new token for the account, and its secret (shown once: only its hash is kept); TooManyTokens when the
    account already holds MOST_TOKENS."""
    # Counted after the token is added, with the account's row held (PostgreSQL; SQLite lets one write at a
    # time): two tokens made at once cannot both see room for one more.
    account = user.id
    db.session.execute(select(User.id).where(User.id == account).with_for_update())
    secret = secrets.token_urlsafe(32)
    token = ApiToken(user=user, name=name.strip(), secret_hash=digest(secret), created_at=now())
    db.session.add(token)
    db.session.flush()
    if token_count(user) > MOST_TOKENS:
        raise TooManyTokens(account)
    return token, secret


def token_count(user: User) -> int:
    """How many live tokens the account holds."""
    return db.session.scalar(select(func.count(ApiToken.id)).where(ApiToken.user_id == user.id)) or 0


def token_of(secret: str) -> ApiToken | None:
    """The live token with this secret, its last use noted (at most every few minutes); None for any other."""
    if not well_formed(secret):
        return None
    token = db.session.scalar(select(ApiToken).where(ApiToken.secret_hash == digest(secret)))
    if token is None:
        return None
    moment = now()
    if token.last_used_at is None or moment - token.last_used_at >= _TOUCH:
        # Its own short transaction: the request's session is neither committed nor expired by it. A request that
        # only reads still answers while the database cannot write (the use is noted later).
        with skipped_when_unavailable("noting a token's use"), db.engine.begin() as connection:
            connection.execute(update(ApiToken).where(ApiToken.id == token.id).values(last_used_at=moment))
            token.last_used_at = moment
    return token


def tokens_of(user: User) -> list[ApiToken]:
    """The account's tokens, the newest first."""
    return list(db.session.scalars(select(ApiToken).where(ApiToken.user_id == user.id)
                                   .order_by(ApiToken.id.desc())))


@use_case
def revoke_token(user: User, token_id: int) -> bool:
    """Revoke one of the account's tokens; False when it has none of this id (another account's included)."""
    deleted = db.session.execute(delete(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user.id))
    count = cast("CursorResult[Any]", deleted).rowcount  # a DELETE's result is a CursorResult
    return bool(count)


@use_case
def revoke_tokens(user: User) -> int:
    """Revoke every token of the account; how many there were."""
    deleted = db.session.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
    count = cast("CursorResult[Any]", deleted).rowcount  # a DELETE's result is a CursorResult
    return count or 0
