"""The load benchmark's pieces (benchmarks/bench_load.py): its legal hands, its seeding, the reading of wrk's
output, and a quick run against one page."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_load
from load_deal import form_fields, play_hand
from load_seed import seed
from load_wrk import combined, parse

from referee import create_app
from referee.bodies import score_payloads
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Hand, HandSide, Match, Seat, User
from referee.rules import check_hand

WRK_OUTPUT = """Running 2s test @ http://127.0.0.1:4242/
  2 threads and 50 connections
LOADJSON {"requests": 5423, "duration_us": 2147595, "p50_us": 15530, "p90_us": 33205, "p99_us": 83082, \
"max_us": 103837, "socket_errors": 3, "statuses": {"200": 5400, "403": 23, "unexpected": 23}}
Requests/sec:   2525.15
"""


@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 3), (4, 2), (4, 4)])
def test_the_simulated_hands_are_legal_and_use_the_whole_deck(players: int, sides: int) -> None:
    rng = random.Random(players * 10 + sides)
    for _ in range(30):
        entry = play_hand(players, sides, rng)
        cards = [c for side in entry["sides"] for c in side["cards"]] + entry["leftover"]
        assert len(cards) == len(set(cards)) == 40
        report = check_hand(score_payloads.read_score({"ruleset": "escoba-es", **entry}))
        assert report.valid, entry


def test_the_form_fields_place_every_card() -> None:
    entry = play_hand(2, 2, random.Random(1))
    fields = form_fields(entry)
    assert sum(name.startswith("place-") for name in fields) == 40
    assert fields["last_capture"] == str(entry["last_capture"])
    assert {fields[f"place-{code}"] for code in entry["leftover"]} <= {"L"}


def test_wrk_output_is_read_with_its_error_answers() -> None:
    result = parse(WRK_OUTPUT)
    assert result.requests == 5423
    assert round(result.rate) == 2525
    assert (result.p50_ms, result.p99_ms) == (15.53, 83.082)
    assert result.unexpected == 26  # 23 answers 403 where 200 was expected, 3 socket errors
    assert result.status_words() == "200×5400 403×23"


def test_two_floor_runs_combine_into_their_requests_over_their_time() -> None:
    first = parse(WRK_OUTPUT)
    both = combined(first, first)
    assert both.requests == 2 * 5423 and both.rate == first.rate
    assert both.statuses == {"200": 10800, "403": 46, "unexpected": 46}


def test_output_without_the_lua_summary_is_refused() -> None:
    with pytest.raises(ValueError, match="LOADJSON"):
        parse("Running 2s test @ http://127.0.0.1:4242/\nRequests/sec: 1.0\n")


def test_seeding_makes_real_hands_and_histories(tmp_path: Path) -> None:
    app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'seed.sqlite'}"})
    upgrade_schema(app)
    with app.app_context():
        seeded = seed(3, random.Random(5), sizes=(20, 100))
        hands = dict(db.session.execute(select(Hand.match_id, func.count()).group_by(Hand.match_id)).all())
        assert hands[seeded.board12] == 12 and hands[seeded.board60] == 60
        boards = [db.session.get(Match, m) for m in (seeded.board12, seeded.board60, *seeded.save_matches)]
        assert not any(match.finished for match in boards)
        assert len(seeded.save_matches) == 3 and boards[0].spectator_token == seeded.token
        h100 = db.session.scalar(select(User).where(User.username == "h100"))
        assert db.session.scalar(select(func.count()).select_from(Match).where(Match.user_id == h100.id)) == 100
        assert seeded.histories == {"h20": 20, "h100": 100} and seeded.player_account == "h20"
        # Every copied hand has its side results, every seat its player.
        sides = db.session.scalar(select(func.count(func.distinct(HandSide.hand_id))))
        assert sides == db.session.scalar(select(func.count()).select_from(Hand))
        assert db.session.scalar(select(func.count()).select_from(Seat).where(Seat.player_id.is_(None))) == 0
        even = check_hand(score_payloads.read_score({"ruleset": "escoba-es", **seeded.even}))
        assert even.valid and len(set(even.points)) == 1


@pytest.mark.slow
@pytest.mark.seconds(15)
def test_a_quick_run_of_the_health_check_and_the_saves_meets_only_expected_answers(
        capsys: pytest.CaptureFixture[str]) -> None:
    words = ["--quick", "--duration", "1", "--only", "healthz,save", "--history", "100", "--tables", "2"]
    assert bench_load.main(words) == 0  # 1 for any answer not of its row's status, or a safety problem
    out = capsys.readouterr().out
    assert "| /healthz |" in out and "| floor: Flask 20-row Jinja page |" in out
    assert "| save a hand (POST → 302), 2 tables |" in out and "302×" in out
    assert "throttling disabled" in out and "journal_mode=wal, synchronous=FULL" in out
