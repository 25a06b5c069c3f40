"""A player's page: every figure against numbers worked out here from the hands themselves, the filters,
partners and opponents, the empty state, and another account's player."""

from __future__ import annotations

import random
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import factories
import pytest
from flask import Flask
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select, update

from referee.extensions import db
from referee.models import Match, Player, User, now
from referee.rules import DECK, Card, Suit, make_ruleset
from referee.rules.scoring import Counts, earn
from referee.services import HandDraft, MatchSettings, create_match, record_hand
from referee.services.stats import BONUSES, CATEGORIES, StatsFilter, player_stats

# The legal-hand simulator lives with the rules tests (it is a helper, not a test module).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from simulator import SEATINGS, Seating, play_hand

ROSTER = ("Ana", "Bia", "Carla", "Duda", "Eva")
PRESETS = ("escova-rs", "escoba-es", "escoba-intl")
VELO = Card.parse("7o")
EVERYTHING = StatsFilter()


@dataclass(frozen=True)
class Plan:
    """One match to play: who sits where, the game, how many hands at most, the dice."""

    seating: Seating
    names: tuple[str, ...]
    preset: str
    hands: int
    seed: int
    error_rate: float


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    """A random match of 2, 3 or 4 players or two partnerships, drawn from a small roster."""
    seating = draw(st.sampled_from(SEATINGS))
    names = tuple(draw(st.permutations(ROSTER))[:seating.seats])
    return Plan(seating, names, draw(st.sampled_from(PRESETS)), draw(st.integers(0, 12)),
                draw(st.integers(0, 2**32)), draw(st.sampled_from([0.0, 0.3, 0.7])))


def entry_of(rng: random.Random, plan: Plan, dealer: int) -> dict[str, Any]:
    """A legal hand played by the simulator, as the API takes it; sometimes a renuncio: a card of the
    leftover put into a pile, so that pile fails to split."""
    hand = play_hand(rng, plan.seating, dealer=dealer)
    while hand.last_capture is None:
        hand = play_hand(rng, plan.seating, dealer=dealer)
    piles = [list(pile) for pile in hand.piles]
    leftover = list(hand.leftover)
    if leftover and rng.random() < plan.error_rate:
        piles[rng.randrange(len(piles))].append(leftover.pop(rng.randrange(len(leftover))))
    return {"sides": [{"cards": [str(c) for c in pile], "escobas": n} for pile, n in zip(piles, hand.escobas)],
            "leftover": [str(c) for c in leftover], "last_capture": hand.last_capture}


def play(user: User, plan: Plan) -> Match:
    """Start the match and record its hands through the services, stopping when it is won."""
    match = create_match(user, MatchSettings(preset=plan.preset, options={}, deck_style="spanish",
                                             names=plan.names, partnerships=plan.seating.partnerships,
                                             first_dealer=0))
    rng = random.Random(plan.seed)
    for number in range(1, plan.hands + 1):
        if match.finished:
            break
        dealer = (number - 1) % plan.seating.seats
        record_hand(match, HandDraft.kept("cards", entry_of(rng, plan, dealer), dealer=dealer), number)
    return match


# -- the figures, worked out here from the stored hands and seats -------------------------------------

def categories_taken(preset: str, entry: dict[str, Any]) -> list[dict[str, int]]:
    """What each side's cards earned in a hand, by the rules core's scoring of counts made here."""
    counts, escobas = [], []
    for i, side in enumerate(entry["sides"]):
        cards = [Card.parse(code) for code in side["cards"]]
        if i == entry["last_capture"]:
            cards += [Card.parse(code) for code in entry["leftover"]]
        counts.append(Counts(len(cards), sum(c.suit is Suit.OROS for c in cards), sum(c.value == 7 for c in cards),
                             VELO in cards))
        escobas.append(side["escobas"])
    earned = earn(make_ruleset(preset), counts, escobas)
    return [{name: getattr(e, name) for name in (*CATEGORIES, *BONUSES)} for e in earned]


def expected(player: Player, only: StatsFilter = EVERYTHING) -> dict[str, Any]:
    """Every figure of the player's page, counted match by match and hand by hand."""
    since = only.since()
    figures: dict[str, Any] = {"started": 0, "finished": 0, "won": 0, "hands": 0, "points": 0, "escobas": 0,
                               "erred": 0, "taken": dict.fromkeys((*CATEGORIES, *BONUSES), 0)}
    partners: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rivals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    results = []
    matches = db.session.scalars(select(Match).where(Match.user_id == player.user_id)
                                 .order_by(Match.finished_at, Match.id)).all()
    for match in matches:
        sides = [seat.side for seat in match.seats if seat.player_id == player.id]
        if not sides or (only.game and match.preset != only.game) or (since and match.created_at < since):
            continue
        side = min(sides)
        figures["started"] += 1
        for hand in match.hands:
            figures["hands"] += 1
            figures["points"] += hand.points[side]
            figures["escobas"] += hand.entry["sides"][side]["escobas"]
            figures["erred"] += side in (hand.erred or [])
            for name, value in categories_taken(match.preset, hand.entry)[side].items():
                figures["taken"][name] += value > 0
        if not match.finished:
            continue
        won = match.winner == side
        figures["finished"] += 1
        figures["won"] += won
        results.append(won)
        for seat in match.seats:
            if seat.player_id in (None, player.id):
                continue
            if seat.side == side:
                partners[seat.name][0] += 1
                partners[seat.name][1] += won
            else:
                rivals[seat.name][0] += 1
                rivals[seat.name][1] += won
                rivals[seat.name][2] += match.winner == seat.side
    runs = "".join("W" if won else "-" for won in results).split("-")
    figures["streaks"] = (len(runs[-1]), max(len(run) for run in runs))
    figures["partners"] = dict(partners)
    figures["rivals"] = dict(rivals)
    return figures


def computed(player: Player, only: StatsFilter = EVERYTHING) -> dict[str, Any]:
    """The same figures as referee.services.stats gives them."""
    stats = player_stats(player, only)
    record, hands = stats.record, stats.hands
    return {"started": record.started, "finished": record.finished, "won": record.won, "hands": hands.hands,
            "points": hands.points, "escobas": hands.escobas, "erred": hands.erred, "taken": hands.taken,
            "streaks": (record.current_streak, record.best_streak),
            "partners": {p.name: [p.matches, p.won] for p in stats.partners},
            "rivals": {o.name: [o.matches, o.won, o.lost] for o in stats.opponents}}


ACCOUNTS = iter(range(10**6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(plans(), min_size=1, max_size=5))
def test_every_figure_is_what_the_hands_say(app: Flask, matches: list[Plan]) -> None:
    """Over random matches (2–4 players, partnerships, errors, some won), every figure of every player
    equals the one counted here from the hands' entries, points and errors and the matches' winners."""
    with app.app_context():
        user = User(username=f"prop{next(ACCOUNTS)}", password_hash="-")
        db.session.add(user)
        db.session.commit()
        for plan in matches:
            play(user, plan)
        for player in user.players:
            assert computed(player) == expected(player), player.name
        finished = db.session.scalar(select(func.count()).where(Match.user_id == user.id, Match.finished))
        event(f"finished matches: {min(finished, 3)}+")


# -- the page ----------------------------------------------------------------------------------------

def seed(app: Flask, username: str) -> dict[str, int]:
    """Two finished matches and one in progress for the keeper's account: Ana & Carla beat Bia & Duda
    (escova-rs), Ana beats Bia (escoba-es, a month and a half ago), Ana and Eva have one hand of a match
    in progress. The players' ids by name."""
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == username))
        wins = [Plan(SEATINGS[3], ("Ana", "Bia", "Carla", "Duda"), "escova-rs", 0, 1, 0.0),
                Plan(SEATINGS[0], ("Ana", "Bia"), "escoba-es", 0, 2, 0.0)]
        for plan in wins:
            win_for_side_zero(user, plan)
        old = db.session.scalars(select(Match).where(Match.preset == "escoba-es")).one()
        old.created_at = now() - timedelta(days=45)
        play(user, Plan(SEATINGS[0], ("Ana", "Eva"), "escova-rs", 1, 3, 0.0))
        db.session.commit()
        return {p.name: p.id for p in user.players}


def win_for_side_zero(user: User, plan: Plan) -> Match:
    """A match the first side wins: it takes every card of every hand (no errors), hand after hand."""
    match = create_match(user, MatchSettings(preset=plan.preset, options={}, deck_style="spanish",
                                             names=plan.names, partnerships=plan.seating.partnerships,
                                             first_dealer=0))
    leftover = ["1o", "2o", "3o", "4o"]  # 10: a correct leftover; the other 36 cards split into fifteens
    pile = [str(card) for card in DECK if str(card) not in leftover]
    sides = [{"cards": pile, "escobas": 0}] + [{"cards": [], "escobas": 0}] * (plan.seating.sides - 1)
    number = 0
    while not match.finished:
        number += 1
        body = {"sides": sides, "leftover": leftover, "last_capture": 0}
        record_hand(match, HandDraft.kept("cards", body, dealer=0), number)
    return match


def figure(html: str, label: str) -> str:
    """The value shown under a figure's label."""
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd>(.*?)</dd>", html, flags=re.S)
    assert found, label
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def row(html: str, name: str) -> list[str]:
    """The cells of a table row headed by a name (a linked player's)."""
    found = re.search(rf"<tr><th scope=\"row\">(?:<a [^>]*>)?{re.escape(name)}(?:</a>)?</th>(.*?)</tr>", html, re.S)
    assert found, name
    return re.findall(r"<td>(.*?)</td>", found.group(1))


def test_the_page_shows_the_record_hands_partners_and_opponents(app: Flask, keeper: Any) -> None:
    """Ana's page: two matches won of two, a streak of two, the hands of all three matches, Carla her partner,
    Bia and Duda her opponents, each a link to their own page."""
    ids = seed(app, "ana")
    html = keeper.page(f"/players/{ids['Ana']}")
    assert figure(html, "Played to the end") == "2"
    assert figure(html, "Won") == "2"
    assert figure(html, "Win rate") == "100%"
    assert figure(html, "Current winning streak") == "2"
    assert figure(html, "Best winning streak") == "2"
    assert figure(html, "In progress") == "1"
    with app.app_context():
        ana = db.session.get(Player, ids["Ana"])
        figures = expected(ana)
    assert figure(html, "Hands played") == str(figures["hands"])
    assert row(html, "Carla") == ["1", "1"]
    assert row(html, "Bia") == ["2", "2", "0"]
    assert row(html, "Duda") == ["1", "1", "0"]
    assert f'href="/players/{ids["Bia"]}"' in html and f'href="/players/{ids["Carla"]}"' in html
    assert row(html, "Most cards")[0] == str(figures["taken"]["cards"])


def test_the_filters_keep_one_game_or_one_period(app: Flask, keeper: Any) -> None:
    """By game, Ana has one won match of escoba-es; in the last 30 days that match (45 days old) is gone, this
    year it stays unless the year began since; every filter's figures equal those counted here."""
    ids = seed(app, "ana")
    html = keeper.page(f"/players/{ids['Ana']}?game=escoba-es")
    assert figure(html, "Played to the end") == "1" and figure(html, "In progress") == "0"
    assert row(html, "Bia") == ["1", "1", "0"] and "Carla" not in keeper.text(html)
    assert '<option value="escoba-es" selected>' in html
    recent = keeper.page(f"/players/{ids['Ana']}?period=30d")
    assert figure(recent, "Played to the end") == "1" and row(recent, "Bia") == ["1", "1", "0"]
    with app.app_context():
        ana = db.session.get(Player, ids["Ana"])
        for game in ("", *PRESETS):
            for period in ("all", "year", "30d"):
                only = StatsFilter(game=game, period=period)
                assert computed(ana, only) == expected(ana, only), only


def test_a_filter_with_nothing_in_it_says_so(app: Flask, keeper: Any) -> None:
    """Ana never played escoba-intl: the page says so and offers every game, all time."""
    ids = seed(app, "ana")
    html = keeper.page(f"/players/{ids['Ana']}?game=escoba-intl&period=year")
    assert "Ana has no hands in this game and period." in keeper.text(html)
    assert f'href="/players/{ids["Ana"]}">See every game, all time' in html


@pytest.mark.parametrize("query", ["game=poker", "period=forever", "game=" + "x" * 5000, "period=%00",
                                   "game=escova-rs&game=escoba-es&period=30d&period=all"])
def test_a_bad_filter_is_refused_beside_it_never_a_500(app: Flask, keeper: Any, query: str) -> None:
    """A value no page offers is refused beside its field (422) and the page shows the statistics without
    it; a repeated key takes the first value, as a browser's form would."""
    ids = seed(app, "ana")
    response = keeper.client.get(f"/players/{ids['Ana']}?{query}")
    html = response.get_data(as_text=True)
    if query.startswith("game=escova-rs&"):
        assert response.status_code == 200 and figure(html, "Played to the end") == "1"
        return
    assert response.status_code == 422
    assert "Not a valid choice" in keeper.text(html)
    assert figure(html, "Played to the end") in ("1", "2")


def test_a_player_without_hands_gets_a_friendly_empty_state(app: Flask, keeper: Any) -> None:
    """A player whose match has no hand yet: no table of zeros, a sentence and a way to start a match."""
    factories.start(keeper, ("Ana", "Bea"))
    with app.app_context():
        bea = db.session.scalar(select(Player).where(Player.name == "Bea"))
        bea_id = bea.id
    html = keeper.page(f"/players/{bea_id}")
    assert "Bea has not played a hand yet." in keeper.text(html)
    assert "<table" not in html and 'href="/matches/new"' in html


def test_another_accounts_player_is_not_found(app: Flask, scorekeeper: Any) -> None:
    """Bob cannot read Ana's players, nor guess them: 404, as for a player that does not exist."""
    ana = scorekeeper("ana")
    ids = seed(app, "ana")
    bob = scorekeeper("bob")
    bob.page(f"/players/{ids['Ana']}", 404)
    bob.page(f"/players/{ids['Ana']}?game=escova-rs", 404)
    bob.page("/players/999999", 404)
    ana.page(f"/players/{ids['Ana']}")


def test_one_person_in_two_seats_counts_once(app: Flask) -> None:
    """'Ana' and 'ana' are one player: in a match against herself she played each hand once, for side 0."""
    with app.app_context():
        user = User(username="solo", password_hash="-")
        db.session.add(user)
        db.session.commit()
        match = win_for_side_zero(user, Plan(SEATINGS[0], ("Ana", "ana"), "escova-rs", 0, 0, 0.0))
        (player,) = user.players
        stats = player_stats(player)
        assert (stats.record.started, stats.record.finished, stats.record.won) == (1, 1, 1)
        assert stats.hands.hands == len(match.hands) == 3 and stats.hands.points == 18
        assert stats.partners == [] and stats.opponents == []


@pytest.mark.parametrize(("language", "words"), [("es", "Partidas"), ("pt_BR", "Partidas")])
def test_the_page_speaks_the_readers_language(app: Flask, keeper: Any, language: str, words: str) -> None:
    """The statistics are translated: no English heading left on a Spanish or Brazilian page."""
    ids = seed(app, "ana")
    keeper.client.get(f"/language/{language}")
    text = keeper.text(keeper.page(f"/players/{ids['Ana']}"))
    assert words in text
    for english in ("Played to the end", "Win rate", "Hands played", "Head to head", "Most cards"):
        assert english not in text


def test_the_figures_hold_on_sqlite_and_postgresql(database_app: Any) -> None:
    """The same SQL on both databases: twelve seeded random matches, every player's figures under every
    filter equal the ones counted here (PostgreSQL when REFEREE_TEST_POSTGRES names a server)."""
    app = database_app()
    rng = random.Random(9)
    with app.app_context():
        user = User(username="both", password_hash="-")
        db.session.add(user)
        db.session.commit()
        for n in range(12):
            seating = SEATINGS[n % len(SEATINGS)]
            play(user, Plan(seating, tuple(rng.sample(ROSTER, seating.seats)), PRESETS[n % 3], 12, n, 0.3))
        db.session.execute(update(Match).where(Match.id % 3 == 0).values(created_at=now() - timedelta(days=400)))
        db.session.commit()
        for player in user.players:
            for only in (EVERYTHING, StatsFilter("escova-rs", "30d"), StatsFilter("", "year")):
                assert computed(player, only) == expected(player, only), (player.name, only)


def test_a_guests_record_with_a_filter_speaks_to_it(app: Flask) -> None:
    """A guest's My record has no name to put in the sentence: it is spoken to, not named "You has"."""
    guest = factories.Scorekeeper(app, app.test_client())
    assert guest.submit("/", action="/guest").status_code == 302
    text = guest.text(guest.page("/me?game=escoba-intl&period=year"))
    assert "You have no hands in this game and period." in text and "You has" not in text
