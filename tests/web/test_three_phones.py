"""Two phones, any order — three, in fact, at the same moment: a tournament table's organiser (its owner), a member
at the table on the pages and a guest's phone through the API, each step of the three sent together from threads
of their own, over every write route of a table (save, correct, undo, restore, revert, claim a seat, remove a
scorer and join again, record a result by hand, close and start a round), on SQLite and PostgreSQL.

Whatever the interleaving: no answer is a 5xx, the hands are numbered 1…n once each, and the trail, replayed from
the match's first event, gives exactly the hands stored."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import factories
import pytest
from api_client import ApiClient, by_cards
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from page_client import Scorekeeper
from races import together
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match, MatchEvent
from referee.services import set_first_dealer
from referee.services.sharing import join, make_join_code

EXAMPLES = int(os.environ.get("REFEREE_RACE_EXAMPLES", "4"))
MEMBER = ("save", "save", "correct", "undo", "restore", "revert", "claim")
GUEST = ("save", "save", "correct", "undo", "claim", "join")
ORGANISER = ("save", "undo", "result", "close", "start", "remove", "code")


class Table:
    """A Swiss event of four of Ana's club (Bea a member, three guests' names), round 1 started: Bea's table is
    scored by Ana (its owner) and Bea on the pages, and by Cid (no member) through the API with the table's code."""

    def __init__(self, app: Flask, phones: tuple[Scorekeeper, Scorekeeper, Scorekeeper, ApiClient], club_id: int,
                 profile_id: int, n: int) -> None:
        self.app = app
        ana, bea, cid, self.api = phones
        self.ana, self.bea, self.cid = ana, bea, cid
        self.tournament_id = factories.tournament(ana, club_id, [bea, "Caio", "Dora", "Eva"], rounds=2,
                                                  profile_id=profile_id, name=f"Night {n}")
        started = factories.start_next_round(ana, self.tournament_id)
        table = next(one for one in started.round.tables if one.home.name == "bea")
        assert table.match_id is not None
        self.table_id, self.match_id = table.id, table.match_id
        self.code = started.codes[table.id].code
        with app.app_context():
            cid_user = factories.user_of(cid)
            self.cid_id = cid_user.id
            join(cid_user, self.code)
            set_first_dealer(db.session.get_one(Match, self.match_id), 0)
        self.api.request("GET", f"/matches/{self.match_id}")  # the token's use noted before the race

    # -- reading what a phone sees ------------------------------------------------------------------------------
    def form(self, person: Scorekeeper, url: str, action: str | None = None) -> dict[str, str] | None:
        """The page's POST form (to `action`), or None when the page is not there for this phone now."""
        answer = person.client.get(url)
        assert answer.status_code < 500, (url, answer.status_code)
        if answer.status_code != 200:
            return None
        try:
            return person.fields(answer.get_data(as_text=True), action)
        except AssertionError:  # no such form on the page now (nothing to undo, say)
            return None

    def post(self, person: Scorekeeper, url: str, fields: dict[str, str] | None) -> int:
        """POST the form, when there was one; its status (0 when nothing was sent)."""
        if fields is None:
            return 0
        return person.client.post(url, data=fields).status_code

    def hands(self) -> int:
        """How many hands the table's match holds now."""
        with self.app.app_context():
            return len(db.session.scalars(select(Hand.id).where(Hand.match_id == self.match_id)).all())

    # -- the steps -------------------------------------------------------------------------------------------------
    def page_step(self, person: Scorekeeper, action: str, mirror: bool) -> int:
        """One page action of the member or the organiser."""
        m = self.match_id
        if action == "save":
            url = person.hand_url(m)
            fields = self.form(person, url)
            return self.post(person, url, fields and fields | person.hand_fields(mirror=mirror) | {"action": "save"})
        if action == "correct":
            url = person.hand_url(m, number=max(self.hands(), 1))
            fields = self.form(person, url)
            return self.post(person, url, fields and fields | person.hand_fields(mirror=mirror) | {"action": "save"})
        if action == "undo":
            return self.post(person, f"/matches/{m}/undo", self.form(person, f"/matches/{m}/undo"))
        if action in ("restore", "revert"):
            page = person.client.get(f"/matches/{m}")
            found = re.search(rf'action="(/matches/{m}/trail/\d+/{action})"', page.get_data(as_text=True))
            if found is None:
                return 0
            url = found.group(1)
            return self.post(person, url, self.form(person, url if action == "revert" else f"/matches/{m}", url))
        if action == "claim":
            return self.post(person, f"/matches/{m}/seat", {"csrf_token": person.token(), "seat": "0"})
        return self.organiser_step(action, mirror)

    def organiser_step(self, action: str, mirror: bool) -> int:
        """One of the organiser's own actions."""
        ana, t = self.ana, self.tournament_id
        token = {"csrf_token": ana.token()}
        if action == "result":
            home, away = (0, 4) if mirror else (4, 0)
            return ana.client.post(f"/tournaments/{t}/tables/{self.table_id}/result",
                                   data=token | {"home_points": str(home), "away_points": str(away),
                                                 "reason": "paper"}).status_code
        if action in ("close", "start"):
            return ana.client.post(f"/tournaments/{t}/{'close' if action == 'close' else 'rounds'}",
                                   data=token).status_code
        if action == "remove":
            return ana.client.post(f"/matches/{self.match_id}/scorers/{self.cid_id}/remove", data=token).status_code
        assert action == "code"
        with self.app.app_context():
            self.code = make_join_code(db.session.get_one(Match, self.match_id)).code
        return 200

    def api_step(self, action: str, mirror: bool) -> int:
        """One action of the guest's phone, through the API."""
        m, api = self.match_id, self.api
        if action == "join":
            return api.request("POST", "/join", {"code": self.code}).status_code
        if action == "claim":  # on the phone's page: the API claims no seat
            return self.cid.client.post(f"/matches/{m}/seat", data={"csrf_token": self.cid.token(),
                                                                    "seat": "1"}).status_code
        read = api.request("GET", f"/matches/{m}")
        if read.status_code != 200:
            return read.status_code
        version, count = read.headers["ETag"].strip('"'), len(read.get_json()["hands"])
        if action == "save":
            return api.request("POST", f"/matches/{m}/hands", by_cards(mirror=mirror)).status_code
        if not count:
            return 0
        if action == "correct":
            return api.request("PUT", f"/matches/{m}/hands/{count}", by_cards(mirror=mirror),
                               headers={"If-Match": version}).status_code
        return api.request("DELETE", f"/matches/{m}/hands/{count}", headers={"If-Match": version}).status_code


def replayed(app: Flask, match_id: int) -> tuple[dict[int, Any], dict[int, Any]]:
    """The hands the trail gives, replayed from the first event, and the hands stored: number → (entry, points)."""
    with app.app_context():
        events = db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == match_id)
                                    .order_by(MatchEvent.id)).all()
        hands: dict[int, Any] = {}
        for event in events:
            number, after = event.hand_number, event.after or {}
            if event.kind in ("hand_recorded", "hand_edited", "hand_reverted", "hand_restored"):
                assert number is not None
                hands[number] = (after["entry"], after["points"])
            elif event.kind == "hand_undone":
                hands.pop(number, None)
        stored = {hand.number: (hand.entry, hand.points)
                  for hand in db.session.scalars(select(Hand).where(Hand.match_id == match_id))}
        return hands, stored


@pytest.fixture
def scene(database_app: Callable[..., Flask]) -> tuple[Flask, tuple[Scorekeeper, Scorekeeper, Scorekeeper, ApiClient],
                                                      int, int]:
    """The app (SQLite, then PostgreSQL), Ana organising a club with Bea, Cid with no club and an API token; a
    profile to 21."""
    app = database_app()
    ana, bea, cid = (factories.keeper(app, name) for name in ("ana", "bea", "cid"))
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea)
    return app, (ana, bea, cid, ApiClient(cid.client, "cid")), club_id, factories.house_rules(ana, "To 21", target=21)


STEP = st.tuples(st.sampled_from(ORGANISER), st.sampled_from(MEMBER), st.sampled_from(GUEST), st.booleans())


def test_three_phones_at_once_never_get_a_5xx_and_leave_the_trail_and_the_hands_agreeing(scene):
    """Random steps, each sent by the three phones at the same moment."""
    app, phones, club_id, profile_id = scene
    ana, bea, _cid, _api = phones
    made = iter(range(10_000))

    # Bounded for CI (no shrinking: each example is a tournament of its own); REFEREE_RACE_EXAMPLES asks for more.
    @settings(max_examples=EXAMPLES, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(steps=st.lists(STEP, min_size=3, max_size=6))
    def interleaving(steps: list[tuple[str, str, str, bool]]) -> None:
        """One table, the three phones taking these steps."""
        table = Table(app, phones, club_id, profile_id, next(made))
        for organiser, member, guest, mirror in steps:
            answers = together([lambda a=organiser, m=mirror: table.page_step(ana, a, m),
                                lambda a=member, m=mirror: table.page_step(bea, a, not m),
                                lambda a=guest, m=mirror: table.api_step(a, m)])
            assert all(isinstance(answer, int) and answer < 500 for answer in answers), (steps, answers)
        trail, stored = replayed(app, table.match_id)
        assert sorted(stored) == list(range(1, len(stored) + 1))
        assert trail == stored

    interleaving()


def test_the_trail_replay_is_no_tautology(scene):
    """A hand changed behind the trail's back no longer agrees with it."""
    app, (ana, *_phones), *_ = scene
    match_id = factories.start(ana)
    factories.save_hand(ana, match_id)
    with app.app_context():
        hand = db.session.scalars(select(Hand).where(Hand.match_id == match_id)).one()
        hand.points = [9, 9]
        db.session.commit()
    trail, stored = replayed(app, match_id)
    assert trail != stored and list(stored) == [1]
