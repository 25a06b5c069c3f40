"""Steps sent at the same moment, as two phones' taps (tests/web/test_three_phones.py, test_confirmations.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable


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
