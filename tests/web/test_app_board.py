"""The hand-by-hand table: each row opens its correction, and a hand that failed a check names who erred."""

from __future__ import annotations

import re

import factories
from sqlalchemy import select

from referee.models import Hand, MatchEvent

RENUNCIO = {"1o": "1"}  # 1o moved from the leftover into the second side's pile


def rows(html):
    """Each hand's part of the table (its row, and the line naming who erred), as HTML."""
    table = html.split('<table class="hands', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tbody[^>]*>(.*?)</tbody>", table, flags=re.S)


def test_each_row_is_a_link_to_its_correction_and_there_is_no_pencil_column(keeper):
    """One real link per row, named for screen readers "Correct hand N"; no ✎ column left."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    factories.save_hand(keeper, match_id, overrides={"escobas-2": "0"})
    factories.save_hand(keeper, match_id, overrides={"escobas-2": "0"})
    html = keeper.page(f"/matches/{match_id}")
    assert "✎" not in html
    for number, row in enumerate(rows(html), start=1):
        [link] = re.findall(r'<a class="row-link" href="([^"]+)">(.*?)</a>', row, flags=re.S)
        assert link[0] == f"/matches/{match_id}/hands/{number}/edit"
        assert keeper.text(link[1]) == f"{number} Correct hand {number}"
    assert keeper.text(html).count("Tap a hand to correct it.") == 1


def test_the_spectators_table_opens_nothing(keeper):
    """The same table on the spectator page: no links, no hint."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    watch = re.search(r'href="(http://localhost/watch/[^"]+)"', keeper.page(f"/matches/{match_id}")).group(1)
    html = keeper.client.get(watch).get_data(as_text=True)
    assert "row-link" not in html and "Tap a hand" not in html
    assert keeper.text(rows(html)[0]) == "1 ✓ All checks passed +4 total 4 dealt +0 total 0"


def test_the_side_that_erred_is_named_in_the_table_and_kept_with_the_hand(keeper):
    """Bea's renuncio: "⚠ Bea erred" under the hand, her points in red; the hand stores side 1 as the erring one.
    Who dealt is marked in their column."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id, moves=RENUNCIO)
    factories.save_hand(keeper, match_id)
    [first, second] = [keeper.text(row) for row in rows(keeper.page(f"/matches/{match_id}"))]
    assert first == "1 Correct hand 1 ⚠ error +7 total 7 dealt +0 total 0 ⚠ Bea erred"
    assert second == "2 Correct hand 2 ✓ All checks passed +4 total 11 +0 total 0 dealt"
    assert re.search(r'<td class="side-col erred">\s*<strong>\+0', rows(keeper.page(f"/matches/{match_id}"))[0])
    assert keeper.query(select(Hand.erred).where(Hand.match_id == match_id).order_by(Hand.number)) == [([1],), ([],)]


def test_a_partnership_that_erred_is_named_by_both_partners(keeper):
    """Ana & Carla against Bea & Diego; the first partnership's renuncio: "⚠ Bea & Diego" for the second's."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Carla", "Diego"))
    factories.save_hand(keeper, match_id, moves=RENUNCIO)
    [row] = [keeper.text(row) for row in rows(keeper.page(f"/matches/{match_id}"))]
    assert row.endswith("⚠ Bea & Diego erred")


def test_a_correction_updates_the_erring_side(keeper):
    """Corrected into a clean hand, the row says so; reverted, Bea is named again."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id, moves=RENUNCIO)
    factories.save_hand(keeper, match_id, number=1)
    [row] = [keeper.text(row) for row in rows(keeper.page(f"/matches/{match_id}"))]
    assert "✓ All checks passed" in row and "erred" not in row
    assert keeper.query(select(Hand.erred).where(Hand.match_id == match_id)) == [([],)]
    [(event_id,)] = keeper.query(select(MatchEvent.id).where(MatchEvent.kind == "hand_edited"))
    url = f"/matches/{match_id}/trail/{event_id}/revert"
    assert keeper.submit(url, action=url).status_code == 302  # the revert's confirmation page
    [row] = [keeper.text(row) for row in rows(keeper.page(f"/matches/{match_id}"))]
    assert row.endswith("⚠ Bea erred")


def test_a_tally_that_cannot_tell_who_erred_still_says_there_was_an_error(keeper):
    """Flag penalty, a wrong leftover and no pile sums: saved as counted, and the table says there was an error."""
    match_id = factories.start(keeper, ("Ana", "Bea"), penalty="flag")
    factories.save_hand(keeper, match_id, mode="tally", overrides={
        "cards-0": "19", "oros-0": "9", "sevens-0": "2", "cards-1": "21", "oros-1": "1", "sevens-1": "2",
        "leftover_sum": "9", "velo": "0"})
    [row] = [keeper.text(row) for row in rows(keeper.page(f"/matches/{match_id}"))]
    assert row.endswith("⚠ An error, but the counts do not show who made it.")
