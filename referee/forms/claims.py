"""Claiming a seat: which seat of the match is this account's."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField
from wtforms.validators import InputRequired


class ClaimSeatForm(FlaskForm):
    """The seat picked among the match's (its choices set by the view: the seats' positions and names)."""

    # Not checked against the choices: a seat claimed since the page was drawn is refused by the service, in words.
    seat = RadioField(_l("Which seat is yours?"), coerce=int, validate_choice=False,
                      validators=[InputRequired(_l("Pick the seat you play in."))])
