"""A club's house rules: its organisers save, change, rename and delete them; every member reads them and their
rules cards and starts a club match from one (the new-match page offers them under the club's name); a non-member
gets 404; a used one locks as an account's does; a tournament of the club may be played by them."""

from __future__ import annotations

import factories
import pytest
from factories import club, member, tournament, user_of
from page_client import Scorekeeper
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, RulesProfile
from referee.rules import make_ruleset
from referee.services.club_profiles import (
    change_club_profile,
    club_profiles,
    get_club_profile,
    save_club_profile,
    tournament_profiles,
)
from referee.services.clubs import leave_club, membership
from referee.services.errors import Conflict, Forbidden, NotFound
from referee.services.profiles import HouseRules, profiles_of, save_profile
from referee.services.refusals import ProfileRefusal

NIGHT = HouseRules(make_ruleset("escoba-es", target=30, penalty="void"))
# The page's form for NIGHT's rules: Escoba (Spain) to 30, void when a side erred.
NIGHT_FORM = {"name": "Tuesday night", "preset": "escoba-es", "target": "30", "penalty": "void"}


@pytest.fixture
def house(scorekeeper) -> tuple[Scorekeeper, Scorekeeper, Scorekeeper, int]:
    """Ana organises the club, Bea is a member of it, Dan of none."""
    ana, bea, dan = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("dan")
    club_id = club(ana)
    member(ana, club_id, bea)
    return ana, bea, dan, club_id


def saved(person: Scorekeeper, club_id: int, name: str = "Tuesday night", rules: HouseRules = NIGHT) -> int:
    """The club's house rules saved by an organiser through the service; their id."""
    with person.app.app_context():
        return save_club_profile(user_of(person), club_id, name, rules).id


def test_an_organiser_saves_the_club_s_rules_and_every_member_reads_them(house):
    """Saved from the page, they are the club's (no account owns them); Bea reads the list, the page and its card,
    without the organiser's buttons; Dan gets 404 for each, as for a club that does not exist."""
    ana, bea, dan, club_id = house
    response = ana.submit(f"/clubs/{club_id}/rules/new", NIGHT_FORM)
    assert response.status_code == 302
    with ana.app.app_context():
        profile = db.session.scalars(select(RulesProfile)).one()
        assert (profile.club_id, profile.user_id) == (club_id, None)
        token = profile.card_token
    assert response.headers["Location"] == f"/clubs/{club_id}/rules/{profile.id}"
    listing = bea.page(f"/clubs/{club_id}/rules/")
    assert "Tuesday night" in listing and "New house rules" not in listing
    page = bea.page(f"/clubs/{club_id}/rules/{profile.id}")
    assert "30 points" in bea.text(page)
    assert f"/card/{token}" in page and "Start a match with these rules" in page
    assert f"/matches/new?profile={profile.id}&amp;club={club_id}" in page
    assert "Replace the address" not in page and "/edit" not in page and "/delete" not in page
    assert "Tuesday night" in bea.page(f"/card/{token}")
    for url in (f"/clubs/{club_id}/rules/", f"/clubs/{club_id}/rules/{profile.id}", f"/clubs/{club_id}/rules/new"):
        assert dan.client.get(url).status_code == 404
    with ana.app.app_context():
        assert profiles_of(user_of(ana)) == []  # not among her own


def test_a_member_may_not_change_them_and_an_organiser_changes_renames_and_deletes(house):
    """Bea's changes are 403 on every page and refused by the services; Ana's go through."""
    ana, bea, _, club_id = house
    pid = saved(ana, club_id)
    for action in ("new", f"{pid}/edit", f"{pid}/rename", f"{pid}/delete"):
        assert bea.client.get(f"/clubs/{club_id}/rules/{action}").status_code == 403
    assert bea.client.post(f"/clubs/{club_id}/rules/{pid}/link", data={"csrf_token": bea.token()}).status_code == 403
    with bea.app.app_context(), pytest.raises(Forbidden):
        save_club_profile(user_of(bea), club_id, "Mine", NIGHT)
    assert ana.submit(f"/clubs/{club_id}/rules/{pid}/edit", {"target": "21"}).status_code == 302
    assert ana.submit(f"/clubs/{club_id}/rules/{pid}/rename", {"name": "Wednesday"}).status_code == 302
    with ana.app.app_context():
        view = get_club_profile(user_of(bea), club_id, pid)
        assert (view.name, view.rules.ruleset.target) == ("Wednesday", 21)
    deleted = ana.submit(f"/clubs/{club_id}/rules/{pid}/delete")
    assert (deleted.status_code, deleted.headers["Location"]) == (302, f"/clubs/{club_id}/rules/")
    with ana.app.app_context():
        assert club_profiles(user_of(bea), club_id) == []


def test_a_name_is_the_club_s_once_and_may_be_an_account_s_too(house):
    """Two of the club's with one name (without regard to case) are refused beside the field, as typed; Ana's own
    house rules may have the club's name."""
    ana, _, _, club_id = house
    saved(ana, club_id)
    response = ana.submit(f"/clubs/{club_id}/rules/new", NIGHT_FORM | {"name": "TUESDAY night", "target": "21"})
    assert response.status_code == 422
    assert "Other house rules already have the name “TUESDAY night”" in ana.text(response.get_data(as_text=True))
    assert ana.fields(response.get_data(as_text=True))["target"] == "21"
    with ana.app.app_context():
        assert save_profile(user_of(ana), "Tuesday night", NIGHT).club_id is None


def test_a_member_starts_a_club_match_from_them_and_they_lock(house):
    """The new-match page lists them under the club's name, each link filing the match under the club; the match
    records them; their rules then never change in place, and their page says so."""
    ana, bea, _, club_id = house
    pid = saved(ana, club_id)
    page = bea.page("/matches/new")
    assert "The club Casa de Ana" in bea.text(page)
    assert f"/matches/new?profile={pid}&amp;club={club_id}" in page
    filled = bea.page(f"/matches/new?profile={pid}&club={club_id}")
    assert (bea.fields(filled)["target"], bea.fields(filled)["club"], bea.fields(filled)["profile"]) == \
        ("30", str(club_id), str(pid))
    match_id = bea.start(("Bea", "Cid"), profile=str(pid), club=str(club_id), preset="escoba-es", target="30",
                         penalty="void")
    with bea.app.app_context():
        match = db.session.get_one(Match, match_id)
        assert (match.profile_id, match.club_id) == (pid, club_id)
        with pytest.raises(Conflict) as refused:
            change_club_profile(user_of(ana), club_id, pid, "Tuesday night", HouseRules(make_ruleset("escoba-es")))
        assert refused.value.reason is ProfileRefusal.LOCKED
    assert "1 match was started from these rules" in ana.page(f"/clubs/{club_id}/rules/{pid}")
    assert "/card/" in bea.page(f"/matches/{match_id}/card")


def test_a_match_not_filed_under_the_club_does_not_record_its_rules(house):
    """Started with the club's rules but under no club, the match plays them without naming them."""
    ana, bea, _, club_id = house
    pid = saved(ana, club_id)
    match_id = bea.start(("Bea", "Cid"), profile=str(pid), club="", preset="escoba-es", target="30", penalty="void")
    with bea.app.app_context():
        assert db.session.get_one(Match, match_id).profile_id is None


def test_a_tournament_of_the_club_may_be_played_by_the_club_s_rules_or_the_organiser_s(house, scorekeeper):
    """New tournament offers the club's house rules (named as the club's) and Ana's own; another club's are
    NotFound to create_tournament."""
    ana, _, _, club_id = house
    pid = saved(ana, club_id)
    own = factories.house_rules(ana, "Ana's own")
    form = ana.page(f"/clubs/{club_id}/tournaments/new")
    assert "Tuesday night (the club&#39;s)" in form and "Ana&#39;s own" in form
    made = tournament(ana, club_id, ["Ana", "Bea", "Cid", "Dan"], profile_id=pid)
    assert made
    eve = scorekeeper("eve")
    elsewhere = club(eve, "Otro")
    with eve.app.app_context():
        assert [p.id for p in tournament_profiles(user_of(ana), club_id)] == [pid, own]
        foreign = save_club_profile(user_of(eve), elsewhere, "Theirs", NIGHT).id
    with pytest.raises(NotFound):
        tournament(ana, club_id, ["Ana", "Bea"], profile_id=foreign)


def test_a_club_that_ends_takes_its_rules_and_its_matches_keep_theirs(house):
    """The last members leave: the club's house rules go with it; the match started from them keeps its rules."""
    ana, bea, _, club_id = house
    pid = saved(ana, club_id)
    match_id = bea.start(("Bea", "Cid"), profile=str(pid), club=str(club_id), preset="escoba-es", target="30",
                         penalty="void")
    with ana.app.app_context():
        leave_club(membership(user_of(bea), club_id))
        assert leave_club(membership(user_of(ana), club_id))
        assert db.session.get(RulesProfile, pid) is None
        db.session.expire_all()
        match = db.session.get_one(Match, match_id)
        assert (match.profile_id, match.preset, match.ruleset.target) == (None, "escoba-es", 30)


def test_picking_house_rules_keeps_the_players_typed(house):
    """The page's script carries the seating, the names and the first dealer typed so far in the pick's address
    (static/js/new-match.js): the page reloaded with the rules keeps them; what no page could have typed (a name
    past its length) is left out, the rules filled in all the same."""
    ana, bea, _, club_id = house
    pid = saved(ana, club_id)
    page = bea.page(f"/matches/new?profile={pid}&club={club_id}&seating=2&names-0=Bea&names-1=Cid&first_dealer=1")
    fields = bea.fields(page)
    assert (fields["seating"], fields["names-0"], fields["names-1"], fields["first_dealer"]) == ("2", "Bea", "Cid", "1")
    assert (fields["target"], fields["profile"], fields["club"]) == ("30", str(pid), str(club_id))
    odd = bea.page(f"/matches/new?profile={pid}&seating=9&names-0={'x' * 99}&first_dealer=7")
    fields = bea.fields(odd)
    assert (fields["seating"], fields["names-0"], fields["first_dealer"]) == ("pairs", "", "draw")
    assert fields["target"] == "30"
