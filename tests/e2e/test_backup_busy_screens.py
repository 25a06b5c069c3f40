"""The import page when an import cannot run now, at phone size: another import of the account under way (409),
the server busy with another account's (429); the words beside the field and in the summary, nothing scrolling
sideways at 390 or 320 px, axe content in light and dark; then the same file restores once the slot is free."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from axe_check import violations_in_each_scheme
from live import serve
from phone import PHONE, at_each_size, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, text

from referee import create_app
from referee.database import upgrade_schema
from referee.services.import_slots import import_slot

pytestmark = pytest.mark.e2e

BUSY = ("A backup is being restored into this account right now (from another tab or phone). Wait until it is done, "
        "then look at your matches before restoring again.")
SERVER_BUSY = "The server is restoring another backup right now. Try again in a few seconds."


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app on a free local port, and its database's URL (to hold an import's slot from outside)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('busy') / 'busy.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    with serve(app) as address:
        yield address, url


def send(page: Page, content: bytes) -> None:
    """Choose the file and press the button."""
    page.get_by_label("Backup file").set_input_files({"name": "backup.json", "mimeType": "application/json",
                                                     "buffer": content})
    page.get_by_role("button", name="Restore the backup").click()


def test_an_import_that_cannot_run_now_says_why_and_the_same_file_restores_after(browser: Browser,
                                                                                  served: tuple[str, str],
                                                                                  axe_script: str) -> None:
    """Another import of the account holds its slot: the page says so beside the field (409); another
    account's holds the server's: try again in a few seconds (429); free again, the file restores."""
    base, url = served
    context = browser.new_context(**PHONE)
    page = context.new_page()
    name = "busy"
    register(page, base, name)
    engine = create_engine(url)
    with engine.connect() as connection:
        user = connection.execute(text("SELECT id FROM user WHERE username = :name"), {"name": name}).scalar_one()
    content = json.dumps({"format": "escoba-referee-backup", "version": 1, "exported_at": "2026-05-01T18:30:00Z",
                          "players": [], "matches": []}).encode()
    page.goto(base + "/account/import")
    try:
        with import_slot(engine, user, 1):
            send(page, content)
            expect(page.locator(".field .error")).to_have_text(BUSY)
            expect(page.locator("#error-summary")).to_contain_text(BUSY)
            assert scrolls_sideways(page) == {} and violations_in_each_scheme(page, axe_script) == []
            for size in at_each_size(page):
                shot_in_each_scheme(page, f"import-busy-{size}")
        with import_slot(engine, user + 10_000, 1):
            send(page, content)
            expect(page.locator(".field .error")).to_have_text(SERVER_BUSY)
            assert scrolls_sideways(page) == {}
            for size in at_each_size(page):
                shot_in_each_scheme(page, f"import-server-busy-{size}")
        send(page, content)
        expect(page.locator(".flash")).to_have_text(
            "Nothing to add: this account has every match and player of the file already.")
    finally:
        engine.dispose()
        context.close()

