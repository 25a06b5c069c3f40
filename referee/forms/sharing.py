"""Scoring together: the join code typed on the join page."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import InputRequired, Length

from ..services.sharing import MAX_TYPED


class JoinForm(FlaskForm):
    """The code the match's owner shows: read case-insensitively, spaces and dashes ignored."""

    code = StringField(_l("Join code"), validators=[
        InputRequired(_l("Type the code shown on the owner's phone.")),
        Length(max=MAX_TYPED, message=_l("A join code has 8 characters."))])
