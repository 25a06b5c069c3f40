"""The entry page, a save, the match history and a player's page run a few SQL statements each, and as many
with a long match or a long history as with a short one: nothing is read once per hand or once per match."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import factories
import pytest
from flask import Flask
from sized_world import World, build
from sql_counts import counted_queries
from sqlalchemy import select

from referee import create_app
from referee.extensions import db
from referee.models import Player

NAMES = ("Ana", "Bea", "Carla", "Duda")


def statements(keeper, request):
    """The SQL statements one request runs (`request` makes it with the keeper's client)."""
    with counted_queries(keeper.app) as seen:
        response = request()
    assert response.status_code in (200, 302), response.status_code
    return seen


def long_match(keeper, hands):
    """A match to 100 of two partnerships, with `hands` hands saved (each side winning every other hand)."""
    match_id = factories.start(keeper, NAMES, target="100")
    for n in range(hands):
        factories.save_hand(keeper, match_id, mirror=n % 2 == 1)
    return match_id


def entry_page(keeper, match_id, mode):
    """The statements of the entry page of the match's next hand."""
    return statements(keeper, lambda: keeper.client.get(keeper.hand_url(match_id, mode)))


def saving(keeper, match_id, mode, mirror):
    """The statements of saving the match's next hand (the form read from its page first, not counted)."""
    url = keeper.hand_url(match_id, mode)
    fields = keeper.form(url) | keeper.hand_fields(mode, mirror=mirror) | {"action": "save"}
    return statements(keeper, lambda: keeper.client.post(url, data=fields))


def test_the_entry_page_reads_the_account_the_match_its_seats_and_hands_whatever_the_match_holds(keeper):
    """Five statements (the session's account, the match, its seats, its hands, and who else is entering) after 1
    hand and after 10, in every mode; the trail is not read."""
    short, long = long_match(keeper, 1), long_match(keeper, 10)
    for mode in ("quick", "cards", "tally"):
        first, later = entry_page(keeper, short, mode), entry_page(keeper, long, mode)
        assert len(first) == len(later) == 5, (mode, first)
        assert sum("FROM entry_presence" in statement for statement in first) == 1
        assert not any("match_event" in statement for statement in first)


def test_checking_the_hand_costs_no_more_in_a_long_match(keeper):
    """Check the hand (action=review) reads as much after 1 hand as after 10."""
    counts = []
    for match_id in (long_match(keeper, 1), long_match(keeper, 10)):
        url = keeper.hand_url(match_id, "cards")
        fields = keeper.form(url) | keeper.hand_fields("cards") | {"action": "review"}
        counts.append(len(statements(keeper, lambda url=url, fields=fields: keeper.client.post(url, data=fields))))
    assert counts[0] == counts[1] <= 6, counts


def test_a_save_is_one_transaction_of_a_dozen_statements_in_a_short_match_or_a_long_one(keeper):
    """Saving hand 2 and hand 11, by cards and by counts, runs the same statements: the match, its seats and
    hands, the hands taken back (not the whole trail), the version bump, the hand, its event and one result row
    per side, one COMMIT; then the hand and match as committed, for the answer."""
    short, long = long_match(keeper, 1), long_match(keeper, 10)
    for mode in ("cards", "tally"):
        first = saving(keeper, short, mode, mirror=mode == "tally")
        later = saving(keeper, long, mode, mirror=mode == "tally")
        assert len(first) == len(later) <= 12, (mode, first)
        assert [s.split()[0] for s in first] == [s.split()[0] for s in later]
        writes = [s.split()[0] + " " + s.split()[2 if s.startswith("INSERT") else 1] for s in first
                  if s.startswith(("INSERT", "UPDATE", "DELETE"))]
        assert writes == ['UPDATE "match"', "INSERT hand", "INSERT match_event", "INSERT hand_side",
                          "INSERT hand_side"], writes
        # The trail is read for the hands taken back alone, never whole.
        trail = [s for s in first if s.startswith("SELECT") and "FROM match_event" in s]
        assert len(trail) == 1 and "match_event.kind = " in trail[0], trail


def test_the_history_reads_as_much_with_a_second_page_of_matches(keeper):
    """The first page of the history with 3 matches and with 25 (two pages): the same number of statements, the
    hands read for their points only."""
    for _ in range(3):
        factories.start(keeper, NAMES)
    few = statements(keeper, lambda: keeper.client.get("/matches/"))
    for _ in range(22):
        factories.start(keeper, NAMES)
    many = statements(keeper, lambda: keeper.client.get("/matches/"))
    assert len(few) == len(many) <= 6, many
    # The rows' totals from the hands' points alone, read as columns (services/history.py match_rows).
    hands = [" ".join(s.split()) for s in many if "FROM hand" in s]
    assert len(hands) == 1 and hands[0].startswith("SELECT hand.match_id, hand.points FROM hand"), hands


def test_a_players_page_reads_as_much_after_one_finished_match_as_after_six(keeper):
    """A player's page (record, partners and rivals, rating) after one match and after six: the same statements."""
    def play_one() -> None:
        """A match to 1 point, won by the first hand saved."""
        factories.save_hand(keeper, factories.start(keeper, NAMES, target="1"))

    play_one()
    player = keeper.query(select(Player.id).where(Player.name == "Ana"))[0][0]
    one = statements(keeper, lambda: keeper.client.get(f"/players/{player}"))
    for _ in range(5):
        play_one()
    six = statements(keeper, lambda: keeper.client.get(f"/players/{player}"))
    assert len(one) == len(six) <= 8, six


# -- every page at two sizes -------------------------------------------------------------------------------------
# Each page of the app read in a small world and a large one (tests/web/sized_world.py): the same statements, however
# many members, claims, entrants, rounds, matches or hands it shows. A new page route fails
# test_every_page_route_is_counted until it has its line here.

SMALL, LARGE = 2, 6


@dataclass(frozen=True)
class Page:
    """Who reads the page (ana: the owner and organiser; bea: a scorer of ana's match and a member of her club; a
    guest phone; a visitor not logged in), the most statements it may run, and what its address needs beyond the
    world's values of the same names (a query string; a part named after another value)."""

    who: str
    most: int
    query: str = ""
    names: Mapping[str, str] = field(default_factory=dict)


PAGES: dict[str, Page] = {
    # the account and its devices
    "accounts.login": Page("visitor", 0),
    "accounts.register": Page("visitor", 0),
    "accounts.account": Page("ana", 3),
    "accounts.password": Page("ana", 1),
    "accounts.delete": Page("ana", 1),
    "guests.keep": Page("guest", 1),
    "guests.leave_page": Page("guest", 1),
    "imports.upload": Page("ana", 1),
    # what anyone reads
    "main.index": Page("ana", 5),
    "main.api": Page("ana", 1),
    "openapi.reference": Page("ana", 1),
    "pwa.offline": Page("ana", 1),
    "tools.index": Page("ana", 1),
    "tools.captures": Page("ana", 1),
    "tools.dispute": Page("ana", 1),
    "tools.draw": Page("ana", 1),
    "tools.leftover": Page("ana", 1, "?cards=1o&cards=2o&cards=3o&cards=4o"),
    "tools.setenta": Page("ana", 1),
    "sharing.join_page": Page("ana", 1),
    "spectator.watch": Page("visitor", 4),
    "profiles.card": Page("visitor", 2, names={"token": "card"}),
    "clubs.invited": Page("visitor", 2),
    "tournament_board.wall": Page("visitor", 9, names={"token": "board_token"}),
    # matches, players and house rules
    "matches.index": Page("ana", 7),
    "matches.new": Page("ana", 6),
    "matches.show": Page("ana", 7),  # its ETag's version: services/live_versions.py
    "matches.draw_for_dealer": Page("ana", 4, names={"match_id": "drawing_id"}),
    "matches.new_link": Page("ana", 2),
    "hands.new": Page("ana", 5, "?mode=cards"),
    "hands.edit": Page("ana", 5, "?mode=cards"),
    # a hand waiting for Bea's side, in dispute: its versions (and the ETag's version), Bea's count of it
    "confirmations.versions": Page("ana", 9, names={"match_id": "confirming_id"}),
    "hands.count": Page("bea", 9, "?mode=tally", names={"match_id": "confirming_id", "seen": "confirming_seen"}),
    "trail.undo": Page("ana", 4),
    "trail.revert": Page("ana", 5),
    "profiles.match_card": Page("ana", 2),
    "sharing.together": Page("ana", 5),
    "sharing.remove": Page("ana", 4, names={"user_id": "scorer_id"}),
    "sharing.rename": Page("ana", 3, names={"user_id": "scorer_id"}),
    "sharing.leave_match": Page("bea", 3),
    "claims.seat": Page("bea", 5),
    "claims.record": Page("ana", 7),
    "players.index": Page("ana", 3),
    "players.show": Page("ana", 7),
    "player_admin.rename": Page("ana", 2),
    "player_admin.merge": Page("ana", 3),
    "player_admin.delete": Page("ana", 3),
    "profiles.index": Page("ana", 2),
    "profiles.new": Page("ana", 1),
    "profiles.show": Page("ana", 3, names={"profile_id": "own_profile_id"}),
    "profiles.edit": Page("ana", 3, names={"profile_id": "own_profile_id"}),
    "profiles.rename": Page("ana", 3, names={"profile_id": "own_profile_id"}),
    "profiles.delete": Page("ana", 3, names={"profile_id": "own_profile_id"}),
    # clubs and tournaments
    "clubs.index": Page("ana", 2),
    "clubs.show": Page("ana", 15),  # and its ETag's version
    "clubs.invites": Page("ana", 3),
    "clubs.leave": Page("ana", 3),
    "clubs.remove": Page("ana", 5),
    "club_profiles.index": Page("ana", 4),
    "club_profiles.new": Page("ana", 2),
    "club_profiles.show": Page("ana", 5),
    "club_profiles.edit": Page("ana", 5),
    "club_profiles.rename": Page("ana", 5),
    "club_profiles.delete": Page("ana", 5),
    "tournaments.index": Page("ana", 3),
    "tournaments.new": Page("ana", 8),  # one more: the guests of the club's earlier tournaments and its last field
    "tournaments.show": Page("ana", 11),  # and its ETag's version, two
    "tournaments.result": Page("ana", 8),
    "tournaments.standings": Page("ana", 4),
    "tournament_board.settings": Page("ana", 9),
    "tournament_board.sheet": Page("ana", 12),  # and its ETag's version, two
}

# The GET routes that answer no page, and what they answer instead (the JSON API's, api.*, are all JSON).
NOT_PAGES: dict[str, str] = {
    "accounts.roster": "a redirect to the players page",
    "exports.backup": "the account's backup, JSON",
    "exports.match_as_csv": "a match's hands, CSV",
    "exports.match_as_json": "a match's hands, JSON",
    "health.healthz": "the server's health, JSON",
    "main.language": "a redirect back, the language chosen",
    "openapi.openapi_json": "the API's OpenAPI document",
    "presence.who": "who else is entering, JSON",
    "pwa.favicon": "an icon",
    "pwa.manifest": "the web app manifest",
    "pwa.service_worker": "the service worker's script",
    "pwa.theme": "a redirect back, the theme chosen",
    "static": "the static files",
    "tournament_exports.results_csv": "a tournament's results, CSV",
    "tournament_exports.standings_csv": "a tournament's standings, CSV",
}
# The address parts the world has no value of, for the routes that answer no page.
FIXED = {"code": "es", "choice": "dark", "filename": "css/app.css"}


@pytest.fixture(scope="module")
def worlds(migrated_sqlite, tmp_path_factory) -> Iterator[tuple[Flask, dict[int, World]]]:
    """An app of the module's own (its worlds are made once) holding a small world and a large one."""
    path = tmp_path_factory.mktemp("counted") / "worlds.sqlite"
    shutil.copyfile(migrated_sqlite, path)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    yield app, {n: build(app, n) for n in (SMALL, LARGE)}
    with app.app_context():
        db.engine.dispose()


def address(app: Flask, endpoint: str, world: World, names: Mapping[str, str] = MappingProxyType({})) -> str:
    """The route's address in this world."""
    rule = next(rule for rule in app.url_map.iter_rules(endpoint) if "GET" in (rule.methods or ()))
    values = {name: world.values.get(names.get(name, name), FIXED.get(name)) for name in rule.arguments}
    return rule.build(values, append_unknown=False)[1]


def get_pages() -> set[str]:
    """Every endpoint of the app with a GET route, but the JSON API's."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return {rule.endpoint for rule in app.url_map.iter_rules()
            if "GET" in (rule.methods or ()) and not rule.endpoint.startswith("api.")}


def test_every_page_route_is_counted():
    """Each GET route is either a page counted at two sizes below, or written down as answering something else."""
    routes = get_pages()
    assert not set(PAGES) & set(NOT_PAGES)
    assert routes - set(PAGES) - set(NOT_PAGES) == set(), "a page without a count: add it to PAGES"
    assert set(PAGES) | set(NOT_PAGES) <= routes, "a line of PAGES or NOT_PAGES names no route"


@pytest.mark.parametrize("endpoint", sorted(NOT_PAGES))
def test_the_routes_left_out_answer_no_page(worlds, endpoint):
    """What NOT_PAGES says of a route holds: it answers no HTML."""
    app, made = worlds
    world = made[SMALL]
    response = world.clients["ana"].get(address(app, endpoint, world))
    assert response.status_code < 400, (endpoint, response.status_code)
    assert response.status_code in (301, 302) or response.mimetype != "text/html", (endpoint, response.mimetype)


def counted(app: Flask, world: World, endpoint: str) -> list[str]:
    """The statements one reading of the page runs in this world (read once before, so that what a first request
    alone does is not counted)."""
    page = PAGES[endpoint]
    url = address(app, endpoint, world, page.names) + page.query
    client = world.clients[page.who]
    client.get(url)
    with counted_queries(app) as seen:
        response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "text/html", (url, response.status_code)
    return seen


@pytest.mark.parametrize("endpoint", sorted(PAGES))
def test_each_page_runs_as_many_statements_in_a_large_world_as_in_a_small_one(worlds, endpoint):
    """The page's statements at both sizes: as many, and no more than its line says."""
    app, made = worlds
    small, large = counted(app, made[SMALL], endpoint), counted(app, made[LARGE], endpoint)
    assert len(small) == len(large), (len(small), len(large), large)
    assert len(small) <= PAGES[endpoint].most, (len(small), small)


READS_TOURNAMENT = re.compile(r"\b(?:FROM|JOIN) tournament\b")


@pytest.mark.parametrize("endpoint", sorted(endpoint for endpoint in PAGES if endpoint.startswith(
    ("tournaments.", "tournament_board.")) and endpoint != "tournaments.new"))
def test_a_tournament_page_reads_the_tournament_once(worlds, endpoint):
    """The tournament's row is read once per page (with the reader's role in its club), then handed on."""
    app, made = worlds
    reads = [statement for statement in counted(app, made[LARGE], endpoint) if READS_TOURNAMENT.search(statement)]
    assert len(reads) == 1, reads
