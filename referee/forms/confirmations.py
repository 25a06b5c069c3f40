"""Both sides agree (services/confirmations.py): confirm a waiting hand, take a version of it, decide it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import InputRequired, Length, Optional, Regexp

from ..services.confirmations import REASON_LENGTH
from .common import no_control_characters

__all__ = ["REASON_LENGTH", "ConfirmForm", "DecideForm", "PickForm", "ReasonForm"]


class ConfirmForm(FlaskForm):
    """One tap: the version the page showed, by its digest (a version changed since is refused in words)."""

    seen = HiddenField(validators=[InputRequired(), Regexp(r"^[0-9a-f]{16}$")])


class PickForm(ConfirmForm):
    """Take one version of a hand in dispute: its label, and its digest as the page showed it."""

    label = HiddenField(validators=[InputRequired(), Regexp(r"^[A-Z]$")])


class ReasonForm(FlaskForm):
    """Why the organiser decided a hand as it did (kept in the trail)."""

    reason = StringField(_l("Why (kept in the trail)"),
                         validators=[Optional(), Length(max=REASON_LENGTH), no_control_characters])


class DecideForm(PickForm, ReasonForm):
    """The organiser (the match's owner) takes a version, saying why."""
