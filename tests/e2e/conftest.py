"""A live server and headless Chromium at phone size, for the end-to-end tests.

Chromium comes from the system (Debian's `chromium`): Playwright cannot download
browsers here. CHROMIUM points elsewhere if needed.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator

import pytest
from phone import PHONE, SCREENSHOTS
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from werkzeug.serving import make_server

from referee import create_app

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    """The system Chromium; a clear failure if it is not installed."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("Browser tests need Chromium: apt-get install chromium (or set CHROMIUM=/path/to/chromium)")
    return path


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served on a free local port, with its own database."""
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db}"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone-sized, touch browser context."""
    context = browser.new_context(**PHONE, locale="en-GB")
    yield context
    context.close()


@pytest.fixture
def page(phone: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page; a failing test leaves a screenshot of where it stopped."""
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

