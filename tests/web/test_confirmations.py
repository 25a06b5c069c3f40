"""Both sides agree (issue 36), through the services: under the house rule a hand one side's phone saves waits,
counting in no total, until another side confirms it or the sides take one version; the owner decides a dispute;
no match ends while a hand waits."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import factories
import pytest
from page_client import Scorekeeper, page_forms
from races import together
from sqlalchemy import select

from referee.extensions import db
from referee.models import HandSide, Match, MatchEvent
from referee.services import HandDraft
from referee.services.claims import claim_seat
from referee.services.confirmations import (
    call_organiser,
    confirm_hand,
    decide_hand,
    digest,
    enter_version,
    pick_version,
    versions_of,
)
from referee.services.errors import Conflict, Forbidden
from referee.services.matches import get_match, set_first_dealer
from referee.services.refusals import MatchRefusal
from referee.services.scoreboard import dealer_after, scoreboard
from referee.services.sharing import join, make_join_code, remove_scorer
from referee.services.tournament_board import make_board_link

CONFIRMING = {"confirm_hands": "other_sides"}


class Table:
    """Ana's match of Ana against Bea under the house rule, the first seat dealing; Bea's phone joined with a code.
    Each holds its seat unless told not to (then neither phone speaks for a side)."""

    def __init__(self, scorekeeper: Callable[[str], Scorekeeper], seats: bool = True, target: int = 21,
                 names: tuple[str, ...] = ("Ana", "Bea")) -> None:
        self.ana, self.bea = (scorekeeper(name.lower()) for name in names)
        self.app = self.ana.app
        self.match_id = factories.start(self.ana, names, **CONFIRMING, target=str(target))
        with self.app.app_context():
            bea = factories.user_of(self.bea)
            join(bea, make_join_code(get_match(factories.user_of(self.ana), self.match_id)).code)
            if seats:
                claim_seat(factories.user_of(self.ana), self.match(self.ana), 0)
                claim_seat(bea, self.match(self.bea), 1)

    def match(self, person: Scorekeeper) -> Match:
        """The match as the person's pages load it (in an app context)."""
        return get_match(factories.user_of(person), self.match_id)

    def act(self, person: Scorekeeper, step: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A service step on the match as the person's phone makes it, in an app context of its own."""
        with self.app.app_context():
            return step(self.match(person), *args, **kwargs)

    def seen(self, number: int, label: str = "A") -> str:
        """The digest of a version of the hand, as the pages show it."""
        with self.app.app_context():
            hand = self.match(self.ana).hands[number - 1]
            return digest(next(v for v in versions_of(hand) if v["label"] == label))

    def board(self) -> tuple[tuple[int, ...], list[bool], bool]:
        """The totals, which hands wait, and whether the match is over."""
        with self.app.app_context():
            match = self.match(self.ana)
            board = scoreboard(match)
            return board.standing.totals, [row.waiting for row in board.rows], match.finished

    def draft(self, person: Scorekeeper, mode: str = "cards", **changes: Any) -> HandDraft:
        """The correct hand (or as changed) as the person's phone would enter it, for the next hand's dealer."""
        with self.app.app_context():
            match = self.match(person)
            dealer = dealer_after(match, list(match.hands[:-1])) if match.hands else 0
            return HandDraft(mode, factories.entry(match, mode, **changes), dealer or 0)

    def last_step(self, kind: str) -> dict[str, Any]:
        """What the trail's last event of that kind noted after it."""
        with self.app.app_context():
            event = db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == self.match_id,
                                                                MatchEvent.kind == kind)
                                       .order_by(MatchEvent.id.desc())).first()
            assert event is not None and event.after is not None
            return event.after

    def trail(self) -> list[tuple[str, int | None]]:
        """The trail's kinds after the match started, with their accounts."""
        with self.app.app_context():
            return [(e.kind, e.user_id) for e in db.session.scalars(
                select(MatchEvent).where(MatchEvent.match_id == self.match_id).order_by(MatchEvent.id))][1:]


def test_a_hand_waits_uncounted_until_the_other_side_confirms_it(scorekeeper):
    """Ana saves hand 1: it waits, the totals stay 0 and no statistic counts it; Ana cannot confirm it herself;
    Bea's one confirmation makes it count, and confirming again changes nothing."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    assert table.board() == ((0, 0), [True], False)
    with table.app.app_context():
        assert db.session.scalars(select(HandSide).where(HandSide.match_id == table.match_id)).all() == []
    with pytest.raises(Conflict) as refused:
        table.act(table.ana, confirm_hand, 1, table.seen(1))
    assert refused.value.reason is MatchRefusal.OWN_SIDE
    seen = table.seen(1)
    table.act(table.bea, confirm_hand, 1, seen)
    totals, waiting, _ = table.board()
    assert waiting == [False] and sum(totals) > 0
    table.act(table.bea, confirm_hand, 1, seen)  # sent twice
    assert table.board()[0] == totals
    with table.app.app_context():
        assert len(db.session.scalars(select(HandSide).where(HandSide.match_id == table.match_id)).all()) == 2
    bea_id = table.act(table.bea, lambda m: m.acting_user_id)
    assert table.trail()[-1] == ("hand_confirmed", bea_id)


def test_a_phone_of_the_same_side_cannot_confirm_and_one_without_a_seat_can(scorekeeper):
    """Without seats, any other phone's tap confirms; the phone that saved it cannot."""
    table = Table(scorekeeper, seats=False)
    factories.save_hand(table.ana, table.match_id)
    with pytest.raises(Conflict):
        table.act(table.ana, confirm_hand, 1, table.seen(1))
    table.act(table.bea, confirm_hand, 1, table.seen(1))
    assert table.board()[1] == [False]


def test_a_confirmation_of_a_version_changed_meanwhile_is_refused(scorekeeper):
    """Ana corrects hand 1 after Bea's page showed it: Bea's confirmation of what she saw is refused; the
    correction waits again."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    old = table.seen(1)
    factories.save_hand(table.ana, table.match_id, number=1, escobas=(2, 0))
    with pytest.raises(Conflict) as refused:
        table.act(table.bea, confirm_hand, 1, old)
    assert refused.value.reason is MatchRefusal.CHANGED
    table.act(table.bea, confirm_hand, 1, table.seen(1))
    factories.save_hand(table.ana, table.match_id, number=1, escobas=(3, 0))  # a counted hand corrected waits again
    assert table.board()[1] == [True]


def test_our_count_differs_then_one_version_is_taken_by_both_sides(scorekeeper):
    """Bea enters her own count (one escoba more for Ana): version B; Ana takes B, and B becomes the hand."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    label = table.act(table.bea, enter_version, 1, table.draft(table.bea, escobas=(2, 0)), table.seen(1))
    assert label == "B"
    assert table.board()[1] == [True]
    with pytest.raises(Conflict) as refused:  # Ana's side recounts by correcting its own entry instead
        table.act(table.ana, enter_version, 1, table.draft(table.ana, escobas=(3, 0)), table.seen(1))
    assert refused.value.reason is MatchRefusal.OWN_SIDE
    table.act(table.ana, pick_version, 1, "B", table.seen(1, "B"))
    with table.app.app_context():
        hand = table.match(table.ana).hands[0]
        assert not hand.waiting and hand.versions is None
        assert [side["escobas"] for side in hand.entry["sides"]] == [2, 0]
    kinds = [kind for kind, _ in table.trail()]
    assert kinds[-3:] == ["version_entered", "version_picked", "hand_agreed"]
    assert "counts" not in table.last_step("version_entered") and table.last_step("version_picked")["counts"]


def test_a_count_equal_to_the_entry_confirms_it(scorekeeper):
    """Bea's own count, by cards, the same as Ana's: it is Bea confirming."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    assert table.act(table.bea, enter_version, 1, table.draft(table.bea), table.seen(1)) == "A"
    assert table.board()[1] == [False]


def test_the_owner_decides_a_dispute_and_no_one_else(scorekeeper):
    """Bea cannot decide; Ana (the owner) takes version B with a reason, kept in the trail."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    table.act(table.bea, enter_version, 1, table.draft(table.bea, escobas=(2, 0)), table.seen(1))
    with pytest.raises(Forbidden):
        table.act(table.bea, decide_hand, 1, table.seen(1, "B"), label="B", reason="mine")
    table.act(table.ana, decide_hand, 1, table.seen(1, "B"), label="B", reason="counted again together")
    assert table.board()[1] == [False]
    with table.app.app_context():
        event = db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == table.match_id)
                                   .order_by(MatchEvent.id.desc())).first()
        assert event is not None and event.kind == "hand_decided"
        assert event.after is not None and event.after["reason"] == "counted again together"
        assert [v["label"] for v in event.after["versions"]] == ["A", "B"]


def test_no_match_ends_while_a_hand_waits_and_the_next_hand_may_wait_too(scorekeeper):
    """To 4: hand 1 would end it; hand 2 is refused while 1 waits (the match ends if it counts); once confirmed,
    Ana wins. Hand 1 waiting at a target out of reach lets hand 2 be saved."""
    table = Table(scorekeeper, target=4)
    factories.save_hand(table.ana, table.match_id, escobas=(6, 0))
    with pytest.raises(Conflict) as refused:
        factories.save_hand(table.ana, table.match_id, escobas=(6, 0))
    assert refused.value.reason is MatchRefusal.WAITING
    assert table.board()[2] is False
    board = table.ana.board(table.match_id)
    assert "The match ends if hand 1 counts: it is confirmed (or decided) first." in board
    assert "Enter hand 2" not in board
    table.act(table.bea, confirm_hand, 1, table.seen(1))
    assert table.board()[2] is True
    far = Table(scorekeeper, target=100, names=("Caio", "Dora"))
    factories.save_hand(far.ana, far.match_id)
    factories.save_hand(far.ana, far.match_id)
    assert far.board()[1] == [True, True]


def test_the_other_phone_confirms_in_one_tap_from_the_scoreboard(scorekeeper):
    """Ana's scoreboard says hand 1 waits for the other side and offers no Confirm; Bea's offers it, one form with
    nothing to fill in; tapped, the hand counts on both."""
    table = Table(scorekeeper)
    table.ana.save_hand(table.match_id)
    url = f"/matches/{table.match_id}"
    assert "Waiting for the other side to confirm it on their phone." in table.ana.board(table.match_id)
    assert "Confirm hand 1" not in table.ana.board(table.match_id)
    board = table.bea.board(table.match_id)
    assert "Hand 1 waits for the other side" in board and "Not in the totals yet." in board
    assert "Entered by ana:" in board
    confirm = f"{url}/hands/1/confirm"
    fields = table.bea.fields(table.bea.page(url), confirm)
    assert set(fields) == {"csrf_token", "seen"}
    assert table.bea.client.post(confirm, data=fields).status_code == 302
    assert "Hand 1 confirmed: it counts." in table.bea.board(table.match_id)
    assert table.board()[1] == [False] and sum(table.board()[0]) > 0
    assert "waits for the other side" not in table.ana.board(table.match_id)


def test_our_count_by_counts_is_compared_and_the_other_side_takes_it(scorekeeper):
    """Bea enters her own count by counts (two escobas for Ana, not one): the versions page names that difference,
    side and category, with both values; Ana takes version B and the hand counts as B."""
    table = Table(scorekeeper)
    table.ana.save_hand(table.match_id)
    count_url = next(link for link in re.findall(r'href="([^"]+)"', table.bea.page(f"/matches/{table.match_id}"))
                     if "/count/" in link) + "?mode=tally"
    page = table.bea.page(count_url)
    assert "Your count of hand 1" in Scorekeeper.text(page)
    changes = Scorekeeper.hand_fields("tally", escobas=(2, 0)) | {"action": "save"}
    saved = table.bea.submit(count_url, changes, post_to=count_url)
    assert saved.status_code == 302 and saved.headers["Location"].endswith("/hands/1/versions")
    versions = table.bea.text(table.bea.page(saved.headers["Location"]))
    assert "Where version B differs from version A" in versions
    assert re.search(r"Ana · Escobas\s+1\s+2", versions), versions
    ana_page = table.ana.page(saved.headers["Location"])
    # Ana stands behind her own entry already: the one version to take is Bea's.
    [to_b] = [dict(f["fields"]) for f in page_forms(ana_page) if f["attrs"].get("action", "").endswith("/pick")]
    assert to_b["label"] == "B" and "Take version B" in Scorekeeper.text(ana_page)
    assert table.ana.client.post(f"/matches/{table.match_id}/hands/1/pick", data=to_b).status_code == 302
    assert table.board()[1] == [False]
    with table.app.app_context():
        assert [side["escobas"] for side in table.match(table.ana).hands[0].entry["sides"]] == [2, 0]


def test_the_owner_records_the_hand_as_they_find_it_with_a_reason(scorekeeper):
    """On a dispute, the owner's "Record the hand as you find it": the entry page with a reason; saved, the hand
    counts as recorded and the trail keeps why. A scorer sending the same is refused (403)."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    table.act(table.bea, enter_version, 1, table.draft(table.bea, escobas=(2, 0)), table.seen(1))
    versions = table.ana.page(f"/matches/{table.match_id}/hands/1/versions")
    [record] = [link for link in re.findall(r'href="([^"]+)"', versions) if "decide=1" in link]
    url = record.replace("&amp;", "&") + "&mode=tally"
    assert "Record hand 1 as you find it" in Scorekeeper.text(table.ana.page(url))
    changes = Scorekeeper.hand_fields("tally", escobas=(3, 0)) | {"action": "save", "reason": "seen by the organiser"}
    assert table.bea.submit(url, changes, post_to=url).status_code == 403
    saved = table.ana.submit(url, changes, post_to=url)
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert table.board()[1] == [False]
    assert table.last_step("hand_decided")["reason"] == "seen by the organiser"
    with table.app.app_context():
        assert [side["escobas"] for side in table.match(table.ana).hands[0].entry["sides"]] == [3, 0]


def test_a_removed_scorer_and_a_stranger_cannot_confirm_a_waiting_hand(scorekeeper):
    """Bea removed from the scorers is told so (403) and Dan, a stranger, finds nothing (404); neither changes the
    hand, which still waits."""
    table = Table(scorekeeper)
    dan = scorekeeper("dan")
    table.ana.save_hand(table.match_id)
    with table.app.app_context():
        remove_scorer(table.match(table.ana), factories.user_of(table.bea).id)
    confirm = f"/matches/{table.match_id}/hands/1/confirm"
    for person, status in ((table.bea, 403), (dan, 404)):
        fields = {"csrf_token": person.token(), "seen": table.seen(1)}
        assert person.client.post(confirm, data=fields).status_code == status
        assert person.client.get(f"/matches/{table.match_id}/hands/1/versions").status_code == status
    assert table.board()[1] == [True]


def test_a_hand_taken_back_and_restored_waits_again(scorekeeper):
    """Bea confirmed hand 1; Ana takes it back and restores it: it waits again, behind Ana, for Bea's tap."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    table.act(table.bea, confirm_hand, 1, table.seen(1))
    factories.undo(table.ana, table.match_id)
    with table.app.app_context():
        undone = db.session.scalars(select(MatchEvent.id).where(MatchEvent.match_id == table.match_id,
                                                                MatchEvent.kind == "hand_undone")).one()
    factories.restore(table.ana, table.match_id, undone)
    assert table.board() == ((0, 0), [True], False)
    table.act(table.bea, confirm_hand, 1, table.seen(1))
    assert table.board()[1] == [False]


def test_a_count_sent_twice_is_made_once(scorekeeper):
    """Bea's count sent again (a resend from the outbox): the same label, one step in the trail, the match unmoved."""
    table = Table(scorekeeper)
    factories.save_hand(table.ana, table.match_id)
    draft = table.draft(table.bea, escobas=(2, 0))
    seen = table.seen(1)
    assert table.act(table.bea, enter_version, 1, draft, seen) == "B"
    version = table.act(table.bea, lambda m: m.version)
    assert table.act(table.bea, enter_version, 1, draft, seen) == "B"
    assert table.act(table.bea, lambda m: m.version) == version
    assert [kind for kind, _ in table.trail()].count("version_entered") == 1
    assert "version_picked" not in [kind for kind, _ in table.trail()]


def test_two_phones_confirming_at_once_confirm_once(database_app):
    """Bea's and Cid's phones (no seats: two voices) tap Confirm at the same moment, on SQLite and PostgreSQL: both
    are told it counts, the trail has one confirmation, the hand counts once."""
    app = database_app()
    ana, bea, cid = (factories.keeper(app, name) for name in ("ana", "bea", "cid"))
    match_id = factories.start(ana, ("Ana", "Bea"), **CONFIRMING)
    with app.app_context():
        code = make_join_code(get_match(factories.user_of(ana), match_id)).code
        for person in (bea, cid):
            join(factories.user_of(person), code)
    factories.save_hand(ana, match_id)
    url = f"/matches/{match_id}/hands/1/confirm"
    forms = [person.fields(person.page(f"/matches/{match_id}"), url) for person in (bea, cid)]
    answers = together([lambda p=person, f=form: p.client.post(url, data=f).status_code
                        for person, form in zip((bea, cid), forms, strict=True)])
    assert answers == [302, 302], answers
    with app.app_context():
        kinds = db.session.scalars(select(MatchEvent.kind).where(MatchEvent.match_id == match_id)).all()
        assert kinds.count("hand_confirmed") == 1
        match = get_match(factories.user_of(ana), match_id)
        assert not match.hands[0].waiting and len(match.hands[0].results) == 2


def test_a_call_shows_on_the_tournament_page_and_discreetly_on_the_board(scorekeeper):
    """A table of a tournament whose tables confirm each hand calls the organiser: its card on the tournament page
    says so with the way to decide, the board on the wall says "calls" beside it; decided, both say nothing."""
    ana, bea, cid = scorekeeper("ana"), scorekeeper("bea"), scorekeeper("cid")
    club_id = factories.club(ana)
    factories.member(ana, club_id, bea, cid)
    event = factories.tournament(ana, club_id, [bea, cid], format="round_robin", rounds=None, confirm_hands=True)
    match_id = next(t.match_id for t in factories.start_next_round(ana, event).round.tables if t.match_id)
    with ana.app.app_context():
        set_first_dealer(get_match(factories.user_of(ana), match_id), 0)
        link = make_board_link(factories.user_of(ana), event)
    factories.save_hand(bea, match_id)
    with ana.app.app_context():
        call_organiser(get_match(factories.user_of(cid), match_id), 1)
    page, wall = f"/tournaments/{event}", f"/board/{link.token}"
    assert "Table 1 calls the organiser: a hand's counts differ. Decide it" in ana.text(ana.page(page))
    assert re.search(r'class="calls">calls<', ana.client.get(wall).get_data(as_text=True))
    with ana.app.app_context():
        hand = get_match(factories.user_of(ana), match_id).hands[0]
        decide_hand(get_match(factories.user_of(ana), match_id), 1, digest(versions_of(hand)[0]), label="A")
    assert "calls the organiser" not in ana.text(ana.page(page))
    assert 'class="calls"' not in ana.client.get(wall).get_data(as_text=True)
