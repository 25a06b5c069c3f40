"""The review page's words on a phone: a Spanish and a French deck in the three languages, a renuncio by
the second partnership; cards by name, categories as the deck names them, the partnership in the plural."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, picture, register, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
LEFTOVER = ["2o", "3o", "4o"]  # 1o went into the second pile: the renuncio

# (game as the new-match page labels it, language, what the review must say)
CASES = [
    ("Escova (Rio Grande do Sul)", "en", ["Most diamonds", "Velo (7 of diamonds)", "Ace of diamonds",
                                          "Ana & Carla take all 6 deck points"]),
    ("Escova (Rio Grande do Sul)", "es", ["Más diamantes", "Velo (7 de diamantes)", "As de diamantes",
                                          "Ana & Carla se llevan los 6 puntos"]),
    ("Escova (Rio Grande do Sul)", "pt_BR", ["Mais ouros", "Sete belo (7 de ouros)", "Ás de ouros",
                                             "Ana & Carla levam os 6 pontos"]),
    ("Escoba (Spain)", "en", ["Most coins", "Velo (7 of coins)", "Ace of coins", "Ana & Carla take all 4 deck points"]),
    ("Escoba (Spain)", "es", ["Más oros", "Velo (7 de oros)", "As de oros", "Ana & Carla se llevan los 4 puntos"]),
    ("Escoba (Spain)", "pt_BR", ["Mais ouros", "Sete belo (7 de ouros)", "Ás de ouros",
                                 "Ana & Carla levam os 4 pontos"]),
]


def partnership_match(page: Page, game: str) -> str:
    """Two partnerships, Ana & Carla against Bea & Dani, Ana dealing; the match's entry URL."""
    page.get_by_label(game, exact=False).check()
    page.get_by_label("Two partnerships").check()
    for seat, name in enumerate(["Ana", "Bea", "Carla", "Dani"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text("Ana & Carla")
    return page.url.rstrip("/") + "/hands/new?mode=cards"


def place_cards(page: Page) -> None:
    """Every card's select set as the renuncio has it (the page's own selects, as without JavaScript)."""
    page.evaluate("""([pileA, leftover]) => {
        for (const select of document.querySelectorAll('select[name^="place-"]')) {
            const code = select.name.slice(6);
            select.value = leftover.includes(code) ? "L" : pileA.includes(code) ? "0" : "1";
        }
    }""", [PILE_A, LEFTOVER])
    page.locator("input[name=last_capture][value='0']").check(force=True)


@pytest.mark.parametrize(("game", "lang", "words"), CASES)
def test_the_review_speaks_the_decks_words_in_each_language(page: Page, live_server: str, game, lang, words):
    """A renuncio reviewed: the suspect card by its name, the deck's categories, the plural partnership."""
    register(page, live_server, f"words-{lang.lower()}-{game[:6].lower()}")
    entry = partnership_match(page, game)
    page.goto(f"{live_server}/language/{lang}")
    page.goto(entry)
    place_cards(page)
    page.locator(".submit-bar button[name=action][value=review]:not([formaction])").click()
    review = page.locator("#review")
    expect(review).to_be_visible()
    page.locator("details.fifteens").evaluate("details => details.open = true")
    text = review.inner_text()
    for word in words:
        assert word in text
    assert not re.search(r"\b\d{1,2}[ocebhdsp]\b", page.locator(".checks").inner_text())
    deck = "french" if game.startswith("Escova") else "spanish"
    screen(page, "#review", f"words-review-{deck}-{lang}-1")
    screen(page, "table.points", f"words-review-{deck}-{lang}-2")


def screen(page: Page, selector: str, name: str) -> None:
    """The phone's screen (390×844) with an element at its top, saved to look at."""
    page.locator(selector).evaluate("element => element.scrollIntoView({block: 'start'})")
    picture(page, f"{name}")


@pytest.mark.parametrize(("game", "lang", "scheme", "words"), [
    ("Escova (Rio Grande do Sul)", "en", "light", ["Diamonds", "Who holds the velo (7 of diamonds)?",
                                                   "Sum of the pile", "(Queen 8, Jack 9, King 10)"]),
    ("Escoba (Spain)", "es", "dark", ["Oros", "¿Quién tiene el velo (7 de oros)?", "Suma del montón",
                                      "(Sota 8, Caballo 9, Rey 10)"]),
    ("Escova (Rio Grande do Sul)", "pt_BR", "light", ["Ouros", "Quem tem o sete belo (7 de ouros)?",
                                                      "Soma do monte", "(Dama 8, Valete 9, Rei 10)"]),
])
def test_the_counts_page_labels_follow_the_deck(page: Page, live_server: str, game, lang, scheme, words):
    """The oros count, the velo question and the pile-sum hint in the deck's names, on a phone."""
    page.emulate_media(color_scheme=scheme)
    register(page, live_server, f"counts-{lang.lower()}")
    entry = partnership_match(page, game).replace("mode=cards", "mode=tally")
    page.goto(f"{live_server}/language/{lang}")
    page.goto(entry)
    text = page.locator("fieldset.tally").inner_text()
    for word in words:
        assert word in text
    screen(page, "fieldset.tally", f"words-counts-{lang}-{scheme}")


def test_the_review_reads_on_a_small_phone_in_the_dark(browser: Browser, live_server: str):
    """320×568, dark: the deck's row labels wrap inside the table, no column is cut off."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 568}}, color_scheme="dark")
    page = context.new_page()
    register(page, live_server, "words-small")
    entry = partnership_match(page, "Escova (Rio Grande do Sul)")
    page.goto(f"{live_server}/language/pt_BR")
    page.goto(entry)
    place_cards(page)
    page.locator(".submit-bar button[name=action][value=review]:not([formaction])").click()
    table = page.locator("table.points")
    expect(table).to_contain_text("Sete belo (7 de ouros)")
    assert sideways(page) == 0
    screen(page, "#review", "words-review-small-dark-1")
    screen(page, "table.points", "words-review-small-dark-2")
    context.close()
