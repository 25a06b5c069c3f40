"""The frame every page is rendered in (templates/base.html): the reader's own nav, name and CSRF token, the page's
language and theme, switches that link back to the page, addresses under the app's prefix, a message shown once."""

from __future__ import annotations

import re

import factories


def page(client, path: str = "/tools/", **environ: str) -> str:
    """A page as this browser gets it now."""
    response = client.get(path, environ_overrides=environ)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def csrf_of(html: str) -> str:
    """The logout form's CSRF token."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def test_each_reader_gets_their_own_name_token_and_nav(keeper, scorekeeper, visitor):
    """Two accounts and a visitor read the same page in turn: each sees the nav of their kind, their own name
    on the logout button and their own session's token; the visitor gets no account part at all."""
    bob = scorekeeper("bob")
    ana_page, bob_page, visitor_page = page(keeper.client), page(bob.client), page(visitor.client)
    assert "Log out ana" in ana_page and "Log out bob" not in ana_page
    assert "Log out bob" in bob_page and "Log out ana" not in bob_page
    assert csrf_of(ana_page) != csrf_of(bob_page)
    assert '<a href="/matches/new">New match</a>' in bob_page
    assert '<a href="/matches/new">' not in visitor_page and '<a href="/login">Log in</a>' in visitor_page
    assert 'name="csrf_token"' not in visitor_page
    assert "Log out ana" in page(keeper.client)  # after the others: still her own


def test_never_another_languages_or_themes(keeper):
    """English, then Spanish, then dark: each page in its own words and colours."""
    english = page(keeper.client)
    keeper.client.set_cookie("lang", "es")
    spanish = page(keeper.client)
    keeper.client.set_cookie("theme", "dark")
    dark = page(keeper.client)
    assert '<html lang="en">' in english and "For developers:" in english
    assert '<html lang="es">' in spanish and "Nueva partida" in spanish and "For developers:" not in spanish
    assert 'data-theme="dark"' not in spanish and '<html lang="es" data-theme="dark">' in dark
    assert '<meta name="theme-color" content="#121212">' in dark


def test_the_switches_link_back_to_each_page(keeper):
    """The language and theme links return to the page they are on, query and all."""
    assert "next=/tools/?" in page(keeper.client).replace("%2F", "/").replace("%3F", "?")
    other = page(keeper.client, "/tools/captures?style=french").replace("%2F", "/").replace("%3F", "?")
    assert "next=/tools/captures?style%3Dfrench" in other and "next=/tools/?" not in other


def test_under_a_prefix_the_parts_are_the_prefixs(keeper):
    """A page served under /escoba after one at the root: its stylesheets and nav are under /escoba."""
    assert 'href="/static/' in page(keeper.client)
    prefixed = page(keeper.client, SCRIPT_NAME="/escoba")
    assert 'href="/escoba/matches/new"' in prefixed and 'href="/static/' not in prefixed


def test_a_flashed_message_is_shown_once(keeper):
    """The messages are the request's own: a hand saved says so, and names its draft saved, on the next page only."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    keeper.save_hand(match_id)  # through its page: the flash is the save's
    shown = page(keeper.client)
    assert '<p class="flash flash-success">Hand 1 saved.</p>' in shown
    assert f'<span hidden data-draft-saved="match-{match_id}:new-1"></span>' in shown
    again = page(keeper.client)
    assert "Hand 1 saved." not in again and "data-draft-saved" not in again
