"""The regional options on the pages: picked on the new-match screen (the region's quick picks are the sevens'
choices), stored with the match, shown under the scoreboard's "Rules and cards", kept by a rematch; a bad or
hostile value refused beside its field, with what was typed kept."""

from __future__ import annotations

import re
from typing import Any

import factories
import pytest
from sqlalchemy import select

from referee.models import Match

TWO = {"names-0": "Ana", "names-1": "Bea", "seating": "2", "first_dealer": "0"}


def stored(keeper: Any, match_id: int) -> tuple[str, str]:
    """The sevens and ties options the match was stored with."""
    [(options,)] = keeper.query(select(Match.options).where(Match.id == match_id))
    return options["sevens"], options["ties"]


def rules_section(keeper: Any, match_id: int) -> str:
    """What a reader sees of the scoreboard's folded "Rules and cards"."""
    html = keeper.page(f"/matches/{match_id}")
    found = re.search(r'<details class="more match-rules" id="rules">(.*?)</details>', html, flags=re.S)
    assert found, "no rules section on the scoreboard"
    return str(keeper.text(found.group(1)))


def test_the_new_match_screen_offers_the_options_with_the_regions_and_the_defaults_picked(keeper):
    """Three sevens choices, two of them named for their region, and two for ties; the usual rules are checked."""
    html = keeper.page("/matches/new")
    text = keeper.text(html)
    assert "As in Argentina: la setenta" in text and "As in Uruguay: sevens, then sixes, aces, fives" in text
    assert "House rule: every side tied at the top scores it" in text
    assert re.search(r'<input checked id="sevens-0" name="sevens" type="radio" value="most">', html)
    assert re.search(r'<input checked id="ties-0" name="ties" type="radio" value="nobody">', html)
    fields = keeper.fields(html)
    assert (fields["sevens"], fields["ties"]) == ("most", "nobody")


def test_a_match_left_at_the_defaults_plays_most_sevens_and_nobody_takes_a_tie(keeper):
    """Nothing picked: the rules as before, and the scoreboard says so in plain words."""
    match_id = keeper.start(("Ana", "Bea"))
    assert stored(keeper, match_id) == ("most", "nobody")
    rules = rules_section(keeper, match_id)
    assert "The sevens point Most sevens." in rules and "A category tied at the top Nobody scores it." in rules
    assert "Escova RS · Playing to 15" in rules and "Up to 6 a hand, escobas aside" in rules


@pytest.mark.parametrize(("sevens", "ties", "words"), [
    ("setenta", "nobody", "La setenta, as in Argentina: each side's best card in each suit counts, 7 = 21"),
    ("most_tiebreak", "nobody", "As in Uruguay: most sevens; tied, most sixes, then most aces, then most fives."),
    ("most", "shared", "Every side tied at the top scores it (a house rule)."),
    ("setenta", "shared", "Every side tied at the top scores it (a house rule)."),
])
def test_each_option_is_stored_and_shown_under_rules_and_cards(keeper, sevens, ties, words):
    """Each pick, the region's quick picks among them, is the match's rule in force and the scoreboard's."""
    match_id = keeper.start(("Ana", "Bea"), preset="escoba-es", sevens=sevens, ties=ties)
    assert stored(keeper, match_id) == (sevens, ties)
    rules = rules_section(keeper, match_id)
    assert words in rules
    assert "Escoba (Spain) · Playing to 21" in rules


def test_the_rules_section_is_below_the_score(keeper):
    """Folded and near the bottom: the score and the entry button come first on a phone."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    html = keeper.page(f"/matches/{match_id}")
    assert html.index('class="board"') < html.index("Enter hand 1") < html.index('id="rules"')
    assert '<details class="more match-rules" id="rules">' in html  # closed until tapped


def test_a_rematch_keeps_the_options(keeper):
    """Same players, same rules: the sevens and ties options too."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="most_tiebreak", ties="shared")
    response = keeper.client.post(f"/matches/{match_id}/rematch", data={"csrf_token": keeper.token()})
    assert response.status_code == 302
    again = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert again != match_id and stored(keeper, again) == ("most_tiebreak", "shared")
    assert "As in Uruguay" in rules_section(keeper, again)


@pytest.mark.parametrize("value", ["", "setenta ", "SETENTA", "face", "primiera", "0", "\x00", "x" * 5000,
                                   "most_tiebreak\x00", "<script>", "🃏"])
@pytest.mark.parametrize("name", ["sevens", "ties"])
def test_a_bad_or_hostile_value_is_refused_beside_its_field_and_the_form_keeps_what_was_typed(keeper, name, value):
    """A value the choices do not hold: 422, the error beside the field with the rules opened, the names typed
    kept, no match made, never a 500."""
    before = len(keeper.query(select(Match.id)))
    response = keeper.submit("/matches/new", TWO | {"names-1": "Beatriz", name: value})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Not a valid choice." in keeper.errors(html)
    assert '<details class="more" open>' in html
    assert 'value="Beatriz"' in html
    assert len(keeper.query(select(Match.id))) == before


def test_a_form_from_before_the_options_still_starts_a_match_with_the_defaults(keeper):
    """A page loaded before the options were offered posts neither: the usual rules, not an error."""
    fields = keeper.form("/matches/new") | TWO
    del fields["sevens"], fields["ties"]
    response = keeper.client.post("/matches/new", data=fields)
    assert response.status_code == 302
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert stored(keeper, match_id) == ("most", "nobody")


@pytest.mark.parametrize(("language", "pick", "shown"), [
    ("es", "Como en Argentina: la setenta", "La setenta, como en Argentina"),
    ("pt_BR", "Como na Argentina: a setenta", "A setenta, como na Argentina"),
])
def test_the_options_speak_the_readers_language(keeper, language, pick, shown):
    """The new-match screen's choices and the scoreboard's rules in Spanish and Brazilian Portuguese."""
    match_id = factories.start(keeper, ("Ana", "Bea"), sevens="setenta")
    keeper.client.get(f"/language/{language}")
    assert pick in keeper.text(keeper.page("/matches/new"))
    assert shown in rules_section(keeper, match_id)
