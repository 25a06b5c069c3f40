"""Clubs: a new club's name."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..models import NAME_LENGTH
from .common import no_control_characters


def _stripped(value: str | None) -> str | None:
    """The name without the spaces around it (a name of spaces is no name)."""
    return value.strip() if isinstance(value, str) else value


class ClubForm(FlaskForm):
    """A new club: its name."""

    name = StringField(_l("Club name"), filters=[_stripped], validators=[
        DataRequired(_l("Give the club a name.")),
        Length(max=NAME_LENGTH, message=_l("A club's name has at most %(max)d characters.")),
        no_control_characters])
