"""The review ("Check the hand") under the regional sevens: a setenta match shows each side's best card of each
suit, in the match's deck and the reader's language, and its sum, or that it lacks a suit; a most_tiebreak match
whose sevens tie shows the counts read and who took the point by what; a most match's review is as it was.

The hand is tests/conftest.py's correct hand: Ana (with the leftover) holds 7 and 4 as her best cards, every
oro and both red sevens (setenta 70); Bea holds no oro, so lacks a suit. Sevens tie 2-2, sixes 2-2, and Bea's
three aces beat Ana's one.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import factories
import pytest

# tests/conftest.py's correct hand (a test module cannot import a conftest by name: tests/e2e has one too).
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
LEFTOVER = ["1o", "2o", "3o", "4o"]
COUNTS = {"cards-0": "20", "oros-0": "10", "sevens-0": "2", "velo": "0"}


def in_language(keeper: Any, lang: str) -> Any:
    """The keeper's phone switched to a language (the switcher's cookie)."""
    assert keeper.client.get(f"/language/{lang}").status_code in (302, 303)
    return keeper


def review_html(keeper: Any, match_id: int, **entry: Any) -> str:
    """The review section's markup after Check the hand (asserting the page answered 200)."""
    response = keeper.enter_hand(match_id, **entry)
    assert response.status_code == 200, response.get_data(as_text=True)
    found = re.search(r'<section class="review.*?</section>', response.get_data(as_text=True), flags=re.S)
    assert found, "no review on the page"
    return found.group(0)


def block(html: str, css_class: str) -> str:
    """What a reader sees of the review's setenta table, or of the tiebreak's rows in the points table (its
    sentence included): css_class 'setenta' or 'tiebreak'."""
    tag = "table" if css_class == "setenta" else "tbody"
    found = re.search(rf'<{tag} class="{css_class}">.*?</{tag}>', html, flags=re.S)
    assert found, f"no {css_class} {tag} in the review"
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", found.group(0)))).strip()


def points_row(keeper: Any, html: str, label: str) -> str:
    """The points table's row of a category, as read."""
    found = re.search(rf"<tr><th scope=\"row\">{re.escape(label)}</th>.*?</tr>", html)
    assert found, f"no row {label!r}"
    return str(keeper.text(found.group(0)))


# The setenta by cards in each deck and language: Ana's four best cards with their worth and the sum; Bea's
# three (no oro at all) and the words for a side lacking a suit.
SETENTA_WORDS = [
    ("escoba-es", "en", "Ana 7 of coins 21 7 of cups 21 4 of swords 14 4 of clubs 14 Sum 70",
     "Bea Ace of cups 16 7 of swords 21 7 of clubs 21 No coins: lacks a suit, cannot take it"),
    ("escoba-es", "es", "Ana 7 de oros 21 7 de copas 21 4 de espadas 14 4 de bastos 14 Suma 70",
     "Bea As de copas 16 7 de espadas 21 7 de bastos 21 Sin oros: le falta un palo, no puede ganar la setenta"),
    ("escova-rs", "pt_BR", "Ana 7 de ouros 21 7 de copas 21 4 de espadas 14 4 de paus 14 Soma 70",
     "Bea Ás de copas 16 7 de espadas 21 7 de paus 21 Sem ouros: falta um naipe, não pode ganhar a setenta"),
    ("escova-rs", "es", "Ana 7 de diamantes 21 7 de corazones 21 4 de picas 14 4 de tréboles 14 Suma 70",
     "Bea As de corazones 16 7 de picas 21 7 de tréboles 21 Sin diamantes: le falta un palo, no puede ganar la "
     "setenta"),
]


@pytest.mark.parametrize(("preset", "lang", "ana", "bea"), SETENTA_WORDS)
def test_a_setenta_review_by_cards_names_each_sides_best_cards_and_sum(keeper, preset, lang, ana, bea):
    """Each best card by its name in the match's deck and the reader's language, never its code; a side with
    no card of a suit names the suit and cannot take the point, which the points table gives to Ana."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea"), preset=preset, sevens="setenta")
    html = review_html(keeper, match_id)
    setenta = block(html, "setenta")
    assert ana in setenta and bea in setenta
    assert not re.search(r"\b\d{1,2}[oceb]\b", setenta)
    assert points_row(keeper, html, "Setenta") == "Setenta 1 0"


def test_the_setenta_caption_gives_the_table_of_worth_in_the_decks_names(keeper):
    """How to count it sits over the rows: the ace and the figures as the Spanish deck names them."""
    match_id = factories.start(in_language(keeper, "es"), ("Ana", "Bea"), preset="escoba-es", sevens="setenta")
    setenta = block(review_html(keeper, match_id), "setenta")
    assert setenta.startswith("Setenta Toma la mejor carta de cada palo del bando y suma lo que valen: 7 = 21, "
                              "6 = 18, As = 16, 5 = 15")
    assert "Sota/Caballo/Rey = 10" in setenta


def test_a_setenta_review_by_counts_shows_the_sums_typed(keeper):
    """A tally has no cards to show: the sum typed, and 0 read as a side lacking a suit."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", sevens="setenta")
    html = review_html(keeper, match_id, mode="tally", overrides={"setenta-0": "70", "setenta-1": "0"})
    setenta = block(html, "setenta")
    assert "Best card of each suit" not in setenta
    assert "Sum Ana 70 Bea Lacks a suit: cannot take it" in setenta
    assert points_row(keeper, html, "Setenta") == "Setenta 1 0"


def test_a_setenta_review_from_the_quick_entry_shows_cards_for_piles_and_sums_for_counts(keeper):
    """The quick entry settled by its piles' cards is an entry by cards; settled by counts, the sums typed."""
    match_id = factories.start(in_language(keeper, "pt_BR"), ("Ana", "Bea"), preset="escoba-es", sevens="setenta")
    url = keeper.hand_url(match_id, "quick")
    piles = {name: value for name, value in keeper.hand_fields().items() if name.startswith("place-")}
    base = {"escobas-0": "1", "escobas-1": "0", "last_capture": "0", "action": "review"}
    by_piles = keeper.submit(url, base | piles, post_to=url)
    assert by_piles.status_code == 200, by_piles.get_data(as_text=True)
    assert "Ana 7 de ouros 21 7 de copas 21 4 de espadas 14 4 de paus 14 Soma 70" in block(
        by_piles.get_data(as_text=True), "setenta")
    leftover = {name: ("L" if name[len("place-"):] in LEFTOVER else "") for name in piles}
    by_counts = keeper.submit(url, base | leftover | COUNTS | {"setenta-0": "70", "setenta-1": "0"}, post_to=url)
    assert by_counts.status_code == 200, by_counts.get_data(as_text=True)
    assert "Soma Ana 70 Bea Falta um naipe: não pode ganhar a setenta" in block(
        by_counts.get_data(as_text=True), "setenta")


# The tiebreak told in each language: sevens and sixes tie 2-2, Bea's aces decide.
TIEBREAK_WORDS = [
    ("en", "Sevens tied: the tiebreak Sevens 2 2 Sixes 2 2 Aces 1 3 "
           "Sevens (2 each) and sixes (2 each) tied: Bea takes the sevens point with more aces."),
    ("es", "Empate en sietes: el desempate Sietes 2 2 Seises 2 2 Ases 1 3 Empate en sietes (2 cada uno) y "
           "en seises (2 cada uno): Bea se lleva el punto de los sietes por tener más ases."),
    ("pt_BR", "Empate nos setes: o desempate Setes 2 2 Seis 2 2 Ases 1 3 Empate nos setes (2 cada) e nos "
              "seis (2 cada): Bea leva o ponto dos setes por ter mais ases."),
]


@pytest.mark.parametrize(("lang", "told"), TIEBREAK_WORDS)
def test_a_tied_sevens_review_shows_the_counts_read_and_who_took_the_point_by_what(keeper, lang, told):
    """Only the counts read (the fives are not), and one sentence, in rows under the points table's sevens row,
    which agrees."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea"), preset="escoba-es", sevens="most_tiebreak")
    html = review_html(keeper, match_id)
    assert block(html, "tiebreak") == told
    label = {"en": "Most sevens", "es": "Más sietes", "pt_BR": "Mais setes"}[lang]
    assert points_row(keeper, html, label) == f"{label} 0 1"
    # Under the sevens row, each side's counts in its column, before the next category and the totals.
    sevens_row = html.index(f'<th scope="row">{label}</th>')
    velo_row = html.index("Sete belo" if lang == "pt_BR" else "Velo")
    assert sevens_row < html.index('<tbody class="tiebreak">') < velo_row < html.index("<tfoot>")
    assert 'class="setenta"' not in html


def test_a_partnership_takes_the_point_in_the_plural(keeper):
    """Two partnerships: 'Ana & Carla take', the sentence's plural form."""
    match_id = factories.start(in_language(keeper, "es"), ("Ana", "Bia", "Carla", "Duda"), preset="escoba-es",
                               sevens="most_tiebreak")
    told = block(review_html(keeper, match_id), "tiebreak")
    assert told.endswith("Bia & Duda se llevan el punto de los sietes por tener más ases.")


TIED = {"sixes-0": "2", "sixes-1": "2", "aces-0": "2", "aces-1": "2", "fives-0": "2", "fives-1": "2"}


@pytest.mark.parametrize(("ties", "sentence", "row"), [
    ("nobody", "Sevens, sixes, aces and fives all tied: nobody scores the sevens point.", "Most sevens 0 0"),
    ("shared", "Sevens, sixes, aces and fives all tied: Ana and Bea each score the sevens point.",
     "Most sevens 1 1"),
])
def test_sevens_tied_to_the_end_by_counts_say_who_scores_it_by_the_ties_option(keeper, ties, sentence, row):
    """Every count typed ties: all four rows, and nobody (or both, under shared ties) scores the point."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", sevens="most_tiebreak", ties=ties)
    html = review_html(keeper, match_id, mode="tally", overrides=TIED)
    assert block(html, "tiebreak") == ("Sevens tied: the tiebreak Sevens 2 2 Sixes 2 2 Aces 2 2 Fives 2 2 "
                                       + sentence)
    assert points_row(keeper, html, "Most sevens") == row


def test_sevens_not_tied_under_the_tiebreak_show_no_tiebreak(keeper):
    """Three sevens against one decide alone: nothing to explain, the review as in a most match."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", sevens="most_tiebreak")
    html = review_html(keeper, match_id, mode="tally", overrides={"sevens-0": "3", "sevens-1": "1"})
    assert 'class="tiebreak"' not in html and "tiebreak-verdict" not in html and "<tbody>\n</tbody>" not in html
    assert points_row(keeper, html, "Most sevens") == "Most sevens 1 0"


@pytest.mark.parametrize("mode", ["cards", "tally"])
def test_a_most_match_review_has_no_setenta_or_tiebreak_block(keeper, mode):
    """The default rules: the review as it always was, its sevens row 'Most sevens' (tied 2-2: nobody)."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es")
    html = review_html(keeper, match_id, mode=mode)
    for mark in ('class="setenta"', 'class="tiebreak"', "tiebreak-verdict", "Setenta", "Best card of each suit"):
        assert mark not in html
    assert points_row(keeper, html, "Most sevens") == "Most sevens 0 0"


def test_the_correction_page_reviews_a_saved_setenta_hand_the_same_way(keeper):
    """A saved hand checked again on its correction page shows its setenta as the new hand did."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", sevens="setenta")
    keeper.save_hand(match_id)
    html = review_html(keeper, match_id, number=1)
    assert "Ana 7 of coins 21 7 of cups 21 4 of swords 14 4 of clubs 14 Sum 70" in block(html, "setenta")
