"""What speed must not cost (issue 11, point 4), checked after the load: every hand answered 302 is in the
database, SQLite keeps its journal and sync levels, and no answer meant for one account reaches another."""

from __future__ import annotations

from flask import Flask
from load_browser import Browser
from load_seed import Seeded
from sqlalchemy import func, select, text

from referee.extensions import db
from referee.models import Hand

SYNC_LEVELS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def saved_hands(app: Flask, seeded: Seeded) -> int:
    """The hands of the save benchmark's matches, beyond the one each was seeded with."""
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(Hand)
                                  .where(Hand.match_id.in_(seeded.save_matches))) or 0
        db.engine.dispose()
    return count - len(seeded.save_matches)


def durability(app: Flask) -> str:
    """SQLite's journal mode and sync level on a connection set up by the app (its pragmas), else the server."""
    with app.app_context():
        connection = db.session.connection()
        if db.engine.dialect.name != "sqlite":
            words = f"PostgreSQL, synchronous_commit={connection.execute(text('SHOW synchronous_commit')).scalar()}"
        else:
            mode = connection.execute(text("PRAGMA journal_mode")).scalar()
            level = connection.execute(text("PRAGMA synchronous")).scalar()
            words = f"SQLite, journal_mode={mode}, synchronous={SYNC_LEVELS.get(int(level or 0), level)}"
        db.session.close()
        db.engine.dispose()
    return words


def other_account(owner: Browser, other: Browser, seeded: Seeded) -> list[str]:
    """Problems when another account asks for the owner's scoreboard (with the owner's ETag, if the page has
    one) or the spectator page is asked with a wrong ETag: each must get no page meant for someone else."""
    problems = []
    board = f"/matches/{seeded.board12}"
    status, headers, _page = owner.get(board)
    etag = headers.get("etag")
    for sent in ({"If-None-Match": etag} if etag else {}, {}):
        status, _headers, _page = other.get(board, headers=sent or None)
        if status != 404:
            problems.append(f"another account asking for {board} {'with its ETag ' if sent else ''}got {status}")
    status, _headers, _page = Browser(f"http://{owner.host}:{owner.port}").get(
        f"/watch/{seeded.token}", headers={"If-None-Match": '"not-this-tag"'})
    if status != 200:
        problems.append(f"the spectator page with a wrong ETag answered {status}")
    return problems
