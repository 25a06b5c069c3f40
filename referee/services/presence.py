"""Who is entering: the phones with a match's entry page open, so that two people don't type the same hand.

An entry page says so every few seconds while it is shown (note_entering) and says it left when it is hidden or
closed (note_leaving); the other phones of the match ask who is entering now (others_entering). A phone is its
device login: two phones of one account are two phones, and a phone never sees itself. A phone is named as
everywhere else (services/sharing.py): a scorer's by the name given on joining, the owner's by its account. A
phone that said nothing for a minute is no longer entering (a closed lid, a lost network), and one entering a hand
saved meanwhile is no longer shown: only the next hand's are.

None of it is the match's: nothing here changes the match's version, so the scoreboard's and the spectator
page's ETags stay as they are. Access is the match's own (get_match): a match the account may not enter is
NotFound. It is a notice, never a lock: nothing refuses a hand because another phone is entering it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, and_, delete, func, select, update
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import EntryPresence, Hand, LoginToken, Match, Scorer, User, now
from .inserts import insert_once
from .matches import get_match
from .sharing import FIRST_SCORER
from .unit_of_work import use_case

QUIET = timedelta(seconds=60)  # a phone silent this long is no longer entering
HIGHEST_HAND = 9999  # the entry forms' hand numbers have at most four digits


@dataclass(frozen=True)
class Entering:
    """Another phone entering a hand: its name (None for a guest's not named yet), its number in the match (the
    owner's 1: services/sharing.py), which of the reader's own phones it is (own), its device words ('Firefox,
    Android', or '') and the hand."""

    hand: int
    name: str | None
    device: str
    own: bool
    account: int
    number: int = 1


@use_case
def note_entering(user: User, login: LoginToken, match_id: int, hand: int, moment: datetime | None = None) -> None:
    """This phone is entering `hand` of the match now (NotFound for a match the account may not enter)."""
    match = get_match(user, match_id)
    moment = moment or now()
    # Rows nobody will read again (a minute quiet): cleared on the way, so the table stays as small as the
    # number of phones typing right now.
    db.session.execute(delete(EntryPresence).where(EntryPresence.seen_at < moment - QUIET))
    mine = and_(EntryPresence.match_id == match.id, EntryPresence.login_token_id == login.id)
    seen = db.session.execute(update(EntryPresence).where(mine).values(hand_number=hand, seen_at=moment))
    if not cast("CursorResult[Any]", seen).rowcount:  # an UPDATE's result is a CursorResult
        # The same phone's other tab may say so at this very moment: its row then stands for both.
        insert_once(EntryPresence, match_id=match.id, login_token_id=login.id, hand_number=hand, seen_at=moment)


@use_case
def note_leaving(user: User, login: LoginToken, match_id: int, hand: int) -> None:
    """This phone left its page for `hand` (saved it, went back, hid it): no longer entering it. A leave from a
    page of an older hand leaves this phone's newer one alone."""
    match = get_match(user, match_id)
    db.session.execute(delete(EntryPresence).where(
        EntryPresence.match_id == match.id, EntryPresence.login_token_id == login.id,
        EntryPresence.hand_number == hand))


def others_entering(user: User, login: LoginToken | None, match_id: int,
                    moment: datetime | None = None) -> list[Entering]:
    """The other phones entering the match's next hand now (NotFound for a match the account may not enter)."""
    return entering_in(get_match(user, match_id), user, login, moment)


def entering_in(match: Match, user: User, login: LoginToken | None, moment: datetime | None = None) -> list[Entering]:
    """The phones but `login` entering the next hand of a match the user may enter (got through get_match), heard
    from within the last minute, the most recent first: one query."""
    moment = moment or now()
    saved = select(func.coalesce(func.max(Hand.number), 0)).where(Hand.match_id == match.id).scalar_subquery()
    earlier = aliased(Scorer)
    number = (select(func.count()).where(earlier.match_id == match.id, earlier.id <= Scorer.id)
              .correlate(Scorer).scalar_subquery())
    rows = db.session.execute(
        select(EntryPresence.hand_number, LoginToken.device, User, Scorer.name, number)
        .join(LoginToken, EntryPresence.login_token_id == LoginToken.id).join(User, LoginToken.user_id == User.id)
        .outerjoin(Scorer, and_(Scorer.match_id == match.id, Scorer.user_id == User.id))
        .where(EntryPresence.match_id == match.id, EntryPresence.seen_at >= moment - QUIET,
               EntryPresence.login_token_id != (login.id if login is not None else -1),
               EntryPresence.hand_number == saved + 1)
        .order_by(EntryPresence.seen_at.desc(), EntryPresence.id.desc()))
    return [Entering(hand=hand, name=name or account.shown_name, device=device, own=account.id == user.id,
                     account=account.id, number=FIRST_SCORER + place - 1 if place else 1)
            for hand, device, account, name, place in rows]
