"""Scoring together: join codes (made, typed, expired, revoked, stored only as a hash), scorers (joined, listed,
removed) and what each role may do, through the services and the pages."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from page_client import Scorekeeper
from sqlalchemy import func, select
from test_ratings import account, start, winning_hand

from referee.extensions import db
from referee.models import JoinCode, MatchEvent, Scorer, User
from referee.services import NotFound, get_match, record_hand
from referee.services.accounts import delete_account
from referee.services.errors import Forbidden, Withdrawn
from referee.services.link_secrets import BadLink
from referee.services.matches import get_owned_match, rematch
from referee.services.refusals import LinkRefusal, ScorerRefusal
from referee.services.roles import Role, role_of
from referee.services.sharing import (
    ALPHABET,
    CODE_LENGTH,
    code_hash,
    join,
    leave,
    live_code,
    make_join_code,
    normal_code,
    remove_scorer,
    revoke_join_codes,
    scorers_of,
)


def test_a_code_is_eight_unambiguous_characters_and_only_its_keyed_hash_is_stored(app):
    """The code is made of the alphabet without look-alikes; the database holds its HMAC, never the code."""
    with app.app_context():
        ana = account("ana")
        made = make_join_code(start(ana, "Ana", "Bea"))
        assert len(made.code) == CODE_LENGTH and set(made.code) <= set(ALPHABET)
        assert not set("01OILU") & set(ALPHABET)
        assert made.spaced == f"{made.code[:4]}-{made.code[4:]}"
        stored = db.session.scalars(select(JoinCode)).one()
        assert stored.code_hash == code_hash(made.code) != made.code
        row = db.session.execute(select(JoinCode.__table__)).one()
        assert made.code not in repr(tuple(row)) and made.code.lower() not in repr(tuple(row))


def test_the_hash_depends_on_the_app_s_secret_key(app):
    """A copy of the database without the secret key cannot test codes against the hashes."""
    with app.app_context():
        first = code_hash("ABCD2345")
        app.config["SECRET_KEY"] = "another"
        assert code_hash("ABCD2345") != first


def test_a_code_is_read_whatever_its_case_spaces_and_dashes(app):
    """Read aloud and typed on a phone: 'k7qm-3xpd' and ' K7QM 3XPD ' are the code K7QM3XPD."""
    assert normal_code(" k7qm-3xpd ") == normal_code("K7QM 3XPD") == "K7QM3XPD"
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        made = make_join_code(match)
        typed = f" {made.code[:4].lower()} - {made.code[4:].lower()} "
        assert join(bea, typed).id == match.id
        assert role_of(bea, match) is Role.SCORER and role_of(ana, match) is Role.OWNER


@pytest.mark.parametrize("typed", ["", "ABC", "ABCDEFGHJ", "ABCD0OIL", "💥💥💥💥💥💥💥💥", "x" * 500])
def test_what_no_code_can_be_is_unknown(app, typed):
    """Too short, too long, or with a letter the alphabet has not: unknown, as a code never made."""
    with app.app_context():
        with pytest.raises(BadLink) as refused:
            join(account("bea"), typed)
        assert refused.value.reason is LinkRefusal.UNKNOWN


def test_an_expired_code_and_a_revoked_one_let_no_one_in(app):
    """Each says why; the scorers who joined before stay."""
    with app.app_context():
        ana, bea, cid = account("ana"), account("bea"), account("cid")
        match = start(ana, "Ana", "Bea")
        made = make_join_code(match)
        join(bea, made.code)
        revoke_join_codes(match)
        with pytest.raises(BadLink) as revoked:
            join(cid, made.code)
        assert revoked.value.reason is LinkRefusal.REVOKED
        again = make_join_code(match)
        db.session.scalars(select(JoinCode).where(JoinCode.revoked_at.is_(None))).one().expires_at -= timedelta(
            hours=12, seconds=1)
        db.session.commit()
        with pytest.raises(BadLink) as expired:
            join(cid, again.code)
        assert expired.value.reason is LinkRefusal.EXPIRED
        assert [s.user.username for s in scorers_of(match)] == ["bea"] and role_of(cid, match) is None


def test_a_new_code_revokes_the_old_and_lasts_twelve_hours(app):
    """One live code per match: the owner has one code to show."""
    with app.app_context():
        match = start(account("ana"), "Ana", "Bea")
        first = make_join_code(match)
        second = make_join_code(match)
        assert live_code(match, first.code) is None
        live = live_code(match, second.code)
        assert live is not None and live_code(match) is live
        assert timedelta(hours=11, minutes=59) < live.expires_at - live.created_at <= timedelta(hours=12)
        with pytest.raises(BadLink):
            join(account("bea"), first.code)


def test_joining_twice_or_as_the_owner_changes_nothing(app):
    """The owner stays owner, a scorer is one scorer, whatever they type again."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        made = make_join_code(match)
        for user in (ana, bea, bea):
            assert join(user, made.code) is match
        assert [(s.user_id, s.scorer.join_code_id) for s in scorers_of(match)] == [(bea.id, live_code(match).id)]


def test_the_lookups_let_owner_and_scorers_in_and_keep_managing_to_the_owner(app):
    """get_match: owner and scorer; get_owned_match: the owner, Forbidden for a scorer; NotFound for the rest;
    a removed scorer is told so (Withdrawn), and cannot be removed twice."""
    with app.app_context():
        ana, bea, cid = account("ana"), account("bea"), account("cid")
        match = start(ana, "Ana", "Bea")
        join(bea, make_join_code(match).code)
        assert get_match(ana, match.id) is get_match(bea, match.id) is match
        assert get_owned_match(ana, match.id) is match
        with pytest.raises(Forbidden):
            get_owned_match(bea, match.id)
        for lookup in (get_match, get_owned_match):
            with pytest.raises(NotFound):
                lookup(cid, match.id)
        remove_scorer(match, bea.id)
        with pytest.raises(Withdrawn) as removed:
            get_match(bea, match.id)
        assert removed.value.reason is ScorerRefusal.REMOVED
        with pytest.raises(NotFound):
            remove_scorer(match, bea.id)


def test_a_rematch_is_the_owner_s_with_the_same_scorers_whoever_asks(app):
    """A scorer's rematch: the owner's match, the owner's players, the scorers carried over; the trail says
    who asked."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        join(bea, make_join_code(match).code)
        again = rematch(bea, get_match(bea, match.id))
        assert again.user_id == ana.id and {s.player.user_id for s in again.seats} == {ana.id}
        assert [s.user_id for s in again.scorers] == [bea.id]
        assert again.events[0].kind == "created" and again.events[0].user_id == bea.id


def test_deleting_a_scorer_s_account_keeps_the_match_and_its_trail(app):
    """The scorer goes from the match; its changes stay in the trail, without its name."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        join(bea, make_join_code(match).code)
        record_hand(get_match(bea, match.id), winning_hand(2, 0), 1)
        delete_account(bea)
        db.session.expire_all()
        assert db.session.scalars(select(Scorer)).all() == []
        assert [(e.kind, e.user_id) for e in db.session.scalars(select(MatchEvent).order_by(MatchEvent.id))] == [
            ("created", ana.id), ("hand_recorded", None), ("finished", None)]
        delete_account(ana)
        assert db.session.scalars(select(JoinCode)).all() == []


# -- the pages ---------------------------------------------------------------------------------------------------

def shown_code(html: str) -> str:
    """The join code the Score together page shows."""
    found = re.search(r"data-join-code>([^<]+)<", html)
    assert found, "no code on the page"
    return found.group(1).strip()


def invite(owner, match_id: int) -> str:
    """The owner makes a code on the Score together page; the code it shows."""
    page = f"/matches/{match_id}/together"
    assert owner.submit(page, action=page).status_code == 302
    return shown_code(owner.page(page))


def account_named(name: str) -> User:
    """The account of this name (in an app context)."""
    return db.session.scalars(select(User).where(User.username == name)).one()


def test_the_owner_invites_a_scorer_who_lands_on_the_scoreboard_and_enters_a_hand(scorekeeper):
    """Score together → code → the join page → which seat (skipped) → the scoreboard; the scorer's hand is on
    the owner's board, and the trail says who saved it."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    assert "Score together" in ana.board(match_id)
    code = invite(ana, match_id)
    assert f"/join/{code.replace('-', '')}" in ana.page(f"/matches/{match_id}/together")
    joined = bea.submit(f"/join/{code}", {"code": code.lower()}, action="/join")
    assert joined.status_code == 302 and joined.headers["Location"].endswith(f"/matches/{match_id}/seat")
    board = bea.board(match_id)
    assert "ana's match" in board and "Score together" not in board and "Revoke this link" not in board
    assert bea.save_hand(match_id).status_code == 302
    text = ana.text(ana.board(match_id))
    assert "— bea: Hand 1 saved: Ana 4, Bea 0." in text and "— ana: Match started." in text
    assert len(ana.saved_hands(match_id)) == 1
    assert "bea" in ana.page(f"/matches/{match_id}/together")
    assert "shared by ana" in bea.text(bea.page("/matches/"))
    assert "shared by" not in ana.text(ana.page("/matches/"))


def test_a_wrong_code_is_refused_beside_the_field_keeping_what_was_typed(scorekeeper):
    """422, the reason in words, the typed code kept; the GET join page looks nothing up."""
    bea = scorekeeper("bea")
    page = bea.page("/join/ZZZZ2222")
    assert 'value="ZZZZ2222"' in page
    refused = bea.submit("/join", {"code": "zzzz-2222"}, action="/join")
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert bea.errors(html) == ["No match has this code: check it and try again."]
    assert 'value="zzzz-2222"' in html


def test_the_owner_removes_a_scorer_after_a_confirmation(scorekeeper):
    """GET asks, POST removes: the scorer's next page of the match says it no longer scores it (403)."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    code = invite(ana, match_id)
    bea.submit("/join", {"code": code}, action="/join")
    with ana.app.app_context():
        bea_id = db.session.scalar(select(Scorer.user_id))
    remove = f"/matches/{match_id}/scorers/{bea_id}/remove"
    assert "Remove bea?" in ana.page(remove)
    assert ana.submit(remove, action=None).status_code == 302
    assert "No one else scores this match yet." in ana.page(f"/matches/{match_id}/together")
    assert "removed this phone from its scorers" in bea.page(f"/matches/{match_id}", 403)
    ana.page(remove, 404)


def test_the_owner_stops_a_code_and_makes_another(scorekeeper):
    """Stop this code: the page offers a new one, and the old code is refused as withdrawn."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    code = invite(ana, match_id)
    page = f"/matches/{match_id}/together"
    assert ana.submit(page, action=f"{page}/revoke").status_code == 302
    html = ana.page(page)
    assert "Make a join code" in html and "data-join-code" not in html
    refused = bea.submit("/join", {"code": code}, action="/join")
    assert bea.errors(refused.get_data(as_text=True)) == ["This code was withdrawn: ask for the new one."]


def test_a_code_made_on_another_phone_is_not_shown_but_said_to_work(scorekeeper):
    """Only a hash is kept: another phone of the owner cannot show the code, and says one is live."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    invite(ana, match_id)
    other = ana.another_phone()
    html = other.page(f"/matches/{match_id}/together")
    assert "data-join-code" not in html and "A code made on another phone still works." in html


def test_a_visitor_may_log_in_first_and_comes_back_to_the_code(visitor, scorekeeper):
    """Without an account the join page has the code's form, and log in or register, each bringing the visitor
    back to /join/<code>."""
    html = visitor.page("/join/ABCD2345")
    assert 'value="ABCD2345"' in html and 'action="/join"' in html
    assert "/login?next=/join/ABCD2345" in html and "/register?next=/join/ABCD2345" in html
    made = visitor.register("cid")
    assert made.status_code == 302 and made.headers["Location"] == "/matches/new"
    other = scorekeeper("dan")
    other.logout()
    back = other.client.get("/register?next=%2Fjoin%2FABCD2345")
    assert back.status_code == 200
    came = other.submit("/register?next=%2Fjoin%2FABCD2345",
                        {"username": "eva", "password": "correct-horse", "confirm": "correct-horse"})
    assert came.headers["Location"] == "/join/ABCD2345"


def test_a_visitor_with_the_code_scores_as_a_guest_of_its_own(app, visitor, scorekeeper):
    """A phone with no account types the code: it is given a guest account, which scores the match (a hand saved
    from it is on the owner's board) and is listed among the scorers."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    code = invite(ana, match_id)
    joined = visitor.submit(f"/join/{code.lower()}", action="/join")
    assert joined.status_code == 302 and joined.headers["Location"] == f"/matches/{match_id}/seat"
    assert "Enter hand 1" in visitor.page(f"/matches/{match_id}")
    assert visitor.save_hand(match_id).status_code == 302
    with app.app_context():
        [scorer] = scorers_of(get_match(account_named("ana"), match_id))
        assert scorer.user.guest
        assert [e.user_id for e in db.session.scalars(select(MatchEvent).where(
            MatchEvent.match_id == match_id, MatchEvent.kind == "hand_recorded"))] == [scorer.user_id]


def test_a_visitor_with_a_wrong_code_is_told_and_no_account_is_made(app, visitor):
    """A code that lets no one in makes no guest: the page again, the code kept, the reason beside it."""
    with app.app_context():
        before = db.session.scalar(select(func.count(User.id)))
    refused = visitor.submit("/join/ABCD2345", action="/join")
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert visitor.errors(html) and 'value="ABCD2345"' in html and "/login?next=/join/ABCD2345" in html
    with app.app_context():
        assert db.session.scalar(select(func.count(User.id))) == before
    assert visitor.client.get("/matches/").status_code == 302  # still nobody logged in


def test_a_scorer_is_refused_the_owner_s_pages_with_a_403(scorekeeper):
    """Score together and the spectator link's replacement are the owner's: 403 for a scorer."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    html = bea.page(f"/matches/{match_id}/together", 403)
    assert "Only the match&#39;s owner can do this." in html or "Only the match's owner can do this." in html
    bea.page(f"/matches/{match_id}/link", 403)


def test_no_join_address_answers_a_5xx(app):
    """Whatever follows /join/ (a QR code read wrong, a link cut short): the join page, with the code as read."""
    visitor = Scorekeeper(app, app.test_client())

    @settings(max_examples=40, deadline=None)
    @given(st.text(min_size=1, max_size=300))
    def any_code(code: str) -> None:
        """One address."""
        response = visitor.client.get("/join/" + quote(code, safe=""))
        assert response.status_code in (200, 308, 404), (code, response.status_code)  # 308: "//" merged

    any_code()


def test_an_expired_code_is_said_so_on_the_join_page(app, scorekeeper):
    """Twelve hours on: the join page says the code expired, beside it."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    code = invite(ana, ana.start())
    with app.app_context():
        db.session.scalars(select(JoinCode)).one().expires_at -= timedelta(hours=12)
        db.session.commit()
    refused = bea.submit("/join", {"code": code}, action="/join")
    assert refused.status_code == 422
    assert bea.errors(refused.get_data(as_text=True)) == ["This code has expired: ask for a new one."]


def test_joining_from_two_phones_at_once_makes_one_scorer(app, monkeypatch):
    """The second phone's insert meets the first's row: it is a scorer all the same, once."""
    import referee.services.sharing as sharing

    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        code = make_join_code(match).code
        join(bea, code)
        monkeypatch.setattr(sharing, "role_of", lambda user, match: None)  # read before the first phone's commit
        assert join(bea, code).id == match.id
        assert [s.user_id for s in scorers_of(match)] == [bea.id]


def test_a_scorer_stops_scoring_after_a_confirmation(scorekeeper):
    """Stop scoring this match: asked first, then the match is gone from the scorer's list and its pages 404; the
    hands it entered stay; the owner cannot leave its own match."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    assert bea.save_hand(match_id).status_code == 302
    leave = f"/matches/{match_id}/leave"
    assert f'href="{leave}"' in bea.page(f"/matches/{match_id}")
    assert "Stop scoring ana's match?" in bea.text(bea.page(leave))
    left = bea.submit(leave, action=None)
    assert left.status_code == 302 and left.headers["Location"] == "/matches/"
    assert "You no longer score ana&#39;s match." in bea.page("/matches/")
    assert "shared by" not in bea.text(bea.page("/matches/"))
    bea.page(f"/matches/{match_id}", 404)
    assert len(ana.saved_hands(match_id)) == 1
    assert "No one else scores this match yet." in ana.page(f"/matches/{match_id}/together")
    ana.page(leave, 403)


def test_the_owner_cannot_leave_its_own_match_through_the_service(app):
    """leave: Forbidden for the owner, NotFound for an account that is no scorer."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = start(ana, "Ana", "Bea")
        with pytest.raises(Forbidden):
            leave(ana, match)
        with pytest.raises(NotFound):
            leave(bea, match)
