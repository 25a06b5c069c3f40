"""The match tells its story on a phone: the chart of the running totals and a finished match's summary, on the
scoreboard and the spectator page, at 390×844 and 320×568, light and dark — none scrolls sideways, axe finds
nothing serious, the spectator's chart follows a saved hand, and each screen is saved to look at
(tests/e2e/screenshots/story-<size>-<theme>-<screen>.png)."""

from __future__ import annotations

import pytest
from axe_check import violations
from phone import SCREENSHOTS, register, shot
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 568}}
THEMES = ("light", "dark")
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


def start(page: Page, names: list[str]) -> str:
    """A new Escova match with these players, the first dealing; its scoreboard's address."""
    page.goto(page.url.split("/matches")[0] + "/matches/new")
    page.get_by_label(f"{len(names)} players").check()
    for seat, name in enumerate(names, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option("0")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_be_visible()
    return page.url.split("#")[0]


def sideways(page: Page) -> int:
    """How far the page scrolls sideways, in px."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth"))


@pytest.fixture(scope="module")
def story(browser: Browser, live_server: str) -> dict[str, object]:
    """An account with a three-player match under way (four hands), a two-player match Ana won (five hands, one
    of them Bea's renuncio) and one Ana won past the target in hand 62; the scoreboards and two spectator links."""
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True)
    page = context.new_page()
    register(page, live_server, "story")
    playing = start(page, ["Ana Beatriz", "Bea", "Carla Maria"])
    for n in range(4):
        save_hand(page, playing, mirror=n % 2 == 1, escobas=(n % 2, 1, 0))
    won = start(page, ["Ana", "Bea"])
    save_hand(page, won, moves={"1o": "1"})  # Bea's renuncio: Ana scores the hand's most
    save_hand(page, won, mirror=True, escobas=(0, 2))
    save_hand(page, won, mirror=True, escobas=(1, 0))
    save_hand(page, won)
    save_hand(page, won, escobas=(2, 0))
    long = start(page, ["Ana", "Bea"])
    for _n in range(56):
        save_hand(page, long, moves=BOTH_ERR, escobas=(0, 0))
    for n in range(5):
        save_hand(page, long, mirror=n % 2 == 1)
    save_hand(page, long, moves={"1o": "1"})  # Ana past the target
    urls = {}
    for name, board in (("playing", playing), ("won", won)):
        page.goto(board)
        urls[name] = board
        urls[f"{name}-spectator"] = page.locator(".spectators .link a").get_attribute("href")
    urls["long"] = long
    state = context.storage_state()
    context.close()
    return {"urls": urls, "state": state, "base": live_server}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("theme", THEMES)
def test_the_chart_and_the_summary_fit_pass_axe_and_are_shot(browser: Browser, story: dict, axe_script: str,
                                                            size: str, theme: str) -> None:
    """Both matches' scoreboards and spectator pages: a chart no wider than the screen, a summary once won."""
    context = browser.new_context(viewport=SIZES[size], is_mobile=True, has_touch=True, color_scheme=theme,
                                  device_scale_factor=2,
                                  storage_state=story["state"])
    page = context.new_page()
    found: dict[str, object] = {}
    for name, url in story["urls"].items():
        page.goto(url)
        chart = page.locator("svg.plot")
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], (name, box)
        expect(page.locator(".story")).to_have_count(0 if name.startswith("playing") else 1)
        found[name] = (sideways(page), violations(page, axe_script))
        shot(page, f"story-{size}-{theme}-{name}")
        # The story itself, close up: the summary (once won) and the chart with its legend.
        for part in ("chart",) if name.startswith("playing") else ("story", "chart"):
            page.locator(f".{part}").screenshot(path=str(SCREENSHOTS / f"story-{size}-{theme}-{name}-{part}.png"))
    context.close()
    assert {name: f for name, f in found.items() if f != (0, [])} == {}


@pytest.mark.parametrize("language", ["pt_BR", "es"])
def test_the_story_fits_320_px_in_portuguese_and_spanish(browser: Browser, story: dict, language: str) -> None:
    """The longer words of the summary's table and the chart's labels still fit the smallest phone."""
    context = browser.new_context(viewport=SIZES["320"], is_mobile=True, has_touch=True, device_scale_factor=2,
                                  storage_state=story["state"])
    page = context.new_page()
    page.goto(f"{story['base']}/language/{language}")
    page.goto(story["urls"]["won"])
    heading = {"pt_BR": "Como foi a partida", "es": "Cómo fue la partida"}[language]
    expect(page.locator(".story h2")).to_have_text(heading)
    assert sideways(page) == 0
    for part in ("story", "chart"):
        page.locator(f".{part}").screenshot(path=str(SCREENSHOTS / f"story-320-light-{language}-won-{part}.png"))
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
