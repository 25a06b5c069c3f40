"""One use case, one transaction (referee/services/unit_of_work.py): every use case that writes more than once is
sent with its k-th write failing as a locked database fails it, for every k it makes, on SQLite and PostgreSQL.
Each time the answer is 503 and not one row of any table changed; sent once more without the fault, it goes
through. And no service or view commits or rolls back by itself: the unit of work does, once."""

from __future__ import annotations

import ast
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import factories
import pytest
from backup_play import backup_of
from flask import Flask
from page_client import PASSWORD, Scorekeeper
from sqlalchemy import select
from throwaway import fresh_database
from werkzeug.test import TestResponse
from write_faults import Committed, WriteCounter, everything, fingerprint

from referee.extensions import db
from referee.models import Match, MatchEvent, Player, TournamentTable
from referee.services.sharing import make_join_code

REFEREE = Path(__file__).resolve().parents[2] / "referee"
# Run untraced (tests/conftest.py, untraced): each use case is sent once per write it makes and once more, some 500
# requests whose lines the tests of each flow count already; traced, they cost the suite some 20 s of its cores.
pytestmark = pytest.mark.no_cover

Send = Callable[[], TestResponse]


@dataclass
class Scene:
    """An app on a fresh database, with Ana (an organiser of a club with Bea and Cid as members) logged in."""

    app: Flask
    ana: Scorekeeper
    bea: Scorekeeper
    cid: Scorekeeper
    club_id: int

    def visitor(self) -> Scorekeeper:
        """A phone with no account."""
        return Scorekeeper(self.app, self.app.test_client())

    def match(self, hands: int = 0, names: tuple[str, ...] = ("Ana", "Bea")) -> int:
        """A match of Ana's with `hands` hands saved (first dealer chosen)."""
        match_id = factories.start(self.ana, names)
        for n in range(hands):
            factories.save_hand(self.ana, match_id, mirror=n % 2 == 1)
        return match_id

    def query(self, statement: Any) -> Any:
        """Every row of a select."""
        with self.app.app_context():
            return db.session.execute(statement).all()

    def post(self, person: Scorekeeper, url: str, fields: dict[str, Any] | None = None) -> Send:
        """A sender of a POST with the session's CSRF token (fields read now, sent as they are each time)."""
        data = {"csrf_token": person.token(), **(fields or {})}
        return lambda: person.client.post(url, data=dict(data))

    def submit(self, person: Scorekeeper, url: str, changes: dict[str, str] | None = None,
               action: str | None = None) -> Send:
        """A sender of a page's form, filled in once (as Scorekeeper.submit does) and sent as it is each time."""
        fields = person.form(url, action) | (changes or {})
        return lambda: person.client.post(action or url, data=dict(fields))


# -- the use cases: each sets up what it needs and gives the request that runs it -------------------------------


def register(scene: Scene) -> Send:
    """An account and its first login."""
    return scene.submit(scene.visitor(), "/register", {"username": "dora", "password": PASSWORD,
                                                       "confirm": PASSWORD})


def guest(scene: Scene) -> Send:
    """A guest account and its login."""
    visitor = scene.visitor()
    return scene.post(visitor, "/guest")


def join_match_as_guest(scene: Scene) -> Send:
    """A visitor's phone joins a match by its code: a guest, its login, its joining."""
    match_id = scene.match()
    with scene.app.app_context():
        code = make_join_code(db.session.get_one(Match, match_id)).code
    return scene.submit(scene.visitor(), "/join", {"code": code})


def join_club_as_guest(scene: Scene) -> Send:
    """A visitor's phone joins a club by its invite: a guest, its login, its membership."""
    secret = factories.club_invite(scene.ana, scene.club_id)
    visitor = scene.visitor()
    return scene.post(visitor, f"/clubs/join/{secret}")


def keep_matches(scene: Scene) -> Send:
    """A guest with a match keeps it under a name."""
    phone = scene.visitor()
    assert phone.client.post("/guest", data={"csrf_token": phone.token()}).status_code == 302
    phone.start(("Eva", "Fer"))
    return scene.submit(phone, "/account/keep", {"username": "eva", "password": PASSWORD, "confirm": PASSWORD})


def change_password(scene: Scene) -> Send:
    """A new password: every other login and token ended, this device logged in anew."""
    factories.phone(scene.ana)
    return scene.submit(scene.ana, "/account/password", {"current": PASSWORD, "password": "another-horse-9",
                                                         "confirm": "another-horse-9"})


def delete_account(scene: Scene) -> Send:
    """An account with matches, players and a club goes whole."""
    scene.match(hands=2)
    return scene.submit(scene.bea, "/account/delete", {"password": PASSWORD})


def new_match(scene: Scene) -> Send:
    """A match, its players made, its seats and first event."""
    return scene.submit(scene.ana, "/matches/new", {"seating": "pairs", "first_dealer": "0", "names-0": "Gil",
                                                    "names-1": "Hal", "names-2": "Ivo", "names-3": "Jon"})


def rematch(scene: Scene) -> Send:
    """A finished match played again, with its scorers."""
    match_id = factories.start(scene.ana, ("Ana", "Bea"), target="4")
    factories.save_hand(scene.ana, match_id, escobas=(6, 0))
    return scene.post(scene.ana, f"/matches/{match_id}/rematch")


def save_hand(scene: Scene) -> Send:
    """A hand, its sides' results, its trail event and the match's new version."""
    match_id = scene.match(hands=1)
    url = scene.ana.hand_url(match_id)
    return scene.submit(scene.ana, url, scene.ana.hand_fields(mirror=True) | {"action": "save"})


def edit_hand(scene: Scene) -> Send:
    """A correction."""
    match_id = scene.match(hands=2)
    url = scene.ana.hand_url(match_id, number=1)
    return scene.submit(scene.ana, url, scene.ana.hand_fields(mirror=True) | {"action": "save"})


def undo(scene: Scene) -> Send:
    """The last hand taken back."""
    match_id = scene.match(hands=2)
    return scene.submit(scene.ana, f"/matches/{match_id}/undo")


def restore(scene: Scene) -> Send:
    """A hand taken back brought back."""
    match_id = scene.match(hands=2)
    factories.undo(scene.ana, match_id)
    event = scene.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                    MatchEvent.kind == "hand_undone"))[0][0]
    url = f"/matches/{match_id}/trail/{event}/restore"
    return scene.submit(scene.ana, f"/matches/{match_id}", action=url)


def revert(scene: Scene) -> Send:
    """A correction reverted."""
    match_id = scene.match(hands=2)
    factories.save_hand(scene.ana, match_id, number=1, mirror=True)
    event = scene.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                    MatchEvent.kind == "hand_edited"))[0][0]
    url = f"/matches/{match_id}/trail/{event}/revert"
    return scene.submit(scene.ana, url, action=url)


def draw_for_us(scene: Scene) -> Send:
    """The app draws for dealer: its rounds in the trail, the dealer set."""
    match_id = scene.ana.start(("Ana", "Bea", "Cid"), first_dealer="draw")
    return scene.submit(scene.ana, f"/matches/{match_id}/draw", action=f"/matches/{match_id}/draw/app")


def new_join_code(scene: Scene) -> Send:
    """The old codes revoked, a new one made."""
    match_id = scene.match()
    scene.post(scene.ana, f"/matches/{match_id}/together")()
    return scene.post(scene.ana, f"/matches/{match_id}/together")


def claim_seat(scene: Scene) -> Send:
    """A scorer who joined with a live code claims a seat, confirmed at once."""
    match_id = scene.match()
    with scene.app.app_context():
        code = make_join_code(db.session.get_one(Match, match_id)).code
    assert scene.submit(scene.bea, "/join", {"code": code})().status_code == 302
    return scene.post(scene.bea, f"/matches/{match_id}/seat", {"seat": "1"})


def new_spectator_link(scene: Scene) -> Send:
    """The old spectator link revoked, a new one made, the trail told."""
    match_id = scene.match()
    return scene.post(scene.ana, f"/matches/{match_id}/link")


def players(scene: Scene) -> tuple[int, int]:
    """Two of Ana's players who sat in matches: Bea and Beatriz."""
    scene.match(hands=1, names=("Ana", "Bea"))
    scene.match(hands=1, names=("Ana", "Beatriz"))
    ids = dict(scene.query(select(Player.name, Player.id)))
    return ids["Bea"], ids["Beatriz"]


def merge_players(scene: Scene) -> Send:
    """Two players made one: seats moved, one player gone, the ratings computed again."""
    kept, merged = players(scene)
    return scene.submit(scene.ana, f"/players/{kept}/merge", {"other": str(merged), "keep": "this"})


def delete_player(scene: Scene) -> Send:
    """A player forgotten: seats kept without them, the ratings computed again."""
    _kept, gone = players(scene)
    return scene.submit(scene.ana, f"/players/{gone}/delete")


def rename_player(scene: Scene) -> Send:
    """A player renamed in every match."""
    kept, _merged = players(scene)
    return scene.submit(scene.ana, f"/players/{kept}/rename", {"name": "Bia"})


def create_club(scene: Scene) -> Send:
    """A club and its organiser."""
    return scene.submit(scene.cid, "/clubs/", {"name": "Bar do Cid"})


def leave_club(scene: Scene) -> Send:
    """The last member leaves: the club goes, its matches stay unfiled."""
    club_id = factories.club(scene.cid, "Solo")
    factories.club_match(scene.cid, club_id)
    return scene.post(scene.cid, f"/clubs/{club_id}/leave")


def house_rules(scene: Scene) -> Send:
    """A rules profile."""
    return scene.submit(scene.ana, "/rules/new", {"name": "Sunday"})


def new_tournament(scene: Scene) -> Send:
    """A tournament with its entrants."""
    profile = factories.house_rules(scene.ana, "Night", target=4)
    return scene.submit(scene.ana, f"/clubs/{scene.club_id}/tournaments/new", {
        "name": "Friday", "profile": str(profile), "format": "swiss", "rounds": "2", "guests": "Lia\nMel\nNia"})


def tournament_of(scene: Scene, entrants: int = 4, format: str = "swiss") -> int:
    """A tournament of the club with Bea and guests."""
    guests = ["Lia", "Mel", "Nia", "Oto", "Pia"][:entrants - 1]
    return factories.tournament(scene.ana, scene.club_id, [scene.bea, *guests], format=format,
                                rounds=2 if format == "swiss" else None)


def start_first_round(scene: Scene) -> Send:
    """Round 1: the round, each table's match with its players, seats, scorers and join code, and the bye."""
    tournament_id = tournament_of(scene, entrants=5)
    return scene.post(scene.ana, f"/tournaments/{tournament_id}/rounds")


def start_next_round(scene: Scene) -> Send:
    """Round 2 of a knockout: round 1 closed, round 2 paired from its winners."""
    tournament_id = tournament_of(scene, format="knockout")
    started = factories.start_next_round(scene.ana, tournament_id)
    for table in started.round.tables:
        assert table.match_id is not None
        factories.play_table(scene.ana, table.match_id)
    return scene.post(scene.ana, f"/tournaments/{tournament_id}/rounds")


def record_result(scene: Scene) -> Send:
    """A table's result recorded by hand, with its trail line."""
    tournament_id = tournament_of(scene)
    table_id = factories.start_next_round(scene.ana, tournament_id).round.tables[0].id
    return scene.post(scene.ana, f"/tournaments/{tournament_id}/tables/{table_id}/result",
                      {"home_points": "4", "away_points": "1", "reason": "walk-over"})


def table_codes(scene: Scene) -> Send:
    """New join codes for every table of the round."""
    tournament_id = tournament_of(scene)
    factories.start_next_round(scene.ana, tournament_id)
    return scene.post(scene.ana, f"/tournaments/{tournament_id}/codes")


def import_backup(scene: Scene) -> Send:
    """A backup restored into another account: its players and matches with their hands and trail."""
    scene.match(hands=3)
    document = json.dumps(backup_of(scene.ana)).encode()
    token = scene.cid.form("/account/import")["csrf_token"]
    return lambda: scene.cid.client.post("/account/import", content_type="multipart/form-data", data={
        "csrf_token": token, "backup": (io.BytesIO(document), "backup.json", "application/json")})


USE_CASES = [register, guest, join_match_as_guest, join_club_as_guest, keep_matches, change_password, delete_account,
             new_match, rematch, save_hand, edit_hand, undo, restore, revert, draw_for_us, new_join_code, claim_seat,
             new_spectator_link, merge_players, delete_player, rename_player, create_club, leave_club, house_rules,
             new_tournament, start_first_round, start_next_round, record_result, table_codes, import_backup]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """SQLite in the fast loop; PostgreSQL too in CI (every use case, every k, on a server: half a minute)."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def scene(database_app: Callable[..., Flask]) -> Scene:
    """The scene on SQLite, then on PostgreSQL; errors answered as in production."""
    app = database_app(PROPAGATE_EXCEPTIONS=False)
    ana, bea, cid = (factories.keeper(app, name) for name in ("ana", "bea", "cid"))
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea, cid)
    return Scene(app, ana, bea, cid, club_id)


@pytest.mark.parametrize("use_case", USE_CASES, ids=lambda case: case.__name__)
def test_a_use_case_whose_kth_write_fails_writes_nothing_at_all_and_then_goes_through(scene, use_case):
    """For every k up to the writes the use case makes: 503, and every row of every table as it was."""
    send = use_case(scene)
    counter = WriteCounter(scene.app)
    before = everything(scene.app)
    # Every row is read again after the first k; after the others, on SQLite, a commit is seen in data_version (it
    # moves when any other connection commits a change, and only then), and on PostgreSQL every table's rows are
    # compared by one digest each, in one query: cheaper looks that prove the same.
    sqlite = scene.app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
    committed = Committed(scene.app) if sqlite else None
    digests = None if sqlite else fingerprint(scene.app)
    failed_at = []
    k = 1
    try:
        while True:
            with counter.failing(k):
                answer = send()
            if counter.count < k:  # the request made fewer than k writes: every one of them has failed once
                break
            assert answer.status_code == 503, (use_case.__name__, k, counter.statements, answer.status_code)
            if k == 1:
                unchanged = everything(scene.app) == before
            else:
                unchanged = not committed.since() if committed else fingerprint(scene.app) == digests
            assert unchanged, (use_case.__name__, k, counter.statements)
            failed_at.append(k)
            k += 1
    finally:
        if committed:
            committed.close()
    assert answer.status_code in (200, 201, 302), (use_case.__name__, answer.status_code)
    assert everything(scene.app) != before
    assert failed_at, f"{use_case.__name__} writes nothing"


def test_no_service_or_view_commits_or_rolls_back_by_itself():
    """Only the unit of work ends a transaction (and the error pages roll back a failed request's)."""
    allowed = {REFEREE / "services" / "unit_of_work.py", REFEREE / "views" / "errors.py",
               REFEREE / "views" / "health.py"}
    found = []
    for path in sorted(REFEREE.rglob("*.py")):
        if path in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("commit", "rollback") and "session" in ast.unparse(node.func.value):
                found.append(f"{path.relative_to(REFEREE)}:{node.lineno}")
    assert found == []


def test_the_tables_of_a_round_are_made_with_it(scene):
    """After a start, every table but the bye has its match: nothing of a round exists without the rest."""
    tournament_id = tournament_of(scene, entrants=5)
    assert scene.post(scene.ana, f"/tournaments/{tournament_id}/rounds")().status_code == 302
    rows = scene.query(select(TournamentTable.away_id, TournamentTable.match_id))
    assert len(rows) == 3 and all((away is None) == (match is None) for away, match in rows)


def test_the_cheap_looks_see_a_committed_change(scene):
    """SQLite's data_version and PostgreSQL's digests move when a change is committed (and not when nothing is):
    the fault test's looks after each k are no tautology."""
    sqlite = scene.app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
    look = Committed(scene.app) if sqlite else None
    digests = None if look else fingerprint(scene.app)

    def changed() -> bool:
        """Whether the cheap look saw a commit since the last look."""
        return look.since() if look else fingerprint(scene.app) != digests

    assert not changed()
    factories.start(scene.ana, ("Gil", "Hal"))
    assert changed()
    if look:
        look.close()
