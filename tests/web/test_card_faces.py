"""The card faces: one SVG sprite per deck style, drawn by `flask --app referee faces` and shown by the picker."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import factories
import pytest

from referee import ROOT
from referee.rules import DECK
from referee.rules.names import DeckStyle

CARDS = ROOT / "static" / "img" / "cards"
SVG = "{http://www.w3.org/2000/svg}"
STYLES = [style.value for style in DeckStyle]


def sprite(style: str) -> ET.Element:
    """The committed sprite of a deck style, parsed."""
    return ET.parse(CARDS / f"{style}.svg").getroot()


def card_symbols(style: str) -> dict[str, ET.Element]:
    """The sprite's card symbols by id."""
    return {s.get("id", ""): s for s in sprite(style).iter(f"{SVG}symbol") if s.get("id", "").startswith("c-")}


def index_text(style: str, code: str) -> str:
    """The text of a card's corner index."""
    return "".join(text.text or "" for text in card_symbols(style)[f"c-{code}"].iter(f"{SVG}text"))


@pytest.mark.parametrize("style", STYLES)
def test_every_sprite_holds_the_40_cards_each_with_a_viewbox(style):
    """Exactly one symbol per card code, c-1o … c-10b, each scalable."""
    symbols = card_symbols(style)
    assert sorted(symbols) == sorted(f"c-{card}" for card in DECK)
    assert all(re.fullmatch(r"0 0 \d+ \d+", symbol.get("viewBox", "")) for symbol in symbols.values())


@pytest.mark.parametrize("style", STYLES)
def test_every_sprite_is_small_and_self_contained(style):
    """Under 60 KB, and every reference points inside the sprite: nothing from the internet."""
    path = CARDS / f"{style}.svg"
    assert path.stat().st_size < 60 * 1024
    for element in sprite(style).iter():
        for name, value in element.attrib.items():
            if name.endswith("href"):
                assert value.startswith("#"), (element.tag, value)
    text = path.read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"https?:|//|url\(|@import", text)


def test_the_committed_sprites_are_what_the_faces_command_draws_now(app, tmp_path):
    """Run the command into a temporary folder: the files must match byte for byte, so they cannot go stale."""
    out = tmp_path / "faces"  # the app's database lives in tmp_path itself
    result = app.test_cli_runner().invoke(args=["faces", "--out", str(out)])
    assert result.exit_code == 0, result.output
    drawn = sorted(path.name for path in out.iterdir())
    assert drawn == sorted(f"{style}.svg" for style in STYLES)
    for name in drawn:
        assert (out / name).read_bytes() == (CARDS / name).read_bytes(), f"run `flask --app referee faces`: {name}"


@pytest.mark.parametrize(("style", "index"), [
    ("spanish", {"1o": "1", "7o": "7", "8o": "10", "9c": "11", "10b": "12"}),
    ("french", {"1o": "A", "7c": "7", "8o": "Q", "9e": "J", "10b": "K"}),
    ("french-jq", {"1o": "A", "7c": "7", "8o": "J", "9e": "Q", "10b": "K"}),
])
def test_each_card_shows_the_index_its_deck_prints(style, index):
    """Spanish courts show 10, 11, 12; French Brazil's 8 is Q and 9 is J; French J-Q's 8 is J and 9 is Q."""
    assert {code: index_text(style, code) for code in index} == index


def test_the_suits_are_different_drawings_in_each_deck_family():
    """Four distinct suit drawings per sprite, and the Spanish ones are not the French ones."""
    def suits(style: str) -> list[str]:
        return [ET.tostring(s, encoding="unicode") for s in sprite(style).iter(f"{SVG}symbol")
                if s.get("id", "").startswith("s-")]
    spanish, french = suits("spanish"), suits("french")
    assert len(set(spanish)) == len(set(french)) == 4
    assert not set(spanish) & set(french)


@pytest.mark.parametrize(("fields", "style"), [
    ({"preset": "escoba-es"}, "spanish"),
    ({"preset": "escova-rs"}, "french"),
    ({"preset": "escova-rs", "deck_style": "french-jq"}, "french-jq"),
])
def test_the_picker_draws_every_card_from_the_sprite_of_the_match_deck(keeper, fields, style):
    """Forty card pictures, each from the match's deck style's sprite, named for screen readers."""
    match_id = factories.start(keeper, ("Ana", "Bea"), **fields)
    page = keeper.page(keeper.hand_url(match_id))
    uses = re.findall(r'<use href="([^"#?]+)(?:\?v=\w+)?#c-(\w+)"', page)  # ?v= once fingerprinted
    assert {url for url, _ in uses} == {f"/static/img/cards/{style}.svg"}
    assert sorted(code for _, code in uses) == sorted(str(card) for card in DECK)
    name = {"spanish": "Knave of coins", "french": "Queen of diamonds", "french-jq": "Jack of diamonds"}[style]
    assert f'role="img" aria-label="{name}"' in page


def test_the_picker_keeps_a_select_for_every_card_beside_its_picture(keeper):
    """Without JavaScript the form still works: each tile has its picture, label and select."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    page = keeper.page(keeper.hand_url(match_id))
    assert len(re.findall(r'<span class="face" aria-hidden="true"><svg class="card-face', page)) == 40
    assert len(keeper.places(keeper.fields(page))) == 40


def test_the_review_shows_each_fifteen_as_card_pictures(keeper):
    """The split into fifteens draws the cards from the match's sprite."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es")
    page = keeper.enter_hand(match_id).get_data(as_text=True)
    fifteens = page.split('class="fifteens"', 1)[1].split("</details>", 1)[0]
    drawn = re.findall(r'href="/static/img/cards/spanish\.svg(?:\?v=\w+)?#c-', fifteens)
    assert len(drawn) == 36  # the 40 cards less the leftover


def test_the_sprites_are_served_as_svg(client):
    """Each sprite is a static file with an SVG content type."""
    for style in STYLES:
        response = client.get(f"/static/img/cards/{style}.svg")
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"
        response.close()


def test_the_faces_command_writes_to_the_static_folder_by_default(app, tmp_path, monkeypatch):
    """Without --out the sprites go to static/img/cards (here a stand-in static folder)."""
    monkeypatch.setattr(app, "static_folder", str(tmp_path / "static"))
    result = app.test_cli_runner().invoke(args=["faces"])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (tmp_path / "static" / "img" / "cards").iterdir()) == sorted(
        f"{style}.svg" for style in STYLES)
