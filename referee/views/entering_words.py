"""Who else is entering a hand, in the reader's words: for the entry page drawn now (views/hands.py) and for the
scoreboard's and the entry page's questions in JSON (views/presence.py)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_login import current_user

from ..models import LoginToken, Match
from ..services.presence import Entering, entering_in


def this_login() -> LoginToken | None:
    """This phone: the device login the request came with (referee/services/sessions.py)."""
    return getattr(current_user, "login_token", None)


def entering_now(match: Match) -> list[str]:
    """Who else is entering the next hand of a match the reader may enter, in words, for a page drawn now (the
    entry page, which a phone without scripts sees as it was drawn)."""
    return entering_words(entering_in(match, current_user, this_login()))


def entering_words(seen: list[Entering]) -> list[str]:
    """Each phone entering, in words: the reader's own other phone by its device, another by its name (with its
    device when two of that account's phones are entering), a guest's not named yet by its number in the match."""
    accounts = [s.account for s in seen]
    words = []
    for s in seen:
        if s.own:
            words.append(_("Your other phone (%(device)s) is entering hand %(number)s.", device=s.device,
                           number=s.hand) if s.device else
                         _("Your other phone is entering hand %(number)s.", number=s.hand))
        elif s.name is None and s.number == 1:
            words.append(_("The owner's phone is entering hand %(number)s.", number=s.hand))
        elif s.name is None:
            words.append(_("Phone %(phone)d is entering hand %(number)s.", phone=s.number, number=s.hand))
        elif s.device and accounts.count(s.account) > 1:
            words.append(_("%(name)s's phone (%(device)s) is entering hand %(number)s.", name=s.name,
                           device=s.device, number=s.hand))
        else:
            words.append(_("%(name)s's phone is entering hand %(number)s.", name=s.name, number=s.hand))
    return words
