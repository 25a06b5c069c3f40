"""The club's regulars on "New tournament": the guests of its earlier tournaments are offered one tick each (a name
once, the latest first; a member's name only as the member), a ticked guest plays under that name, and
"Last night's field" fills the form as the club's latest tournament was: its entrants ticked (a partnership typed),
its format, rounds and house rules."""

from __future__ import annotations

import re

import pytest
from factories import club, house_rules, member, tournament, user_of
from sqlalchemy import select

from referee.models import Tournament, TournamentEntrant
from referee.services.tournaments import regulars_of


@pytest.fixture
def club_night(scorekeeper):
    """Ana's club with Bea a member; two earlier Swiss events: "Week 1" (Bea, Caio, dora, Eva) and then "Week 2"
    (Bea, Dora, Fer, Gil: "Dora" typed again in other case), both by the house rules "Club night"."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    rules_id = house_rules(ana, "Club night", target=4)
    tournament(ana, club_id, [bea, "Caio", "dora", "Eva"], rounds=2, profile_id=rules_id, name="Week 1")
    tournament(ana, club_id, [bea, "Dora", "Fer", "Gil"], rounds=3, profile_id=rules_id, name="Week 2")
    ana.club_id, ana.bea, ana.rules_id = club_id, bea, rules_id
    return ana


def ticked(page, name):
    """The values of the checked boxes named `name` on the page."""
    return re.findall(rf'<input checked id="{name}-\d+" name="{name}" type="checkbox" value="([^"]*)"', page)


def offered(page, name):
    """The values of every box named `name` on the page."""
    return re.findall(rf'<input (?:checked )?id="{name}-\d+" name="{name}" type="checkbox" value="([^"]*)"', page)


def test_the_guests_of_earlier_tournaments_are_offered_once_each_the_latest_first(club_night):
    """Dora, Fer, Gil (Week 2), then Caio and Eva (Week 1): "dora" is Dora already; Bea is offered as the member."""
    ana = club_night
    with ana.app.app_context():
        assert regulars_of(ana.club_id).guests == ("Dora", "Fer", "Gil", "Caio", "Eva")
    page = ana.page(f"/clubs/{ana.club_id}/tournaments/new")
    assert offered(page, "regulars") == ["Dora", "Fer", "Gil", "Caio", "Eva"]
    assert ticked(page, "regulars") == [] and ticked(page, "members") == []
    assert f'selected value="{ana.rules_id}"' in page  # the one house rules there are, picked


def test_a_ticked_guest_plays_under_that_name(club_night):
    """Bea ticked, Caio and Gil ticked, Hana typed: four entrants, in that order."""
    ana = club_night
    url = f"/clubs/{ana.club_id}/tournaments/new"
    with ana.app.app_context():
        bea_id = user_of(ana.bea).id
    fields = ana.form(url) | {"name": "Week 3", "format": "swiss", "rounds": "2", "guests": "Hana"}
    response = ana.client.post(url, data=fields | {"members": [str(bea_id)], "regulars": ["Caio", "Gil"]})
    assert response.status_code == 302
    with ana.app.app_context():
        made = ana.query(select(Tournament.id).where(Tournament.name == "Week 3"))[0][0]
        rows = ana.query(select(TournamentEntrant.first_name, TournamentEntrant.first_user_id)
                         .where(TournamentEntrant.tournament_id == made).order_by(TournamentEntrant.seed))
    assert [tuple(row) for row in rows] == [("bea", bea_id), ("Caio", None), ("Gil", None), ("Hana", None)]


def test_a_guest_not_offered_is_refused_beside_the_box(club_night):
    """A name no earlier tournament had, sent as ticked: 422, nothing made."""
    ana = club_night
    url = f"/clubs/{ana.club_id}/tournaments/new"
    fields = ana.form(url) | {"name": "Week 3", "format": "swiss", "rounds": "2", "guests": "Hana\nIsa"}
    response = ana.client.post(url, data=fields | {"regulars": ["Zoe"]})
    assert response.status_code == 422
    with ana.app.app_context():
        assert ana.query(select(Tournament.id).where(Tournament.name == "Week 3")) == []


def test_last_nights_field_fills_the_form_as_the_latest_tournament_was(club_night):
    """?field=last ticks Bea and Week 2's three guests and picks its format, rounds and house rules; sent as it is,
    with a name, it makes a tournament of the same four entrants."""
    ana = club_night
    url = f"/clubs/{ana.club_id}/tournaments/new"
    page = ana.page(url)
    assert "Last night&#39;s field" in page or "Last night's field" in page
    assert "The 4 entrants of “Week 2”" in page
    again = ana.page(url + "?field=last")
    with ana.app.app_context():
        bea_id = user_of(ana.bea).id
    assert ticked(again, "members") == [str(bea_id)]
    assert ticked(again, "regulars") == ["Dora", "Fer", "Gil"]
    assert re.search(r'<input checked id="format-\d+" name="format" type="radio" value="swiss"', again)
    assert re.search(r'id="rounds"[^>]*value="3"', again)
    fields = ana.fields(again) | {"name": "Week 3"}
    response = ana.client.post(url, data=fields | {"members": ticked(again, "members"),
                                                   "regulars": ticked(again, "regulars")})
    assert response.status_code == 302
    with ana.app.app_context():
        made = ana.query(select(Tournament.id, Tournament.rounds_planned, Tournament.profile_id)
                         .where(Tournament.name == "Week 3"))[0]
        names = [row[0] for row in ana.query(select(TournamentEntrant.first_name)
                                             .where(TournamentEntrant.tournament_id == made[0])
                                             .order_by(TournamentEntrant.seed))]
    assert (made[1], made[2], names) == (3, ana.rules_id, ["bea", "Dora", "Fer", "Gil"])


def test_last_nights_partnerships_are_typed_again(scorekeeper):
    """A club whose latest tournament was of partnerships: ?field=last writes each as "Ana & Bea", one a line, and
    ticks no one."""
    ana = scorekeeper("ana")
    club_id = club(ana)
    tournament(ana, club_id, [("Caio", "Dora"), ("Eva", "Fer")], format="round_robin", name="Pairs")
    again = ana.page(f"/clubs/{club_id}/tournaments/new?field=last")
    assert re.search(r'<textarea[^>]*name="guests"[^>]*>\s*Caio &amp; Dora\nEva &amp; Fer</textarea>', again)
    assert ticked(again, "regulars") == [] and ticked(again, "members") == []


def test_a_club_without_tournaments_offers_no_regulars_and_no_last_field(scorekeeper):
    """No earlier tournament: no guests' boxes, no "Last night's field", and ?field=last is a plain form."""
    ana = scorekeeper("ana")
    club_id = club(ana)
    for url in (f"/clubs/{club_id}/tournaments/new", f"/clubs/{club_id}/tournaments/new?field=last"):
        page = ana.page(url)
        assert 'name="regulars"' not in page and "field-again" not in page
