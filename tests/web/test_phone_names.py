"""Every phone has a name (services/sharing.py, views/sharing.py): joining asks who holds the phone, from the front
door (the home and login pages) too; Score together, the remove page, the trail and who is entering name each
phone by it, never by a guest's placeholder; the name changes later; a seat claimed names a phone not named yet;
"Which seat is yours?" is asked only until the phone holds a seat."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select
from test_sharing import invite

from referee.extensions import db
from referee.models import Scorer, User
from referee.services import presence, sessions
from referee.services.guests import GUEST_NAME_PREFIX
from referee.views.entering_words import entering_words

CODE_FORM = "/join"
HEX_PLACEHOLDER = re.compile(re.escape(GUEST_NAME_PREFIX) + "[0-9a-f]{32}")
LIFETIMES = sessions.Lifetimes(remember=timedelta(days=90), session=timedelta(hours=12), touch=timedelta(minutes=5))


def scorer_ids(keeper) -> list[int]:
    """The accounts scoring any match, first joined first."""
    return [row[0] for row in keeper.query(select(Scorer.user_id).order_by(Scorer.id))]


@pytest.mark.parametrize("door", ["/", "/login"])
def test_a_phone_without_account_joins_from_the_front_door_by_the_code_and_one_tap_named(scorekeeper, visitor,
                                                                                          door):
    """The home and login pages hold a code field (and the optional name) posting to /join with a CSRF token: the
    visitor's phone becomes a guest scoring the match, and the owner's Score together names it, no placeholder."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    code = invite(ana, match_id)
    fields = visitor.form(door, action=CODE_FORM)
    assert set(fields) == {"csrf_token", "code", "name"} and fields["csrf_token"]
    joined = visitor.client.post(CODE_FORM, data=fields | {"code": code.lower(), "name": "  Lucía  "})
    assert joined.status_code == 302 and joined.headers["Location"].endswith(f"/matches/{match_id}/seat")
    together = ana.page(f"/matches/{match_id}/together")
    assert "Lucía" in ana.text(together) and not HEX_PLACEHOLDER.search(together)
    assert visitor.query(select(User.guest).where(User.id == scorer_ids(visitor)[0])) == [(True,)]


def test_a_wrong_code_from_the_front_door_is_refused_with_what_was_typed_kept_and_a_missing_token_is_400(visitor):
    """The join page answers a wrong code beside its field (422), the code and the name kept; no guest is made;
    the front door's form without its CSRF token is refused."""
    fields = visitor.form("/", action=CODE_FORM)
    refused = visitor.client.post(CODE_FORM, data=fields | {"code": "ZZZZ-2222", "name": "Lucía"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert visitor.errors(html) == ["No match has this code: check it and try again."]
    assert 'value="ZZZZ-2222"' in html and 'value="Lucía"' in html
    assert visitor.query(select(User.id).where(User.guest.is_(True))) == []
    assert visitor.client.post(CODE_FORM, data={"code": "ZZZZ-2222"}).status_code == 400


def test_the_join_page_fills_in_an_account_s_name_and_leaves_a_guest_s_empty(scorekeeper, visitor):
    """An account joining reads its own name in the field (changeable); a guest's placeholder is never offered."""
    bea = scorekeeper("Bea")
    assert bea.form("/join", action=CODE_FORM)["name"] == "Bea"
    guest_fields = visitor.form("/join", action=CODE_FORM)
    assert guest_fields["name"] == ""
    ana = scorekeeper("ana")
    match_id = ana.start()
    visitor.client.post(CODE_FORM, data=guest_fields | {"code": invite(ana, match_id)})
    # Now a guest with an account: still nothing offered.
    assert visitor.form("/join", action=CODE_FORM)["name"] == ""
    assert "/join" in visitor.page("/") and not HEX_PLACEHOLDER.search(visitor.page("/join"))


def test_two_guest_phones_without_names_read_apart_and_a_seat_claimed_names_one(scorekeeper, keeper_on, app):
    """Two guests joining without a name are Phone 2 and Phone 3 (the owner's is the first) on Score together and
    the remove page; claiming Ana's seat names the first "Ana"; no page shows a placeholder."""
    ana = scorekeeper("ana")
    match_id = ana.start(("Ana", "Bea"))
    code = invite(ana, match_id)
    first, second = keeper_on(app), keeper_on(app)
    for phone in (first, second):
        assert phone.submit("/join", {"code": code}, action=CODE_FORM).status_code == 302
    together = ana.page(f"/matches/{match_id}/together")
    names = re.findall(r'<span class="name">([^<]+)</span>', together)
    assert names == ["Phone 2", "Phone 3"] and not HEX_PLACEHOLDER.search(together)
    _first_id, second_id = scorer_ids(ana)
    remove = ana.page(f"/matches/{match_id}/scorers/{second_id}/remove")
    assert "Remove Phone 3?" in ana.text(remove) and not HEX_PLACEHOLDER.search(remove)
    assert first.submit(f"/matches/{match_id}/seat", {"seat": "0"}).status_code == 302
    together = ana.page(f"/matches/{match_id}/together")
    assert re.findall(r'<span class="name">([^<]+)</span>', together)[:2] == ["Ana", "Phone 3"]
    assert "Ana is Ana" in ana.text(together) and not HEX_PLACEHOLDER.search(together)


def test_a_scorer_renames_its_phone_from_its_scoreboard_and_the_owner_from_score_together(scorekeeper, keeper_on,
                                                                                            app):
    """The scoreboard's note says what this phone is called and links its rename form; the owner renames any
    scorer's phone; another scorer cannot rename it (404); a blank name is refused beside the field."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    code = invite(ana, match_id)
    bea.submit("/join", {"code": code, "name": "Bea at the window"}, action=CODE_FORM)
    cid = keeper_on(app)
    cid.submit("/join", {"code": code}, action=CODE_FORM)
    bea_id, cid_id = scorer_ids(ana)
    board = bea.page(f"/matches/{match_id}")
    rename = f"/matches/{match_id}/scorers/{bea_id}/name"
    assert "This phone: Bea at the window." in bea.text(board) and f'href="{rename}"' in board
    refused = bea.submit(rename, {"name": "  "})
    assert refused.status_code == 422 and bea.errors(refused.get_data(as_text=True)) == ["Give the phone a name."]
    assert bea.submit(rename, {"name": "Bea"}).headers["Location"].endswith(f"/matches/{match_id}")
    cid.page(rename, 404)
    assert ana.submit(f"/matches/{match_id}/scorers/{cid_id}/name", {"name": "Cid"}).status_code == 302
    names = re.findall(r'<span class="name">([^<]+)</span>', ana.page(f"/matches/{match_id}/together"))
    assert names == ["Bea", "Cid"]


def test_a_rename_by_the_owner_reaches_the_scorers_copy_of_the_scoreboard(scorekeeper, keeper_on, app):
    """The scorer's scoreboard says what its phone is called: the owner renaming it makes the scorer's copy stale,
    so its next poll brings the new name (and the owner's copy, whose trail names the phones, too)."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    bea = keeper_on(app)
    bea.submit("/join", {"code": invite(ana, match_id), "name": "Bea"}, action=CODE_FORM)
    (bea_id,) = scorer_ids(ana)
    url = f"/matches/{match_id}"
    copies = {person: person.client.get(url).headers["ETag"] for person in (ana, bea)}
    assert ana.submit(f"/matches/{match_id}/scorers/{bea_id}/name", {"name": "Bea at the window"}).status_code == 302
    ana.page(url)  # the rename's message shown once
    for person, etag in copies.items():
        fresh = person.client.get(url, headers={"If-None-Match": etag, "X-Live-Poll": "1"})
        assert fresh.status_code == 200, person
    fresh = bea.client.get(url, headers={"If-None-Match": copies[bea], "X-Live-Poll": "1"})
    assert "This phone: Bea at the window." in bea.text(fresh.get_data(as_text=True))


def test_the_trail_names_each_phone_by_its_name(scorekeeper, keeper_on, app):
    """A hand saved by a guest's phone is that phone's in the trail, by the name given on joining."""
    ana = scorekeeper("ana")
    match_id = ana.start()
    guest = keeper_on(app)
    guest.submit("/join", {"code": invite(ana, match_id), "name": "Lucía"}, action=CODE_FORM)
    guest.save_hand(match_id)
    board = ana.page(f"/matches/{match_id}")
    trail = board[board.index('id="trail"'):]
    assert "Lucía:" in ana.text(trail) and not HEX_PLACEHOLDER.search(board)


def test_who_is_entering_names_each_phone_by_its_name_and_the_unnamed_by_their_number(app, scorekeeper, keeper_on):
    """The entering words: a named scorer's phone by its name, a guest's not named yet by its number, the owner's
    by the owner's name; two guest phones never read alike."""
    ana = scorekeeper("Ana")
    match_id = ana.start()
    code = invite(ana, match_id)
    named, unnamed = keeper_on(app), keeper_on(app)
    named.submit("/join", {"code": code, "name": "Lucía"}, action=CODE_FORM)
    unnamed.submit("/join", {"code": code}, action=CODE_FORM)
    with app.app_context():
        accounts = [db.session.get(User, user_id) for user_id in scorer_ids(ana)]
        owner = db.session.scalar(select(User).where(User.username == "Ana"))
        moment = datetime(2026, 12, 7, 20, 0)
        for user in (*accounts, owner):
            login = sessions.start_session(user, sessions.Device(True, "", LIFETIMES)).login_token
            presence.note_entering(user, login, match_id, 1, moment)
        reader = sessions.start_session(owner, sessions.Device(True, "", LIFETIMES)).login_token
        with app.test_request_context():
            guests_view = entering_words(presence.others_entering(accounts[0], None, match_id, moment))
            owners_view = entering_words(presence.others_entering(owner, reader, match_id, moment))
    assert sorted(guests_view) == ["Ana's phone is entering hand 1.", "Phone 3 is entering hand 1.",
                                   "Your other phone is entering hand 1."]
    assert sorted(owners_view) == ["Lucía's phone is entering hand 1.", "Phone 3 is entering hand 1.",
                                   "Your other phone is entering hand 1."]


def test_which_seat_is_yours_is_asked_until_the_phone_holds_a_seat(scorekeeper):
    """The scorer's scoreboard links "Which seat is yours?" before claiming, and no longer once it holds one."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action=CODE_FORM)
    assert "Which seat is yours?" in bea.board(match_id)
    assert bea.submit(f"/matches/{match_id}/seat", {"seat": "1"}).status_code == 302
    bea.page(f"/matches/{match_id}")  # the page that shows the claim's message once
    board = bea.board(match_id)
    assert "Which seat is yours?" not in board and "This phone: bea." in board


def test_a_guest_s_match_is_named_so_on_its_scorers_pages(scorekeeper, visitor):
    """A guest owns the match Bea scores and holds a seat in: her scoreboard, her Matches and My record say whose
    it is without the guest's placeholder."""
    assert visitor.submit("/", action="/guest").status_code == 302
    match_id = visitor.start()
    bea = scorekeeper("bea")
    bea.submit("/join", {"code": invite(visitor, match_id)}, action=CODE_FORM)
    assert bea.submit(f"/matches/{match_id}/seat", {"seat": "1"}).status_code == 302
    pages = {url: bea.page(url) for url in (f"/matches/{match_id}", "/matches/", "/me")}
    assert "You score this match with its owner." in bea.text(pages[f"/matches/{match_id}"])
    assert "shared by a guest" in bea.text(pages["/matches/"])
    assert "in a guest's match of" in bea.text(pages["/me"])
    assert not [url for url, html in pages.items() if HEX_PLACEHOLDER.search(html)]
