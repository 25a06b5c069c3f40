"""A tournament's board for a TV: the organiser makes its public link (and replaces it: the old one is a 404), anyone
holding it sees the current round's tables, results and the standings with nobody logged in, it follows the
tournament by conditional GETs (304 while nothing changed, cheap), and the round timer's length is the organiser's."""

from __future__ import annotations

import re

import pytest
from factories import club, member, play_table, record_by_hand, start_next_round, tournament, user_of
from sql_counts import counted_queries

from referee.services.tournament_board import make_board_link


@pytest.fixture
def night(scorekeeper):
    """Ana organises a club with Bea as a member; a Swiss event of four (Bea and three guests), round 1 started."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    ana.bea = bea
    ana.tournament_id = tournament(ana, club_id, [bea, "Caio", "Dora", "Eva"], rounds=2, name="Friday")
    ana.round = start_next_round(ana, ana.tournament_id).round
    return ana


def board_path(ana) -> str:
    """The board's public address, made by the organiser through its button."""
    settings = f"/tournaments/{ana.tournament_id}/board"
    assert ana.submit(settings, action=f"{settings}/link").status_code == 302
    found = re.search(r'href="http://localhost(/board/[^"]+)" data-board-link', ana.page(settings))
    assert found, "no board link on the page"
    return found.group(1)


def test_the_board_link_shows_the_round_and_standings_to_anyone_holding_it(night, visitor):
    """Made by the organiser's button; a visitor not logged in sees both tables with their players, the
    standings of the four and the QR code of the board itself, and nothing of an account."""
    path = board_path(night)
    html = visitor.page(path)
    text = visitor.text(html)
    for table in night.round.tables:
        assert f"{table.number} {table.home.name} 0 – 0 {table.away.name} playing" in text
    assert "Standings # Entrant MP +/− 1 bea 0 0 1 Caio 0 0 1 Dora 0 0 1 Eva 0 0" in text, text
    assert html.count("<svg") == 1 and "Round 1" in text and "Log out" not in text and "ana" not in text


def test_a_finished_table_shows_its_result_and_counts_in_the_standings(night, visitor):
    """Table 1 played to its end, table 2 recorded by hand: both results on the board, ticked, and their winners
    on top of the standings."""
    path = board_path(night)
    first, second = night.round.tables[:2]
    play_table(night, first.match_id, winner=1)
    record_by_hand(night, second.id, 4, 1)
    text = visitor.text(visitor.page(path))
    assert re.search(rf"1 {first.home.name} 0 – \d+ {first.away.name} ✓ finished", text), text
    assert f"2 {second.home.name} 4 – 1 {second.away.name} ✓ recorded by hand" in text
    top = re.search(r"Standings # Entrant MP \+/− 1 (\S+) 2 \+\d+ 2 (\S+) 2 \+3", text)
    assert top and top.group(1) == first.away.name and top.group(2) == second.home.name, text


def test_the_board_answers_304_while_nothing_changed_in_two_small_queries(night, visitor, app, monkeypatch):
    """The ETag in the header and in the page (for live.js); asked again with it: a bare 304, found with the
    link's row and the tables' versions, no template rendered."""
    path = board_path(night)
    first = visitor.client.get(path)
    etag = first.headers["ETag"]
    assert f'data-etag="{etag.strip(chr(34))}"' in first.get_data(as_text=True)
    rendered: list[object] = []
    monkeypatch.setattr("referee.views.tournament_board.render_template", lambda *a, **k: rendered.append(a) or "")
    with counted_queries(app) as statements:
        again = visitor.client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == "private, no-cache" and rendered == []
    assert len(statements) == 2, statements


def test_every_change_the_board_shows_changes_its_etag(night, visitor):
    """A hand saved at a table, a result by hand, the round length, the round closed and the next one started:
    each makes the old ETag stale."""
    path = board_path(night)
    settings = f"/tournaments/{night.tournament_id}/board"
    first, second = night.round.tables[:2]
    changes = [
        lambda: play_table(night, first.match_id),
        lambda: record_by_hand(night, second.id, 4, 0),
        lambda: night.submit(settings, {"minutes": "25"}, action=f"{settings}/length"),
        lambda: start_next_round(night, night.tournament_id),
    ]
    etags = [visitor.client.get(path).headers["ETag"]]
    for change in changes:
        change()
        response = visitor.client.get(path, headers={"If-None-Match": etags[-1]})
        assert response.status_code == 200
        etags.append(response.headers["ETag"])
    assert len(set(etags)) == len(etags)
    assert "Round 2" in visitor.text(visitor.client.get(path).get_data(as_text=True))


def test_a_replaced_link_shows_nothing_and_a_made_up_one_neither(night, visitor):
    """Replace the link: the old one is a 404 (with its ETag too), the new one works; a token no link has is a
    404 without a query."""
    old = board_path(night)
    etag = visitor.client.get(old).headers["ETag"]
    new = board_path(night)
    assert new != old
    assert visitor.client.get(old).status_code == 404
    assert visitor.client.get(old, headers={"If-None-Match": etag}).status_code == 404
    assert visitor.client.get(new).status_code == 200
    for token in ("x" * 65, "not a token", "%00"):
        assert visitor.client.get(f"/board/{token}").status_code == 404


def test_the_round_timer_counts_down_the_organisers_round_length(night, visitor):
    """25 minutes saved: the board carries the round's start (UTC) and length for board.js; refused lengths are
    said beside the field (422) with what was typed kept; empty: no timer."""
    path = board_path(night)
    settings = f"/tournaments/{night.tournament_id}/board"
    assert "data-round-minutes" not in visitor.page(path)
    for typed, words in (("0", "A round lasts from 1 to 240 minutes."), ("241", "A round lasts from 1 to 240"),
                         ("ten", "Not a valid integer value.")):
        refused = night.submit(settings, {"minutes": typed}, action=f"{settings}/length")
        html = refused.get_data(as_text=True)
        assert refused.status_code == 422 and f'value="{typed}"' in html
        assert any(words in error for error in night.errors(html)), night.errors(html)
    assert night.submit(settings, {"minutes": "25"}, action=f"{settings}/length").status_code == 302
    html = visitor.page(path)
    started = re.search(r'data-round-start="([^"]+)" data-round-minutes="25"', html)
    assert started and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", started.group(1))
    assert "25 minutes" in visitor.text(html)
    night.submit(settings, {"minutes": ""}, action=f"{settings}/length")
    assert "data-round-minutes" not in visitor.page(path)


def test_saving_the_round_length_makes_no_link_and_the_link_made_after_keeps_it(night, visitor):
    """25 minutes saved before any link: the board's page still offers to make its link and shows none (nor any
    QR code), and no address shows the board; the link made after by its own button shows the 25 minutes' timer."""
    settings = f"/tournaments/{night.tournament_id}/board"
    assert night.submit(settings, {"minutes": "25"}, action=f"{settings}/length").status_code == 302
    html = night.page(settings)
    assert "data-board-link" not in html and "<svg" not in html and "/board/" not in html.replace(settings, "")
    assert "Make the board's link" in night.text(html) and 'value="25"' in html
    visitor.page("/board/None", status=404)
    path = board_path(night)
    assert 'data-round-minutes="25"' in visitor.page(path)


def test_members_see_the_link_and_only_organisers_run_it(night, scorekeeper):
    """Bea (a member) sees the board's link once made, no button; her posts are 403. An outsider gets 404 for the
    board's page, its buttons and the round sheet."""
    bea, settings = night.bea, f"/tournaments/{night.tournament_id}/board"
    assert "An organiser of the club makes the board's link." in bea.text(bea.page(settings))
    path = board_path(night)
    html = bea.page(settings)
    assert path in html and "Replace the link" not in html and "round length" not in html.lower()
    token = bea.token()
    for action in ("link", "length"):
        assert bea.client.post(f"{settings}/{action}", data={"csrf_token": token, "minutes": "5"}).status_code == 403
    assert bea.page(f"/tournaments/{night.tournament_id}/rounds/1/sheet", status=403)
    eve = scorekeeper("eve")
    for url in (settings, f"/tournaments/{night.tournament_id}/rounds/1/sheet"):
        eve.page(url, status=404)
    for action in ("board/link", "board/length", "rounds/1/sheet/codes"):
        assert eve.client.post(f"/tournaments/{night.tournament_id}/{action}",
                               data={"csrf_token": eve.token()}).status_code == 404


def test_the_round_sheet_has_each_tables_qr_code_once_this_phone_made_them(night):
    """Started through the services, the organiser's phone has no codes: the sheet offers to make them; made,
    each table has its QR code with its join link, its players and two score boxes; a round never played is 404."""
    url = f"/tournaments/{night.tournament_id}/rounds/1/sheet"
    html = night.page(url)
    assert "Make QR codes for this sheet" in html and "<svg" not in html
    assert night.submit(url, action=f"{url}/codes").status_code == 302
    html = night.page(url)
    assert html.count("<svg") == 2 and html.count('class="box"') == 4
    text = night.text(html)
    for table in night.round.tables:
        assert f"Table {table.number} {table.home.name} {table.away.name}" in text
    assert "Make QR codes for this sheet" not in html
    night.page(f"/tournaments/{night.tournament_id}/rounds/2/sheet", status=404)


def test_a_club_night_of_32_entrants_shows_16_tables_and_the_top_16(scorekeeper):
    """16 tables on the board (two columns), the standings' first 16 lines and how many more."""
    ana = scorekeeper("ana")
    club_id = club(ana)
    tournament_id = tournament(ana, club_id, [f"P{n:02}" for n in range(32)], rounds=5)
    start_next_round(ana, tournament_id)
    with ana.app.app_context():
        token = make_board_link(user_of(ana), tournament_id).token
    html = ana.page(f"/board/{token}")
    assert html.count('class="wall-table ') == 16 and 'wall-table-list many' in html
    assert html.count("<tr><td>") == 16 and "and 16 more" in ana.text(html)


def test_once_every_round_is_played_the_board_says_so_over_the_final_standings(night, visitor):
    """Both rounds of the Swiss event of four recorded: the board says every round has been played, above the
    final standings; before the last result it did not."""
    path = board_path(night)
    for table in night.round.tables:
        record_by_hand(night, table.id, 4, 1)
    last = [table for table in start_next_round(night, night.tournament_id).round.tables if not table.is_bye]
    record_by_hand(night, last[0].id, 4, 2)
    assert "Every round has been played." not in visitor.text(visitor.page(path))
    record_by_hand(night, last[1].id, 4, 2)
    text = visitor.text(visitor.page(path))
    assert "Every round has been played. · Round 2" in text
    assert re.search(r"Standings # Entrant MP \+/− 1 \S+ 4 \+5", text), text
