"""Tournaments' forms: a new tournament (its name, rules, format, seeding and entrants: members and the guests of the
club's earlier tournaments ticked, other guests and partnerships typed one a line, or the club's latest field offered
again) and a result recorded by hand with its reason."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, StopValidation, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..models import NAME_LENGTH
from ..services.formats import FORMATS, MAX_SWISS_ROUNDS
from ..services.tournament_rounds import MAX_POINTS, REASON_LENGTH
from ..services.tournaments import MAX_ENTRANTS, LastField, PlayerSpec, Seeding, TournamentSpec
from ..words.format_words import format_choices
from .common import WholeNumberField, field_errors, no_control_characters, options
from .matches import whole_id

# Partners on one line: "Ana & Bea" (or "Ana + Bea", "Ana / Bea").
PARTNERS = re.compile(r"\s*[&+/]\s*")
# What the entrants' box may hold: every entrant a line of two names and their separator.
ENTRANTS_LENGTH = MAX_ENTRANTS * (2 * NAME_LENGTH + 5)

SEEDING_CHOICES = [(Seeding.LISTED.value, _l("As listed: members first, then guests, then the names typed")),
                   (Seeding.RATING.value, _l("By rating on the club's leaderboard")),
                   (Seeding.DRAWN.value, _l("Drawn at random"))]


def _stripped(value: str | None) -> str | None:
    """The text without the spaces around it."""
    return value.strip() if isinstance(value, str) else value


def lines_without_control_characters(_form: FlaskForm, field: TextAreaField) -> None:
    """Lines of text without control characters but the line breaks (and tabs) a text box holds."""
    if any(unicodedata.category(c) == "Cc" and c not in "\r\n\t" for c in field.data or ""):
        raise StopValidation(_l("This holds control characters, which no keyboard types: remove them."))


class MultiCheckboxField(SelectMultipleField):
    """Choices as a list of checkboxes (WTForms' documented recipe for a select of many)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class TournamentForm(FlaskForm):
    """A new tournament. The view offers the organiser's rules profiles and the club's members as choices."""

    name = StringField(_l("Tournament name"), filters=[_stripped], validators=[
        InputRequired(_l("Give the tournament a name.")),
        Length(max=NAME_LENGTH, message=_l("A name has at most %(max)d characters.")), no_control_characters])
    profile = SelectField(_l("House rules"), validators=[InputRequired(_l("Pick the house rules it is played by."))])
    format = RadioField(_l("Format"), choices=options(format_choices()), default=next(iter(FORMATS)))
    rounds = WholeNumberField(_l("Rounds (Swiss)"), validators=[
        Optional(), NumberRange(min=1, max=MAX_SWISS_ROUNDS, message=_l("From %(min)s to %(max)s rounds."))])
    third_place = BooleanField(_l("A third-place match (knockout)"))
    confirm_hands = BooleanField(_l("Both sides confirm each hand"), default=True)
    seeding = RadioField(_l("Seeding"), choices=options(SEEDING_CHOICES), default=Seeding.LISTED.value)
    members = MultiCheckboxField(_l("Members playing"), choices=[], default=[])
    regulars = MultiCheckboxField(_l("Guests who played here before"), choices=[], default=[])
    guests = TextAreaField(_l("Other entrants, one a line"), validators=[
        Length(max=ENTRANTS_LENGTH, message=_l("That is more than a tournament can hold.")),
        lines_without_control_characters])

    def offer(self, profiles: list[tuple[int, str]], members: list[tuple[int, str]],
              guests: tuple[str, ...] = ()) -> None:
        """The organiser's profiles, the club's members and the guests of its earlier tournaments as the choices (a
        guest's name that is a member's is that member: offered once, as the member); a fresh form with one profile
        has it picked."""
        self.profile.choices = options([("", _l("Pick house rules")), *((str(i), name) for i, name in profiles)])
        self.members.choices = options((str(i), name) for i, name in members)
        taken = {name.casefold() for _i, name in members}
        self.offered = ({str(i) for i, _name in profiles}, {str(i) for i, _name in members},
                        [name for name in guests if name.casefold() not in taken])
        self.regulars.choices = options((name, name) for name in self.offered[2])
        if len(profiles) == 1 and not self.is_submitted():
            self.profile.data = str(profiles[0][0])

    def offer_again(self, last: LastField, members: dict[str, int]) -> None:
        """A fresh form filled as the club's latest tournament was: its entrants ticked (a partnership typed, as
        partnerships are) and its format, rounds, seeding and house rules (when still offered). `members`: the
        members' ids by their names in lower case."""
        profiles, offered_members, offered_guests = self.offered
        if last.partnerships:
            self.guests.data = "\n".join(" & ".join(player.name for player in players) for players in last.entrants)
        else:
            ticked = [players[0] for players in last.entrants]
            member_ids = [str(p.user_id if p.user_id is not None else members.get(p.name.casefold())) for p in ticked]
            self.members.data = [value for value in member_ids if value in offered_members]
            self.regulars.data = [p.name for p in ticked if p.user_id is None and p.name in offered_guests]
        self.format.data = last.format.name
        self.rounds.data = last.rounds
        self.third_place.data = last.third_place
        self.seeding.data = last.seeding.value
        if str(last.profile_id) in profiles:
            self.profile.data = str(last.profile_id)

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields, and a Swiss event saying how many rounds it plays (the rounds' own check stops at Optional)."""
        valid = super().validate(extra_validators)
        asks_rounds = self.format.data in FORMATS and FORMATS[str(self.format.data)].asks_rounds
        if asks_rounds and self.rounds.data is None and not self.rounds.errors:
            field_errors(self.rounds).append(str(_l("Say how many rounds the Swiss event plays.")))
            return False
        return valid

    def validate_guests(self, field: TextAreaField) -> None:
        """Every line an entrant: a name, or two partners' names; names of at most NAME_LENGTH characters; all
        entrants of one kind (a tournament of partnerships has no player alone)."""
        lines = self.lines()
        if len(lines) + len(self.members.data or []) + len(self.regulars.data or []) > MAX_ENTRANTS:
            raise ValidationError(_l("A tournament has at most %(most)d entrants.", most=MAX_ENTRANTS))
        for names in lines:
            if len(names) > 2 or any(not name for name in names):
                raise ValidationError(_l("Write a partnership as two names, as “Ana & Bea”."))
            if any(len(name) > NAME_LENGTH for name in names):
                raise ValidationError(_l("A name has at most %(max)d characters.", max=NAME_LENGTH))
        if self.partnerships() and (self.members.data or self.regulars.data or any(len(names) == 1 for names in lines)):
            raise ValidationError(_l("In a tournament of partnerships, write every entrant as two names, as "
                                     "“Ana & Bea”, members too (by their names here), and tick no one."))

    def lines(self) -> list[list[str]]:
        """The typed entrants, each a list of one or two names (blank lines left out)."""
        text = self.guests.data or ""
        return [PARTNERS.split(line.strip()) for line in text.splitlines() if line.strip()]

    def partnerships(self) -> bool:
        """Any typed line is a partnership: then every entrant is one."""
        return any(len(names) > 1 for names in self.lines())

    def spec(self, members: dict[str, int]) -> TournamentSpec:
        """The tournament the validated form asks for; a typed name that is a member's (`members`: by name in lower
        case) is that member's account."""
        ticked = [(PlayerSpec(user_id=int(user_id)),) for user_id in self.members.data or []]
        ticked += [(PlayerSpec(name=name, user_id=members.get(name.casefold())),) for name in self.regulars.data or []]
        typed = [tuple(PlayerSpec(name=name, user_id=members.get(name.casefold())) for name in names)
                 for names in self.lines()]
        return TournamentSpec(
            name=self.name.data or "", format=FORMATS[str(self.format.data)],
            profile_id=whole_id(self.profile.data) or 0,
            entrants=(*ticked, *typed), rounds=self.rounds.data, third_place=bool(self.third_place.data),
            seeding=Seeding(self.seeding.data), partnerships=self.partnerships(),
            confirm_hands=bool(self.confirm_hands.data))


class AgainForm(FlaskForm):
    """"New tournament"'s query string: ``?field=last`` fills the form as the club's latest tournament was (a GET
    form, no CSRF: it only fills a form the organiser still sends)."""

    field = SelectField(choices=options([("", ""), ("last", "last")]), default="")

    class Meta:
        csrf = False

    def last(self) -> bool:
        """The club's latest field is asked for (anything else in the query string: a plain form)."""
        return self.validate() and self.field.data == "last"


class ResultForm(FlaskForm):
    """A table's result recorded by hand: each side's points and why."""

    home_points = WholeNumberField(_l("Points"), validators=[
        InputRequired(_l("Give each side's points.")), NumberRange(min=0, max=MAX_POINTS)])
    away_points = WholeNumberField(_l("Points"), validators=[
        InputRequired(_l("Give each side's points.")), NumberRange(min=0, max=MAX_POINTS)])
    reason = StringField(_l("Why"), filters=[_stripped], validators=[
        InputRequired(_l("Say why the result is recorded by hand.")),
        Length(max=REASON_LENGTH, message=_l("At most %(max)d characters.")), no_control_characters])
