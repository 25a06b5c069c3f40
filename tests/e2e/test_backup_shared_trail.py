"""A match scored together, restored from its owner's backup into another account, on a phone: the trail still
says who made each change (the names kept as text, docs/backup.md#shared-matches), at 390 and 320 px, light and
dark, axe finding nothing serious."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme as violations
from flask import Flask
from page_client import Scorekeeper
from phone import PHONE, at_each_size, register, scrolls_sideways, shot_in_each_scheme
from playwright.sync_api import Browser, expect
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, User
from referee.services.sharing import join, make_join_code

pytestmark = pytest.mark.e2e


def shared_backup(app: Flask) -> bytes:
    """Owen's backup of a match Sara scored with him: a hand saved by each, set up in process."""
    owen = Scorekeeper(app, app.test_client()).account("owen")
    sara = Scorekeeper(app, app.test_client()).account("sara")
    match_id = owen.start(("Ana", "Bea"))
    with app.app_context():
        join(db.session.scalars(select(User).where(User.username == "sara")).one(),
             make_join_code(db.session.get_one(Match, match_id)).code)
    sara.save_hand(match_id)
    owen.save_hand(match_id, mirror=True)
    return bytes(owen.client.get("/account/backup.json").data)


def test_a_restored_shared_match_s_trail_names_who_made_each_change(browser: Browser, live_app: tuple[str, Flask],
                                                                     axe_script: str) -> None:
    """Fay restores Owen's backup on her phone; the match's trail reads "sara:" on the first hand and "owen:" on
    the second and on the match's start."""
    base, app = live_app
    backup = shared_backup(app)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    register(page, base, "fay")
    page.goto(base + "/account/import")
    page.get_by_label("Backup file").set_input_files({"name": "owen.json", "mimeType": "application/json",
                                                      "buffer": backup})
    page.get_by_role("button", name="Restore the backup").click()
    expect(page.get_by_text("1 match restored.")).to_be_visible()
    page.goto(base + "/matches/")
    page.get_by_role("link", name=re.compile("Ana")).first.click()
    trail = page.locator("#trail li")
    expect(trail).to_have_count(3)
    assert [line.locator(".by").inner_text() for line in trail.all()] == ["owen:", "sara:", "owen:"]
    page.locator("#trail").scroll_into_view_if_needed()
    assert scrolls_sideways(page) == {} and violations(page, axe_script) == []
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"restored-shared-trail-{size}")
    context.close()
