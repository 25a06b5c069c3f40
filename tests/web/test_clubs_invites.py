"""Invites: an organiser's link and QR code (a week long, revocable, only its HMAC stored), opened by an account
(joins after a confirmation) or by a phone without one (joins as a guest, or logs in first and comes back);
wrong links refused in words and throttled."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import factories
import pytest
from factories import club, club_invite, user_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_client import Scorekeeper
from sqlalchemy import select, update

from referee.extensions import db
from referee.models import ClubInvite, ClubMember, now
from referee.services.accounts import find_account
from referee.services.clubs import (
    INVITE_LIFETIME,
    clubs_of,
    create_club,
    join_club,
    make_invite,
    membership,
    secret_hash,
)
from referee.services.link_secrets import BadLink


def members(app, club_id: int) -> list[str]:
    """The club's members' usernames, first joined first."""
    with app.app_context():
        return [m.user.username for m in db.session.scalars(select(ClubMember).where(ClubMember.club_id == club_id)
                                                            .order_by(ClubMember.id))]


def made_invite(organiser: Scorekeeper, club_id: int) -> str:
    """The organiser's "Make an invite link" pressed; the link its page shows (the one address in the page)."""
    assert organiser.submit(f"/clubs/{club_id}/invites", action=f"/clubs/{club_id}/invites").status_code == 302
    page = organiser.page(f"/clubs/{club_id}/invites")
    [link] = {part.split('"')[0] for part in page.split('href="http://localhost')[1:] if "/clubs/join/" in part}
    assert "<svg" in page  # its QR code
    return link


def test_an_invite_keeps_only_a_keyed_hash_and_lasts_a_week(keeper):
    """The link's secret is nowhere in the database; its HMAC is, and it stops working a week after."""
    club_id = club(keeper)
    secret = made_invite(keeper, club_id).rsplit("/", 1)[1]
    with keeper.app.app_context():
        [invite] = db.session.scalars(select(ClubInvite)).all()
        assert invite.secret_hash == secret_hash(secret) and secret not in repr(vars(invite))
        assert abs((invite.expires_at - now()) - INVITE_LIFETIME).total_seconds() < 60


def test_an_account_opens_the_link_and_joins_after_confirming(scorekeeper):
    """The link's page names the club and asks; nothing is joined before the button; after it, the club's page,
    and the link again goes straight there."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    link = made_invite(ana, club_id)
    assert "Join Casa de Ana" in bea.text(bea.page(link))
    assert members(ana.app, club_id) == ["ana"]
    response = bea.submit(link)
    assert response.status_code == 302 and response.headers["Location"] == f"/clubs/{club_id}"
    assert members(ana.app, club_id) == ["ana", "bea"]
    assert bea.client.get(link).headers["Location"] == f"/clubs/{club_id}"
    assert bea.client.post(link, data={"csrf_token": bea.token()}).status_code == 302  # joined twice: once
    assert members(ana.app, club_id) == ["ana", "bea"]


def test_the_join_needs_its_csrf_token(scorekeeper):
    """A POST without the page's token joins nobody."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    link = made_invite(ana, club_id)
    assert bea.client.post(link, data={}).status_code == 400
    assert members(ana.app, club_id) == ["ana"]


def test_a_phone_without_an_account_joins_as_a_guest(app, scorekeeper):
    """The link's page offers to join as a guest or to log in; the button makes this phone a guest member."""
    ana = scorekeeper("ana")
    club_id = club(ana)
    link = made_invite(ana, club_id)
    phone = Scorekeeper(app, app.test_client())
    page = phone.page(link)
    assert "Join as a guest" in phone.text(page) and "/login?next=" in page
    assert phone.submit(link).headers["Location"] == f"/clubs/{club_id}"
    assert "A guest phone member" in phone.text(phone.page(f"/clubs/{club_id}"))
    assert len(members(app, club_id)) == 2


def test_a_visitor_logs_in_first_and_comes_back_to_the_invite(app, scorekeeper):
    """Log in from the link's page: back to the link, then the button joins the account."""
    ana = scorekeeper("ana")
    club_id = club(ana)
    link = made_invite(ana, club_id)
    scorekeeper("bea").client.get("/")  # bea's account, on another phone
    phone = Scorekeeper(app, app.test_client())
    response = phone.login("bea", next=link)
    assert response.headers["Location"] == link
    assert phone.submit(link).status_code == 302
    assert members(app, club_id) == ["ana", "bea"]


@pytest.mark.parametrize(("how", "status", "words"), [
    ("expired", 410, "This invite has expired: ask the club's organiser for a new one."),
    ("revoked", 410, "This invite was withdrawn: ask the club's organiser for a new one."),
    ("unknown", 404, "No club has this invite: check the link, or ask the club's organiser for a new one."),
])
def test_a_link_that_lets_no_one_in_says_why(app, scorekeeper, how, status, words):
    """Expired, stopped or never made: the page says so (410 or 404), the button's POST is refused 422 in the
    same words, and no one joins; a visitor is made no guest."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = club(ana)
    secret = club_invite(ana, club_id)
    with app.app_context():
        if how == "expired":
            db.session.execute(update(ClubInvite).values(expires_at=now()))
        elif how == "revoked":
            db.session.execute(update(ClubInvite).values(revoked_at=now()))
        else:
            secret = secret[::-1]
        db.session.commit()
    link = f"/clubs/join/{secret}"
    response = bea.client.get(link)
    assert response.status_code == status and words in bea.errors(response.get_data(as_text=True))
    refused = bea.client.post(link, data={"csrf_token": bea.token()})
    assert refused.status_code == 422 and words in bea.errors(refused.get_data(as_text=True))
    visitor = Scorekeeper(app, app.test_client())
    assert visitor.client.post(link, data={"csrf_token": visitor.token()}).status_code == 422
    assert not visitor.logged_in()
    assert members(app, club_id) == ["ana"]


def test_an_organiser_stops_a_link_and_its_members_stay(scorekeeper):
    """"Stop this link": the link lets no one else in; who joined with it stays."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    club_id = club(ana)
    link = made_invite(ana, club_id)
    bea.submit(link)
    invite_id = ana.query(select(ClubInvite.id))[0][0]
    action = f"/clubs/{club_id}/invites/{invite_id}/revoke"
    assert ana.submit(f"/clubs/{club_id}/invites", action=action).status_code == 302
    assert "stopped" in ana.text(ana.page(f"/clubs/{club_id}/invites"))
    assert cid.client.get(link).status_code == 410
    assert members(ana.app, club_id) == ["ana", "bea"]


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(secret=st.one_of(st.text(max_size=60), st.from_regex(r"[A-Za-z0-9_-]{24}", fullmatch=True)))
def test_no_made_up_secret_joins_a_club(app, secret: str) -> None:
    """Whatever is sent as a secret, of any shape or of a real one's, the service refuses it and the page answers
    a 4xx: a real secret is 144 random bits. (A secret that starts with "/" makes a double slash, which Werkzeug
    sends on to the address with one: the 4xx is at the end of that redirect.)"""
    with app.app_context():
        if find_account("ana") is None:
            factories.account(app, "ana")
        ana = find_account("ana")
        assert ana is not None
        if not clubs_of(ana):
            make_invite(membership(ana, create_club(ana, "Casa").id))
        with pytest.raises(BadLink):
            join_club(ana, secret)
    answer = app.test_client().get(f"/clubs/join/{quote(secret, safe='')}", follow_redirects=True)
    assert answer.status_code in (400, 404, 410)


class TestThrottled:
    """Refused invites count with refused join codes (JOIN_LIMIT, per address and per account)."""

    @pytest.fixture
    def app_settings(self) -> dict[str, Any]:
        """Throttling on, with the shipped limits."""
        return {"RATELIMIT_ENABLED": True}

    def test_the_eleventh_wrong_link_is_refused_even_when_right(self, app, scorekeeper):
        """Ten wrong links, then a good one: 429 with Retry-After, saying how long to wait; not joined."""
        ana, bea = scorekeeper("ana"), scorekeeper("bea")
        club_id = club(ana)
        secret = club_invite(ana, club_id)
        token = bea.token()
        for _ in range(10):
            assert bea.client.post(f"/clubs/join/{'x' * 24}", data={"csrf_token": token}).status_code == 422
        refused = bea.client.post(f"/clubs/join/{secret}", data={"csrf_token": token})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert bea.errors(refused.get_data(as_text=True))[0].startswith("Too many wrong links. Please wait")
        assert members(app, club_id) == ["ana"]
        with app.app_context():
            assert user_of(bea).id not in {m.user_id for m in db.session.scalars(select(ClubMember))}
