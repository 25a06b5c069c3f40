"""Why a service refuses: one typed value per reason, an enum per area (cosmicpython's named refusal, InvalidSku).

A service raises ``Conflict(MatchRefusal.STALE)`` (services/errors.py), with what the words name as keyword
params (``number=3``); views/refusal_words.py words every member once, for the pages and the API alike, and a
test fails for a member without words in every language or a refusal raised that is no member
(tests/web/test_refusal_words.py). A member's value is its stable code: what the services' docstrings and the logs
name it by.
"""

from __future__ import annotations

from enum import Enum


class Refusal(Enum):
    """A reason a service refuses: each area's enum below is one (an enum with members cannot be subclassed, so
    this one has none)."""


class MatchRefusal(Refusal):
    """A match's hands, draw, trail and rematch (services/hands.py, draws.py, trail.py, matches.py)."""

    STALE = "stale"  # the page is older than the match: another phone changed it meanwhile
    HAND_EXISTS = "hand_exists"  # number=: a hand saved under the number this entry was typed as
    FINISHED = "finished"  # no hand after the winner (a correction may reopen the match)
    RESEND_DIFFERS = "resend_differs"  # number=: a resend whose entry differs from the hand saved under its token
    UNDONE = "undone"  # number=: a resend of a hand taken back since
    NOT_NEXT = "not_next"  # number=, next=: a hand taken back that no longer follows the hands there are
    NOT_REVERTABLE = "not_revertable"  # number=: the hand is no longer the one that correction changed
    DRAWN_MEANWHILE = "drawn_meanwhile"  # another phone drew this round of the draw for dealer first
    TOURNAMENT = "tournament"  # a tournament's match has no rematch
    SETTLED = "settled"  # number=: a tournament's table whose round (that number) is closed: its hands no longer change
    DECIDED = "decided"  # home=, away=: a tournament's table whose result the organiser recorded by hand
    # The other sides confirm each hand (services/confirmations.py):
    WAITING = "waiting"  # number=: the hands waiting would end the match: that one is confirmed first
    NOT_WAITING = "not_waiting"  # number=: the hand counts already (confirmed, agreed or decided)
    OWN_SIDE = "own_side"  # number=: this phone's side entered that version: another side confirms it
    CHANGED = "changed"  # number=: the version confirmed or picked changed since the page showed it


class ClaimRefusal(Refusal):
    """A seat claimed by an account (services/claims.py)."""

    ONE_SEAT_EACH = "one_seat_each"
    NO_PLAYER = "no_player"
    SEAT_TAKEN = "seat_taken"


class ScorerRefusal(Refusal):
    """A match's scorers (services/sharing.py; raised as Withdrawn by services/matches.py)."""

    REMOVED = "removed"  # the owner removed the account from the match's scorers: the match opens to it no more


class PlayerRefusal(Refusal):
    """The account's players renamed and merged (services/players.py)."""

    PLAYER_EXISTS = "player_exists"  # name=, player_id=
    SAME_PLAYER = "same_player"
    CLAIMED_BY_TWO = "claimed_by_two"  # kept=, merged=: their names


class ProfileRefusal(Refusal):
    """House rules of an account or a club (services/profiles.py, club_profiles.py)."""

    NAME_TAKEN = "name_taken"  # name=
    LOCKED = "locked"  # name=: a match was started from it, so its rules stay


class ClubRefusal(Refusal):
    """A club's members (services/clubs.py)."""

    YOURSELF = "yourself"  # removing oneself is leaving
    LAST_ORGANISER = "last_organiser"


class LinkRefusal(Refusal):
    """A join code or a club's invite link that lets no one in (services/link_secrets.py, sharing.py, clubs.py):
    raised as BadLink with what=: 'code' or 'invite', which the words name."""

    UNKNOWN = "unknown"  # never made, or mistyped
    EXPIRED = "expired"
    REVOKED = "revoked"
    USED_UP = "used_up"  # a join code that let in as many accounts as one may


class ImportRefusal(Refusal):
    """A backup restored into an account (services/backup.py, import_slots.py)."""

    IMPORTED_MEANWHILE = "imported_meanwhile"
    ACCOUNT_BUSY = "account"  # another import of the account runs
    SERVER_BUSY = "server"  # the server runs as many imports as it takes


class TournamentRefusal(Refusal):
    """A club's tournaments, their rounds, results and board (services/tournaments.py, tournament_rounds.py,
    tournament_board.py)."""

    NAME = "name"
    ENTRANTS = "entrants"  # count=, most=
    ROUNDS = "rounds"  # most=: a Swiss event's
    PLAYERS = "players"  # size=: players per entrant
    TWICE = "twice"  # name=
    NAME_NEEDED = "name_needed"
    NOT_MEMBER = "not_member"  # user_id=
    MINUTES = "minutes"  # most=: the board's round length
    FINISHED = "finished"  # every round is played
    ROUND_OPEN = "round_open"  # number=, tables=: the current round's tables without a result
    ROUND_STARTED = "round_started"  # number=: another organiser's phone started it a moment before
    NO_ROUND = "no_round"
    UNFINISHED = "unfinished"  # tables=
    BYE = "bye"
    POINTS = "points"  # most=
    REASON = "reason"
    DRAW = "draw"  # a knockout table needs a winner
    BRACKET_MOVED = "bracket_moved"  # a later knockout round was paired from the other winner
    BRACKET_BROKEN = "bracket_broken"  # a knockout round missing tables (a start an older version interrupted)
