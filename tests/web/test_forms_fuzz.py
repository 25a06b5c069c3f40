"""Arbitrary form data at every form, and arbitrary queries at every page that reads one: never a 5xx.

Each form is read from its page as a browser would (tests/conftest.py's Scorekeeper), with a valid CSRF
token (now and then a missing or forged one), then mutated: fields given arbitrary text, thousands of
digits, unicode, control characters or nothing, repeated or dropped, and entries no page has
(cards-999, escobas-7, names-50). The account owns a match with a few hands.

On SQLite always, and on PostgreSQL when REFEREE_TEST_POSTGRES names a server. Examples per test:
REFEREE_FUZZ_EXAMPLES (6 by default, for CI: some 60 forms on two databases, ~85 s of the suite at 10). The big
run, outside CI, prints what was sent:

    REFEREE_FUZZ_EXAMPLES=300 pytest tests/web/test_forms_fuzz.py -s -q
"""

from __future__ import annotations

import os
import re
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
import throwaway
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, update
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import ClubInvite, Hand, Match, MatchEvent, Player, User
from referee.rules import DECK, make_ruleset
from referee.services.club_profiles import save_club_profile
from referee.services.clubs import create_club, join_club, make_invite, membership
from referee.services.formats import FORMATS
from referee.services.profiles import HouseRules, save_profile
from referee.services.sharing import make_join_code, revoke_join_codes
from referee.services.tournament_rounds import rounds_of, start_round
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament

pytestmark = pytest.mark.no_cover  # a fuzzer: run untraced, not counted (tests/conftest.py, untraced)

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "0")) or None
FUZZ = settings(max_examples=EXAMPLES or 6, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
CODES = [str(card) for card in DECK]
# Throttling off: every login and registration is really tried (429s are the throttling tests' business).
CONFIG = {"TESTING": True, "SECRET_KEY": "fuzz", "RATELIMIT_ENABLED": False}
SENT: Counter[tuple[str, str, int]] = Counter()  # (database, target, status) → requests, for the big run's figures

# The quick entry of tests/conftest.py's correct hand: its leftover on the table, the first side's counts.
QUICK = {"place-1o": "L", "place-2o": "L", "place-3o": "L", "place-4o": "L", "cards-0": "20", "oros-0": "10",
         "sevens-0": "2", "velo": "0", "escobas-0": "1", "escobas-1": "0", "last_capture": "0"}

# -- what goes into a field ---------------------------------------------------------------

ODD = ["", " ", "0", "-1", "1.5", "1e3", "NaN", "-0", "+3", "0x1f", "١٢", "²", "\x00", "A\x00", "\n1", "1\n", "null",
       "[]", "{}", "<b>x</b>", "' OR 1=1 --", "draw", "pairs", "L", "save", "review", "10o", "zz", "2147483648",
       "most", "setenta", "most_tiebreak", "shared", "nobody", "SETENTA", "face",
       "9223372036854775808", "é" * 3, "🃏", "\ud7ff", "x" * 65, "0,1", "0,0", "1,0,2,3,4"]
VALUES = st.one_of(
    st.sampled_from(ODD),
    st.sampled_from(CODES),
    st.text(max_size=40),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.integers(min_value=20, max_value=5000).map(lambda n: "9" * n),
    st.text(st.characters(codec="utf-8"), min_size=41, max_size=400),
)
EXTRA_KEYS = st.one_of(
    st.sampled_from(["cards-999", "cards-4", "cards-2", "escobas-7", "escobas-2", "names-50", "names-4", "names-²",
                     "oros-4", "sevens-9", "pile_sum-3", "escobas-" + "9" * 5000, "cards-٣", "place-11o", "place-",
                     "seats", "number", "version", "client_token", "dealer", "action", "velo", "last_capture",
                     "mode", "page", "name", "remember", "next", "csrf_token", "rest", "oros-0", "sevens-1",
                     "hand", "leaving"]),
    st.text(max_size=20),
)


@st.composite
def mutations(draw: st.DrawFn, base: dict[str, str]) -> MultiDict[str, str]:
    """A browser's form, changed: some fields changed, dropped or repeated, some added, the CSRF token kept
    (mostly), dropped, emptied or forged."""
    pairs = [(key, value) for key, value in base.items() if key != "csrf_token"]
    keys = [key for key, _value in pairs]
    if keys:
        for key in draw(st.lists(st.sampled_from(keys), max_size=4, unique=True)):
            how = draw(st.sampled_from(["change", "change", "drop", "repeat"]))
            kept = [(k, v) for k, v in pairs if k != key]
            if how == "change":
                pairs = [*kept, (key, draw(VALUES))]
            elif how == "drop":
                pairs = kept
            else:
                pairs = [*pairs, *((key, draw(VALUES)) for _ in range(draw(st.integers(1, 3))))]
    pairs += draw(st.lists(st.tuples(EXTRA_KEYS, VALUES), max_size=3))
    csrf = draw(st.sampled_from(["keep"] * 7 + ["drop", "empty", "forge"]))
    token = base.get("csrf_token", "")
    if csrf != "drop" and token:
        pairs.append(("csrf_token", {"keep": token, "empty": "", "forge": token[::-1]}[csrf]))
    return MultiDict(pairs)


@st.composite
def queries(draw: st.DrawFn, names: list[str]) -> str:
    """A query string: the page's own fields and others, any values, keys repeated."""
    key = st.one_of(st.sampled_from(names), EXTRA_KEYS)
    pairs = draw(st.lists(st.tuples(key, VALUES), max_size=8))
    if draw(st.booleans()):  # a card list tapped many times over
        pairs += [(draw(st.sampled_from(names)), draw(st.sampled_from(CODES)))] * draw(st.integers(1, 60))
    return urlencode(pairs)


# -- the table: an app, an account with matches, and the forms read from its pages --------------------------

class Table:
    """One app and database for a whole module: an account ('ana') with a match of a few hands, a match
    waiting for its draw, a finished one, and the pages whose forms are fuzzed."""

    def __init__(self, name: str, app: Flask, helpers: Any) -> None:
        self.name, self.app, self.helpers = name, app, helpers
        self.keeper = helpers.Scorekeeper(app, app.test_client()).account("ana")
        self.play = self.waiting = self.finished = 0
        self.ready()

    def query(self, statement: Any) -> Any:
        """Rows of a select, in an app context."""
        return self.keeper.query(statement)

    def write(self, statement: Any) -> None:
        """Run a change straight on the database (to set the table again between examples)."""
        with self.app.app_context():
            db.session.execute(statement)
            db.session.commit()

    def ready(self) -> None:
        """Set the table again: a match in play with at least two hands, one waiting for its draw, one won."""
        rows = self.query(select(Match.finished).where(Match.id == self.play)) if self.play else []
        if not rows or rows[0][0]:
            self.play = self.keeper.start(("Ana", "Bea"), target="100")
        for _ in range(2 - len(self.query(select(Hand.id).where(Hand.match_id == self.play)))):
            self.keeper.save_hand(self.play)
        if not self.waiting:
            self.waiting = self.keeper.start(("Ana", "Bea", "Cid"), first_dealer="draw")
        self.write(update(Match).where(Match.id == self.waiting).values(first_dealer=None))
        # The draw starts again from its first round: the rounds are read from the trail.
        self.write(delete(MatchEvent).where(MatchEvent.match_id == self.waiting,
                                            MatchEvent.kind.in_(["draw_tie", "first_dealer"])))
        if not self.finished:
            self.finished = self.keeper.start(("Ana", "Bea"), target="4")
            self.keeper.save_hand(self.finished)

    def visitor(self) -> Any:
        """Someone not logged in, with a browser of their own."""
        return self.helpers.Scorekeeper(self.app, self.app.test_client())

    def phone(self) -> Any:
        """The account logged in on a browser of its own (for logging out)."""
        phone = self.visitor()
        phone.login("ana")
        return phone

    def send(self, target: str, client: Any, method: str, url: str, data: MultiDict[str, str] | None = None
             ) -> TestResponse:
        """Send one request, count it, and assert the answer is not a 5xx."""
        response = client.open(url, method=method, data=data)
        SENT[(self.name, target, response.status_code)] += 1
        assert response.status_code < 500, (target, url[:200], data)
        return response


def posted_forms(table: Table) -> dict[str, Callable[[], tuple[Any, str, dict[str, str]]]]:
    """Every POST form: who posts it, where, and its fields as the page gives them, filled in as a person would."""
    keeper, helpers = table.keeper, table.helpers

    def hand(mode: str, number: int | None = None) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            url = keeper.hand_url(table.play, mode, number)
            filled = QUICK if mode == "quick" else keeper.hand_fields(mode)
            return keeper, url, keeper.form(url) | filled | {"action": "review"}
        return form

    def board(action: str, match: Callable[[], int]) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            url = f"/matches/{match()}/{action}"
            page = url if action == "undo" else f"/matches/{match()}"  # undo asks first, on a page of its own
            return keeper, url, keeper.form(page, action=url)
        return form

    def trail(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            if action == "restore":  # the last hand taken back, so the scoreboard offers it again
                keeper.submit(f"/matches/{table.play}/undo")
            else:  # a correction of hand 1, so the trail offers to revert it
                escobas = keeper.form(keeper.hand_url(table.play, number=1))["escobas-0"]
                keeper.save_hand(table.play, number=1, escobas=(1 - int(escobas == "1"), 0))
            board = keeper.page(f"/matches/{table.play}")
            if action == "revert":  # a revert asks first: the trail's link opens the page with its form
                [url, *_] = re.findall(r'href="([^"]*/trail/[0-9]+/revert)"', board)
                return keeper, url, keeper.form(url, action=url)
            [url, *_] = [f["attrs"]["action"] for f in helpers.page_forms(board)
                         if f["attrs"].get("action", "").endswith(f"/{action}")]
            return keeper, url, keeper.form(f"/matches/{table.play}", action=url)
        return form

    def register() -> tuple[Any, str, dict[str, str]]:
        visitor = table.visitor()
        name, password = f"fuzz{uuid.uuid4().hex[:10]}", f"Pw-{uuid.uuid4().hex}"
        return visitor, "/register", visitor.form("/register") | {
            "username": name, "password": password, "confirm": password}

    def login() -> tuple[Any, str, dict[str, str]]:
        visitor = table.visitor()
        return visitor, "/login", visitor.form("/login") | {"username": "ana", "password": helpers.PASSWORD}

    def logout() -> tuple[Any, str, dict[str, str]]:
        phone = table.phone()
        return phone, "/logout", phone.form("/matches/", action="/logout")

    def new_match() -> tuple[Any, str, dict[str, str]]:
        return keeper, "/matches/new", keeper.form("/matches/new") | {
            "seating": "3", "first_dealer": "1", "names-0": "Ana", "names-1": "Bea", "names-2": "Cid"}

    def draw() -> tuple[Any, str, dict[str, str]]:
        url = f"/matches/{table.waiting}/draw"
        return keeper, url, keeper.form(url, action=url) | {"cards-0": "7o", "cards-1": "10c", "cards-2": "3e"}

    def tied_draw() -> tuple[Any, str, dict[str, str]]:
        """The second round, after Ana and Cid tied on kings: only their two cards."""
        url = f"/matches/{table.waiting}/draw"
        keeper.submit(url, {"cards-0": "10o", "cards-1": "2c", "cards-2": "10e"}, action=url)
        return keeper, url, keeper.form(url, action=url) | {"cards-0": "4o", "cards-1": "5o"}

    def draw_for_us() -> tuple[Any, str, dict[str, str]]:
        """The app's draw: the button's form beside the grids."""
        page = f"/matches/{table.waiting}/draw"
        return keeper, page + "/app", keeper.form(page, action=page + "/app")

    def revoke_link() -> tuple[Any, str, dict[str, str]]:
        """The confirmation page's button."""
        url = f"/matches/{table.play}/link"
        return keeper, url, keeper.form(url)

    def join() -> tuple[Any, str, dict[str, str]]:
        """Another account types a live code of the match on the join page."""
        person = own_account()
        with table.app.app_context():
            code = make_join_code(db.session.get_one(Match, table.play)).code
        return person, "/join", person.form("/join") | {"code": code}

    def together(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            url = f"/matches/{table.play}/together{action}"
            if action:  # stopping a code: the page offers it once a code is made
                keeper.submit(f"/matches/{table.play}/together")
            else:  # making one: the page offers it while no code this phone made is live
                with table.app.app_context():
                    revoke_join_codes(db.session.get_one(Match, table.play))
            return keeper, url, keeper.form(f"/matches/{table.play}/together", action=url)
        return form

    def remove_scorer() -> tuple[Any, str, dict[str, str]]:
        """The confirmation page's button, for a scorer of its own."""
        person = own_account()
        with table.app.app_context():
            code = make_join_code(db.session.get_one(Match, table.play)).code
        person.submit("/join", {"code": code}, action="/join")
        with table.app.app_context():
            scorer = db.session.scalar(select(User.id).where(User.username == person.username))
        url = f"/matches/{table.play}/scorers/{scorer}/remove"
        return keeper, url, keeper.form(url)

    def leave() -> tuple[Any, str, dict[str, str]]:
        """A scorer of its own stops scoring the match: the confirmation page's button."""
        person = own_account()
        with table.app.app_context():
            code = make_join_code(db.session.get_one(Match, table.play)).code
        person.submit("/join", {"code": code}, action="/join")
        url = f"/matches/{table.play}/leave"
        return person, url, person.form(url)

    def claim_seat() -> tuple[Any, str, dict[str, str]]:
        """A scorer of its own picks its seat in a match of its own (a claim per account in a match, and one per
        seat: a match whose seats the fuzz claimed already would offer none)."""
        person, match_id = own_account(), table.keeper.start(("Ana", "Bea"))
        with table.app.app_context():
            code = make_join_code(db.session.get_one(Match, match_id)).code
        person.submit("/join", {"code": code}, action="/join")
        url = f"/matches/{match_id}/seat"
        return person, url, person.form(url, action=url) | {"seat": "0"}

    def fresh_player() -> int:
        """A player of the account's of its own (each example may rename, merge or delete one)."""
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == "ana"))
            player = Player(name=f"fz{uuid.uuid4().hex[:10]}")
            user.players.append(player)
            db.session.commit()
            return int(player.id)

    def player_form(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            url = f"/players/{fresh_player()}/{action}"
            filled = {"name": f"Fz {uuid.uuid4().hex[:8]}"} if action == "rename" else {}
            if action == "merge":
                filled = {"other": str(fresh_player()), "keep": "other"}
            return keeper, url, keeper.form(url) | filled
        return form

    def own_account() -> Any:
        """An account of its own, logged in: these forms may change its password, log it out or delete it."""
        return helpers.Scorekeeper(table.app, table.app.test_client()).account(f"fz{uuid.uuid4().hex[:10]}")

    def password() -> tuple[Any, str, dict[str, str]]:
        person, new = own_account(), f"Pw-{uuid.uuid4().hex}"
        return person, "/account/password", person.form("/account/password") | {
            "current": helpers.PASSWORD, "password": new, "confirm": new}

    def delete() -> tuple[Any, str, dict[str, str]]:
        person = own_account()
        return person, "/account/delete", person.form("/account/delete") | {"password": helpers.PASSWORD}

    def everywhere() -> tuple[Any, str, dict[str, str]]:
        person = own_account()
        return person, "/account/logout-everywhere", person.form("/account", action="/account/logout-everywhere")

    def device() -> tuple[Any, str, dict[str, str]]:
        person = own_account()
        [action] = [form["attrs"]["action"] for form in helpers.page_forms(person.page("/account"))
                    if "/devices/" in form["attrs"].get("action", "")]
        return person, action, person.form("/account", action=action)

    def guest() -> Any:
        """A phone that tapped New match without an account."""
        phone = table.visitor()
        assert phone.submit("/", action="/guest").status_code == 302
        return phone

    def start_as_guest() -> tuple[Any, str, dict[str, str]]:
        visitor = table.visitor()
        return visitor, "/guest", visitor.form("/", action="/guest")

    def keep_matches() -> tuple[Any, str, dict[str, str]]:
        phone, name, password = guest(), f"fuzz{uuid.uuid4().hex[:10]}", f"Pw-{uuid.uuid4().hex}"
        return phone, "/account/keep", phone.form("/account/keep") | {
            "username": name, "password": password, "confirm": password}

    def leave_as_guest() -> tuple[Any, str, dict[str, str]]:
        phone = guest()
        return phone, "/account/leave", phone.form("/account/leave", action="/account/leave")

    def fresh_profile() -> int:
        """House rules of the account's of their own (each example may rename, change or delete them)."""
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == "ana"))
            return save_profile(user, f"fz{uuid.uuid4().hex[:10]}", HouseRules(make_ruleset("escoba-es"))).id

    def profile_form(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            if action == "new":
                return keeper, "/rules/new", keeper.form("/rules/new") | {"name": f"Fz {uuid.uuid4().hex[:8]}"}
            page = f"/rules/{fresh_profile()}"
            if action == "link":
                return keeper, f"{page}/link", keeper.form(page, action=f"{page}/link")
            return keeper, f"{page}/{action}", keeper.form(f"{page}/{action}")
        return form

    def club_profile_form(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        """A club's house rules: new ones, or changing those of a club of Ana's own (each example its own)."""
        def form() -> tuple[Any, str, dict[str, str]]:
            club_id = own_club(keeper)
            if action == "new":
                url = f"/clubs/{club_id}/rules/new"
                return keeper, url, keeper.form(url) | {"name": f"Fz {uuid.uuid4().hex[:8]}"}
            with table.app.app_context():
                user = db.session.scalar(select(User).where(User.username == "ana"))
                made = save_club_profile(user, club_id, "Fz", HouseRules(make_ruleset("escoba-es"))).id
            url = f"/clubs/{club_id}/rules/{made}/edit"
            return keeper, url, keeper.form(url)
        return form

    def new_match_from_profile() -> tuple[Any, str, dict[str, str]]:
        """The new-match page opened from house rules, saving its rules under a new name too."""
        page = f"/matches/new?profile={fresh_profile()}"
        return keeper, page, keeper.form(page) | {
            "seating": "2", "first_dealer": "1", "names-0": "Ana", "names-1": "Bea",
            "save_as": f"Fz {uuid.uuid4().hex[:8]}"}

    def entering() -> tuple[Any, str, dict[str, str]]:
        """What the entry page sends while it is open (static/js/entering.js): its CSRF token and hand."""
        return keeper, f"/matches/{table.play}/entering", {"csrf_token": keeper.token(), "hand": "3"}

    def own_club(person: Any) -> int:
        """A club of the person's own, which it organises."""
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == person.username))
            return create_club(user, f"Club {uuid.uuid4().hex[:6]}").id

    def club_with_member() -> tuple[Any, Any, int]:
        """A club of an account of its own, another account its member (each example may remove or promote)."""
        organiser, other = own_account(), own_account()
        club_id = own_club(organiser)
        with table.app.app_context():
            users = {u.username: u for u in db.session.scalars(select(User).where(
                User.username.in_([organiser.username, other.username])))}
            join_club(users[other.username], make_invite(membership(users[organiser.username], club_id)).secret)
        return organiser, other, club_id

    def start_club() -> tuple[Any, str, dict[str, str]]:
        return keeper, "/clubs/", keeper.form("/clubs/", action="/clubs/") | {"name": "Casa"}

    def club_rated() -> tuple[Any, str, dict[str, str]]:
        club_id = own_club(keeper)
        url = f"/clubs/{club_id}/rated"
        return keeper, url, keeper.form(f"/clubs/{club_id}", action=url) | {"rated": "y"}

    def club_member(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            organiser, other, club_id = club_with_member()
            with table.app.app_context():
                other_id = db.session.scalar(select(User.id).where(User.username == other.username))
            url = f"/clubs/{club_id}/members/{other_id}/{action}"
            # removing asks first, on a page of its own (its form posts back to it); promoting is a button on the club's
            fields = organiser.form(url) if action == "remove" else organiser.form(f"/clubs/{club_id}", action=url)
            return organiser, url, fields
        return form

    def leave_club() -> tuple[Any, str, dict[str, str]]:
        _organiser, other, club_id = club_with_member()
        url = f"/clubs/{club_id}/leave"
        return other, url, other.form(url)

    def club_invites(stop: bool) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            club_id = own_club(keeper)
            url = f"/clubs/{club_id}/invites"
            if stop:
                keeper.submit(url, action=url)
                with table.app.app_context():
                    invite_id = db.session.scalar(select(ClubInvite.id).where(ClubInvite.club_id == club_id))
                action = f"{url}/{invite_id}/revoke"
                return keeper, action, keeper.form(url, action=action)
            return keeper, url, keeper.form(url, action=url)
        return form

    def join_a_club() -> tuple[Any, str, dict[str, str]]:
        """Another account opens a live invite link of Ana's club and presses its button."""
        person = own_account()
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == "ana"))
            secret = make_invite(membership(user, own_club(keeper))).secret
        url = f"/clubs/join/{secret}"
        return person, url, person.form(url)

    def new_club_match() -> tuple[Any, str, dict[str, str]]:
        own_club(keeper)
        fields = keeper.form("/matches/new")
        return keeper, "/matches/new", fields | {"seating": "2", "first_dealer": "0", "names-0": "Ana",
                                                 "names-1": "Bea"}

    def club_tournament(started: bool) -> int:
        """A round robin of two guests in a club of Ana's own, its first round started when asked."""
        club_id, profile_id = own_club(keeper), fresh_profile()
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == "ana"))
            made = create_tournament(user, club_id, TournamentSpec(
                "Fz", FORMATS["round_robin"], profile_id, ((PlayerSpec("A"),), (PlayerSpec("B"),))))
            if started:
                start_round(user, made.id)
            return made.id

    def new_tournament() -> tuple[Any, str, dict[str, str]]:
        club_id, profile_id = own_club(keeper), fresh_profile()
        url = f"/clubs/{club_id}/tournaments/new"
        return keeper, url, keeper.form(url) | {"name": "Fz", "profile": str(profile_id), "rounds": "1",
                                                "guests": "A\nB & C"}

    def tournament_button(action: str) -> Callable[[], tuple[Any, str, dict[str, str]]]:
        def form() -> tuple[Any, str, dict[str, str]]:
            tournament_id = club_tournament(action != "rounds")
            return keeper, f"/tournaments/{tournament_id}/{action}", {"csrf_token": keeper.token()}
        return form

    def result_by_hand() -> tuple[Any, str, dict[str, str]]:
        tournament_id = club_tournament(True)
        with table.app.app_context():
            user = db.session.scalar(select(User).where(User.username == "ana"))
            table_id = rounds_of(user, tournament_id)[0].tables[0].id
        url = f"/tournaments/{tournament_id}/tables/{table_id}/result"
        return keeper, url, keeper.form(url) | {"home_points": "4", "away_points": "1", "reason": "Fz"}

    def round_length() -> tuple[Any, str, dict[str, str]]:
        url = f"/tournaments/{club_tournament(True)}/board"
        return keeper, f"{url}/length", keeper.form(url, action=f"{url}/length") | {"minutes": "25"}

    return {
        "board link": tournament_button("board/link"), "round length": round_length,
        "sheet codes": tournament_button("rounds/1/sheet/codes"),
        "new tournament": new_tournament, "start a round": tournament_button("rounds"),
        "close a round": tournament_button("close"), "new table codes": tournament_button("codes"),
        "result by hand": result_by_hand,
        "start a club": start_club, "club rating choice": club_rated, "make organiser": club_member("organiser"),
        "remove a member": club_member("remove"), "leave a club": leave_club,
        "make an invite": club_invites(False), "stop an invite": club_invites(True), "join a club": join_a_club,
        "new match in a club": new_club_match,
        "start as a guest": start_as_guest, "keep my matches": keep_matches, "guest logs out": leave_as_guest,
        "register": register, "login": login, "logout": logout, "new match": new_match, "draw for dealer": draw,
        "redraw after a tie": tied_draw, "draw for us": draw_for_us,
        "hand by cards": hand("cards"), "hand by counts": hand("tally"),
        "correction by cards": hand("cards", 1), "correction by counts": hand("tally", 1),
        "hand the quick way": hand("quick"), "correction the quick way": hand("quick", 1),
        "undo": board("undo", lambda: table.play), "spectator link": revoke_link,
        "rematch": board("rematch", lambda: table.finished), "rename a player": player_form("rename"),
        "merge players": player_form("merge"), "delete a player": player_form("delete"),
        "restore a hand": trail("restore"), "revert a correction": trail("revert"),
        "change password": password, "delete account": delete, "log out everywhere": everywhere,
        "log out a device": device, "who is entering": entering, "join a match": join,
        "make a join code": together(""), "stop a join code": together("/revoke"), "remove a scorer": remove_scorer,
        "leave a match": leave,
        "claim a seat": claim_seat,
        "new house rules": profile_form("new"), "change house rules": profile_form("edit"),
        "rename house rules": profile_form("rename"), "delete house rules": profile_form("delete"),
        "replace a rules card's address": profile_form("link"), "new match from house rules": new_match_from_profile,
        "new club house rules": club_profile_form("new"), "change club house rules": club_profile_form("edit"),
    }


TOOL_FIELDS = ["check", "style", "card", "table", "cards", "sum", "pile", *(f"name-{i}" for i in range(4)),
               *(f"card-{i}" for i in range(4)), "a", "b"]


def pages_with_queries(table: Table) -> dict[str, tuple[str, list[str]]]:
    """Every GET page that reads a query: its address and the names it reads."""
    return {
        "matches list": ("/matches/", ["page", "player", "status"]),
        "new match": ("/matches/new", ["club", "profile", "seating", "first_dealer",
                                       *(f"names-{i}" for i in range(5))]),
        "hand entry": (f"/matches/{table.play}/hands/new", ["mode"]),
        "correction entry": (f"/matches/{table.play}/hands/1/edit", ["mode"]),
        "my record": ("/me", ["game", "period"]),
        **{f"tool {tool}": (f"/tools/{tool}", TOOL_FIELDS)
           for tool in ("captures", "leftover", "dispute", "draw", "setenta")},
    }


# -- the fixtures: one table per database, for the whole module --------------------------------------

@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not throwaway.SERVER, reason=throwaway.NO_SERVER))])
def table(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """The account, its matches and its forms, on SQLite or PostgreSQL; the figures printed at the end."""
    helpers = request.config.pluginmanager.get_plugin(str(Path(__file__).resolve().parents[1] / "conftest.py"))
    with ExitStack() as stack:
        if request.param == "sqlite":
            path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
            app = create_app(CONFIG | {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
            upgrade_schema(app)
        else:
            app = stack.enter_context(throwaway.postgres_app(CONFIG, "referee_fuzz"))
        yield Table(request.param, app, helpers)
    sent = {key: n for key, n in SENT.items() if key[0] == request.param}
    statuses: Counter[int] = Counter()
    for (_db, _target, status), n in sent.items():
        statuses[status] += n
    print(f"\n{request.param}: {sum(sent.values())} requests, {sum(n for s, n in statuses.items() if s >= 500)} "
          f"5xx; by status {dict(sorted(statuses.items()))}")
    for target in dict.fromkeys(target for _db, target, _status in sent):
        print(f"  {target}: " + ", ".join(f"{status}×{n}" for (_db, t, status), n in sorted(sent.items())
                                          if t == target))


# -- the tests ---------------------------------------------------------------------------------------

POSTS = ["start as a guest", "keep my matches", "guest logs out",
         "register", "login", "logout", "new match", "draw for dealer", "redraw after a tie", "draw for us",
         "hand by cards", "hand by counts", "correction by cards", "correction by counts", "hand the quick way",
         "correction the quick way", "undo", "restore a hand", "revert a correction", "spectator link", "rematch",
         "rename a player", "merge players", "delete a player", "change password", "delete account",
         "log out everywhere", "log out a device", "who is entering", "join a match", "make a join code",
         "stop a join code", "remove a scorer", "leave a match", "claim a seat", "start a club",
         "club rating choice", "make organiser", "remove a member", "leave a club", "make an invite",
         "stop an invite", "join a club", "new match in a club", "new house rules",
         "change house rules", "rename house rules", "delete house rules", "replace a rules card's address",
         "new match from house rules", "new tournament", "start a round", "close a round", "new table codes",
         "result by hand", "new club house rules", "change club house rules", "board link", "round length",
         "sheet codes"]


def test_every_form_made_here_is_fuzzed(table: Table) -> None:
    """A form added to posted_forms and not to POSTS would never be sent anything."""
    assert sorted(POSTS) == sorted(posted_forms(table))


@pytest.mark.parametrize("target", POSTS)
@FUZZ
@given(data=st.data())
def test_no_post_form_answers_a_5xx_whatever_it_is_sent(table: Table, target: str, data: st.DataObject) -> None:
    """Each form as its page gives it, then mutated: 2xx, 3xx or 4xx, never 5xx."""
    table.ready()
    client, url, base = posted_forms(table)[target]()
    if "action" in base:  # a hand's entry: checked, or saved
        base["action"] = data.draw(st.sampled_from(["review", "save"]))
    table.send(target, client.client, "POST", url, data.draw(mutations(base)))


@pytest.mark.parametrize("target", ["matches list", "new match", "hand entry", "correction entry", "my record",
                                    "tool captures", "tool leftover", "tool dispute", "tool draw"])
@FUZZ
@given(data=st.data())
def test_no_page_answers_a_5xx_whatever_its_query(table: Table, target: str, data: st.DataObject) -> None:
    """Filters, page numbers, entry modes and the tools' fields, any values, repeated: never a 5xx."""
    table.ready()
    address, names = pages_with_queries(table)[target]
    table.send(target, table.keeper.client, "GET", f"{address}?{data.draw(queries(names))}")


@FUZZ
@given(number=st.one_of(st.integers(min_value=-1, max_value=10**40).map(str), st.sampled_from(ODD)),
       where=st.sampled_from(["", "/draw", "/entering", "/hands/new", "/hands/1/edit", "/hands/{n}/edit",
                              "/trail/{n}/revert", "/card"]))
def test_no_address_with_a_number_answers_a_5xx(table: Table, number: str, where: str) -> None:
    """Any number, or anything, where an address takes a match's or a hand's number: a page or a 404."""
    if "{n}" in where:
        url = f"/matches/{table.play}" + where.replace("{n}", quote(number, safe=""))
    else:
        url = f"/matches/{quote(number, safe='')}{where}"
    table.send("address numbers", table.keeper.client, "GET", url)


@FUZZ
@given(number=st.one_of(st.integers(min_value=-1, max_value=10**40).map(str), st.sampled_from(ODD)),
       action=st.sampled_from(["", "/rename", "/merge", "/delete"]), post=st.booleans())
def test_no_players_address_with_a_number_answers_a_5xx(table: Table, number: str, action: str, post: bool) -> None:
    """Any number, or anything, where an address takes a player's number: a page, a refusal or a 404."""
    url = f"/players/{quote(number, safe='')}{action}"
    data = MultiDict({"csrf_token": table.keeper.token(), "name": "Fz", "other": number}) if post else None
    table.send("player address numbers", table.keeper.client, "POST" if post else "GET", url, data)


@FUZZ
@given(token=st.one_of(st.text(max_size=100), st.sampled_from(ODD)))
def test_no_spectator_link_answers_a_5xx(table: Table, token: str) -> None:
    """Whatever follows /watch/: the scoreboard or a 404."""
    table.send("spectator token", table.visitor().client, "GET", f"/watch/{quote(token, safe='')}")


@FUZZ
@given(number=st.one_of(st.integers(min_value=-1, max_value=10**40).map(str), st.sampled_from(ODD)),
       action=st.sampled_from(["", "/edit", "/rename", "/delete", "/link"]), post=st.booleans())
def test_no_house_rules_address_with_a_number_answers_a_5xx(table: Table, number: str, action: str,
                                                            post: bool) -> None:
    """Any number, or anything, where an address takes house rules' number: a page, a refusal or a 404."""
    url = f"/rules/{quote(number, safe='')}{action}"
    data = MultiDict({"csrf_token": table.keeper.token(), "name": "Fz", "target": number}) if post else None
    table.send("house rules address numbers", table.keeper.client, "POST" if post else "GET", url, data)


@FUZZ
@given(token=st.one_of(st.text(max_size=100), st.sampled_from(ODD)))
def test_no_rules_card_address_answers_a_5xx(table: Table, token: str) -> None:
    """Whatever follows /card/: a rules card or a 404."""
    table.send("rules card token", table.visitor().client, "GET", f"/card/{quote(token, safe='')}")


@FUZZ
@given(number=st.one_of(st.integers(min_value=-1, max_value=10**40).map(str), st.sampled_from(ODD)),
       where=st.sampled_from(["/tournaments/{n}", "/tournaments/{n}/standings", "/clubs/{n}/tournaments",
                              "/clubs/{n}/tournaments/new", "/tournaments/1/tables/{n}/result",
                              "/tournaments/{n}/board", "/tournaments/{n}/rounds/{n}/sheet",
                              "/tournaments/{n}/standings.csv", "/tournaments/{n}/results.csv", "/board/{n}"]))
def test_no_tournament_address_with_a_number_answers_a_5xx(table: Table, number: str, where: str) -> None:
    """Any number, or anything, where an address takes a tournament's, a club's or a table's number: a page or a
    404."""
    table.send("tournament address numbers", table.keeper.client, "GET", where.replace("{n}", quote(number, safe="")))


CONTROL = "This holds control characters"
# What each refusal answers, and the words it says (the control characters are named where a person typed).
REFUSED = {"register": (422, CONTROL), "login": (422, CONTROL), "new match": (422, CONTROL),
           "matches list": (422, CONTROL), "spectator token": (404, "Not found."),
           "client token": (422, "Part of this page was changed outside the app")}


@pytest.mark.parametrize("where", list(REFUSED))
def test_what_postgresql_cannot_store_is_refused_before_any_query(table: Table, where: str) -> None:
    """PostgreSQL cannot store or even compare a NUL, nor put 65 characters in a 64-character column (psycopg
    raises DataError): refused by the forms first, on every database."""
    visitor, keeper = table.visitor(), table.keeper
    table.ready()
    if where == "client token":
        response = keeper.enter_hand(table.play, "save", overrides={"client_token": "t" * 65})
    elif where == "register":
        response = visitor.register("A\x00na")
    elif where == "login":
        response = visitor.submit("/login", {"username": "ana\x00", "password": table.helpers.PASSWORD})
    elif where == "new match":
        response = keeper.new_match(("Ana\x00", "Bea"))
    elif where == "matches list":
        response = keeper.client.get("/matches/?player=Ana%00")
    else:
        response = visitor.client.get("/watch/abc%00def")
    status, words = REFUSED[where]
    assert response.status_code == status
    assert words in table.helpers.Scorekeeper.text(response.get_data(as_text=True))


ETAGS = st.one_of(st.sampled_from(["*", '""', 'W/"x"', '"' + "a" * 5000 + '"', ",,,", '"a", "b"', "\x00"]),
                  st.text(st.characters(codec="latin-1", exclude_characters="\r\n"), max_size=200))


@FUZZ
@given(etag=ETAGS, data=st.data())
def test_the_spectator_page_answers_any_if_none_match_without_a_5xx(table: Table, etag: str,
                                                                     data: st.DataObject) -> None:
    """Any If-None-Match, on a working link, a replaced one or one never made: 200, 304, 404 or 410 only."""
    table.ready()
    page = table.keeper.page(f"/matches/{table.play}")
    [path] = {link.split("/watch/")[1].split('"')[0] for link in page.split('href="')[1:] if "/watch/" in link}
    target = data.draw(st.sampled_from([f"/watch/{path}", "/watch/" + "A" * 43, "/watch/x"]))
    visitor = table.visitor()
    if data.draw(st.booleans()):  # the page's own ETag, as the script sends it
        etag = visitor.client.get(target).headers.get("ETag", etag)
    response = visitor.client.get(target, headers={"If-None-Match": etag})
    SENT[(table.name, "spectator page", response.status_code)] += 1
    assert response.status_code in (200, 304, 404, 410), (target, etag)
