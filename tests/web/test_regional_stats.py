"""A player's statistics under the regional options: the hands' categories counted as the match's own rules scored
them (the setenta, the Uruguayan tiebreak, shared ties), against figures worked out here from the cards."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, Player, User
from referee.rules import Card, Sevens, make_ruleset
from referee.rules.hand import count_cards
from referee.rules.scoring import earn
from referee.services import HandDraft, MatchSettings, create_match, record_hand
from referee.services.stats import CATEGORIES, player_stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from simulator import SEATINGS, Seating, play_hand

HANDS = 10  # per match: enough hands that each option decides a few categories differently from the default


def hands_of(seating: Seating, seed: int) -> list[dict[str, Any]]:
    """Legal hands played by the simulator, as the services take a card entry."""
    rng, hands = random.Random(seed), []
    while len(hands) < HANDS:
        hand = play_hand(rng, seating, dealer=len(hands) % seating.seats)
        if hand.last_capture is None:
            continue
        hands.append({"sides": [{"cards": [str(c) for c in pile], "escobas": n}
                                for pile, n in zip(hand.piles, hand.escobas, strict=True)],
                      "leftover": [str(c) for c in hand.leftover], "last_capture": hand.last_capture})
    return hands


def earned_by(options: dict[str, str], body: dict[str, Any]) -> list[dict[str, int]]:
    """What each side's cards earned in a hand under the options, by the rules core from counts made here."""
    counts, escobas = [], []
    for i, side in enumerate(body["sides"]):
        cards = [Card.parse(code) for code in side["cards"]]
        if i == body["last_capture"]:
            cards += [Card.parse(code) for code in body["leftover"]]
        counts.append(count_cards(cards))
        escobas.append(side["escobas"])
    earned = earn(make_ruleset("escoba-es", **options), counts, escobas)
    return [{name: getattr(e, name) for name in CATEGORIES} for e in earned]


Figures = dict[str, int]


def play(app: Flask, options: dict[str, str], seating: Seating, seed: int) -> tuple[list[Figures], Figures]:
    """Play a match of the simulator's hands under the options (without ending it: a high target); each side's
    categories as counted here, and how many hands some category was taken by two sides or more."""
    names = ("Ana", "Bia", "Carla", "Duda")[: seating.seats]
    expected = [dict.fromkeys(CATEGORIES, 0) for _side in range(seating.sides)]
    shared = dict.fromkeys(CATEGORIES, 0)
    with app.app_context():
        user = User(username="ana", password_hash="-")
        db.session.add(user)
        db.session.commit()
        match = create_match(user, MatchSettings(preset="escoba-es", options={"target": 100, **options},
                                                 deck_style="spanish", names=names,
                                                 partnerships=seating.partnerships, first_dealer=0))
        for number, body in enumerate(hands_of(seating, seed), start=1):
            record_hand(match, HandDraft.kept("cards", body, dealer=(number - 1) % seating.seats), number)
            earned = earned_by(options, body)
            for side, figures in enumerate(earned):
                for name in CATEGORIES:
                    expected[side][name] += figures[name]
            for name in CATEGORIES:
                shared[name] += sum(figures[name] for figures in earned) > 1
    return expected, shared


def taken(app: Flask, name: str) -> dict[str, int]:
    """The categories a player's page counts for them."""
    with app.app_context():
        player = db.session.scalar(select(Player).where(Player.name == name))
        return dict(player_stats(player).hands.taken)


@pytest.mark.parametrize("seating", [SEATINGS[0], SEATINGS[1], SEATINGS[2]], ids=["two", "three", "four"])
def test_under_shared_ties_every_side_tied_at_the_top_counts_the_category(app: Flask, seating: Seating) -> None:
    """Shared ties: a category two sides tie for counts for both of them; every player's counts are the cards'."""
    seed = next(s for s in range(200) if sum(earned_by({"ties": "shared"}, b)[0]["cards"]
                                            and earned_by({"ties": "shared"}, b)[1]["cards"]
                                            for b in hands_of(seating, s)))
    expected, shared = play(app, {"ties": "shared"}, seating, seed)
    assert shared["cards"] >= 1  # the case under test happened: some hand's cards tied and were shared
    for side, name in enumerate(("Ana", "Bia", "Carla", "Duda")[: seating.seats]):
        assert {k: taken(app, name)[k] for k in CATEGORIES} == expected[side]


@pytest.mark.parametrize("sevens", ["setenta", "most_tiebreak"])
def test_the_sevens_point_counts_as_the_match_scored_it(app: Flask, sevens: str) -> None:
    """Under the setenta or the Uruguayan tiebreak a side's sevens point is the option's, not the most sevens:
    the seed is one where the option and 'most sevens' disagree in some hand."""
    seating = SEATINGS[0]
    seed = next(s for s in range(200) if any(earned_by({"sevens": sevens}, b) != earned_by({}, b)
                                            for b in hands_of(seating, s)))
    expected, _shared = play(app, {"sevens": sevens}, seating, seed)
    by_most = [dict.fromkeys(CATEGORIES, 0) for _side in range(2)]
    for body in hands_of(seating, seed):
        for side, figures in enumerate(earned_by({}, body)):
            for name in CATEGORIES:
                by_most[side][name] += figures[name]
    assert expected != by_most  # the option changed who took the point in some hand
    assert taken(app, "Ana")["sevens"] == expected[0]["sevens"]
    assert taken(app, "Bia")["sevens"] == expected[1]["sevens"]


def test_the_players_page_names_the_sevens_point_and_says_how_ties_count(app: Flask, keeper: Any) -> None:
    """The page's category is 'the sevens point' (most sevens or the setenta), with a word on shared ties."""
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == "ana"))
        match = create_match(user, MatchSettings(preset="escoba-es", options={"sevens": "setenta", "ties": "shared"},
                                                 deck_style="spanish", names=("Ana", "Bia"), first_dealer=0))
        record_hand(match, HandDraft.kept("cards", hands_of(SEATINGS[0], 1)[0], dealer=0), 1)
        player_id = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert db.session.get(Match, match.id).ruleset.sevens == Sevens.SETENTA
    html = keeper.page(f"/players/{player_id}")
    assert "The sevens point" in html and "Most sevens" not in html
    assert "under shared ties, every side tied at the top took it" in html
