"""Scoring together: the join code typed on the join page (and the home and login pages), the phone's name, and
the remove-scorer page's choice."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from ..models import NAME_LENGTH
from ..services.sharing import MAX_TYPED
from .common import no_control_characters

NAME_HINT = _l("Shown to the others at the table: on Score together, when this phone enters a hand, and in the "
               "trail.")


class JoinForm(FlaskForm):
    """The code the match's owner shows (read case-insensitively, spaces and dashes ignored), and who holds this
    phone: optional, so the code and one tap reach the match."""

    code = StringField(_l("Join code"), validators=[
        InputRequired(_l("Type the code shown on the owner's phone.")),
        Length(max=MAX_TYPED, message=_l("A join code has 8 characters."))])
    name = StringField(_l("Who is holding this phone?"), validators=[
        Length(max=NAME_LENGTH, message=_l("At most %(max)d characters.")), no_control_characters])


def _stripped(value: str | None) -> str | None:
    """A typed name without surrounding spaces (only spaces is no name)."""
    return value.strip() if isinstance(value, str) else value


class PhoneNameForm(FlaskForm):
    """A scorer's phone renamed."""

    name = StringField(_l("Who is holding this phone?"), filters=[_stripped], validators=[
        DataRequired(_l("Give the phone a name.")),
        Length(max=NAME_LENGTH, message=_l("At most %(max)d characters.")), no_control_characters])


class RemoveScorerForm(FlaskForm):
    """Removing a scorer, and whether the join code stops with it (by default: removing is final)."""

    stop_code = BooleanField(_l("Also stop the join code, so this phone cannot join again with it. The others "
                                "keep scoring; a new code for someone else is one tap on Score together."),
                             default=True)
