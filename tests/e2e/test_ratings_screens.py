"""The leaderboard and a player's rating at phone size, light and dark: they fit 320 px, axe finds nothing
serious, and screenshots are kept to look at (REFEREE_SCREENSHOTS=1)."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import violations_in_each_scheme as violations
from flask import Flask
from live import serve
from phone import PHONE, picture, register, shot, shot_in_each_scheme, sideways
from playwright.sync_api import Browser, expect
from sqlalchemy import select

from referee import create_app
from referee.extensions import db
from referee.models import Player, User
from referee.services import HandDraft, MatchSettings, create_match, record_hand

pytestmark = pytest.mark.e2e

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 568}}
NAMES = ("Ana Beatriz", "Bia", "Carla Maria", "Duda", "Eva")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[tuple[str, Flask]]:
    """The app on a free local port, and the app itself, to play matches straight into its database."""
    path: Path = tmp_path_factory.mktemp("ratings") / "ratings.sqlite"
    shutil.copyfile(migrated_sqlite, path)  # migrated once per test process (tests/conftest.py)
    app = create_app({"TESTING": True, "SECRET_KEY": "e2e", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with serve(app) as address:
        yield address, app


def play(app: Flask, username: str, matches: int = 14) -> None:
    """Matches of two, three and four players and of partnerships, each won at once by a seeded side."""
    chance = random.Random(9)
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == username))
        for number in range(matches):
            seats = (2, 3, 4, 4)[number % 4]
            names = tuple(chance.sample(NAMES[:4], seats)) if number % 5 else ("Ana Beatriz", "Bia")
            match = create_match(user, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                                     names=names, partnerships=number % 4 == 3, first_dealer=0))
            winner = 0 if names[0] == "Ana Beatriz" and chance.random() < .6 else chance.randrange(match.sides)
            sides = [{"tally": {"cards": 40 - 4 * (match.sides - 1) if i == winner else 4,
                                "oros": 10 if i == winner else 0, "sevens": 4 if i == winner else 0,
                                "velo": i == winner}, "escobas": 9 if i == winner else chance.randrange(3)}
                     for i in range(match.sides)]
            record_hand(match, HandDraft.kept("tally", {"sides": sides, "leftover_sum": 10,
                                                              "last_capture": winner}, dealer=0), 1)
        user.players.append(Player(name="Eva"))  # a player with no finished match yet
        db.session.commit()


def test_the_leaderboard_and_a_rating_fit_a_phone_in_light_and_dark(
        browser: Browser, served, axe_script: str) -> None:
    """At 390 and 320 px wide: the leaderboard and Ana Beatriz's rating, no sideways scrolling, no serious
    axe violation; the chart is drawn and its figures are in a table."""
    base, app = served
    context = browser.new_context(**PHONE)
    page = context.new_page()
    register(page, base, "rater")
    play(app, "rater")
    found = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(base + "/players")
        expect(page.locator("table.leaderboard tbody tr")).to_have_count(5)
        expect(page.locator("table.leaderboard tbody tr").last).to_contain_text("unrated")
        found[f"players {size}"] = (sideways(page), violations(page, axe_script))
        shot_in_each_scheme(page, f"ratings-leaderboard-{size}")
        page.get_by_role("link", name="Ana Beatriz").click()
        expect(page.locator(".rating-chart svg polyline")).to_be_visible()
        expect(page.locator(".rating-steps tbody tr")).to_have_count(10)
        found[f"rating {size}"] = (sideways(page), violations(page, axe_script))
        shot_in_each_scheme(page, f"ratings-player-{size}")
        picture(page.locator(".rating-card"), f"ratings-card-{size}")
    page.goto(base + "/players")
    page.get_by_role("link", name="Eva").click()
    expect(page.locator(".rating-card")).to_contain_text("Not rated yet: Eva gets a rating")
    found["unrated 320"] = (sideways(page), violations(page, axe_script))
    shot_in_each_scheme(page, "ratings-player-unrated")
    context.close()
    bad = {name: result for name, result in found.items() if result != (0, [])}
    assert not bad, bad


def test_a_player_not_yet_rated_and_an_empty_leaderboard_read_kindly(browser: Browser, served) -> None:
    """A new account: the leaderboard's empty state; a player with an unfinished match: no rating yet."""
    base, _app = served
    context = browser.new_context(**PHONE)
    page = context.new_page()
    register(page, base, "newcomer")
    page.goto(base + "/players")
    expect(page.get_by_text("No players yet")).to_be_visible()
    shot(page, "ratings-leaderboard-empty")
    context.close()
