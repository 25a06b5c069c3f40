"""The conflict page: a hand another phone saved first (or changed meanwhile), shown beside this phone's entry —
what differs, in the deck's names and the page's words — with "Correct hand N with this entry" (the correction of
the saved hand, reviewed, then saved against the match as the page showed it) and "Keep hand N as saved"; the
entry stays keyed as the hand it was typed for, never the next one.

The hand is conftest's correct hand (PILE_A to Ana, PILE_B to Bea, the four low oros on the table, Ana with one
escoba and the last capture): 4 to 0 under escova-rs.
"""

from __future__ import annotations

import re
from html import unescape

import factories
import pytest
from sqlalchemy import select

from referee.models import MatchEvent

SWAP_FIVES = {"5o": "1", "5e": "0"}  # Ana's 5 of oros and Bea's 5 of espadas change piles: still fifteens


def form_tag(html: str) -> str:
    """The opening tag of the entry form."""
    return re.search(r'<form[^>]*\bid="hand"[^>]*>', html, flags=re.S).group(0)


def comparison(html: str) -> list[tuple[str, str, str]]:
    """The comparison's rows: what, as saved, as this entry has it."""
    table = re.search(r'<table class="compare">.*?</table>', html, flags=re.S)
    assert table, "no comparison on the page"
    rows = re.findall(r'<tr[^>]*><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', table.group(0))
    return [tuple(unescape(cell) for cell in row) for row in rows]


def correct_url(html: str, number: int) -> str:
    """Where "Correct hand N with this entry" posts the entry."""
    urls = set(re.findall(rf'<button[^>]*formaction="([^"]+)"[^>]*>Correct hand {number} with this entry', html))
    assert len(urls) == 1, urls
    return unescape(urls.pop())


def saved_first(keeper, match_id: int, theirs: dict[str, str], mine: dict[str, str], mode: str = "cards",
                action: str = "save"):
    """Both phones open hand 1; the other phone saves `theirs`, then this one sends `mine`: the answer."""
    url = keeper.hand_url(match_id, mode)
    phone = factories.phone(keeper)
    form, their_form = keeper.form(url), phone.form(phone.hand_url(match_id, mode))
    assert phone.client.post(url, data=their_form | theirs | {"action": "save"}).status_code == 302
    return keeper.client.post(url, data=form | mine | {"action": action})


@pytest.fixture
def spanish(keeper) -> int:
    """Ana against Bea with the Spanish deck, Ana dealing first."""
    return factories.start(keeper, ("Ana", "Bea"), deck_style="spanish")


def test_the_saved_hand_is_shown_beside_the_entry_with_what_differs(keeper, spanish):
    """Their hand 1 has no escoba for Ana: the page shows each side's points as saved and as typed, then only
    the lines that differ — Ana's escobas — nothing that is the same."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields())
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved from another phone. This entry was not saved." in keeper.text(page)
    assert comparison(page) == [("Points · Ana", "+3", "+4"), ("Points · Bea", "+0", "+0"),
                                ("Escobas · Ana", "0", "1")]
    assert "Hand 1 as saved, beside this entry: what differs" in keeper.text(page)


def test_cards_in_other_piles_are_named_in_the_decks_words(keeper, spanish):
    """The two fives changed piles: the counts that follow, in the deck's words (Oros), and each card named
    with where it lies in each."""
    response = saved_first(keeper, spanish, keeper.hand_fields(moves=SWAP_FIVES), keeper.hand_fields())
    rows = comparison(response.get_data(as_text=True))
    assert ("Coins · Ana", "9", "10") in rows and ("Coins · Bea", "1", "0") in rows
    assert ("5 of coins", "Bea", "Ana") in rows and ("5 of swords", "Ana", "Bea") in rows
    assert not [row for row in rows if row[0].startswith(("Cards ·", "Sevens ·", "Dealer", "Escobas"))]


def test_a_french_deck_names_its_own_suits(keeper):
    """The same swap with the French deck: diamonds and spades."""
    match_id = factories.start(keeper, ("Ana", "Bea"), deck_style="french")
    response = saved_first(keeper, match_id, keeper.hand_fields(moves=SWAP_FIVES), keeper.hand_fields())
    rows = comparison(response.get_data(as_text=True))
    assert ("Diamonds · Ana", "9", "10") in rows and ("5 of diamonds", "Bea", "Ana") in rows


def test_entries_made_in_different_ways_compare_by_what_they_give(keeper, spanish):
    """Saved by every card, typed by counts: the counts the referee reads in each, no card lists."""
    url = keeper.hand_url(spanish, "tally")
    phone = factories.phone(keeper)
    form = keeper.form(url)
    phone.save_hand(spanish, escobas=(0, 0))
    response = keeper.client.post(url, data=form | keeper.hand_fields("tally") | {"action": "save"})
    assert response.status_code == 409
    assert comparison(response.get_data(as_text=True)) == [
        ("Points · Ana", "+3", "+4"), ("Points · Bea", "+0", "+0"), ("Escobas · Ana", "0", "1")]


def test_counts_that_leave_another_sum_on_the_table_say_so(keeper, spanish):
    """Both by counts, this one with 25 on the table: the sums side by side."""
    response = saved_first(keeper, spanish, keeper.hand_fields("tally"),
                           keeper.hand_fields("tally") | {"leftover_sum": "25"}, mode="tally", action="review")
    assert ("Sum of the cards left on the table", "10", "25") in comparison(response.get_data(as_text=True))


def test_quick_entries_name_the_cards_left_on_the_table(keeper, spanish):
    """Both the quick way, with other cards left on the table (each summing to 10): the table's cards named, in
    the deck's words, and the counts they change."""
    def quick(leftover: list[str], oros: str) -> dict[str, str]:
        """A quick entry: the table's cards, Ana's counts, the rest Bea's."""
        places = {f"place-{code}": "" for code in keeper.places(keeper.form(keeper.hand_url(spanish, "quick")))}
        return places | {f"place-{code}": "L" for code in leftover} | {
            "cards-0": "20", "oros-0": oros, "sevens-0": "2", "velo": "0", "escobas-0": "1", "escobas-1": "0",
            "last_capture": "0"}

    response = saved_first(keeper, spanish, quick(["1o", "2o", "3o", "4o"], "10"),
                           quick(["1c", "2c", "3c", "4c"], "6"), mode="quick")
    rows = comparison(response.get_data(as_text=True))
    assert ("Table", "Ace, 2, 3, and 4 of coins", "Ace, 2, 3, and 4 of cups") in rows
    assert ("Coins · Ana", "10", "6") in rows


def test_a_resent_entry_the_referee_cannot_read_is_still_compared(keeper, spanish):
    """This phone's own hand 1, resent changed into an entry the referee refuses (15 escobas): what was typed is
    still set beside what was saved, the points it would give unknown."""
    url = keeper.hand_url(spanish)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    response = keeper.client.post(url, data=form | {"escobas-0": "15"})
    assert response.status_code == 409
    assert comparison(response.get_data(as_text=True)) == [
        ("Points · Ana", "+4", "—"), ("Points · Bea", "+0", "—"), ("Escobas · Ana", "1", "15")]


def test_the_refused_entry_stays_keyed_as_the_hand_it_was_typed_for(keeper, spanish):
    """Its number, its dealer and its draft are hand 1's, not hand 2's; the page is hand 1's."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields())
    page = response.get_data(as_text=True)
    tag = form_tag(page)
    assert f'data-draft="match-{spanish}:new-1:cards"' in tag and "data-draft-posted" in tag
    assert "new-2" not in tag
    fields = keeper.fields(page)
    assert (fields["number"], fields["dealer"]) == ("1", "0")
    assert "<h1>Hand 1</h1>" in page
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())


def test_correct_hand_n_reviews_the_entry_as_the_correction_and_saves_it(keeper, spanish):
    """The button posts the entry to hand 1's correction: reviewed there (nothing saved yet), then saved."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields())
    page = response.get_data(as_text=True)
    url = correct_url(page, 1)
    assert url == f"/matches/{spanish}/hands/1/edit?mode=cards"
    review = keeper.client.post(url, data=keeper.fields(page) | {"action": "review"})
    assert review.status_code == 200
    text = keeper.text(review.get_data(as_text=True))
    assert "Correct hand 1" in text and "Points +4 +0" in text
    assert keeper.saved_hands(spanish) == [(1, [3, 0], True, "cards", 0)]
    saved = keeper.client.post(url, data=keeper.fields(review.get_data(as_text=True)) | {"action": "save"})
    assert saved.status_code == 302
    assert keeper.saved_hands(spanish) == [(1, [4, 0], True, "cards", 0)]
    assert [kind for (kind,) in keeper.query(select(MatchEvent.kind).where(MatchEvent.hand_number == 1))] == \
        ["hand_recorded", "hand_edited"]


def test_the_correction_is_checked_against_the_match_as_the_page_showed_it(keeper, spanish):
    """Hand 1 changed again on the other phone after the conflict page was rendered: the correction is refused,
    with hand 1 as it now is beside it, and nothing is overwritten."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields())
    page = response.get_data(as_text=True)
    url = correct_url(page, 1)
    review = keeper.client.post(url, data=keeper.fields(page) | {"action": "review"})
    factories.phone(keeper).save_hand(spanish, number=1, escobas=(2, 0))
    refused = keeper.client.post(url, data=keeper.fields(review.get_data(as_text=True)) | {"action": "save"})
    assert refused.status_code == 409
    html = refused.get_data(as_text=True)
    assert "Your correction of hand 1 was not saved." in keeper.text(html)
    assert comparison(html) == [("Points · Ana", "+5", "+4"), ("Points · Bea", "+0", "+0"),
                                ("Escobas · Ana", "2", "1")]
    assert f'data-draft="match-{spanish}:edit-1:cards"' in form_tag(html)
    assert keeper.fields(html)["number"] == "1"
    assert keeper.saved_hands(spanish) == [(1, [5, 0], True, "cards", 0)]


def test_keep_the_saved_hand_goes_to_the_scoreboard_and_forgets_the_entry(keeper, spanish):
    """The link names the entry's draft for the drafts' script to forget."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields())
    page = response.get_data(as_text=True)
    [link] = re.findall(r'<a class="button big" href="([^"]+)" data-draft-forget="([^"]+)">Keep hand 1 as saved</a>',
                        page)
    assert link == (f"/matches/{spanish}", f"match-{spanish}:new-1")


def test_the_same_entry_says_nothing_is_lost_and_offers_no_correction(keeper, spanish):
    """Both phones typed the same hand: no table of differences, no correction, keeping it is the way on."""
    response = saved_first(keeper, spanish, keeper.hand_fields(), keeper.hand_fields())
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This entry gives what hand 1 holds as saved: nothing is lost by keeping it." in keeper.text(page)
    assert 'class="compare"' not in page
    assert "Correct hand 1 with this entry" not in keeper.text(page)
    assert re.search(r'<a class="button big primary" [^>]*>Keep hand 1 as saved</a>', page)


def test_checking_on_a_page_older_than_the_hand_says_so_at_once(keeper, spanish):
    """Check, not Save: the conflict and the comparison already, not a review of "hand 2" that is hand 1."""
    response = saved_first(keeper, spanish, keeper.hand_fields(escobas=(0, 0)), keeper.hand_fields(), action="review")
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was already saved from another phone." in keeper.text(page)
    assert ("Escobas · Ana", "0", "1") in comparison(page)
    assert f'data-draft="match-{spanish}:new-1:cards"' in form_tag(page)


def test_a_hand_taken_back_meanwhile_is_not_called_saved(keeper, spanish):
    """The page was opened for hand 2; hand 1 was taken back meanwhile: no hand 2 exists to compare, and the
    page says the match changed, offering to check the entry as hand 1."""
    keeper.save_hand(spanish)
    url = keeper.hand_url(spanish)
    form = keeper.form(url)
    factories.phone(keeper).submit(f"/matches/{spanish}/undo")
    response = keeper.client.post(url, data=form | keeper.hand_fields(mirror=True) | {"action": "save"})
    assert response.status_code == 409
    text = keeper.text(response.get_data(as_text=True))
    assert "already saved" not in text
    assert "The match changed on another phone meanwhile" in text
    assert "Check it as hand 1" in text
    assert keeper.saved_hands(spanish) == []


@pytest.mark.parametrize(("code", "words"), [
    ("es", ["Puntos · Ana", "Escobas · Ana", "Corregir la mano 1 con esto", "Mantener la mano 1 como se guardó",
            "5 de oros"]),
    ("pt_BR", ["Pontos · Ana", "Escovas · Ana", "Corrigir a rodada 1 com isto",
               "Manter a rodada 1 como foi salva", "5 de ouros"]),
])
def test_the_comparison_in_each_language(keeper, spanish, code, words):
    """The page's words and the deck's names in the reader's language."""
    keeper.client.get(f"/language/{code}?next=/")
    moves = SWAP_FIVES
    response = saved_first(keeper, spanish, keeper.hand_fields(moves=moves, escobas=(0, 0)),
                           keeper.hand_fields())
    text = keeper.text(response.get_data(as_text=True))
    for word in words:
        assert word in text, word
