"""House rules: named rules profiles an account keeps, the matches started from them, and their rules cards.

A profile holds what the new-match form's rules part chooses (the game, its options, the deck) and the house's
word on what the app never sees (who takes an opening sweep). A match started from a profile records it
(Match.profile_id) and keeps its rules in its own columns, as every match does: the profile is then **locked**,
its rules never change in place (changed rules are saved as a new profile), and deleting it leaves the match's
rules as they were.

A profile's rules card is public behind an unguessable token (256 bits, like the spectator link), so the players at
a table read what was agreed without an account; replacing the token revokes the old address.

Every function takes the account and ids and returns plain objects (ProfileView, HouseRules), so the pages, the API
and a tournament use them alike. A profile's owner is an account or a club (an Owner): the verbs *_for(owner, …) are
the account's and the club's alike; services/club_profiles.py holds a club's, with its roles.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Match, RulesProfile, User, name_key, new_spectator_token
from ..rules import Ruleset, stored_ruleset
from .errors import Conflict, NotFound
from .refusals import ProfileRefusal
from .unit_of_work import use_case

# The version of a profile's stored rules (RulesProfile.rules): a later shape reads the earlier ones.
ENCODING = 1
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a card's token, as secrets.token_urlsafe makes it


class OpeningSweep(enum.StrEnum):
    """Who takes the four cards dealt to the table when they make 15 (or 30): RULES.md §2 counts them as the
    dealer's escobas; some regions give them to the first player who notices (seed 003). The app records the
    escobas of whichever side took them, so this is the house's word on the card, not a rule it computes."""

    DEALER = "dealer"
    FIRST = "first"


@dataclass(frozen=True)
class HouseRules:
    """A profile's rules: the match's ruleset, the deck ('' for the game's usual one) and the opening sweep."""

    ruleset: Ruleset
    deck_style: str = ""
    opening_sweep: OpeningSweep = OpeningSweep.DEALER

    def deck(self) -> str:
        """The deck style a match started from these rules plays with."""
        return self.deck_style or self.ruleset.deck_style.value

    def plays_as(self, ruleset: Ruleset, deck: str) -> bool:
        """Whether a match of this ruleset and deck plays by these rules."""
        return self.ruleset == ruleset and self.deck() == deck


@dataclass(frozen=True)
class ProfileView:
    """A profile as the pages, the API and a tournament read it: `matches` counts those started from it."""

    id: int
    name: str
    rules: HouseRules
    matches: int
    card_token: str
    club_id: int | None = None  # the club whose house rules these are; None for an account's

    @property
    def locked(self) -> bool:
        """A match was started from it: its rules stay as they are."""
        return self.matches > 0


def stored_rules(rules: HouseRules) -> dict[str, Any]:
    """The rules as a profile keeps them: marked with their encoding's version."""
    return {"v": ENCODING, "preset": rules.ruleset.preset, "options": rules.ruleset.options(),
            "deck_style": rules.deck_style, "opening_sweep": rules.opening_sweep.value}


def read_rules(stored: Mapping[str, Any]) -> HouseRules:
    """A profile's stored rules read back; an option that came after the profile was saved reads as every match
    was scored before it (rules.stored_ruleset)."""
    return HouseRules(stored_ruleset(str(stored["preset"]), dict(stored["options"])), str(stored["deck_style"]),
                      OpeningSweep(stored.get("opening_sweep", OpeningSweep.DEALER.value)))


@dataclass(frozen=True)
class Owner:
    """Whose profiles a call reads or changes: an account's, or a club's (exactly one of the two is set); who may
    is for the caller to check (services/club_profiles.py for a club's)."""

    user_id: int | None = None
    club_id: int | None = None

    def holds(self) -> ColumnElement[bool]:
        """The condition a profile of this owner meets."""
        if self.club_id is not None:
            return RulesProfile.club_id == self.club_id
        return RulesProfile.user_id == self.user_id


def _account(user: User) -> Owner:
    """The account as the owner of its profiles."""
    return Owner(user_id=user.id)


def _view(profile: RulesProfile, matches: int) -> ProfileView:
    """The plain object of a profile."""
    return ProfileView(profile.id, profile.name, read_rules(profile.rules), matches, profile.card_token,
                       profile.club_id)


def _matches_from(profile_id: int) -> int:
    """How many matches were started from the profile."""
    return int(db.session.scalar(select(func.count(Match.id)).where(Match.profile_id == profile_id)) or 0)


def owned_by(owner: Owner, profile_id: int) -> RulesProfile:
    """The owner's profile, or NotFound (another's looks the same as none)."""
    profile = db.session.scalar(select(RulesProfile).where(RulesProfile.id == profile_id, owner.holds()))
    if profile is None:
        raise NotFound(profile_id)
    return profile


def profile_of(owner: Owner, profile_id: int) -> ProfileView:
    """The owner's profile as a plain object, or NotFound."""
    return _view(owned_by(owner, profile_id), _matches_from(profile_id))


def _owned(user: User, profile_id: int) -> RulesProfile:
    """The account's profile, or NotFound (another account's looks the same as none)."""
    return owned_by(_account(user), profile_id)


def listed(holds: ColumnElement[bool]) -> list[ProfileView]:
    """The profiles meeting the condition by name, each with how many matches were started from it, in one query."""
    used = (select(Match.profile_id, func.count(Match.id).label("n")).where(Match.profile_id.is_not(None))
            .group_by(Match.profile_id).subquery())
    rows = db.session.execute(select(RulesProfile, func.coalesce(used.c.n, 0))
                              .outerjoin(used, used.c.profile_id == RulesProfile.id)
                              .where(holds).order_by(RulesProfile.name_key, RulesProfile.id))
    return [_view(profile, int(n)) for profile, n in rows]


def profiles_of(user: User) -> list[ProfileView]:
    """The account's profiles by name, each with how many matches were started from it, in one query."""
    return listed(_account(user).holds())


def get_profile(user: User, profile_id: int) -> ProfileView:
    """One of the account's profiles; NotFound for any other."""
    return _view(_owned(user, profile_id), _matches_from(profile_id))


def _name_taken(owner: Owner, name: str, but: int | None = None) -> bool:
    """Whether another of the owner's profiles has this name (without regard to case or accents)."""
    query = select(RulesProfile.id).where(owner.holds(), RulesProfile.name_key == name_key(name))
    if but is not None:
        query = query.where(RulesProfile.id != but)
    return db.session.scalar(query.limit(1)) is not None


def _flush_named(name: str) -> None:
    """Write a profile's new name now: Conflict('name_taken') when another phone gave one of the owner's profiles
    the same name at the same moment."""
    try:
        db.session.flush()
    except IntegrityError:
        raise Conflict(ProfileRefusal.NAME_TAKEN, name=name) from None


@use_case
def save_for(owner: Owner, name: str, rules: HouseRules) -> ProfileView:
    """A new profile of the owner; Conflict('name_taken') when one of its profiles has the name already."""
    name = name.strip()
    if _name_taken(owner, name):
        raise Conflict(ProfileRefusal.NAME_TAKEN, name=name)
    profile = RulesProfile(user_id=owner.user_id, club_id=owner.club_id, name=name, rules=stored_rules(rules))
    db.session.add(profile)
    _flush_named(name)
    return _view(profile, 0)


@use_case
def rename_for(owner: Owner, profile_id: int, name: str) -> ProfileView:
    """The owner's profile under a new name; a locked profile may be renamed too (its rules stay)."""
    profile, name = owned_by(owner, profile_id), name.strip()
    if _name_taken(owner, name, but=profile_id):
        raise Conflict(ProfileRefusal.NAME_TAKEN, name=name)
    profile.name, profile.name_key = name, name_key(name)
    _flush_named(name)
    return _view(profile, _matches_from(profile_id))


@use_case
def change_for(owner: Owner, profile_id: int, name: str, rules: HouseRules) -> ProfileView:
    """The owner's profile's name and rules changed in place, unless it is locked and the rules differ."""
    profile, name = owned_by(owner, profile_id), name.strip()
    if read_rules(profile.rules) != rules and _matches_from(profile_id):
        raise Conflict(ProfileRefusal.LOCKED, name=profile.name)
    if _name_taken(owner, name, but=profile_id):
        raise Conflict(ProfileRefusal.NAME_TAKEN, name=name)
    profile.name, profile.name_key, profile.rules = name, name_key(name), stored_rules(rules)
    _flush_named(name)
    return _view(profile, _matches_from(profile_id))


@use_case
def delete_for(owner: Owner, profile_id: int) -> int:
    """Delete the owner's profile; how many matches were started from it (they keep their rules, without it)."""
    profile = owned_by(owner, profile_id)
    kept = _matches_from(profile_id)
    # The database does the same (ON DELETE SET NULL); said here so the session's matches agree at once.
    db.session.execute(update(Match).where(Match.profile_id == profile_id).values(profile_id=None)
                       .execution_options(synchronize_session=False))
    db.session.delete(profile)
    return kept


@use_case
def replace_link_for(owner: Owner, profile_id: int) -> ProfileView:
    """A new address for the owner's profile's rules card."""
    profile = owned_by(owner, profile_id)
    profile.card_token = new_spectator_token()
    return _view(profile, _matches_from(profile_id))


def save_profile(user: User, name: str, rules: HouseRules) -> ProfileView:
    """A new profile of the account; Conflict('name_taken') when one of its profiles has the name already."""
    return save_for(_account(user), name, rules)


def rename_profile(user: User, profile_id: int, name: str) -> ProfileView:
    """The profile under a new name; a locked profile may be renamed too (its rules stay)."""
    return rename_for(_account(user), profile_id, name)


def change_profile(user: User, profile_id: int, name: str, rules: HouseRules) -> ProfileView:
    """The profile's name and rules changed in place; Conflict('locked') when a match was started from it and
    the rules differ (they are saved as a new profile instead: save_profile)."""
    return change_for(_account(user), profile_id, name, rules)


def delete_profile(user: User, profile_id: int) -> int:
    """Delete the profile; how many matches were started from it (they keep their rules, without it)."""
    return delete_for(_account(user), profile_id)


def replace_card_link(user: User, profile_id: int) -> ProfileView:
    """A new address for the profile's rules card: the old one answers 404 from now on."""
    return replace_link_for(_account(user), profile_id)


def card_of(token: str) -> ProfileView:
    """The profile whose rules card this address is, for anyone holding it; NotFound for a token never made or
    replaced since."""
    if not TOKEN.fullmatch(token):  # no query for what no token can be (PostgreSQL refuses a NUL)
        raise NotFound(token)
    profile = db.session.scalar(select(RulesProfile).where(RulesProfile.card_token == token))
    if profile is None:
        raise NotFound(token)
    return _view(profile, _matches_from(profile.id))


def profile_to_record(user: User, profile_id: int | None, ruleset: Ruleset, deck: str,
                      club_id: int | None = None) -> int | None:
    """The profile a new match records: the account's profile it was started from, or that of the club the match is
    filed under (`club_id`, of which the account is a member: services/clubs.py's file_under checks), when the
    match plays by its rules; None when none was chosen, it is neither's, or the rules were changed from it."""
    if profile_id is None:
        return None
    mine = RulesProfile.user_id == user.id
    whose = mine if club_id is None else mine | (RulesProfile.club_id == club_id)
    profile = db.session.scalar(select(RulesProfile).where(RulesProfile.id == profile_id, whose))
    if profile is None or not read_rules(profile.rules).plays_as(ruleset, deck):
        return None
    return profile.id


def rules_of_match(match: Match) -> tuple[ProfileView | None, HouseRules]:
    """A match's rules as a card shows them: its profile's when it was started from one still kept (whose rules
    are the match's: a used profile is locked), else its own, with the rules' usual opening sweep."""
    if match.profile is not None:
        return _view(match.profile, _matches_from(match.profile.id)), read_rules(match.profile.rules)
    return None, HouseRules(match.ruleset, match.deck_style)
