"""Accounts and their rosters of player names."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from ..auth import hash_password, password_matches
from ..extensions import db
from ..models import RosterName, User


def register_user(username: str, password: str) -> User:
    """A new account; the caller has checked the name is free."""
    user = User(username=username.strip(), password_hash=hash_password(password))
    db.session.add(user)
    db.session.commit()
    return user


def authenticate(username: str, password: str) -> User | None:
    """The account with this name and password, or None."""
    user = db.session.scalar(select(User).where(User.username == username.strip()))
    return user if user is not None and password_matches(user, password) else None


def username_taken(username: str) -> bool:
    """True when an account already has this name."""
    return db.session.scalar(select(User.id).where(User.username == username.strip())) is not None


def add_to_roster(user: User, names: Iterable[str]) -> None:
    """Remember player names for the next new match (no commit: part of the caller's transaction)."""
    known = {entry.name for entry in user.roster}
    for name in names:
        if name not in known:
            user.roster.append(RosterName(name=name))
            known.add(name)


def remove_from_roster(user: User, name: str) -> None:
    """Forget a player name."""
    for entry in list(user.roster):
        if entry.name == name:
            user.roster.remove(entry)
    db.session.commit()
