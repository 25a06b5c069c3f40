"""The board's form: the round length its timer counts down (empty: no timer)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms.validators import NumberRange, Optional

from ..services.tournament_board import MAX_ROUND_MINUTES
from .common import WholeNumberField


class RoundLengthForm(FlaskForm):
    """How long a round lasts, in minutes."""

    minutes = WholeNumberField(_l("Round length, in minutes"), validators=[
        Optional(), NumberRange(min=1, max=MAX_ROUND_MINUTES,
                                message=_l("A round lasts from %(min)d to %(max)d minutes."))])
