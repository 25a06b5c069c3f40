"""Logging a browser in as a new guest: the one way a phone gets an account without a name or password."""

from __future__ import annotations

from ..auth import log_in
from ..models import User
from ..services.guests import create_guest


def start_guest_session() -> User:
    """Make a new guest account (referee/services/guests.py: create_guest) and log this browser in as it, with a
    remembered device login (the guest has no other way back in); the guest, committed with its login.

    For a view that answers a POST checked for CSRF and throttled per address (referee/throttling.py:
    throttle_guests), reached by someone not logged in: it logs out nobody first.
    """
    user = create_guest()
    log_in(user, remember=True)
    return user
