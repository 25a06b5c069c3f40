"""The spectator link: a read-only scoreboard without login, its QR code, revoking it."""

from __future__ import annotations

import re

import factories
import pytest
from spectators import watch_path


@pytest.fixture
def match_id(keeper):
    """Ana against Bea, with one hand saved (Ana +4)."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    return match_id


def test_the_link_shows_the_scoreboard_without_a_login(keeper, visitor, match_id):
    """Totals, the hand by hand and who deals next, for anyone with the link."""
    response = visitor.client.get(watch_path(keeper, match_id))
    assert response.status_code == 200
    page = visitor.text(response.get_data(as_text=True))
    assert "Ana 4 11 to go" in page and "Bea 0 15 to go" in page
    assert "1 ✓ All checks passed +4 total 4 dealt +0 total 0" in page
    assert "Deals: Bea" in page


def test_the_spectator_page_reloads_itself_without_javascript_and_is_checked_before_any_cached_copy_shows(
        keeper, visitor, match_id):
    """A <noscript> meta refresh (and words that say how often), the script's own words hidden until it runs; an
    answer cached by this browser only and checked again each time; no referrer gives the link away."""
    response = visitor.client.get(watch_path(keeper, match_id))
    page = response.get_data(as_text=True)
    assert re.search(r'<noscript><meta http-equiv="refresh" content="15"></noscript>', page)
    assert "<noscript><p class=\"hint live-status\">This page reloads every 15 seconds.</p></noscript>" in page
    assert "refreshes every 10 seconds" not in page
    assert '<p class="hint live-status" id="live" hidden>' in page
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert {v.strip() for v in response.headers["Vary"].split(",")} >= {"Cookie", "Accept-Language"}
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_the_spectator_page_cannot_change_anything(keeper, visitor, match_id):
    """No form at all, no link to enter, correct or undo a hand."""
    page = visitor.page(watch_path(keeper, match_id))
    assert "<form" not in page
    assert "/hands/" not in page and "/undo" not in page and "/rematch" not in page and "/link" not in page
    assert "Correct" not in visitor.text(page)


def test_the_link_follows_the_match_as_hands_are_saved(keeper, visitor, match_id):
    """The same link shows the second hand once it is saved."""
    path = watch_path(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    assert "Ana 4 11 to go Bea 4 11 to go" in visitor.text(visitor.page(path))


def test_the_link_stays_the_same_until_revoked(keeper, match_id):
    """Showing the scoreboard again does not change the link the table already scanned."""
    assert watch_path(keeper, match_id) == watch_path(keeper, match_id)


def revoke(keeper, match_id):
    """Replace the spectator link as a player does: the scoreboard's button, then the confirmation page's."""
    page = keeper.page(f"/matches/{match_id}")
    assert f'href="/matches/{match_id}/link"' in page
    return keeper.submit(f"/matches/{match_id}/link")


def test_revoking_asks_first_on_a_page_of_its_own(keeper, visitor, match_id):
    """The scoreboard links to a confirmation page (no form posts from the scoreboard); opening it changes
    nothing; its button posts with a CSRF token; 'Keep the current link' goes back."""
    old = watch_path(keeper, match_id)
    assert f'action="/matches/{match_id}/link"' not in keeper.page(f"/matches/{match_id}")
    page = keeper.page(f"/matches/{match_id}/link")
    assert "Replace the spectator link?" in keeper.text(page)
    assert "csrf_token" in keeper.fields(page)
    assert f'href="/matches/{match_id}#spectators"' in page and "Keep the current link" in keeper.text(page)
    assert watch_path(keeper, match_id) == old
    assert visitor.client.get(old).status_code == 200
    no_token = keeper.client.post(f"/matches/{match_id}/link", data={})
    assert no_token.status_code == 400 and watch_path(keeper, match_id) == old  # no CSRF token: nothing revoked


def test_revoking_the_link_makes_the_old_one_gone_and_a_new_one_work(keeper, visitor, match_id):
    """The trail notes it; the old link answers 410 with a page that says the link was replaced, the new one
    shows the same scoreboard."""
    old = watch_path(keeper, match_id)
    response = revoke(keeper, match_id)
    assert response.headers["Location"] == f"/matches/{match_id}#spectators"
    new = watch_path(keeper, match_id)
    assert new != old
    gone = visitor.client.get(old)
    assert gone.status_code == 410
    words = visitor.text(gone.get_data(as_text=True))
    assert "This link was replaced" in words
    assert "Ask the scorekeeper for the new link" in words
    assert "Not found" not in words and "Ana" not in words and "Bea" not in words
    assert gone.headers["Cache-Control"] == "private, no-cache"
    assert "Ana 4 11 to go" in visitor.text(visitor.page(new))
    assert "Spectator link replaced." in keeper.board(match_id)


def test_a_link_replaced_twice_is_gone_both_times(keeper, visitor, match_id):
    """Every replaced link answers 410, even with an ETag of the time it worked."""
    first = watch_path(keeper, match_id)
    etag = visitor.client.get(first).headers["ETag"]
    revoke(keeper, match_id)
    second = watch_path(keeper, match_id)
    revoke(keeper, match_id)
    assert visitor.client.get(first, headers={"If-None-Match": etag}).status_code == 410
    assert visitor.client.get(second).status_code == 410
    assert visitor.client.get(watch_path(keeper, match_id)).status_code == 200


@pytest.mark.parametrize("token", ["nonsense", "x" * 43, ""])
def test_a_made_up_link_is_not_found(visitor, keeper, match_id, token):
    """Only the issued token works."""
    assert visitor.client.get(f"/watch/{token}").status_code == 404


def test_the_scoreboard_shows_the_link_as_an_inline_svg_qr_code(keeper, match_id):
    """An <svg> drawn in the page (no image request, no third party), next to the link."""
    page = keeper.page(f"/matches/{match_id}")
    qr = re.search(r'class="qr"[^>]*>\s*(<svg\b.*?</svg>)', page, flags=re.S)
    assert qr is not None
    assert "<path" in qr.group(1)
    assert 'src="http' not in page


def test_the_qr_code_changes_with_the_link(keeper, match_id):
    """A revoked link's code is not shown any more."""
    def qr():
        return re.search(r'class="qr"[^>]*>\s*(<svg\b.*?</svg>)', keeper.page(f"/matches/{match_id}"), re.S)[1]
    before = qr()
    revoke(keeper, match_id)
    assert qr() != before
