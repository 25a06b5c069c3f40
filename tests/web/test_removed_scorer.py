"""Removing a scorer is final unless the owner says otherwise (services/sharing.py: remove_scorer): the remove page
stops the join code too, by default; the removed phone's next page, save or API call is told in words that it no
longer scores the match (Withdrawn, ScorerRefusal.REMOVED), and a new code lets it score again."""

from __future__ import annotations

from sqlalchemy import select
from test_sharing import invite, shown_code

from referee.models import JoinCode, Scorer

REMOVED_WORDS = "The match's owner removed this phone from its scorers"


def joined(owner, phone, match_id: int, name: str = "") -> tuple[str, int]:
    """The phone joins the owner's match with a new code; the code and the phone's account."""
    code = invite(owner, match_id)
    assert phone.submit("/join", {"code": code, "name": name}, action="/join").status_code == 302
    return code, phone.query(select(Scorer.user_id).order_by(Scorer.id.desc()))[0][0]


def test_the_remove_page_names_the_phone_and_stops_the_code_by_default(scorekeeper):
    """The page asks about "Bea" with the stop-the-code box ticked; removing stops the code, so Bea's phone
    cannot join again with it; Score together offers a new code in one tap."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    code, bea_id = joined(ana, bea, match_id, "Bea")
    remove = f"/matches/{match_id}/scorers/{bea_id}/remove"
    html = ana.page(remove)
    assert "Remove Bea?" in ana.text(html) and ana.form(remove)["stop_code"] == "y"
    assert ana.submit(remove).status_code == 302
    together = ana.page(f"/matches/{match_id}/together")
    assert "the join code no longer works" in ana.text(together) and "Make a join code" in together
    assert ana.query(select(JoinCode.revoked_at.is_not(None))) == [(True,)]
    again = bea.submit("/join", {"code": code}, action="/join")
    assert again.status_code == 422 and bea.errors(again.get_data(as_text=True)) == [
        "This code was withdrawn: ask for the new one."]


def test_the_owner_may_keep_the_code_working_and_the_removed_phone_then_joins_again(scorekeeper):
    """Unticked, the code works on: the removed phone joins again with it and scores again, its name kept."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    page = f"/matches/{match_id}/together"
    code, bea_id = joined(ana, bea, match_id, "Bea")
    fields = ana.form(f"/matches/{match_id}/scorers/{bea_id}/remove")
    del fields["stop_code"]  # the box unticked: a browser sends nothing for it
    assert ana.client.post(f"/matches/{match_id}/scorers/{bea_id}/remove", data=fields).status_code == 302
    assert shown_code(ana.page(page)) == code
    assert bea.submit("/join", {"code": code, "name": ""}, action="/join").status_code == 302
    assert "This phone: Bea." in bea.board(match_id)


def test_the_removed_phone_s_next_page_save_and_presence_are_told_in_words(scorekeeper):
    """Not a bare 404: the scoreboard and a save answer 403 with the refusal's words and the way back (a new
    code); who-is-entering answers the same words in JSON."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    _code, bea_id = joined(ana, bea, match_id)
    entry = bea.form(bea.hand_url(match_id))
    assert ana.submit(f"/matches/{match_id}/scorers/{bea_id}/remove").status_code == 302
    board = bea.page(f"/matches/{match_id}", 403)
    assert REMOVED_WORDS in bea.text(board) and 'href="/join"' in board
    saved = bea.client.post(bea.hand_url(match_id), data=entry | bea.hand_fields() | {"action": "save"})
    assert saved.status_code == 403 and REMOVED_WORDS in bea.text(saved.get_data(as_text=True))
    asked = bea.client.get(f"/matches/{match_id}/entering")
    assert asked.status_code == 403 and REMOVED_WORDS in asked.get_json()["errors"][0]["message"]
    assert bea.saved_hands(match_id) == []
