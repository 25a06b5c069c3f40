"""Clubs: a new club's name, a member's choice to be rated, and the club a new match is filed under."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, Length

from ..models import NAME_LENGTH
from .common import no_control_characters, options


def _stripped(value: str | None) -> str | None:
    """The name without the spaces around it (a name of spaces is no name)."""
    return value.strip() if isinstance(value, str) else value


class ClubForm(FlaskForm):
    """A new club: its name."""

    name = StringField(_l("Club name"), filters=[_stripped], validators=[
        DataRequired(_l("Give the club a name.")),
        Length(max=NAME_LENGTH, message=_l("A club's name has at most %(max)d characters.")),
        no_control_characters])


class RatedForm(FlaskForm):
    """A member's own choice: show its rating on the club's leaderboard."""

    rated = BooleanField(_l("Show my rating on the club's leaderboard"))


class ClubChoiceForm(FlaskForm):
    """The club a new match is filed under, among the account's (the choices set by the view); none by default.
    Part of the new-match page's form, read from the same request (whose CSRF token the match's form checks: make
    it with ``meta={"csrf": False}``)."""

    club = SelectField(_l("Club"), default="")

    def offer(self, clubs: list[tuple[int, str]]) -> None:
        """The account's clubs as the choices, after "No club"."""
        self.club.choices = options([("", _l("No club")), *((str(club_id), name) for club_id, name in clubs)])

    def club_id(self) -> int | None:
        """The club picked, or None (call after validation)."""
        return int(self.club.data) if self.club.data else None
