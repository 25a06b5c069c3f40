"""The account page's API tokens at phone size, light and dark: a token made, shown once, and listed; it fits
320 px, axe finds nothing serious, and screenshots are kept to look at (REFEREE_SCREENSHOTS=1)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import violations_in_each_scheme as violations
from flask import Flask
from live import serve
from phone import PHONE, register, shot_in_each_scheme, sideways
from playwright.sync_api import Browser, expect
from sqlalchemy import select

from referee import create_app
from referee.extensions import db
from referee.models import User
from referee.services import api_tokens

pytestmark = pytest.mark.e2e

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 568}}


@pytest.fixture(scope="module")
def served_app(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[tuple[Flask, str]]:
    """The app, and its address on a free local port."""
    path: Path = tmp_path_factory.mktemp("tokens") / "tokens.sqlite"
    shutil.copyfile(migrated_sqlite, path)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with serve(app) as address:
        yield app, address


@pytest.fixture(scope="module")
def served(served_app: tuple[Flask, str]) -> str:
    """The app's address."""
    return served_app[1]


def test_a_token_is_made_shown_once_and_revoked_on_a_phone(
        browser: Browser, served: str, axe_script: str) -> None:
    """Make a token by name: its secret shows once; the list has it; Revoke takes it away."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    register(page, served, "tokens")
    found = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(served + "/account")
        page.get_by_label("Token name").fill(f"Tournament sheet {size}")
        page.get_by_role("button", name="Make a token").click()
        expect(page.locator(".token-secret")).to_have_text(re.compile(r"^[A-Za-z0-9_-]{43}$"))
        found[f"made {size}"] = (sideways(page), violations(page, axe_script))
        shot_in_each_scheme(page, f"account-token-made-{size}")
        page.goto(served + "/account")
        expect(page.locator(".token-secret")).to_have_count(0)
        expect(page.locator(".tokens li").first).to_contain_text(f"Tournament sheet {size}")
        found[f"listed {size}"] = (sideways(page), violations(page, axe_script))
        shot_in_each_scheme(page, f"account-tokens-{size}")
    page.get_by_role("button", name="Revoke Tournament sheet 390").click()
    expect(page.locator(".tokens li")).to_have_count(1)
    context.close()
    bad = {name: result for name, result in found.items() if result != (0, [])}
    assert not bad, bad


TOO_MANY = "This account already has 20 tokens, the most it may have: revoke one to make another."


def test_an_account_holding_all_its_tokens_says_so_and_refuses_another_on_a_phone(
        browser: Browser, served_app: tuple[Flask, str], axe_script: str) -> None:
    """With 20 tokens the page says so above the form; one asked for anyway is refused beside its name, the name
    kept, nothing made; at 390 and 320 px, nothing sideways, nothing axe finds serious."""
    app, served = served_app
    context = browser.new_context(**PHONE)
    page = context.new_page()
    username = "tokens-full"
    register(page, served, username)
    with app.app_context():  # the service, not the form: making tokens is throttled (10 an hour)
        user = db.session.scalar(select(User).where(User.username == username))
        for number in range(api_tokens.MOST_TOKENS):
            api_tokens.create_token(user, f"Sheet {number}")
    found = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(served + "/account")
        expect(page.locator(".tokens-full")).to_have_text(TOO_MANY)
        page.get_by_label("Token name").fill(f"One too many {size}")
        page.get_by_role("button", name="Make a token").click()
        expect(page.locator("#name-error")).to_have_text(TOO_MANY)
        expect(page.get_by_label("Token name")).to_have_value(f"One too many {size}")
        expect(page.locator(".token-secret")).to_have_count(0)
        found[f"refused {size}"] = (sideways(page), violations(page, axe_script))
        shot_in_each_scheme(page, f"account-tokens-full-{size}")
    expect(page.locator(".tokens li")).to_have_count(api_tokens.MOST_TOKENS)
    context.close()
    bad = {name: result for name, result in found.items() if result != (0, [])}
    assert not bad, bad
