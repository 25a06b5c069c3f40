"""Starting a round is one transaction: two "Start round" taps at once make one round (the second is told, in
words), on SQLite and PostgreSQL; a round is never seen without its tables."""

from __future__ import annotations

import threading
from collections.abc import Callable

import factories
import pytest
from flask import Flask
from sqlalchemy import func, select
from test_hand_races import before_first_write

from referee.extensions import db
from referee.models import TournamentRound, TournamentTable

TRIALS = 6


def tournament_ready(app: Flask) -> tuple[factories.Scorekeeper, factories.Scorekeeper, int]:
    """Ana's Swiss event of six over two rounds, with a second phone of hers."""
    ana = factories.keeper(app, "ana")
    club_id = factories.club(ana)
    tournament_id = factories.tournament(ana, club_id, ["Bia", "Caio", "Dani", "Eva", "Fer", "Gil"], rounds=2)
    return ana, factories.phone(ana), tournament_id


def rounds_and_tables(app: Flask, tournament_id: int) -> list[tuple[int, int]]:
    """Each round's number and how many tables it has."""
    with app.app_context():
        return [(number, count) for number, count in db.session.execute(
            select(TournamentRound.number, func.count(TournamentTable.id))
            .outerjoin(TournamentTable, TournamentTable.round_id == TournamentRound.id)
            .where(TournamentRound.tournament_id == tournament_id)
            .group_by(TournamentRound.number).order_by(TournamentRound.number))]


def test_a_start_that_meets_another_phones_start_is_told_and_makes_nothing(app):
    """The second phone's start runs to its end just before the first one's first write: one round of three
    tables, and the first phone's page says the round was started on another phone."""
    ana, other, tournament_id = tournament_ready(app)
    url = f"/tournaments/{tournament_id}/rounds"
    fields = {"csrf_token": ana.token()}
    other_fields = {"csrf_token": other.token()}
    with before_first_write(app, lambda: other.client.post(url, data=other_fields)) as answers:
        answer = ana.client.post(url, data=fields, follow_redirects=True)
    assert answers[0].status_code == 302
    assert "Round 1 was started on another phone a moment ago." in ana.text(answer.get_data(as_text=True))
    assert rounds_and_tables(app, tournament_id) == [(1, 3)]


@pytest.fixture
def app_on(database_app: Callable[..., Flask]) -> Flask:
    """An app on SQLite, then PostgreSQL."""
    return database_app()


def test_two_starts_at_the_same_moment_make_one_round(app_on):
    """Two threads tap Start round together, for TRIALS tournaments: every time one round is made whole and the other
    tap is refused in words, never two rounds, never a 5xx."""
    ana = factories.keeper(app_on, "ana")
    other = factories.phone(ana)
    club_id = factories.club(ana)
    profile = factories.house_rules(ana, "Quick", target=4)
    phones = [(ana, {"csrf_token": ana.token()}), (other, {"csrf_token": other.token()})]
    for trial in range(TRIALS):
        tournament_id = factories.tournament(ana, club_id, ["Bia", "Caio", "Dani", "Eva", "Fer", "Gil"], rounds=2,
                                             profile_id=profile, name=f"Night {trial}")
        url = f"/tournaments/{tournament_id}/rounds"
        barrier, answers = threading.Barrier(2), []

        def tap(phone: factories.Scorekeeper, fields: dict[str, str], url: str = url,
                barrier: threading.Barrier = barrier, answers: list[int] = answers) -> None:
            barrier.wait()
            answers.append(phone.client.post(url, data=fields).status_code)

        threads = [threading.Thread(target=tap, args=phone) for phone in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(status < 500 for status in answers), answers
        assert rounds_and_tables(app_on, tournament_id) == [(1, 3)]
