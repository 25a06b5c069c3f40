"""The match tells its story on a phone: the chart of the running totals and a finished match's summary, on the
scoreboard and the spectator page, at 390×844 and 320×568 (each page loaded once and measured at both), light
and dark — none scrolls sideways, axe finds nothing serious, the spectator's chart follows a saved hand, and
with REFEREE_SCREENSHOTS=1 each screen is saved to look at (tests/e2e/screenshots/story-<size>-<screen>-<theme>.png)."""

from __future__ import annotations

import pytest
from axe_check import violations_in_each_scheme
from flask import Flask
from page_client import Scorekeeper
from phone import DPR, SIZES, at_each_size, picture, register, shot_in_each_scheme, sideways
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

# The correct hand of tests/conftest.py: PILE_A to one side, PILE_B to the other, the low oros left on the table.
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
PILE_B = ["10e", "5e", "9e", "6e", "8e", "7e", "10b", "5b", "9b", "6b", "8b", "7b",
          "1c", "2c", "1e", "2e", "3e", "1b", "2b", "3b"]
LEFTOVER = ["1o", "2o", "3o", "4o"]
BOTH_ERR = {"1o": "1", "2o": "0"}  # a low oro in each pile: both sides erred, the hand scores 0 – 0
SAVE = """async (changes) => {
  const form = document.getElementById("hand");
  const data = new FormData(form);
  for (const [name, value] of Object.entries(changes)) data.set(name, value);
  data.set("action", "save");
  const answer = await fetch(location.href, {method: "POST", body: new URLSearchParams(data)});
  return answer.url;
}"""


def save_hand(page: Page, board: str, mirror: bool = False, escobas: tuple[int, ...] = (1, 0),
              moves: dict[str, str] | None = None) -> None:
    """Save the correct hand (or its mirror image) as the page's own form would post it, in one request."""
    page.goto(board + "/hands/new?mode=cards")
    a, b = ("1", "0") if mirror else ("0", "1")
    places = {card: a for card in PILE_A} | {card: b for card in PILE_B} | {card: "L" for card in LEFTOVER}
    fields = {f"place-{card}": place for card, place in (places | (moves or {})).items()}
    fields |= {f"escobas-{i}": str(n) for i, n in enumerate(escobas)} | {"last_capture": a}
    assert page.evaluate(SAVE, fields).split("?")[0].rstrip("/") == board


@pytest.fixture(scope="module")
def story(browser: Browser, live_app: tuple[str, Flask]) -> dict[str, object]:
    """An account with a three-player match under way (four hands), a two-player match Ana won (five hands, one
    of them Bea's renuncio) and one Ana won past the target in hand 62; the scoreboards and two spectator links.
    The account is registered in the browser, whose session the tests reuse; the matches are played through the
    same pages in process (tests/page_client.py), 72 hands in a browser being most of the module's time."""
    live_server, app = live_app
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True)
    page = context.new_page()
    register(page, live_server, "story")
    keeper = Scorekeeper(app, app.test_client())
    assert keeper.login("story", "escova-2026").status_code == 302

    def started(names: tuple[str, ...]) -> tuple[int, str]:
        """A match by the new-match page, the first seat dealing: its id and scoreboard's address."""
        number = keeper.start(names)
        return number, f"{live_server}/matches/{number}"

    def saved(number: int, mirror: bool = False, escobas: tuple[int, ...] = (1, 0),
              moves: dict[str, str] | None = None) -> None:
        """A hand as save_hand above saves it: escobas by seat (page_client's are by side of the hand, swapped
        when mirrored)."""
        keeper.save_hand(number, mirror=mirror, escobas=escobas[::-1] if mirror else escobas, moves=moves)

    playing_id, playing = started(("Ana Beatriz", "Bea", "Carla Maria"))
    for n in range(4):
        saved(playing_id, mirror=n % 2 == 1, escobas=(n % 2, 1, 0))
    won_id, won = started(("Ana", "Bea"))
    saved(won_id, moves={"1o": "1"})  # Bea's renuncio: Ana scores the hand's most
    saved(won_id, mirror=True, escobas=(0, 2))
    saved(won_id, mirror=True, escobas=(1, 0))
    saved(won_id)
    saved(won_id, escobas=(2, 0))
    long_id, long = started(("Ana", "Bea"))
    for _n in range(56):
        saved(long_id, moves=BOTH_ERR, escobas=(0, 0))
    for n in range(5):
        saved(long_id, mirror=n % 2 == 1)
    saved(long_id, moves={"1o": "1"})  # Ana past the target
    urls = {}
    for name, board in (("playing", playing), ("won", won)):
        page.goto(board)
        urls[name] = board
        urls[f"{name}-spectator"] = page.locator(".spectators .link a").get_attribute("href")
    urls["long"] = long
    state = context.storage_state()
    context.close()
    return {"urls": urls, "state": state, "base": live_server}


def test_the_chart_and_the_summary_fit_pass_axe_and_are_shot(browser: Browser, story: dict, axe_script: str) -> None:
    """Both matches' scoreboards and spectator pages, at each size: a chart no wider than the screen, a summary
    once won; nothing serious for axe in either colour scheme."""
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True, device_scale_factor=DPR,
                                  storage_state=story["state"])
    page = context.new_page()
    found: dict[str, object] = {}
    for name, url in story["urls"].items():
        page.goto(url)
        chart = page.locator("svg.plot")
        expect(chart).to_be_visible()
        expect(page.locator(".story")).to_have_count(0 if name.startswith("playing") else 1)
        for size in at_each_size(page):
            box = chart.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], (name, size, box)
            found[f"{name}-{size}"] = sideways(page)
            shot_in_each_scheme(page, f"story-{size}-{name}")
            # The story itself, close up: the summary (once won) and the chart with its legend.
            for part in ("chart",) if name.startswith("playing") else ("story", "chart"):
                picture(page.locator(f".{part}"), f"story-{size}-light-{name}-{part}")
        found[f"{name}-axe"] = violations_in_each_scheme(page, axe_script)
    context.close()
    assert {name: f for name, f in found.items() if f not in (0, [])} == {}


@pytest.mark.parametrize("language", ["pt_BR", "es"])
def test_the_story_fits_320_px_in_portuguese_and_spanish(browser: Browser, story: dict, language: str) -> None:
    """The longer words of the summary's table and the chart's labels still fit the smallest phone."""
    context = browser.new_context(viewport=SIZES["320"], is_mobile=True, has_touch=True, device_scale_factor=DPR,
                                  storage_state=story["state"])
    page = context.new_page()
    page.goto(f"{story['base']}/language/{language}")
    page.goto(story["urls"]["won"])
    heading = {"pt_BR": "Como foi a partida", "es": "Cómo fue la partida"}[language]
    expect(page.locator(".story h2")).to_have_text(heading)
    assert sideways(page) == 0
    for part in ("story", "chart"):
        picture(page.locator(f".{part}"), f"story-320-light-{language}-won-{part}")
    context.close()


def test_the_spectators_chart_follows_a_saved_hand(browser: Browser, story: dict) -> None:
    """A hand saved on the scoreboard's phone shows in the spectator's chart without a reload."""
    spectator = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True).new_page()
    spectator.goto(story["urls"]["playing-spectator"])
    expect(spectator.locator("svg.plot .series polyline").first).to_be_visible()
    before = spectator.locator("svg.plot .series.side-0 polyline").get_attribute("points")
    assert len(before.split()) == 5  # the start and four hands
    keeper = browser.new_context(viewport=SIZES["390"], storage_state=story["state"]).new_page()
    keeper.goto(story["urls"]["playing"])
    spectator.evaluate("() => { window.reloaded = false; }")  # gone if the page reloads instead of swapping
    save_hand(keeper, story["urls"]["playing"], escobas=(3, 0, 0))
    points = spectator.locator("svg.plot .series.side-0 polyline")
    expect(points).not_to_have_attribute("points", before, timeout=6000)
    assert len(points.get_attribute("points").split()) == 6
    assert spectator.evaluate("() => window.reloaded") is False
    expect(spectator.locator(".chart-legend .side-0 b")).to_have_text(spectator.locator(".board .total").first
                                                                      .inner_text())
    keeper.context.close()
    spectator.context.close()
