"""Match forms: a new match and the draw for dealer."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from ..models import NAME_LENGTH
from ..rules import DECK, PRESETS
from .common import options

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
