"""Both sides agree (issue 36) in the backup (docs/backup.md#waiting-hands-and-their-versions): a match under the house
rule confirm_hands, with a hand confirmed, one agreed after a counter-version, two decided and one still waiting with
a version B and a call, round-trips; the restored waiting hand still waits, counts in no total and is confirmed on
the restored server; files from before read as before; a bad shape is refused in words with nothing written."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import factories
import pytest
import throwaway
from backup_play import backup_of, mutated, upload
from backup_round_trip import FILES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from page_client import Scorekeeper
from sqlalchemy import func, select

from referee.extensions import db
from referee.forms.confirmations import REASON_LENGTH
from referee.models import Hand, HandSide, Match, MatchEvent, User
from referee.services import HandDraft, backup_checks
from referee.services.backup_checks import schema
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
from referee.services.errors import Conflict
from referee.services.matches import get_match
from referee.services.refusals import MatchRefusal
from referee.services.scoreboard import scoreboard
from referee.services.sharing import join, make_join_code

CONFIRMING = {"confirm_hands": "other_sides", "target": "100"}
STEPS = {"hand_confirmed", "version_entered", "version_picked", "hand_agreed", "hand_called", "hand_decided"}


class Table:
    """A match of the owner's account under the house rule, target 100 (no hand here ends it), the other phones
    joined with its code; each phone holds its own seat when `seats` (then each speaks for a side), else none does
    (each phone is a voice of its own)."""

    def __init__(self, phones: list[Scorekeeper], names: tuple[str, ...], seats: bool) -> None:
        self.phones, self.app = phones, phones[0].app
        self.match_id = factories.start(phones[0], names, **CONFIRMING)
        with self.app.app_context():
            code = make_join_code(self.match(phones[0])).code
            for phone in phones[1:]:
                join(factories.user_of(phone), code)
            if seats:
                for seat, phone in enumerate(phones):
                    claim_seat(factories.user_of(phone), self.match(phone), seat)

    def match(self, phone: Scorekeeper) -> Match:
        """The match as the phone's pages load it (in an app context)."""
        return get_match(factories.user_of(phone), self.match_id)

    def act(self, phone: Scorekeeper, step: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A step of services/confirmations.py on the match, from the phone."""
        with self.app.app_context():
            return step(self.match(phone), *args, **kwargs)

    def seen(self, number: int, label: str = "A") -> str:
        """The digest of a version of the hand, as the pages show it."""
        with self.app.app_context():
            hand = self.match(self.phones[0]).hands[number - 1]
            return digest(next(v for v in versions_of(hand) if v["label"] == label))

    def draft(self, number: int, mode: str = "cards", **changes: Any) -> HandDraft:
        """The hand `number` (dealt by its dealer) as a phone would enter it, changed as told."""
        with self.app.app_context():
            match = self.match(self.phones[0])
            return HandDraft(mode, factories.entry(match, mode, **changes), match.hands[number - 1].dealer)

    def save(self) -> int:
        """The owner's phone saves the next hand (it waits); its number."""
        return factories.save_hand(self.phones[0], self.match_id)


def play_disputes(ana: Scorekeeper, bea: Scorekeeper) -> Table:
    """Ana's match against Bea, each on her own seat: hand 1 confirmed by Bea; hand 2 counted otherwise by Bea (B)
    and B taken by Ana; hand 3 decided by Ana (the owner) as Bea's B, with a reason; hand 4 called by Bea and decided
    by Ana with an entry of her own; hand 5 counted otherwise by Bea, by counts, and called: it waits."""
    table = Table([ana, bea], ("Ana", "Bea"), seats=True)
    table.save()
    table.act(bea, confirm_hand, 1, table.seen(1))
    table.save()
    table.act(bea, enter_version, 2, table.draft(2, escobas=(2, 0)), table.seen(2))
    table.act(ana, pick_version, 2, "B", table.seen(2, "B"))
    table.save()
    table.act(bea, enter_version, 3, table.draft(3, escobas=(2, 0)), table.seen(3))
    table.act(ana, decide_hand, 3, table.seen(3, "B"), label="B", reason="Counted again together: two escobas.")
    table.save()
    table.act(bea, enter_version, 4, table.draft(4, escobas=(0, 1)), table.seen(4))
    table.act(bea, call_organiser, 4)
    table.act(ana, decide_hand, 4, table.seen(4), draft=table.draft(4, escobas=(3, 0)))
    table.save()
    table.act(bea, enter_version, 5, table.draft(5, "tally", escobas=(2, 0)), table.seen(5))
    table.act(bea, call_organiser, 5)
    return table


def play_without_seats(ana: Scorekeeper, bea: Scorekeeper, cid: Scorekeeper) -> Table:
    """Ana's match of three, no phone on a seat: Ana saves hand 1 and Bea confirms it: two voices of three, it
    waits for one more."""
    table = Table([ana, bea, cid], ("Ana", "Bea", "Cid"), seats=False)
    table.save()
    table.act(bea, confirm_hand, 1, table.seen(1))
    return table


@pytest.fixture(scope="module")
def disputed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Ana's backup of the two matches above (made once, for the module), and what their scoreboards said."""
    from referee import create_app
    from referee.database import upgrade_schema

    folder = tmp_path_factory.mktemp("disputed")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'disputed.sqlite'}"})
    upgrade_schema(app)
    ana, bea, cid = (factories.keeper(app, name) for name in ("ana", "bea", "cid"))
    tables = [play_disputes(ana, bea), play_without_seats(ana, bea, cid)]
    with app.app_context():
        boards = [board_of(table.match(ana)) for table in tables]
    yield {"document": backup_of(ana), "boards": boards}


def board_of(match: Match) -> tuple[tuple[int, ...], list[bool], int | None]:
    """A match's totals, which of its hands wait, and its winner, as its scoreboard says."""
    board = scoreboard(match)
    return board.standing.totals, [row.waiting for row in board.rows], board.standing.winner


def same_file(first: dict[str, Any], again: dict[str, Any]) -> bool:
    """Two backups alike but for their export time."""
    return {k: v for k, v in first.items() if k != "exported_at"} == {k: v for k, v in again.items()
                                                                      if k != "exported_at"}


def restored(keeper: Scorekeeper, document: dict[str, Any]) -> list[int]:
    """The file restored through the import page into the keeper's account: its matches' ids, in the file's order."""
    response = upload(keeper, document)
    assert response.status_code == 302, keeper.errors(response.get_data(as_text=True))
    with keeper.app.app_context():
        ids = {uid: match_id for uid, match_id in db.session.execute(
            select(Match.uid, Match.id).join(User, Match.user_id == User.id).where(User.username == keeper.username))}
    return [ids[match["uid"]] for match in document["matches"]]


def side_results(app: Any, match_id: int) -> list[int]:
    """The numbers of the match's hands that have side results (the statistics' rows), in order."""
    with app.app_context():
        return list(db.session.scalars(select(Hand.number).join(HandSide, HandSide.hand_id == Hand.id)
                                       .where(Hand.match_id == match_id).group_by(Hand.number).order_by(Hand.number)))


# -- the file -----------------------------------------------------------------------------------------------------


def test_the_file_keeps_the_waiting_hand_its_versions_stands_and_call_by_side(disputed):
    """Hand 5 waits: Ana's phone (side 0) saved it and stands behind A, Bea's (side 1) entered B by counts and stands
    behind it, and called; the four hands that count say nothing of waiting, as before the rule; the file passes
    its schema and holds no account."""
    document = disputed["document"]
    first, three = document["matches"]
    assert [("waiting" in hand) for hand in first["hands"]] == [False, False, False, False, True]
    waiting = first["hands"][4]["waiting"]
    assert waiting["entered_by"] == {"side": 0} and waiting["stands"] == [{"side": 0}]
    [version] = waiting["versions"]
    assert (version["label"], version["mode"], version["by"], version["stands"]) == ("B", "tally", {"side": 1},
                                                                                     [{"side": 1}])
    assert [side["escobas"] for side in version["entry"]["sides"]] == [2, 0] and "v" not in version["entry"]
    assert waiting["called_at"] is not None and waiting["called_at"].endswith("Z")
    assert three["hands"][0]["waiting"] == {"entered_by": {"side": None}, "stands": [{"side": None}, {"side": None}],
                                            "versions": [], "called_at": None}
    assert not list(Draft202012Validator(schema()).iter_errors(document))
    assert "user" not in json.dumps(document)


def test_the_trail_keeps_every_step_with_sides_and_names_not_accounts(disputed):
    """Each step on a waiting hand is in the trail with its facts: the side that took it, each version entered, the
    version agreed, the reason and every version of a decided hand (null: the owner's own entry); who took each
    step by name, as a shared match's trail names them."""
    trail = disputed["document"]["matches"][0]["trail"]
    steps = [(e["kind"], e["hand_number"], e.get("by")) for e in trail if e["kind"] in STEPS]
    assert steps == [("hand_confirmed", 1, "bea"),
                     ("version_entered", 2, "bea"), ("version_picked", 2, "ana"), ("hand_agreed", 2, "ana"),
                     ("version_entered", 3, "bea"), ("hand_decided", 3, "ana"),
                     ("version_entered", 4, "bea"), ("hand_called", 4, "bea"), ("hand_decided", 4, "ana"),
                     ("version_entered", 5, "bea"), ("hand_called", 5, "bea")]
    after = {(e["kind"], e["hand_number"]): e["after"] for e in trail}
    assert after["hand_confirmed", 1] == {"label": "A", "side": 1, "counts": True}
    assert after["version_picked", 2] == {"label": "B", "side": 0, "counts": True}
    assert after["version_entered", 2]["by"] == {"side": 1} and after["version_entered", 2]["side"] == 1
    assert after["hand_agreed", 2]["label"] == "B"
    decided = after["hand_decided", 3]
    assert (decided["label"], decided["reason"]) == ("B", "Counted again together: two escobas.")
    assert [(v["label"], v.get("by"), v["stands"]) for v in decided["versions"]] == [
        ("A", None, [{"side": 0}]), ("B", {"side": 1}, [{"side": 1}])]
    assert (after["hand_decided", 4]["label"], after["hand_decided", 4]["reason"]) == (None, "")
    assert after["hand_called", 5] == {"side": 1}


def test_a_decided_hands_versions_nest_the_file_deepest_within_the_limit(disputed):
    """A decided hand's versions in the trail nest the file 12 levels deep, 13 for a version by counts keeping a
    side's setenta cards (docs/backup.md): within the depth the import reads."""
    document = copy.deepcopy(disputed["document"])
    side = _step(document, "hand_decided")["after"]["versions"][1]["entry"]["sides"][0]
    side.clear()
    side.update(tally={"cards": 20, "oros": 5, "sevens": 2, "setenta_cards": ["7o"]})
    assert backup_checks._depth(disputed["document"]) == 12
    assert backup_checks._depth(document) == 13 < backup_checks.MAX_DEPTH


def test_a_decided_hands_reason_is_as_long_as_the_form_takes():
    """The schema bounds the reason as the decision's form does."""
    assert schema()["$defs"]["hand_decided"]["properties"]["reason"]["maxLength"] == REASON_LENGTH


# -- the round trip -------------------------------------------------------------------------------------------------


def test_exported_restored_into_a_fresh_account_and_exported_again_gives_the_same_file(disputed, scorekeeper):
    """The round trip: the restored account's backup is the original's, its export time aside; the scoreboards read
    the same (waiting hands in no total, no winner)."""
    rita = scorekeeper("rita")
    ids = restored(rita, disputed["document"])
    assert same_file(backup_of(rita), disputed["document"])
    with rita.app.app_context():
        assert [board_of(db.session.get_one(Match, match_id)) for match_id in ids] == disputed["boards"]


def test_the_restored_waiting_hands_count_in_no_total_and_have_no_side_results(disputed, scorekeeper, app):
    """Hand 5 of the first match and hand 1 of the three's wait: no statistics' rows, not in the totals; every other
    hand has its rows; the stands are of no account."""
    rita = scorekeeper("rita")
    first, three = restored(rita, disputed["document"])
    assert side_results(app, first) == [1, 2, 3, 4] and side_results(app, three) == []
    with app.app_context():
        hand = db.session.get_one(Match, first).hands[4]
        assert hand.waiting and hand.entered_by == {"user": None, "side": 0}
        assert hand.versions is not None and hand.versions[0]["stands"] == [{"user": None, "side": 1}]
        assert hand.called_at is not None
        events = db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == first)).all()
        assert {event.user_id for event in events} == {None}
    assert "The organiser is called to decide this hand." in rita.board(first)


def joined(owner: Scorekeeper, phone: Scorekeeper, match_id: int) -> None:
    """The phone's account joins the owner's match with a code the owner made, holding no seat."""
    with owner.app.app_context():
        join(factories.user_of(phone), make_join_code(get_match(factories.user_of(owner), match_id)).code)


def test_a_restored_waiting_hand_is_confirmed_on_the_restored_server_in_one_tap(disputed, scorekeeper, app):
    """The three's hand 1 has two stands of phones without a seat (two voices of three): a phone that joined the
    restored match, a third voice, confirms it from the scoreboard in one tap, and it counts."""
    rita, tom = scorekeeper("rita"), scorekeeper("tom")
    _, three = restored(rita, disputed["document"])
    joined(rita, tom, three)
    url = f"/matches/{three}/hands/1/confirm"
    fields = tom.fields(tom.page(f"/matches/{three}"), url)
    assert set(fields) == {"csrf_token", "seen"}
    assert tom.client.post(url, data=fields).status_code == 302
    assert "Hand 1 confirmed: it counts." in tom.board(three)
    assert side_results(app, three) == [1]
    with app.app_context():
        totals, waiting, _ = board_of(db.session.get_one(Match, three))
        assert waiting == [False] and sum(totals) > 0


def test_a_restored_dispute_is_settled_on_the_restored_server(disputed, scorekeeper, app):
    """Hand 5's version B (Bea's side stands behind it) taken by a phone that joined the restored match: two voices
    of two, B becomes the hand and counts; its side results are made."""
    rita, tom = scorekeeper("rita"), scorekeeper("tom")
    first, _ = restored(rita, disputed["document"])
    joined(rita, tom, first)
    with app.app_context():
        match = get_match(factories.user_of(tom), first)
        hand = pick_version(match, 5, "B", digest(versions_of(match.hands[4])[1]))
        assert not hand.waiting and hand.mode == "tally"
    assert side_results(app, first) == [1, 2, 3, 4, 5]


def test_a_restored_stand_still_speaks_for_its_side(disputed, scorekeeper, app):
    """A stand restored with its side still speaks for it: a phone on Ana's seat (side 0, which saved hand 5) cannot
    confirm A on the restored server."""
    rita, tom = scorekeeper("rita"), scorekeeper("tom")
    first, _ = restored(rita, disputed["document"])
    joined(rita, tom, first)
    with app.app_context():
        claim_seat(factories.user_of(tom), get_match(factories.user_of(tom), first), 0)
        match = get_match(factories.user_of(tom), first)
        with pytest.raises(Conflict) as refused:
            confirm_hand(match, 5, digest(versions_of(match.hands[4])[0]))
        assert refused.value.reason is MatchRefusal.OWN_SIDE


@pytest.mark.skipif(not throwaway.SERVER, reason=throwaway.NO_SERVER)
def test_the_round_trip_holds_on_postgresql():
    """The same round trip on PostgreSQL: the waiting columns (JSON, a moment) and the trail's steps read back."""
    with throwaway.postgres_app({"TESTING": True, "SECRET_KEY": "pg"}) as app:
        ana, bea, cid, rita = (factories.keeper(app, name) for name in ("ana", "bea", "cid", "rita"))
        play_disputes(ana, bea)
        play_without_seats(ana, bea, cid)
        first = backup_of(ana)
        restored(rita, first)
        assert same_file(backup_of(rita), first)


# -- files from before -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_file_from_before_the_rule_restores_every_hand_counting(path, scorekeeper, app):
    """No hand of an earlier app's file says it waits: each restores counting, with its side results."""
    keeper = scorekeeper("rosa")
    ids = restored(keeper, json.loads(path.read_text(encoding="utf-8")))
    with app.app_context():
        hands = db.session.scalars(select(Hand).where(Hand.match_id.in_(ids))).all()
        assert hands and not any(hand.waiting or hand.stands or hand.versions for hand in hands)
        counted = db.session.scalar(select(func.count(func.distinct(HandSide.hand_id)))
                                    .where(HandSide.match_id.in_(ids)))
        assert counted == len(hands)


def test_a_match_under_the_rule_whose_hands_all_count_writes_no_waiting(scorekeeper):
    """Every hand confirmed: the hands read as any match's did before the rule."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    table = Table([ana, bea], ("Ana", "Bea"), seats=True)
    table.save()
    table.act(bea, confirm_hand, 1, table.seen(1))
    [hand] = backup_of(ana)["matches"][0]["hands"]
    assert "waiting" not in hand


# -- refused in words, nothing written ------------------------------------------------------------------------------


def refused(keeper: Scorekeeper, document: dict[str, Any]) -> str:
    """Upload a bad file: 422, nothing written, one error in words."""
    with keeper.app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Match))
    response = upload(keeper, document)
    assert response.status_code == 422, response.get_data(as_text=True)[-2000:]
    with keeper.app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == before
    [error] = keeper.errors(response.get_data(as_text=True))
    return error


def broken(document: dict[str, Any], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """A copy of the file, changed in place by `change`."""
    copied = copy.deepcopy(document)
    change(copied)
    return copied


def _waiting(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["matches"][0]["hands"][4]["waiting"]  # type: ignore[no-any-return]


def _step(doc: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in doc["matches"][0]["trail"] if e["kind"] == kind)


def _no_rule(doc: dict[str, Any]) -> None:
    doc["matches"][0]["rules"]["confirm_hands"] = "none"


def _finished(doc: dict[str, Any]) -> None:
    doc["matches"][0].update(finished=True, winner=0)


BAD = [
    (lambda d: _waiting(d)["stands"][0].update(side=2),
     "Match 1, hand 5, “waiting”, “stands”, item 1, “side”: names side 3, but the match has 2 sides. "
     "In the file: $.matches[0].hands[4].waiting.stands[0].side"),
    (lambda d: _waiting(d)["versions"][0]["by"].update(user=2),
     "Match 1, hand 5, “waiting”, “versions”, item 1, “by”, “user”: is not a field a backup has. "
     "In the file: $.matches[0].hands[4].waiting.versions[0].by.user"),
    (lambda d: _waiting(d)["versions"][0].update(label="A"),
     "Match 1, hand 5, “waiting”, “versions”, item 1, “label”: is not in the form a backup writes. "
     "In the file: $.matches[0].hands[4].waiting.versions[0].label"),
    (lambda d: _waiting(d)["versions"].append(copy.deepcopy(_waiting(d)["versions"][0])),
     "Match 1, hand 5, “waiting”, “versions”, item 2, “label”: holds the same item twice. "
     "In the file: $.matches[0].hands[4].waiting.versions[1].label"),
    (lambda d: _waiting(d)["versions"][0]["points"].append(0),
     "Match 1, hand 5, “waiting”, “versions”, item 1, “points”: should hold one number per side (2). "
     "In the file: $.matches[0].hands[4].waiting.versions[0].points"),
    (lambda d: _waiting(d)["stands"].append({"side": 1}),
     "Match 1, hand 5, “waiting”, “stands”: is not valid here. In the file: $.matches[0].hands[4].waiting.stands"),
    (lambda d: _waiting(d).pop("called_at"),
     "Match 1, hand 5, “waiting”, “called_at”: is missing. In the file: $.matches[0].hands[4].waiting.called_at"),
    (_no_rule, "Match 1, hand 5, “waiting”: is not valid here. In the file: $.matches[0].hands[4].waiting"),
    (_finished, "Match 1, “winner”: does not follow from the points of the hands. In the file: $.matches[0].winner"),
    (lambda d: _step(d, "hand_called")["after"].update(side=3),
     "Match 1, change {hand_called} of the trail, “after”, “side”: names side 4, but the match has 2 sides. "
     "In the file: $.matches[0].trail[{hand_called_at}].after.side"),
    (lambda d: _step(d, "hand_confirmed").update(after=None),
     "Match 1, change {hand_confirmed} of the trail, “after”: should be an object. "
     "In the file: $.matches[0].trail[{hand_confirmed_at}].after"),
    (lambda d: _step(d, "hand_decided")["after"].update(label="C"),
     "Match 1, change {hand_decided} of the trail, “after”, “label”: should be one of: \"A\", \"B\", null. "
     "In the file: $.matches[0].trail[{hand_decided_at}].after.label"),
    (lambda d: _step(d, "hand_decided")["after"]["versions"].reverse(),
     "Match 1, change {hand_decided} of the trail, “after”, “versions”, item 1, “label”: should be one of: \"A\". "
     "In the file: $.matches[0].trail[{hand_decided_at}].after.versions[0].label"),
    (lambda d: _step(d, "hand_decided")["after"].update(reason="x" * (REASON_LENGTH + 1)),
     "Match 1, change {hand_decided} of the trail, “after”, “reason”: should be at most {reason} characters long. "
     "In the file: $.matches[0].trail[{hand_decided_at}].after.reason"),
]


def places(document: dict[str, Any]) -> dict[str, int]:
    """Where the first step of each kind is in the first match's trail: its number in words (from 1), and its
    index in the file's path (`_at`, from 0); and the reason's longest."""
    kinds = [event["kind"] for event in document["matches"][0]["trail"]]
    found = {kind: kinds.index(kind) for kind in STEPS}
    return ({kind: i + 1 for kind, i in found.items()} | {f"{kind}_at": i for kind, i in found.items()}
            | {"reason": REASON_LENGTH})


@pytest.mark.parametrize(("change", "words"), BAD, ids=[
    "stand-of-no-such-side", "stand-with-an-account", "version-labelled-a", "label-twice", "points-per-side",
    "every-side-stands-behind-a", "no-call-time", "waiting-without-the-rule", "finished-while-one-waits",
    "call-of-no-such-side", "confirmation-without-facts", "decided-version-not-there", "decided-a-not-first",
    "reason-too-long"])
def test_a_bad_shape_is_refused_in_words_naming_its_place(disputed, scorekeeper, change, words):
    """Each wrong shape of the new fields is refused before anything is written, 422, in the import's words."""
    document = disputed["document"]
    assert refused(scorekeeper("rosa"), broken(document, change)) == words.format(**places(document))


def test_an_unreadable_version_is_refused_in_the_referees_words(disputed, scorekeeper):
    """A version's entry with a card missing is read as a hand's: the referee's words, at the version's entry."""
    def lose(doc: dict[str, Any]) -> None:
        [step] = [e for e in doc["matches"][0]["trail"] if e["kind"] == "hand_decided"][:1]
        step["after"]["versions"][1]["entry"]["sides"][0]["cards"].pop()
    message = refused(scorekeeper("rosa"), broken(disputed["document"], lose))
    assert message.startswith("Match 1, change {hand_decided} of the trail, “after”, “versions”, item 2, “entry”, "
                              "“sides”: the referee cannot read this entry: ".format(**places(disputed["document"])))


# -- fuzz: changed anywhere, read or refused in words ----------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_file_changed_anywhere_is_read_or_refused_in_words(disputed, app, data):
    """One value of the file changed: it passes every check or is a BadBackup with words; never another exception."""
    from referee.views.backup_words import backup_words

    try:
        backup_checks.read_backup(json.dumps(mutated(disputed["document"], data)).encode(), 1 << 20)
    except backup_checks.BadBackup as error:
        with app.test_request_context():
            assert backup_words(error)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_compiled_schema_refuses_the_new_shapes_as_the_schema_does(disputed, data):
    """The compiled validator and the jsonschema library agree on the new definitions: the same refusal at the same
    place where there is one error."""
    document = mutated(disputed["document"], data)
    errors = list(Draft202012Validator(schema()).iter_errors(document))
    try:
        backup_checks.check_schema(document)
    except backup_checks.BadBackup as refusal:
        assert errors
        if len(errors) == 1:
            expected = backup_checks.schema_problem(best_match(errors))
            assert (refusal.code, refusal.where, refusal.params) == (expected.code, expected.where, expected.params)
    else:
        assert not errors
