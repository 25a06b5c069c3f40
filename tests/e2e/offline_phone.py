"""What the offline browser tests share: a phone whose service worker controls the page, its network cut and
restored, and what the live server's database holds meanwhile."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

# The waiting changes (static/js/outbox.js) and the drafts (static/js/draft.js) this phone keeps.
OUTBOX = "() => Object.keys(localStorage).filter((key) => key.startsWith('outbox:')).sort()"
DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')).sort()"


def controlled(page: Page) -> None:
    """Wait until the service worker has installed the shell and controls the page."""
    # Predicates as functions, not expressions: Playwright evaluates an expression again at each poll, which the
    # page's Content-Security-Policy refuses (no 'unsafe-eval'); a function is evaluated once.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


CACHED_PAGES = "async () => (await (await caches.open('pages')).keys()).map((request) => request.url)"


def cached_pages(page: Page, until: Callable[[list[str]], bool]) -> list[str]:
    """The addresses of the pages the service worker keeps, once `until` holds for them or after 5 s. (Polled
    here: wait_for_function takes the promise an async predicate returns for a true answer, and never waits.)"""
    urls: list[str] = page.evaluate(CACHED_PAGES)
    for _ in range(50):
        if until(urls):
            break
        page.wait_for_timeout(100)
        urls = page.evaluate(CACHED_PAGES)
    return urls


def cached(page: Page) -> None:
    """Wait until the service worker has cached a copy of the page."""
    here = page.url
    assert here in cached_pages(page, lambda urls: here in urls), f"the service worker never kept {here}"


def go_offline(page: Page) -> None:
    """Cut the phone's network once the page's scripts have run (a module script runs after the page is parsed, and
    a tap before it is the browser's own submit), and wait until the page knows (set_offline returns before it
    does)."""
    page.wait_for_load_state()
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def go_online(page: Page) -> None:
    """Give the phone its network back, and wait until the page knows."""
    page.context.set_offline(False)
    page.wait_for_function("() => navigator.onLine")


def database_rows(base: Path, username: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of `sql` (a query with one parameter, the username) in whichever e2e database under `base`
    holds the user."""
    for path in base.glob("e2e*/e2e.sqlite"):
        with sqlite3.connect(path) as db:
            if db.execute("SELECT 1 FROM user WHERE username = ?", (username,)).fetchone():
                return db.execute(sql, (username,)).fetchall()
    raise AssertionError(f"no database holds {username}")


def hands_in_database(base: Path, username: str) -> list[tuple[int, str | None]]:
    """(number, client_token) of every hand of the user's matches."""
    return database_rows(base, username, "SELECT hand.number, hand.client_token FROM hand "
                         "JOIN match ON match.id = hand.match_id JOIN user ON user.id = match.user_id "
                         "WHERE user.username = ? ORDER BY hand.number")
