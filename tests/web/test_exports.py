"""A match's downloads from its scoreboard: the hands as CSV (checked against the stored hands, safe to open
in a spreadsheet) and everything as JSON; only the account's own matches."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import factories
import pytest
from backup_play import THREE_BY_COUNTS, backup_of, upload
from sqlalchemy import select

from referee.models import Hand, Match
from referee.services.exports import cell
from referee.services.stored_entries import unmarked


def download(keeper: Any, match_id: int, kind: str) -> Any:
    """A match's CSV or JSON, through the link its scoreboard shows; the response."""
    board = keeper.page(f"/matches/{match_id}")
    link = re.search(rf'href="(/matches/{match_id}/export\.{kind})" download', board)
    assert link, f"the scoreboard links to its {kind}"
    response = keeper.client.get(link.group(1))
    assert response.status_code == 200
    return response


def rows_of(keeper: Any, match_id: int, headers: dict[str, str] | None = None) -> list[list[str]]:
    """The CSV of a match, read as a spreadsheet would (header row first)."""
    response = keeper.client.get(f"/matches/{match_id}/export.csv", headers=headers or {})
    assert response.status_code == 200
    text = response.get_data().decode("utf-8")
    assert text.startswith("\ufeff")  # spreadsheets read the accents of names right with it
    return list(csv.reader(io.StringIO(text[1:])))


@pytest.fixture
def played(keeper):
    """Ana against Bea: a hand by cards, one by counts, then one with an error (a card in Bea's pile that
    makes no fifteen there)."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mode="tally", mirror=True, escobas=(0, 2))
    factories.save_hand(keeper, match_id, moves={"5o": "1"})
    return match_id


def test_the_csv_has_a_row_per_hand_with_named_columns(keeper, played):
    """Header: hand, dealer, how entered, each side's points and total (by name), valid, who erred."""
    rows = rows_of(keeper, played)
    assert rows[0] == ["Hand", "Dealer", "Entered", "Ana points", "Ana total", "Bea points", "Bea total",
                       "All checks passed", "Erred"]
    assert len(rows) == 1 + 3


def test_the_csv_values_are_the_stored_hands(keeper, played):
    """Each row against the hand as stored: its number, dealer's name, mode, points, the running totals, the
    verdict and the sides that erred."""
    hands = keeper.query(select(Hand).where(Hand.match_id == played).order_by(Hand.number))
    rows = rows_of(keeper, played)[1:]
    names = ["Ana", "Bea"]
    words = {"cards": "by every card", "tally": "by counts", "quick": "the quick way"}
    running = [0, 0]
    for (hand,), row in zip(hands, rows, strict=True):
        running = [r + p for r, p in zip(running, hand.points)]
        erred = [names[i] for i in (hand.erred or [])]
        assert row == [str(hand.number), names[hand.dealer], words[hand.mode],
                       str(hand.points[0]), str(running[0]), str(hand.points[1]), str(running[1]),
                       "yes" if hand.valid else "no", "; ".join(erred)]
    assert rows[2][-2:] == ["no", "Ana; Bea"]  # the hand with an error (both piles off by the 5), who made it
    assert rows[1][2] == "by counts" and rows[1][1] == "Bea"


def test_partnerships_name_both_partners_in_their_columns(keeper):
    """Four players in two pairs: two sides, each named by its partners."""
    match_id = factories.start(keeper, ("Ana", "Carla", "Bea", "Duda"))
    factories.save_hand(keeper, match_id)
    header, row = rows_of(keeper, match_id)
    assert header[3:7] == ["Ana & Bea points", "Ana & Bea total", "Carla & Duda points", "Carla & Duda total"]
    assert row[:3] == ["1", "Ana", "by every card"]


def test_three_players_have_a_column_pair_each(keeper):
    """Three sides: three pairs of columns."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    url = keeper.hand_url(match_id, "tally")
    assert keeper.submit(url, THREE_BY_COUNTS | {"action": "save"}, post_to=url).status_code == 302
    header, row = rows_of(keeper, match_id)
    assert header[3:9] == ["Ana points", "Ana total", "Bea points", "Bea total", "Cid points", "Cid total"]
    assert len(row) == len(header) == 11


@pytest.mark.parametrize("name", ["=HYPERLINK(\"x\")", "+1+1", "-2+3", "@SUM(A1)"])
def test_a_name_that_would_start_a_formula_is_made_plain_text(keeper, name):
    """A player named to run a formula in a spreadsheet: every cell with the name starts with an apostrophe."""
    match_id = factories.start(keeper, (name, "Bea"))
    factories.save_hand(keeper, match_id)
    header, row = rows_of(keeper, match_id)
    assert header[3] == f"'{name} points" and header[5] == "Bea points"
    assert row[1] == f"'{name}"
    assert not any(value.startswith(("=", "+", "-", "@")) for value in header + row)


def test_only_text_that_would_start_a_formula_is_changed():
    """Numbers stay numbers; a name with a sign inside is left alone; a leading tab or return is neutralised."""
    assert cell(4) == 4 and cell("Ana-Bea") == "Ana-Bea" and cell("Ana") == "Ana"
    assert cell("\t=1") == "'\t=1" and cell("\r@x") == "'\r@x" and cell("=1") == "'=1"


def test_the_csv_is_an_attachment_with_a_plain_file_name(keeper):
    """Names with accents, spaces and a slash make an ASCII file name; the type says CSV in UTF-8."""
    match_id = factories.start(keeper, ("Lucía María", "Bea/../x"))
    response = download(keeper, match_id, "csv")
    assert response.content_type == "text/csv; charset=utf-8"
    disposition = response.headers["Content-Disposition"]
    assert re.fullmatch(r"attachment; filename=lucia-maria-vs-bea-x-\d{4}-\d{2}-\d{2}\.csv", disposition)
    assert response.headers["Cache-Control"] == "private, no-store"


def test_a_name_of_no_latin_letters_still_makes_a_file_name(keeper):
    """Greek names leave nothing in ASCII: 'player' stands in."""
    match_id = factories.start(keeper, ("Ελένη", "Ana"))
    assert "filename=player-vs-ana-" in download(keeper, match_id, "csv").headers["Content-Disposition"]


def test_the_csv_speaks_the_readers_language(keeper, played):
    """Spanish headers and words."""
    header, *rows = rows_of(keeper, played, headers={"Accept-Language": "es"})
    assert header[0] == "Mano" and header[3] == "Ana: puntos"
    assert rows[2][-2] == "no" and rows[0][-2] == "sí"


def test_a_match_without_hands_is_a_header_only(keeper):
    """Nothing played: the header row alone."""
    assert len(rows_of(keeper, factories.start(keeper, ("Ana", "Bea")))) == 1


# -- JSON ----------------------------------------------------------------------------------------------------------


def test_the_json_holds_everything_of_the_match(keeper, played):
    """Rules in force, seats with names, hands with their entries, points and who erred, and the trail."""
    response = download(keeper, played, "json")
    assert response.mimetype == "application/json"
    assert re.fullmatch(r"attachment; filename=ana-vs-bea-\d{4}-\d{2}-\d{2}\.json",
                        response.headers["Content-Disposition"])
    doc = json.loads(response.get_data(as_text=True))
    assert (doc["format"], doc["version"]) == ("escoba-referee-backup", 1)
    assert [p["name"] for p in doc["players"]] == ["Ana", "Bea"]
    [match] = doc["matches"]
    (uid,), = keeper.query(select(Match.uid).where(Match.id == played))
    assert match["uid"] == uid
    assert match["rules"] == {"preset": "escova-rs", "target": 15, "all_oros": 1, "all_sevens": 1, "over30": 0,
                              "penalty": "forfeit", "deal_passes": "right", "sevens": "most", "ties": "nobody",
                              "confirm_hands": "none"}
    assert match["seats"] == [{"position": 0, "name": "Ana", "side": 0, "player": "Ana"},
                              {"position": 1, "name": "Bea", "side": 1, "player": "Bea"}]
    stored = keeper.query(select(Hand).where(Hand.match_id == played).order_by(Hand.number))
    assert [(h["number"], h["mode"], h["entry"], h["points"], h["valid"], h["erred"]) for h in match["hands"]] == \
        [(h.number, h.mode, unmarked(h.entry), h.points, h.valid, h.erred) for (h,) in stored]
    assert all("v" not in h["entry"] for h in match["hands"])  # the stored encoding's version is the database's
    assert match["hands"][2]["erred"] == [0, 1]
    assert [e["kind"] for e in match["trail"]] == ["created", "hand_recorded", "hand_recorded", "hand_recorded"]
    assert match["trail"][1]["after"]["entry"] == match["hands"][0]["entry"]


def test_a_match_exported_as_json_imports_into_another_account(keeper, played, scorekeeper):
    """The match's file is a backup of one match: a friend's account restores it, hands and all."""
    doc = json.loads(download(keeper, played, "json").get_data(as_text=True))
    friend = scorekeeper("friend")
    assert upload(friend, doc).status_code == 302
    [imported] = backup_of(friend)["matches"]
    assert imported == doc["matches"][0]


# -- whose match ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_another_accounts_match_is_not_found(keeper, played, scorekeeper, kind):
    """Another account asking for Ana's match gets 404, as for a match that does not exist."""
    other = scorekeeper("other")
    assert other.client.get(f"/matches/{played}/export.{kind}").status_code == 404
    assert other.client.get(f"/matches/999/export.{kind}").status_code == 404


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_the_downloads_need_a_login(played, visitor, kind):
    """Logged out: the login page."""
    response = visitor.client.get(f"/matches/{played}/export.{kind}")
    assert response.status_code == 302 and "/login" in response.headers["Location"]
