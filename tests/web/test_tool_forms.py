"""The referee tools' forms (referee/forms/tools.py, tool_setenta.py) on their own: what each reads from a query,
what it refuses and in which words, which fields it marks, and when a query asks for an answer at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.forms.tool_setenta import SetentaForm
from referee.forms.tools import CapturesForm, DealerDrawForm, DisputeForm, LeftoverForm, ToolForm
from referee.rules import DECK, Card
from referee.words.deck_words import name_card

CODES = [str(card) for card in DECK]


@pytest.fixture
def request_context(app: Flask) -> Iterator[None]:
    """A request in English, for the forms' words."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        yield


def read(form_class: type[ToolForm], *pairs: tuple[str, str]) -> Any:
    """A tool's form over a query made of these pairs, validated."""
    form = form_class(formdata=MultiDict(pairs))
    form.validate()
    return form


# -- what every tool's form shares ------------------------------------------------------------

@pytest.mark.parametrize(("sent", "deck"), [
    ([], "spanish"), ([("style", "french")], "french"), ([("style", "french-jq")], "french-jq"),
    ([("style", "tarot")], "spanish"), ([("style", "")], "spanish"), ([("style", "french"), ("style", "x")], "french"),
])
def test_the_deck_style_is_one_the_tools_offer_else_the_spanish_deck(request_context, sent, deck):
    """Only labels depend on it: an odd style is not refused, it names the cards as the Spanish deck does."""
    form = read(ToolForm, *sent)
    assert form.deck == deck
    assert form.problems == [] and form.style.errors == []


@pytest.mark.parametrize(("form_class", "sent", "asked"), [
    (CapturesForm, [], False),
    (CapturesForm, [("style", "french")], False),
    (CapturesForm, [("check", "")], True),
    (CapturesForm, [("table", "7o")], True),
    (LeftoverForm, [("sum", "")], True),
    (DisputeForm, [("pile", "7o")], True),
    (DisputeForm, [("table", "7o")], False),
    (DealerDrawForm, [("name-0", "Ana"), ("name-1", "Bea")], False),
    (DealerDrawForm, [("card-2", "")], True),
    (SetentaForm, [("b", "7o")], True),
    (SetentaForm, [("pile", "7o")], False),
])
def test_a_query_asks_for_an_answer_once_sent_or_when_it_carries_a_field_that_asks(request_context, form_class,
                                                                                   sent, asked):
    """The hidden check field, or one of the tool's own fields even empty; a draw's names alone do not ask."""
    assert form_class(formdata=MultiDict(sent)).asked is asked


# -- the cards ticked under one name ----------------------------------------------------------------

def test_ticked_codes_are_read_as_cards_in_the_order_sent(request_context):
    """`cards` holds the cards; `data` the codes as sent, for the tiles to show them ticked."""
    form = read(DisputeForm, ("pile", "10e"), ("pile", "7o"), ("pile", "1b"))
    assert form.problems == []
    assert form.pile.cards == [Card.parse("10e"), Card.parse("7o"), Card.parse("1b")]
    assert form.pile.data == ["10e", "7o", "1b"]


def test_every_unknown_or_repeated_code_is_refused_and_its_field_marked(request_context):
    """Each problem in words, in the order sent; an unknown code is quoted short; no cards are kept."""
    form = read(DisputeForm, ("pile", "7o"), ("pile", "zz"), ("pile", "7o"), ("pile", "x" * 500))
    assert form.problems == ["unknown card 'zz'", "7 of coins is entered twice", "unknown card 'xxxxxxxxxxxx…'"]
    assert form.invalid == {"pile"}
    assert form.pile.cards == []


@pytest.mark.parametrize("count", [41, 5000])
def test_more_codes_than_a_deck_is_one_problem_and_no_card_is_read(request_context, count):
    """The count is refused before any code is looked at; the codes are still kept to show."""
    form = read(DisputeForm, *[("pile", "zz")] * count)
    assert form.problems == ["A deck has 40 cards: no more than 40 can be tapped."]
    assert len(form.pile.data) == count


def test_a_cards_name_is_in_the_chosen_decks_words(request_context):
    """The French deck with J = 8 names the Knave of coins the Jack of diamonds."""
    form = read(DisputeForm, ("style", "french-jq"), ("pile", "8o"), ("pile", "8o"))
    assert form.problems == ["Jack of diamonds is entered twice"]


# The app is only read (a request context for the words), so one app serves every example.
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(codes=st.lists(st.one_of(st.sampled_from(CODES), st.text(max_size=4)), max_size=45))
def test_any_codes_are_either_read_as_distinct_cards_of_the_deck_or_refused(app, codes):
    """Whatever a link carries under one name: the cards it names, each once, or problems; never an error."""
    with app.test_request_context():
        form = read(DisputeForm, *[("pile", code) for code in codes])
    readable = len(codes) <= len(DECK) and all(code in CODES for code in codes) and len(set(codes)) == len(codes)
    if readable and codes:
        assert form.problems == [] and [str(card) for card in form.pile.cards] == codes
    else:
        assert form.problems and form.invalid == {"pile"} and form.pile.cards == []


# -- can I take? ------------------------------------------------------------------------------------

def test_the_played_card_is_refused_before_the_table_is_looked_at(request_context):
    """The first field refused is the one the page speaks of."""
    form = read(CapturesForm, ("card", "zz"), ("table", "qq"))
    assert (form.problems, form.invalid) == (["unknown card 'zz'"], {"card"})


def test_what_was_not_tapped_is_asked_for_played_card_first(request_context):
    """Both gaps, both grids marked; the table's cards are checked before the gaps."""
    form = read(CapturesForm, ("check", "1"))
    assert (form.problems, form.invalid) == (["Tap the card you play.", "Tap the cards on the table."],
                                             {"card", "table"})
    form = read(CapturesForm, ("table", "7o"), ("table", "7o"))
    assert (form.problems, form.invalid) == (["7 of coins is entered twice"], {"table"})


def test_the_played_card_is_the_first_a_link_carries(request_context):
    """A radio sends one; an edited link may send more, and the first is played."""
    form = read(CapturesForm, ("card", "3c"), ("card", "4c"), ("table", "2o"))
    assert form.problems == [] and form.played == Card.parse("3c")


# -- the leftover -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("sent", "total"), [
    ([("sum", "25")], 25), ([("sum", " 40 ")], 40), ([("sum", "0" * 5000 + "10")], 10), ([("sum", "0")], 0),
    ([("cards", "1o"), ("cards", "2o"), ("cards", "3o"), ("cards", "4o"), ("sum", "")], 10),
    ([("cards", "10o"), ("cards", "10c"), ("cards", "5e"), ("sum", "25")], 25),
])
def test_the_leftovers_sum_is_typed_or_tapped_or_both_when_they_agree(request_context, sent, total):
    """Spaces and leading zeros as the browser reads them; the cards' counting values added up."""
    form = read(LeftoverForm, *sent)
    assert (form.problems, form.total) == ([], total)


@pytest.mark.parametrize(("sent", "problem", "invalid"), [
    ([("sum", " ")], "Tap the cards left on the table, or type their sum.", {"cards", "sum"}),
    ([("sum", "two")], "Type the sum as a whole number, such as 25.", {"sum"}),
    ([("sum", "+5")], "Type the sum as a whole number, such as 25.", {"sum"}),
    ([("sum", "2,5")], "Type the sum as a whole number, such as 25.", {"sum"}),
    ([("sum", "221")], "The whole deck adds up to 220: no leftover adds up to more.", {"sum"}),
    ([("sum", "9" * 5000)], "The whole deck adds up to 220: no leftover adds up to more.", {"sum"}),
    ([("sum", "25"), ("cards", "10o")], "The cards you tapped add up to 10, not 25: clear one of the two.",
     {"cards", "sum"}),
    ([("sum", "two"), ("cards", "zz")], "unknown card 'zz'", {"cards"}),
])
def test_a_leftover_that_cannot_be_checked_is_one_problem_its_fields_marked(request_context, sent, problem, invalid):
    """The cards are read first, then the sum, then the two together."""
    form = read(LeftoverForm, *sent)
    assert (form.problems, form.invalid) == ([problem], invalid)


def test_the_typed_sum_is_kept_as_typed(request_context):
    """The field shows what was typed, spaces and all, even when refused."""
    assert read(LeftoverForm, ("sum", " two ")).sum.data == " two "


# -- a disputed pile --------------------------------------------------------------------------------

def test_a_pile_must_be_tapped(request_context):
    """Nothing to split: asked for, the grid marked."""
    form = read(DisputeForm, ("check", "1"))
    assert (form.problems, form.invalid) == (["Tap the cards of the pile."], {"pile"})


# -- the draw for dealer ----------------------------------------------------------------------------

def test_each_rows_name_is_trimmed_and_an_unnamed_player_is_numbered(request_context):
    """The rows as typed and chosen; the names the answer uses; the cards drawn by row."""
    form = read(DealerDrawForm, ("name-0", "  Ana "), ("card-0", "10c"), ("card-2", "7o"))
    assert form.problems == []
    assert form.rows == [("Ana", "10c"), ("", ""), ("", "7o"), ("", "")]
    assert form.names == ["Ana", "Player 2", "Player 3", "Player 4"]
    assert form.drawn == {0: Card.parse("10c"), 2: Card.parse("7o")}


def test_a_name_too_long_is_said_once_whatever_else_is_wrong(request_context):
    """Two long names, an unknown card: one sentence, no row marked."""
    form = read(DealerDrawForm, ("name-0", "A" * 41), ("name-1", "B" * 5000), ("card-0", "zz"))
    assert (form.problems, form.invalid) == (["A name has at most 40 characters."], set())


def test_a_name_of_forty_characters_is_a_name(request_context):
    """The bound is the new-match page's, 40 characters after trimming."""
    form = read(DealerDrawForm, ("name-0", " " + "A" * 40 + " "), ("card-0", "7o"), ("card-1", "6o"))
    assert form.problems == []


def test_every_rows_problem_is_listed_with_those_of_the_whole_draw(request_context):
    """An unknown card, a named player without one and two same cards: all said, the rows marked."""
    form = read(DealerDrawForm, ("card-0", "7o"), ("card-1", "zz"), ("name-2", "Cai"), ("card-3", "7o"))
    assert form.problems == ["unknown card 'zz'", "Which card did Cai draw?", "Two players cannot draw the same card."]
    assert form.invalid == {"card-1", "card-2"}


@pytest.mark.parametrize(("sent", "problem"), [
    ([("check", "1")], "At least two players draw a card."),
    ([("card-3", "7o")], "At least two players draw a card."),
    ([("name-0", "Ana"), ("card-0", "7o"), ("name-1", "Ana"), ("card-1", "6o")], "Two players have the same name."),
    ([("name-0", "Player 2"), ("card-0", "7o"), ("card-1", "6o")], "Two players have the same name."),
])
def test_a_draw_needs_two_players_with_different_names(request_context, sent, problem):
    """Said for the whole draw, no row marked; a typed name may clash with another's number."""
    form = read(DealerDrawForm, *sent)
    assert (form.problems, form.invalid) == ([problem], set())


@pytest.mark.parametrize(("lang", "problem"), [
    ("es", "¿Qué carta sacó Ana?"), ("pt_BR", "Que carta Ana tirou?"),
])
def test_the_problems_are_in_the_readers_language(app, lang, problem):
    """The catalog's words, as the pages use them."""
    with app.test_request_context(headers={"Accept-Language": lang}):
        form = read(DealerDrawForm, ("name-0", "Ana"), ("card-1", "7o"))
        assert form.problems == [problem]


# -- the setenta ----------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(a=st.lists(st.sampled_from(CODES), max_size=12), b=st.lists(st.sampled_from(CODES), max_size=12))
def test_two_sides_cards_are_counted_only_when_both_are_tapped_and_none_is_in_both(app, a, b):
    """Either the form gives the rules core each side's cards, or it names what stops it and marks those grids."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        form = read(SetentaForm, *[("a", code) for code in a], *[("b", code) for code in b])
        shared = set(a) & set(b)
        repeated = len(set(a)) < len(a) or len(set(b)) < len(b)
        if a and b and not shared and not repeated:
            assert form.problems == []
            assert [list(map(str, pile)) for pile in form.piles] == [a, b]
        else:
            assert form.problems and form.invalid <= {"a", "b"} and form.invalid
        if not repeated and shared and a and b:
            first = next(code for code in a if code in shared)
            assert form.problems == [f"{name_card(first, 'spanish')} cannot be in both sides' cards."]
            assert form.invalid == {"a", "b"}
