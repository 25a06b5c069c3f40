"""A tournament's finished match leads back to its tournament: no rematch, which would be a match of the club that
no standings count, while the tournament pairs the next round. A match of its own still offers one."""

from __future__ import annotations

import re

import pytest
from api_client import ApiClient
from factories import club, member, play_table, start, start_next_round, tournament, user_of

from referee.services import get_match, rematch
from referee.services.errors import Conflict
from referee.services.refusals import MatchRefusal
from referee.services.sharing import join


@pytest.fixture
def finished_table(scorekeeper):
    """Ana's Swiss event of four (Bea a member, two guests): table 1 of round 1 played to its winner, Caio's
    phone (no member of the club) scoring it by the table's join code."""
    ana, bea, caio = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("caio")
    club_id = club(ana)
    member(ana, club_id, bea)
    tournament_id = tournament(ana, club_id, [ana, bea, "Caio", "Dora"])
    started = start_next_round(ana, tournament_id)
    table = started.round.tables[0]
    with caio.app.app_context():
        join(user_of(caio), started.codes[table.id].code)
    play_table(ana, table.match_id)
    return ana, caio, tournament_id, table.match_id


def test_its_scoreboard_leads_back_to_the_tournament_and_offers_no_rematch(finished_table):
    """A member of the club is led back to the tournament; the guest at the table, who cannot open it, is offered
    neither."""
    ana, caio, tournament_id, match_id = finished_table
    page = ana.client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'href="/tournaments/{tournament_id}">Back to the tournament</a>' in page
    assert "Rematch" not in page and f"/matches/{match_id}/rematch" not in page
    seen = caio.client.get(f"/matches/{match_id}")
    guest = seen.get_data(as_text=True)
    assert seen.status_code == 200 and "Winner: " in guest
    assert "Back to the tournament" not in guest and "Rematch" not in guest
    assert caio.client.get(f"/tournaments/{tournament_id}").status_code == 404


def test_the_guest_who_joins_the_club_is_led_back_to_the_tournament_at_once(finished_table):
    """The guest's copy of the scoreboard (no link back) is not answered 304 once they are a member of the club:
    the page they get again leads back to the tournament."""
    ana, caio, tournament_id, match_id = finished_table
    caio.client.get(f"/matches/{match_id}")  # the first page gives the session its CSRF token, part of the ETag
    etag = caio.client.get(f"/matches/{match_id}").headers["ETag"]
    assert caio.client.get(f"/matches/{match_id}", headers={"If-None-Match": etag}).status_code == 304
    with ana.app.app_context():
        club_id = get_match(user_of(ana), match_id).club_id
    assert club_id is not None
    member(ana, club_id, caio)
    again = caio.client.get(f"/matches/{match_id}", headers={"If-None-Match": etag})
    assert again.status_code == 200
    assert f'href="/tournaments/{tournament_id}">Back to the tournament</a>' in again.get_data(as_text=True)


def test_the_service_the_page_and_the_api_refuse_its_rematch(finished_table):
    """The service's Conflict; the page's button sent anyway goes back to the tournament saying why (to the
    scoreboard for the guest); the API's 409 in the same words."""
    ana, caio, tournament_id, match_id = finished_table
    with ana.app.app_context(), pytest.raises(Conflict) as refused:
        rematch(user_of(ana), get_match(user_of(ana), match_id))
    assert refused.value.reason is MatchRefusal.TOURNAMENT
    token = re.search(r'name="csrf_token" value="([^"]+)"', ana.client.get(f"/matches/{match_id}").get_data(True))
    assert token is not None
    sent = ana.client.post(f"/matches/{match_id}/rematch", data={"csrf_token": token.group(1)})
    assert sent.status_code == 302 and sent.headers["Location"] == f"/tournaments/{tournament_id}"
    told = ana.client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "A tournament&#39;s match has no rematch: the tournament pairs the next round." in told
    guest_token = re.search(r'name="csrf_token" value="([^"]+)"',
                            caio.client.get(f"/matches/{match_id}").get_data(True))
    assert guest_token is not None
    guest = caio.client.post(f"/matches/{match_id}/rematch", data={"csrf_token": guest_token.group(1)})
    assert guest.status_code == 302 and guest.headers["Location"] == f"/matches/{match_id}"
    answer = ApiClient(ana.app.test_client(), "ana").request("POST", f"/matches/{match_id}/rematch")
    assert answer.status_code == 409
    assert answer.get_json()["errors"][0]["message"] == (
        "A tournament's match has no rematch: the tournament pairs the next round.")


def test_a_match_of_its_own_still_offers_its_rematch(scorekeeper):
    """Played to its winner, a match no tournament made offers the rematch as before."""
    ana = scorekeeper("ana")
    match_id = start(ana, ("Ana", "Bea"), target="4")
    play_table(ana, match_id)
    page = ana.client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Rematch: same players, same rules" in page and "Back to the tournament" not in page
