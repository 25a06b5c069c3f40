"""What a service can refuse, for a view to turn into a 404 or a conflict page."""

from __future__ import annotations

from .refusals import Refusal


class NotFound(LookupError):
    """No such thing for this account (another account's match looks the same as none)."""


class Gone(LookupError):
    """A thing that existed and was withdrawn on purpose (a replaced spectator link): 410, not 404."""


class Conflict(RuntimeError):
    """What the game or the data forbids now (the match changed since the form was opened, a name taken, a round
    still open): its typed reason (services/refusals.py) and the params its words name (views/refusal_words.py)."""

    def __init__(self, reason: Refusal, **params: object) -> None:
        super().__init__(reason.value)
        self.reason = reason  # MatchRefusal.STALE, MatchRefusal.FINISHED (no hand after the winner), …
        self.params = params


class Withdrawn(Conflict):
    """The account's place in a match was taken away on purpose (the owner removed it from the scorers): 403 with
    the refusal's words, not the 404 of a match that does not exist, so the phone is told why it can no longer
    score."""


class Forbidden(PermissionError):
    """The account has a role in the match, but not one that may do this (a scorer managing the match's
    scorers, say): 403, not 404, since the match is no secret to it."""
