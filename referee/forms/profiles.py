"""House rules' forms: a profile's name and rules (the new-match form's rules part, the same fields), a new name,
deleting one, replacing its card's address, and the choice of a profile on the new-match page with the players typed
before it (GET forms)."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, Form, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, ValidationError

from ..services.profiles import HouseRules, OpeningSweep
from .common import BoundedFieldList, options
from .matches import NAME_RULES, NewMatchForm, RulesForm, whole_id
from .tools import stripped

OPENING_CHOICES = [("dealer", _l("The dealer, as one escoba (two for 30): the usual rule")),
                   ("first", _l("The first player to notice, as one escoba (two for 30)"))]


def _named(form: Form, field: Field) -> None:
    """A name is more than spaces."""
    if not (field.data or "").strip():
        raise ValidationError(_l("Give the house rules a name."))


class ProfileNameForm(FlaskForm):
    """A profile's new name."""

    # Stripped before it is checked: spaces around the name, dropped when it is saved, count against no limit (the
    # API reads a name the same way: views/api/profiles.py).
    name = StringField(_l("Name of these house rules"), filters=[stripped],
                       validators=[InputRequired(_l("Give the house rules a name.")), *NAME_RULES, _named])


class ProfileForm(ProfileNameForm, RulesForm):
    """A profile's name and rules: the new-match form's rules part (RulesForm, every option's field) and the opening
    sweep."""

    opening_sweep = RadioField(_l("Who takes an opening sweep"), choices=options(OPENING_CHOICES),
                               default="dealer")

    def house_rules(self) -> HouseRules:
        """The rules chosen (call after validation)."""
        return self.chosen_rules(OpeningSweep(self.opening_sweep.data))

    def fill(self, name: str, rules: HouseRules) -> None:
        """Show a profile's name and rules."""
        self.name.data = name
        self.fill_rules(rules)
        self.opening_sweep.data = rules.opening_sweep.value


class ConfirmForm(FlaskForm):
    """A confirmation page's button (deleting a profile, replacing its card's address): its CSRF token only."""


class ProfileChoiceForm(FlaskForm):
    """The new-match page's choice of house rules, read from its query (`?profile=7`: a GET form, no CSRF)."""

    profile = HiddenField()

    class Meta:
        csrf = False

    def profile_id(self) -> int | None:
        """The profile chosen, if the query names one as a page writes it."""
        return whole_id(self.profile.data)


class TypedPlayersForm(FlaskForm):
    """The players the new-match page had typed when house rules were picked, read from the pick's query
    (static/js/new-match.js adds them to the link; a GET form, no CSRF): the page with the rules keeps them."""

    seating = NewMatchForm.seating
    names = NewMatchForm.names
    first_dealer = NewMatchForm.first_dealer

    class Meta:
        csrf = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(SelectField, self["first_dealer"]).choices = NewMatchForm(formdata=None,
                                                                       meta={"csrf": False}).first_dealer.choices

    def carry_to(self, form: NewMatchForm) -> None:
        """Put what was typed on the new-match form; a field this form refuses stays as a new page has it."""
        self.validate()
        seating, names, dealer = self["seating"], cast(BoundedFieldList, self["names"]), self["first_dealer"]
        if not seating.errors:
            form.seating.data = seating.data
        for typed, entry in zip(names.entries, form.names.entries, strict=True):
            if not typed.errors:
                entry.data = typed.data
        if not dealer.errors and (dealer.data == "draw" or int(dealer.data) < form.seat_count):
            form.first_dealer.data = dealer.data
