"""Claiming a seat through the pages: after the join code, on Score together (the owner's Confirm and Refuse),
given up; CSRF, refusals in words, a stranger's 404."""

from __future__ import annotations

from sqlalchemy import select
from test_sharing import invite

from referee.extensions import db
from referee.models import Match, SeatClaim
from referee.services.accounts import find_account
from referee.services.roles import role_of
from referee.services.sharing import revoke_join_codes


def claims(app):
    """(seat name, account, confirmed) of every claim."""
    with app.app_context():
        return [(c.seat.name, c.user.username, c.confirmed_at is not None)
                for c in db.session.scalars(select(SeatClaim).order_by(SeatClaim.id))]


def test_after_a_good_code_the_scorer_picks_its_seat_confirmed_at_once(app, scorekeeper):
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    code = invite(ana, match_id)
    joined = bea.submit("/join", {"code": code}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    assert joined.headers["Location"] == seat_page
    html = bea.page(seat_page)
    assert "I am Ana" in bea.text(html) and "I am Bea" in bea.text(html)
    picked = bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    assert picked.status_code == 302 and picked.headers["Location"] == f"/matches/{match_id}"
    assert "You are Bea in this match" in bea.text(bea.page(f"/matches/{match_id}"))
    assert claims(app) == [("Bea", "bea", True)]
    assert "bea is Bea" in ana.text(ana.page(f"/matches/{match_id}/together"))


def claimed_after_the_code_stopped(app, scorekeeper):
    """Bea joined Ana's match with a code that Ana then stopped, and claims seat 1: pending (no live code vouches
    for her). Ana, Bea, the match's id and its seat page."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    with app.app_context():
        revoke_join_codes(db.session.get_one(Match, match_id))
    seat_page = f"/matches/{match_id}/seat"
    bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    assert claims(app) == [("Bea", "bea", False)]
    return ana, bea, match_id, seat_page


def test_without_a_live_code_the_owner_confirms_or_refuses_on_score_together(app, scorekeeper):
    ana, bea, match_id, seat_page = claimed_after_the_code_stopped(app, scorekeeper)
    assert "the match's owner confirms it" in bea.text(bea.page(seat_page))
    together = f"/matches/{match_id}/together"
    with app.app_context():
        claim_id = db.session.scalar(select(SeatClaim.id))
    confirm = f"/matches/{match_id}/claims/{claim_id}/confirm"
    assert ana.submit(together, action=confirm).status_code == 302
    assert claims(app) == [("Bea", "bea", True)]
    refuse = f"/matches/{match_id}/claims/{claim_id}/refuse"
    assert ana.submit(together, action=refuse).status_code == 302
    assert claims(app) == []


def test_the_claimant_gives_its_seat_up(app, scorekeeper):
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    bea.submit(seat_page, {"seat": "0"}, action=seat_page)
    give_up = f"/matches/{match_id}/seat/give-up"
    assert bea.submit(seat_page, action=give_up).status_code == 302
    assert claims(app) == []


def test_a_seat_claimed_meanwhile_is_refused_in_words_keeping_the_page(app, scorekeeper):
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    match_id = ana.start()
    code = invite(ana, match_id)
    bea.submit("/join", {"code": code}, action="/join")
    cid.submit("/join", {"code": code}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    fields = cid.form(seat_page, seat_page)  # Cid's page open while Bea claims the seat
    bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    refused = cid.client.post(seat_page, data=fields | {"seat": "1"})
    assert refused.status_code == 422
    assert "Someone else has claimed this seat." in cid.errors(refused.get_data(as_text=True))
    assert claims(app) == [("Bea", "bea", True)]


def test_no_seat_picked_is_refused_in_words(scorekeeper):
    ana = scorekeeper("ana")
    match_id = ana.start()
    seat_page = f"/matches/{match_id}/seat"
    refused = ana.client.post(seat_page, data={"csrf_token": ana.token()})
    assert refused.status_code == 422 and "Pick the seat you play in." in ana.errors(refused.get_data(as_text=True))


def test_a_post_without_the_csrf_token_is_refused(app, scorekeeper):
    ana = scorekeeper("ana")
    match_id = ana.start()
    assert ana.client.post(f"/matches/{match_id}/seat", data={"seat": "0"}).status_code == 400
    assert claims(app) == []


def test_a_stranger_gets_404(scorekeeper):
    ana, dan = scorekeeper("ana"), scorekeeper("dan")
    match_id = ana.start()
    dan.page(f"/matches/{match_id}/seat", status=404)
    assert dan.client.post(f"/matches/{match_id}/seat", data={"csrf_token": dan.token(), "seat": "0"}).status_code \
        == 404


def test_a_claimant_that_scores_no_more_gives_its_seat_up_on_my_record(app, scorekeeper):
    """Bea claims her seat, stops scoring: the match's pages are closed to her, My record is not; another
    account's claim cannot be given up there (404)."""
    ana, bea, dan = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("dan")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    leave = f"/matches/{match_id}/leave"
    assert bea.client.post(leave, data={"csrf_token": bea.token()}).status_code == 302
    bea.page(seat_page, status=404)
    with app.app_context():
        claim_id = db.session.scalar(select(SeatClaim.id))
    give_up = f"/me/seats/{claim_id}/give-up"
    assert dan.client.post(give_up, data={"csrf_token": dan.token()}).status_code == 404
    assert claims(app) == [("Bea", "bea", True)]
    assert bea.submit("/me", action=give_up).status_code == 302
    assert claims(app) == []


def test_the_refusals_speak_the_reader_s_language(app, scorekeeper):
    """A seat claimed meanwhile, in Spanish and in Portuguese; the seat page's words too."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    match_id = ana.start()
    code = invite(ana, match_id)
    bea.submit("/join", {"code": code}, action="/join")
    cid.submit("/join", {"code": code}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    fields = cid.form(seat_page, seat_page)
    bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    for language, words, heading in (("es", "Otra persona ya reclamó este asiento.", "¿Cuál es tu asiento?"),
                                     ("pt-BR", "Outra pessoa já reivindicou este lugar.", "Qual é o seu lugar?")):
        refused = cid.client.post(seat_page, data=fields | {"seat": "1"}, headers={"Accept-Language": language})
        html = refused.get_data(as_text=True)
        assert refused.status_code == 422 and words in cid.errors(html) and heading in cid.text(html)


def test_a_claimant_who_stopped_scoring_joins_again_with_a_new_code_and_the_match_opens(app, scorekeeper):
    """Bea holds her seat (confirmed) and stops scoring: the match is closed to her; with a new code she scores it
    again, her seat kept: the join leads to her seat, the scoreboard opens, and My record links the match."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    seat_page = f"/matches/{match_id}/seat"
    bea.submit(seat_page, {"seat": "1"}, action=seat_page)
    assert bea.client.post(f"/matches/{match_id}/leave", data={"csrf_token": bea.token()}).status_code == 302
    bea.page(f"/matches/{match_id}", status=404)
    assert f'href="/matches/{match_id}"' not in bea.page("/me")
    together = f"/matches/{match_id}/together"
    assert ana.submit(together, action=f"{together}/revoke").status_code == 302  # the first code stops
    joined = bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    assert joined.status_code == 302 and joined.headers["Location"] == seat_page
    assert "ana's match: you score it with them." in bea.text(bea.page(f"/matches/{match_id}"))
    assert f'href="/matches/{match_id}"' in bea.page("/me")
    assert claims(app) == [("Bea", "bea", True)]


def test_a_pending_claim_left_and_joined_again_with_a_new_code_opens_the_match(app, scorekeeper):
    """Bea claims her seat after the code stopped working (pending: no role of its own), stops scoring, and joins
    again with a new code: the match opens, her claim still waiting for Ana."""
    ana, bea, match_id, _seat_page = claimed_after_the_code_stopped(app, scorekeeper)
    assert bea.client.post(f"/matches/{match_id}/leave", data={"csrf_token": bea.token()}).status_code == 302
    bea.page(f"/matches/{match_id}", status=404)
    with app.app_context():  # a pending claim is no role: not a claimant's
        assert role_of(find_account("bea"), db.session.get_one(Match, match_id)) is None
    bea.submit("/join", {"code": invite(ana, match_id)}, action="/join")
    bea.page(f"/matches/{match_id}")
    assert claims(app) == [("Bea", "bea", False)]
