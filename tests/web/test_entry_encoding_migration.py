"""The migration that marks every stored entry with its encoding's version ("v": 2): the hands' entries and the
entries the trail keeps before and after a change, up and back down, on SQLite and PostgreSQL; the app reads the
rows it leaves (a hand's report, a hand taken back brought back, a correction reverted)."""

from __future__ import annotations

import json
from typing import Any

from flask_migrate import downgrade, upgrade
from sqlalchemy import text
from test_ratings import account, start

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import Match
from referee.services import HandDraft, edit_hand, record_hand, undo_last_hand
from referee.services.hands import review_stored
from referee.services.trail import restore_hand, revert_correction

BEFORE = "5d3e8a1c7b94"  # the spectator token with every match

REST = {"sides": [{"tally": {"cards": 20, "oros": 6, "sevens": 3, "velo": True}, "escobas": 1},
                  {"tally": "rest", "escobas": 0}], "leftover_sum": 10, "last_capture": 0}
CARDS = {"sides": [{"tally": {"cards": 24, "oros": 5, "sevens": 2, "velo": False}, "escobas": 0},
                   {"tally": {"cards": 16, "oros": 5, "sevens": 2, "velo": True}, "escobas": 1}],
         "leftover_sum": 10, "last_capture": 1}


def read(value: Any) -> Any:
    """A JSON column as text() gives it: parsed on SQLite, already on PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


def entries() -> list[dict[str, Any]]:
    """Every entry stored: the hands', then those the trail keeps, in the order of the rows."""
    found = [read(e) for (e,) in db.session.execute(text("SELECT entry FROM hand ORDER BY id")).all()]
    for row in db.session.execute(text("SELECT before, after FROM match_event ORDER BY id")).all():
        found += [facts["entry"] for facts in map(read, row) if isinstance(facts, dict) and "entry" in facts]
    return found


def test_the_migration_marks_every_stored_entry_and_takes_the_mark_off_going_down(database_app):
    """Entries as the old app left them (unmarked, a side as "rest"), in hands and in the trail: marked by the
    upgrade, read by the app; the downgrade leaves what the old app wrote."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        match = start(account("ana"), "Ana", "Bea")
        record_hand(match, HandDraft.kept("tally", REST, 0), 1)
        record_hand(match, HandDraft.kept("tally", CARDS, 1), 2)
        edit_hand(match, 1, HandDraft.kept("tally", CARDS, 0), match.version)
        undo_last_hand(match, match.version)
        match_id = match.id
        # a hand; two saved, one corrected (before and after), one taken back
        assert all(e.get("v") == 2 for e in entries()) and len(entries()) == 6
        db.session.close()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        old = entries()
        assert old and all("v" not in e for e in old)
        # as the old app kept them: the API's shape, a side as "rest"
        db.session.execute(text("UPDATE hand SET entry = :entry"), {"entry": json.dumps(REST)})
        db.session.commit()
        db.session.close()
        upgrade(directory=MIGRATIONS)
        assert [{k: v for k, v in e.items() if k != "v"} for e in entries()] == [REST, *old[1:]]
        assert all(e["v"] == 2 for e in entries())
        match = db.session.get(Match, match_id)
        assert review_stored(match, match.hands[0].entry).points  # read by the services' reader
        undone, corrected = (next(e for e in match.events if e.kind == kind) for kind in ("hand_undone", "hand_edited"))
        restore_hand(match, undone.id, match.version)
        revert_correction(match, corrected.id, match.version)
        assert all(e["v"] == 2 for e in entries())
        db.session.close()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert all("v" not in e for e in entries())
