"""A rules card's lines: house rules in the words a player reads at the table, in the reader's language.

Every option of the rules core has its line here (OPTION_LINES, one per option: tests/web/test_profiles_card.py
fails when an option has none), then what no option decides but a dispute turns on (the deck, the opening sweep,
how the referee finds an error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

from ..forms.matches import PASSES_CHOICES, PENALTY_CHOICES
from ..rules import Ruleset
from ..rules.rulesets import Confirm, DealPasses, Penalty, Sevens, Ties
from ..services.profiles import HouseRules, OpeningSweep
from ..words.deck_words import DeckWords, words_for
from ..words.game_names import DECK_NAMES, GAME_NAMES


@dataclass(frozen=True)
class CardLine:
    """One line of the card: what it is about, and the rule in a sentence or two."""

    term: str
    words: str


def _target(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """The target, and that a tie at the top plays on (RULES.md §5)."""
    return CardLine(_("Playing to"), ngettext(
        "The first side to reach %(num)s point wins. Sides tied at the top at or past it play another hand.",
        "The first side to reach %(num)s points wins. Sides tied at the top at or past it play another hand.",
        rules.target))


def _bonus(key: str) -> Callable[[Ruleset, DeckWords], CardLine]:
    """The line of one bonus: what it gives, or that it gives nothing."""

    def line(rules: Ruleset, deck: DeckWords) -> CardLine:
        """The bonus's line under these rules."""
        points = int(getattr(rules, key))
        if not points:
            return CardLine(deck.category(key), _("No bonus."))
        return CardLine(deck.category(key), ngettext("%(num)s more point to the side that takes them.",
                                                     "%(num)s more points to the side that takes them.", points)
                        if key != "over30" else
                        ngettext("%(num)s more point to the side that takes more than 30 cards.",
                                 "%(num)s more points to the side that takes more than 30 cards.", points))
    return line


def _penalty(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """The penalty, in the new-match form's words for it."""
    labels = {Penalty(value): label for value, label in PENALTY_CHOICES}
    return CardLine(_("When a side erred"), str(labels[rules.penalty]))


def _deal(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """Which way the deal passes, in the new-match form's words."""
    labels = {DealPasses(value): label for value, label in PASSES_CHOICES}
    return CardLine(_("The deal passes"), str(labels[rules.deal_passes]))


def _sevens(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """Who takes the sevens point, in the scoreboard's words for it."""
    words = {
        Sevens.MOST: _("Most sevens."),
        Sevens.SETENTA: _("La setenta, as in Argentina: each side's best card in each suit counts, 7 = 21, 6 = 18, "
                          "ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, the figures 10. The highest sum of the four takes "
                          "it; a side missing a suit cannot."),
        Sevens.MOST_TIEBREAK: _("As in Uruguay: most sevens; tied, most sixes, then most aces, then most fives."),
    }
    return CardLine(_("The sevens point"), words[rules.sevens])


def _ties(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """Who scores a category tied at the top, in the scoreboard's words."""
    words = {Ties.NOBODY: _("Nobody scores it."),
             Ties.SHARED: _("Every side tied at the top scores it (a house rule).")}
    return CardLine(_("A category tied at the top"), words[rules.ties])


def _confirm(rules: Ruleset, _deck: DeckWords) -> CardLine:
    """Whether a hand waits for the other sides, in the scoreboard's words."""
    words = {Confirm.NONE: _("A hand counts once saved."),
             Confirm.OTHER_SIDES: _("A hand counts when every other side confirms it.")}
    return CardLine(_("Confirming hands"), words[rules.confirm_hands])


# Each option's line, by the option's name.
OPTION_LINES: dict[str, Callable[[Ruleset, DeckWords], CardLine]] = {
    "target": _target, "all_oros": _bonus("all_oros"), "all_sevens": _bonus("all_sevens"),
    "over30": _bonus("over30"), "penalty": _penalty, "deal_passes": _deal, "sevens": _sevens, "ties": _ties,
    "confirm_hands": _confirm,
}


def card_lines(rules: HouseRules) -> list[CardLine]:
    """The card's lines, in the order a table reads them: the game and its deck, how a hand scores, each option,
    the opening sweep, and how the referee finds an error."""
    ruleset, deck = rules.ruleset, words_for(rules.deck())
    lines = [
        CardLine(_("Game"), str(GAME_NAMES[ruleset.preset])),
        CardLine(_("Cards"), str(DECK_NAMES[rules.deck()])),
        CardLine(_("Each hand"), _(
            "One point each for most cards, most %(suit)s, the sevens point and the %(velo)s; one point for each "
            "escoba.", suit=deck.oros, velo=deck.velo)),
    ]
    lines += [OPTION_LINES[name](ruleset, deck) for name in ruleset.options()]
    if rules.opening_sweep is OpeningSweep.DEALER:
        sweep = _("When the four cards dealt to the table make 15 (or 30), the dealer takes them as one escoba (two "
                  "for 30).")
    else:
        sweep = _("When the four cards dealt to the table make 15 (or 30), the first player to notice takes them as "
                  "one escoba (two for 30).")
    lines.append(CardLine(_("Who takes an opening sweep"), sweep))
    lines.append(CardLine(_("A side that erred"), _(
        "At the end of a hand the cards left on the table add up to 10, 25, 40 or 55. When they do not, a side took "
        "cards that did not make 15: the referee splits each pile into fifteens to find which.")))
    return lines
