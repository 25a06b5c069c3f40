"""Why a service refused, in the reader's words: every refusal (services/refusals.py) worded once, the one sentence a
page and the API both say. A page may put more around it (the hand conflict page's comparison and buttons, a
restore's offer to enter the hand anew); the API answers it as its error's message, naming the field it is about.

Every member has words here, and nothing else does: no catch-all. tests/web/test_refusal_words.py fails for a
member without words in English, Español and Português (Brasil), and for a refusal raised anywhere in the package
that is no member.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..services.errors import Conflict
from ..services.refusals import (
    ClaimRefusal,
    ClubRefusal,
    ImportRefusal,
    LinkRefusal,
    MatchRefusal,
    PlayerRefusal,
    ProfileRefusal,
    Refusal,
    ScorerRefusal,
    TournamentRefusal,
)

Params = Mapping[str, Any]
Words = Callable[[Params], str]


def tables_words(params: Params) -> str:
    """The table numbers a refusal names, as a list to read."""
    return ", ".join(str(number) for number in params["tables"])


WORDS: dict[Refusal, Words] = {
    # A match's hands, draw, trail and rematch
    MatchRefusal.STALE: lambda p: _(
        "The match changed on another phone meanwhile: check the scoreboard and try again."),
    MatchRefusal.HAND_EXISTS: lambda p: _(
        "Hand %(number)s was already saved from another phone. This entry was not saved.", number=p["number"]),
    MatchRefusal.FINISHED: lambda p: _("This match is over: correct a hand, or start a rematch."),
    MatchRefusal.RESEND_DIFFERS: lambda p: _(
        "Hand %(number)s was already saved when this entry was first sent, and what was sent again differs from it: "
        "it was not saved.", number=p["number"]),
    MatchRefusal.UNDONE: lambda p: _(
        "Hand %(number)s was taken back after it was saved, so it was not saved again.", number=p["number"]),
    MatchRefusal.NOT_NEXT: lambda p: _(
        "Hand %(number)s cannot come back as it was: another hand was saved or restored since it was taken back, so "
        "the next hand is now hand %(next)s.", number=p["number"], next=p["next"]),
    MatchRefusal.NOT_REVERTABLE: lambda p: _(
        "Hand %(number)s is no longer the hand that correction changed, or has its entry from before already: "
        "nothing was changed.", number=p["number"]),
    MatchRefusal.DRAWN_MEANWHILE: lambda p: _("Another phone drew this round meanwhile: nothing was drawn."),
    MatchRefusal.TOURNAMENT: lambda p: _(
        "A tournament's match has no rematch: the tournament pairs the next round."),
    MatchRefusal.SETTLED: lambda p: _(
        "Round %(number)s is closed, so this table's hands can no longer change. Only the tournament's organiser can "
        "change its result, by hand.", number=p["number"]),
    MatchRefusal.DECIDED: lambda p: _(
        "The tournament's organiser recorded this table's result, %(home)s – %(away)s, so its hands can no longer "
        "change. Only the organiser can change the result, by hand.", home=p["home"], away=p["away"]),
    MatchRefusal.WAITING: lambda p: _(
        "Hand %(number)s still waits for the other side, and the match ends if it counts: confirm it (or agree on "
        "it) before the next hand.", number=p["number"]),
    MatchRefusal.NOT_WAITING: lambda p: _(
        "Hand %(number)s counts already: nothing was changed.", number=p["number"]),
    MatchRefusal.OWN_SIDE: lambda p: _(
        "Your side entered this version of hand %(number)s: another side confirms it.", number=p["number"]),
    MatchRefusal.CHANGED: lambda p: _(
        "Hand %(number)s changed on another phone since this page showed it: look at it again before confirming.",
        number=p["number"]),
    # A seat claimed
    ClaimRefusal.ONE_SEAT_EACH: lambda p: _(
        "You already hold a seat in this match: give it up first to claim another."),
    ClaimRefusal.NO_PLAYER: lambda p: _("This seat's player was deleted: it cannot be claimed."),
    ClaimRefusal.SEAT_TAKEN: lambda p: _("Someone else has claimed this seat."),
    # A match's scorers
    ScorerRefusal.REMOVED: lambda p: _(
        "The match's owner removed this phone from its scorers, so it can no longer see or score this match. To "
        "score it again, ask the owner for a new join code."),
    # The account's players
    PlayerRefusal.PLAYER_EXISTS: lambda p: _("Another player is already called %(name)s.", name=p["name"]),
    PlayerRefusal.SAME_PLAYER: lambda p: _("A player cannot be merged with themselves."),
    PlayerRefusal.CLAIMED_BY_TWO: lambda p: _(
        "%(merged)s and %(kept)s are claimed by two different accounts: one person cannot be both. Ask one of them "
        "to give up their seats first.", merged=p["merged"], kept=p["kept"]),
    # House rules
    ProfileRefusal.NAME_TAKEN: lambda p: _(
        "Other house rules already have the name “%(name)s”: give these another.", name=p["name"]),
    ProfileRefusal.LOCKED: lambda p: _(
        "Matches were started from these house rules, so their rules stay as they are: save the changed rules as "
        "new house rules."),
    # A club's members
    ClubRefusal.YOURSELF: lambda p: _("You cannot remove yourself from the club: leave it instead."),
    ClubRefusal.LAST_ORGANISER: lambda p: _(
        "You are the club's last organiser: make another member an organiser before you leave."),
    # A join code or an invite link that lets no one in (what=: "code" or "invite")
    LinkRefusal.UNKNOWN: lambda p: _("No match has this code: check it and try again.") if p["what"] == "code" else _(
        "No club has this invite: check the link, or ask the club's organiser for a new one."),
    LinkRefusal.EXPIRED: lambda p: _("This code has expired: ask for a new one.") if p["what"] == "code" else _(
        "This invite has expired: ask the club's organiser for a new one."),
    LinkRefusal.REVOKED: lambda p: _("This code was withdrawn: ask for the new one.") if p["what"] == "code" else _(
        "This invite was withdrawn: ask the club's organiser for a new one."),
    LinkRefusal.USED_UP: lambda p: _("This code has let in as many phones as one code may: ask for a new one."),
    # A backup restored
    ImportRefusal.IMPORTED_MEANWHILE: lambda p: _(
        "Another import of these matches ran at the same moment: check your matches, then import again if any is "
        "missing."),
    ImportRefusal.ACCOUNT_BUSY: lambda p: _(
        "A backup is being restored into this account right now (from another tab or phone). Wait until it is done, "
        "then look at your matches before restoring again."),
    ImportRefusal.SERVER_BUSY: lambda p: _(
        "The server is restoring another backup right now. Try again in a few seconds."),
    # A club's tournaments
    TournamentRefusal.NAME: lambda p: _("Give the tournament a name."),
    TournamentRefusal.ENTRANTS: lambda p: _("A tournament needs from 2 to %(most)d entrants.", most=p["most"]),
    TournamentRefusal.ROUNDS: lambda p: _(
        "With these entrants a Swiss event plays at most %(most)d rounds.", most=p["most"]),
    TournamentRefusal.PLAYERS: lambda p: _(
        "Every entrant of a tournament of partnerships is two players, and otherwise one."),
    TournamentRefusal.TWICE: lambda p: _("%(name)s is entered twice.", name=p["name"]),
    TournamentRefusal.NAME_NEEDED: lambda p: _("Every player needs a name."),
    TournamentRefusal.NOT_MEMBER: lambda p: _("Only the club's members can be entered by their accounts."),
    TournamentRefusal.MINUTES: lambda p: _("A round lasts from %(min)d to %(max)d minutes.", min=1, max=p["most"]),
    TournamentRefusal.FINISHED: lambda p: _("Every round of this tournament has been played."),
    TournamentRefusal.ROUND_OPEN: lambda p: _(
        "Round %(number)d is still being played (tables %(tables)s): record or wait for their results first.",
        number=p["number"], tables=tables_words(p)),
    TournamentRefusal.ROUND_STARTED: lambda p: _(
        "Round %(number)d was started on another phone a moment ago.", number=p["number"]),
    TournamentRefusal.NO_ROUND: lambda p: _("No round has started yet."),
    TournamentRefusal.UNFINISHED: lambda p: ngettext(
        "Table %(tables)s has no result yet.", "Tables %(tables)s have no result yet.", len(p["tables"]),
        tables=tables_words(p)),
    TournamentRefusal.BYE: lambda p: _("A bye has no result to record."),
    TournamentRefusal.POINTS: lambda p: _("Points go from 0 to %(most)d.", most=p["most"]),
    TournamentRefusal.REASON: lambda p: _("Say why the result is recorded by hand."),
    TournamentRefusal.DRAW: lambda p: _("A knockout match needs a winner: the points cannot be equal."),
    TournamentRefusal.BRACKET_MOVED: lambda p: _(
        "The next round was paired from this result: the winner can no longer change."),
    TournamentRefusal.BRACKET_BROKEN: lambda p: _(
        "A round of this knockout is missing tables (its start was interrupted by an older version of the app), so "
        "the next round cannot be paired from it."),
}


def refusal_words(refusal: Refusal, **params: Any) -> str:
    """A refusal in the reader's words, naming what `params` give: for a page that foresees the service's refusal
    (the draw another phone made meanwhile, the club's last organiser)."""
    return WORDS[refusal](params)


def conflict_words(conflict: Conflict) -> str:
    """Why the service refused, in the reader's words."""
    return WORDS[conflict.reason](conflict.params)
