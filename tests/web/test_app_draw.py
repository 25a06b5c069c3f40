"""The draw for dealer of a match: every card shown round by round, only the tied players draw again, the
rounds kept on the server across a reload, the deck's own names, and refusals that keep what was chosen."""

from __future__ import annotations

import re

import factories
import pytest
from sqlalchemy import select

from referee.models import Match


def first_dealer(keeper, match_id):
    """The stored first dealer of a match (None while the draw goes on)."""
    return keeper.query(select(Match.first_dealer).where(Match.id == match_id))[0][0]


def drawing(page):
    """The names of the players the draw page asks for a card (each a grid of the deck), in order."""
    form = page[page.index('class="draw-cards"'):].split("</form>")[0]
    return re.findall(r'<legend><span class="who">([^<]+)</span>', form)


def round_cards(page, number):
    """What the page shows of one round: (player, card name, tag) per drawn card."""
    section = page.split(f'<h2 id="round-{number}">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r'<span class="who">([^<]+)</span>\s*<span class="what">([^<]+)</span>.*?</li>', section, re.S)
    tags = [re.findall(r'<strong class="tag[^"]*">([^<]+)</strong>', li)
            for li in section.split("<li")[1:]]
    return [(who, what, (tag or [""])[0]) for (who, what), tag in zip(rows, tags, strict=True)]


@pytest.fixture
def three(keeper):
    """Ana, Bea and Cid, who draw for dealer."""
    return factories.start(keeper, ("Ana", "Bea", "Cid"), preset="escoba-es", first_dealer="draw")


def draw(keeper, match_id, **cards):
    """Post one round of the draw as the page offers it: cards-0, cards-1, … for the players drawing."""
    return keeper.submit(f"/matches/{match_id}/draw", cards, action=f"/matches/{match_id}/draw")


def test_the_highest_card_deals_and_the_page_shows_every_card_with_its_face(keeper):
    """A king beats a velo: the draw page then shows both cards (name, face, value) and who deals, and the
    scoreboard deals from Bea."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", first_dealer="draw")
    response = draw(keeper, match_id, **{"cards-0": "7o", "cards-1": "10c"})
    assert response.headers["Location"] == f"/matches/{match_id}/draw"  # post/redirect/get
    page = keeper.page(f"/matches/{match_id}/draw")
    assert round_cards(page, 1) == [("Ana", "7 of coins", ""), ("Bea", "King of cups", "deals")]
    assert page.count('class="card-face deck-spanish drawn-face"') == 2
    assert 'href="/static/img/cards/spanish.svg' in page and "#c-7o" in page and "#c-10c" in page
    assert "Bea deals first." in keeper.text(page)
    assert "<select" not in page  # nothing left to draw
    assert f'href="/matches/{match_id}/hands/new?mode=quick"' in page
    assert first_dealer(keeper, match_id) == 1
    assert "Deals: Bea · Plays first: Ana" in keeper.board(match_id)


def test_only_the_tied_players_draw_again_round_after_round(keeper, three):
    """Round 1: Ana and Bea tie on kings, Cid is out; round 2: they tie again on fives; round 3: Bea's 4 beats
    Ana's 3. Each round's cards stay on the page, and only Ana and Bea are asked for a card."""
    draw(keeper, three, **{"cards-0": "10c", "cards-1": "10e", "cards-2": "5o"})
    page = keeper.page(f"/matches/{three}/draw")
    assert round_cards(page, 1) == [("Ana", "King of cups", "draws again"), ("Bea", "King of swords", "draws again"),
                                    ("Cid", "5 of coins", "")]
    assert "A tie for the highest card: Ana and Bea draw again." in keeper.text(page)
    assert drawing(page) == ["Ana", "Bea"]
    assert "Round 2: Ana and Bea draw" in keeper.text(page)
    draw(keeper, three, **{"cards-0": "5c", "cards-1": "5e"})
    page = keeper.page(f"/matches/{three}/draw")
    assert drawing(page) == ["Ana", "Bea"]
    assert round_cards(page, 2) == [("Ana", "5 of cups", "draws again"), ("Bea", "5 of swords", "draws again")]
    assert round_cards(page, 1)[2] == ("Cid", "5 of coins", "")  # the first round is still shown
    assert first_dealer(keeper, three) is None
    draw(keeper, three, **{"cards-0": "3o", "cards-1": "4o"})
    page = keeper.page(f"/matches/{three}/draw")
    assert round_cards(page, 3) == [("Ana", "3 of coins", ""), ("Bea", "4 of coins", "deals")]
    assert [len(round_cards(page, n)) for n in (1, 2, 3)] == [3, 2, 2]
    assert first_dealer(keeper, three) == 1
    board = keeper.board(three)
    assert board.count("Draw for dealer: a tie for the highest card, 2 players draw again.") == 2
    assert "First dealer: Bea." in board


def test_a_reload_or_another_phone_keeps_the_rounds_drawn(keeper, three):
    """The rounds are kept on the server: the page opened again, on this phone or another, shows the tie and
    asks only the tied players."""
    draw(keeper, three, **{"cards-0": "9c", "cards-1": "2e", "cards-2": "9b"})
    for phone in (keeper, factories.phone(keeper)):
        page = phone.page(f"/matches/{three}/draw")
        assert drawing(page) == ["Ana", "Cid"]
        assert round_cards(page, 1)[1] == ("Bea", "2 of swords", "")
        assert phone.fields(page, f"/matches/{three}/draw")["round"] == "2"


def test_a_page_of_a_round_already_drawn_on_another_phone_changes_nothing(keeper, three):
    """Two phones on round 1: the second one's post is refused as stale; the draw stands as the first drew it."""
    phone = factories.phone(keeper)
    late = phone.form(f"/matches/{three}/draw", f"/matches/{three}/draw")
    draw(keeper, three, **{"cards-0": "10c", "cards-1": "10e", "cards-2": "5o"})
    response = phone.client.post(f"/matches/{three}/draw",
                                 data=late | {"cards-0": "1c", "cards-1": "2c", "cards-2": "3c"})
    assert response.headers["Location"] == f"/matches/{three}/draw"
    page = phone.page(f"/matches/{three}/draw")
    assert "Another phone drew this round meanwhile" in phone.text(page)
    assert drawing(page) == ["Ana", "Bea"]
    assert first_dealer(keeper, three) is None


def test_once_a_dealer_is_known_a_late_page_cannot_change_it(keeper):
    """A page kept open cannot change the first dealer; after the first hand the draw goes to the scoreboard."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    phone = factories.phone(keeper)
    late = phone.form(f"/matches/{match_id}/draw", f"/matches/{match_id}/draw")
    draw(keeper, match_id, **{"cards-0": "7o", "cards-1": "10c"})
    response = phone.client.post(f"/matches/{match_id}/draw", data=late | {"cards-0": "10o", "cards-1": "1c"})
    assert response.status_code == 302
    assert first_dealer(keeper, match_id) == 1
    assert "The draw is over already: Bea deals first." in phone.text(phone.page(f"/matches/{match_id}/draw"))
    factories.save_hand(keeper, match_id)
    assert keeper.client.get(f"/matches/{match_id}/draw").headers["Location"] == f"/matches/{match_id}"


def test_a_picked_first_dealer_has_no_draw_page(keeper):
    """A dealer chosen on the new-match form: the draw page goes to the scoreboard."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="1")
    assert keeper.client.get(f"/matches/{match_id}/draw").headers["Location"] == f"/matches/{match_id}"


@pytest.mark.parametrize(("preset", "deck", "high", "not_shown"), [
    ("escova-rs", "", "King (K) counts 10", "Rey"),
    ("escoba-es", "", "King (12) counts 10", " K "),
    ("escoba-es", "french-jq", "King (K) counts 10", "Rey"),
])
def test_the_hint_names_the_high_card_of_the_matchs_deck(keeper, preset, deck, high, not_shown):
    """'Rey or K' no more: the hint names the deck's own high card, with its corner index."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset=preset, deck_style=deck, first_dealer="draw")
    hint = keeper.text(keeper.page(f"/matches/{match_id}/draw")).split("Tied players")[0]
    assert high in hint and not_shown not in hint


@pytest.mark.parametrize(("language", "high"), [("es", "Rey (12) vale 10"), ("pt_BR", "Rei (12) vale 10")])
def test_the_hint_speaks_the_players_language(keeper, language, high):
    """The high card's name is the deck's in the page's language."""
    match_id = factories.start(keeper, ("Ana", "Bea"), preset="escoba-es", first_dealer="draw")
    keeper.client.get(f"/language/{language}")
    assert high in keeper.text(keeper.page(f"/matches/{match_id}/draw"))


def test_two_players_drawing_the_same_card_marks_the_second_and_keeps_both(keeper, three):
    """422; the second player's select is marked, naming the first; the chosen cards stay selected."""
    response = draw(keeper, three, **{"cards-0": "3o", "cards-1": "6c", "cards-2": "3o"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert [keeper.fields(page, f"/matches/{three}/draw")[f"cards-{i}"] for i in range(3)] == ["3o", "6c", "3o"]
    assert keeper.errors(page) == ["Ana drew this card already: two players cannot draw the same card."]
    grid = page.split('<fieldset class="draw-grid has-error" id="cards-2" aria-describedby="cards-2-error">')[1]
    assert grid.split("</fieldset>")[0].count('aria-invalid="true"') == 40  # each card of Cid's grid
    assert page.count('aria-invalid="true"') == 40 and page.count("has-error") == 1
    assert first_dealer(keeper, three) is None


def test_a_player_without_a_card_is_asked_by_name_and_the_others_cards_stay(keeper, three):
    """422 with 'Which card did Bea draw?' beside Bea's select; Ana's and Cid's cards stay selected."""
    response = draw(keeper, three, **{"cards-0": "9b", "cards-1": "", "cards-2": "1c"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert keeper.errors(page) == ["Which card did Bea draw?"]
    fields = keeper.fields(page, f"/matches/{three}/draw")
    assert fields["cards-0"] == "9b" and fields["cards-2"] == "1c"
    assert first_dealer(keeper, three) is None


def test_a_refused_redraw_keeps_the_round_and_the_tied_players(keeper, three):
    """After a tie, a redraw with the same card twice is refused on the same round, with the same players."""
    draw(keeper, three, **{"cards-0": "10c", "cards-1": "10e", "cards-2": "5o"})
    response = draw(keeper, three, **{"cards-0": "4o", "cards-1": "4o"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert drawing(page) == ["Ana", "Bea"] and keeper.fields(page, f"/matches/{three}/draw")["round"] == "2"
    assert round_cards(page, 1)[0] == ("Ana", "King of cups", "draws again")


def test_a_draw_with_more_cards_than_players_is_refused(keeper):
    """Extra cards-N entries (no page has them) answer 422 with the draw's words; nobody deals yet."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    response = draw(keeper, match_id, **{"cards-0": "7o", "cards-1": "10c", "cards-7": "3o"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Each player draws one card." in keeper.text(page)
    assert sorted(name for name in keeper.fields(page, f"/matches/{match_id}/draw")
                  if name.startswith("cards-")) == ["cards-0", "cards-1"]
    assert first_dealer(keeper, match_id) is None


@pytest.mark.parametrize("round_number", ["9" * 5000, "a", "", "٢", "-1", "1 "])
def test_a_tampered_round_number_is_a_bad_request(keeper, round_number):
    """The hidden round number is written by the page: anything but a small number answers 400."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    response = draw(keeper, match_id, **{"round": round_number, "cards-0": "7o", "cards-1": "10c"})
    assert response.status_code == 400
    assert first_dealer(keeper, match_id) is None


@pytest.mark.parametrize("round_number", ["0", "5"])
def test_a_round_number_other_than_the_draws_is_stale_not_drawn(keeper, round_number):
    """A round the draw is not at changes nothing and shows the draw as it stands."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    response = draw(keeper, match_id, **{"round": round_number, "cards-0": "7o", "cards-1": "10c"})
    assert response.headers["Location"] == f"/matches/{match_id}/draw"
    assert first_dealer(keeper, match_id) is None


def test_the_draw_form_carries_the_draft_key_of_its_match(keeper, three):
    """static/js/draft.js keeps what is chosen on the phone under this key."""
    assert f'data-draft="match-{three}:draw:round-1"' in keeper.page(f"/matches/{three}/draw")


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Cid: Ana drew this card already: two players cannot draw the same card."),
    ("es", "Cid: Ana ya sacó esta carta: dos jugadores no pueden sacar la misma carta."),
    ("pt_BR", "Cid: Ana já tirou esta carta: dois jogadores não podem tirar a mesma carta."),
])
def test_a_card_picked_twice_on_the_grids_is_named_in_the_players_language(keeper, three, language, words):
    """The summary at the top names Cid's grid (its link goes to Cid's first card) and who had the card, in the
    page's language; every grid keeps the card picked on it, checked, and Cid's grid alone is marked."""
    keeper.client.get(f"/language/{language}")
    response = draw(keeper, three, **{"cards-0": "3o", "cards-1": "6c", "cards-2": "3o"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    summary = page.split('id="error-summary"')[1].split("</div>")[0]
    assert f'<a href="#cards-2-0">{words}</a>' in summary.replace("\n", "")
    for seat, code in enumerate(("3o", "6c", "3o")):
        grid = page.split(f'id="cards-{seat}"')[1].split("</fieldset>")[0]
        assert re.findall(r'value="(\w+)" checked', grid) == [code]
    assert page.count("draw-grid has-error") == 1
