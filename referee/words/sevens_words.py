"""The review's account of the sevens point under a regional option, in the request's language.

Under ``setenta`` each side's best card of each suit (named in the match's deck) with its worth, and the sum; a
side lacking a suit says so. Under ``most_tiebreak``, when the sevens tie, the counts read to break the tie and
one sentence saying who took the point and by what. The rules core gives the facts (``rules/sevens.py``); this
module only words them. A match playing most sevens gets nothing: its review is as it always was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from ..rules import HandReport, Sevens, Ties
from ..rules.cards import SUITS, Suit
from ..rules.names import suit_name
from ..rules.setenta_cards import FIGURE
from ..rules.sevens import TIEBREAK, Tiebreak, lacking_suits, primiera, sevens_tiebreak
from .deck_words import deck_style, name_card, words_for


@dataclass(frozen=True)
class SetentaCard:
    """One of a side's best cards: its name in the match's deck, its suit's code (for its colour), its worth."""

    name: str
    suit: str
    worth: int


@dataclass(frozen=True)
class SetentaRow:
    """A side's setenta: its best cards (an entry by cards only), the sum (None when it cannot take it), and
    the words for a side lacking a suit."""

    side: str
    cards: tuple[SetentaCard, ...]
    total: int | None
    lacking: str | None


@dataclass(frozen=True)
class CountRow:
    """One count read to break a tie in sevens, side by side (None where a tally did not give it)."""

    label: str
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class SevensReview:
    """What the review shows of the sevens point: the setenta rows, or the tiebreak's rows and its sentence."""

    setenta: tuple[SetentaRow, ...] = ()
    by_cards: bool = False
    tiebreak: tuple[CountRow, ...] = ()
    verdict: str = ""


def sevens_review(report: HandReport, sevens: str, ties: str, names: Sequence[str], deck: str | None,
                  partnerships: bool = False) -> SevensReview | None:
    """The review's sevens block for a match's ``sevens`` and ``ties`` options; None when there is nothing to tell
    (a match playing most sevens, or sevens not tied under the tiebreak)."""
    if sevens == Sevens.SETENTA.value:
        # By cards: an entry by every card, or a tally whose every side tapped its best cards.
        by_cards = all(side.split is not None or side.counts.setenta_cards or side.counts.setenta_most is not None
                       for side in report.sides)
        setenta = tuple(_setenta_row(report, i, name, by_cards, deck) for i, name in enumerate(names))
        return SevensReview(setenta=setenta, by_cards=by_cards)
    if sevens != Sevens.MOST_TIEBREAK.value:
        return None
    counts = [side.counts for side in report.sides]
    told = sevens_tiebreak([c.sevens for c in counts],
                           [[getattr(c, name) for c in counts] for name, _value in TIEBREAK])
    if not told.tied:
        return None
    labels = count_labels()
    read = [name for name, _value in told.tied] + ([told.by] if told.by else [])
    read_rows = tuple(CountRow(labels[name], tuple(getattr(c, name) for c in counts)) for name in read)
    return SevensReview(tiebreak=read_rows, verdict=tiebreak_words(told, ties, names, partnerships))


def _setenta_row(report: HandReport, i: int, name: str, by_cards: bool, deck: str | None) -> SetentaRow:
    """One side's setenta: its best cards and sum, or why it cannot take the point."""
    counts = report.sides[i].counts
    # A figure tapped stands for any of the suit's figures (all count 10); one found in a pile is that card.
    tapped = report.sides[i].split is None
    cards = tuple(SetentaCard(words_for(deck).any_figure(card.suit) if tapped and card.value >= FIGURE
                              else name_card(card, deck), card.suit.value, primiera(card))
                  for card in counts.setenta_cards)
    if counts.setenta is None and counts.setenta_most is not None:
        # Its untold best cards could not change the point: what it told, and the most it could make.
        if not counts.setenta_most:
            return SetentaRow(name, cards, None, _("Lacks a suit: cannot take it"))
        return SetentaRow(name, cards, None, _("%(most)s at most: cannot take it", most=counts.setenta_most))
    if not by_cards:
        # A tally gives the sum only: 0 (read as None) for a side that lacks a suit.
        return SetentaRow(name, (), counts.setenta, None if counts.setenta else _("Lacks a suit: cannot take it"))
    missing = lacking_suits(counts.setenta_cards)
    if not missing:
        return SetentaRow(name, cards, counts.setenta, None)
    return SetentaRow(name, cards, None, lacking_words(missing, deck))


def suit_names(deck: str | None) -> dict[str, str]:
    """Each suit's name in the deck and the request's language, by its code."""
    language = str(get_locale() or "en")
    return {suit.value: suit_name(suit, deck_style(deck), language) for suit in SUITS}


def lacking_words(missing: Sequence[Suit], deck: str | None) -> str:
    """Why a side cannot take the setenta: 'No bastos or copas: lacks a suit, cannot take it'."""
    names = suit_names(deck)
    suits = format_list([names[suit.value] for suit in missing], style="or", locale=str(get_locale() or "en"))
    return str(_("No %(suits)s: lacks a suit, cannot take it", suits=suits))


def count_labels() -> dict[str, str]:
    """The counts' row labels: sevens, then the breakers."""
    return {"sevens": _("Sevens"), "sixes": _("Sixes"), "aces": _("Aces"), "fives": _("Fives")}


def tiebreak_words(told: Tiebreak, ties: str, names: Sequence[str], partnerships: bool = False) -> str:
    """One sentence: the counts that tied (with each leader's value), and who took the sevens point by what."""
    each = dict(told.tied)
    players = 2 if partnerships else 1
    if told.by == "sixes":
        return ngettext("Sevens tied (%(sevens)s each): %(side)s takes the sevens point with more sixes.",
                        "Sevens tied (%(sevens)s each): %(side)s take the sevens point with more sixes.",
                        players, side=names[told.leaders[0]], **each)
    if told.by == "aces":
        return ngettext("Sevens (%(sevens)s each) and sixes (%(sixes)s each) tied: %(side)s takes the sevens "
                        "point with more aces.",
                        "Sevens (%(sevens)s each) and sixes (%(sixes)s each) tied: %(side)s take the sevens "
                        "point with more aces.", players, side=names[told.leaders[0]], **each)
    if told.by == "fives":
        return ngettext("Sevens (%(sevens)s each), sixes (%(sixes)s each) and aces (%(aces)s each) tied: "
                        "%(side)s takes the sevens point with more fives.",
                        "Sevens (%(sevens)s each), sixes (%(sixes)s each) and aces (%(aces)s each) tied: "
                        "%(side)s take the sevens point with more fives.", players, side=names[told.leaders[0]],
                        **each)
    if ties == Ties.SHARED.value and told.leaders:
        sides = format_list([names[i] for i in told.leaders], locale=str(get_locale() or "en"))
        return _("Sevens, sixes, aces and fives all tied: %(sides)s each score the sevens point.", sides=sides)
    return _("Sevens, sixes, aces and fives all tied: nobody scores the sevens point.")
