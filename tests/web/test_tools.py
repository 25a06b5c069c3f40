"""The referee tools through their pages, without JavaScript: can I take?, the leftover, a disputed
pile, the draw for dealer and the setenta; no account, answers under the form, input kept, errors worded."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import factories
import pytest
from flask import render_template_string
from sqlalchemy import select

from referee.models import Match
from referee.rules import DECK, Finding
from referee.words.messages import finding_words

TOOLS = ["captures", "leftover", "dispute", "draw", "setenta"]
CODES = [str(card) for card in DECK]


def url(tool: str, **fields: str | list[str]) -> str:
    """A tool's address as its form sends it: the hidden check field first, then what was chosen."""
    pairs = [("check", "1")]
    for name, value in fields.items():
        pairs += [(name, v) for v in (value if isinstance(value, list) else [value])]
    return f"/tools/{tool}?{urlencode(pairs)}"


def answer(visitor, address: str, status: int = 200, lang: str | None = None) -> str:
    """What the answer under the form says, as a reader sees it."""
    if lang:
        visitor.client.set_cookie("lang", lang)
    html = visitor.page(address, status)
    found = re.search(r'<section id="answer".*?</section>', html, flags=re.S)
    assert found, "no answer section on the page"
    return visitor.text(found.group(0))


def in_deck_order(codes: list[str]) -> list[str]:
    """The known codes among some, each once, as the page lists the cards."""
    return [code for code in CODES if code in codes]


def ticked(html: str, name: str) -> list[str]:
    """The values of the checkboxes or radios under one name that the page shows ticked."""
    inputs = re.findall(rf'<input type="(?:checkbox|radio)" name="{name}" value="([^"]+)"([^>]*)>', html)
    return [value for value, rest in inputs if " checked" in rest]


def field_value(html: str, name: str) -> str:
    """The value a text field shows."""
    found = re.search(rf'<input type="text" id="[^"]*" name="{name}" value="([^"]*)"', html)
    if found is None:
        found = re.search(rf'<input id="{name}" name="{name}" type="text"[^>]* value="([^"]*)"', html)
    assert found, name
    return unescape(found.group(1))


def selected(html: str, name: str) -> str:
    """The option a select shows chosen ('' for none)."""
    block = re.search(rf'<select id="{name}" name="{name}"[^>]*>(.*?)</select>', html, flags=re.S)
    assert block, name
    chosen = re.findall(r'<option value="([^"]*)" selected>', block.group(1))
    return chosen[0] if chosen else ""


# -- every tool ------------------------------------------------------------------

def test_the_tools_page_lists_the_five_tools_without_an_account(visitor):
    """No login: the index links each tool, in the deck style it was given."""
    page = visitor.page("/tools/?style=french")
    for tool in TOOLS:
        assert f'href="/tools/{tool}?style=french"' in page
    text = visitor.text(page)
    for title in ["Can I take?", "Check the leftover", "Settle a dispute", "Draw for dealer", "Count the setenta"]:
        assert title in text


@pytest.mark.parametrize("tool", TOOLS)
def test_a_tool_without_input_shows_its_form_and_no_answer(visitor, tool):
    """A GET form with the deck style and the check field; the answer place is empty and hidden."""
    page = visitor.page(f"/tools/{tool}")
    form = re.search(rf'<form class="tool" id="tool" data-tool="{tool}"[^>]*>', page)
    assert form and f'method="get" action="/tools/{tool}#answer"' in form.group(0)
    assert '<input type="hidden" name="style" value="spanish">' in page
    assert '<input type="hidden" name="check" value="1">' in page
    assert re.search(r'<section id="answer"[^>]* hidden>\s*</section>', page)
    assert "csrf_token" not in page


@pytest.mark.parametrize("tool", TOOLS)
def test_a_tool_links_the_other_tools_and_its_style_switch_keeps_the_query(visitor, tool):
    """Other tools in the same deck style; another deck style keeps what was chosen."""
    page = visitor.page(f"/tools/{tool}?style=french-jq&check=1", 422)  # checked with nothing chosen
    for other in TOOLS:
        assert f'href="/tools/{other}?style=french-jq"' in page
    assert f'href="/tools/{tool}?style=spanish&amp;check=1"' in page
    assert f'href="/tools/{tool}?style=french&amp;check=1"' in page


def test_an_unknown_deck_style_falls_back_to_the_spanish_deck(visitor):
    """Only labels depend on it, so an odd ?style= is not an error."""
    page = visitor.page("/tools/dispute?style=tarot")
    assert '<input type="hidden" name="style" value="spanish">' in page
    assert 'data-name="King of coins"' in page


@pytest.mark.parametrize(("style", "king_of_oros", "eight_of_oros"), [
    ("spanish", "King of coins", "Knave of coins"),
    ("french", "King of diamonds", "Queen of diamonds"),
    ("french-jq", "King of diamonds", "Jack of diamonds"),
])
def test_the_deck_style_names_the_cards(visitor, style, king_of_oros, eight_of_oros):
    """The tiles and the answer name the cards in the chosen deck style."""
    page = visitor.page(url("dispute", style=style, pile=["10o", "5o"]))
    assert f'data-name="{eight_of_oros}"' in page
    assert king_of_oros in answer(visitor, url("dispute", style=style, pile=["10o", "5o"]))


# -- can I take? ----------------------------------------------------------------------

def test_can_i_take_shows_every_way_to_make_15(visitor):
    """3 of cups on 7o 5e 2b 10o: 3 + 10 + 2 and 3 + 7 + 5, neither an escoba."""
    text = answer(visitor, url("captures", card="3c", table=["7o", "5e", "2b", "10o"]))
    assert text.startswith("Ways to make 15 with 3 of cups:")
    assert "3 of cups + King of coins + 2 of clubs = 15" in text
    assert "3 of cups + 7 of coins + 5 of swords = 15" in text
    assert "Escoba" not in text


def test_can_i_take_marks_the_escoba(visitor):
    """A capture of the whole table is an escoba, marked as one."""
    html = visitor.page(url("captures", card="3c", table=["7o", "5e"]))
    text = answer(visitor, url("captures", card="3c", table=["7o", "5e"]))
    assert "= 15 Escoba" in text
    assert '<li class="escoba">' in html


def test_can_i_take_says_when_nothing_makes_15(visitor):
    """The card stays on the table."""
    text = answer(visitor, url("captures", card="7o", table=["1c", "2c"]))
    assert text == "7 of coins makes 15 with none of the cards on the table: it stays there."


def test_can_i_take_keeps_what_was_tapped(visitor):
    """The played card's radio and the table's checkboxes come back ticked."""
    html = visitor.page(url("captures", card="3c", table=["7o", "5e"]))
    assert ticked(html, "card") == ["3c"]
    assert ticked(html, "table") == ["7o", "5e"]


def test_a_crowded_table_shows_the_first_hundred_captures(visitor):
    """The Ace of coins against 20 cards makes more captures than a page should list."""
    table = [f"{v}{s}" for s in "ce" for v in range(1, 11)]
    html = visitor.page(url("captures", card="1o", table=table))
    assert html.count("= 15</li>") == 100
    assert "Only the first 100 are shown." in answer(visitor, url("captures", card="1o", table=table))


@pytest.mark.parametrize(("fields", "messages"), [
    pytest.param({}, ["Tap the card you play.", "Tap the cards on the table."], id="nothing"),
    pytest.param({"table": ["7o"]}, ["Tap the card you play."], id="no card"),
    pytest.param({"card": "7o"}, ["Tap the cards on the table."], id="no table"),
    pytest.param({"card": "7o", "table": ["7o", "1c"]},
                 ["the played card (7 of coins) cannot also be on the table"], id="card on the table"),
    pytest.param({"card": "7o", "table": ["1c", "1c"]}, ["Ace of cups is entered twice"], id="twice"),
    pytest.param({"card": "7x", "table": ["1c"]}, ["unknown card '7x'"], id="unknown card"),
])
def test_can_i_take_refuses_what_it_cannot_answer(visitor, fields, messages):
    """422, every problem worded under the form, what was tapped kept."""
    text = answer(visitor, url("captures", **fields), 422)
    assert text == "The referee cannot answer yet: " + " ".join(messages)
    html = visitor.page(url("captures", **fields), 422)
    assert ticked(html, "table") == in_deck_order(fields.get("table", []))
    assert ticked(html, "card") == in_deck_order([fields.get("card", "")])


def test_a_missing_card_marks_its_grid(visitor):
    """The grid that needs a tap is marked invalid."""
    html = visitor.page(url("captures", table=["7o"]), 422)
    assert '<fieldset class="deck-grid has-error" id="grid-card"' in html
    assert '<fieldset class="deck-grid" id="grid-table"' in html


# -- the leftover ---------------------------------------------------------------------

@pytest.mark.parametrize(("total", "verdict", "meaning"), [
    ("10", "The leftover sums to 10: right (10, 25, 40 or 55).", "as these do."),
    ("25", "The leftover sums to 25: right (10, 25, 40 or 55).", "as these do."),
    ("70", "The leftover sums to 70: right (10, 25, 40 or 55).", "as these do."),
    ("24", "The leftover sums to 24, not 10, 25, 40 or 55: someone took cards that did not make 15.",
     "its pile cannot be split into fifteens, and that side erred."),
    ("0", "No cards were left on the table, which never happens in a correct hand: "
          "were the leftover cards put into a pile by mistake?", "Look for them in the pile"),
])
def test_the_leftover_is_right_or_wrong_and_says_what_that_means(visitor, total, verdict, meaning):
    """RULES.md §3.2 in words: ≡ 10 (mod 15) is right, anything else means a pile is wrong."""
    text = answer(visitor, url("leftover", sum=total))
    assert text.startswith(verdict)
    assert meaning in text


def test_a_wrong_leftover_leads_to_settling_the_dispute(visitor):
    """The answer links the dispute tool, in the same deck style."""
    html = visitor.page(url("leftover", style="french", sum="24"))
    assert 'href="/tools/dispute?style=french">Settle a dispute</a>' in html


def test_the_leftover_can_be_tapped_instead_of_added_up(visitor):
    """1 + 2 + 3 + 4 of oros: 10, right; the taps are kept."""
    html = visitor.page(url("leftover", cards=["1o", "2o", "3o", "4o"], sum=""))
    assert ticked(html, "cards") == ["1o", "2o", "3o", "4o"]
    assert answer(visitor, url("leftover", cards=["1o", "2o", "3o", "4o"], sum="")).startswith(
        "The leftover sums to 10: right")


def test_tapped_and_typed_may_both_be_given_when_they_agree(visitor):
    """The sum typed is the sum of the cards tapped."""
    assert answer(visitor, url("leftover", cards=["10o", "10c", "5e"], sum="25")).startswith(
        "The leftover sums to 25: right")


@pytest.mark.parametrize(("fields", "message", "invalid"), [
    pytest.param({"sum": ""}, "Tap the cards left on the table, or type their sum.", {"sum", "cards"}, id="nothing"),
    pytest.param({"sum": "two"}, "Type the sum as a whole number, such as 25.", {"sum"}, id="words"),
    pytest.param({"sum": "-5"}, "Type the sum as a whole number, such as 25.", {"sum"}, id="negative"),
    pytest.param({"sum": "2.5"}, "Type the sum as a whole number, such as 25.", {"sum"}, id="fraction"),
    pytest.param({"sum": "221"}, "The whole deck adds up to 220: no leftover adds up to more.", {"sum"}, id="too much"),
    pytest.param({"sum": "25", "cards": ["10o"]},
                 "The cards you tapped add up to 10, not 25: clear one of the two.", {"sum", "cards"}, id="disagree"),
])
def test_the_leftover_refuses_what_it_cannot_answer(visitor, fields, message, invalid):
    """422, the problem worded, the fields concerned marked, what was typed kept."""
    address = url("leftover", **fields)
    assert answer(visitor, address, 422) == f"The referee cannot answer yet: {message}"
    html = visitor.page(address, 422)
    assert field_value(html, "sum") == fields["sum"]
    assert ('<div class="field has-error" data-field="sum">' in html) is ("sum" in invalid)
    assert ('id="grid-cards" data-field="cards"' in html and 'deck-grid has-error" id="grid-cards"' in html) is \
        ("cards" in invalid)


# -- a disputed pile ----------------------------------------------------------------------

def test_a_right_pile_splits_into_fifteens(visitor):
    """7o 8c 10e 5b: 30, two fifteens, no suspects."""
    html = visitor.page(url("dispute", pile=["7o", "8c", "10e", "5b"]))
    text = answer(visitor, url("dispute", pile=["7o", "8c", "10e", "5b"]))
    assert text.startswith("The pile sums to 30 and splits into fifteens: it is right.")
    assert "Fifteens King of swords + 5 of clubs Knave of cups + 7 of coins" in text
    assert "Suspect" not in text
    assert ticked(html, "pile") == ["7o", "8c", "10e", "5b"]


def test_a_pile_of_three_tens_sums_to_30_and_still_cannot_be_split(visitor):
    """RULES.md §6: every card a suspect."""
    text = answer(visitor, url("dispute", pile=["10o", "10c", "10e"]))
    assert text.startswith("The pile sums to 30, a multiple of 15, but cannot be split into fifteens")
    assert "Fifteens" not in text
    assert "Suspect cards: King of coins King of cups King of swords" in text


def test_a_wrong_pile_shows_its_fifteens_and_the_fewest_suspects(visitor):
    """10o 10c 10e 5b: 35, one fifteen, two suspects, and the note that no split leaves out fewer."""
    text = answer(visitor, url("dispute", pile=["10o", "10c", "10e", "5b"]))
    assert text.startswith("The pile sums to 35, not a multiple of 15: it holds cards that did not make 15.")
    assert "Fifteens King of cups + 5 of clubs" in text
    assert "Suspect cards: King of coins King of swords" in text
    assert "none leaves out fewer" in text


@pytest.mark.parametrize(("fields", "message"), [
    pytest.param({}, "Tap the cards of the pile.", id="nothing"),
    pytest.param({"pile": ["10o", "10o"]}, "King of coins is entered twice", id="twice"),
    pytest.param({"pile": ["11o"]}, "unknown card '11o'", id="unknown"),
])
def test_a_pile_that_cannot_be_split_is_refused_in_words(visitor, fields, message):
    """422 and the problem."""
    assert answer(visitor, url("dispute", **fields), 422) == f"The referee cannot answer yet: {message}"


# -- the draw for dealer ---------------------------------------------------------------------

def test_the_highest_card_deals(visitor):
    """Ana's King beats Bea's 7: Ana deals; each player's card and value shown."""
    address = url("draw", **{"name-0": "Ana", "card-0": "10c", "name-1": "Bea", "card-1": "7o"})
    text = answer(visitor, address)
    assert text.startswith("Ana deals first.")
    assert "Ana King of cups 10 deals" in text
    assert "Bea 7 of coins 7" in text
    html = visitor.page(address)
    assert (field_value(html, "name-0"), selected(html, "card-0")) == ("Ana", "10c")
    assert (field_value(html, "name-1"), selected(html, "card-1")) == ("Bea", "7o")
    assert selected(html, "card-2") == ""


def test_a_tie_names_who_draws_again_and_links_their_new_draw(visitor):
    """Two Kings: those two draw again; unnamed players are 'Player n'; the link carries their names only."""
    text = answer(visitor, url("draw", **{"card-0": "10o", "card-1": "3e", "card-2": "10b"}))
    assert text.startswith("A tie for the highest card: those players draw again.")
    assert "Player 1 King of coins 10 draws again" in text
    assert "Player 2 3 of swords 3 Player 3" in text
    assert "Player 3 King of clubs 10 draws again" in text
    html = visitor.page(url("draw", **{"card-0": "10o", "card-1": "3e", "card-2": "10b"}))
    again = re.search(r'<a class="button" href="([^"]+)" data-again>Draw again</a>', html)
    assert again and unescape(again.group(1)) == "/tools/draw?style=spanish&name-0=Player+1&name-1=Player+3"
    redraw = visitor.page(unescape(again.group(1)))
    assert (field_value(redraw, "name-0"), field_value(redraw, "name-1"), field_value(redraw, "name-2")) == \
        ("Player 1", "Player 3", "")


def test_four_players_can_draw(visitor):
    """Up to four rows; the highest of four deals."""
    text = answer(visitor, url("draw", **{"card-0": "1o", "card-1": "2o", "card-2": "3o", "card-3": "9o"}))
    assert text.startswith("Player 4 deals first.")


@pytest.mark.parametrize(("fields", "messages"), [
    pytest.param({}, ["At least two players draw a card."], id="nothing"),
    pytest.param({"name-0": "Ana", "card-0": "7o"}, ["At least two players draw a card."], id="one player"),
    pytest.param({"name-0": "Ana", "card-0": "7o", "name-1": "Bea"}, ["Which card did Bea draw?"], id="no card"),
    pytest.param({"card-0": "7o", "card-1": "7o"}, ["Two players cannot draw the same card."], id="same card"),
    pytest.param({"name-0": "Ana", "card-0": "7o", "name-1": "Ana", "card-1": "6o"},
                 ["Two players have the same name."], id="same name"),
    pytest.param({"card-0": "7o", "card-1": "zz"}, ["unknown card 'zz'"], id="unknown card"),
])
def test_a_draw_that_cannot_be_decided_is_refused_in_words(visitor, fields, messages):
    """422, each problem, the names kept."""
    address = url("draw", **fields)
    assert answer(visitor, address, 422) == "The referee cannot answer yet: " + " ".join(messages)
    html = visitor.page(address, 422)
    for i in range(2):
        assert field_value(html, f"name-{i}") == fields.get(f"name-{i}", "")


def test_a_player_without_a_card_is_marked(visitor):
    """The row of the player who drew nothing is marked."""
    html = visitor.page(url("draw", **{"name-0": "Ana", "card-0": "7o", "name-1": "Bea"}), 422)
    assert '<div class="draw-row has-error" data-field="card-1">' in html
    assert '<div class="draw-row" data-field="card-0">' in html


# -- the setenta ------------------------------------------------------------------------------

def test_the_higher_setenta_takes_the_sevens_point(visitor):
    """Side 1: 7 of coins 21 + 6 of cups 18 + ace of swords 16 + 5 of clubs 15 = 70; side 2: 7 of cups 21, 6 of
    coins 18, 5 of swords 15, King of clubs 10 = 64. Each side's best card of its suit is the one counted."""
    text = answer(visitor, url("setenta", a=["7o", "3o", "6c", "1e", "5b", "2b"], b=["7c", "6o", "5e", "10b"]))
    assert text.startswith("Side 1 takes the sevens point: a setenta of 70 against 64.")
    assert "Side 1 7 of coins 21 + 6 of cups 18 + Ace of swords 16 + 5 of clubs 15 = 70" in text
    assert "Side 2 6 of coins 18 + 7 of cups 21 + 5 of swords 15 + King of clubs 10 = 64" in text
    assert "3 of coins" not in text and "2 of clubs" not in text


def test_a_side_lacking_a_suit_cannot_take_the_setenta_however_high_its_cards(visitor):
    """Three sevens and no clubs lose to four Kings: the suit it lacks is named in the deck's words."""
    text = answer(visitor, url("setenta", style="french", a=["7o", "7c", "7e"], b=["10o", "10c", "10e", "10b"]))
    assert text.startswith("Side 2 takes the sevens point: Side 1 lacks a suit.")
    assert "No clubs: lacks a suit, cannot take it" in text
    text = answer(visitor, url("setenta", a=["7o", "7c"], b=["10o", "10c"]))
    assert text.startswith("Neither side holds all four suits: nobody takes the sevens point.")
    assert text.count("No swords or clubs: lacks a suit, cannot take it") == 2


def test_a_setenta_tie_scores_nothing_and_names_the_house_rule(visitor):
    """The same worths in other suits: 70 each; the tie scores nothing unless ties are shared."""
    text = answer(visitor, url("setenta", a=["7o", "6c", "1e", "5b"], b=["7c", "6o", "1b", "5e"]))
    assert text.startswith("Tied at 70: nobody takes the sevens point. Under the house rule of shared ties, both "
                           "sides score it.")


@pytest.mark.parametrize(("fields", "message", "invalid"), [
    pytest.param({}, "Tap the cards Side 1 took. Tap the cards Side 2 took.", {"a", "b"}, id="nothing"),
    pytest.param({"a": ["7o"]}, "Tap the cards Side 2 took.", {"b"}, id="one side"),
    pytest.param({"a": ["7o", "6c"], "b": ["6c"]}, "6 of cups cannot be in both sides' cards.", {"a", "b"},
                 id="one card twice"),
    pytest.param({"a": ["7o", "zz"], "b": ["6c"]}, "unknown card 'zz'", {"a"}, id="unknown card"),
])
def test_a_setenta_that_cannot_be_counted_is_refused_and_the_taps_kept(visitor, fields, message, invalid):
    """422, the problem in words, its grids marked, every card tapped still ticked."""
    address = url("setenta", **fields)
    assert answer(visitor, address, 422) == f"The referee cannot answer yet: {message}"
    html = visitor.page(address, 422)
    for name in ("a", "b"):
        marked = f'<fieldset class="deck-grid has-error" id="grid-{name}"' in html
        assert marked == (name in invalid)
        assert ticked(html, name) == in_deck_order(fields.get(name, []))


def test_a_setenta_match_links_the_setenta_tool(app, keeper):
    """From a match playing la setenta, the tools include the count, in the match's deck."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escova-rs", sevens="setenta")
    assert 'href="/tools/setenta?style=french"' in keeper.page(f"/matches/{match_id}")
    other = factories.start(keeper, ("Ana", "Bea"), preset="escova-rs")
    assert "/tools/setenta" not in keeper.page(f"/matches/{other}")


# -- languages ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es", "pt_BR"])
def test_the_answers_come_in_the_readers_language(app, visitor, lang):
    """The rules core's findings and the card names are worded in each language."""
    with app.test_request_context(headers={"Accept-Language": lang}):
        right = finding_words(Finding("leftover_ok", {"sum": 25}))
    assert answer(visitor, url("leftover", sum="25"), lang=lang).startswith(right)
    deals = {"en": "Ana deals first.", "es": "Ana reparte primero.", "pt_BR": "Ana dá as cartas primeiro."}[lang]
    king = {"en": "King of cups", "es": "Rey de copas", "pt_BR": "Rei de copas"}[lang]
    text = answer(visitor, url("draw", **{"name-0": "Ana", "card-0": "10c", "name-1": "Bea", "card-1": "7o"}),
                  lang=lang)
    assert text.startswith(deals) and king in text
    assert f'<html lang="{lang.replace("_", "-")}"' in visitor.page("/tools/captures")


def test_the_words_for_the_browser_are_on_the_page_in_its_language(visitor):
    """static/js/tools.js answers with the page's <template data-word> elements, placeholders in braces."""
    visitor.client.set_cookie("lang", "es")
    html = visitor.page("/tools/leftover")
    assert re.search(r'<template data-word="leftover_ok"><p class="verdict ok">Las cartas sobrantes suman \{sum\}',
                     html)
    html = visitor.page("/tools/draw")
    assert '<template data-word="dealer"><p class="verdict ok">{name} reparte primero.</p></template>' in html


# -- from inside a match ---------------------------------------------------------------------

def test_the_tool_links_from_a_match_keep_its_deck_style(app, keeper):
    """tools/_links.html, as a match page includes it: each tool in the match's deck, French for Escova."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escova-rs")
    [(style,)] = keeper.query(select(Match.deck_style).where(Match.id == match_id))
    with app.test_request_context():
        links = render_template_string('{% from "tools/_links.html" import tool_links %}{{ tool_links(style) }}',
                                       style=style)
    hrefs = re.findall(r'href="([^"]+)"', links)
    assert hrefs == [f"/tools/{tool}?style=french" for tool in TOOLS if tool != "setenta"]
    for href in hrefs:
        page = keeper.page(href)
        assert '<input type="hidden" name="style" value="french">' in page
    assert "Queen of diamonds" in answer(keeper, url("dispute", style="french", pile=["8o", "7o"]))


def test_a_name_is_shown_as_text_never_as_markup(visitor):
    """What is typed for a name comes back escaped, in the answer and in its field."""
    html = visitor.page(url("draw", **{"name-0": "<i>Ana</i>", "card-0": "10c", "card-1": "7o"}))
    assert "<i>Ana</i>" not in html
    assert "&lt;i&gt;Ana&lt;/i&gt; deals first." in html


# -- edited links: refused in words, never a 500 ------------------------------------------

@pytest.mark.parametrize("total", ["9" * 5000, "9" * 4301, "1" + "0" * 30])
def test_a_leftover_sum_of_thousands_of_digits_is_too_much_not_an_error(visitor, total):
    """No leftover adds up to more than the deck, however many digits the link carries."""
    assert answer(visitor, url("leftover", sum=total), 422) == \
        "The referee cannot answer yet: The whole deck adds up to 220: no leftover adds up to more."


def test_a_leftover_sum_with_leading_zeros_is_its_number(visitor):
    """0000000025 is 25, as the browser reads it."""
    assert answer(visitor, url("leftover", sum="0" * 50 + "25")).startswith("The leftover sums to 25: right")


@pytest.mark.parametrize(("tool", "name"), [("captures", "table"), ("captures", "card"), ("leftover", "cards"),
                                            ("dispute", "pile")])
def test_more_cards_than_the_deck_has_are_refused_in_one_sentence(visitor, tool, name):
    """A link with 41 or thousands of cards under one name gets one message, not one per card."""
    for count in (41, 2000):
        text = answer(visitor, url(tool, **{name: ["10o"] * count}), 422)
        assert text == "The referee cannot answer yet: A deck has 40 cards: no more than 40 can be tapped."


def test_an_unknown_card_of_thousands_of_characters_is_quoted_short(visitor):
    """The message quotes the start of what the link carried, not all of it."""
    text = answer(visitor, url("dispute", pile=["x" * 5000]), 422)
    assert "unknown card 'xxxxxxxxxxxx…'" in text and len(text) < 200


def test_a_name_longer_than_a_player_name_is_refused_in_words(visitor):
    """Names in the draw are bounded as on the new-match page: 40 characters."""
    text = answer(visitor, url("draw", **{"name-0": "A" * 5000, "card-0": "7o", "card-1": "6o"}), 422)
    assert text == "The referee cannot answer yet: A name has at most 40 characters."
