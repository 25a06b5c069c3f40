"""Logging a browser in as a new guest: the one way a phone gets an account without a name or password. The guest
is made by a service's use case, with its device login (and, joining, its place in a match or a club); the
browser is logged in as it here, once the use case is done."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..models import User
from ..services.guests import start_guest
from ..services.sessions import Device
from ..web.auth import signed_in, this_device

Joined = TypeVar("Joined")


def as_new_guest(join: Callable[[Device], tuple[User, Joined]]) -> Joined:
    """Run a use case that makes a guest on this device with a remembered login (the guest has no other way back
    in), and log this browser in as it; what the use case joined (a match, a club).

    For a view that answers a POST checked for CSRF and throttled per address (referee/web/throttling.py),
    reached by someone not logged in: it logs out nobody first.
    """
    device = this_device(remember=True)
    guest, joined = join(device)
    signed_in(guest, device)
    return joined


def start_guest_session() -> User:
    """Make a new guest account and log this browser in as it (referee/services/guests.py: start_guest)."""
    return as_new_guest(lambda device: (guest := start_guest(device), guest))
