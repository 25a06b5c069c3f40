"""A club's house rules: rules profiles owned by the club (services/profiles.py keeps them as an account's), read by
every member, saved, changed, renamed and deleted by its organisers (Forbidden for a member); an account that is no
member gets NotFound, as for a club or a profile that does not exist (services/clubs.py's roles).

Every function takes the account and ids and returns services/profiles.py's plain objects, so the pages, the API
and a tournament use them alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ..extensions import db
from ..models import Club, RulesProfile, User
from .clubs import membership, organised
from .profiles import (
    HouseRules,
    Owner,
    ProfileView,
    change_for,
    delete_for,
    listed,
    profile_of,
    profiles_of,
    rename_for,
    replace_link_for,
    save_for,
)
from .roles import belongs


@dataclass(frozen=True)
class ClubHouseRules:
    """A club's house rules as a member's new-match page offers them: under the club's name."""

    club_id: int
    club_name: str
    profiles: list[ProfileView]


def club_owner(user: User, club_id: int, organiser: bool = False) -> Owner:
    """The club as the owner of its profiles, for a member (NotFound otherwise), or for an organiser when the call
    changes them (Forbidden for a member)."""
    member = organised(user, club_id) if organiser else membership(user, club_id)
    return Owner(club_id=member.club_id)


def club_profiles(user: User, club_id: int) -> list[ProfileView]:
    """The club's profiles by name, for a member (NotFound otherwise)."""
    return listed(club_owner(user, club_id).holds())


def get_club_profile(user: User, club_id: int, profile_id: int) -> ProfileView:
    """One of the club's profiles, for a member; NotFound for another club's, or a non-member."""
    return profile_of(club_owner(user, club_id), profile_id)


def save_club_profile(user: User, club_id: int, name: str, rules: HouseRules) -> ProfileView:
    """New house rules of the club, by an organiser; Conflict('name_taken') when the club's have the name."""
    return save_for(club_owner(user, club_id, organiser=True), name, rules)


def rename_club_profile(user: User, club_id: int, profile_id: int, name: str) -> ProfileView:
    """The club's profile under a new name, by an organiser (locked or not)."""
    return rename_for(club_owner(user, club_id, organiser=True), profile_id, name)


def change_club_profile(user: User, club_id: int, profile_id: int, name: str, rules: HouseRules) -> ProfileView:
    """The club's profile changed in place by an organiser; Conflict('locked') as for an account's."""
    return change_for(club_owner(user, club_id, organiser=True), profile_id, name, rules)


def delete_club_profile(user: User, club_id: int, profile_id: int) -> int:
    """Delete the club's profile, by an organiser; how many matches were started from it (they keep their rules)."""
    return delete_for(club_owner(user, club_id, organiser=True), profile_id)


def replace_club_card_link(user: User, club_id: int, profile_id: int) -> ProfileView:
    """A new address for the club's profile's rules card, by an organiser: the old one answers 404."""
    return replace_link_for(club_owner(user, club_id, organiser=True), profile_id)


def clubs_house_rules(user: User) -> list[ClubHouseRules]:
    """The house rules of every club the account is a member of, by club name (clubs without any left out)."""
    names = {club_id: name for club_id, name in db.session.execute(select(Club.id, Club.name)
                                                                   .where(belongs(user.id, Club.id)))}
    shelves: dict[int, list[ProfileView]] = {}
    for profile in listed(belongs(user.id, RulesProfile.club_id)):
        shelves.setdefault(profile.club_id or 0, []).append(profile)
    return sorted((ClubHouseRules(club_id, names[club_id], found) for club_id, found in shelves.items()),
                  key=lambda shelf: (shelf.club_name.casefold(), shelf.club_id))


def tournament_profiles(user: User, club_id: int) -> list[ProfileView]:
    """The house rules a tournament of the club may be played by: the club's, then the organiser's own."""
    return [*club_profiles(user, club_id), *profiles_of(user)]
