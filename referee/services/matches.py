"""Matches: start one, rematch, the rules in force, draw for dealer, the spectator link."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import (
    Match,
    MatchEvent,
    RevokedLink,
    Scorer,
    Seat,
    User,
    new_spectator_token,
)
from ..rules import Ruleset, make_ruleset
from ..rules.match import side_of_seat
from .errors import Conflict, Forbidden, Gone, NotFound, Withdrawn
from .players import players_for
from .refusals import MatchRefusal, ScorerRefusal
from .roles import Role, match_role
from .scoreboard import dealer_after
from .table_place import table_place
from .unit_of_work import inside_use_case, use_case

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a spectator token, as secrets.token_urlsafe makes it
# Run on every scoreboard request, 304s included: built once, so each run finds its compiled SQL by the statement's
# own memoised cache key instead of building the statement and its key again.
# The match and the reader's role in it, in one query (services/roles.py says what each role may do).
_MATCH_AND_ROLE = select(Match, match_role(bindparam("user_id"))).where(Match.id == bindparam("match_id"))
_SPECTATOR_VERSION = select(Match.id, Match.version).where(Match.spectator_token == bindparam("token"))


@dataclass(frozen=True)
class MatchSettings:
    """What the new-match form decides: rules, deck style, seating and first dealer."""

    preset: str
    options: Mapping[str, object]
    deck_style: str
    names: tuple[str, ...]  # in the order of play; with partnerships, partners alternate
    partnerships: bool = False
    first_dealer: int | None = None  # None: draw for dealer
    club_id: int | None = None  # the club it is filed under (services/clubs.py: file_under checks the account's)
    profile_id: int | None = None  # the house rules it is started from (services/profiles.py: profile_to_record)


@use_case
def create_match(user: User, settings: MatchSettings, by: User | None = None) -> Match:
    """Store a new match with its rules and seats, each seat the account's player of its name (made for a
    new name); the ruleset checks the options. `by`: the account that asked, when not the owner (a scorer's
    rematch), for the trail."""
    ruleset = make_ruleset(settings.preset, **settings.options)
    match = _new_match(user, settings, ruleset)
    match.acting_user_id = (by or user).id
    db.session.add(match)
    db.session.flush()
    return match


def _new_match(user: User, settings: MatchSettings, ruleset: Ruleset) -> Match:
    """The match's row, seats and first event, not yet stored."""
    match = Match(user_id=user.id, ruleset=ruleset, deck_style=settings.deck_style,
                  partnerships=settings.partnerships, first_dealer=settings.first_dealer, club_id=settings.club_id,
                  profile_id=settings.profile_id)
    sides = 2 if settings.partnerships else len(settings.names)
    players = players_for(user, settings.names)
    match.seats = [Seat(position=i, name=name, side=side_of_seat(i, len(settings.names), sides), player=player)
                   for i, (name, player) in enumerate(zip(settings.names, players, strict=True))]
    match.events.append(MatchEvent(kind="created", after={"seats": list(settings.names), **ruleset.options()}))
    return match


@use_case
def rematch(user: User, match: Match) -> Match:
    """A new match with the same players, seating and rules; the deal goes on round the table. Whoever asks (the
    owner or a scorer), it is the owner's match, its players the owner's, and its scorers the same: the table
    plays on as it was. A tournament's match has none (Conflict('tournament')): its tournament pairs the next
    round, and a rematch would be a match of the club that no standings count."""
    if table_place(match) is not None:
        raise Conflict(MatchRefusal.TOURNAMENT)
    settings = MatchSettings(
        preset=match.preset, options=match.ruleset.options(), deck_style=match.deck_style,
        names=tuple(seat.name for seat in match.seats), partnerships=match.partnerships,
        first_dealer=dealer_after(match, list(match.hands)), club_id=match.club_id, profile_id=match.profile_id,
    )
    again = create_match(match.owner, settings, by=user)
    again.scorers = [Scorer(user_id=scorer.user_id, name=scorer.name) for scorer in match.scorers
                     if scorer.removed_at is None]
    again.acting_user_id = user.id
    return again


def opened_match(user: User, match_id: int) -> tuple[Match, Role]:
    """A match the account's role opens (Role.opens: the owner's and its scorers'), and that role; NotFound for a
    match it has no role in or only holds a seat in, like a missing one; Withdrawn for a scorer the owner removed
    (told so, not sent away as if the match did not exist). The account is noted on the match as the one acting,
    for the trail."""
    row = db.session.execute(_MATCH_AND_ROLE, {"match_id": match_id, "user_id": user.id}).first()
    role = Role(row[1]) if row is not None and row[1] is not None else None
    if role is Role.REMOVED:
        raise Withdrawn(ScorerRefusal.REMOVED)
    if row is None or role is None or not role.opens:
        raise NotFound(match_id)
    match: Match = row[0]
    match.acting_user_id = user.id
    return match, role


def get_match(user: User, match_id: int) -> Match:
    """A match the account's role opens (everything a scorer may do: its hands, the draw, the scoreboard and its
    exports): opened_match's, without the role."""
    return opened_match(user, match_id)[0]


def get_owned_match(user: User, match_id: int) -> Match:
    """A match the account manages (Role.manages), for what only its owner may do (its spectator link replaced,
    its join codes, scorers and claims managed): Forbidden for a scorer, NotFound for an account it does not open
    to."""
    match, role = opened_match(user, match_id)
    if not role.manages:
        raise Forbidden(match_id)
    return match


def token_digest(token: str) -> str:
    """What is kept of a replaced spectator token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SpectatorVersion:
    """What a spectator page's ETag is made of, read without loading the match: its id and version (which a
    player renamed, merged or deleted bumps too: services/players.py)."""

    match_id: int
    version: int


def spectator_version(token: str) -> SpectatorVersion:
    """The id and version of the match a spectator link shows, in one small query: enough to answer a
    conditional request without loading the match. Gone for a replaced link, NotFound for one never made."""
    if not TOKEN.fullmatch(token):  # no query for what no link can be
        raise NotFound(token)
    seen = spectator_version_on(db.session.connection(), token)
    if seen is not None:
        return seen
    if db.session.scalar(select(RevokedLink.id).where(RevokedLink.token_digest == token_digest(token))):
        raise Gone(token)
    raise NotFound(token)


def spectator_version_on(connection: Connection, token: str) -> SpectatorVersion | None:
    """The version of the match a spectator link shows, read on a connection of its own (the spectator page's
    polls, answered before any request handling); None for a link that shows no match now."""
    # Only what token_urlsafe makes is looked up: PostgreSQL refuses a NUL, and no other text can match.
    if not TOKEN.fullmatch(token):
        return None
    row = connection.execute(_SPECTATOR_VERSION, {"token": token}).first()
    return None if row is None else SpectatorVersion(row.id, row.version)


def by_spectator_token(token: str, match_id: int | None = None) -> Match:
    """The match a spectator link shows (`match_id`: its id, when its id and version were just read); Gone for a
    replaced link, NotFound for one never made."""
    match = db.session.get(Match, match_id if match_id is not None else spectator_version(token).match_id)
    if match is None or match.spectator_token != token:  # revoked between the two reads
        raise NotFound(token)
    return match


@use_case
def set_first_dealer(match: Match, seat: int, drawn: Mapping[str, str] | None = None) -> None:
    """Who deals the first hand, picked or drawn; Conflict 'stale' when another phone changed the match meanwhile
    (services/unit_of_work.py)."""
    match.events.append(MatchEvent(kind="first_dealer", before={"seat": match.first_dealer},
                                   after={"seat": seat, **({"drawn": dict(drawn)} if drawn else {})}))
    match.first_dealer = seat


def spectator_link(match: Match) -> str:
    """The match's spectator token: made with the match (and anew when the link is replaced), so that opening
    the scoreboard only reads."""
    return match.spectator_token


def revoke_spectator_link(match: Match) -> None:
    """The old link stops working; the new one is made at once (the scoreboard that shows it only reads).

    Another change to the match meanwhile (a hand saved, say, or the same revocation from another phone) is no
    reason not to revoke: the use case is tried once more on the match read afresh, so it runs on its own."""
    assert not inside_use_case(), "a revocation tries its transaction again, so it runs on its own"
    for attempt in range(2):
        try:
            _revoke(match)
            return
        except (Conflict, IntegrityError):
            if attempt:
                raise Conflict(MatchRefusal.STALE) from None
            db.session.refresh(match)


@use_case
def _revoke(match: Match) -> None:
    """One try at revoking the match's spectator link."""
    db.session.add(RevokedLink(match_id=match.id, token_digest=token_digest(match.spectator_token)))
    match.spectator_token = new_spectator_token()
    match.events.append(MatchEvent(kind="link_revoked"))
