"""The backup at phone size: download it from the account page, restore it on its own page, a bad file's
error beside the field, a match's downloads on its scoreboard; each page measured at 390 and 320 px, axe run
in light and dark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from axe_check import violations_in_each_scheme as violations
from phone import PHONE, at_each_size, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e



def small_controls(page: Page) -> list[str]:
    """The page's buttons and file field smaller than a finger (44 px), at each size."""
    found = []
    for size in at_each_size(page):
        for control in page.locator("main button:visible, main input[type=file]:visible").all():
            box = control.bounding_box()
            if box and (box["width"] < 44 or box["height"] < 44):
                found.append(f"{size}: {control.evaluate('e => e.outerHTML.slice(0, 60)')}")
    return found


def shots(page: Page, name: str) -> None:
    """The page at each size in each colour scheme, saved when screenshots are wanted."""
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"{name}-{size}")


def test_download_a_backup_and_restore_it_and_see_a_bad_files_error(browser: Browser, live_server: str,
                                                                   axe_script: str) -> None:
    """A match started; the backup downloaded from the account page; the import page refuses a file that is
    not a backup (422, the error beside the field and in the summary) and restores the real one (nothing new:
    every match is there already). No page scrolls sideways; axe finds nothing serious."""
    context = browser.new_context(**PHONE, accept_downloads=True)
    page = context.new_page()
    register(page, live_server, "backup")
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Lucía")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Lucía")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("link", name="hands as CSV")).to_be_visible()
    assert scrolls_sideways(page) == {} and violations(page, axe_script) == []
    shots(page, "board-downloads")
    page.goto(live_server + "/account")
    assert violations(page, axe_script) == []
    shots(page, "account")
    with page.expect_download() as info:
        page.get_by_role("link", name="Download a backup of every match and player").click()
    download = info.value
    assert download.suggested_filename.startswith("escoba-referee-backup-")
    backup = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert [seat["name"] for seat in backup["matches"][0]["seats"]] == ["Lucía", "Bea"]

    page.get_by_role("link", name="Restore a backup").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Restore a backup")
    assert scrolls_sideways(page) == {} and small_controls(page) == [] and violations(page, axe_script) == []
    shots(page, "import")

    bad = json.dumps({**backup, "version": 7}).encode()
    page.get_by_label("Backup file").set_input_files({"name": "old.json", "mimeType": "application/json",
                                                     "buffer": bad})
    page.get_by_role("button", name="Restore the backup").click()
    message = "The file is a backup of version 7; this app reads version 1."
    expect(page.locator(".field .error")).to_have_text(message)
    expect(page.locator("#error-summary")).to_contain_text(message)

    backup["matches"][0]["seats"][1]["position"] = 5
    page.get_by_label("Backup file").set_input_files({"name": "edited.json", "mimeType": "application/json",
                                                     "buffer": json.dumps(backup).encode()})
    page.get_by_role("button", name="Restore the backup").click()
    expect(page.locator(".field .error")).to_have_text(
        "Match 1, seat 2, “position”: should be at most 3. In the file: $.matches[0].seats[1].position")
    assert scrolls_sideways(page) == {} and violations(page, axe_script) == []
    shots(page, "import-error")
    backup["matches"][0]["seats"][1]["position"] = 1

    page.get_by_label("Backup file").set_input_files(str(download.path()))
    page.get_by_role("button", name="Restore the backup").click()
    expect(page.locator(".flash")).to_have_text(
        "Nothing to add: this account has every match and player of the file already.")
    context.close()
