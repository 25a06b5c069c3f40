"""The words that follow the match's deck: cards by name, the oros suit, the velo, the point categories.

The rules core says ``oros`` and ``7o``; a player holding a French deck sees ♦ diamonds
("ouros" in Portuguese, "diamantes" in Spanish). ``rules/names.py`` holds each card's and
suit's name per deck style and language; this module builds on it the words that forms,
templates and ``messages.py`` share, in the request's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from ..rules import Card, DeckStyle, Ruleset, Suit, UnknownCard
from ..rules.cards import VELO
from ..rules.names import card_name, of_suit, rank_name, rank_symbol, suit_name, suit_symbol
from ..rules.sevens import PRIMIERA

# A list of cards names this many; the rest are counted ("and 28 more cards").
CARDS_NAMED = 12
COURT_VALUES = (8, 9, 10)
# The point categories of a hand, in the order the review table shows them.
CATEGORIES = ("cards", "oros", "sevens", "velo", "all_oros", "all_sevens", "over30", "escobas")
# Categories a match scores only when its rules give them points.
BONUSES = ("all_oros", "all_sevens", "over30")
# What the deck holds of each count a pile is counted by (rules/quick.py DECK_COUNTS).
DECK_HOLDS = {"cards": 40, "oros": 10, "sevens": 4}


def _locale() -> str:
    """The request's language, as names.py reads it ('pt_BR', 'es', 'en')."""
    return str(get_locale() or "en")


def deck_style(style: DeckStyle | str | None) -> DeckStyle:
    """A deck style from its value (as a match stores it); the Spanish deck when none or unknown."""
    if isinstance(style, DeckStyle):
        return style
    try:
        return DeckStyle(style)
    except ValueError:
        return DeckStyle.SPANISH


def name_card(code: str | Card, style: DeckStyle | str | None = None) -> str:
    """A card's full name in the deck and language: '4 of diamonds', 'Sota de oros'.

    A text that is no card code (a client's typing, quoted back) is returned as it is.
    """
    try:
        card = code if isinstance(code, Card) else Card.parse(code)
    except UnknownCard:
        return str(code)
    return card_name(card, deck_style(style), _locale())


def name_cards(codes: tuple[str, ...] | list[str], style: DeckStyle | str | None = None) -> str:
    """Cards as a sentence lists them, by suit: 'Ace, 3 and 4 of coins; King of cups'.

    Past CARDS_NAMED cards the rest are counted ('; and 28 more cards'). Cards of one
    suit that follow each other share the suit's name; a list with no such run is a
    plain list ('King of coins, King of cups and King of swords').
    """
    deck, locale = deck_style(style), _locale()
    groups: list[list[str | Card]] = []
    for code in codes[:CARDS_NAMED]:
        card = _parsed(code)
        last = groups[-1][-1] if groups else None
        same_suit = isinstance(card, Card) and isinstance(last, Card) and last.suit is card.suit
        if same_suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    rest = len(codes) - min(len(codes), CARDS_NAMED)
    if all(len(group) == 1 for group in groups):
        names = [name_card(group[0], deck) for group in groups]
        if rest:
            names.append(ngettext("%(num)s more card", "%(num)s more cards", rest))
        return format_list(names, locale=locale) if names else ""
    parts = [_suit_run(group, deck, locale) for group in groups]
    if rest:
        parts.append(ngettext("and %(num)s more card", "and %(num)s more cards", rest))
    return "; ".join(parts)


def _parsed(code: str | Card) -> str | Card:
    """A card from its code; a text that is no code stays as it is."""
    try:
        return code if isinstance(code, Card) else Card.parse(code)
    except UnknownCard:
        return str(code)


def _suit_run(group: list[str | Card], deck: DeckStyle, locale: str) -> str:
    """Cards of one suit (or one text) as one phrase: 'Ace, 3 and 4 of coins'."""
    first = group[0]
    if not isinstance(first, Card):
        return first
    if len(group) == 1:
        return name_card(first, deck)
    ranks = format_list([rank_name(card, deck, locale) for card in group if isinstance(card, Card)], locale=locale)
    return of_suit(ranks, first.suit, deck, locale)


@dataclass(frozen=True)
class DeckWords:
    """The deck-dependent words of one deck style, in the request's language."""

    style: DeckStyle

    @property
    def oros(self) -> str:
        """The oros suit as this deck calls it: 'oros', 'coins', 'diamonds', 'ouros', 'diamantes'."""
        return suit_name(Suit.OROS, self.style, _locale())

    @property
    def oros_label(self) -> str:
        """The oros as a count's label: 'Diamonds'."""
        return self.oros[:1].upper() + self.oros[1:]

    @property
    def velo(self) -> str:
        """The velo's card name: '7 of diamonds', '7 de oros'."""
        return name_card(VELO, self.style)

    @property
    def velo_question(self) -> str:
        """The tally's question for the velo."""
        return str(_("Who holds the velo (%(card)s)?", card=self.velo))

    @property
    def courts(self) -> str:
        """The court cards' counting values: 'Sota 8, Caballo 9, Rey 10', 'Queen 8, Jack 9, King 10'."""
        return ", ".join(f"{rank_name(Card(value, Suit.OROS), self.style, _locale())} {value}"
                         for value in COURT_VALUES)

    @property
    def pile_sum_hint(self) -> str:
        """How to count a pile's sum, in the deck's names."""
        return str(_("Only when the referee asks: add up the values of every card in the side's pile "
                     "(%(courts)s).", courts=self.courts))

    @property
    def setenta_table(self) -> str:
        """The primiera table in the deck's names: '7 = 21, 6 = 18, As = 16, …, Sota/Caballo/Rey = 10'."""
        def named(value: int) -> str:
            return rank_name(Card(value, Suit.OROS), self.style, _locale()) if value == 1 else str(value)
        # No-break spaces around "=": a narrow screen breaks the line between two worths, never inside one.
        worth = [f"{named(value)}\u00a0=\u00a0{PRIMIERA[value]}" for value in (7, 6, 1, 5, 4, 3, 2)]
        figures = "/".join(rank_name(Card(value, Suit.OROS), self.style, _locale()) for value in COURT_VALUES)
        return ", ".join([*worth, f"{figures}\u00a0=\u00a0{PRIMIERA[COURT_VALUES[0]]}"])

    @property
    def setenta_hint(self) -> str:
        """How to count a side's setenta at the table, in the deck's names."""
        return str(_("Take the side's best card of each suit and add their worth: %(table)s.",
                     table=self.setenta_table))

    @property
    def seven_chips(self) -> list[tuple[str, str, str]]:
        """The sevens to tap by suit (the setenta's quick entry): the suit's code, the mark ('7♦', '7O'), the name."""
        return [(suit.value, f"{rank_symbol(Card(7, suit), self.style)}{suit_symbol(suit, self.style)}",
                 card_name(Card(7, suit), self.style, _locale())) for suit in Suit]

    def any_figure(self, suit: Suit) -> str:
        """A figure of a suit, whichever it is (all count 10 in the setenta): 'Knave, Knight or King of coins'."""
        locale = _locale()
        names = format_list([rank_name(Card(value, suit), self.style, locale) for value in COURT_VALUES],
                            style="or", locale=locale)
        return of_suit(names, suit, self.style, locale)

    @property
    def best_card_rows(self) -> list[dict[str, Any]]:
        """The setenta's card picker, a row per suit: its code and name, and a chip for each card that can be its
        best, by worth (value as the form reads it, the mark shown, the card's name); the figures share one chip."""
        locale = _locale()
        rows = []
        for suit in Suit:
            chips = [(str(value), rank_symbol(Card(value, suit), self.style), card_name(Card(value, suit), self.style,
                                                                                     locale))
                     for value in (7, 6, 1, 5, 4, 3, 2)]
            marks = [rank_symbol(Card(value, suit), self.style) for value in COURT_VALUES]
            mark = f"{marks[0]}–{marks[-1]}" if marks[0].isdigit() else "·".join(marks)
            chips.append((str(COURT_VALUES[0]), mark, self.any_figure(suit)))
            name = suit_name(suit, self.style, locale)
            rows.append({"code": suit.value, "name": name[:1].upper() + name[1:], "chips": chips})
        return rows

    def recount(self, key: str, names: list[str] | str, total: int | str) -> str:
        """The entry page's words for piles whose counts of one kind ('cards', 'oros', 'sevens') add up to more, or
        fewer, than the deck holds, naming the piles to count again: 'Pablo and Paula count 46 cards together, 6
        more than the deck's 40: recount their piles.' `names` is a list of the sides' names, or a placeholder for
        several (with `total` as "{total}": the words for a script to fill in, more than the deck)."""
        holds = DECK_HOLDS[key]
        fewer = isinstance(total, int) and total < holds
        words = {"names": names if isinstance(names, str) else format_list(names, locale=_locale()),
                 "total": total, "difference": abs(total - holds) if isinstance(total, int) else "{difference}",
                 "expected": holds, "suit": self.oros}
        return str(_RECOUNT[key, fewer](len(names) if isinstance(names, list) else 2, words))

    @property
    def recount_templates(self) -> dict[str, str]:
        """recount()'s words for piles counting more than the deck holds, with {names}, {total} and {difference}
        for the entry page's script to fill in as the counts are typed (static/js/count-problems.js)."""
        return {key: self.recount(key, "{names}", "{total}") for key in DECK_HOLDS}

    def category(self, key: str, sevens: str = "most") -> str:
        """A point category's label, as the review table's rows show it; the sevens point is the setenta's in a
        match playing the setenta (`sevens`, the match's option)."""
        if key == "sevens" and sevens == "setenta":
            return str(_("Setenta"))
        labels = {
            "cards": _("Most cards"),
            "oros": _("Most %(suit)s", suit=self.oros),
            "sevens": _("Most sevens"),
            "velo": _("Velo (%(card)s)", card=self.velo),
            "all_oros": _("All %(suit)s", suit=self.oros),
            "all_sevens": _("All sevens"),
            "over30": _("Over 30 cards"),
            "escobas": _("Escobas"),
        }
        return str(labels[key])


# recount()'s sentences, by count and whether the piles hold fewer than the deck: said of one pile or of several.
_RECOUNT: dict[tuple[str, bool], Callable[[int, dict[str, Any]], str]] = {
    ("cards", False): lambda n, w: ngettext(
        "%(names)s counts %(total)s cards, %(difference)s more than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s cards together, %(difference)s more than the deck's %(expected)s: "
        "recount their piles.", n, **w),
    ("cards", True): lambda n, w: ngettext(
        "%(names)s counts %(total)s cards, %(difference)s fewer than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s cards together, %(difference)s fewer than the deck's %(expected)s: "
        "recount their piles.", n, **w),
    ("oros", False): lambda n, w: ngettext(
        "%(names)s counts %(total)s %(suit)s, %(difference)s more than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s %(suit)s together, %(difference)s more than the deck's %(expected)s: "
        "recount their piles.", n, **w),
    ("oros", True): lambda n, w: ngettext(
        "%(names)s counts %(total)s %(suit)s, %(difference)s fewer than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s %(suit)s together, %(difference)s fewer than the deck's %(expected)s: "
        "recount their piles.", n, **w),
    ("sevens", False): lambda n, w: ngettext(
        "%(names)s counts %(total)s sevens, %(difference)s more than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s sevens together, %(difference)s more than the deck's %(expected)s: "
        "recount their piles.", n, **w),
    ("sevens", True): lambda n, w: ngettext(
        "%(names)s counts %(total)s sevens, %(difference)s fewer than the deck's %(expected)s: recount the pile.",
        "%(names)s count %(total)s sevens together, %(difference)s fewer than the deck's %(expected)s: "
        "recount their piles.", n, **w),
}


def words_for(style: DeckStyle | str | None) -> DeckWords:
    """The deck words of a deck style (a match's stored value or a DeckStyle)."""
    return DeckWords(deck_style(style))


def categories_in(rules: Ruleset) -> tuple[str, ...]:
    """The categories a match scores: every base one, and each bonus its rules give points."""
    return tuple(key for key in CATEGORIES if key not in BONUSES or getattr(rules, key) > 0)
