"""The worst requests the API still accepts, timed against a bare Flask app answering the same JSON.

Run from the repository root, with the project's virtualenv:

    .venv/bin/python benchmarks/bench_hostile.py            # about a minute
    .venv/bin/python benchmarks/bench_hostile.py --quick    # fewer repetitions, a shorter search

Each case is one request body (at most the 64 KB limit, or over it to show the 413)
posted through Flask's test client, in process: no network, no server. The floor is a
bare Flask app in the same process, with the same MAX_CONTENT_LENGTH, whose one route
parses the same body with ``request.get_json()`` and answers the referee's own answer
(parsed back) with ``jsonify``: the same bytes in and out, none of the referee's work.
The ratio referee / floor is what reading, checking and wording cost on top of Flask.
Timings are medians over many requests (time.perf_counter, garbage collector off while
timing), in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_fifteens import cards_of, machine, quick_time, stats, timings
from flask import Flask, jsonify, request

from referee import create_app
from referee.database import upgrade_schema
from referee.rules import DECK, CardEntry, SidePile, check_hand, make_ruleset

KB = 1024
LIMIT = 64 * KB
CODES = [str(card) for card in DECK]
SEED = 20261201


@dataclass(frozen=True)
class Case:
    """One hostile request: a name, where it goes, its body and what it stands for."""

    name: str
    url: str
    body: bytes
    note: str


def dumps(value: Any) -> bytes:
    """JSON as a client would send it."""
    return json.dumps(value).encode()


def padded(value: dict[str, Any], size: int) -> bytes:
    """A JSON object padded with spaces to `size` bytes."""
    text = json.dumps(value)
    return (text[:-1] + " " * (size - len(text)) + "}").encode()


def worst_hand(rng: random.Random, steps: int) -> dict[str, Any]:
    """A complete two-side card entry whose piles take the rules core longest, by a seeded local search.

    Starts from the slowest family of bench_fifteens (every even card plus a few odd ones:
    each fifteen needs an odd card, so most of the pile is suspect) and moves one value at
    a time between the piles, keeping the slowest.
    """
    def split_ms(counts: tuple[int, ...]) -> float:
        pile = cards_of(counts)
        rest = tuple(card for card in DECK if card not in pile)
        entry = CardEntry(make_ruleset("escova-rs"), (SidePile(pile), SidePile(rest)), (), 0)
        return quick_time(lambda: check_hand(entry), reps=2)

    best = (1, 4, 1, 4, 2, 4, 0, 4, 3, 4)  # the 20 even cards and 1, 3, 5, 5, 9, 9, 9
    best_ms = split_ms(best)
    for _ in range(steps):
        trial = list(best)
        value = rng.randrange(10)
        trial[value] += rng.choice((-1, 1))
        if not 0 <= trial[value] <= 4 or not 1 <= sum(trial) <= 39:
            continue
        ms = split_ms(tuple(trial))
        if ms > best_ms:
            best, best_ms = tuple(trial), ms
    pile = cards_of(best)
    rest = [card for card in DECK if card not in pile]
    return {"ruleset": "escova-rs", "sides": [{"cards": [str(c) for c in pile], "escobas": 0},
                                             {"cards": [str(c) for c in rest], "escobas": 0}],
            "leftover": [], "last_capture": 0}


def cases(rng: random.Random, steps: int) -> list[Case]:
    """Every hostile request, the worst accepted shape of each kind first."""
    hand = worst_hand(rng, steps)
    junk_cards = ["x" * 300] * 40
    nest = "[" * 399 + "]" * 399
    return [
        Case("captures: 1o on the other 39 cards", "/api/v1/captures",
             dumps({"card": "1o", "table": [c for c in CODES if c != "1o"]}), "200, the most captures there are"),
        Case("captures: 10 000 copies of 2o", "/api/v1/captures", dumps({"card": "3c", "table": ["2o"] * 10_000}),
             "the issue's shape, within the limit"),
        Case("captures: 40 codes of 1 600 characters", "/api/v1/captures",
             dumps({"card": "3c", "table": ["7o" * 800] * 40}), "40 unknown cards, quoted short"),
        Case("captures: 80 arrays, 400 levels deep", "/api/v1/captures",
             ("[" + ",".join([nest] * 80) + "]").encode(), "the deepest nesting allowed, 64 KB of it"),
        Case("score: the slowest complete hand", "/api/v1/score", dumps(hand), "200, two wrong piles to split"),
        Case("score: the slowest hand padded to 64 KB", "/api/v1/score", padded(hand, LIMIT - 1),
             "200, as above with 62 KB of spaces"),
        Case("score: 4 sides and a leftover of 40 bad codes", "/api/v1/score",
             dumps({"ruleset": "escova-rs", "sides": [{"cards": junk_cards}] * 4, "leftover": junk_cards,
                    "last_capture": 0}), "200 bad codes; reading stops at 40 problems"),
        Case("score: 4 000 unknown options", "/api/v1/score",
             dumps({**hand, "options": {f"o{i}": i for i in range(4000)}}), "reading stops at 40 problems"),
        Case("score: 1 500 sides", "/api/v1/score", dumps({**hand, "sides": [{"cards": [], "x": 1}] * 1500}),
             "refused before any side is read"),
        Case("score: a 60 KB ruleset name", "/api/v1/score", dumps({**hand, "ruleset": "x" * 60_000}),
             "quoted by 20 characters"),
        Case("score: 1 MB body", "/api/v1/score", padded(hand, 1024 * KB), "413 before reading"),
        Case("captures: 1 MB body", "/api/v1/captures", dumps({"card": "3c", "table": ["2o"] * 170_000}),
             "the issue's request: 413 before reading"),
    ]


def floor_app(answers: dict[bytes, tuple[Any, int]]) -> Flask:
    """A bare Flask app: parse the body, answer the referee's answer for it, nothing else."""
    app = Flask("floor")
    app.config["MAX_CONTENT_LENGTH"] = LIMIT
    app.json.sort_keys = False  # type: ignore[attr-defined]

    @app.post("/api/v1/<name>")
    def answer(name: str) -> Any:
        body = request.get_data()
        request.get_json(force=True)
        value, status = answers[body]
        return jsonify(value), status

    @app.errorhandler(413)
    def too_large(_error: Exception) -> Any:
        return {"errors": [{"field": "body", "message": "The request is too large."}]}, 413

    return app


def run(post: Callable[[], Any], reps: int) -> float:
    """The median of `reps` requests, in ms."""
    return stats(timings(post, reps)).median


def main(argv: list[str] | None = None) -> int:
    """Build the cases, answer each once to get the floor's answers, then time both apps."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and a shorter search")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    args = parser.parse_args(argv)
    reps, steps = (15, 40) if args.quick else (60, 200)

    print("Escoba Referee — hostile requests against a bare Flask floor")
    print(f"date:    {time.strftime('%Y-%m-%d %H:%M:%S')}")
    print(f"machine: {machine()}")
    print(f"seed:    {args.seed}, {reps} requests per case{'  (quick run)' if args.quick else ''}")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite'}"})
        upgrade_schema(app)
        referee = app.test_client()
        todo = cases(random.Random(args.seed), steps)
        slowest = json.loads(todo[4].body)["sides"]
        print("slowest hand found: " + " | ".join(" ".join(side["cards"]) for side in slowest))
        answers = {}
        for case in todo:
            response = referee.post(case.url, data=case.body, content_type="application/json")
            answers[case.body] = (response.get_json(), response.status_code)
        floor = floor_app(answers).test_client()

        print(f"\n{'case':48} {'body':>8} {'status':>6} {'answer':>9} {'referee':>9} {'floor':>8} {'ratio':>6}")
        for case in todo:
            response = referee.post(case.url, data=case.body, content_type="application/json")
            mine = run(lambda c=case: referee.post(c.url, data=c.body, content_type="application/json"), reps)
            base = run(lambda c=case: floor.post(c.url, data=c.body, content_type="application/json"), reps)
            print(f"{case.name:48} {len(case.body) / KB:6.1f}KB {response.status_code:>6} "
                  f"{len(response.data) / KB:7.1f}KB {mine:7.2f}ms {base:6.2f}ms {mine / base:5.1f}×")
            print(f"    {case.note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
