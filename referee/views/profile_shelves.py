"""Whose house rules a profile page shows: the account's (/rules/…) or a club's (/clubs/<id>/rules/…).

The pages are the same for both (views/profile_pages.py draws them); a Shelf says which services they call, where their
links go, and whether the reader may change the profiles (an account its own, a club's organisers theirs; every
member reads them). Its calls raise what the services raise: NotFound for a profile not on this shelf (or a club
the account is no member of), Forbidden for a member changing a club's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for
from flask_login import current_user

from ..services import club_profiles as club_service
from ..services import profiles as service
from ..services.profiles import HouseRules, ProfileView


@dataclass(frozen=True)
class Shelf:
    """The account's house rules (club_id None), or those of a club it is a member of."""

    club_id: int | None = None
    club_name: str = ""
    manage: bool = True  # the reader may save, change, rename and delete them

    def url(self, action: str, **values: Any) -> str:
        """The address of one of the pages (an endpoint of views/profiles.py's or club_profiles.py's blueprint);
        'start' is the new-match page filled in from a profile (filed under the club for a club's)."""
        if action == "start":
            return url_for("matches.new", **values, club=self.club_id)  # None: no club (url_for leaves it out)
        if self.club_id is None:
            return url_for(f"profiles.{action}", **values)
        return url_for(f"club_profiles.{action}", club_id=self.club_id, **values)

    def listed(self) -> list[ProfileView]:
        """Its profiles, by name."""
        if self.club_id is None:
            return service.profiles_of(current_user)
        return club_service.club_profiles(current_user, self.club_id)

    def get(self, profile_id: int) -> ProfileView:
        """One of its profiles."""
        if self.club_id is None:
            return service.get_profile(current_user, profile_id)
        return club_service.get_club_profile(current_user, self.club_id, profile_id)

    def save(self, name: str, rules: HouseRules) -> ProfileView:
        """New house rules on it."""
        if self.club_id is None:
            return service.save_profile(current_user, name, rules)
        return club_service.save_club_profile(current_user, self.club_id, name, rules)

    def change(self, profile_id: int, name: str, rules: HouseRules) -> ProfileView:
        """A profile's name and rules changed in place."""
        if self.club_id is None:
            return service.change_profile(current_user, profile_id, name, rules)
        return club_service.change_club_profile(current_user, self.club_id, profile_id, name, rules)

    def rename(self, profile_id: int, name: str) -> ProfileView:
        """A profile under a new name."""
        if self.club_id is None:
            return service.rename_profile(current_user, profile_id, name)
        return club_service.rename_club_profile(current_user, self.club_id, profile_id, name)

    def delete(self, profile_id: int) -> int:
        """A profile deleted; how many matches were started from it."""
        if self.club_id is None:
            return service.delete_profile(current_user, profile_id)
        return club_service.delete_club_profile(current_user, self.club_id, profile_id)

    def replace_link(self, profile_id: int) -> ProfileView:
        """A new address for a profile's rules card."""
        if self.club_id is None:
            return service.replace_card_link(current_user, profile_id)
        return club_service.replace_club_card_link(current_user, self.club_id, profile_id)


MINE = Shelf()  # the account's own house rules
