"""Saves at the same moment, against a real server: gunicorn with several workers, on SQLite and PostgreSQL.

The same hand form posted 20 times at once (a phone's double taps and its outbox resending, all together)
stores exactly one hand, and every answer is the scoreboard (the saved hand) or a conflict page, never a
5xx. Two phones saving different hands under the same number: one is stored, the other told. A new
scoreboard opened on several phones at once makes one spectator link.

Rounds per test: REFEREE_CONCURRENCY_ROUNDS (a few by default, for CI). The long run, outside CI:

    REFEREE_CONCURRENCY_ROUNDS=50 pytest tests/web/test_concurrency.py -s -q
"""

from __future__ import annotations

import os
import re
import sys
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import pytest
import throwaway
from gunicorn_server import ROOT, Gunicorn
from sqlalchemy import create_engine, text

from referee.config import sqlalchemy_url

pytestmark = pytest.mark.slow  # a real gunicorn with several workers, on each database

ROUNDS = int(os.environ.get("REFEREE_CONCURRENCY_ROUNDS", "3"))
AT_ONCE = 20
HANDS = 20  # hands per match (at +4 a hand, no side reaches the target of 100)
WORKERS = 4
PASSWORD = "Tables-and-Cards-77"
SEEN: Counter[tuple[str, str, int]] = Counter()  # (database, test, status) → answers, for the long run's figures


class NoRedirects(HTTPRedirectHandler):
    """Answers as they come: a redirect is an answer to look at, not to follow."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        """Follow no redirect."""
        return None


@dataclass
class Answer:
    """One HTTP answer: its status, where it redirects, its page."""

    status: int
    location: str = ""
    body: str = ""


class Browser:
    """One phone: its own cookies, reading and posting the server's forms."""

    def __init__(self, base: str, helpers: Any) -> None:
        self.base, self.helpers = base, helpers
        self.jar = CookieJar()

    def open(self, path: str, fields: list[tuple[str, str]] | None = None, cookies: bool = True) -> Answer:
        """GET, or POST the fields; with cookies=False, send this phone's cookies as they are now (thread-safe)."""
        handlers: list[Any] = [NoRedirects()]
        headers = {}
        if cookies:
            handlers.append(HTTPCookieProcessor(self.jar))
        else:
            headers["Cookie"] = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        data = urlencode(fields).encode() if fields is not None else None
        request = Request(self.base + path, data=data, headers=headers)
        try:
            with build_opener(*handlers).open(request, timeout=60) as response:
                return Answer(response.status, response.headers.get("Location", ""), response.read().decode())
        except HTTPError as error:
            return Answer(error.code, error.headers.get("Location", ""), error.read().decode(errors="replace"))

    def form(self, path: str, action: str | None = None) -> dict[str, str]:
        """The fields of the page's POST form (posting to `action`, else the first that is not logging out)."""
        answer = self.open(path)
        assert answer.status == 200, (path, answer.status)
        return self.helpers.Scorekeeper.fields(answer.body, action)

    def submit(self, path: str, changes: dict[str, str], to: str | None = None) -> Answer:
        """Fill in the page's form and post it."""
        return self.open(to or path, list((self.form(path) | changes).items()))


@dataclass
class Server:
    """gunicorn serving the app on a free port, and the database it uses."""

    name: str
    base: str
    database: str  # a SQLAlchemy URL
    log: Path  # gunicorn's
    helpers: Any
    account: str = field(default_factory=lambda: f"table{uuid.uuid4().hex[:8]}")

    def phone(self) -> Browser:
        """A phone logged in to the account (made on first use)."""
        phone = Browser(self.base, self.helpers)
        if not getattr(self, "_registered", False):
            answer = phone.submit("/register", {"username": self.account, "password": PASSWORD, "confirm": PASSWORD})
            assert answer.status in (302, 303), (answer.status, self.helpers.Scorekeeper.text(answer.body)[:500])
            self._registered = True
        else:
            answer = phone.submit("/login", {"username": self.account, "password": PASSWORD})
            assert answer.status in (302, 303), answer.status
        return phone

    def hands(self, match_id: int) -> list[tuple[int, str | None]]:
        """(number, client_token) of every hand of a match, straight from the database."""
        engine = create_engine(self.database)
        try:
            with engine.connect() as connection:
                rows = connection.execute(text("SELECT number, client_token FROM hand WHERE match_id = :m "
                                               "ORDER BY number"), {"m": match_id})
                return [tuple(row) for row in rows]  # type: ignore[misc]
        finally:
            engine.dispose()


@contextmanager
def start_gunicorn(folder: Path, database: str) -> Iterator[str]:
    """The app under gunicorn with WORKERS workers on a free port, as a deployment runs it: its address while
    it runs. The workers migrate the fresh database as they start, one at a time under the migration lock."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST", "REFEREE_"))}
    env |= {"SECRET_KEY": uuid.uuid4().hex, "DATABASE_URL": database}  # one secret, shared by the workers
    server = Gunicorn([sys.executable, "-m", "gunicorn", "-w", str(WORKERS), "-b", "127.0.0.1:0", "--timeout", "60",
                       "referee:create_app()"], env, folder)
    try:
        port = server.wait_until(ready=WORKERS)
        assert port and server.process.poll() is None, server.log()
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not throwaway.SERVER, reason=throwaway.NO_SERVER))])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """gunicorn on a temporary SQLite file, or on a fresh PostgreSQL database (dropped afterwards)."""
    helpers = request.config.pluginmanager.get_plugin(str(ROOT / "tests" / "conftest.py"))
    tmp = tmp_path_factory.mktemp(f"gunicorn-{request.param}")
    with ExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp / 'referee.sqlite'}"
        else:
            url = stack.enter_context(throwaway.postgres_database("referee_concurrency"))
        try:
            with start_gunicorn(tmp, url) as base:
                yield Server(request.param, base, sqlalchemy_url(url), tmp / "gunicorn.log", helpers)
        finally:
            seen = {key: n for key, n in SEEN.items() if key[0] == request.param}
            if seen:
                print(f"\n{request.param}: " + "; ".join(f"{test} {status}×{n}" for (_db, test, status), n
                                                        in sorted(seen.items())))


def at_once(sends: list[tuple[Browser, str, list[tuple[str, str]] | None]]) -> list[Answer]:
    """Send every (phone, address, fields) from a thread of its own, released together (no fields: a GET)."""
    barrier = threading.Barrier(len(sends))
    answers: list[Answer | BaseException | None] = [None] * len(sends)

    def send(i: int, phone: Browser, path: str, fields: list[tuple[str, str]] | None) -> None:
        barrier.wait()
        try:
            answers[i] = phone.open(path, fields, cookies=False)
        except BaseException as error:  # reported by the caller, with the thread's answers
            answers[i] = error

    threads = [threading.Thread(target=send, args=(i, *s)) for i, s in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for answer in answers:
        assert isinstance(answer, Answer), answer
    return answers  # type: ignore[return-value]


def new_match(server: Server, phone: Browser) -> int:
    """A two-player match to 100 (no hand ends it), Ana dealing first: its id."""
    answer = phone.submit("/matches/new", {"seating": "2", "first_dealer": "0", "names-0": "Ana", "names-1": "Bea",
                                           "target": "100"})
    assert answer.status in (302, 303), answer.status
    return int(answer.location.rstrip("/").split("/")[-1])


def rounds(server: Server, phone: Browser) -> Iterator[tuple[int, int]]:
    """(hand number, match id) for each round: a new match every HANDS rounds, before one could be won."""
    for i in range(ROUNDS):
        if i % HANDS == 0:
            match_id = new_match(server, phone)
        yield i % HANDS + 1, match_id


def entry(server: Server, phone: Browser, match_id: int, mirror: bool = False) -> list[tuple[str, str]]:
    """The hand entry form for the next hand, filled in with the correct hand and Save pressed."""
    url = f"/matches/{match_id}/hands/new?mode=cards"
    fields = phone.form(url) | server.helpers.Scorekeeper.hand_fields("cards", mirror) | {"action": "save"}
    return list(fields.items())


def test_the_same_hand_posted_20_times_at_once_is_stored_once_and_no_answer_is_a_5xx(server: Server) -> None:
    """One phone's form, sent by 20 threads at the same moment: one hand; every answer goes to the scoreboard
    (the saved hand) or is a conflict page."""
    phone = server.phone()
    for number, match_id in rounds(server, phone):
        fields = entry(server, phone, match_id)
        answers = at_once([(phone, f"/matches/{match_id}/hands/new?mode=cards", fields)] * AT_ONCE)
        for answer in answers:
            SEEN[(server.name, "same hand", answer.status)] += 1
        assert [a.status for a in answers if a.status >= 500] == [], server.log.read_text()[-3000:]
        stored = server.hands(match_id)
        assert [n for n, _token in stored] == list(range(1, number + 1))
        assert stored[-1][1] == dict(fields)["client_token"]
        for answer in answers:
            assert answer.status in (302, 303, 409), answer.status
            if answer.status in (302, 303):
                assert answer.location.endswith(f"/matches/{match_id}")
            else:
                assert "was already saved" in server.helpers.Scorekeeper.text(answer.body)


def test_two_phones_saving_different_hands_under_one_number_at_once_store_one(server: Server) -> None:
    """Both opened hand N; both save at the same moment: one hand N is stored, the other phone sees the conflict
    page with its entry kept (and can save it as the next hand)."""
    first, second = server.phone(), server.phone()
    for number, match_id in rounds(server, first):
        mine, theirs = entry(server, first, match_id), entry(server, second, match_id, mirror=True)
        url = f"/matches/{match_id}/hands/new?mode=cards"
        answers = at_once([(first, url, mine), (second, url, theirs)])
        for answer in answers:
            SEEN[(server.name, "two phones", answer.status)] += 1
        assert sorted(a.status for a in answers) == [302, 409], server.log.read_text()[-3000:]
        stored = server.hands(match_id)
        assert [n for n, _token in stored] == list(range(1, number + 1))
        winner = 0 if answers[0].status == 302 else 1
        assert stored[-1][1] == dict((mine, theirs)[winner])["client_token"]
        assert f"Hand {number} was already saved from another phone." in \
            server.helpers.Scorekeeper.text(answers[1 - winner].body)


def test_a_new_scoreboard_opened_on_several_phones_at_once_shows_one_spectator_link(server: Server) -> None:
    """The first opening makes the spectator link; opened at the same moment, every phone gets the page and
    the same link (the losers of the race read the winner's)."""
    phone = server.phone()
    for _ in range(ROUNDS):
        match_id = new_match(server, phone)
        answers = at_once([(phone, f"/matches/{match_id}", None)] * 10)
        for answer in answers:
            SEEN[(server.name, "scoreboard", answer.status)] += 1
        assert [a.status for a in answers] == [200] * 10, server.log.read_text()[-3000:]
        links = {tuple(re.findall(r'<p class="link"><a href="([^"]+)"', a.body)) for a in answers}
        assert len(links) == 1 and len(next(iter(links))) == 1
