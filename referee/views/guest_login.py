"""Logging a browser in as a new guest: the one way a phone gets an account without a name or password."""

from __future__ import annotations

from ..models import User
from ..services.guests import start_guest
from ..web.auth import signed_in, this_device


def start_guest_session() -> User:
    """Make a new guest account and log this browser in as it, with a remembered device login (the guest has no
    other way back in): one use case (referee/services/guests.py: start_guest).

    For a view that answers a POST checked for CSRF and throttled per address (referee/web/throttling.py:
    throttle_guests), reached by someone not logged in: it logs out nobody first.
    """
    device = this_device(remember=True)
    user = start_guest(device)
    signed_in(user, device)
    return user
