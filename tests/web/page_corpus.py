"""A fixed account and its pages, recorded under tests/web/pages/ (tests/web/test_page_corpus.py compares them).

The account is made through the services and the match API, not through forms, so it is the same in every run:
matches of 2, 3 and 4 players and of two partnerships under every preset and deck, hands by cards, by counts and
the quick way, a correction and its revert, a hand taken back and restored, one taken back for good, a finished
match, a match still drawing for dealer, a renamed player; and a club Ana organises (Bea a member) with its house
rules and a Swiss tournament of three guests played by them (round 1: a table whose result was recorded by hand, and
a bye). Each page is then read in English, Español and Português (Brasil), and what differs from one run to the next
(CSRF tokens, CSP nonces, spectator links, rules cards' addresses and QR codes, times, ETags) or follows the static
files' content (their fingerprints) is masked before pages are compared.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from api_client import ApiClient, by_cards, by_tally
from flask import Flask
from flask.testing import FlaskClient
from page_client import PASSWORD
from sqlalchemy import select
from werkzeug.security import generate_password_hash

from referee.extensions import db
from referee.models import Match, MatchEvent, Player, User
from referee.rules import make_ruleset
from referee.services import players as player_services
from referee.services import trail
from referee.services.club_profiles import save_club_profile
from referee.services.clubs import create_club, join_club, make_invite, membership
from referee.services.confirmations import digest, enter_version, versions_of
from referee.services.formats import FORMATS
from referee.services.hands import HandDraft
from referee.services.matches import get_match
from referee.services.profiles import HouseRules, OpeningSweep
from referee.services.sharing import join, make_join_code
from referee.services.tournament_rounds import record_result, start_round
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament

LANGUAGES = ("en", "es", "pt_BR")

# Three sides by counts, and four: 40 cards, 10 oros, 4 sevens, one velo; the leftover's 10 leaves fifteens.
THREE = {"sides": [{"tally": {"cards": 14, "oros": 4, "sevens": 2, "velo": True}, "escobas": 1},
                   {"tally": {"cards": 13, "oros": 3, "sevens": 1, "velo": False}, "escobas": 0},
                   {"tally": {"cards": 13, "oros": 3, "sevens": 1, "velo": False}, "escobas": 0}],
         "leftover_sum": 10, "last_capture": 0}
FOUR = {"sides": [{"tally": {"cards": 10, "oros": 4, "sevens": 1, "velo": True}, "escobas": 0},
                  {"tally": {"cards": 10, "oros": 2, "sevens": 1, "velo": False}, "escobas": 1},
                  {"tally": {"cards": 10, "oros": 2, "sevens": 1, "velo": False}, "escobas": 0},
                  {"tally": {"cards": 10, "oros": 2, "sevens": 1, "velo": False}, "escobas": 0}],
        "leftover_sum": 10, "last_capture": 1}
SETENTA = {"sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True, "setenta": 70}, "escobas": 1},
                     {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False, "setenta": 0}, "escobas": 0}],
           "leftover_sum": 10, "last_capture": 0}


@dataclass
class Corpus:
    """The account's matches and players by what they show, for the pages' addresses."""

    matches: dict[str, int] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)
    watch: str = ""  # the two players' match's spectator address
    reverted: int = 0  # the trail's revert of the correction (whose page offers to put it back)
    club: int = 0  # Ana's club
    house_rules: int = 0  # the club's house rules
    tournament: int = 0  # the club's tournament, by those rules
    table: int = 0  # its round 1's table (a result recorded by hand)
    seen: str = ""  # the digest of the disputed hand's entry (the match "confirming")

    def pages(self) -> dict[str, str]:
        """Each recorded page's name and address."""
        two, three, pairs = self.matches["two"], self.matches["three"], self.matches["pairs"]
        found: dict[str, str] = {
            "home": "/", "login": "/login", "register": "/register", "api": "/api", "offline": "/offline",
            "tools": "/tools/", "tools-leftover": "/tools/leftover?cards=1o&cards=2o&cards=3o&cards=4o",
            "tools-captures": "/tools/captures", "tools-dispute": "/tools/dispute", "tools-setenta": "/tools/setenta",
            "matches": "/matches/", "new-match": "/matches/new", "players": "/players",
            "account": "/account", "password": "/account/password", "delete-account": "/account/delete",
            "import": "/account/import",
            "undo": f"/matches/{two}/undo", "link": f"/matches/{two}/link",
            "draw": f"/matches/{self.matches['drawing']}/draw",
            "watch": self.watch,
        }
        for name, match_id in self.matches.items():
            if name != "drawing":
                found[f"board-{name}"] = f"/matches/{match_id}"
        for mode in ("quick", "cards", "tally"):
            found[f"new-hand-{mode}-two"] = f"/matches/{two}/hands/new?mode={mode}"
            found[f"new-hand-{mode}-three"] = f"/matches/{three}/hands/new?mode={mode}"
            found[f"new-hand-{mode}-pairs"] = f"/matches/{pairs}/hands/new?mode={mode}"
            found[f"edit-hand-{mode}-two"] = f"/matches/{two}/hands/1/edit?mode={mode}"
        found["new-hand-quick-setenta"] = f"/matches/{self.matches['setenta']}/hands/new?mode=quick"
        found["new-hand-quick-tiebreak"] = f"/matches/{self.matches['tiebreak']}/hands/new?mode=quick"
        found["edit-hand-tally-three"] = f"/matches/{three}/hands/1/edit?mode=tally"
        found["revert"] = f"/matches/{two}/trail/{self.reverted}/revert"
        for name, player_id in self.players.items():
            found[f"player-{name}"] = f"/players/{player_id}"
        ana = self.players["ana"]
        found |= {"player-ana-filtered": f"/players/{ana}?preset=escova-rs", "rename": f"/players/{ana}/rename",
                  "merge": f"/players/{ana}/merge", "delete-player": f"/players/{ana}/delete"}
        rules, profile = f"/clubs/{self.club}/rules", f"/clubs/{self.club}/rules/{self.house_rules}"
        club, event = f"/clubs/{self.club}", f"/tournaments/{self.tournament}"
        found |= {"club-rules": f"{rules}/", "club-rules-new": f"{rules}/new", "club-rules-show": profile,
                  "club-rules-edit": f"{profile}/edit", "club-rules-rename": f"{profile}/rename",
                  "club-rules-delete": f"{profile}/delete",
                  "new-match-club-rules": f"/matches/new?profile={self.house_rules}&club={self.club}",
                  "tournaments": f"{club}/tournaments", "tournament-new": f"{club}/tournaments/new",
                  "tournament": event, "tournament-result": f"{event}/tables/{self.table}/result",
                  "tournament-standings": f"{event}/standings"}
        confirming = f"/matches/{self.matches['confirming']}/hands/1"
        found |= {"hand-versions": f"{confirming}/versions", "hand-count": f"{confirming}/count/{self.seen}?mode=quick",
                  "hand-decide": f"{confirming}/count/{self.seen}?decide=1&mode=tally"}
        return found


def account(app: Flask) -> None:
    """Ana's account, with a quick hash."""
    with app.app_context():
        quick = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
        db.session.add(User(username="ana", password_hash=quick))
        db.session.commit()


def build(app: Flask) -> Corpus:
    """Make the account's matches; what the pages need to name them."""
    account(app)
    api = ApiClient(app.test_client())
    corpus = Corpus()

    def start(name: str, **body: object) -> int:
        corpus.matches[name] = api.start(**body)["id"]
        return corpus.matches[name]

    def record(match_id: int, body: dict) -> None:
        response = api.request("POST", f"/matches/{match_id}/hands", body)
        assert response.status_code == 201, response.get_data(as_text=True)

    def version(match_id: int) -> str:
        return api.request("GET", f"/matches/{match_id}").headers["ETag"]

    two = start("two", ruleset="escova-rs", players=["Ana", "Bea"], partnerships=False, first_dealer=0,
                options={"penalty": "forfeit"})
    record(two, by_cards())
    record(two, by_tally(mirror=True))
    record(two, by_cards(moves={"5o": "1"}))  # a card in the wrong pile: an error
    corrected = api.request("PUT", f"/matches/{two}/hands/1", by_cards(escobas=(0, 0)),
                            headers={"If-Match": version(two)})
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    record(two, by_cards(mirror=True))
    assert api.request("DELETE", f"/matches/{two}/hands/4", headers={"If-Match": version(two)}).status_code == 200

    finished = start("finished", ruleset="escova-rs", players=["Ana", "Lucía"], partnerships=False, first_dealer=1)
    for _ in range(12):
        if api.request("GET", f"/matches/{finished}").get_json().get("winner") is not None:
            break
        record(finished, by_cards())
    start("three", ruleset="escoba-es", players=["Ana", "Bea", "Carla"], partnerships=False, first_dealer=2,
          deck_style="french")
    record(corpus.matches["three"], THREE)
    start("four", ruleset="escoba-intl", players=["Ana", "Bea", "Carla", "Diego"], partnerships=False,
          first_dealer=0, deck_style="french-jq")
    record(corpus.matches["four"], FOUR)
    start("pairs", ruleset="escova-rs", players=["Ana", "Bruno", "Carla", "Diego"], partnerships=True,
          first_dealer=3)
    record(corpus.matches["pairs"], by_cards())
    record(corpus.matches["pairs"], by_tally(mirror=True))
    start("setenta", ruleset="escoba-es", players=["Ana", "Bea"], partnerships=False, first_dealer=0,
          options={"sevens": "setenta", "ties": "shared"})
    record(corpus.matches["setenta"], SETENTA)
    start("tiebreak", ruleset="escoba-intl", players=["Ana", "Bea"], partnerships=False, first_dealer=0,
          options={"sevens": "most_tiebreak"})
    start("drawing", ruleset="escoba-es", players=["Ana", "Bea", "Carla"], partnerships=False, first_dealer=None)

    with app.app_context():
        match = db.session.get(Match, two)
        assert match is not None
        edited = db.session.scalars(select(MatchEvent.id).where(MatchEvent.match_id == two,
                                                                MatchEvent.kind == "hand_edited")).one()
        trail.revert_correction(match, edited, match.version)
        corpus.reverted = db.session.scalars(select(MatchEvent.id).where(MatchEvent.match_id == two)
                                             .order_by(MatchEvent.id.desc())).first() or 0
        players = {p.name: p for p in db.session.scalars(select(Player))}
        player_services.rename_player(players["Lucía"], "Lucía M.")
        corpus.players = {"ana": players["Ana"].id, "lucia": players["Lucía"].id, "diego": players["Diego"].id}
    club_night(app, corpus)
    start("confirming", ruleset="escoba-es", players=["Ana", "Bea"], partnerships=False, first_dealer=0,
          options={"confirm_hands": "other_sides"})
    record(corpus.matches["confirming"], by_cards())
    disputed(app, corpus)
    return corpus


def disputed(app: Flask, corpus: Corpus) -> None:
    """Bea scores Ana's match under "both sides confirm each hand" and counts its hand 1 otherwise: a card of Ana's
    pile in hers (version B, a side in error), so the hand waits, in dispute."""
    match_id = corpus.matches["confirming"]
    with app.app_context():
        bea = db.session.scalars(select(User).where(User.username == "bea")).one()
        join(bea, make_join_code(db.session.get_one(Match, match_id)).code)
        match = get_match(bea, match_id)
        corpus.seen = digest(versions_of(match.hands[0])[0])
        enter_version(match, 1, HandDraft.kept("cards", by_cards(moves={"5o": "1"}), 0), corpus.seen)


def club_night(app: Flask, corpus: Corpus) -> None:
    """Ana's club (Bea a member), its house rules, and a Swiss tournament of three guests by them: round 1 started,
    its table's result recorded by hand, the third entrant's bye."""
    with app.app_context():
        quick = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
        bea = User(username="bea", password_hash=quick)
        db.session.add(bea)
        db.session.commit()
        ana = db.session.scalars(select(User).where(User.username == "ana")).one()
        corpus.club = create_club(ana, "Casa de Ana").id
        join_club(bea, make_invite(membership(ana, corpus.club)).secret)
        rules = HouseRules(make_ruleset("escoba-es", target=21, penalty="void", sevens="setenta"), "spanish",
                           OpeningSweep.FIRST)
        corpus.house_rules = save_club_profile(ana, corpus.club, "Tuesday night", rules).id
        entrants = tuple((PlayerSpec(name=name),) for name in ("Bea", "Carla", "Diego"))
        corpus.tournament = create_tournament(ana, corpus.club, TournamentSpec(
            "Friday night", FORMATS["swiss"], corpus.house_rules, entrants, rounds=2)).id
        started = start_round(ana, corpus.tournament)
        corpus.table = next(table.id for table in started.round.tables if table.match_id is not None)
        record_result(ana, corpus.table, 21, 12, "Diego left early")


def spectator_address(client: FlaskClient, match_id: int) -> str:
    """The read-only link the scoreboard shows (made on its first view)."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    found = re.search(r'href="(/watch/[^"]+)"', page) or re.search(r'(https?://[^"<\s]*/watch/[^"<\s]+)', page)
    assert found, "no spectator link on the scoreboard"
    return re.sub(r"^https?://[^/]+", "", found.group(1))


# What differs from one run to the next, each with what it is replaced by.
MASKS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r'(name="csrf_token"[^>]*value=")[^"]*'), r"\1CSRF"),
    (re.compile(r'(name="csrf-token" content=")[^"]*'), r"\1CSRF"),
    (re.compile(r'(nonce=")[^"]*'), r"\1NONCE"),
    (re.compile(r"/watch/[A-Za-z0-9_-]+"), "/watch/TOKEN"),
    (re.compile(r"/card/[A-Za-z0-9_-]+"), "/card/TOKEN"),
    (re.compile(r'(<div class="qr">)<svg.*?</svg>', re.S), r"\1<svg>QR</svg>"),
    (re.compile(r'(name="client_token" type="hidden" value=")[0-9a-f]*'), r"\1CLIENT"),
    (re.compile(r'(<time datetime=")[^"]*("[^>]*>)[^<]*'), r"\1TIME\2TIME"),
    (re.compile(r'(data-etag=")[0-9a-f]*'), r"\1ETAG"),
    # A textarea's first line break, which WTForms writes as CRLF: a recorded file reads back with LF only.
    (re.compile(r"\r\n"), "\n"),
    # A static file's fingerprint follows its content, which changes without any page changing.
    (re.compile(r"(/static/[^\"'?\s]+\?v=)[0-9a-f]+"), r"\1FINGERPRINT"),
]


def masked(html: str) -> str:
    """A page with what differs between runs replaced by fixed words."""
    for pattern, replacement in MASKS:
        html = pattern.sub(replacement, html)
    return html


def page(client: FlaskClient, url: str) -> str:
    """A page as recorded: its status, then its HTML masked."""
    response = client.get(url)
    return f"<!-- {response.status_code} -->\n" + masked(response.get_data(as_text=True))


def read_pages(app: Flask, corpus: Corpus) -> dict[tuple[str, str], str]:
    """Every page in every language, masked: (language, name) → HTML."""
    read: dict[tuple[str, str], str] = {}
    for language in LANGUAGES:
        client = app.test_client()
        client.get(f"/language/{language}")
        login = client.get("/login").get_data(as_text=True)
        token = re.search(r'name="csrf_token"[^>]*value="([^"]*)"', login)
        assert token
        for name in ("home", "login", "register"):
            read[(language, f"{name}-visitor")] = page(client, corpus.pages()[name])
        assert client.post("/login", data={"csrf_token": token.group(1), "username": "ana",
                                           "password": PASSWORD}).status_code == 302
        if not corpus.watch:
            corpus.watch = spectator_address(client, corpus.matches["two"])
        for name, url in corpus.pages().items():
            read[(language, name)] = page(client, url)
    client = app.test_client()
    client.get("/theme/dark")
    for name in ("home", "tools", "watch"):
        read[("en", f"{name}-dark")] = page(client, corpus.pages()[name])
    return read
