"""Matches of every kind, played through the app's services (tests/factories.py), for the export and backup tests:
corrections, a revert, an undo and a restore, a finished match, a draw for dealer, three players, two partnerships,
a hand with an error, and one match not started (still drawing)."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

import factories
from hypothesis import strategies as st
from sqlalchemy import select

from referee.models import MatchEvent


def events(keeper: Any, match_id: int, kind: str) -> list[int]:
    """The ids of a match's events of one kind, oldest first."""
    rows = keeper.query(select(MatchEvent.id).where(MatchEvent.match_id == match_id, MatchEvent.kind == kind)
                        .order_by(MatchEvent.id))
    return [row[0] for row in rows]


# Three sides by counts: 40 cards, 10 oros, 4 sevens, one velo; the leftover's 10 leaves 210, fifteens all.
THREE_BY_COUNTS = {"cards-0": "14", "oros-0": "4", "sevens-0": "2", "cards-1": "13", "oros-1": "3",
                   "sevens-1": "1", "cards-2": "13", "oros-2": "3", "sevens-2": "1", "velo": "0",
                   "leftover_sum": "10", "last_capture": "0", "escobas-0": "1", "escobas-1": "0", "escobas-2": "0"}


def finish(keeper: Any, match_id: int) -> None:
    """Save the correct hand until the match has a winner."""
    for _ in range(12):
        if "Rematch" in keeper.board(match_id):
            return
        factories.save_hand(keeper, match_id)
    raise AssertionError("the match did not finish")


def play_everything(keeper: Any) -> list[int]:
    """The matches described above, in the account of `keeper`; their ids."""
    corrected = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, corrected)
    factories.save_hand(keeper, corrected, mode="tally", mirror=True)
    factories.save_hand(keeper, corrected, number=1, escobas=(0, 0))  # a correction…
    factories.revert(keeper, corrected, events(keeper, corrected, "hand_edited")[0])  # …reverted
    factories.undo(keeper, corrected)
    factories.restore(keeper, corrected, events(keeper, corrected, "hand_undone")[0])
    factories.save_hand(keeper, corrected, moves={"5o": "1"})  # a card in the wrong pile: an error
    factories.undo(keeper, corrected)  # taken back, and not restored: its line offers it again

    finished = factories.start(keeper, ("Ana", "Lucía"))
    finish(keeper, finished)

    drawn = factories.start(keeper, ("Bea", "Ana"), preset="escoba-es", first_dealer="draw")
    factories.draw(keeper, drawn, "7o", "7c")  # a tie
    factories.draw(keeper, drawn, "10o", "2c")
    factories.save_hand(keeper, drawn)

    three = factories.start(keeper, ("Ana", "Bea", "Cid"))
    factories.save_hand(keeper, three, mode="tally", overrides=THREE_BY_COUNTS)

    pairs = factories.start(keeper, ("Ana", "Carla", "Bea", "Duda"))
    factories.save_hand(keeper, pairs)
    factories.save_hand(keeper, pairs, mirror=True)

    still_drawing = factories.start(keeper, ("Eva", "Ana"), first_dealer="draw")
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


# -- a backup changed anywhere, for the fuzz tests -------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=24)
FIELDS = st.sampled_from(["format", "version", "exported_at", "players", "matches", "uid", "seats", "hands",
                          "trail", "entry", "sides", "points", "dealer", "kind", "after", "before", "restores"])


def mutated(document: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """A copy of a backup with one value somewhere in its matches replaced (often by a small number or a
    truth value, which the schema lets through to the checks behind it), or one key added or removed."""
    copied = copy.deepcopy(document)
    node: Any = copied["matches"]
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or data.draw(st.integers(0, 7)) == 0:
            action = data.draw(st.sampled_from(["replace", "replace", "replace", "drop", "add"]))
            if action == "replace":
                node[key] = data.draw(st.integers(0, 5) | st.booleans() | st.none() | JSON)
            elif action == "drop" and isinstance(node, dict):
                del node[key]
            elif isinstance(node, dict):
                node[data.draw(FIELDS)] = data.draw(JSON)
            else:
                node.append(copy.deepcopy(data.draw(st.sampled_from(node))))
            break
        node = child
    return copied
