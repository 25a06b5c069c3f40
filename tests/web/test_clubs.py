"""A club and its members: made by an account (a guest too), its organisers and members, removing and leaving
(referee/services/clubs.py, referee/views/clubs.py). Set-up through the services (tests/factories.py), the forms
through their pages."""

from __future__ import annotations

import uuid

import factories
import pytest
from factories import club, club_invite, club_match, member, user_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_client import Scorekeeper
from sqlalchemy import select, update

from referee.extensions import db
from referee.models import Club, ClubInvite, ClubMember, Match, User, now
from referee.services.accounts import delete_account
from referee.services.clubs import (
    clubs_of,
    create_club,
    join_club,
    leave_club,
    make_invite,
    make_organiser,
    membership,
    organised,
    remove_member,
)
from referee.services.errors import Conflict, Forbidden, NotFound
from referee.services.link_secrets import BadLink
from referee.services.roles import ClubRole


def roles(app, club_id: int) -> dict[str, str]:
    """The club's members by username, and their roles."""
    with app.app_context():
        return {m.user.username: m.role for m in db.session.scalars(select(ClubMember)
                                                                    .where(ClubMember.club_id == club_id))}


def test_an_account_starts_a_club_and_organises_it(keeper):
    """The form on Clubs makes the club; its page names it and its organiser; My clubs lists it."""
    response = keeper.submit("/clubs/", {"name": "  Casa de Ana  "}, action="/clubs/")
    assert response.status_code == 302
    club_id = int(response.headers["Location"].rsplit("/", 1)[1])
    page = keeper.text(keeper.page(f"/clubs/{club_id}"))
    assert "Casa de Ana" in page and "You are an organiser of this club." in page
    assert "Casa de Ana organiser · 1 member" in keeper.text(keeper.page("/clubs/"))
    assert roles(keeper.app, club_id) == {"ana": "organiser"}


def test_a_club_without_a_name_is_refused_beside_its_field(keeper):
    """An empty name (spaces only) and one too long: 422, said beside the field, the long name kept as typed."""
    for typed, words in (("   ", "Give the club a name."), ("x" * 41, "A club's name has at most 40 characters.")):
        response = keeper.submit("/clubs/", {"name": typed}, action="/clubs/")
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert words in keeper.errors(html)
    assert 'value="' + "x" * 41 + '"' in html
    with keeper.app.app_context():
        assert db.session.scalar(select(Club.id)) is None


def test_the_footer_links_to_clubs(keeper):
    """Clubs sits beside My record, where the account's links are."""
    assert 'href="/clubs/"' in keeper.page("/matches/")


def test_an_organiser_makes_another_member_an_organiser(scorekeeper):
    """Bea joins as a member, Ana's button makes her an organiser."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    assert roles(ana.app, club_id) == {"ana": "organiser", "bea": "member"}
    bea_id = ana.query(select(ClubMember.user_id).where(ClubMember.role == "member"))[0][0]
    action = f"/clubs/{club_id}/members/{bea_id}/organiser"
    assert ana.submit(f"/clubs/{club_id}", action=action).status_code == 302
    assert roles(ana.app, club_id) == {"ana": "organiser", "bea": "organiser"}


def test_a_member_may_not_manage_the_club(scorekeeper):
    """A member sees the club, but promoting, removing and invites are 403 for her."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    club_id = club(ana)
    member(ana, club_id, bea, cid)
    bea.page(f"/clubs/{club_id}")
    cid_id = ana.query(select(ClubMember.user_id).order_by(ClubMember.id.desc()))[0][0]
    token = bea.token()
    for url in (f"/clubs/{club_id}/members/{cid_id}/organiser", f"/clubs/{club_id}/members/{cid_id}/remove",
                f"/clubs/{club_id}/invites"):
        assert bea.client.post(url, data={"csrf_token": token}).status_code == 403
    with ana.app.app_context(), pytest.raises(Forbidden):
        organised(user_of(bea), club_id)
    assert roles(ana.app, club_id)["cid"] == "member"


def test_a_removed_member_no_longer_sees_the_club(scorekeeper):
    """Asked first, then removed: Bea's next request for the club is a 404 and her list is empty."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    bea_id = ana.query(select(ClubMember.user_id).where(ClubMember.role == "member"))[0][0]
    url = f"/clubs/{club_id}/members/{bea_id}/remove"
    assert "Remove bea?" in ana.text(ana.page(url))
    assert ana.submit(url).status_code == 302
    bea.page(f"/clubs/{club_id}", 404)
    assert "Casa de Ana" not in bea.text(bea.page("/clubs/"))
    ana.page(url, 404)  # removed already


def test_removing_a_member_warns_of_an_invite_link_that_would_let_them_back(scorekeeper):
    """The invite Bea joined by still works: the question says so and leads to the invites; once it is revoked
    (or has run out), nothing is said."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    member(ana, club_id, bea)
    bea_id = ana.query(select(ClubMember.user_id).where(ClubMember.role == "member"))[0][0]
    url = f"/clubs/{club_id}/members/{bea_id}/remove"
    asked = ana.page(url)
    assert ("An invite link of the club still works: whoever has it can join, bea too. Revoke it first to keep "
            "bea out.") in ana.text(asked)
    assert f'href="/clubs/{club_id}/invites"' in asked
    club_invite(ana, club_id)
    assert "2 invite links of the club still work" in ana.text(ana.page(url))
    with ana.app.app_context():
        db.session.execute(update(ClubInvite).values(revoked_at=now()))
        db.session.commit()
    assert "invite link" not in ana.text(ana.page(url))


def test_a_member_leaves_and_the_last_organiser_hands_over_first(scorekeeper):
    """Bea leaves; Ana, the last organiser with Cid still a member, is told to hand over, and can once Cid
    organises too."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    club_id = club(ana)
    member(ana, club_id, bea, cid)
    assert bea.submit(f"/clubs/{club_id}/leave").status_code == 302
    bea.page(f"/clubs/{club_id}", 404)
    page = ana.page(f"/clubs/{club_id}/leave")
    assert "make another member an organiser before you leave" in ana.text(page)
    with ana.app.app_context(), pytest.raises(Conflict, match="last_organiser"):
        leave_club(membership(user_of(ana), club_id))
    cid_id = ana.query(select(ClubMember.user_id).where(ClubMember.role == "member"))[0][0]
    ana.submit(f"/clubs/{club_id}", action=f"/clubs/{club_id}/members/{cid_id}/organiser")
    assert ana.submit(f"/clubs/{club_id}/leave").status_code == 302
    assert roles(ana.app, club_id) == {"cid": "organiser"}


def test_the_last_member_leaving_ends_the_club_and_keeps_its_matches(keeper):
    """Alone in her club, Ana is told leaving ends it; after, the club is gone and her match is in no club."""
    club_id = club(keeper)
    match_id = club_match(keeper, club_id)
    assert "leaving ends the club" in keeper.text(keeper.page(f"/clubs/{club_id}/leave"))
    assert keeper.submit(f"/clubs/{club_id}/leave").status_code == 302
    with keeper.app.app_context():
        assert db.session.get(Club, club_id) is None
        assert db.session.get_one(Match, match_id).club_id is None
    keeper.page(f"/matches/{match_id}")


def test_a_guest_starts_a_club_and_keeps_it_under_a_name(app):
    """A phone without an account starts a club as a guest; "Keep my matches" names the guest and the club stays
    its own, the guest shown by no placeholder."""
    phone = Scorekeeper(app, app.test_client())
    assert phone.submit("/", action="/guest").status_code == 302
    response = phone.submit("/clubs/", {"name": "Mesa 3"}, action="/clubs/")
    club_id = int(response.headers["Location"].rsplit("/", 1)[1])
    page = phone.text(phone.page(f"/clubs/{club_id}"))
    assert "A guest phone organiser" in page and "guest:" not in page
    kept = phone.submit("/account/keep", {"username": "rosa", "password": "Pw-long-enough-1",
                                          "confirm": "Pw-long-enough-1"})
    assert kept.status_code == 302
    assert roles(app, club_id) == {"rosa": "organiser"}
    assert "rosa organiser" in phone.text(phone.page(f"/clubs/{club_id}"))


def test_clubs_of_lists_each_club_with_its_role_and_size(scorekeeper):
    """The service behind My clubs: by name, the account's role, the member count."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    first, second = club(ana, "Zeta"), club(bea, "Alfa")
    member(bea, second, ana)
    with ana.app.app_context():
        listed = [(c.club.id, c.role, c.members) for c in clubs_of(user_of(ana))]
        assert listed == [(second, ClubRole.MEMBER, 2), (first, ClubRole.ORGANISER, 1)]
        with pytest.raises(NotFound):
            membership(user_of(bea), first)


def test_a_deleted_account_leaves_its_club_with_an_organiser(scorekeeper):
    """Ana, the only organiser, deletes her account: Bea, the longest-standing member left, organises the club;
    Cid's club, of which he was the only member, goes with his account; Dan's match stays filed under Ana's."""
    ana, bea, cid, dan = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid"), scorekeeper("dan")
    club_id = club(ana)
    member(ana, club_id, bea, dan)
    lonely = club(cid, "Solo")
    member(cid, lonely, dan)
    with cid.app.app_context():
        leave_club(membership(user_of(dan), lonely))
    dans = club_match(dan, club_id)
    with ana.app.app_context():
        delete_account(user_of(ana))
        delete_account(user_of(cid))
    assert roles(bea.app, club_id) == {"bea": "organiser", "dan": "member"}
    with bea.app.app_context():
        assert db.session.get(Club, lonely) is None and db.session.get(Club, club_id) is not None
        assert db.session.get_one(Match, dans).club_id == club_id


ACTIONS = st.lists(st.tuples(st.sampled_from(["join", "promote", "remove", "leave", "delete"]),
                             st.integers(0, 4), st.integers(0, 4)), max_size=25)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_a_club_with_members_always_has_an_organiser(app, actions):
    """Any run of joins, promotions, removals, leavings and deleted accounts, by anyone of five accounts: every
    refusal is a service's own (NotFound, Forbidden, Conflict), and a club with members always has an organiser."""
    names = [f"p{uuid.uuid4().hex[:8]}" for _ in range(5)]
    ids = [factories.account(app, name) for name in names]
    with app.app_context():
        founder = db.session.get_one(User, ids[0])
        club_id = create_club(founder, "Casa").id
        secret = make_invite(membership(founder, club_id)).secret
        for action, who, whom in actions:
            actor = db.session.scalar(select(User).where(User.id == ids[who]))
            if actor is None:  # deleted
                continue
            try:
                if action == "join":
                    join_club(actor, secret)
                elif action == "promote":
                    make_organiser(organised(actor, club_id), ids[whom])
                elif action == "remove":
                    remove_member(organised(actor, club_id), ids[whom])
                elif action == "leave":
                    leave_club(membership(actor, club_id))
                else:
                    delete_account(actor)
            except (NotFound, Forbidden, Conflict, BadLink):
                db.session.rollback()
            members = db.session.scalars(select(ClubMember).where(ClubMember.club_id == club_id)).all()
            assert not members or any(m.role == ClubRole.ORGANISER for m in members), actions
            if not members:
                assert db.session.get(Club, club_id) is None
                break
