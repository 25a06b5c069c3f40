"""Matches of every kind, played through the app's pages, for the export and backup tests: corrections, a
revert, an undo and a restore, a finished match, a draw for dealer, three players, two partnerships, a hand
with an error, and one match not started (still drawing)."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from sqlalchemy import select

from referee.models import MatchEvent


def events(keeper: Any, match_id: int, kind: str) -> list[int]:
    """The ids of a match's events of one kind, oldest first."""
    rows = keeper.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id, MatchEvent.kind == kind)
                        .order_by(MatchEvent.id))
    return [row[0] for row in rows]


def press(keeper: Any, match_id: int, event_id: int, action: str) -> None:
    """Press a trail button on the scoreboard (restore, revert)."""
    url = f"/matches/{match_id}/trail/{event_id}/{action}"
    page = url if action == "revert" else f"/matches/{match_id}"  # a revert asks first, on a page of its own
    assert keeper.client.post(url, data=keeper.form(page, action=url)).status_code == 302


def undo(keeper: Any, match_id: int) -> None:
    """Take back the last hand through its confirmation page."""
    assert keeper.submit(f"/matches/{match_id}/undo").status_code == 302


def finish(keeper: Any, match_id: int) -> None:
    """Save the correct hand until the match has a winner."""
    for _ in range(12):
        if "Rematch" in keeper.board(match_id):
            return
        keeper.save_hand(match_id)
    raise AssertionError("the match did not finish")


# Three sides by counts: 40 cards, 10 oros, 4 sevens, one velo; the leftover's 10 leaves 210, fifteens all.
THREE_BY_COUNTS = {"cards-0": "14", "oros-0": "4", "sevens-0": "2", "cards-1": "13", "oros-1": "3",
                   "sevens-1": "1", "cards-2": "13", "oros-2": "3", "sevens-2": "1", "velo": "0",
                   "leftover_sum": "10", "last_capture": "0", "escobas-0": "1", "escobas-1": "0", "escobas-2": "0"}


def play_everything(keeper: Any) -> list[int]:
    """The matches described above, in the account of `keeper`; their ids."""
    corrected = keeper.start(("Ana", "Bea"))
    keeper.save_hand(corrected)
    keeper.save_hand(corrected, mode="tally", mirror=True)
    keeper.save_hand(corrected, number=1, escobas=(0, 0))  # a correction…
    press(keeper, corrected, events(keeper, corrected, "hand_edited")[0], "revert")  # …reverted
    undo(keeper, corrected)
    press(keeper, corrected, events(keeper, corrected, "hand_undone")[0], "restore")
    keeper.save_hand(corrected, moves={"5o": "1"})  # a card in the wrong pile: an error
    undo(keeper, corrected)  # taken back, and not restored: its line offers it again

    finished = keeper.start(("Ana", "Lucía"))
    finish(keeper, finished)

    drawn = keeper.start(("Bea", "Ana"), preset="escoba-es", first_dealer="draw")
    keeper.submit(f"/matches/{drawn}/draw", {"cards-0": "7o", "cards-1": "7c"})  # a tie
    keeper.submit(f"/matches/{drawn}/draw", {"cards-0": "10o", "cards-1": "2c"})
    keeper.save_hand(drawn)

    three = keeper.start(("Ana", "Bea", "Cid"))
    url = keeper.hand_url(three, "tally")
    response = keeper.submit(url, THREE_BY_COUNTS | {"action": "save"}, post_to=url)
    assert response.status_code == 302, response.get_data(as_text=True)

    pairs = keeper.start(("Ana", "Carla", "Bea", "Duda"))
    keeper.save_hand(pairs)
    keeper.save_hand(pairs, mirror=True)

    still_drawing = keeper.start(("Eva", "Ana"), first_dealer="draw")
    return [corrected, finished, drawn, three, pairs, still_drawing]


def backup_of(keeper: Any) -> dict[str, Any]:
    """The account's backup file, downloaded from the account page's link."""
    page = keeper.page("/account")
    link = re.search(r'href="(/account/backup\.json)"', page)
    assert link, "the account page links to its backup"
    response = keeper.client.get(link.group(1))
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=escoba-referee-backup-")
    return json.loads(response.get_data(as_text=True))  # type: ignore[no-any-return]


def upload(keeper: Any, content: bytes | str | dict[str, Any], filename: str = "backup.json") -> Any:
    """Send a file through the import page's form (its CSRF token included); the response."""
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode()
    fields: dict[str, Any] = dict(keeper.form("/account/import"))
    fields["backup"] = (io.BytesIO(content), filename, "application/json")
    return keeper.client.post("/account/import", data=fields, content_type="multipart/form-data")
