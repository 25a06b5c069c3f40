"""Account forms: register and log in."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp, ValidationError

from ..models import NAME_LENGTH
from ..services.accounts import username_taken
from .common import no_control_characters


class RegisterForm(FlaskForm):  # type: ignore[misc]
    """A new account: a name and a password, no e-mail."""

    username = StringField(_l("Username"), validators=[
        InputRequired(), no_control_characters, Length(min=2, max=NAME_LENGTH),
        Regexp(r"^[\w.\-]+$", message=_l("Use letters, digits, dots, dashes or underscores."))])
    password = PasswordField(_l("Password"), validators=[InputRequired(), Length(min=8, max=200)])
    confirm = PasswordField(_l("Repeat the password"), validators=[
        InputRequired(), EqualTo("password", message=_l("The passwords do not match."))])

    def validate_username(self, field: Field) -> None:
        """One account per name."""
        if username_taken(field.data):
            raise ValidationError(_l("That username is taken."))


class LoginForm(FlaskForm):  # type: ignore[misc]
    """Log in; stays logged in on this phone."""

    username = StringField(_l("Username"), validators=[InputRequired(), no_control_characters, Length(max=NAME_LENGTH)])
    password = PasswordField(_l("Password"), validators=[InputRequired()])
    remember = BooleanField(_l("Stay logged in on this phone"), default=True)
