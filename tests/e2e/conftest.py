"""A live server and headless Chromium at phone size, for the end-to-end tests.

Chromium comes from the system: Playwright cannot download browsers here. Debian's
`chromium-headless-shell` first, the headless-only build of the same Chromium that Playwright
itself runs for headless tests: it used a third of full Chromium's CPU (test_drafts.py: 17.6 s
of the browser's CPU → 6.0 s; every browser test: 622 s → 383 s of the workers' time). Full
`chromium` where the shell is not installed; CHROMIUM points elsewhere if needed.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_check import installed_axe
from flask import Flask
from live import serve
from phone import PHONE, SCREENSHOTS
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from referee import create_app

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    """The system's headless Chromium, else its full Chromium; a clear failure if neither is installed."""
    found = (shutil.which(name) for name in ("chromium-headless-shell", "chromium", "chromium-browser"))
    path = os.environ.get("CHROMIUM") or next(filter(None, found), None)
    if not path:
        pytest.fail("Browser tests need Chromium: apt-get install chromium-headless-shell "
                    "(or chromium, or set CHROMIUM=/path/to/chromium)")
    return path


@pytest.fixture(scope="session")
def axe_script() -> str:
    """The pinned axe-core's path, installed once (tests/e2e/axe_check.py)."""
    return installed_axe()


@pytest.fixture(scope="module")
def live_app(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[tuple[str, Flask]]:
    """The app served on a free local port, with its own database; and the app itself, so that a module can set
    up what its tests look at through the app's pages in process (page_client.Scorekeeper) rather than through
    the browser, which is slower by far (a story of 72 hands: 75 s in the browser)."""
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite"
    shutil.copyfile(migrated_sqlite, db)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db}"})
    with serve(app) as address:
        yield address, app


@pytest.fixture(scope="module")
def live_server(live_app: tuple[str, Flask]) -> str:
    """The served app's address."""
    return live_app[0]


# Every page reports the Content-Security-Policy violations it sees as console errors (Chromium logs most of
# them itself too, as "Refused to …"), so that a test fails on any of them.
# Chromium's words for a 4xx answer or a lost network ("net::ERR_INTERNET_DISCONNECTED"), which tests cause.
EXPECTED_FAILURE = re.compile(r"Failed to load resource: (net::|the server responded with a status of 4\d\d\b)")
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`
                + ` in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
});
"""


class ConsoleErrors:
    """The console errors and uncaught exceptions of every page of every context, for the test running."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Listen to a context's pages, those it has and those it will open."""
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.seen.append(f"uncaught: {error.error}"))
        return context

    def _console(self, message: ConsoleMessage) -> None:
        """Keep an error, unless it only reports a 4xx answer or a lost network, which tests cause on purpose
        (a 422 for a hand with a mistake, the offline tests); a 5xx behind a page is kept."""
        if message.type == "error" and not EXPECTED_FAILURE.match(message.text):
            self.seen.append(f"{message.text} ({message.location.get('url')})")


CONSOLE = ConsoleErrors()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Headless Chromium, started once per test process (Playwright's driver and the browser took 1–2 s to start
    for each of some 30 modules); every context it opens, a test's own too, has its console errors watched."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        new_context = browser.new_context

        def watched_context(**options: Any) -> BrowserContext:
            options.setdefault("service_workers", SERVICE_WORKERS[0])
            return CONSOLE.watch(new_context(**options))

        browser.new_context = watched_context  # type: ignore[method-assign]
        yield browser
        browser.close()


# A context registers no service worker unless its test is marked service_worker (the offline tests): the worker's
# install fetches some 50 files and pages on every new context, which doubled the time of a test's first page.
SERVICE_WORKERS = ["block"]


@pytest.fixture(autouse=True)
def service_workers(request: pytest.FixtureRequest) -> Iterator[None]:
    """The service worker allowed in the contexts of a test marked service_worker, blocked in the others'."""
    SERVICE_WORKERS[0] = "allow" if request.node.get_closest_marker("service_worker") else "block"
    yield
    SERVICE_WORKERS[0] = "block"


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Iterator[Browser]:
    """The browser, for a module: whatever contexts the module leaves open close with it, as if it had had a
    Chromium of its own (a page left polling a server that has stopped would log errors into the next test)."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def console_errors() -> list[str]:
    """The console errors logged so far in this test, for a test that causes some on purpose (and clears them)."""
    return CONSOLE.seen


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test fails if any page logged a console error (a CSP violation among them) while it ran."""
    CONSOLE.seen.clear()
    result = yield
    errors, CONSOLE.seen[:] = list(CONSOLE.seen), []
    assert not errors, "the browser's console logged errors:\n" + "\n".join(errors)
    return result


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone-sized, touch browser context."""
    context = browser.new_context(**PHONE, locale="en-GB")
    yield context
    context.close()


@pytest.fixture
def page(phone: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page (its console errors fail the test, see pytest_runtest_call); a failing test leaves a screenshot."""
    page = phone.new_page()
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"FAILED-{request.node.name}.png"), full_page=True)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item, for the screenshot on failure."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report

