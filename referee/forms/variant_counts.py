"""The counts a tally needs under the match's ``sevens`` option (docs/rules.md, Regional options).

Under ``setenta`` each side gives its setenta sum, or taps its best card of each suit (a radio group per suit, the
rules core adding them up), or both; under ``most_tiebreak`` its sixes, aces and fives, typed only when the sevens
tie. A match that plays ``most`` asks for none of them: the fields are dropped from its
forms, so that its pages (and what they accept) stay as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field
from wtforms.form import BaseForm
from wtforms.utils import unset_value
from wtforms.validators import NumberRange, Optional, ValidationError

from ..rules import Card, Suit
from ..rules.cards import SUITS
from ..rules.setenta_cards import FIGURE, chosen_sum, kept
from ..rules.sevens import SETENTA_MOST, TIEBREAK
from .common import BoundedFieldList, WholeNumberField

SETENTA = ("setenta_cards", "setenta")  # in the page's order: the cards to tap, then the sum to type
# The values a suit's best card can have, by worth (7 = 21 down to a figure, any of them, = 10); '' is none.
BEST_VALUES = ("7", "6", "1", "5", "4", "3", "2", str(FIGURE))
SUIT_CODES = tuple(suit.value for suit in SUITS)
BREAKERS = tuple(name for name, _ in TIEBREAK)  # sixes, aces, fives: the order that breaks a tie
ASKED: dict[str, tuple[str, ...]] = {"setenta": SETENTA, "most_tiebreak": BREAKERS}
EVERY = (*SETENTA, *BREAKERS)
NUMBERS = ("setenta", *BREAKERS)  # the variant counts typed as numbers (the setenta cards are tapped)
EACH = 4  # the deck holds four sixes, four aces, four fives


def setenta_list(most: int) -> Any:
    """Each side's setenta sum, 0 for a side lacking a suit (missing ones are the referee's to name)."""
    return BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=SETENTA_MOST)]),
                            min_entries=1, max_entries=most)


class BestCardsField(Field):
    """A side's best card of each suit, tapped: a radio group per suit named '<name>-<suit>' ('' for none of it, no
    chip at all for a suit left untold).

    ``data`` holds each suit's value as sent (or as saved), None for an untold suit; ``cards`` the cards read: None
    when no card was tapped (the sum is typed, or missing), fewer than four for a side lacking a suit or leaving some
    untold (``untold``, which the referee asks for only when they can change the point).
    """

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        """Each suit's value from the posted radio groups, or from the saved data ({suit: value})."""
        self.process_errors: list[Any] = []
        self.object_data = data
        saved: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
        if formdata is not None:
            self.raw_data: list[Any] | None = [formdata.get(f"{self.name}-{suit}") for suit in SUIT_CODES]
            saved = dict(zip(SUIT_CODES, self.raw_data, strict=True))
        else:
            self.raw_data = None
        self.data: dict[str, str | None] = {
            suit: None if saved.get(suit) is None else str(saved[suit]) for suit in SUIT_CODES}

    def pre_validate(self, form: BaseForm) -> None:
        """Each suit one of the cards offered, none, or untold (an edited page may send anything)."""
        if any(value not in (None, "", *BEST_VALUES) for value in self.data.values()):
            raise ValidationError(_l("Tap one of the cards shown, or “None” for a suit the side lacks."))

    @property
    def cards(self) -> tuple[Card, ...] | None:
        """The cards tapped, in suit order; None when no card was (only "None", or nothing, tapped: the sum is typed,
        or missing)."""
        if not any(value in BEST_VALUES for value in self.data.values()):
            return None
        return tuple(Card(int(value), Suit(suit)) for suit, value in self.data.items() if value in BEST_VALUES)

    @property
    def untold(self) -> tuple[Suit, ...]:
        """The suits left untold, in suit order."""
        return tuple(Suit(suit) for suit, value in self.data.items() if value is None)

    @property
    def total(self) -> int | None:
        """The setenta the cards tapped make, as the rules core adds them up (0 lacking a suit); None untapped, or
        while a suit is untold."""
        cards = self.cards
        return None if cards is None or self.untold else chosen_sum(cards)


def chips_of(codes: list[str] | tuple[Card, ...] | None,
             untold: list[str] | tuple[Suit, ...] = ()) -> dict[str, str] | None:
    """Saved best cards as the field's data ({suit: value}); a figure as the value its chip sends, a suit neither
    tapped nor untold as none ('')."""
    if codes is None:
        return None
    cards = [code if isinstance(code, Card) else Card.parse(code) for code in codes]
    left = {suit if isinstance(suit, str) else suit.value for suit in untold}
    return ({suit: "" for suit in SUIT_CODES if suit not in left}
            | {card.suit.value: str(kept(card).value) for card in cards})


class SevenSuitsField(Field):
    """The sevens a side holds, by suit: a checkbox a seven named '<name>' (a hidden '' beside them keeps the side's
    place in its list when it holds none). Under the setenta they say the side's sevens, its best card of each of
    those suits, and who holds the velo, in one tap a seven."""

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        """The suits posted, or saved (a list of suit codes)."""
        self.process_errors: list[Any] = []
        self.object_data = data
        given = formdata.getlist(self.name) if formdata is not None else (data if isinstance(data, list) else [])
        self.raw_data: list[Any] | None = list(given) if formdata is not None else None
        self.data: tuple[str, ...] = tuple(suit for suit in SUIT_CODES if suit in given)
        self.refused = any(value not in ("", *SUIT_CODES) for value in given)

    def pre_validate(self, form: BaseForm) -> None:
        """Only the four suits' sevens (an edited page may send anything)."""
        if self.refused:
            raise ValidationError(_l("Tap the sevens the side holds."))

    @property
    def sevens(self) -> tuple[Card, ...]:
        """The sevens, as cards."""
        return tuple(Card(7, Suit(suit)) for suit in self.data)


def seven_suits_list(most: int) -> Any:
    """Each counted side's sevens by suit (under the setenta, in the quick entry)."""
    return BoundedFieldList(SevenSuitsField(), min_entries=1, max_entries=most)


def setenta_cards_list(most: int) -> Any:
    """Each side's best cards for its setenta, instead of (or beside) its sum."""
    return BoundedFieldList(BestCardsField(), min_entries=1, max_entries=most)


def breaker_list(most: int) -> Any:
    """Each side's sixes (or aces, or fives): optional, asked only when the sevens tie."""
    return BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=EACH)]),
                            min_entries=1, max_entries=most)


def asked(sevens: str | None) -> tuple[str, ...]:
    """The variant counts a match's ``sevens`` option asks of a tally (none for ``most``)."""
    return ASKED.get(sevens or "most", ())


def drop_unasked(form: Any, sevens: str | None) -> tuple[str, ...]:
    """Remove the variant fields the match does not ask for (what was posted to them is then ignored);
    the names of those kept."""
    kept = asked(sevens)
    for name in EVERY:
        if name not in kept and name in form:
            del form[name]
    return kept


def typed(form: Any, i: int, names: tuple[str, ...]) -> dict[str, Any]:
    """Side i's variant counts that were typed (its setenta cards, as cards, when some were tapped), by the rules
    core's names."""
    values = {name: form[name].entries[i].data for name in names
              if name in form and i < len(form[name].entries)}
    if "setenta_cards" in values:
        chosen = form["setenta_cards"].entries[i]
        values["setenta_cards"] = chosen.cards
        if chosen.cards is not None:
            values["setenta_untold"] = chosen.untold
    return {name: value for name, value in values.items() if value is not None}
