"""Three phones of three accounts (the owner and two scorers) saving, correcting, undoing and restoring one match
in any order, each acting on what it last read: one consistent match (no hand lost or doubled, a change from a
stale page refused, the trail one event per change, each naming the account that made it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from api_client import by_tally
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, MatchEvent, User
from referee.services import (
    Conflict,
    HandDraft,
    MatchSettings,
    create_match,
    edit_hand,
    get_match,
    record_hand,
    undo_last_hand,
)
from referee.services.sharing import join, make_join_code
from referee.services.trail import restore_hand

CHANGES = ("hand_recorded", "hand_edited", "hand_undone", "hand_restored")
ACTIONS = ("save", "correct", "undo", "restore")


@dataclass
class Phone:
    """One account's phone: the match as it last read it (its version, its hands, the last hand taken back)."""

    user: User
    version: int = 0
    hands: int = 0
    undone: int | None = None


@dataclass
class Model:
    """What the match must hold: each hand's entry by number (mirror or not), and each change's author."""

    hands: list[bool] = field(default_factory=list)
    taken_back: list[bool] = field(default_factory=list)  # a stack: the last undone hand comes back first
    authors: list[tuple[str, int]] = field(default_factory=list)


def draft(mirror: bool) -> HandDraft:
    """A correct hand by counts (its mirror too), far from any target of 100."""
    return HandDraft.kept("tally", by_tally(mirror=mirror), dealer=0)


def read(phone: Phone, match_id: int) -> None:
    """The phone shows the match as it is now."""
    match = get_match(phone.user, match_id)
    phone.version, phone.hands = match.version, len(match.hands)
    undone = [e for e in match.events if e.kind == "hand_undone"]
    phone.undone = undone[-1].id if undone else None


def act(phone: Phone, match_id: int, action: str, mirror: bool, model: Model) -> None:
    """The phone's action on what it last read; a refusal changes nothing, a change is noted in the model."""
    match = get_match(phone.user, match_id)
    before = match.version
    try:
        if action == "save":
            record_hand(match, draft(mirror), expected_number=phone.hands + 1)
            model.hands.append(mirror)
            model.taken_back.clear()  # a new hand: the taken-back one no longer follows
            kind = "hand_recorded"
        elif action == "correct" and phone.hands:
            edit_hand(match, phone.hands, draft(mirror), version=phone.version)
            model.hands[phone.hands - 1] = mirror
            kind = "hand_edited"
        elif action == "undo" and phone.hands:
            assert undo_last_hand(match, phone.version, phone.hands)
            model.taken_back.append(model.hands.pop())
            kind = "hand_undone"
        elif action == "restore" and phone.undone is not None:
            restore_hand(match, phone.undone, phone.version)
            model.hands.append(model.taken_back.pop())
            kind = "hand_restored"
        else:
            kind = ""
    except Conflict:
        db.session.rollback()
        kind = ""
    match = get_match(phone.user, match_id)
    if kind:
        model.authors.append((kind, phone.user.id))
        assert match.version > before
    else:
        assert match.version == before
    if kind:
        read(phone, match_id)


def test_three_phones_leave_one_consistent_match(app):
    """Any interleaving of the three phones' actions: the stored hands are the model's, numbered 1…n, every
    refused change left the version where it was, and the trail holds one event per change, by its author."""
    with app.app_context():
        users = [User(username=name, password_hash="-") for name in ("ana", "bea", "cid")]
        db.session.add_all(users)
        db.session.commit()

        @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        # Each step: which phone, what it does, which entry, and whether it reads the match first (a phone that
        # never reads again only sends stale changes; one that always does never meets a stale page).
        @given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(ACTIONS), st.booleans(), st.booleans()),
                        max_size=30))
        def interleaving(steps: list[tuple[int, str, bool, bool]]) -> None:
            """One match, the three phones acting in this order."""
            match = create_match(users[0], MatchSettings(preset="escova-rs", options={"target": 100},
                                                         deck_style="spanish", names=("Ana", "Bea"), first_dealer=0))
            code = make_join_code(match).code
            for user in users[1:]:
                join(user, code)
            phones, model = [Phone(user, match.version) for user in users], Model()
            for who, action, mirror, fresh in steps:
                if fresh:
                    read(phones[who], match.id)
                act(phones[who], match.id, action, mirror, model)
                db.session.expire_all()  # the next phone reads the match afresh, as another request would
            hands = db.session.scalars(select(Hand).where(Hand.match_id == match.id).order_by(Hand.number)).all()
            assert [h.number for h in hands] == list(range(1, len(model.hands) + 1))
            assert [h.points[0] < h.points[1] for h in hands] == model.hands  # the mirror gives side 1 the most
            changes = db.session.execute(select(MatchEvent.kind, MatchEvent.user_id).where(
                MatchEvent.match_id == match.id, MatchEvent.kind.in_(CHANGES)).order_by(MatchEvent.id)).all()
            assert [tuple(row) for row in changes] == model.authors

        interleaving()
