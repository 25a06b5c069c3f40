"""A phone at the table while the server's database is locked by another writer: Save answers "Try again in a
moment" with the entry kept on the page, and "Send it again", once the lock is gone, saves the hand once. The
faults themselves, one by one: tests/web/test_faults.py."""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from axe_check import violations
from live import serve
from phone import fill_counts, shot, start_match
from playwright.sync_api import Page, expect

from referee import create_app

pytestmark = pytest.mark.e2e

# Chromium's console line for the 503 the test causes on purpose.
UNAVAILABLE = re.compile(r"Failed to load resource: the server responded with a status of 503\b")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[tuple[str, Path]]:
    """The app served with its own database, waiting at most 0.3 s for a write lock; its address and file."""
    path = tmp_path_factory.mktemp("faults") / "e2e.sqlite"
    shutil.copyfile(migrated_sqlite, path)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "DATABASE_LOCK_WAIT": 0.3, "PROPAGATE_EXCEPTIONS": False})
    with serve(app) as address:
        yield address, path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another connection holds the database's write lock meanwhile."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def hands(path: Path) -> int:
    """How many hands the database holds."""
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT count(*) FROM hand").fetchone()[0])


def test_a_save_refused_by_a_locked_database_is_kept_and_sent_again(page: Page, server, console_errors,
                                                                    axe_script: str) -> None:
    """Save while another writer holds the lock: the 503 page says to try again and keeps the entry (a page axe finds
    nothing serious on); sent again once the lock is gone, hand 1 is on the scoreboard, stored once."""
    address, path = server
    board = start_match(page, address, "dora")
    page.goto(board + "/hands/new?mode=tally")
    fill_counts(page)
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    with locked(path):
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.get_by_role("heading", name="Try again in a moment")).to_be_visible()
    expect(page.locator("main")).to_contain_text("nothing was changed")
    assert page.locator('form.resend input[name="leftover_sum"]').input_value() == "10"
    shot(page, "fault-try-again")
    assert violations(page, axe_script) == []
    assert hands(path) == 0
    page.get_by_role("button", name="Send it again").tap()
    expect(page.locator(".flashes")).to_contain_text("Hand 1 saved.")
    page.reload()
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    assert hands(path) == 1
    # The one error the page logged is the 503 the test caused.
    assert console_errors and all(UNAVAILABLE.match(error) for error in console_errors)
    console_errors.clear()
