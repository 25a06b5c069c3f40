"""The match tells its story: the chart of each side's running total (an SVG drawn on the server) and a finished
match's summary, on the scoreboard and the spectator page.

The chart is read back as a reader of the drawing would: from the axes' own labels (where 0 and 10 points sit,
where hand 1 and hand 5 sit), each side's line is turned back into totals, which must be the totals of the
stored hands. The summary's figures are worked out here from the hands saved and the escobas entered.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import factories
import pytest
import throwaway
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st
from spectators import watch_path
from sql_counts import counted_queries
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, HandSide, Match
from referee.views import chart as geometry

RENUNCIO = {"1o": "1"}  # the leftover's 1o in Bea's pile: Bea erred, Ana scores the hand's most
BOTH_ERR = {"1o": "1", "2o": "0"}  # a low oro in each pile: both sides erred, 0 – 0


# -- reading the page ------------------------------------------------------------------------------------------

def plot(html: str) -> ET.Element:
    """The chart's SVG, parsed."""
    found = re.search(r'<svg class="plot".*?</svg>', html, flags=re.S)
    assert found, "the page has no chart"
    return ET.fromstring(found.group(0))


def by_class(svg: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The elements of a tag whose class list holds `name`."""
    return [e for e in svg.iter(tag) if name in (e.get("class") or "").split()]


def axes(svg: ET.Element):
    """Two functions reading the drawing back, made from its own labels: x → hand number, y → points."""
    ys = [(float(line.get("y1")), int(label.text))  # each grid line is drawn at its label's value
          for line, label in zip([g for g in svg.find("g[@class='grid']") if g.get("class") != "axis"],
                                 by_class(svg, "text", "y-tick"), strict=True)]
    [axis] = by_class(svg, "line", "axis")
    xs = [(float(axis.get("x1")), 0)] + [(float(t.get("x")), int(t.text)) for t in by_class(svg, "text", "x-tick")]
    (y0, v0), (y1, v1) = ys[0], ys[-1]
    (x0, h0), (x1, h1) = xs[0], xs[-1]
    return (lambda x: h0 + (x - x0) * (h1 - h0) / (x1 - x0)), (lambda y: v0 + (y - y0) * (v1 - v0) / (y1 - y0))


def lines(html: str) -> dict[int, list[tuple[int, int]]]:
    """Each side's line read back as (hand, total) pairs, by side."""
    svg = plot(html)
    hand_at, points_at = axes(svg)
    read = {}
    for series in by_class(svg, "g", "series"):
        pairs = [tuple(map(float, xy.split(","))) for xy in series.find("polyline").get("points").split()]
        read[int(series.get("data-side"))] = [(whole(hand_at(x)), whole(points_at(y))) for x, y in pairs]
    return read


def whole(value: float) -> int:
    """A value read off the drawing: a whole number, give or take the coordinates' rounding."""
    assert abs(value - round(value)) < 0.01, value
    return round(value)


def running(points: list[list[int]]) -> list[list[int]]:
    """Each side's totals after each hand, from the hands' points."""
    totals, out = [0] * len(points[0]), []
    for hand in points:
        totals = [t + p for t, p in zip(totals, hand, strict=True)]
        out.append(totals)
    return out


def expected_lines(points: list[list[int]]) -> dict[int, list[tuple[int, int]]]:
    """What each side's line must read: the start at 0, then the running total after each hand."""
    totals = running(points)
    return {side: [(0, 0)] + [(n, row[side]) for n, row in enumerate(totals, start=1)]
            for side in range(len(points[0]))}


def stored_points(keeper, match_id: int) -> list[list[int]]:
    """The stored hands' points, in order."""
    return [list(points) for _number, points, *_rest in keeper.saved_hands(match_id)]


def summary(keeper, html: str) -> str:
    """The summary's words, as a reader sees them."""
    found = re.search(r'<section class="story".*?</section>', html, flags=re.S)
    return keeper.text(found.group(0)) if found else ""


def in_language(keeper, lang: str):
    """The keeper's phone switched to a language (the switcher's cookie)."""
    assert keeper.client.get(f"/language/{lang}").status_code in (302, 303)
    return keeper


# -- matches to look at ----------------------------------------------------------------------------------------

# Ana against Bea, to 15: Bea's renuncio, two hands to Bea, two to Ana; Ana wins in hand 5.
WON = [dict(moves=RENUNCIO), dict(mirror=True, escobas=(0, 2)), dict(mirror=True, escobas=(1, 0)), dict(),
       dict(escobas=(2, 0))]


def escobas_entered(hands: list[dict]) -> list[int]:
    """The escobas each side was given in these hands (a mirrored hand gives the first number to the second
    side, as Scorekeeper.hand_fields does)."""
    per_side = [0, 0]
    for hand in hands:
        given_ = hand.get("escobas", (1, 0))
        for side, n in enumerate(given_[::-1] if hand.get("mirror") else given_):
            per_side[side] += n
    return per_side


@pytest.fixture
def won(keeper) -> int:
    """The match WON, played out."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    for hand in WON:
        factories.save_hand(keeper, match_id, **hand)
    return match_id


# -- the chart -------------------------------------------------------------------------------------------------

def test_each_sides_line_reads_back_as_its_running_totals(keeper, won):
    """Five hands: each line, read through the axes' labels, is 0 then the totals the hand table shows."""
    html = keeper.page(f"/matches/{won}")
    points = stored_points(keeper, won)
    assert lines(html) == expected_lines(points)
    in_table = r'<span class="running"><span class="visually-hidden">total </span>(\d+)'
    table_totals = [int(t) for t in re.findall(in_table, html)]
    assert table_totals == [t for row in running(points) for t in row]


def test_the_target_line_sits_at_the_target_and_the_axes_are_labelled(keeper, won):
    """To 15: the target's line reads 15 on the points axis and says so; the axes say what they count."""
    svg = plot(keeper.page(f"/matches/{won}"))
    _hand_at, points_at = axes(svg)
    [target] = by_class(svg, "line", "target")
    assert target.get("y1") == target.get("y2") and whole(points_at(float(target.get("y1")))) == 15
    assert [t.text for t in by_class(svg, "text", "target-label")] == ["Target 15"]
    assert [t.text for t in by_class(svg, "text", "axis-title")] == ["Hand", "Points"]
    assert [t.text for t in by_class(svg, "text", "x-tick")] == ["1", "2", "3", "4", "5"]
    assert [int(t.text) for t in by_class(svg, "text", "y-tick")] == [0, 5, 10, 15, 20]


def test_the_chart_is_an_image_with_a_title_and_the_totals_for_screen_readers(keeper, won):
    """role="img", named by its title and described by the totals; the legend names each side with its total."""
    html = keeper.page(f"/matches/{won}")
    svg = plot(html)
    assert svg.get("role") == "img" and svg.get("viewBox") == "0 0 320 200" and svg.get("width") == "100%"
    title, desc = svg.find("title"), svg.find("desc")
    assert svg.get("aria-labelledby") == title.get("id") and svg.get("aria-describedby") == desc.get("id")
    assert title.text == "Each side's total hand by hand, playing to 15"
    totals = [sum(column) for column in zip(*stored_points(keeper, won), strict=True)]
    assert desc.text.startswith(f"After 5 hands: Ana: {totals[0]}; Bea: {totals[1]}.")
    legend = re.search(r'<ul class="chart-legend">.*?</ul>', html, flags=re.S).group(0)
    assert keeper.text(legend) == f"Ana {totals[0]} Bea {totals[1]}"
    assert ' style="' not in re.search(r'<figure class="chart".*?</figure>', html, flags=re.S).group(0)


def test_three_sides_each_have_their_own_line_colour_and_marker(keeper):
    """Ana, Bea and Cid: three lines that read back as their totals, each with its class and its own marker."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"))
    for n in range(3):
        factories.save_hand(keeper, match_id, mirror=n == 1, overrides={"escobas-2": "0"})
    html = keeper.page(f"/matches/{match_id}")
    assert lines(html) == expected_lines(stored_points(keeper, match_id))
    svg = plot(html)
    series = by_class(svg, "g", "series")
    assert [s.get("class") for s in series] == ["series side-0", "series side-1", "series side-2"]
    shapes = [re.sub(r"[-\d.,\s]", "", s.find("path").get("d"))[:12] for s in series]
    assert len(set(shapes)) == 3, shapes  # a circle's arcs, a square's sides, a triangle's


def test_a_match_without_hands_has_no_chart_and_no_summary(keeper, visitor):
    """Before the first hand: the table's empty state, no drawing, no summary — on both pages."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    for html in (keeper.page(f"/matches/{match_id}"), visitor.page(watch_path(keeper, match_id))):
        assert "<svg class=\"plot\"" not in html and 'class="story"' not in html
        assert "No hands yet." in keeper.text(html)


def add_hands(app: Flask, match_id: int, points: list[list[int]], escobas: int = 0) -> None:
    """Hands written straight into the database (a long match, quickly), each with its HandSide rows."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        for number, hand_points in enumerate(points, start=len(match.hands) + 1):
            hand = Hand(match_id=match_id, number=number, dealer=(number - 1) % len(match.seats), mode="tally",
                        entry={}, points=hand_points, valid=True, erred=[])
            hand.results = [HandSide(match_id=match_id, side=side, points=p, escobas=escobas if p else 0, cards=0,
                                     oros=0, sevens=0, velo=0, all_oros=0, all_sevens=0, over30=0, erred=False)
                            for side, p in enumerate(hand_points)]
            db.session.add(hand)
        db.session.commit()


def test_a_long_match_past_the_target_still_reads(app, keeper):
    """64 hands to 30, the winner well past it: every point inside the drawing, the lines still read back, a
    label every 10 hands, the points axis past the highest total, and markers thinned out."""
    match_id = factories.start(keeper, ("Ana", "Bea"), target="30")
    points = [[0, 0]] * 30 + [[1, 0], [0, 1]] * 16 + [[12, 3], [4, 0]]
    add_hands(app, match_id, points)
    html = keeper.page(f"/matches/{match_id}")
    assert lines(html) == expected_lines(points)
    svg = plot(html)
    assert [t.text for t in by_class(svg, "text", "x-tick")] == [str(n) for n in range(10, 61, 10)]
    assert max(int(t.text) for t in by_class(svg, "text", "y-tick")) > 32 > 30
    for series in by_class(svg, "g", "series"):
        xs = [float(xy.split(",")[0]) for xy in series.find("polyline").get("points").split()]
        ys = [float(xy.split(",")[1]) for xy in series.find("polyline").get("points").split()]
        assert xs == sorted(xs) and 0 <= min(xs) <= max(xs) <= 320 and 0 <= min(ys) <= max(ys) <= 200
        assert 10 <= series.find("path").get("d").count("M") < 64  # one marker per few hands, not 64
    assert "Ana won by 13 points · 64 hands played" in summary(keeper, html)  # 32 – 19


# -- the summary -----------------------------------------------------------------------------------------------

def expected_summary(keeper, match_id: int) -> str:
    """The summary of the match WON as it must read, every figure worked out from the saved hands (their points
    and the sides they found in error) and the escobas entered."""
    points = stored_points(keeper, match_id)
    totals = [sum(column) for column in zip(*points, strict=True)]
    winner = totals.index(max(totals))
    assert (winner, keeper.query(select(Match.winner).where(Match.id == match_id))[0][0]) == (0, 0)
    margin = totals[winner] - max(t for i, t in enumerate(totals) if i != winner)
    escobas = escobas_entered(WON)
    erred = [row[0] or [] for row in keeper.query(select(Hand.erred).where(Hand.match_id == match_id)
                                                  .order_by(Hand.number))]
    errors = [sum(side in hand for hand in erred) for side in range(2)]
    assert errors == [0, 1]  # Bea's renuncio
    best = max(((p, -n, -side) for n, hand in enumerate(points, start=1) for side, p in enumerate(hand)))
    best_points, best_hand, best_side = best[0], -best[1], -best[2]
    names = ["Ana", "Bea"]
    return (f"How the match went Ana won by {margin} points · 5 hands played "
            f"Best hand: {names[best_side]}, {best_points} points in hand {best_hand}. "
            f"Each side over the match Side Points Escobas Hands in error "
            f"Ana ★ (winner) {totals[0]} {escobas[0]} {errors[0]} Bea {totals[1]} {escobas[1]} {errors[1]}")


def test_a_finished_match_sums_up_winner_margin_hands_escobas_errors_and_the_best_hand(keeper, won):
    """Every figure of the summary, against the figures worked out from the hands."""
    assert summary(keeper, keeper.page(f"/matches/{won}")) == expected_summary(keeper, won)


@pytest.mark.skipif(not throwaway.SERVER, reason=throwaway.NO_SERVER)
def test_the_summary_sums_the_same_on_postgresql(keeper_on):
    """The grouped query over the HandSide rows (a boolean summed) on PostgreSQL too."""
    with throwaway.postgres_app({"TESTING": True, "SECRET_KEY": "pg"}) as app:
        keeper = keeper_on(app, "ana")
        match_id = factories.start(keeper, ("Ana", "Bea"))
        for hand in WON:
            factories.save_hand(keeper, match_id, **hand)
        assert summary(keeper, keeper.page(f"/matches/{match_id}")) == expected_summary(keeper, match_id)


def test_partnerships_are_named_by_both_partners_in_the_chart_and_the_summary(keeper):
    """Ana & Carla against Bea & Diego, the hands of WON: the names once escaped, in the legend, the chart's
    description and the summary."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Carla", "Diego"))
    for hand in WON:
        factories.save_hand(keeper, match_id, **hand)
    html = keeper.page(f"/matches/{match_id}")
    assert "&amp;amp;" not in html
    totals = [sum(column) for column in zip(*stored_points(keeper, match_id), strict=True)]
    assert plot(html).find("desc").text.startswith(
        f"After 5 hands: Ana & Carla: {totals[0]}; Bea & Diego: {totals[1]}.")
    assert lines(html) == expected_lines(stored_points(keeper, match_id))
    text = summary(keeper, html)
    assert text.startswith(f"How the match went Ana & Carla won by {totals[0] - totals[1]} points")
    escobas = escobas_entered(WON)
    assert text.endswith(f"Ana & Carla ★ (winner) {totals[0]} {escobas[0]} 0 Bea & Diego {totals[1]} {escobas[1]} 1")


def test_a_match_under_way_has_no_summary_yet(keeper):
    """Three hands in, nobody has won: the chart, but no summary."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    for hand in WON[:3]:
        factories.save_hand(keeper, match_id, **hand)
    html = keeper.page(f"/matches/{match_id}")
    assert lines(html) == expected_lines(stored_points(keeper, match_id))
    assert summary(keeper, html) == ""


def test_a_summary_of_three_sides_counts_the_margin_from_the_next_best(app, keeper):
    """Ana 21, Bea 12, Cid 17 to 21: Ana by 4 (not by 9), in 3 hands; Cid's 11 in hand 2 is the best hand."""
    match_id = factories.start(keeper, ("Ana", "Bea", "Cid"), target="21")
    add_hands(app, match_id, [[5, 6, 6], [6, 2, 11], [10, 4, 0]], escobas=1)
    with app.app_context():
        match = db.session.get(Match, match_id)
        match.finished, match.winner = True, 0
        db.session.commit()
    text = summary(keeper, keeper.page(f"/matches/{match_id}"))
    assert text.startswith("How the match went Ana won by 4 points · 3 hands played "
                           "Best hand: Cid, 11 points in hand 2.")
    assert text.endswith("Ana ★ (winner) 21 3 0 Bea 12 3 0 Cid 17 2 0")


def test_the_spectator_page_shows_the_same_chart_and_summary(keeper, visitor, won):
    """What the table's other phones see: the same lines, the same summary."""
    board, watch = keeper.page(f"/matches/{won}"), visitor.page(watch_path(keeper, won))
    assert lines(watch) == lines(board) == expected_lines(stored_points(keeper, won))
    assert summary(keeper, watch) == summary(keeper, board) != ""
    live = re.search(r'<div id="live-board".*?<p class="hint live-status"', watch, flags=re.S).group(0)
    assert '<svg class="plot"' in live and 'class="story"' in live  # inside what live.js swaps


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ["Cómo fue la partida", "Victoria de Ana por 4 puntos · 1 mano jugada",
            "Mejor mano: Ana, 4 puntos en la mano 1.", "Escobas", "Manos con error"]),
    ("pt_BR", ["Como foi a partida", "Vitória de Ana por 4 pontos · 1 rodada jogada",
               "Melhor rodada: Ana, 4 pontos na rodada 1.", "Escovas", "Rodadas com erro"]),
])
def test_the_summary_and_the_chart_speak_the_language_with_its_plurals(keeper, lang, words):
    """One hand to 4: the singular hand, the plural points, and the chart's words translated."""
    match_id = in_language(keeper, lang).start(("Ana", "Bea"), target="4")
    factories.save_hand(keeper, match_id)
    html = keeper.page(f"/matches/{match_id}")
    text = summary(keeper, html)
    for expected in words:
        assert expected in text, (expected, text)
    svg = plot(html)
    assert [t.text for t in by_class(svg, "text", "axis-title")] == (["Mano", "Puntos"] if lang == "es"
                                                                      else ["Rodada", "Pontos"])


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Ana won by 1 point · 1 hand played Best hand: Ana, 1 point in hand 1."),
    ("es", "Victoria de Ana por 1 punto · 1 mano jugada Mejor mano: Ana, 1 punto en la mano 1."),
    ("pt_BR", "Vitória de Ana por 1 ponto · 1 rodada jogada Melhor rodada: Ana, 1 ponto na rodada 1."),
])
def test_one_point_is_singular_in_every_language(app, keeper, lang, words):
    """A match to 1 won 1 – 0 in one hand: every count in the singular."""
    match_id = in_language(keeper, lang).start(("Ana", "Bea"), target="1")
    add_hands(app, match_id, [[1, 0]])
    assert words in summary(keeper, keeper.page(f"/matches/{match_id}"))


def test_the_scoreboard_asks_the_database_as_often_with_64_hands_as_with_5(app, keeper):
    """No query per hand: a finished match's scoreboard, summary and chart included, costs the same number of
    queries whatever its length."""
    short, long = (factories.start(keeper, ("Ana", "Bea"), target="30") for _ in range(2))
    add_hands(app, short, [[10, 2], [10, 3], [12, 0]], escobas=1)
    add_hands(app, long, [[0, 0]] * 30 + [[1, 0], [0, 1]] * 16 + [[12, 3], [4, 0]], escobas=1)
    counts = []
    for match_id in (short, long):
        with app.app_context():
            match = db.session.get(Match, match_id)
            match.finished, match.winner = True, 0
            db.session.commit()
        keeper.page(f"/matches/{match_id}")  # the spectator link is made once, on the first visit
        with counted_queries(app) as seen:
            html = keeper.page(f"/matches/{match_id}")
        assert "How the match went" in keeper.text(html)
        counts.append(len(seen))
    assert counts[0] == counts[1], counts
    assert sum("hand_side" in s for s in seen) == 1  # the summary's one grouped query


# -- the geometry, for any totals ------------------------------------------------------------------------------

totals_runs = st.integers(2, 4).flatmap(lambda sides: st.lists(
    st.tuples(*[st.integers(-40, 400)] * sides), min_size=1, max_size=80))


@settings(max_examples=300, deadline=None)
@given(runs=totals_runs, target=st.integers(1, 200))
def test_any_totals_are_drawn_inside_the_box_left_to_right_and_higher_is_higher(runs, target):
    """For any sequence of totals: every point, tick and the target inside the viewBox; x rising hand by hand;
    of any two points, the higher total is drawn higher (a smaller y), equal totals level."""
    c = geometry.chart(runs, target)
    assert len(c.lines) == len(runs[0]) and c.hands == len(runs)
    drawn = [p for line in c.lines for p in line.points]
    for p in drawn:
        assert 0 <= p.x <= c.width and 0 <= p.y <= c.height
        assert c.left <= p.x <= c.right and c.top <= p.y <= c.bottom
    assert c.top <= c.target_y <= c.bottom
    for line in c.lines:
        xs = [p.x for p in line.points]
        assert all(a < b for a, b in itertools.pairwise(xs))
        assert [p.hand for p in line.points] == list(range(len(runs) + 1))
        assert [p.total for p in line.points] == [0, *(row[line.side] for row in runs)]
        assert line.markers[-1] == line.points[-1] and set(line.markers) <= set(line.points)
    for a in drawn[::3]:
        for b in drawn[1::5]:
            assert (a.total > b.total) == (a.y < b.y) and (a.total == b.total) == (a.y == b.y)
    assert all(c.left <= t.at <= c.right for t in c.x_ticks) and len(c.x_ticks) <= geometry.MOST_X_LABELS
    assert all(c.top <= t.at <= c.bottom for t in c.y_ticks)
    assert len(c.y_ticks) <= geometry.Y_STEPS + 3  # the steps, one above the highest, one below the lowest, and 0
    assert c.y_ticks[0].value <= min(0, *(t for row in runs for t in row))
    assert c.y_ticks[-1].value > max(target, *(t for row in runs for t in row))


def test_the_geometry_modules_examples_hold():
    """The doctests of referee/views/chart.py."""
    import doctest

    assert doctest.testmod(geometry).failed == 0
