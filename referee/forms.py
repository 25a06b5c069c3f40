"""Every form: accounts, new match, draw for dealer, and the two ways to enter a hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import EqualTo, InputRequired, Length, NumberRange, Optional, Regexp, ValidationError

from .models import NAME_LENGTH
from .rules import DECK, PRESETS
from .services.accounts import username_taken


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a select or radio field, as WTForms 3.3+ wants them."""
    return [SelectChoice(value, label) for value, label in pairs]


class RegisterForm(FlaskForm):  # type: ignore[misc]
    """A new account: a name and a password, no e-mail."""

    username = StringField(_l("Username"), validators=[
        InputRequired(), Length(min=2, max=NAME_LENGTH),
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

    username = StringField(_l("Username"), validators=[InputRequired(), Length(max=NAME_LENGTH)])
    password = PasswordField(_l("Password"), validators=[InputRequired()])
    remember = BooleanField(_l("Stay logged in on this phone"), default=True)


PRESET_CHOICES = [
    ("escova-rs", _l("Escova (Rio Grande do Sul): to 15, 6 deck points")),
    ("escoba-es", _l("Escoba (Spain): to 21, 4 deck points")),
    ("escoba-intl", _l("Escoba (international): to 21, all-oros and all-sevens bonuses")),
]
SEATING_CHOICES = [("pairs", _l("Two partnerships")), ("2", _l("2 players")), ("3", _l("3 players")),
                   ("4", _l("4 players"))]
BONUS_CHOICES = [("", _l("as the preset")), ("0", _l("no bonus")), ("1", "+1"), ("2", "+2")]
DECK_CHOICES = [("", _l("as the preset")), ("spanish", _l("Spanish deck")),
                ("french", _l("French deck, Q = 8, J = 9 (Brazil)")),
                ("french-jq", _l("French deck, J = 8, Q = 9"))]
PENALTY_CHOICES = [("forfeit", _l("Forfeit: the erring side scores 0, the other takes all deck points")),
                   ("void", _l("Void: the erring side scores 0, the others what they earned")),
                   ("flag", _l("Flag: show the error, count points as entered"))]
PASSES_CHOICES = [("right", _l("To the right (next in the order of play)")), ("left", _l("To the left"))]


class NewMatchForm(FlaskForm):  # type: ignore[misc]
    """Rules, deck, players in the order of play, and who deals first."""

    preset = RadioField(_l("Game"), choices=options(PRESET_CHOICES), default="escova-rs")
    seating = RadioField(_l("Players"), choices=options(SEATING_CHOICES), default="pairs")
    names = FieldList(StringField(_l("Name"), validators=[Optional(), Length(max=NAME_LENGTH)]),
                      min_entries=4, max_entries=4)
    first_dealer = SelectField(_l("First dealer"), choices=options([("draw", _l("Draw cards for it"))]), default="draw")
    target = IntegerField(_l("Target"), validators=[Optional(), NumberRange(min=1, max=100)])
    all_oros = SelectField(_l("All 10 oros"), choices=options(BONUS_CHOICES), default="")
    all_sevens = SelectField(_l("All 4 sevens"), choices=options(BONUS_CHOICES), default="")
    over30 = SelectField(_l("More than 30 cards"), choices=options(BONUS_CHOICES), default="")
    penalty = SelectField(_l("When a side erred"), choices=options(PENALTY_CHOICES), default="forfeit")
    deal_passes = SelectField(_l("The deal passes"), choices=options(PASSES_CHOICES), default="right")
    deck_style = SelectField(_l("Cards"), choices=options(DECK_CHOICES), default="")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(i), _l("Seat %(number)s", number=i + 1)) for i in range(4)]
        self.first_dealer.choices = options([("draw", _l("Draw cards for it")), *seats])

    @property
    def seat_count(self) -> int:
        """How many seats the chosen seating has."""
        return 4 if self.seating.data == "pairs" else int(self.seating.data or 2)

    def player_names(self) -> tuple[str, ...]:
        """The names typed for the seats in use, trimmed."""
        return tuple((entry.data or "").strip() for entry in self.names.entries[: self.seat_count])

    def validate_names(self, field: Field) -> None:
        """Every seat in use has a name, and no two the same."""
        names = self.player_names()
        if not all(names):
            raise ValidationError(_l("Give every player a name."))
        if len(set(names)) != len(names):
            raise ValidationError(_l("Two players have the same name."))

    def validate_first_dealer(self, field: Field) -> None:
        """The first dealer sits at the table."""
        if field.data != "draw" and int(field.data) >= self.seat_count:
            raise ValidationError(_l("Pick one of the players."))

    def options(self) -> dict[str, object]:
        """The options the form changes from the preset."""
        options: dict[str, object] = {"penalty": self.penalty.data, "deal_passes": self.deal_passes.data}
        if self.target.data is not None:
            options["target"] = self.target.data
        for name in ("all_oros", "all_sevens", "over30"):
            if getattr(self, name).data:
                options[name] = int(getattr(self, name).data)
        return options

    def deck(self) -> str:
        """The deck style chosen, or the preset's."""
        return str(self.deck_style.data or PRESETS[self.preset.data].deck_style.value)


CARD_CODES = [str(card) for card in DECK]


class DrawForm(FlaskForm):  # type: ignore[misc]
    """Each drawing player's card, for the draw for dealer."""

    seats = HiddenField()
    cards = FieldList(SelectField(choices=options([("", "—"), *[(c, c) for c in CARD_CODES]]),
                                  validators=[InputRequired()]), min_entries=0, max_entries=4)

    def validate_cards(self, field: Field) -> None:
        """No card drawn twice."""
        drawn = [entry.data for entry in field.entries]
        if len(set(drawn)) != len(drawn):
            raise ValidationError(_l("Two players cannot draw the same card."))


class HandFormBase(FlaskForm):  # type: ignore[misc]
    """What both ways of entering a hand share."""

    last_capture = RadioField(_l("Last capture"), validators=[InputRequired(_l("Who made the last capture?"))])
    dealer = SelectField(_l("Dealer"))
    client_token = HiddenField()
    number = HiddenField()
    version = HiddenField()
    escobas = FieldList(IntegerField(_l("Escobas"), default=0, validators=[
        InputRequired(_l("How many escobas? 0 if none.")), NumberRange(min=0, max=20)]), min_entries=2, max_entries=4)

    def setup(self, side_names: tuple[str, ...], seat_names: list[str]) -> None:
        """Choices that depend on the match."""
        self.last_capture.choices = options((str(i), name) for i, name in enumerate(side_names))
        self.dealer.choices = options((str(i), name) for i, name in enumerate(seat_names))
        while len(self.escobas.entries) < len(side_names):
            self.escobas.append_entry(0)
        while len(self.escobas.entries) > len(side_names):
            self.escobas.pop_entry()

    def side_escobas(self, i: int) -> Any:
        """Side i's escobas as typed (whole numbers are checked by the rules core's reader)."""
        return self.escobas.entries[i].data


class CardsHandForm(HandFormBase):
    """A hand card by card: where each of the 40 cards ended up."""

    @staticmethod
    def places(formdata: Any) -> dict[str, str]:
        """Each card's place from the per-card selects named 'place-<code>'."""
        return {code: formdata.get(f"place-{code}", "") for code in CARD_CODES}

    def body(self, places: dict[str, str], n_sides: int) -> dict[str, Any]:
        """The API shape of the entry from each card's place ('0'…'3' or 'L')."""
        sides = [{"cards": [c for c in CARD_CODES if places.get(c) == str(i)], "escobas": self.side_escobas(i)}
                 for i in range(n_sides)]
        return {"sides": sides, "leftover": [c for c in CARD_CODES if places.get(c) == "L"],
                "last_capture": int(self.last_capture.data)}


class TallyHandForm(HandFormBase):
    """A hand by counts: per side cards, oros, sevens, the velo, escobas, and the pile sum when asked."""

    cards = FieldList(IntegerField(validators=[InputRequired(_l("Count the cards.")), NumberRange(min=0, max=40)]),
                      min_entries=2, max_entries=4)
    oros = FieldList(IntegerField(validators=[InputRequired(_l("Count the oros.")), NumberRange(min=0, max=10)]),
                     min_entries=2, max_entries=4)
    sevens = FieldList(IntegerField(validators=[InputRequired(_l("Count the sevens.")), NumberRange(min=0, max=4)]),
                       min_entries=2, max_entries=4)
    pile_sum = FieldList(IntegerField(validators=[Optional(), NumberRange(min=0, max=220)]),
                         min_entries=2, max_entries=4)
    velo = RadioField(_l("Who holds the velo (7 of oros)?"),
                      validators=[InputRequired(_l("Who holds the velo?"))])
    leftover_sum = IntegerField(_l("Sum of the cards left on the table"), validators=[
        InputRequired(_l("Add up the cards left on the table.")), NumberRange(min=0, max=220)])

    def setup(self, side_names: tuple[str, ...], seat_names: list[str]) -> None:
        """Per-side rows for each side."""
        super().setup(side_names, seat_names)
        self.velo.choices = options((str(i), name) for i, name in enumerate(side_names))
        for field_list in (self.cards, self.oros, self.sevens, self.pile_sum):
            while len(field_list.entries) < len(side_names):
                field_list.append_entry()
            while len(field_list.entries) > len(side_names):
                field_list.pop_entry()

    def body(self, n_sides: int) -> dict[str, Any]:
        """The API shape of the entry."""
        sides = []
        for i in range(n_sides):
            tally: dict[str, Any] = {"cards": self.cards.entries[i].data, "oros": self.oros.entries[i].data,
                                     "sevens": self.sevens.entries[i].data, "velo": self.velo.data == str(i)}
            if self.pile_sum.entries[i].data is not None:
                tally["pile_sum"] = self.pile_sum.entries[i].data
            sides.append({"tally": tally, "escobas": self.side_escobas(i)})
        return {"sides": sides, "leftover_sum": self.leftover_sum.data, "last_capture": int(self.last_capture.data)}
