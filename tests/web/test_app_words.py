"""The words of the entry and review pages: cards by name in the match's deck, categories that follow
the deck, sentences for a partnership, the pile-sum hint, and only the bonus rows the rules score."""

from __future__ import annotations

import re

import factories
import pytest

RENUNCIO = {"1o": "1"}  # 1o moved from the leftover into the second side's pile
NO_CARD_PLACED = {f"{value}{suit}": "" for suit in "oceb" for value in range(1, 11)}
CODE = re.compile(r"\b\d{1,2}[ocebhdsp]\b")


def in_language(keeper, lang: str):
    """The keeper's phone switched to a language (the switcher's cookie)."""
    assert keeper.client.get(f"/language/{lang}").status_code in (302, 303)
    return keeper


def review(keeper, match_id: int, **entry) -> str:
    """The review page's text after Check the hand."""
    return keeper.text(keeper.enter_hand(match_id, **entry).get_data(as_text=True))


# A French deck (Escova RS's own) and a Spanish one, in the three languages: the category rows,
# the velo and the suspect card of a renuncio (1o in the second pile).
DECK_WORDS = [
    ("escova-rs", "", "en", ["Most diamonds 1 0", "Velo (7 of diamonds) 1 0", "All diamonds 1 0"],
     "Cards in Bea's pile that fit in no fifteen: Ace of diamonds."),
    ("escova-rs", "", "es", ["Más diamantes 1 0", "Velo (7 de diamantes) 1 0", "Todos los diamantes 1 0"],
     "Cartas del montón de Bea que no entran en ningún quince: As de diamantes."),
    ("escova-rs", "", "pt_BR", ["Mais ouros 1 0", "Sete belo (7 de ouros) 1 0", "Todos os ouros 1 0"],
     "Cartas do monte de Bea que não entram em nenhum quinze: Ás de ouros."),
    ("escoba-intl", "spanish", "en", ["Most coins 1 0", "Velo (7 of coins) 1 0", "All coins 1 0"],
     "Cards in Bea's pile that fit in no fifteen: Ace of coins."),
    ("escoba-intl", "spanish", "es", ["Más oros 1 0", "Velo (7 de oros) 1 0", "Todos los oros 1 0"],
     "Cartas del montón de Bea que no entran en ningún quince: As de oros."),
    ("escoba-intl", "spanish", "pt_BR", ["Mais ouros 1 0", "Sete belo (7 de ouros) 1 0", "Todos os ouros 1 0"],
     "Cartas do monte de Bea que não entram em nenhum quinze: Ás de ouros."),
    ("escoba-intl", "french-jq", "en", ["Most diamonds 1 0", "Velo (7 of diamonds) 1 0"],
     "Cards in Bea's pile that fit in no fifteen: Ace of diamonds."),
]


@pytest.mark.parametrize(("preset", "deck", "lang", "rows", "suspects"), DECK_WORDS)
def test_the_review_names_categories_and_cards_as_the_matchs_deck_does(keeper, preset, deck, lang, rows, suspects):
    """"Most diamonds" beside ♦ cards, "Más oros" beside a Spanish deck; the suspect by its name, never "1o"."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea"), preset=preset, deck_style=deck)
    page = review(keeper, match_id)
    for row in rows:
        assert row in page
    assert "oros" not in page.replace("ouros", "") or deck == "spanish"
    suspect_page = review(keeper, match_id, moves=RENUNCIO)
    assert suspects in suspect_page
    assert not CODE.search(suspect_page.split("Where did each card end up?")[0])


def test_a_hand_with_no_card_placed_names_the_cards_by_their_names(keeper):
    """The first twelve unplaced cards by name, a suit's run sharing the suit's name, the rest counted: no '1o'."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, moves=NO_CARD_PLACED)
    assert response.status_code == 422
    page = keeper.text(response.get_data(as_text=True))
    assert ("Not placed yet: Ace, 2, 3, 4, 5, 6, 7, Queen, Jack, and King of diamonds; Ace and 2 of hearts; "
            "and 28 more cards (each of the 40 cards") in page
    assert not CODE.search(page.split("Where did each card end up?")[0])


@pytest.mark.parametrize(("lang", "missing"), [
    ("es", "Sin colocar todavía: As de oros y Rey de bastos"),
    ("pt_BR", "Ainda sem lugar: Ás de ouros e Rei de paus"),
])
def test_unplaced_cards_are_named_in_the_pages_language(keeper, lang, missing):
    """A Spanish deck in Spanish and Portuguese: the list reads as a sentence ('y', 'e')."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea"), preset="escoba-es")
    page = keeper.text(keeper.enter_hand(match_id, moves={"1o": "", "10b": ""}).get_data(as_text=True))
    assert missing in page


# A renuncio by the second side: the sentences with a side as subject, for one player and a partnership.
PAIRS = ("Ana", "Bea", "Carla", "Dani")
GRAMMAR = [
    ("en", ("Ana", "Bea"), ["Bea erred and scores 0 this hand.",
                            "Ana takes all 6 deck points, and the escobas on top."]),
    ("en", PAIRS, ["Bea & Dani erred and score 0 this hand.",
                    "Ana & Carla take all 6 deck points, and the escobas on top."]),
    ("es", ("Ana", "Bea"), ["Bea hizo renuncio y no suma nada en esta mano.",
                            "Ana se lleva los 6 puntos de la baraja, y las escobas aparte."]),
    ("es", PAIRS, ["Bea & Dani hicieron renuncio y no suman nada en esta mano.",
                    "Ana & Carla se llevan los 6 puntos de la baraja, y las escobas aparte."]),
    ("pt_BR", ("Ana", "Bea"), ["Bea errou e não marca pontos nesta rodada.",
                               "Ana leva os 6 pontos de baralho, e as escovas contam à parte."]),
    ("pt_BR", PAIRS, ["Bea & Dani erraram e não marcam pontos nesta rodada.",
                    "Ana & Carla levam os 6 pontos de baralho, e as escovas contam à parte."]),
]


@pytest.mark.parametrize(("lang", "names", "sentences"), GRAMMAR)
def test_a_partnership_is_a_plural_subject_in_every_language(keeper, lang, names, sentences):
    """"Ana & Carla take …", never "Ana & Carla scores … plus its escobas"."""
    match_id = factories.start(in_language(keeper, lang), names)
    page = review(keeper, match_id, moves=RENUNCIO)
    for sentence in sentences:
        assert sentence in page
    assert " its " not in page


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "Bea & Dani erred; this match counts the points as entered all the same."),
    ("es", "Bea & Dani hicieron renuncio; en esta partida los puntos cuentan igualmente, tal como se anotaron."),
    ("pt_BR", "Bea & Dani erraram; nesta partida os pontos contam mesmo assim, como foram anotados."),
])
def test_a_flagged_partnership_reads_right(keeper, lang, sentence):
    """Under the flag penalty, the partnership's error in the plural."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea", "Carla", "Dani"), penalty="flag")
    assert sentence in review(keeper, match_id, moves=RENUNCIO)


@pytest.mark.parametrize(("fields", "shown", "hidden"), [
    ({"preset": "escova-rs"}, ["All diamonds", "All sevens"], ["Over 30 cards"]),
    ({"preset": "escoba-es"}, [], ["All coins", "All sevens", "Over 30 cards"]),
    ({"preset": "escoba-es", "over30": "1"}, ["Over 30 cards"], ["All coins", "All sevens"]),
    ({"preset": "escoba-intl", "all_oros": "0"}, ["All sevens"], ["All coins", "Over 30 cards"]),
])
def test_the_review_shows_only_the_bonus_rows_the_rules_score(keeper, fields, shown, hidden):
    """Escova RS has no over-30 bonus: no such row; a bonus switched on gets its row."""
    match_id = factories.start(keeper, ("Ana", "Bea"), **fields)
    page = review(keeper, match_id)
    table = page.split("Points this hand")[1].split("New total")[0]
    assert "Most cards" in table and "Escobas" in table
    for row in shown:
        assert row in table
    for row in hidden:
        assert row not in table


@pytest.mark.parametrize(("preset", "lang", "words"), [
    ("escova-rs", "en", ["Diamonds", "Who holds the velo (7 of diamonds)?", "Sum of the pile",
                         "Only when the referee asks: add up the values of every card in the side's pile "
                         "(Queen 8, Jack 9, King 10)."]),
    ("escoba-es", "es", ["Oros", "¿Quién tiene el velo (7 de oros)?", "Suma del montón",
                         "Solo si el árbitro lo pide: suma los valores de todas las cartas del montón de ese lado "
                         "(Sota 8, Caballo 9, Rey 10)."]),
    ("escova-rs", "pt_BR", ["Ouros", "Quem tem o sete belo (7 de ouros)?", "Soma do monte",
                            "Só quando o juiz pedir: some os valores de todas as cartas do monte desse lado "
                            "(Dama 8, Valete 9, Rei 10)."]),
])
def test_the_counts_page_speaks_the_decks_words(keeper, preset, lang, words):
    """The oros count, the velo question and the pile-sum hint in the deck's names."""
    match_id = factories.start(in_language(keeper, lang), ("Ana", "Bea"), preset=preset)
    page = keeper.text(keeper.page(keeper.hand_url(match_id, "tally")))
    for word in words:
        assert word in page
    assert "(when asked)" not in page


@pytest.mark.parametrize(("query", "lang", "courts"), [
    ("", "en", "(Knave 8, Knight 9, King 10)"),
    ("?style=french", "en", "(Queen 8, Jack 9, King 10)"),
    ("?style=french-jq", "es", "(Jota 8, Reina 9, Rey 10)"),
    ("?style=spanish", "pt-BR", "(Sota 8, Cavalo 9, Rei 10)"),
])
def test_the_draw_tool_names_the_court_cards_of_the_deck_chosen(client, query, lang, courts):
    """No "Rey or K" beside a French deck: the court cards' values in the deck's own names."""
    page = client.get(f"/tools/draw{query}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert courts in page


def test_unplaced_cards_are_named_even_when_the_form_is_refused_first(keeper):
    """No card placed and no last capture: the page still names the unplaced cards, and asks who took last."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, moves=NO_CARD_PLACED, overrides={"last_capture": ""})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = keeper.text(html)
    assert "Not placed yet: Ace, 2, 3, 4, 5, 6, 7, Queen, Jack, and King of diamonds; Ace and 2 of hearts" in page
    assert "and 28 more cards" in page
    assert "Who made the last capture?" in keeper.errors(html)
