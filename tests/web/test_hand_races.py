"""Two phones, any order: a change that meets another phone's change to the same hand at the very moment it is
written answers a conflict page or a 409 in words, never a 500. The other phone's request is run inside the
first, just before the first one's first write (SQLAlchemy's before_cursor_execute), with a session of its own,
as a second worker serving it at that moment would."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import factories
import pytest
from api_client import ApiClient, by_cards
from flask import Flask
from sqlalchemy import event
from werkzeug.test import TestResponse

from referee.extensions import db

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def before_first_write(app: Flask, other: Callable[[], TestResponse]) -> Iterator[list[TestResponse]]:
    """Run `other` (another phone's request) to its end, on a thread of its own as a second worker would, just
    before the next request's first write."""
    answers: list[TestResponse] = []
    with app.app_context():
        engine = db.engine

    def race(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if not started and statement.lstrip().upper().startswith(WRITES):
            started.append(True)  # the other phone's own writes go straight through
            thread = threading.Thread(target=lambda: answers.append(other()))
            thread.start()
            thread.join()

    started: list[bool] = []

    event.listen(engine, "before_cursor_execute", race)
    try:
        yield answers
    finally:
        event.remove(engine, "before_cursor_execute", race)


@pytest.fixture
def table(keeper):
    """Ana's match with two hands, and a second phone of hers."""
    match_id = factories.start(keeper)
    factories.save_hand(keeper, match_id)
    factories.save_hand(keeper, match_id, mirror=True)
    return keeper, factories.phone(keeper), match_id


def test_a_correction_sent_as_another_phone_takes_the_hand_back_is_a_conflict_page(app, table):
    """The page's correction of hand 2 meets the other phone's Undo of hand 2: 409, the entry kept, offered as the
    next hand (the hand it corrected is gone)."""
    ana, other, match_id = table
    url = ana.hand_url(match_id, number=2)
    fields = ana.form(url) | ana.hand_fields() | {"action": "save"}
    undo = other.form(f"/matches/{match_id}/undo")
    with before_first_write(app, lambda: other.client.post(f"/matches/{match_id}/undo", data=undo)) as answers:
        answer = ana.client.post(url, data=fields)
    assert answers[0].status_code == 302
    assert answer.status_code == 409, answer.status_code
    html = answer.get_data(as_text=True)
    page = ana.text(html)
    assert "The match changed on another phone" in page and "save it as hand 2" in page
    kept = ana.fields(html, f"/matches/{match_id}/hands/new")
    assert ana.places(kept) == ana.places(fields)
    assert [hand[0] for hand in ana.saved_hands(match_id)] == [1]


def test_a_correction_sent_by_the_api_as_another_phone_takes_the_hand_back_is_a_409(app, table):
    """The same race through the API: the PUT meets a DELETE of the same hand."""
    ana, other, match_id = table
    api, api_other = ApiClient(ana.client), ApiClient(other.client)
    version = api.request("GET", f"/matches/{match_id}").headers["ETag"].strip('"')
    assert api_other.request("GET", f"/matches/{match_id}").status_code == 200  # no write left for its first use
    undo = lambda: api_other.request("DELETE", f"/matches/{match_id}/hands/2",  # noqa: E731
                                     headers={"If-Match": version})
    with before_first_write(app, undo) as answers:
        answer = api.request("PUT", f"/matches/{match_id}/hands/2", by_cards(), headers={"If-Match": version})
    assert answers[0].status_code == 200
    assert answer.status_code == 409, answer.get_data(as_text=True)
    assert answer.get_json()["errors"][0]["message"]


def test_an_undo_sent_as_another_phone_corrects_that_hand_is_a_conflict(app, table):
    """The other order: the page's Undo meets the other phone's correction of the hand it takes back."""
    ana, other, match_id = table
    url = other.hand_url(match_id, number=2)
    fields = other.form(url) | other.hand_fields() | {"action": "save"}
    undo = ana.form(f"/matches/{match_id}/undo")
    with before_first_write(app, lambda: other.client.post(url, data=fields)) as answers:
        answer = ana.client.post(f"/matches/{match_id}/undo", data=undo)
    assert answers[0].status_code == 302
    assert answer.status_code == 302
    assert "changed on another phone" in ana.text(ana.page(f"/matches/{match_id}"))
    assert [hand[0] for hand in ana.saved_hands(match_id)] == [1, 2]


def test_the_same_idempotency_key_sent_twice_at_once_saves_one_hand_and_the_second_answer_is_200(app, table):
    """The docs' promise: a repeat gets 200 with the first hand, also when both sends arrive at the same moment."""
    ana, _other, match_id = table
    api = ApiClient(ana.client)
    assert api.request("GET", f"/matches/{match_id}").status_code == 200  # the token's first use noted: no write now
    send = lambda: api.request("POST", f"/matches/{match_id}/hands", by_cards(),  # noqa: E731
                               headers={"Idempotency-Key": "same-key-twice"})
    with before_first_write(app, send) as answers:
        answer = send()
    assert (answers[0].status_code, answer.status_code) == (201, 200)
    assert answer.get_json()["hand"] == answers[0].get_json()["hand"]
    assert [hand[0] for hand in ana.saved_hands(match_id)] == [1, 2, 3]
