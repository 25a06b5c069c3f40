"""The reader's words for the rules core's problem and finding codes.

The rules core speaks in codes (RULES.md words, no language); this module is
where each code becomes a sentence in the request's language. A ``side`` value
(an index from 0) is first turned into the side's name by the caller's
``side_name`` — "Side 2" in the API, the players' names in the app; a ``card``
(a code) and ``cards`` (a tuple of codes) into the cards' names in the match's
deck ("4 of diamonds"); and the oros and the velo are named as that deck names
them. A sentence whose subject is a side has a form for a partnership ("Ana &
Carla score …"), chosen by ngettext on the side's number of players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from ..rules import DeckStyle, Finding, Problem, Suit
from ..rules.names import suit_name
from .deck_words import deck_style, name_card, name_cards, words_for

Words = Callable[[dict[str, Any]], str]

# A value the client sent is quoted by this many characters at most (a 5 MB name is not echoed back).
QUOTE_LIMIT = 20
ELLIPSIS = "…"


def shortened(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A text cut to its first `limit` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[:limit] + ELLIPSIS


PROBLEMS: dict[str, Words] = {
    "malformed_json": lambda p: _("the request body is not valid JSON"),
    "too_deep": lambda p: _("the request body is nested more than %(most)s levels deep", **p),
    "too_many_cards": lambda p: _("at most %(most)s cards, not %(count)s", **p),
    "not_ruleset_name": lambda p: _("expected a ruleset name such as 'escova-rs'"),
    "not_object": lambda p: _("expected a JSON object"),
    "unknown_field": lambda p: _("unknown field"),
    "required": lambda p: _("this field is required"),
    "not_list": lambda p: _("expected a list"),
    "not_whole": lambda p: _("expected a whole number"),
    "not_bool": lambda p: _("expected true or false"),
    "not_text": lambda p: _("expected a text"),
    "name_length": lambda p: _("must be 1 to %(most)s characters long", **p),
    "control_characters": lambda p: _("must not contain control characters"),
    "player_count": lambda p: _("a match has 2 to 4 players, not %(count)s", **p),
    "player_twice": lambda p: _("seat %(seat)s already has this name: give each player a different one", **p),
    "partnerships_need_four": lambda p: _("partnerships need 4 players"),
    "join_code": lambda p: _("expected the join code the match's owner shows (8 characters, at most %(most)s with "
                             "spaces and dashes)", **p),
    "seat_range": lambda p: _("must be a seat number from 0 to %(most)s", **p),
    "idempotency_key": lambda p: _("must be 1 to %(most)s printable characters (letters, digits, dashes)", **p),
    "digest": lambda p: _("expected the digest of the version as you saw it: 16 characters, digits and a to f"),
    "version_label": lambda p: _("expected a version's label: one capital letter, such as 'B'"),
    "sides_of_match": lambda p: _("this match has %(sides)s sides, not %(count)s", **p),
    "no_dealer_yet": lambda p: _("nobody deals yet: draw for the first dealer, or give 'dealer'"),
    "not_card_code": lambda p: _("expected a card code such as '7o'"),
    "unknown_card": lambda p: _("unknown card '%(card)s'", **p),
    "duplicate_card": lambda p: _("%(card)s is entered twice", **p),
    "missing_cards": lambda p: _(
        "not placed yet: %(cards)s (each of the 40 cards must be in a pile or left on the table)", **p),
    "card_on_table": lambda p: _("the played card (%(card)s) cannot also be on the table", **p),
    "unknown_ruleset": lambda p: _("unknown ruleset '%(name)s'; known rulesets: %(known)s", **p),
    "option_unknown": lambda p: _("unknown option"),
    "option_type": lambda p: _("expected a whole number") if "min" in p else _("must be one of: %(choices)s", **p),
    "option_range": lambda p: _("must be from %(min)s to %(max)s", **p),
    "option_choice": lambda p: _("must be one of: %(choices)s", **p),
    "cards_or_tally": lambda p: _("a side gives either 'cards' or a 'tally', not both or neither"),
    "mixed_entry": lambda p: _("all sides must be entered the same way: all with cards or all with tallies"),
    "needs_pile_sums_to_save": lambda p: _(
        "the leftover is wrong: count each side's pile sum so the referee can tell who erred, then save"),
    "side_count": lambda p: _("a hand has 2 to 4 sides, not %(count)s", **p),
    "last_capture_range": lambda p: _("must be a side number from 0 to %(most)s", most=p["sides"] - 1),
    "last_capture_empty": lambda p: _("the last capture cannot be %(side)s's: that pile is empty", **p),
    "escobas_negative": lambda p: _("escobas cannot be negative"),
    "escobas_too_many": lambda p: _("%(escobas)s escobas are more than this pile can hold (at most %(most)s)", **p),
    "count_range": lambda p: _("must be from %(min)s to %(max)s, not %(value)s", **p),
    "velo_needs_oro_and_seven": lambda p: _(
        "the velo (%(velo)s) counts among the %(suit)s and among the sevens: "
        "a side with the velo has at least one of each", **p),
    "counts_exceed_cards": lambda p: _("%(oros)s %(suit)s and %(sevens)s sevens do not fit in %(cards)s cards",
                                       **p),
    "total_cards": lambda p: _("the sides hold %(total)s cards together; the deck has %(expected)s", **p),
    "total_oros": lambda p: _("the sides hold %(total)s %(suit)s together; the deck has %(expected)s", **p),
    "total_sevens": lambda p: _("the sides hold %(total)s sevens together; the deck has %(expected)s", **p),
    "total_velo": lambda p: _("exactly one side holds the velo (%(velo)s), not %(total)s", **p),
    "total_pile_sum": lambda p: _("the pile sums add up to %(total)s; the whole deck adds up to 220", **p),
    "leftover_exceeds_pile": lambda p: _(
        "the leftover (%(sum)s) cannot be more than the pile sum of the side that took it (%(pile_sum)s)", **p),
    "rest_twice": lambda p: _("only one side's counts can follow from the others"),
    "rest_cards": lambda p: _("the other sides count %(total)s cards together, more than the deck's %(expected)s",
                              **p),
    "rest_oros": lambda p: _(
        "the other sides count %(total)s %(suit)s together, more than the deck's %(expected)s", **p),
    "rest_sevens": lambda p: _("the other sides count %(total)s sevens together, more than the deck's %(expected)s",
                               **p),
    "leftover_not_in_pile": lambda p: _(
        "at least %(least)s: the last capture was %(side)s's, so the cards left on the table are in this pile",
        **p),
    "leftover_velo_not_in_pile": lambda p: _(
        "the velo was left on the table, so the last capture (%(side)s's) took it", **p),
    "rest_velo_without_oro_or_seven": lambda p: _(
        "no other side holds the velo, so this side does, but the others' counts leave it no oro or no seven"),
    "rest_counts_exceed_cards": lambda p: _(
        "the others' counts leave this side %(cards)s cards, too few for %(oros)s %(suit)s and %(sevens)s sevens",
        **p),
    # The table of worths is beside the field, in the deck's names (deck_words.setenta_hint): not repeated here.
    "setenta_needed": lambda p: _(
        "%(side)s's setenta is needed: this match plays the setenta; give 0 for a side that lacks a suit", **p),
    "sixes_needed": lambda p: _(
        "%(side)s's sixes are needed: the sevens are tied (%(sevens)s each) and the most sixes break the tie", **p),
    "aces_needed": lambda p: _(
        "%(side)s's aces are needed: sevens and sixes are tied, and the most aces break the tie", **p),
    "fives_needed": lambda p: _(
        "%(side)s's fives are needed: sevens, sixes and aces are tied, and the most fives break the tie", **p),
    "setenta_range": lambda p: _("a setenta with %(sevens)s sevens is from %(min)s to %(max)s, not %(value)s", **p),
    "setenta_lacks_suit": lambda p: _(
        "a side with fewer than 4 cards or no %(suit)s lacks a suit: its setenta is 0, not %(value)s", **p),
    # La setenta by the best cards tapped (rules/setenta_cards.py).
    "setenta_suit_twice": lambda p: _("%(cards)s are of one suit: tap only the best card of each suit", **p),
    "setenta_disagrees": lambda p: _(
        "the cards tapped make a setenta of %(sum)s, not %(value)s: clear the sum or change the cards", **p),
    "setenta_cards_sevens": lambda p: _(
        "each seven is the best card of its suit: with %(sevens)s sevens counted, tap %(sevens)s sevens, "
        "not %(chosen)s", **p),
    "setenta_cards_velo": lambda p: _("this side holds the velo (%(velo)s): it is its best %(suit)s", **p),
    "setenta_cards_not_velo": lambda p: _(
        "the velo (%(velo)s) is another side's: it cannot be this side's best card", **p),
    "setenta_cards_oros": lambda p: _(
        "%(oros)s %(suit)s counted: tap the best of them, or none when it has none", **p),
    "setenta_cards_exceed": lambda p: _("%(chosen)s best cards tapped, more than the %(cards)s cards counted", **p),
    "setenta_untold_needed": lambda p: _(
        "%(side)s's best cards of %(suits)s can change who takes the setenta: tap them (“None” for a suit it lacks)",
        **p),
    "setenta_card_claimed": lambda p: _("%(card)s is in %(owner)s's pile: it cannot be this side's best card",
                                        **p),
    "tiebreak_exceeds_cards": lambda p: _(
        "%(count)s sevens, sixes, aces and fives do not fit in %(cards)s cards", **p),
    "total_sixes": lambda p: _("the sides hold %(total)s sixes together; the deck has %(expected)s", **p),
    "total_aces": lambda p: _("the sides hold %(total)s aces together; the deck has %(expected)s", **p),
    "total_fives": lambda p: _("the sides hold %(total)s fives together; the deck has %(expected)s", **p),
    "setenta_beside_tally": lambda p: _(
        "the setenta goes inside the tally; beside it only for a side given as 'rest'"),
    "derived_pile_sum_range": lambda p: _(
        "the other pile sums leave %(sum)s for this side, which its cards cannot make (%(min)s to %(max)s)", **p),
}

# A tie in sevens to break under the Uruguayan tiebreak, a usual moment of the game: the entry page asks for the
# next count as a question beside its field, not as an error (the API keeps PROBLEMS' words).
ASKS: dict[str, Words] = {
    "sixes_needed": lambda p: ngettext(
        "How many sixes does %(side)s have? The sevens are tied (%(sevens)s each): the most sixes take the point.",
        "How many sixes do %(side)s have? The sevens are tied (%(sevens)s each): the most sixes take the point.",
        p["players"], **p),
    "aces_needed": lambda p: ngettext(
        "How many aces does %(side)s have? Sevens and sixes are tied: the most aces take the point.",
        "How many aces do %(side)s have? Sevens and sixes are tied: the most aces take the point.",
        p["players"], **p),
    "fives_needed": lambda p: ngettext(
        "How many fives does %(side)s have? Sevens, sixes and aces are tied: the most fives take the point.",
        "How many fives do %(side)s have? Sevens, sixes and aces are tied: the most fives take the point.",
        p["players"], **p),
}

FINDINGS: dict[str, Words] = {
    "leftover_ok": lambda p: _("The leftover sums to %(sum)s: right (10, 25, 40 or 55).", **p),
    "leftover_wrong": lambda p: _(
        "The leftover sums to %(sum)s, not 10, 25, 40 or 55: someone took cards that did not make 15.", **p),
    "leftover_empty": lambda p: _(
        "No cards were left on the table, which never happens in a correct hand: "
        "were the leftover cards put into a pile by mistake?"),
    "pile_ok": lambda p: ngettext("%(side)s's pile sums to %(sum)s and splits into %(num)s fifteen.",
                                  "%(side)s's pile sums to %(sum)s and splits into %(num)s fifteens.",
                                  p["fifteens"], **p),
    "pile_not_multiple": lambda p: _(
        "%(side)s's pile sums to %(sum)s, not a multiple of 15: it holds cards that did not make 15.", **p),
    "pile_unsplittable": lambda p: _(
        "%(side)s's pile sums to %(sum)s but cannot be split into fifteens: it holds cards that did not make 15.",
        **p),
    "pile_ok_less_leftover": lambda p: ngettext(
        "%(side)s's pile sums to %(whole)s; less the leftover (%(leftover)s) that is %(sum)s: %(num)s fifteen.",
        "%(side)s's pile sums to %(whole)s; less the leftover (%(leftover)s) that is %(sum)s: %(num)s fifteens.",
        p["fifteens"], **p),
    "pile_not_multiple_less_leftover": lambda p: _(
        "%(side)s's pile sums to %(whole)s; less the leftover (%(leftover)s) that is %(sum)s, not a multiple of 15: "
        "it holds cards that did not make 15.", **p),
    "suspects": lambda p: _("Cards in %(side)s's pile that fit in no fifteen: %(cards)s.", **p),
    "pile_sum_derived": lambda p: _("%(side)s's pile sum, %(sum)s, follows from the others: the deck adds up to 220.",
                                    **p),
    "needs_pile_sums": lambda p: _(
        "The leftover is wrong, but the counts do not show who erred: each side, add up your pile and enter its sum."),
    "erred_flagged": lambda p: ngettext("%(side)s erred; this match counts the points as entered all the same.",
                                        "%(side)s erred; this match counts the points as entered all the same.",
                                        p["players"], **p),
    "all_erred": lambda p: _("Every side erred: nobody scores this hand."),
    "erred_scores_zero": lambda p: ngettext("%(side)s erred and scores 0 this hand.",
                                            "%(side)s erred and score 0 this hand.", p["players"], **p),
    "takes_max_deck_points": lambda p: ngettext(
        "%(side)s takes all %(points)s deck points, and the escobas on top.",
        "%(side)s take all %(points)s deck points, and the escobas on top.", p["players"], **p),
}


def sentence(words: str, names: Sequence[str] = ()) -> str:
    """A problem's words as a page shows them: a sentence with a capital and a full stop ('Must be from 0 to 40, not
    45.'), as the API's lower-case words are not. A text that starts with one of `names` (a side's, as typed) keeps
    it as it is.

    >>> sentence("the last capture cannot be ana's: that pile is empty", ["ana"])
    "The last capture cannot be ana's: that pile is empty."
    >>> sentence("ana's setenta is needed", ["ana"])
    "ana's setenta is needed."
    """
    if words and not any(name and words.startswith(name) for name in names):
        words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?", "…")) else words + "."


def default_side_name(index: int) -> str:
    """A side as the API names it: 'Side 1' for index 0."""
    return str(_("Side %(number)s", number=index + 1))


def _params(params: Mapping[str, object], side_name: Callable[[int], str], deck: DeckStyle | str,
            partnerships: bool) -> dict[str, Any]:
    """A code's values in words: the side's name, cards' names, the deck's oros and velo, huge numbers short.

    Numbers in problems are the client's (a count, the escobas): any whole number is
    accepted as one, so a 4 000-digit one is quoted by its first digits. ``players``
    (1 or 2) picks a sentence's singular or partnership form.
    """
    deck_words = words_for(deck)
    words: dict[str, Any] = {"suit": deck_words.oros, "velo": deck_words.velo,
                             "players": 2 if partnerships else 1, **params}
    for key, value in words.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** QUOTE_LIMIT:
            words[key] = shortened(str(value))
    for key in ("side", "owner"):  # the owner: the side whose pile holds a card another side claims
        if isinstance(words.get(key), int):
            words[key] = side_name(int(words[key]))
    if isinstance(words.get("card"), str):
        words["card"] = name_card(words["card"], deck)
    if isinstance(words.get("cards"), tuple | list):
        words["cards"] = name_cards(tuple(map(str, words["cards"])), deck)
    if isinstance(words.get("suits"), tuple | list):  # suits by their codes, named in the deck
        language = str(get_locale() or "en")
        names = [suit_name(Suit(code), deck_style(deck), language) for code in words["suits"]]
        words["suits"] = format_list(names, locale=language)
    return words


def problem_words(problem: Problem, side_name: Callable[[int], str] = default_side_name, *,
                  deck: DeckStyle | str = DeckStyle.SPANISH, partnerships: bool = False) -> str:
    """A problem as a sentence in the request's language, its cards named as `deck` names them."""
    return PROBLEMS[problem.code](_params(problem.params, side_name, deck, partnerships))


def ask_words(problem: Problem, side_name: Callable[[int], str] = default_side_name, *,
              deck: DeckStyle | str = DeckStyle.SPANISH, partnerships: bool = False) -> str:
    """A count the referee asks for (a code of ASKS) as the entry page's question."""
    return ASKS[problem.code](_params(problem.params, side_name, deck, partnerships))


def finding_words(finding: Finding, side_name: Callable[[int], str] = default_side_name, *,
                  deck: DeckStyle | str = DeckStyle.SPANISH, partnerships: bool = False) -> str:
    """A finding as a sentence in the request's language, its cards named as `deck` names them.

    ``partnerships`` is true when every side is two players (a sentence with a side as
    its subject then takes its plural form).
    """
    return FINDINGS[finding.code](_params(finding.params, side_name, deck, partnerships))
