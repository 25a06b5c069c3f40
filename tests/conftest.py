"""Fixtures shared by the web tests: an app on a throwaway database, its client."""

from __future__ import annotations

import importlib
import logging
import pkgutil
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import coverage
import factories
import pytest
import throwaway
from flask import Flask
from flask.testing import FlaskClient
from flask_login import FlaskLoginClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

# Re-exported: tests reach them through this conftest as a plugin (pluginmanager) as well as by name.
from page_client import LEFTOVER, PASSWORD, PILE_A, PILE_B, PageForms, Scorekeeper, hand_places, hand_tally, page_forms  # noqa: F401
from werkzeug.test import TestResponse

import referee
from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db, limiter


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run without coverage (no_cover, made to hold under pytest-xdist by `untraced`): tracing
    the app's server thread doubled their time, and the fuzzers' cost them some 60 %, while the code either reaches
    in Python the example tests reach too (docs/development.md). The fuzz modules mark themselves.

    The modules are run in an order that mixes the browser modules with the others (each module still whole on
    one worker, `--dist loadfile`): a browser test waits on Chromium for some 40 % of its time, which a CPU-bound
    test on the other worker fills, where two workers running browser modules side by side left a core idle."""
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.no_cover)
    items[:] = mixed(items)


# Seconds a test takes, roughly, on this kind of machine in CI: a browser test or a real server under load,
# against one through the test client or the rules core (tests/e2e: ~500 s for ~160 tests; the rest ~650 s for
# ~3 400).
BROWSER_SECONDS, SLOW_SECONDS, OTHER_SECONDS = 3.0, 3.0, 0.2


def mixed(items: list[pytest.Item]) -> list[pytest.Item]:
    """The items module by module (each in its own order), the browser modules and the others each longest
    first (a test marked `seconds(n)` counted at its n: such a module, left to the end, kept one worker busy alone),
    taken from whichever kind has the smaller share of its own total done so far: both kinds are spread over the
    whole run. The same on every worker (pytest-xdist checks that their collections agree)."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)

    def seconds(module: list[pytest.Item]) -> float:
        return sum(marked.args[0] if (marked := item.get_closest_marker("seconds")) else
                   BROWSER_SECONDS if item.get_closest_marker("e2e") else
                   SLOW_SECONDS if item.get_closest_marker("slow") else OTHER_SECONDS for item in module)

    kinds: list[list[list[pytest.Item]]] = [[], []]
    for module in modules.values():
        kinds[0 if module[0].get_closest_marker("e2e") else 1].append(module)
    for kind in kinds:
        kind.sort(key=lambda module: (-seconds(module), module[0].nodeid))
    totals = [sum(map(seconds, kind)) or 1.0 for kind in kinds]
    done = [0.0, 0.0]
    order: list[pytest.Item] = []
    while kinds[0] or kinds[1]:
        kind = 0 if kinds[0] and (not kinds[1] or done[0] / totals[0] <= done[1] / totals[1]) else 1
        module = kinds[kind].pop(0)
        done[kind] += seconds(module)
        order.extend(module)
    return order


@contextmanager
def untraced() -> Iterator[None]:
    """No coverage measuring this process for the block, every one stopped and started again in its order
    (coverage.py's documented `Coverage.current()`, `stop()` and `start()`). Every one: under pytest-xdist a
    worker runs two, the one pytest-cov reports from and one it starts for a whole run (the worker reads `-n`
    too), and stopping the first resumes the second, so pytest-cov's own no_cover left every worker tracing."""
    stopped: list[coverage.Coverage] = []
    while (running := coverage.Coverage.current()) is not None:
        running.stop()
        stopped.append(running)
    try:
        yield
    finally:
        for running in reversed(stopped):
            running.start()


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    """Collection untraced, once every module of the package is imported under coverage (their definitions are
    lines it counts): the rest is importing the test modules, rewriting their asserts and building Schemathesis'
    tests, which coverage's tracer made 80 % slower (~8 s per worker) and none of which it measures."""
    for module in pkgutil.walk_packages(referee.__path__, "referee."):
        importlib.import_module(module.name)
    with untraced():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """A browser test's set-up untraced as well as its call: a module's fixtures play whole matches through the
    browser (43 s traced for tests/e2e/test_story_screens.py's)."""
    if not item.get_closest_marker("e2e"):
        return (yield)
    with untraced():
        return (yield)


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A no_cover test's call untraced (see untraced); inside pytest-cov's own pause (trylast: the innermost
    wrapper), so that each coverage is started again in the order it was."""
    if not item.get_closest_marker("no_cover"):
        return (yield)
    with untraced():
        return (yield)


class ClosingClient(FlaskLoginClient):
    """Flask's test client, reading each answer whole and closing it as a WSGI server would (buffered), so that a
    streamed file is closed at once rather than by the collector (pytest turns warnings into errors); and closing
    each request's body once it is answered. Flask-Login's FlaskLoginClient, so that `app.test_client(user=…)`
    starts logged in (tests/factories.py)."""

    def open(self, *args: Any, buffered: bool = True, **kwargs: Any) -> TestResponse:
        """The answer, read and closed, its request's body closed too."""
        response = super().open(*args, buffered=buffered, **kwargs)
        # Werkzeug leaves each request's body open (it closes only a followed redirect's last one, and only when
        # that answer is closed), and encodes a form over 500 KB, an upload, into a temporary file.
        for answer in (*response.history, response):
            answer.request.input_stream.close()
        return response


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, cached in memory for the test process (Jinja's documented bytecode cache, keyed
    by each template's name and source). Every test makes an app of its own, and each app's Jinja environment
    compiled every template it rendered again: most of the time of a test's first pages (4× the time of
    registering, starting a match and saving a hand, measured)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """The template's code, if compiled before from the same source."""
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a newly compiled template's code."""
        self.compiled[bucket.key] = bucket.bytecode_to_string()


# Every app of the test session, wherever it is made (a module's own app too, and the browser tests' servers).
Flask.test_client_class = ClosingClient
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()}


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Settings a test module adds to the app's (tests/web/test_throttling.py turns throttling on)."""
    return {}


TEST_SETTINGS = {"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False}


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file brought up to date by the app's migrations, once per test process: each test's database
    starts as a copy of it. (Running every migration again for each of some 1 500 tests cost minutes of CI; the
    tests of the migrations themselves start from empty databases, tests/web/test_*_migration.py.)"""
    path = tmp_path_factory.mktemp("migrated") / "template.sqlite"
    made = create_app(TEST_SETTINGS | {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    upgrade_schema(made)
    with made.app_context():
        db.engine.dispose()  # the last connection closed: SQLite folds its write-ahead log into the file
    return path


class SharedApp:
    """One app for the tests of a process that take the default settings, each test on a fresh copy of the
    migrated database and the settings as made. Building an app compiles each of its ~120 URL rules into Python
    code (Werkzeug's builders), some 50 ms an app: over ~2 500 tests, a minute of CI on two cores.

    Two things of an app live in the process, not the app: Flask-Limiter's one Limiter is on or off as the last
    app bound to it said (its `enabled`), and the "referee" logger logs requests to stdout, not propagating, as
    the last app made said (referee/web/request_log.py). So the shared app is made again after a throttled app or one
    that logs its requests. (Putting the logger's handlers back instead would also put back pytest's own, which
    it adds to a non-propagating logger for a test's phase.)"""

    def __init__(self, folder: Path, migrated: Path) -> None:
        self.path, self.migrated = folder / "test.sqlite", migrated
        self.app = self.build()

    def build(self) -> Flask:
        """A new app on the shared database file, and what it was made with."""
        shutil.copyfile(self.migrated, self.path)
        self.app = create_app(TEST_SETTINGS | {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{self.path}"})
        self.settings = dict(self.app.config)
        return self.app

    def fresh(self) -> Flask:
        """The app, its pooled connections closed and its database file replaced by a new copy of the migrated
        one (the old file and its write-ahead log removed first: a connection a test left open keeps reading
        the old file, never a mix); the settings a test changed put back."""
        with self.app.app_context():
            db.engine.dispose()
        for leftover in (self.path, self.path.with_name(self.path.name + "-wal"),
                         self.path.with_name(self.path.name + "-shm")):
            leftover.unlink(missing_ok=True)
        if limiter.enabled or not logging.getLogger(self.app.import_name).propagate:
            return self.build()
        shutil.copyfile(self.migrated, self.path)
        self.app.config.clear()
        self.app.config.update(self.settings)
        return self.app


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> SharedApp:
    """The process's app with the default settings (see SharedApp)."""
    return SharedApp(tmp_path_factory.mktemp("shared"), migrated_sqlite)


@pytest.fixture
def app(tmp_path: Path, app_settings: dict[str, Any], migrated_sqlite: Path, shared_app: SharedApp) -> Flask:
    """An app on a fresh copy of the migrated database; no throttling unless a module asks for it. With the
    default settings it is the process's shared app (a test that adds routes, which Flask allows only before an
    app's first request, makes an app of its own, as tests/web/test_headers.py does); a module's own settings get
    an app of their own."""
    if not app_settings:
        return shared_app.fresh()
    path = tmp_path / "test.sqlite"
    shutil.copyfile(migrated_sqlite, path)
    return create_app(TEST_SETTINGS | {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"} | app_settings)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: SQLite, then PostgreSQL (fresh_database); for tests that must hold on both."""
    with throwaway.fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def database_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    """Make apps on the fresh database of `database_url`, with a test's own settings; afterwards, once the test's
    app contexts have ended and handed their sessions' connections back, every connection is closed. (Disposing
    the engine inside a test's app context leaves the session's own to the collector: a ResourceWarning on
    PostgreSQL, and an error, as every warning is, whether the test passed or failed.)"""
    made: list[Flask] = []

    def make(migrated: bool = True, **settings: Any) -> Flask:
        """An app on the database, unthrottled, these settings added; the schema brought up to date unless the
        test migrates itself (migrated=False)."""
        made.append(create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                                "SQLALCHEMY_DATABASE_URI": database_url} | settings))
        if migrated:
            upgrade_schema(made[-1])
        return made[-1]

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()




@pytest.fixture
def hand() -> dict[str, object]:
    """A score request for the correct hand above, side 0 taking the leftover."""
    return {
        "ruleset": "escova-rs",
        "sides": [{"cards": list(PILE_A), "escobas": 1}, {"cards": list(PILE_B), "escobas": 0}],
        "leftover": list(LEFTOVER),
        "last_capture": 0,
    }


@pytest.fixture
def scorekeeper(app: Flask) -> Callable[[str], Scorekeeper]:
    """Make scorekeepers, each with its own browser session and a logged-in account (made through the services:
    tests/factories.py)."""
    def make(username: str) -> Scorekeeper:
        return factories.keeper(app, username)
    return make


@pytest.fixture
def keeper_on() -> Callable[..., Scorekeeper]:
    """Scorekeepers on an app a test made itself: keeper_on(app) has no account, keeper_on(app, 'ana') is logged in."""
    def make(app: Flask, username: str | None = None) -> Scorekeeper:
        return factories.keeper(app, username) if username else Scorekeeper(app, app.test_client())
    return make


@pytest.fixture
def keeper(scorekeeper: Callable[[str], Scorekeeper]) -> Scorekeeper:
    """A scorekeeper logged in as 'ana'."""
    return scorekeeper("ana")


@pytest.fixture
def visitor(app: Flask) -> Scorekeeper:
    """Someone with a browser but no account, not logged in."""
    return Scorekeeper(app, app.test_client())
