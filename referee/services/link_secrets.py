"""Secrets handed out to let someone in: a match's join codes (services/sharing.py) and a club's invite links
(services/clubs.py).

Only a keyed hash of a secret is stored: its HMAC-SHA256 under the app's secret key, so a copy of the database
shows no secret and lets no one find one by trying them all. Each kind hashes under a purpose of its own, so no
join code's hash can ever equal an invite's. A secret lets no one in when it was never made, was revoked or has
expired, and the pages and the API say which (BadLink's reason, a LinkRefusal).
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from typing import Literal, Protocol, TypeVar

from flask import current_app

from ..models import now
from .errors import Conflict
from .refusals import LinkRefusal

Link = Literal["code", "invite"]  # a match's join code, a club's invite link


class BadLink(Conflict):
    """A code or an invite link that lets no one in: its reason a LinkRefusal, `what` it is ('code' or 'invite')."""

    def __init__(self, reason: LinkRefusal, what: Link) -> None:
        super().__init__(reason, what=what)
        self.what = what


class Revocable(Protocol):
    """A stored secret's row: when it stops working, and when it was stopped by hand."""

    @property
    def expires_at(self) -> datetime: ...

    @property
    def revoked_at(self) -> datetime | None: ...


Row = TypeVar("Row", bound=Revocable)


def keyed_hash(secret: str, purpose: str = "") -> str:
    """What is stored of a secret: the HMAC-SHA256 of the purpose and the secret under the app's secret key, in
    hex (join codes have the empty purpose, as they were first stored; live codes keep working)."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, (purpose + secret).encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def usable(found: Row | None, what: Link) -> Row:
    """The row found by a secret's hash when it still lets someone in; BadLink saying why not otherwise."""
    if found is None:
        raise BadLink(LinkRefusal.UNKNOWN, what=what)
    if found.revoked_at is not None:
        raise BadLink(LinkRefusal.REVOKED, what=what)
    if found.expires_at <= now():
        raise BadLink(LinkRefusal.EXPIRED, what=what)
    return found
