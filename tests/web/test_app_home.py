"""The home page speaks to players: what the app does, a new match and the latest matches; the API has a page
of its own, linked from the footer."""

from __future__ import annotations

import re

import factories
import pytest


def main_of(page):
    """The page's <main>, without the header and the footer."""
    return page.split('<main id="main">', 1)[1].split("</main>", 1)[0]


def test_a_visitor_reads_what_the_app_does_and_can_register_or_log_in(visitor):
    """What it does for a table, the two ways in, the tools; no API endpoints on the page itself."""
    main = main_of(visitor.page("/"))
    words = visitor.text(main)
    assert "checks each hand the way an honest referee would" in words
    assert "names the side that erred" in words
    assert 'href="/register"' in main and 'href="/login"' in main and 'href="/tools/"' in main
    assert "/api/v1" not in main and "Referee API" not in words


@pytest.mark.parametrize("who", ["visitor", "keeper"])
def test_every_page_links_the_api_page_from_the_footer(request, who):
    """'For developers: the referee API' at the foot of the page, for visitors and players alike."""
    person = request.getfixturevalue(who)
    page = person.page("/")
    footer = page.split("<footer", 1)[1]
    assert re.search(r'For developers:\s*<a href="/api">the referee API</a>', footer)


def test_the_api_page_lists_the_endpoints(visitor):
    """The three endpoints, with their methods and what they answer."""
    words = visitor.text(visitor.page("/api"))
    for endpoint in ("GET /api/v1/rulesets", "POST /api/v1/captures", "POST /api/v1/score"):
        assert endpoint in words
    assert "check a finished hand and count its points" in words


def test_a_player_without_matches_is_offered_the_first(keeper):
    """A new match button, and no list yet."""
    main = main_of(keeper.page("/"))
    assert 'class="button primary big" href="/matches/new"' in main
    assert "No matches yet. Start one!" in keeper.text(main)
    assert 'href="/register"' not in main


def test_a_player_sees_the_three_latest_matches_with_links_to_each_and_to_all(keeper, scorekeeper):
    """The newest three of four, each linking to its scoreboard with its game and score; 'All your matches' links the
    list; another account's matches never show."""
    bob = scorekeeper("bob")
    theirs = factories.start(bob, ("Zed", "Yul"))
    ids = [factories.start(keeper, names) for names in (("Ana", "Bea"), ("Cid", "Dan"), ("Eva", "Fer"), ("Gil", "Hal"))]
    factories.save_hand(keeper, ids[-1])
    main = main_of(keeper.page("/"))
    shown = [int(n) for n in re.findall(r'<a href="/matches/(\d+)">', main)]
    assert shown == ids[:0:-1]
    words = keeper.text(main)
    assert "Escova RS Gil · Hal 4 – 0" in words and "Ana" not in words  # each with its game, as in the history
    assert "Zed" not in words and f"/matches/{theirs}\"" not in main
    assert '<a href="/matches/">All your matches</a>' in main
