"""Hand forms: the two ways to enter a hand, by cards and by counts."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp

from ..rules import Card, CardEntry, Ruleset, SidePile, SideTally, TallyEntry
from ..words.deck_words import words_for
from .common import BoundedFieldList, WholeNumberField, options
from .matches import CARD_CODES
from .variant_counts import breaker_list, drop_unasked, setenta_cards_list, setenta_list, typed

# The hidden fields the entry page writes: a hand number, the match's version, a random token
# (uuid4().hex; static/js/outbox.js resends it). Anything else was not written by the page.
HIDDEN = ("number", "version", "client_token", "dealer")
TOKEN_LENGTH = 64  # as Hand.client_token stores it


class HandFormBase(FlaskForm):
    """What both ways of entering a hand share."""

    last_capture = RadioField(_l("Last capture"), validators=[InputRequired(_l("Who made the last capture?"))])
    dealer = SelectField(_l("Dealer"))
    client_token = HiddenField(validators=[Optional(), Length(max=TOKEN_LENGTH), Regexp(r"^[A-Za-z0-9_-]+\Z")])
    number = HiddenField(validators=[InputRequired(), Regexp(r"^[0-9]{1,4}\Z")])
    version = HiddenField(validators=[InputRequired(), Regexp(r"^[0-9]{1,9}\Z")])
    action = StringField()  # the button pressed: 'review' or 'save' (rendered as buttons, not by WTForms)
    escobas = BoundedFieldList(WholeNumberField(_l("Escobas"), default=0, validators=[
        InputRequired(_l("How many escobas? 0 if none.")), NumberRange(min=0, max=20)]), min_entries=2, max_entries=4)

    def setup(self, side_names: tuple[str, ...], seat_names: list[str], deck: str | None = None,
              sevens: str | None = None) -> None:
        """Choices that depend on the match (`deck`, the match's deck style, names the velo's card; `sevens`,
        its sevens option, keeps the counts it asks for)."""
        self.variants = drop_unasked(self, sevens)
        # What the referee asks before it can score (a tie in sevens to break): questions, not errors, each by the
        # id of the field that answers it (views/hand_problems.py).
        self.asks: dict[str, str] = {}
        self.last_capture.choices = options((str(i), name) for i, name in enumerate(side_names))
        self.dealer.choices = options((str(i), name) for i, name in enumerate(seat_names))
        while len(self.escobas.entries) < len(side_names):
            self.escobas.append_entry(0)
        while len(self.escobas.entries) > len(side_names):
            self.escobas.pop_entry()

    @property
    def tampered(self) -> bool:
        """True when a field the page writes itself (not the person) came back as no page writes it."""
        return any(getattr(self, name).errors for name in HIDDEN)

    @property
    def saving(self) -> bool:
        """True when Save was pressed (else the entry is only checked)."""
        return self.action.data == "save"

    def side_escobas(self, i: int) -> Any:
        """Side i's escobas as typed (whole numbers are checked by the rules core's reader)."""
        return self.escobas.entries[i].data


class CardsHandForm(HandFormBase):
    """A hand card by card: where each of the 40 cards ended up."""

    # "The rest to …" pressed (a submit button, so that it works without JavaScript): the side's index.
    # Anything but a side's index is no such button, and ignored.
    rest = StringField()

    def places(self, formdata: Any, n_sides: int) -> dict[str, str]:
        """Each card's place from the per-card selects named 'place-<code>'; with "The rest to …" pressed,
        every card not placed yet goes to that side's pile."""
        places = {code: formdata.get(f"place-{code}", "") for code in CARD_CODES}
        if self.rest.data in [str(i) for i in range(n_sides)]:
            places = {code: place or self.rest.data for code, place in places.items()}
        return places

    def entry(self, places: dict[str, str], n_sides: int, ruleset: Ruleset) -> CardEntry:
        """The rules core's entry from each card's place ('0'…'3' or 'L'), under the match's rules."""
        sides = tuple(SidePile(placed(places, str(i)), int(self.side_escobas(i))) for i in range(n_sides))
        return CardEntry(ruleset, sides, placed(places, "L"), int(self.last_capture.data))


class TallyHandForm(HandFormBase):
    """A hand by counts: per side cards, oros, sevens, the velo, escobas, and the pile sum when asked."""

    cards = BoundedFieldList(WholeNumberField(validators=[
        InputRequired(_l("Count the cards.")), NumberRange(min=0, max=40)]), min_entries=2, max_entries=4)
    oros = BoundedFieldList(WholeNumberField(validators=[
        InputRequired(_l("Count them: 0 if none.")), NumberRange(min=0, max=10)]), min_entries=2, max_entries=4)
    sevens = BoundedFieldList(WholeNumberField(validators=[
        InputRequired(_l("Count the sevens.")), NumberRange(min=0, max=4)]), min_entries=2, max_entries=4)
    pile_sum = BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=220)]),
                                min_entries=2, max_entries=4)
    velo = RadioField(_l("Who holds the velo?"),
                      validators=[InputRequired(_l("Who holds the velo?"))])
    leftover_sum = WholeNumberField(_l("Sum of the cards left on the table"), validators=[
        InputRequired(_l("Add up the cards left on the table.")), NumberRange(min=0, max=220)])
    # Dropped unless the match's sevens option asks for them (forms/variant_counts.py).
    setenta = setenta_list(4)
    setenta_cards = setenta_cards_list(4)
    sixes, aces, fives = breaker_list(4), breaker_list(4), breaker_list(4)

    def setup(self, side_names: tuple[str, ...], seat_names: list[str], deck: str | None = None,
              sevens: str | None = None) -> None:
        """Per-side rows for each side; the velo's question names the card as the match's deck does."""
        super().setup(side_names, seat_names, deck, sevens)
        self.velo.label.text = words_for(deck).velo_question
        self.velo.choices = options((str(i), name) for i, name in enumerate(side_names))
        variants = [cast("FieldList[Field]", self[k]) for k in self.variants]
        for field_list in (self.cards, self.oros, self.sevens, self.pile_sum, *variants):
            while len(field_list.entries) < len(side_names):
                field_list.append_entry()
            while len(field_list.entries) > len(side_names):
                field_list.pop_entry()
        # The sides' counts of one kind together, more or fewer than the deck holds: said below the counts.
        self.count_errors: list[str] = []

    def range_words(self) -> dict[str, str]:
        """What each count's field says of a number out of its range, as validation says it, for the page's script
        to say as it is typed (static/js/count-problems.js)."""
        return range_words(self, ("cards", "oros", "sevens"))

    def entry(self, n_sides: int, ruleset: Ruleset) -> TallyEntry:
        """The rules core's entry, under the match's rules."""
        sides = tuple(SideTally(self.cards.entries[i].data, self.oros.entries[i].data, self.sevens.entries[i].data,
                                self.velo.data == str(i), int(self.side_escobas(i)), self.pile_sum.entries[i].data,
                                **typed(self, i, self.variants))
                      for i in range(n_sides))
        return TallyEntry(ruleset, sides, int(cast(int, self.leftover_sum.data)), int(self.last_capture.data))


def placed(places: dict[str, str], where: str) -> tuple[Card, ...]:
    """The cards placed `where` (a side's index, or 'L' the table), in the deck's order."""
    return tuple(Card.parse(code) for code in CARD_CODES if places.get(code) == where)


# NumberRange's own message with both bounds: WTForms' catalog translates it (through the field), not ours.
NUMBER_RANGE = "Number must be between %(min)s and %(max)s."


def range_words(form: HandFormBase, keys: tuple[str, ...]) -> dict[str, str]:
    """Each count's out-of-range message in WTForms' words (NumberRange's, by the field's own validator), by key."""
    words = {}
    for key in keys:
        entry = cast("FieldList[Field]", form[key]).entries[0]
        bounds = next(v for v in entry.validators if isinstance(v, NumberRange))
        words[key] = entry.gettext(NUMBER_RANGE) % {"min": bounds.min, "max": bounds.max}
    return words


class AgainForm(FlaskForm):
    """?again=<event>: start the next hand from the entry of a hand taken back (a GET form, no CSRF)."""

    again = WholeNumberField(validators=[Optional(), NumberRange(min=1, max=2**31 - 1)])

    class Meta:
        csrf = False
