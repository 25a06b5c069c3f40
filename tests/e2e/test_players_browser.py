"""Renaming, merging and deleting a player at phone size: the pages, their refusals, the merge page's script, and
on the way no sideways scrolling or small targets at 390 or 320 px, no axe violations in light or dark.
Screenshots of each with REFEREE_SCREENSHOTS=1."""

from __future__ import annotations

import re

import pytest
from axe_check import violations_in_each_scheme
from phone import SIZES, at_each_size, register, shot, shot_in_each_scheme
from playwright.sync_api import Browser, Page, expect
from test_small_screens import sideways, too_small

pytestmark = pytest.mark.e2e



def looked_at(page: Page, axe: str, name: str, found: dict[str, object]) -> None:
    """Screenshot the page and note what is wrong with it: sideways scrolling and small targets at each size,
    axe violations."""
    for size in at_each_size(page):
        shot_in_each_scheme(page, f"{name}-{size}")
        problems = {"sideways": sideways(page), "small": too_small(page)}
        if problems != {"sideways": 0, "small": []}:
            found[f"{name}-{size}"] = problems
    if axe_found := violations_in_each_scheme(page, axe):
        found[name] = axe_found


def test_a_typo_made_two_players_and_the_keeper_merges_them_then_deletes_one(
        browser: Browser, live_server: str, axe_script: str) -> None:
    """Bia was Bea mistyped: renaming her Bea is refused with the merge offered; the merge keeps Bea's name;
    then Bea is deleted, her match staying."""
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True)
    page = context.new_page()
    prefix, found = "players", {}
    register(page, live_server, "adm")
    page.get_by_label("3 players").check()
    for seat, name in enumerate(["Ana", "Bea", "Bia"], 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Ana")
    page.get_by_role("button", name="Start the match").click()
    board = page.url

    page.goto(live_server + "/players")
    page.get_by_role("link", name="Bia", exact=True).click()
    page.get_by_role("link", name="Rename").click()
    expect(page.get_by_label("New name")).to_have_value("Bia")
    looked_at(page, axe_script, f"{prefix}-rename", found)
    page.get_by_label("New name").fill("bea")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".error-summary")).to_contain_text("Another player is already called Bea.")
    expect(page.get_by_label("New name")).to_have_value("bea")
    looked_at(page, axe_script, f"{prefix}-rename-taken", found)

    page.get_by_role("link", name="Merge Bia and Bea").click()
    expect(page.get_by_label("The same person as")).to_have_value(re.compile(r"^\d+$"))
    expect(page.locator("label.choice").nth(1)).to_have_text("Bea")
    looked_at(page, axe_script, f"{prefix}-merge", found)
    page.get_by_label("The same person as").select_option(label="Ana")
    expect(page.locator("label.choice").nth(1)).to_have_text("Ana")  # static/js/merge-player.js
    page.get_by_label("The same person as").select_option(label="Pick a player")
    expect(page.locator("label.choice").nth(1)).to_have_text("The other player's name")
    page.get_by_role("button", name="Merge").click()
    expect(page.locator(".error-summary")).to_contain_text("Pick one of your players.")
    looked_at(page, axe_script, f"{prefix}-merge-refused", found)
    page.get_by_label("The same person as").select_option(label="Bea")
    page.get_by_label("Bea", exact=True).check()
    page.get_by_role("button", name="Merge").click()
    expect(page.locator(".flash")).to_have_text("Bia and Bea are one player now, called Bea in every match.")
    expect(page.locator("h1")).to_have_text("Bea")
    shot(page, f"{prefix}-merged")

    page.get_by_role("link", name="Delete").click()
    expect(page.locator(".confirm")).to_contain_text("The match Bea played stays, with the name Bea at the seat.")
    looked_at(page, axe_script, f"{prefix}-delete", found)
    page.get_by_role("button", name="Delete Bea").click()
    expect(page.locator(".flash")).to_have_text("Bea is deleted. Their matches stay, under that name.")
    page.goto(board)
    expect(page.locator(".board")).to_contain_text("Bea")
    context.close()
    assert not found, found
