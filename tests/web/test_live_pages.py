"""Every page that shows a match or an event follows it by conditional GETs (static/js/live.js): the scoreboards of
the owner and the scorers, the entry page's "saved on another phone", a tournament's page and its round sheet, a
club's page. Each answers a bare 304 while the reader's copy is current, found without rendering anything (the
scoreboard's before Flask's request handling, in one query), and a whole page after a change from another phone."""

from __future__ import annotations

import re
from datetime import timedelta

import factories
import pytest
from page_client import PASSWORD
from sql_counts import counted_queries
from sqlalchemy import select, update

from referee.extensions import db
from referee.models import LoginToken, Match, User, now
from referee.services.sharing import join, make_join_code


def joined(keeper, match_id, person):
    """`person` scores the keeper's match, joined with a code the keeper made."""
    with keeper.app.app_context():
        code = make_join_code(db.session.get(Match, match_id)).code
        join(db.session.scalar(select(User).where(User.username == person.username)), code)


@pytest.fixture
def table(keeper, scorekeeper):
    """Ana's match of Ana against Bea, one hand saved, with Bea's phone scoring it."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    bea = scorekeeper("bea")
    bea.username = "bea"
    joined(keeper, match_id, bea)
    keeper.page(f"/matches/{match_id}")  # the save's message shown once
    return match_id, bea


def asked(person, url, etag=None):
    """The page asked for as static/js/live.js asks it, with the ETag the phone has."""
    return person.client.get(url, headers={"X-Live-Poll": "1", **({"If-None-Match": etag} if etag else {})})


def etag_in(response):
    """A page's ETag, checked to be the one its script asks again with (the live region's data-etag)."""
    etag = response.headers["ETag"]
    assert f'data-etag="{etag.strip(chr(34))}"' in response.get_data(as_text=True)
    return etag


def hands_shown(response):
    """How many hands the scoreboard's live region says the match holds."""
    return int(re.search(r'id="live-board" data-live [^>]*data-hands="(\d+)"', response.get_data(as_text=True))[1])


def test_each_scoreboard_follows_the_other_phones_saves(app, keeper, table, monkeypatch):
    """The owner's and the scorer's scoreboards: 304 while nothing changed, in one query before Flask (no page
    drawn); after the scorer saves a hand, the owner's copy comes whole again, and the scorer's after the owner's."""
    match_id, bea = table
    url = f"/matches/{match_id}"
    first = {person: asked(person, url) for person in (keeper, bea)}
    etags = {person: etag_in(answer) for person, answer in first.items()}
    assert {hands_shown(answer) for answer in first.values()} == {1}
    assert etags[keeper] != etags[bea]  # each phone its own
    drawn = []
    monkeypatch.setattr("referee.views.matches.render_template", lambda *a, **k: drawn.append(a) or "")
    for person in (keeper, bea):
        with counted_queries(app) as statements:
            again = asked(person, url, etags[person])
        assert again.status_code == 304 and again.get_data() == b""
        assert again.headers["ETag"] == etags[person] and "Content-Security-Policy" in again.headers
        assert len(statements) == 1, statements
    assert drawn == []
    monkeypatch.undo()
    bea.save_hand(match_id, mirror=True)
    bea.page(url)  # the save's message
    for person in (keeper, bea):
        fresh = asked(person, url, etags[person])
        assert fresh.status_code == 200 and hands_shown(fresh) == 2
        assert asked(person, url, etag_in(fresh)).status_code == 304


def test_a_poll_leaves_the_login_to_the_app_when_its_use_is_due_to_be_noted(app, keeper, table):
    """The fast path writes nothing: a login last used longer ago than the touch interval is answered by the app,
    which notes the use (and still answers 304)."""
    match_id, _bea = table
    url = f"/matches/{match_id}"
    etag = etag_in(asked(keeper, url))
    long_ago = now() - app.config["LOGIN_TOKEN_TOUCH_INTERVAL"] - timedelta(minutes=1)
    with app.app_context():
        db.session.execute(update(LoginToken).values(last_used_at=long_ago))
        db.session.commit()
    with counted_queries(app) as statements:
        assert asked(keeper, url, etag).status_code == 304
    assert len(statements) > 1
    assert any(s.startswith("UPDATE login_token") for s in statements)
    with counted_queries(app) as statements:
        assert asked(keeper, url, etag).status_code == 304
    assert len(statements) == 1


def test_a_removed_scorer_or_a_stale_copy_never_gets_a_304(app, keeper, table):
    """The fast path answers only what the app would: a phone whose scorer was removed is left to the app."""
    from referee.services.sharing import remove_scorer

    match_id, bea = table
    url = f"/matches/{match_id}"
    etag = etag_in(asked(bea, url))
    with app.app_context():
        bea_id = db.session.scalar(select(User.id).where(User.username == "bea"))
        remove_scorer(db.session.get(Match, match_id), bea_id)
        db.session.commit()
    assert asked(bea, url, etag).status_code != 304
    assert asked(keeper, url, '"stale"').status_code == 200


def test_a_poll_leaves_a_waiting_message_for_the_next_page_and_a_navigation_shows_it(app, keeper, table):
    """A message waits for this phone (an API token revoked, which changes no match): the script's poll still gets
    its 304 before Flask, in one query, and leaves the message; revalidating the page itself (a reload, the page a
    redirect leads to, no X-Live-Poll) is the app's, which shows the message once."""
    match_id, _bea = table
    url = f"/matches/{match_id}"
    etag = etag_in(asked(keeper, url))
    made = keeper.client.post("/api/v1/tokens", auth=("ana", PASSWORD), json={"name": "a script"})
    revoke = f"/account/tokens/{made.get_json()['id']}/revoke"
    assert keeper.client.post(revoke, data={"csrf_token": keeper.token()}).status_code == 302
    with counted_queries(app) as statements:
        assert asked(keeper, url, etag).status_code == 304
    assert len(statements) == 1
    shown = keeper.client.get(url, headers={"If-None-Match": etag})
    assert shown.status_code == 200 and "That token is revoked." in shown.get_data(as_text=True)
    assert keeper.client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_the_entry_page_watches_the_scoreboard_for_its_hand(keeper, table):
    """The new hand's page carries a hidden notice that asks the scoreboard (its address, the hand it waits for),
    whose button checks what was typed as that hand's correction; and that correction is what it says."""
    match_id, bea = table
    page = keeper.page(keeper.hand_url(match_id, "cards"))
    notice = re.search(r'<div class="saved-elsewhere problems" id="saved-elsewhere" role="alert" hidden data-live '
                       r'data-live-src="/matches/(\d+)" data-live-from="live-board" data-live-hand="(\d+)">(.*?)</div>',
                       page, re.S)
    assert notice and notice[1] == str(match_id) and notice[2] == "2"
    assert "Hand 2 was saved on another phone." in notice[3]
    assert f'formaction="/matches/{match_id}/hands/2/edit?mode=cards"' in notice[3]
    typed = keeper.form(keeper.hand_url(match_id, "cards")) | keeper.hand_fields("cards", mirror=True)
    bea.save_hand(match_id)  # hand 2, from the other phone, while Ana types hers
    answer = keeper.client.post(f"/matches/{match_id}/hands/2/edit?mode=cards", data=typed | {"action": "review"})
    assert answer.status_code == 200
    text = keeper.text(answer.get_data(as_text=True))
    assert "Correct hand 2" in text and "Save the correction" in text
    assert "saved-elsewhere" not in answer.get_data(as_text=True)  # a correction waits for no hand


def test_a_tournament_and_its_club_follow_a_tables_match(app, scorekeeper, monkeypatch):
    """The organiser's tournament page, the round sheet and the club page: 304 while nothing changed (no page
    drawn), a whole page once a table's match changed from a member's phone."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea)
    tournament_id = factories.tournament(ana, club_id, [ana, bea], format="round_robin", rounds=None)
    started = factories.start_next_round(ana, tournament_id)
    match_id = next(table.match_id for table in started.round.tables if table.match_id is not None)
    urls = [f"/tournaments/{tournament_id}", f"/tournaments/{tournament_id}/rounds/1/sheet", f"/clubs/{club_id}"]
    etags = {url: etag_in(asked(ana, url)) for url in urls}
    drawn = []
    for module in ("tournaments", "tournament_board", "clubs"):
        monkeypatch.setattr(f"referee.views.{module}.render_template", lambda *a, **k: drawn.append(a) or "")
    for url in urls:
        with counted_queries(app) as statements:
            assert asked(ana, url, etags[url]).status_code == 304
        assert len(statements) <= 5, (url, statements)  # the login, the role, the version (two at most)
    assert drawn == []
    monkeypatch.undo()
    factories.play_table(bea, match_id)
    for url in urls:
        fresh = asked(ana, url, etags[url])
        assert fresh.status_code == 200, url
        assert asked(ana, url, etag_in(fresh)).status_code == 304
    assert "Table 1" in ana.text(asked(ana, urls[0]).get_data(as_text=True))


def test_a_member_joining_or_a_result_by_hand_changes_the_club_and_tournament_pages(app, scorekeeper):
    """What else the pages show changes their ETags too: a new member (the club's), a result by hand (both)."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea)
    tournament_id = factories.tournament(ana, club_id, ["Dan", "Eve"], format="round_robin", rounds=None)
    started = factories.start_next_round(ana, tournament_id)
    club, event = f"/clubs/{club_id}", f"/tournaments/{tournament_id}"
    etags = {url: etag_in(asked(ana, url)) for url in (club, event)}
    factories.member(ana, club_id, cid)
    assert asked(ana, club, etags[club]).status_code == 200
    assert asked(ana, event, etags[event]).status_code == 304
    etags[club] = etag_in(asked(ana, club))
    factories.record_by_hand(ana, next(t.id for t in started.round.tables if not t.is_bye), 21, 10)
    assert asked(ana, club, etags[club]).status_code == 200
    assert asked(ana, event, etags[event]).status_code == 200
