"""Two requests at the same moment, made to happen in a test: the second runs while the first is under way
(meanwhile), or steps released together from threads of their own (together)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest


def meanwhile(monkeypatch: pytest.MonkeyPatch, post: Callable[[], Any]) -> list[Any]:
    """While this save is under way (its match read, nothing stored yet), `post` runs to the end on another
    thread, as a second request served at the same moment would (with its own database session); the list
    receives its answer."""
    from referee.services import hands as service

    # The hook: the points read off the referee's report, once the match is read and before anything is stored
    # (the report itself may come from the page, checked before the save began).
    scorable, answers, started = service.points_to_store, [], threading.Event()

    def score_and_race(report: Any) -> Any:
        if not started.is_set():  # the first save only: the other phone's goes straight through
            started.set()
            thread = threading.Thread(target=lambda: answers.append(post()))
            thread.start()
            thread.join()
        return scorable(report)
    monkeypatch.setattr(service, "points_to_store", score_and_race)
    return answers


def together(steps: list[Callable[[], int]]) -> list[int | BaseException]:
    """Run the steps from threads of their own, released at once; their statuses (or errors)."""
    barrier, answers = threading.Barrier(len(steps)), [0] * len(steps)

    def run(i: int, step: Callable[[], int]) -> None:
        barrier.wait()
        try:
            answers[i] = step()
        except BaseException as error:  # the test reports it with the others
            answers[i] = error  # type: ignore[call-overload]

    threads = [threading.Thread(target=run, args=(i, step)) for i, step in enumerate(steps)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers  # type: ignore[return-value]
