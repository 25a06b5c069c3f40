"""The stack floor of the club-night benchmark: Flask + Flask-SQLAlchemy doing the project's database work per
request in the most direct way, served like the project (bench_club.py).

- ``GET /watch/<token>``: the match's version in one query; 304 when If-None-Match holds its etag, else a plain
  12-row table of its hands (the page names its address and carries its etag, as the project's does);
- ``GET /matches/<id>``, a scorer's phone (the owner's or a scorer's, named by Flask's signed session cookie): the
  match's version in one query that checks the phone's account owns or scores it; 304 when If-None-Match holds
  its etag (the account and the version), else the same 12-row table naming the account, 404 for another's;
- ``POST /api/v1/matches/<id>/hands``: one hand row and the match's version bumped, one commit; 201. With
  FLOOR_CONFIRM set (bench_club.py --confirm: every table confirms each hand), the hand waits and its answer names
  it, its match and its digest;
- ``POST /api/v1/matches/<id>/hands/<n>/confirm``: the hand read, its digest compared with the one sent, marked
  counted and the match's version bumped, one commit; 200.

Its tables (``floor_match``, ``floor_hand``, ``floor_scorer``) live in the run's throwaway database beside the
project's (SQLite or PostgreSQL, from DATABASE_URL), made and filled by `seed` before the server starts.
"""

from __future__ import annotations

import os
import secrets

from flask import Flask, abort, render_template
from flask.typing import ResponseReturnValue
from flask_sqlalchemy import SQLAlchemy
from jinja2 import DictLoader
from sqlalchemy import ForeignKey, select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The floor's models."""


db = SQLAlchemy(model_class=Base)


class FloorMatch(db.Model):  # type: ignore[name-defined,misc]
    """A match: its spectator token and version."""

    __tablename__ = "floor_match"
    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(unique=True)
    version: Mapped[int] = mapped_column(default=1)


class FloorScorer(db.Model):  # type: ignore[name-defined,misc]
    """An account that scores a match (the owner's too): its name."""

    __tablename__ = "floor_scorer"
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("floor_match.id"), index=True)
    name: Mapped[str]


class FloorHand(db.Model):  # type: ignore[name-defined,misc]
    """A hand: its number and the two sides' points."""

    __tablename__ = "floor_hand"
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("floor_match.id"), index=True)
    number: Mapped[int]
    points_a: Mapped[int]
    points_b: Mapped[int]
    waiting: Mapped[bool] = mapped_column(default=False)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Match {{ match.id }}</title></head>
<body><main><h1><a href="/watch/{{ match.token }}">Match {{ match.id }}</a></h1>
{% if name %}<p><a href="/matches/{{ match.id }}/hands/new">Enter a hand</a> · Log out {{ name }}</p>{% endif %}
<table data-etag="{{ etag }}"><thead><tr><th>#</th><th>Ana</th><th>Bia</th></tr></thead><tbody>
{% for hand in hands %}<tr><td>{{ hand.number }}</td><td>{{ hand.points_a }}</td><td>{{ hand.points_b }}</td></tr>
{% endfor %}</tbody></table></main></body></html>
"""


OWNER, SCORERS = "bench", ("scorer-a", "scorer-b")  # each table's phones: the owner's and two scorers'


def create_app(url: str | None = None, secret: str | None = None) -> Flask:
    """The floor app on DATABASE_URL (or `url`), its sessions signed with SECRET_KEY (or `secret`)."""
    app = Flask(__name__)
    app.config["SQLALCHEMY_DATABASE_URI"] = url or os.environ["DATABASE_URL"]
    app.config["SECRET_KEY"] = secret or os.environ["SECRET_KEY"]
    app.jinja_loader = DictLoader({"page.html": PAGE})
    db.init_app(app)

    def page(match: FloorMatch, etag: str, name: str = "") -> str:
        """The match's last 12 hands, as a plain table."""
        hands = db.session.scalars(select(FloorHand).where(FloorHand.match_id == match.id)
                                   .order_by(FloorHand.number.desc()).limit(12)).all()
        return render_template("page.html", match=match, hands=hands, etag=etag, name=name)

    @app.get("/watch/<token>")
    def watch(token: str) -> ResponseReturnValue:
        """304 while the version has not changed, else the page."""
        from flask import request

        version = db.session.scalar(select(FloorMatch.version).where(FloorMatch.token == token))
        if version is None:
            abort(404)
        etag = f"{token[:8]}-{version}"
        if request.if_none_match.contains(etag):
            return "", 304, {"ETag": f'"{etag}"'}
        match = db.session.scalars(select(FloorMatch).where(FloorMatch.token == token)).one()
        return page(match, etag), 200, {"ETag": f'"{etag}"'}

    @app.get("/matches/<int:match_id>")
    def board(match_id: int) -> ResponseReturnValue:
        """A scorer's page: 304 while its version has not changed, else the page; 404 for another's match."""
        from flask import request, session

        name = str(session.get("name", ""))
        version = db.session.scalar(select(FloorMatch.version).join(FloorScorer, FloorScorer.match_id == FloorMatch.id)
                                    .where(FloorMatch.id == match_id, FloorScorer.name == name))
        if version is None:
            abort(404)
        etag = board_tag(name, version)
        if request.if_none_match.contains(etag):
            return "", 304, {"ETag": f'"{etag}"'}
        return page(db.get_or_404(FloorMatch, match_id), etag, name), 200, {"ETag": f'"{etag}"'}

    confirming = bool(os.environ.get("FLOOR_CONFIRM"))

    @app.post("/api/v1/matches/<int:match_id>/hands")
    def save(match_id: int) -> ResponseReturnValue:
        """One hand row, the version bumped, one commit."""
        count = db.session.scalar(select(db.func.count()).where(FloorHand.match_id == match_id)) or 0
        db.session.add(FloorHand(match_id=match_id, number=count + 1, points_a=2, points_b=2, waiting=confirming))
        db.session.execute(update(FloorMatch).where(FloorMatch.id == match_id)
                           .values(version=FloorMatch.version + 1))
        db.session.commit()
        return {"hand": {"number": count + 1, "versions": [{"digest": hand_digest(count + 1)}]},
                "match": {"id": match_id}}, 201

    @app.post("/api/v1/matches/<int:match_id>/hands/<int:number>/confirm")
    def confirm(match_id: int, number: int) -> ResponseReturnValue:
        """The hand counts: read, checked against the digest sent, marked, the version bumped, one commit."""
        from flask import request

        hand = db.session.scalars(select(FloorHand).where(FloorHand.match_id == match_id,
                                                          FloorHand.number == number)).first()
        if hand is None or (request.get_json(silent=True) or {}).get("seen") != hand_digest(number):
            abort(409)
        if hand.waiting:
            hand.waiting = False
            db.session.execute(update(FloorMatch).where(FloorMatch.id == match_id)
                               .values(version=FloorMatch.version + 1))
            db.session.commit()
        return {"hand": {"number": number, "waiting": False}}, 200

    return app


def hand_digest(number: int) -> str:
    """A hand's digest, as the project's answer names the version it saw."""
    return f"{number:016x}"


def board_tag(name: str, version: int) -> str:
    """A scorer's page's etag: the account and the match's version."""
    return f"{name}-{version}"


def seed(url: str, tables: int) -> list[tuple[str, int]]:
    """Make the floor's tables and `tables` matches of 12 hands, each scored by the owner and two scorers; their
    tokens and ids."""
    app = create_app(url, "seeding")
    with app.app_context():
        db.create_all()
        matches = [FloorMatch(token=secrets.token_urlsafe(32)) for _ in range(tables)]
        db.session.add_all(matches)
        db.session.flush()
        db.session.add_all(FloorHand(match_id=m.id, number=n, points_a=n % 4, points_b=(n * 3) % 5)
                           for m in matches for n in range(1, 13))
        db.session.add_all(FloorScorer(match_id=m.id, name=name) for m in matches for name in (OWNER, *SCORERS))
        db.session.commit()
        made = [(m.token, m.id) for m in matches]
        db.engine.dispose()
    return made


def cookie(secret: str, name: str) -> str:
    """The Cookie header of a phone logged in as `name` (Flask's signed session, as the floor reads it)."""
    app = create_app("sqlite://", secret)
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    return f"session={serializer.dumps({'name': name})}"


def versions(url: str) -> dict[int, int]:
    """Every floor match's version, by id (its phones' etags are worked out from them)."""
    app = create_app(url, "reading")
    with app.app_context():
        found = {row[0]: row[1] for row in db.session.execute(select(FloorMatch.id, FloorMatch.version))}
        db.engine.dispose()
    return found
