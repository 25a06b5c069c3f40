"""The quick entry: the leftover's cards first; counts when their sum is right, the piles' cards when not.

The last side's counts are never typed: they follow from the deck and the other sides' counts
(referee/rules/quick.py). Counts include the leftover for the side that took it, as in the
entry by counts: a player counts the pile as it lies at the end of the hand.
"""

from __future__ import annotations

from typing import Any, cast

from flask_babel import lazy_gettext as _l
from wtforms import Field, FieldList, RadioField
from wtforms.validators import NumberRange, Optional

from ..rules import Card, Rest, Ruleset, SideTally, Suit, TallyEntry, complete_tallies
from ..rules.report import leftover_ok
from ..words.deck_words import words_for
from .common import BoundedFieldList, WholeNumberField, options
from .hands import CardsHandForm, placed, range_words
from .variant_counts import (
    BREAKERS,
    SETENTA,
    SUIT_CODES,
    breaker_list,
    setenta_cards_list,
    setenta_list,
    seven_suits_list,
    typed,
)

OROS = range(0, 11)  # the chips a side's oros are tapped on
SEVENS = range(0, 5)

# What the leftover asks for next: counts (its sum is right), the piles' cards (it is wrong, or piles were
# started), or the leftover itself (nothing placed yet).
COUNTS, PILES, ASK_PILES, NOTHING = "counts", "piles", "ask_piles", "nothing"
# What a missing count says, in the words of the entry by counts.
REQUIRED = {"cards": _l("Count the cards."), "oros": _l("Count them: 0 if none."), "sevens": _l("Count the sevens.")}


class QuickHandForm(CardsHandForm):
    """A hand the quick way: the leftover's cards, then the counts of every side but the last, or the piles."""

    cards = BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=40)]),
                             min_entries=1, max_entries=3)
    oros = BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=10)]),
                            min_entries=1, max_entries=3)
    sevens = BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=4)]),
                              min_entries=1, max_entries=3)
    velo = RadioField(_l("Who holds the velo (7 of oros)?"), validators=[Optional()])
    # Dropped unless the match's sevens option asks for them (forms/variant_counts.py). The last side's
    # setenta is typed (or its best cards tapped) too: the others' cannot give it; its sixes, aces and fives follow
    # from the others'.
    setenta = setenta_list(4)
    setenta_cards = setenta_cards_list(4)
    # Under the setenta the sevens are tapped by suit: their count, the velo and each one's suit at once.
    seven_suits = seven_suits_list(3)
    sixes, aces, fives = breaker_list(3), breaker_list(3), breaker_list(3)
    start_id = "picker"  # where the error summary links a problem of the whole entry (the cards come first)


    def setup(self, side_names: tuple[str, ...], seat_names: list[str], deck: str | None = None,
              sevens: str | None = None) -> None:
        """Counts for every side but the last; the velo may be any side's, its question in the deck's words."""
        super().setup(side_names, seat_names, deck, sevens)
        self.velo.label.text = words_for(deck).velo_question
        self.velo.choices = options((str(i), name) for i, name in enumerate(side_names))
        breakers = [cast("FieldList[Field]", self[name]) for name in self.variants if name in BREAKERS]
        for field_list in (self.cards, self.oros, self.sevens, *breakers):
            while len(field_list.entries) < len(side_names) - 1:
                field_list.append_entry()
            while len(field_list.entries) > len(side_names) - 1:
                field_list.pop_entry()
        for field_list in [cast("FieldList[Field]", self[name]) for name in SETENTA if name in self.variants]:
            while len(field_list.entries) < len(side_names):
                field_list.append_entry()
            while len(field_list.entries) > len(side_names):
                field_list.pop_entry()
        self.rest_errors: list[str] = []  # problems of the last side's counts, which follow from the others
        if "setenta" not in self.variants:
            del self["seven_suits"]
            return
        while len(self.seven_suits.entries) < len(side_names) - 1:
            self.seven_suits.append_entry()
        while len(self.seven_suits.entries) > len(side_names) - 1:
            self.seven_suits.pop_entry()
        # A page from before the sevens were tapped by suit sent their counts and the velo instead.
        self.by_suit = self.is_submitted() and not any(entry.raw_data for entry in self.sevens.entries)
        if self.by_suit:
            self._sevens_from_suits(len(side_names))

    def _sevens_from_suits(self, n_sides: int) -> None:
        """The sevens' counts and the velo as the sevens tapped by suit say: the velo is the side's that tapped the 7
        of oros, the last side's when no other did."""
        suits = [entry.data for entry in self.seven_suits.entries]
        for entry, held in zip(self.sevens.entries, suits, strict=True):
            entry.data = len(held)
        self.velo.data = next((str(i) for i, held in enumerate(suits) if "o" in held), str(n_sides - 1))

    def best_cards(self, i: int, n_sides: int) -> dict[str, Any]:
        """Side i's setenta as the rules core takes it under the quick entry: its sum if typed; else its sevens (each
        its suit's best) and the cards tapped, the suits left untold untold, so that the referee asks for them only
        where they can change the point. The last side's sevens are those the others did not tap."""
        given = typed(self, i, ("setenta",))
        if "setenta" in given:
            return given | typed(self, i, ("setenta_cards",))
        others = {suit for entry in self.seven_suits.entries for suit in entry.data}
        if not self.by_suit:
            sevens = set()
        elif i < n_sides - 1:
            sevens = set(self.seven_suits.entries[i].data)
        else:
            sevens = {suit for suit in SUIT_CODES if suit not in others}
        chosen = self.setenta_cards.entries[i]
        tapped = [card for card in chosen.cards or () if card.suit.value not in sevens]
        cards = sorted([*(Card(7, Suit(suit)) for suit in sevens), *tapped], key=lambda card: SUIT_CODES.index(
            card.suit.value))
        untold = tuple(suit for suit in chosen.untold if suit.value not in sevens)
        return {"setenta_cards": tuple(cards), "setenta_untold": untold}

    def range_words(self) -> dict[str, str]:
        """What the cards' field says of a number out of its range (oros and sevens are chips, never out of it)."""
        return range_words(self, ("cards",))

    @staticmethod
    def table_sum(places: dict[str, str]) -> int:
        """The sum of the cards placed on the table (the codes are the page's, each one of the deck's)."""
        return sum(Card.parse(code).value for code, place in places.items() if place == "L")

    @staticmethod
    def stage(places: dict[str, str]) -> str:
        """What the places call for: counts, the piles, the piles asked for, or the leftover first."""
        if any(place not in ("", "L") for place in places.values()):
            return PILES
        leftover = QuickHandForm.table_sum(places)
        if leftover == 0:
            return NOTHING
        return COUNTS if leftover_ok(leftover) else ASK_PILES

    def require_counts(self) -> bool:
        """Mark each count the entry by counts still needs; True when every count is there and sound."""
        for key, message in REQUIRED.items():
            field_list = getattr(self, key)
            for entry in field_list.entries:
                if entry.data is None and not entry.errors:
                    entry.errors = [str(message)]
            # A FieldList's errors are its entries', as validate() gathers them (form.errors reads these).
            errors = [list(entry.errors) for entry in field_list.entries]
            field_list.errors = errors if any(errors) else []
        if not self.velo.data and not self.velo.errors:
            self.velo.errors = [str(_l("Who holds the velo?"))]
        return not any(getattr(self, key).errors for key in (*REQUIRED, "velo"))

    def require_leftover(self) -> None:
        """Nothing placed at all: the quick entry starts with the cards left on the table."""
        self.form_errors.append(str(_l("Tap the cards left on the table first (each one set to “Table”).")))

    def counts_entry(self, places: dict[str, str], n_sides: int, ruleset: Ruleset) -> TallyEntry:
        """The rules core's entry by counts: the leftover's cards, the tallies, the last side's worked out from the
        deck (InvalidEntry when the others' counts leave it impossible), under the match's rules."""
        setenta = "setenta" in self.variants
        others = tuple(name for name in self.variants if not setenta or name not in SETENTA)
        sides: list[SideTally | Rest] = [
            SideTally(self.cards.entries[i].data, self.oros.entries[i].data, self.sevens.entries[i].data,
                      self.velo.data == str(i), int(self.side_escobas(i)), **typed(self, i, others),
                      **(self.best_cards(i, n_sides) if setenta else {}))
            for i in range(n_sides - 1)]
        # The last side's setenta is typed (or its best cards tapped) beside its worked-out counts: the only count
        # it gives.
        rest = self.best_cards(n_sides - 1, n_sides) if setenta else {}
        sides.append(Rest(int(self.side_escobas(n_sides - 1)), rest.get("setenta"), rest.get("setenta_cards"),
                          rest.get("setenta_untold", ())))
        leftover = placed(places, "L")
        return TallyEntry(ruleset, complete_tallies(sides), sum(card.value for card in leftover),
                          int(self.last_capture.data), leftover)
