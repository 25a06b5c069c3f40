"""The match history: newest first, 20 a page, filtered by player and by status, private to its account."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import factories
import pytest
from sqlalchemy import select
from throwaway import fresh_database

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, Seat


def history(keeper, query=""):
    """The matches page as a reader sees it."""
    return keeper.text(keeper.page(f"/matches/{query}"))


def finished(keeper, names):
    """A match to 4 that the first side has won with one hand."""
    match_id = factories.start(keeper, names, target="4")
    factories.save_hand(keeper, match_id)
    return match_id


def test_matches_are_listed_newest_first_with_their_score_and_status(keeper):
    """The last match started is on top; a won match says who won, the others that they go on."""
    finished(keeper, ("Ana", "Bea"))
    factories.start(keeper, ("Cid", "Dan"))
    factories.start(keeper, ("Eva", "Fer", "Gil"))
    page = history(keeper)
    assert page.index("Eva · Fer · Gil") < page.index("Cid · Dan") < page.index("Ana · Bea")
    assert "Ana · Bea 4 – 0" in page
    assert "won by Ana" in page
    assert page.count("in progress") == 2


def test_more_than_20_matches_go_on_to_a_second_page(keeper):
    """21 matches: the 20 newest on page 1, the first one alone on page 2."""
    for number in range(1, 22):
        factories.start(keeper, (f"P{number:02d}", "Zed"))
    first = history(keeper)
    assert "Page 1 of 2" in first
    assert [number for number in range(1, 22) if f"P{number:02d} · Zed" in first] == list(range(2, 22))
    assert 'href="/matches/?page=2' in keeper.page("/matches/")
    second = history(keeper, "?page=2")
    assert "Page 2 of 2" in second
    assert "P01 · Zed" in second and "P02 · Zed" not in second


def test_the_pages_keep_the_filters(keeper):
    """Page 2 of a filtered list is still filtered."""
    for number in range(1, 22):
        factories.start(keeper, ("Zed", f"P{number:02d}"))
    factories.start(keeper, ("Ana", "Bea"))
    page = keeper.page("/matches/?player=Zed")
    assert "Page 1 of 2" in keeper.text(page)
    [older] = re.findall(r'href="([^"]*page=2[^"]*)"', page)
    assert "player=Zed" in older
    second = history(keeper, "?player=Zed&page=2")
    assert "Zed · P01" in second and "Ana · Bea" not in second


def test_a_page_past_the_end_shows_the_last_page_not_an_error(keeper):
    """?page=9 with one match shows that match, on page 1 of 1."""
    factories.start(keeper, ("Ana", "Bea"))
    response = keeper.client.get("/matches/?page=9")
    assert response.status_code == 200
    page = keeper.text(response.get_data(as_text=True))
    assert "Ana · Bea" in page and "Page 1 of 1" in page


@pytest.mark.parametrize(("player", "shown", "hidden"), [
    ("Cid", ["Cid · Dan", "Ana · Cid"], ["Ana · Bea"]),
    ("Bea", ["Ana · Bea"], ["Cid · Dan", "Ana · Cid"]),
    ("Nobody", [], ["Ana · Bea", "Cid · Dan", "Ana · Cid"]),
])
def test_the_history_filters_by_a_player_at_the_table(keeper, player, shown, hidden):
    """Any seat counts; a name nobody played shows that no match fits."""
    factories.start(keeper, ("Ana", "Bea"))
    factories.start(keeper, ("Cid", "Dan"))
    factories.start(keeper, ("Ana", "Cid"))
    page = history(keeper, f"?player={player}")
    assert all(names in page for names in shown)
    assert not any(names in page for names in hidden)
    if not shown:
        assert "No match matches these filters." in page


@pytest.mark.parametrize(("status", "shown", "hidden"), [
    ("finished", "Ana · Bea", "Cid · Dan"),
    ("playing", "Cid · Dan", "Ana · Bea"),
    ("", "Ana · Bea", None),
])
def test_the_history_filters_finished_and_in_progress_matches(keeper, status, shown, hidden):
    """Finished, in progress, or all."""
    finished(keeper, ("Ana", "Bea"))
    factories.start(keeper, ("Cid", "Dan"))
    page = history(keeper, f"?status={status}")
    assert shown in page
    if hidden:
        assert hidden not in page
    else:
        assert "Cid · Dan" in page


def test_the_filters_combine(keeper):
    """Ana's finished matches only."""
    finished(keeper, ("Ana", "Bea"))
    factories.start(keeper, ("Ana", "Cid"))
    finished(keeper, ("Dan", "Eva"))
    page = history(keeper, "?player=Ana&status=finished")
    assert "Ana · Bea" in page
    assert "Ana · Cid" not in page and "Dan · Eva" not in page


def test_another_account_sees_none_of_the_matches(keeper, scorekeeper):
    """Eve's history is empty and her player filter finds nothing of Ana's."""
    factories.start(keeper, ("Ana", "Bea"))
    eve = scorekeeper("eve")
    assert "No matches yet. Start one!" in history(eve)
    assert "Ana · Bea" not in history(eve, "?player=Ana")
    assert "Ana · Bea" in history(keeper)


@pytest.mark.parametrize(("page", "shown"), [
    ("99999999999999999999", 2), ("9" * 5000, 2), ("3", 2), ("0", 1), ("-4", 1), ("abc", 1), ("", 1), ("2.5", 1)])
def test_page_numbers_are_clamped_to_the_pages_there_are(keeper, page, shown):
    """21 matches make two pages: a page past the end shows the last, anything not a page the first."""
    for number in range(1, 22):
        factories.start(keeper, (f"P{number:02d}", "Zed"))
    response = keeper.client.get(f"/matches/?page={page}")
    assert response.status_code == 200
    assert f"Page {shown} of 2" in keeper.text(response.get_data(as_text=True))


@pytest.mark.parametrize(("query", "message"), [
    ("?status=won", "Not a valid choice."),
    ("?player=" + "x" * 41, "Field cannot be longer than 40 characters."),
    ("?player=A%00na", "This holds control characters, which no keyboard types: remove them."),
])
def test_a_filter_no_page_offers_is_refused_beside_its_field(keeper, query, message):
    """422, the message beside the filter, the matches listed unfiltered by it."""
    factories.start(keeper, ("Ana", "Bea"))
    response = keeper.client.get(f"/matches/{query}")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in keeper.errors(page)
    assert "Ana · Bea" in keeper.text(page)


# -- a part of a name, whatever its case and accents, on SQLite and PostgreSQL ----------------

FOUR = [("Lucía", "Bea"), ("Ana", "Cid"), ("50%_off", "Dan"), ("ANABEL", "Eva")]


@pytest.fixture
def anywhere(database_app, keeper_on):
    """A scorekeeper on an app over SQLite, then over PostgreSQL (when a server is at hand), with four matches:
    Lucía · Bea, Ana · Cid, 50%_off · Dan (a name with LIKE's wildcards), ANABEL · Eva."""
    keeper = keeper_on(database_app(), "ana")
    for names in FOUR:
        factories.start(keeper, names)
    return keeper


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def searched(request, tmp_path_factory):
    """The four matches of `anywhere` on a database of the module's own (SQLite, then PostgreSQL), for the tests
    that only read them: one database a kind, not one a test."""
    with fresh_database(request.param, tmp_path_factory.mktemp("history")) as url:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": url})
        upgrade_schema(app)
        keeper = factories.keeper(app, "ana")
        for names in FOUR:
            factories.start(keeper, names)
        yield keeper
        with app.app_context():
            db.engine.dispose()


@pytest.mark.parametrize(("player", "shown"), [
    pytest.param("ana", {"Ana · Cid", "ANABEL · Eva"}, id="case, and part of a name"),
    pytest.param("Lucia", {"Lucía · Bea"}, id="without the accent"),
    pytest.param("luc", {"Lucía · Bea"}, id="the start of a name"),
    pytest.param("LUCÍA", {"Lucía · Bea"}, id="capitals with the accent"),
    pytest.param("cía", {"Lucía · Bea"}, id="the end of a name, accented"),
    pytest.param("  bea ", {"Lucía · Bea"}, id="spaces around"),
    pytest.param("%", {"50%_off · Dan"}, id="a percent sign is itself"),
    pytest.param("_", {"50%_off · Dan"}, id="an underscore is itself"),
    pytest.param("0%_o", {"50%_off · Dan"}, id="wildcards inside"),
    pytest.param("a_e", set(), id="an underscore matches no other letter"),
    pytest.param("\\", set(), id="a backslash is itself"),
])
def test_the_player_filter_finds_part_of_a_name_without_case_or_accents(searched, player, shown):
    """'ana' finds Ana and ANABEL, 'Lucia' and 'luc' find Lucía; % and _ match only themselves."""
    page = history(searched, "?" + urlencode({"player": player}))
    every = {"Lucía · Bea", "Ana · Cid", "50%_off · Dan", "ANABEL · Eva"}
    assert {names for names in every if names in page} == shown
    if not shown:
        assert "No match matches these filters." in page


def test_each_row_of_the_list_shows_the_game_the_sides_the_score_and_the_date(keeper):
    """Escova RS, Escoba (Spain) and Escoba international, each with its sides, score and start date."""
    won = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, won)
    factories.start(keeper, ("Cid", "Dan"), preset="escoba-es")
    factories.start(keeper, ("Eva", "Fer"), preset="escoba-intl")
    html = keeper.page("/matches/")
    rows = [keeper.text(row) for row in re.findall(r"<li>\s*<a href=\"/matches/\d+\">(.*?)</a>", html, flags=re.S)]
    [[started]] = keeper.query(select(Match.created_at).where(Match.id == won))
    day = started.strftime("%Y-%m-%d")
    assert rows == [f"Escoba international Eva · Fer 0 – 0 {day} · in progress",
                    f"Escoba (Spain) Cid · Dan 0 – 0 {day} · in progress",
                    f"Escova RS Ana · Bea 4 – 0 {day} · won by Ana"]
    assert f'<time datetime="{started.replace(microsecond=0).isoformat()}Z" data-local="date">' in html


def test_the_seats_keep_a_search_key_without_case_or_accents(keeper):
    """What the filter compares, stored beside each name when the match starts."""
    match_id = factories.start(keeper, ("Lucía", "ÁNGEL"))
    assert keeper.query(select(Seat.name_key).where(Seat.match_id == match_id).order_by(Seat.position)) == [
        ("lucia",), ("angel",)]


def test_a_name_whose_key_outgrows_the_column_is_kept_and_found(anywhere):
    """40 ligatures 'ﷺ' decompose to 720 characters: the match starts (no 500 on PostgreSQL) and is found."""
    anywhere.start(("ﷺ" * 40, "Zoe"))  # through the page: no 500 is the point
    assert "Zoe" in history(anywhere, "?" + urlencode({"player": "ﷺ"}))
