"""What the pages tell static/js/draft.js: which form keeps a draft under which key, which pages answer a
POST, and which drafts the server saved (the flash after a save, the scoreboard's hands)."""

from __future__ import annotations

import re

import factories


def form_tag(html: str, form_id: str = "hand") -> str:
    """The opening tag of a form."""
    return re.search(rf'<form[^>]*\bid="{form_id}"[^>]*>', html, flags=re.S).group(0)


def saved(html: str) -> list[str]:
    """The draft groups a page says are saved."""
    return " ".join(re.findall(r'data-draft-saved="([^"]*)"', html)).split()


def test_a_new_hand_and_a_correction_keep_separate_drafts_per_mode(keeper):
    """Hand 2 by cards, hand 2 by counts and the correction of hand 1: three keys."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    keeper.save_hand(match_id)
    new_cards = form_tag(keeper.page(f"/matches/{match_id}/hands/new?mode=cards"))
    new_tally = form_tag(keeper.page(f"/matches/{match_id}/hands/new?mode=tally"))
    edit = form_tag(keeper.page(f"/matches/{match_id}/hands/1/edit?mode=cards"))
    assert f'data-draft="match-{match_id}:new-2:cards"' in new_cards
    assert f'data-draft="match-{match_id}:new-2:tally"' in new_tally
    assert f'data-draft="match-{match_id}:edit-1:cards"' in edit
    assert f'data-draft-group="match-{match_id}:edit-1"' in edit
    assert "data-draft-posted" not in new_cards + new_tally + edit


def test_a_page_answering_a_post_says_so(keeper):
    """The review and a refused entry hold what was typed: the drafts' script restores nothing over them."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    review = keeper.enter_hand(match_id, "review")
    refused = keeper.enter_hand(match_id, "save", escobas=(8, 0))
    assert refused.status_code == 422
    for response in (review, refused):
        assert "data-draft-posted" in form_tag(response.get_data(as_text=True))


def test_a_save_says_which_draft_it_saved_once_and_unseen(keeper):
    """After Save, the scoreboard names the hand's draft (not as a message for the reader); the next page no more."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.save_hand(match_id)
    board = keeper.client.get(response.headers["Location"]).get_data(as_text=True)
    assert f"match-{match_id}:new-1" in re.findall(r'<span hidden data-draft-saved="([^"]*)"></span>', board)
    assert '<p class="flash flash-draft-saved">' not in board
    assert "Hand 1 saved." in keeper.text(board)
    assert f"match-{match_id}:new-1" not in keeper.text(board)


def test_a_saved_correction_names_its_own_draft(keeper):
    """The correction of hand 1, saved: its draft group is named, the new hands' stay as they are."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    keeper.save_hand(match_id)
    keeper.board(match_id)  # the save's flash, seen
    response = keeper.enter_hand(match_id, "save", number=1, escobas=(0, 0))
    assert response.status_code == 302
    page = keeper.client.get(response.headers["Location"]).get_data(as_text=True)
    assert f"match-{match_id}:edit-1" in saved(page)


def test_a_refused_save_names_no_draft_saved(keeper):
    """A 422 answers the entry page: nothing says its draft is saved."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    response = keeper.enter_hand(match_id, "save", escobas=(8, 0))
    assert saved(response.get_data(as_text=True)) == []
    assert f"match-{match_id}:new-1" not in saved(keeper.page(f"/matches/{match_id}"))


def test_the_scoreboard_names_every_saved_hand_and_the_draw(keeper):
    """Each saved new hand's draft is done, and the draw's once a dealer is known; not the next hand's."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    keeper.save_hand(match_id)
    keeper.save_hand(match_id, mirror=True)
    groups = saved(keeper.page(f"/matches/{match_id}"))
    assert {f"match-{match_id}:new-1", f"match-{match_id}:new-2", f"match-{match_id}:draw"} <= set(groups)
    assert f"match-{match_id}:new-3" not in groups


def test_the_draw_for_dealer_keeps_a_draft_per_round(keeper):
    """The draw's form opts in, keyed by the match and the round (each round's selects have the same names,
    so round 1's cards must not come back in round 2)."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    html = keeper.page(f"/matches/{match_id}/draw")
    assert f'data-draft="match-{match_id}:draw:round-1"' in html


def test_every_log_out_form_forgets_the_drafts(keeper):
    """The footer's log out, log out everywhere and deleting the account clear this phone's drafts."""
    keeper.account("zoe")
    account = keeper.page("/account")
    assert re.search(r'<form[^>]*action="/logout"[^>]*data-drafts-forget', account)
    assert re.search(r'<form[^>]*action="/account/logout-everywhere"[^>]*data-drafts-forget', account)
    assert "data-drafts-forget" in keeper.page("/account/delete")


def test_every_page_loads_the_drafts_script_and_its_notice(keeper):
    """The notice's words come from the catalog, in a template the script copies."""
    html = keeper.page("/login")
    assert "js/draft.js" in html
    assert "Your unsaved entry was restored" in html and "data-draft-discard" in html
