"""Undo asks first; the trail keeps whole entries, restores a hand taken back, reverts a correction."""

from __future__ import annotations

import re

import factories
import pytest
from sqlalchemy import select, update

from referee.extensions import db
from referee.models import MatchEvent


@pytest.fixture
def match_id(keeper):
    """A two-player Escova match to 15, Ana against Bea, Ana dealing first."""
    return factories.start(keeper, ("Ana", "Bea"))


def events(keeper, match_id, kind):
    """The match's events of one kind as (id, before, after), oldest first."""
    rows = keeper.query(select(MatchEvent.id, MatchEvent.before, MatchEvent.after)
                        .where(MatchEvent.match_id == match_id, MatchEvent.kind == kind).order_by(MatchEvent.id))
    return [tuple(row) for row in rows]


def undo(keeper, match_id):
    """Take back the last hand through its confirmation page."""
    response = keeper.submit(f"/matches/{match_id}/undo")
    assert response.status_code == 302
    return response


def trail_url(match_id, event_id, action):
    """The address a trail button posts to."""
    return f"/matches/{match_id}/trail/{event_id}/{action}"


def press(keeper, match_id, event_id, action):
    """Press a trail button on the scoreboard as it is now (a revert: its confirmation's button)."""
    url = trail_url(match_id, event_id, action)
    page = url if action == "revert" else f"/matches/{match_id}"  # a revert asks first, on a page of its own
    return keeper.client.post(url, data=keeper.form(page, action=url))


# -- undo asks first ----------------------------------------------------------------

def test_undo_on_the_scoreboard_is_a_link_to_a_confirmation_not_a_button_that_deletes(keeper, match_id):
    """The scoreboard's Undo opens a page; opening it takes nothing back."""
    factories.save_hand(keeper, match_id)
    board = keeper.page(f"/matches/{match_id}")
    assert f'href="/matches/{match_id}/undo"' in board
    assert f'action="/matches/{match_id}/undo"' not in board
    keeper.page(f"/matches/{match_id}/undo")
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1]


def test_the_confirmation_shows_the_hand_its_dealer_and_points_and_a_way_to_keep_it(keeper, match_id):
    """Hand 2, dealt by Bea, Ana 0 and Bea 4: "Take back hand 2" posts; "Keep it" goes back to the scoreboard."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    html = keeper.page(f"/matches/{match_id}/undo")
    page = keeper.text(html)
    assert "Take back hand 2?" in page
    assert "Hand 2 Dealer Bea Ana +0 Bea +4" in page
    assert re.search(r"<button[^>]*>Take back hand 2</button>", html)
    assert re.search(rf'<a class="button big" href="/matches/{match_id}">Keep it</a>', html)
    fields = keeper.fields(html, action=f"/matches/{match_id}/undo")
    assert fields["number"] == "2" and fields["csrf_token"]


def test_the_confirmation_of_a_match_without_hands_goes_back_to_the_scoreboard(keeper, match_id):
    """Nothing to take back: no page asking about nothing."""
    response = keeper.client.get(f"/matches/{match_id}/undo")
    assert response.status_code == 302 and response.headers["Location"] == f"/matches/{match_id}"


def test_a_confirmation_of_a_hand_no_longer_last_takes_nothing_back(keeper, match_id):
    """The confirmation named hand 1; another phone saved hand 2 meanwhile: neither hand goes."""
    factories.save_hand(keeper, match_id)
    fields = keeper.form(f"/matches/{match_id}/undo")
    factories.save_hand(keeper, match_id, mirror=True)
    version = keeper.fields(keeper.page(f"/matches/{match_id}/undo"))["version"]
    keeper.client.post(f"/matches/{match_id}/undo", data=fields | {"version": version})  # hand 1 still named
    assert [number for number, *_ in keeper.saved_hands(match_id)] == [1, 2]
    assert "The match changed on another phone meanwhile" in keeper.board(match_id)


@pytest.mark.parametrize("number", ["x", "9" * 50, "-1"])
def test_an_undo_with_a_tampered_hand_number_takes_nothing_back(keeper, match_id, number):
    """400, the hand kept."""
    factories.save_hand(keeper, match_id)
    fields = keeper.form(f"/matches/{match_id}/undo")
    assert keeper.client.post(f"/matches/{match_id}/undo", data=fields | {"number": number}).status_code == 400
    assert [n for n, *_ in keeper.saved_hands(match_id)] == [1]


@pytest.mark.parametrize("number", ["", " ", "\t"])
def test_an_undo_with_a_blank_hand_number_takes_back_the_last_hand_as_an_older_page_did(keeper, match_id, number):
    """A form without the number (as the scoreboard's old button posted it) undoes the last hand, never a 500."""
    factories.save_hand(keeper, match_id)
    fields = keeper.form(f"/matches/{match_id}/undo")
    assert keeper.client.post(f"/matches/{match_id}/undo", data=fields | {"number": number}).status_code == 302
    assert keeper.saved_hands(match_id) == []


# -- the whole entry before and after --------------------------------------------------

def test_the_trail_keeps_each_hands_whole_entry_when_saved_corrected_and_taken_back(keeper, match_id):
    """Mode, dealer, entry, points and verdict, before and after."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    undo(keeper, match_id)
    [(_, _, saved)] = events(keeper, match_id, "hand_recorded")
    [(_, before, after)] = events(keeper, match_id, "hand_edited")
    [(_, taken, _)] = events(keeper, match_id, "hand_undone")
    whole = {"mode", "dealer", "entry", "points", "valid"}
    assert whole <= saved.keys() and whole <= before.keys() and whole <= after.keys() and whole <= taken.keys()
    assert saved["entry"]["sides"][0]["escobas"] == 1 and saved["points"] == [4, 0] and saved["valid"] is True
    assert before["entry"] == saved["entry"]
    assert after["entry"]["sides"][0]["escobas"] == 0 and after["points"] == [3, 0]
    assert taken["entry"] == after["entry"] and taken["dealer"] == 0 and taken["mode"] == "cards"


def test_trail_times_are_utc_in_time_elements_for_the_phone_to_show_in_its_own_zone(keeper, match_id):
    """<time datetime="…Z" data-local> with UTC text (what a page without JavaScript keeps), and the script."""
    html = keeper.page(f"/matches/{match_id}")
    times = re.findall(r'<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)" data-local>(\d{4}-\d\d-\d\d \d\d:\d\d) UTC'
                       r"</time>", html)
    assert times and all(iso[:10] == text[:10] and iso[11:16] == text[11:16] for iso, text in times)
    assert "/static/js/localtime.js" in html


# -- restore ---------------------------------------------------------------------------

def test_a_hand_taken_back_is_restored_in_one_tap_as_it_was(keeper, match_id):
    """Undo hand 2, then its Restore button: the same points, dealer and entry, a trail line of its own."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True, escobas=(0, 2))
    saved = keeper.saved_hands(match_id)
    undo(keeper, match_id)
    [(event_id, taken, _)] = events(keeper, match_id, "hand_undone")
    board = keeper.page(f"/matches/{match_id}")
    assert re.search(r"<button[^>]*>Restore hand 2</button>", board)
    response = press(keeper, match_id, event_id, "restore")
    assert response.status_code == 302
    assert keeper.saved_hands(match_id) == saved
    page = keeper.board(match_id)
    assert "Hand 2 restored." in page
    assert "Hand 2 restored: Ana 2, Bea 3." in page
    assert "Restore hand 2" not in page
    assert "Enter it as hand" not in page  # it is back: entering it again would count it twice
    [(_, _, restored)] = events(keeper, match_id, "hand_restored")
    assert restored["entry"] == taken["entry"] and restored["restores"] == event_id


def test_a_resend_of_the_original_after_a_restore_finds_the_restored_hand(keeper, match_id):
    """The outbox's late copy of hand 1 (same client_token, same entry): no second hand, no conflict."""
    url = keeper.hand_url(match_id)
    form = keeper.form(url) | keeper.hand_fields() | {"action": "save"}
    keeper.client.post(url, data=form)
    undo(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_undone")
    press(keeper, match_id, event_id, "restore")
    response = keeper.client.post(url, data=form)
    assert response.status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


def restored_after_another(keeper, match_id):
    """The last hand taken back, another hand saved in its place, then the restore pressed on the scoreboard as it
    was before that save: the answer."""
    undo(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_undone")
    url = trail_url(match_id, event_id, "restore")
    stale = keeper.form(f"/matches/{match_id}", action=url)
    factories.save_hand(keeper, match_id, mirror=True)
    return keeper.client.post(url, data=stale)


def test_a_restore_after_another_hand_was_saved_is_refused_and_offers_the_entry_as_the_next_hand(keeper, match_id):
    """Hand 2 taken back, another hand 2 saved: 409, why, and a link that opens the entry page with its cards."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, escobas=(0, 3))
    response = restored_after_another(keeper, match_id)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    page = keeper.text(html)
    assert "This hand cannot be restored" in page
    assert "another hand was saved or restored since it was taken back, so the next hand is now hand 3" in page
    assert [n for n, *_ in keeper.saved_hands(match_id)] == [1, 2]
    [again] = re.findall(r'href="([^"]*again=[^"]*)"[^>]*>Enter it as hand 3<', html)
    entry = keeper.page(again.replace("&amp;", "&"))
    assert "The cards and counts of hand 2, taken back earlier, are filled in" in keeper.text(entry)
    fields = keeper.fields(entry)
    assert keeper.places(fields) == keeper.places(keeper.hand_fields())
    assert fields["escobas-1"] == "3" and fields["number"] == "3" and fields["dealer"] == "0"
    assert keeper.client.post(keeper.hand_url(match_id), data=fields | {"action": "save"}).status_code == 302
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[4, 0], [0, 4], [3, 3]]


def test_a_restore_once_the_match_is_over_is_refused_as_any_hand_after_the_winner(keeper):
    """Hand 1 taken back, another hand 1 wins the match: 409, the words of a hand after the winner, and no offer to
    enter it as the next hand."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    response = restored_after_another(keeper, match_id)
    assert response.status_code == 409
    page = keeper.text(response.get_data(as_text=True))
    assert "This hand cannot be restored" in page
    assert "This match is over: correct a hand, or start a rematch." in page
    assert "Enter it as hand" not in page
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[0, 4]]


def test_the_scoreboard_offers_a_hand_that_cannot_come_back_as_the_next_hand_instead(keeper, match_id):
    """No Restore button once another hand was saved: "Enter it as hand 3"."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id)
    undo(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    page = keeper.board(match_id)
    assert "Restore hand" not in page
    assert "Enter it as hand 3" in page


def test_a_restore_from_a_page_older_than_the_match_gets_the_usual_conflict(keeper, match_id):
    """Still the next hand, but the page's version is old (a correction meanwhile): nothing restored, told why."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id)
    undo(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_undone")
    url = trail_url(match_id, event_id, "restore")
    stale = keeper.form(f"/matches/{match_id}", action=url)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    response = keeper.client.post(url, data=stale)
    assert response.status_code == 302
    assert [n for n, *_ in keeper.saved_hands(match_id)] == [1]
    assert "The match changed on another phone meanwhile" in keeper.board(match_id)


@pytest.mark.parametrize("action", ["restore", "revert"])
def test_a_trail_button_for_an_event_of_another_kind_or_match_is_not_found(keeper, match_id, action):
    """The event must be one of this match's, of the kind the button acts on."""
    factories.save_hand(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_recorded")
    token = keeper.token()
    data = {"csrf_token": token, "version": "1"}
    assert keeper.client.post(trail_url(match_id, event_id, action), data=data).status_code == 404
    assert keeper.client.post(trail_url(match_id, 999_999, action), data=data).status_code == 404


@pytest.mark.parametrize("action", ["restore", "revert"])
def test_a_trail_button_without_its_version_is_refused(keeper, match_id, action):
    """400: the hidden version is what makes a stale page a conflict."""
    factories.save_hand(keeper, match_id)
    token = keeper.token()
    assert keeper.client.post(trail_url(match_id, 1, action), data={"csrf_token": token}).status_code == 400


# -- revert ----------------------------------------------------------------------------

def test_a_correction_is_reverted_to_the_entry_it_replaced(keeper, match_id):
    """Ana's escoba taken away, then the correction reverted: 4 again, and its own trail line."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, before, _)] = events(keeper, match_id, "hand_edited")
    assert "Revert this correction" in keeper.board(match_id)
    assert press(keeper, match_id, event_id, "revert").status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]
    page = keeper.board(match_id)
    assert "Hand 1 is back to its entry from before the correction." in page
    assert "Hand 1: correction reverted, Ana 3, Bea 0 → Ana 4, Bea 0." in page
    [(_, was, now)] = events(keeper, match_id, "hand_reverted")
    assert now["entry"] == before["entry"] and now["reverts"] == event_id
    assert was["entry"]["sides"][0]["escobas"] == 0


def test_a_revert_can_itself_be_reverted_and_a_reverted_correction_offers_nothing(keeper, match_id):
    """After the revert the correction has nothing to revert; the revert has (back to the correction)."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(edited, *_)] = events(keeper, match_id, "hand_edited")
    press(keeper, match_id, edited, "revert")
    board = keeper.page(f"/matches/{match_id}")
    assert trail_url(match_id, edited, "revert") not in board
    [(reverted, *_)] = events(keeper, match_id, "hand_reverted")
    assert press(keeper, match_id, reverted, "revert").status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [3, 0], True, "cards", 0)]


def test_a_correction_of_a_hand_since_replaced_by_another_cannot_be_reverted(keeper, match_id):
    """Hand 1 corrected, taken back, a different hand 1 saved: reverting would bring in the old one's cards."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    url = trail_url(match_id, event_id, "revert")
    stale = keeper.form(url, action=url)
    undo(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    assert url not in keeper.page(f"/matches/{match_id}")
    response = keeper.client.post(url, data=stale)
    assert response.status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [0, 4], True, "cards", 0)]
    assert "Hand 1 is no longer the hand that correction changed" in keeper.board(match_id)


def test_a_correction_survives_its_hand_being_taken_back_and_restored(keeper, match_id):
    """Taken back and restored is the same hand: its correction can still be reverted."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(edited, *_)] = events(keeper, match_id, "hand_edited")
    undo(keeper, match_id)
    [(undone, *_)] = events(keeper, match_id, "hand_undone")
    press(keeper, match_id, undone, "restore")
    assert press(keeper, match_id, edited, "revert").status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [4, 0], True, "cards", 0)]


def test_a_revert_from_a_page_older_than_the_match_gets_the_usual_conflict(keeper, match_id):
    """Another phone saved hand 2 meanwhile: nothing reverted, told why."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    url = trail_url(match_id, event_id, "revert")
    stale = keeper.form(url, action=url)
    factories.save_hand(keeper, match_id)
    keeper.client.post(url, data=stale)
    assert [points for _, points, *_ in keeper.saved_hands(match_id)] == [[3, 0], [4, 0]]
    assert "The match changed on another phone meanwhile" in keeper.board(match_id)


# -- events from before the trail kept entries ---------------------------------------------

def test_old_events_without_entries_show_as_before_and_offer_nothing(keeper, match_id):
    """Saved, corrected and undone events that kept only points (as older versions wrote them): no 500, the
    same lines, no Restore or Revert button."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    undo(keeper, match_id)
    with keeper.app.app_context():
        for event in db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == match_id)):
            if event.kind.startswith("hand_"):
                db.session.execute(update(MatchEvent).where(MatchEvent.id == event.id).values(
                    before=event.before and {"points": event.before["points"], "valid": event.before["valid"]},
                    after=event.after and {"points": event.after["points"], "valid": event.after["valid"]}))
        db.session.commit()
    page = keeper.board(match_id)
    assert "Hand 1 saved: Ana 4, Bea 0." in page
    assert "Hand 1 corrected: Ana 4, Bea 0 → Ana 3, Bea 0." in page
    assert "Hand 1 taken back (it was Ana 3, Bea 0)." in page
    assert "Restore hand" not in page and "Revert this correction" not in page and "Enter it as" not in page
    [(event_id, *_)] = events(keeper, match_id, "hand_undone")
    token = keeper.token()
    response = keeper.client.post(trail_url(match_id, event_id, "restore"), data={"csrf_token": token, "version": "9"})
    assert response.status_code == 404
    assert keeper.client.get(keeper.hand_url(match_id) + f"&again={event_id}").status_code == 404


# -- a revert asks first, and says what it does ----------------------------------------------

def board_html(keeper, match_id):
    """The scoreboard's HTML."""
    return keeper.page(f"/matches/{match_id}")


def test_revert_on_the_scoreboard_is_a_link_to_a_confirmation_and_opening_it_changes_nothing(keeper, match_id):
    """The trail's "Revert this correction" opens a page; no form on the scoreboard reverts in one tap."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    url = trail_url(match_id, event_id, "revert")
    html = board_html(keeper, match_id)
    assert re.search(rf'<a class="button small" href="{url}">Revert this correction</a>', html)
    assert f'action="{url}"' not in html
    keeper.page(url)
    assert keeper.saved_hands(match_id) == [(1, [3, 0], True, "cards", 0)]
    assert events(keeper, match_id, "hand_reverted") == []


def test_the_revert_confirmation_shows_the_hand_its_points_and_the_totals_before_and_after(keeper, match_id):
    """Hand 1 corrected from Ana 4 to Ana 3: the page says so, with the totals now and after, a button that posts
    the match's version, and a way to keep the hand as it is."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    url = trail_url(match_id, event_id, "revert")
    html = keeper.page(url)
    page = keeper.text(html)
    assert "Revert the correction of hand 1?" in page
    assert "Hand 1 goes back to its entry from before the correction." in page
    assert "Side Points in hand 1 Total Ana +3 → +4 3 → 4 Bea +0 → +0 4 → 4" in page
    assert "winner" not in page.lower()  # nobody has won, before or after
    fields = keeper.fields(html, action=url)
    assert fields["version"] and fields["csrf_token"]
    assert re.search(r"<button[^>]*>Revert the correction</button>", html)
    assert re.search(rf'<a class="button big" href="/matches/{match_id}">Keep hand 1 as it is</a>', html)


def test_the_revert_confirmation_says_when_the_winner_changes(keeper):
    """To 4: hand 1 made Ana the winner; corrected, the match reopened; reverting the correction makes her
    the winner again, and the page says so before anything changes."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    page = keeper.text(keeper.page(trail_url(match_id, event_id, "revert")))
    assert "This changes the winner: after the revert Ana wins the match." in page
    assert press(keeper, match_id, event_id, "revert").status_code == 302
    assert "Winner: Ana!" in keeper.board(match_id)


def test_the_revert_confirmation_says_when_the_winner_is_lost(keeper):
    """To 4: a correction gave Ana her fourth point and the match; reverting it takes the win away."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id, escobas=(0, 0))
    factories.save_hand(keeper, match_id, number=1, escobas=(1, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    page = keeper.text(keeper.page(trail_url(match_id, event_id, "revert")))
    assert "This changes the winner: Ana has won the match; after the revert nobody has, and the match goes on." in page


def test_the_revert_confirmation_says_when_the_winner_stays(keeper):
    """A correction of an earlier hand that leaves Ana the winner either way."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="8")
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(2, 0))
    [(event_id, *_)] = events(keeper, match_id, "hand_edited")
    page = keeper.text(keeper.page(trail_url(match_id, event_id, "revert")))
    assert "Ana still wins the match." in page and "This changes the winner" not in page


def test_a_revert_is_offered_back_as_putting_the_correction_back_and_the_trail_says_what_happened(keeper, match_id):
    """Revert, then revert the revert: the second is "Put the correction back", asked first like the first, and
    the trail reads "correction put back", never "correction reverted" for what re-applied it."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(edited, *_)] = events(keeper, match_id, "hand_edited")
    press(keeper, match_id, edited, "revert")
    [(reverted, *_)] = events(keeper, match_id, "hand_reverted")
    url = trail_url(match_id, reverted, "revert")
    html = board_html(keeper, match_id)
    assert re.search(rf'<a class="button small" href="{url}">Put the correction back</a>', html)
    assert "Revert this correction" not in keeper.text(html)  # the reverted correction offers nothing now
    page = keeper.text(keeper.page(url))
    assert "Put back the correction of hand 1?" in page
    assert "Hand 1 gets the correction back." in page
    assert "Side Points in hand 1 Total Ana +4 → +3 4 → 3 Bea +0 → +0 0 → 0" in page
    assert press(keeper, match_id, reverted, "revert").status_code == 302
    assert keeper.saved_hands(match_id) == [(1, [3, 0], True, "cards", 0)]
    board = keeper.board(match_id)
    assert "Hand 1 has its correction back." in board
    assert "Hand 1: correction put back, Ana 4, Bea 0 → Ana 3, Bea 0." in board
    assert "Hand 1: correction reverted, Ana 3, Bea 0 → Ana 4, Bea 0." in board
    assert "correction reverted, Ana 4, Bea 0 → Ana 3, Bea 0" not in board
    # Once put back, only the newest line offers to take it away again, as a revert of the correction.
    [_, again] = events(keeper, match_id, "hand_reverted")
    html = board_html(keeper, match_id)
    assert html.count("Revert this correction") == 1 and trail_url(match_id, again[0], "revert") in html
    assert "Put the correction back" not in html


def test_a_trail_written_before_put_back_had_words_reads_right(keeper, match_id):
    """A revert of a revert made before the trail told them apart (the same events): "put back" all the same."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(edited, *_)] = events(keeper, match_id, "hand_edited")
    press(keeper, match_id, edited, "revert")
    [(reverted, *_)] = events(keeper, match_id, "hand_reverted")
    press(keeper, match_id, reverted, "revert")
    with keeper.app.app_context():  # as an older version stored them: nothing but the event it reverted
        for event in db.session.scalars(select(MatchEvent).where(MatchEvent.kind == "hand_reverted")):
            db.session.execute(update(MatchEvent).where(MatchEvent.id == event.id).values(
                after={key: value for key, value in event.after.items() if key != "puts_back"}))
        db.session.commit()
    assert "Hand 1: correction put back, Ana 4, Bea 0 → Ana 3, Bea 0." in keeper.board(match_id)


def test_a_revert_confirmation_for_a_correction_no_longer_revertable_goes_back_to_the_scoreboard(keeper, match_id):
    """Reverted already (from another phone): the page says nothing was changed, instead of asking."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
    [(edited, *_)] = events(keeper, match_id, "hand_edited")
    press(factories.phone(keeper), match_id, edited, "revert")
    response = keeper.client.get(trail_url(match_id, edited, "revert"))
    assert response.status_code == 302 and response.headers["Location"] == f"/matches/{match_id}"
    assert "Hand 1 is no longer the hand that correction changed" in keeper.board(match_id)


def test_a_revert_confirmation_of_an_event_that_is_no_correction_is_not_found(keeper, match_id):
    """A saved hand's event, or one of no match: 404, as the button's post."""
    factories.save_hand(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_recorded")
    assert keeper.client.get(trail_url(match_id, event_id, "revert")).status_code == 404
    assert keeper.client.get(trail_url(match_id, 999_999, "revert")).status_code == 404


# -- Restore sits beside the Undo message ---------------------------------------------------------

def test_the_message_after_undo_holds_the_restore_button(keeper, match_id):
    """Right after "Take back hand 2", the message at the top says so and holds a one-tap "Restore hand 2": a
    plain form (no script needed) with the CSRF token and the match's version, that brings the hand back."""
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    saved = keeper.saved_hands(match_id)
    undo(keeper, match_id)
    [(event_id, *_)] = events(keeper, match_id, "hand_undone")
    html = board_html(keeper, match_id)
    url = trail_url(match_id, event_id, "restore")
    flash = re.search(r'<div class="flash flash-info undone" role="status">(.*?)</div>', html, flags=re.S)
    assert flash, "the undo's message is at the top of the page"
    assert "Hand 2 was taken back." in keeper.text(flash.group(1))
    assert "What changed" not in flash.group(1)
    assert html.index(flash.group(0)) < html.index('class="board"')
    fields = keeper.fields(flash.group(1), action=url)  # a POST form to the restore, in the message
    assert fields["csrf_token"] and fields["version"]
    assert re.search(r"<button[^>]*>Restore hand 2</button>", flash.group(1))
    assert keeper.client.post(url, data=fields).status_code == 302
    assert keeper.saved_hands(match_id) == saved
    assert "Hand 2 restored." in keeper.board(match_id)


def test_the_undo_message_shows_once(keeper, match_id):
    """A reload shows the scoreboard without the message (the restore button stays beside Undo below)."""
    factories.save_hand(keeper, match_id)
    undo(keeper, match_id)
    board_html(keeper, match_id)
    html = board_html(keeper, match_id)
    assert 'class="flash flash-info undone"' not in html
    assert re.search(r"<button[^>]*>Restore hand 1</button>", html)


def test_the_undo_message_without_a_hand_to_restore_says_so_without_a_button(keeper, match_id):
    """Another phone saved a hand between the undo and the scoreboard: the message says the hand was taken back,
    and offers no restore that would be refused."""
    factories.save_hand(keeper, match_id)
    undo(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    html = board_html(keeper, match_id)
    flash = re.search(r'<div class="flash flash-info undone" role="status">(.*?)</div>', html, flags=re.S)
    assert flash and "Hand 1 was taken back." in keeper.text(flash.group(1))
    assert "<form" not in flash.group(1)


def test_the_undo_confirmation_says_the_hand_can_come_back_at_once(keeper, match_id):
    """The confirmation no longer sends the reader to "What changed" to restore it."""
    factories.save_hand(keeper, match_id)
    page = keeper.text(keeper.page(f"/matches/{match_id}/undo"))
    assert "What changed" not in page
    assert "Restore hand 1" in page
