"""The rules card: every option of house rules in words, in English, Español and Português (Brasil), never a raw
option key; its public address (no account, revocable), its QR code, its print CSS, and a match's card."""

from __future__ import annotations

import re
from pathlib import Path

import factories
import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_client import Scorekeeper
from sqlalchemy import select

from referee.extensions import db
from referee.models import RulesProfile
from referee.rules import OPTIONS, PRESETS, make_ruleset
from referee.rules.names import DeckStyle
from referee.services.profiles import HouseRules, OpeningSweep, save_profile
from referee.views.card_words import OPTION_LINES, card_lines

LANGUAGES = ("en", "es", "pt_BR")
CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "card.css"
# What no reader should meet on a card: the options' and presets' names as the code writes them, a choice's value
# that is no word, the stored encoding's marks.
RAW = ["all_oros", "all_sevens", "over30", "deal_passes", "most_tiebreak", "opening_sweep", "french-jq",
       "escova-rs", "escoba-es", "escoba-intl", "deck_style", '"v"', "{", "}", "None", "True", "False"]
# The choices' values in English, which a Spanish or Portuguese card never shows as words.
ENGLISH_VALUES = ["forfeit", "void", "flag", "right", "left", "nobody", "shared", "most", "dealer", "first",
                  "spanish", "french"]


def values_of(option: str) -> list[object]:
    """Every value an option takes, or a few across its range for a whole number."""
    kind = OPTIONS[option]
    if kind.choices is not None:
        return [member.value for member in kind.choices]
    return sorted({kind.low, kind.low + 1, kind.high})


def card_text(keeper: Scorekeeper, rules: HouseRules, language: str, name: str) -> str:
    """The public card of a profile of these rules, read in a language (the page's language choice: its cookie)."""
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        token = save_profile(user, name, rules).card_token
    keeper.client.set_cookie("lang", language)
    html = keeper.page(f"/card/{token}")
    return keeper.text(html.split('<main id="main">', 1)[1].split("</main>", 1)[0])


def test_every_option_has_its_line() -> None:
    """A new option of the rules core fails here until the card says it."""
    assert sorted(OPTION_LINES) == sorted(OPTIONS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_value_of_every_option_reads_differently_on_the_card(keeper: Scorekeeper, language: str) -> None:
    """For each option, cards that differ only in it differ in words, in each language: each value is said; so is
    each opening sweep and each deck."""
    base = PRESETS["escoba-es"]
    texts: dict[str, set[str]] = {}
    count = 0
    for option in OPTIONS:
        for value in values_of(option):
            count += 1
            rules = HouseRules(make_ruleset(base.preset, **{option: value}))
            texts.setdefault(option, set()).add(card_text(keeper, rules, language, f"p{count}"))
        assert len(texts[option]) == len(values_of(option)), option
    sweeps = {card_text(keeper, HouseRules(base, opening_sweep=sweep), language, f"s-{sweep.value}")
              for sweep in OpeningSweep}
    decks = {card_text(keeper, HouseRules(base, deck_style=style.value), language, f"d-{style.value}")
             for style in DeckStyle}
    assert (len(sweeps), len(decks)) == (len(OpeningSweep), len(DeckStyle))


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Playing to", "The first side to reach 30 points wins.", "La setenta", "Void:", "To the left",
            "the first player to notice", "French deck, J = 8, Q = 9", "2 more points to the side that takes more"]),
    ("es", ["30 puntos", "setenta", "izquierda", "el primer jugador que se dé cuenta", "2 puntos más"]),
    ("pt_BR", ["30 pontos", "setenta", "esquerda", "o primeiro jogador que perceber", "2 pontos a mais"]),
])
def test_the_card_reads_in_the_tables_language(keeper: Scorekeeper, language: str, words: list[str]) -> None:
    """The footer's language choice is the card's: the Tuesday club's rules in each language's words."""
    rules = HouseRules(make_ruleset("escoba-es", target=30, over30=2, penalty="void", deal_passes="left",
                                    sevens="setenta"), "french-jq", OpeningSweep.FIRST)
    text = card_text(keeper, rules, language, "Tuesday club")
    for word in words:
        assert word in text, (language, word)


RULESETS = st.builds(
    lambda preset, chosen: make_ruleset(preset, **chosen),
    st.sampled_from(sorted(PRESETS)),
    st.fixed_dictionaries({}, optional={name: st.sampled_from(values_of(name)) for name in OPTIONS}))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ruleset=RULESETS, deck=st.sampled_from(["", *(style.value for style in DeckStyle)]),
       sweep=st.sampled_from(list(OpeningSweep)), language=st.sampled_from(LANGUAGES))
def test_the_card_never_shows_a_raw_option_key(app: Flask, ruleset: object, deck: str, sweep: OpeningSweep,
                                               language: str) -> None:
    """Whatever the rules, in any language: no option's or preset's code, no encoding mark, and no English value
    on a Spanish or Portuguese card; a line for every option and each line in words."""
    assert isinstance(ruleset, type(PRESETS["escoba-es"]))
    with app.test_request_context(headers={"Accept-Language": language.replace("_", "-")}):
        lines = card_lines(HouseRules(ruleset, deck, sweep))
    text = " ".join(f"{line.term} {line.words}" for line in lines)
    assert len(lines) == len(OPTIONS) + 5
    assert all(line.term.strip() and line.words.strip() for line in lines)
    assert [raw for raw in RAW if raw in text] == []
    if language != "en":
        assert [word for word in ENGLISH_VALUES if re.search(rf"\b{word}\b", text, re.I)] == []


# -- the public address, its QR code, printing ---------------------------------------------------------

def profile_token(app: Flask) -> tuple[int, str]:
    """Ana's Tuesday club's id and card token."""
    with app.app_context():
        profile = db.session.scalar(select(RulesProfile))
        assert profile is not None
        return profile.id, profile.card_token


def test_the_card_needs_no_account_shows_no_reader_and_carries_its_qr_code(keeper: Scorekeeper,
                                                                          visitor: Scorekeeper) -> None:
    """Anyone with the address reads it; a logged-in reader sees no account of theirs on it; its QR code is its
    own address; the profile's page shows the same address and code."""
    pid = factories_profile(keeper)
    _pid, token = profile_token(keeper.app)
    public = visitor.page(f"/card/{token}")
    assert "Tuesday club" in public and "<svg" in public and f"http://localhost/card/{token}" in public
    assert "noindex" in public
    mine = keeper.page(f"/card/{token}")
    assert "Log out" not in mine and "ana" not in keeper.text(mine).split()
    owner_page = keeper.page(f"/rules/{pid}")
    assert f"http://localhost/card/{token}" in owner_page and "<svg" in owner_page
    for odd in ("x" * 65, "%00", "a.b", "nope"):
        visitor.page(f"/card/{odd}", 404)


def factories_profile(keeper: Scorekeeper) -> int:
    """Ana's Tuesday club, saved through the service; its id."""
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        return save_profile(user, "Tuesday club", HouseRules(make_ruleset("escoba-es", target=30))).id


def test_replacing_the_address_revokes_the_old_one(keeper: Scorekeeper, visitor: Scorekeeper) -> None:
    """The profile page's button: the old address answers 404, the new one the card."""
    pid = factories_profile(keeper)
    _pid, old = profile_token(keeper.app)
    response = keeper.submit(f"/rules/{pid}", action=f"/rules/{pid}/link")
    assert response.status_code == 302
    _pid, new = profile_token(keeper.app)
    assert new != old
    visitor.page(f"/card/{old}", 404)
    assert "Tuesday club" in visitor.page(f"/card/{new}")
    assert keeper.client.post(f"/rules/{pid}/link").status_code == 400  # no CSRF token: no page sends that


def test_the_card_prints_on_one_page_without_the_apps_bars(keeper: Scorekeeper) -> None:
    """The card links its stylesheet, whose print rules hide the bar, the footer and the buttons, set the page
    and lay the lines out in two columns."""
    factories_profile(keeper)
    _pid, token = profile_token(keeper.app)
    html = keeper.page(f"/card/{token}")
    assert re.search(r'href="/static/css/card\.css[^"]*"', html)
    css = CSS.read_text(encoding="utf-8")
    printed = css.split("@media print", 1)[1]
    assert "@page" in css
    for selector in (".bar", ".foot", ".no-print", ".flashes"):
        assert re.search(rf"{re.escape(selector)}\b[^{{]*\{{\s*display: none", printed), selector
    assert "columns: 2" in printed and "break-inside: avoid" in printed


def test_a_match_started_from_house_rules_links_its_card_from_the_scoreboard(keeper: Scorekeeper) -> None:
    """The scoreboard's "Rules and cards" links the match's card, which names the house rules and carries their
    public QR code; a match started without house rules has no such link."""
    pid = factories_profile(keeper)
    _pid, token = profile_token(keeper.app)
    match = keeper.start(("Ana", "Bea"), preset="escoba-es", target="30", profile=str(pid))
    plain = keeper.start(("Ana", "Bea"))
    assert f'href="/matches/{match}/card"' in keeper.page(f"/matches/{match}")
    assert f"/matches/{plain}/card" not in keeper.page(f"/matches/{plain}")
    card = keeper.page(f"/matches/{match}/card")
    assert "Tuesday club" in card and f"http://localhost/card/{token}" in card
