"""Who is entering (referee/services/presence.py): which phones another phone of the match sees entering its
next hand, for how long, and what clears them. The clock is each call's `moment`."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from referee.extensions import db
from referee.models import EntryPresence, Match, User
from referee.services import HandDraft, MatchSettings, NotFound, create_match, presence, record_hand, sessions
from referee.services.accounts import delete_account, register_user
from referee.services.hands import undo_last_hand

LIFETIMES = sessions.Lifetimes(remember=timedelta(days=90), session=timedelta(hours=12), touch=timedelta(minutes=5))
CHROME_ON_ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                     "Chrome/126.0.0.0 Mobile Safari/537.36")
FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0"
START = datetime(2026, 12, 3, 20, 0, 0)


def phone(user: User, agent: str = CHROME_ON_ANDROID) -> sessions.LoginToken:
    """A device login of the account (a phone of its own)."""
    return sessions.start_session(user, sessions.Device(True, agent, LIFETIMES)).login_token


def a_hand() -> HandDraft:
    """Any correct hand by counts for two sides."""
    body = {"sides": [{"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": True}, "escobas": 0},
                      {"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": False}, "escobas": 0}],
            "leftover_sum": 10, "last_capture": 0}
    return HandDraft.kept("tally", body, dealer=0)


class Table:
    """Bea's match, Bea's two phones, and Cid (another account) with a phone of his own."""

    def __init__(self, suffix: str = "") -> None:
        self.bea = register_user("Bea" + suffix, "correct-horse")
        self.match = create_match(self.bea, MatchSettings(preset="escova-rs", options={}, deck_style="spanish",
                                                          names=("Ana", "Bea"), first_dealer=0))
        self.first, self.second = phone(self.bea), phone(self.bea, FIREFOX_ON_ANDROID)
        self.cid = register_user("Cid" + suffix, "correct-horse")
        self.stranger = phone(self.cid)

    def enter(self, login: sessions.LoginToken, hand: int, moment: datetime = START) -> None:
        """This phone of Bea's says it is entering `hand`."""
        presence.note_entering(self.bea, login, self.match.id, hand, moment)

    def seen_by(self, login: sessions.LoginToken | None, moment: datetime = START) -> list[presence.Entering]:
        """Who this phone of Bea's sees entering."""
        return presence.others_entering(self.bea, login, self.match.id, moment)


@pytest.fixture
def table(app):
    """The table, in an app context."""
    with app.app_context():
        yield Table()


def test_another_phone_of_the_account_is_shown_entering_the_next_hand_with_its_device(table):
    """Bea's second phone sees her first one entering hand 1, named as hers, with its device words."""
    table.enter(table.first, 1)
    [seen] = table.seen_by(table.second)
    assert (seen.hand, seen.name, seen.own, seen.account) == (1, "Bea", True, table.bea.id)
    assert seen.device == "Chrome Mobile, Android"


def test_a_phone_never_sees_itself(table):
    """The phone that is entering sees nobody; the other sees it."""
    table.enter(table.first, 1)
    assert table.seen_by(table.first) == []
    assert [s.device for s in table.seen_by(table.second)] == ["Chrome Mobile, Android"]


def test_two_phones_entering_are_both_shown_the_latest_first(table):
    """Each phone is shown apart, the one heard from last first; a third phone sees both."""
    table.enter(table.first, 1)
    table.enter(table.second, 1, START + timedelta(seconds=5))
    third = phone(table.bea)
    assert [s.device for s in table.seen_by(third, START + timedelta(seconds=6))] == [
        "Firefox Mobile, Android", "Chrome Mobile, Android"]


def test_a_phone_quiet_for_a_minute_is_no_longer_shown(table):
    """Heard from 60 s ago: still shown; a moment later: gone. Saying so again brings it back."""
    table.enter(table.first, 1)
    assert table.seen_by(table.second, START + presence.QUIET)
    assert table.seen_by(table.second, START + presence.QUIET + timedelta(microseconds=1)) == []
    table.enter(table.first, 1, START + timedelta(seconds=75))
    assert table.seen_by(table.second, START + timedelta(seconds=80))


def test_a_ping_clears_the_rows_nobody_will_read_again(table):
    """The table holds only the phones heard from within the minute: a ping deletes the older rows."""
    table.enter(table.first, 1)
    table.enter(table.second, 1, START + timedelta(minutes=5))
    assert db.session.scalar(select(func.count(EntryPresence.id))) == 1


def test_leaving_the_page_clears_it_at_once(table):
    """A leave for the hand being entered clears it; a leave from an older hand's page leaves it alone."""
    table.enter(table.first, 1)
    presence.note_leaving(table.bea, table.first, table.match.id, 2)
    assert table.seen_by(table.second)
    presence.note_leaving(table.bea, table.first, table.match.id, 1)
    assert table.seen_by(table.second) == []


def test_saving_the_hand_clears_it_whichever_phone_saved_it(table):
    """Once hand 1 is saved nobody is shown entering hand 1; hand 2's entry is shown."""
    table.enter(table.first, 1)
    record_hand(table.match, a_hand(), 1)
    assert table.seen_by(table.second) == []
    table.enter(table.first, 2)
    assert [s.hand for s in table.seen_by(table.second)] == [2]


def test_a_hand_taken_back_is_the_next_hand_again(table):
    """After an undo, a phone entering that hand again is shown; one still on the hand after is not."""
    record_hand(table.match, a_hand(), 1)
    table.enter(table.first, 2)
    undo_last_hand(table.match, table.match.version)
    assert table.seen_by(table.second) == []
    table.enter(table.first, 1)
    assert [s.hand for s in table.seen_by(table.second)] == [1]


def test_a_stranger_gets_not_found_and_writes_nothing(table):
    """Another account's match is NotFound, like a missing one, for entering, leaving and asking alike."""
    table.enter(table.first, 1)
    for call in (lambda: presence.note_entering(table.cid, table.stranger, table.match.id, 1, START),
                 lambda: presence.note_leaving(table.cid, table.stranger, table.match.id, 1),
                 lambda: presence.others_entering(table.cid, table.stranger, table.match.id, START),
                 lambda: presence.others_entering(table.bea, table.second, table.match.id + 1000, START)):
        with pytest.raises(NotFound):
            call()
    assert db.session.scalar(select(func.count(EntryPresence.id))) == 1


def test_entering_changes_nothing_of_the_match(table):
    """The match's version (what both ETags rest on) stays as it was through pings and leaves."""
    version = table.match.version
    table.enter(table.first, 1)
    table.enter(table.second, 1)
    presence.note_leaving(table.bea, table.first, table.match.id, 1)
    db.session.expire_all()
    assert db.session.get(Match, table.match.id).version == version


def test_an_ended_login_takes_its_phone_off_the_list(table):
    """Logging a phone out (its token deleted) deletes its row with it."""
    table.enter(table.first, 1)
    sessions.end_session(table.first)
    assert table.seen_by(table.second) == []
    assert db.session.scalar(select(func.count(EntryPresence.id))) == 0


def test_a_guest_is_shown_without_a_name(table):
    """An account with no name to show (a guest) comes with name None: the page words it without one."""
    table.bea.guest = True
    db.session.commit()
    table.enter(table.first, 1)
    assert [s.name for s in table.seen_by(table.second)] == [None]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(["first", "second"]), st.sampled_from(["enter", "leave"]),
                                st.integers(1, 3), st.integers(0, 90)), max_size=12),
       asked=st.integers(0, 200))
def test_shown_is_each_other_phone_whose_last_word_was_entering_the_next_hand_within_the_minute(
        app, steps, asked):
    """Random pings and leaves from two phones over time: a third phone sees exactly those whose latest ping
    is for hand 1 (the next), heard within the minute before it asks, and not left since."""
    with app.app_context():
        table = Table(uuid.uuid4().hex[:8])
        third = phone(table.bea)
        state: dict[str, tuple[int, datetime] | None] = {"first": None, "second": None}
        moment = START
        for who, what, hand, wait in steps:
            moment += timedelta(seconds=wait)
            login = getattr(table, who)
            if what == "enter":
                table.enter(login, hand, moment)
                state[who] = (hand, moment)
            else:
                presence.note_leaving(table.bea, login, table.match.id, hand)
                if state[who] is not None and state[who][0] == hand:
                    state[who] = None
        moment += timedelta(seconds=asked)
        expected = {who for who, seen in state.items()
                    if seen is not None and seen[0] == 1 and moment - seen[1] <= presence.QUIET}
        shown = {"first" if s.device.startswith("Chrome") else "second" for s in table.seen_by(third, moment)}
        assert shown == expected


def test_the_whole_story_holds_on_sqlite_and_postgresql(database_app):
    """Seen, quiet, back, saved, left, a stranger refused: the same answers on both databases."""
    with database_app().app_context():
        table = Table()
        table.enter(table.first, 1)
        table.enter(table.first, 1, START + timedelta(seconds=1))  # the same phone again: its row, moved on
        assert [(s.hand, s.own) for s in table.seen_by(table.second, START + timedelta(seconds=2))] == [(1, True)]
        assert table.seen_by(table.second, START + timedelta(seconds=62)) == []
        table.enter(table.second, 1, START + timedelta(seconds=70))
        assert [s.device for s in table.seen_by(table.first, START + timedelta(seconds=70))] == [
            "Firefox Mobile, Android"]
        record_hand(table.match, a_hand(), 1)
        assert table.seen_by(table.first, START + timedelta(seconds=71)) == []
        table.enter(table.second, 2, START + timedelta(seconds=72))
        presence.note_leaving(table.bea, table.second, table.match.id, 2)
        assert table.seen_by(table.first, START + timedelta(seconds=73)) == []
        with pytest.raises(NotFound):
            presence.note_entering(table.cid, table.stranger, table.match.id, 2, START)
        assert db.session.scalar(select(func.count(EntryPresence.id))) == 0
        table.enter(table.first, 2, START + timedelta(seconds=74))
        delete_account(table.bea)  # its matches and logins go, and the rows of both with them
        assert db.session.scalar(select(func.count(EntryPresence.id))) == 0
