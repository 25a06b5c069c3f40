"""Account forms: register, log in, change the password, delete the account, and buttons."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp, ValidationError

from .. import credentials
from ..credentials import PASSWORD_MAX, looks_like_latin, normalize_username, password_problem, username_key
from ..models import KEY_LENGTH, NAME_LENGTH, User
from ..services.accounts import username_taken
from .common import no_control_characters

PASSWORD_MESSAGES = {
    "blank": _l("The password cannot be only spaces or invisible characters."),
    "too_short": _l("Use at least 8 characters."),
    "too_long": _l("Use at most 200 characters."),
    "common": _l("This password is too common."),
    "contains_username": _l("The password must not contain the username."),
}


def _normalized(value: str | None) -> str | None:
    """A typed username as it would be stored (NFKC, no surrounding spaces)."""
    return normalize_username(value) if isinstance(value, str) else value


def check_new_password(password: str | None, username: str | None) -> None:
    """Refuse a password that is blank, short, long, common or contains the username, saying which."""
    problem = password_problem(password or "", username or "")
    if problem is not None:
        raise ValidationError(PASSWORD_MESSAGES[problem])


class RegisterForm(FlaskForm):
    """A new account: a name and a password, no e-mail."""

    username = StringField(_l("Username"), filters=[_normalized], validators=[
        InputRequired(), no_control_characters, Length(min=2, max=NAME_LENGTH),
        Regexp(r"^[\w.\-]+$", message=_l("Use letters, digits, dots, dashes or underscores."))])
    password = PasswordField(_l("Password"), validators=[InputRequired()])
    confirm = PasswordField(_l("Repeat the password"), validators=[
        InputRequired(), EqualTo("password", message=_l("The passwords do not match."))])

    def validate_username(self, field: Field) -> None:
        """One account per name without regard to case or width, and no letters posing as Latin ones."""
        if looks_like_latin(field.data):
            raise ValidationError(_l("Some letters of this name are from another alphabet and only look like "
                                     "Latin letters."))
        if len(username_key(field.data)) > KEY_LENGTH:
            raise ValidationError(_l("This name is too long."))
        if username_taken(field.data):
            raise ValidationError(_l("That username is taken."))

    def validate_password(self, field: Field) -> None:
        """Not blank, at least 8 characters, not common, not containing the username."""
        check_new_password(field.data, self.username.data)


class LoginForm(FlaskForm):
    """Log in; stays logged in on this phone."""

    username = StringField(_l("Username"), validators=[InputRequired(), no_control_characters, Length(max=NAME_LENGTH)])
    password = PasswordField(_l("Password"), validators=[InputRequired(), Length(max=PASSWORD_MAX)])
    remember = BooleanField(_l("Stay logged in on this phone"), default=True)


class AccountForm(FlaskForm):
    """A form about one account that asks for its password first."""

    def __init__(self, account: User, *args: object, **kwargs: object) -> None:
        """The form of this account."""
        super().__init__(*args, **kwargs)
        self.account = account

    def check_password_of_account(self, field: Field) -> None:
        """The account's own password, or 'Wrong password.'."""
        if not credentials.password_matches(self.account, field.data):
            raise ValidationError(_l("Wrong password."))


class ChangePasswordForm(AccountForm):
    """A new password, the current one first; every other device is logged out."""

    current = PasswordField(_l("Current password"), validators=[InputRequired(), Length(max=PASSWORD_MAX)])
    password = PasswordField(_l("New password"), validators=[InputRequired()])
    confirm = PasswordField(_l("Repeat the new password"), validators=[
        InputRequired(), EqualTo("password", message=_l("The passwords do not match."))])

    def validate_current(self, field: Field) -> None:
        """The account's current password."""
        self.check_password_of_account(field)

    def validate_password(self, field: Field) -> None:
        """Not blank, at least 8 characters, not common, not containing the username."""
        check_new_password(field.data, self.account.username)


class DeleteAccountForm(AccountForm):
    """Delete the account and every match of it: the password says it is really its owner."""

    password = PasswordField(_l("Your password"), validators=[InputRequired(), Length(max=PASSWORD_MAX)])

    def validate_password(self, field: Field) -> None:
        """The account's password."""
        self.check_password_of_account(field)


class ApiTokenForm(FlaskForm):
    """A new personal access token: a name saying which program holds it."""

    name = StringField(_l("Token name"), filters=[lambda v: v.strip() if isinstance(v, str) else v],
                       validators=[InputRequired(), no_control_characters, Length(min=1, max=NAME_LENGTH)])


class ButtonForm(FlaskForm):
    """A form that is only a button (and its CSRF token): log out, log out everywhere, end a session."""



class KeepMatchesForm(RegisterForm):
    """"Keep my matches": the name and password that turn this phone's guest account into a named one."""
