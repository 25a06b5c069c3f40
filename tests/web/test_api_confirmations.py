"""Both sides agree (issue 36) through the match API: a hand saved under the house rule waits in the match's JSON with
its versions; a scorer's token confirms it, enters its own count, takes a version, calls the organiser; the owner's
decides; each refusal is the pages' words; every answer is one the OpenAPI document describes."""

from __future__ import annotations

from typing import Any

import factories
import pytest
from api_client import TWO, ApiClient, by_cards, by_tally
from api_scene import play_scene
from sqlalchemy import select
from test_openapi_match_api import conforms
from werkzeug.test import TestResponse

from referee.extensions import db
from referee.models import Match, MatchEvent, Tournament
from referee.openapi.match_examples import EXAMPLES
from referee.services.accounts import find_account
from referee.services.claims import claim_seat

CONFIRMING = TWO | {"options": TWO["options"] | {"confirm_hands": "other_sides"}}
H = "/matches/{match_id}/hands/{number}"


class Table:
    """Ana's match of Ana against Bea under the house rule, Bea's token a scorer of it; each holds its seat unless
    told not to (then each phone speaks for itself). Every answer is checked against the OpenAPI document."""

    def __init__(self, app, ana: ApiClient, bea: ApiClient, seats: bool = True) -> None:
        self.app, self.ana, self.bea = app, ana, bea
        self.match_id = ana.request("POST", "/matches", CONFIRMING).get_json()["id"]
        code = ana.request("POST", f"/matches/{self.match_id}/join-code").get_json()["code"]
        assert bea.request("POST", "/join", {"code": code}).status_code == 200
        if seats:
            with app.app_context():
                match = db.session.get_one(Match, self.match_id)
                claim_seat(find_account("ana"), match, 0)
                claim_seat(find_account("bea"), match, 1)
                db.session.commit()

    def call(self, who: ApiClient, method: str, step: str = "", body: Any = None, number: int = 1) -> TestResponse:
        """A request about hand `number` (`step` after its address: "/confirm"…; "" the match itself), its answer
        conforming to the document."""
        template = "/api/v1" + (H + step if step else "/matches/{match_id}")
        url = template.format(match_id=self.match_id, number=number).removeprefix("/api/v1")
        answer = who.request(method, url, body, {"Accept-Language": "en"})
        conforms(method, template, answer)
        return answer

    def record(self, who: ApiClient, body: dict[str, Any]) -> dict[str, Any]:
        """A hand saved by `who`'s token: the hand as the API answers it."""
        answer = who.request("POST", f"/matches/{self.match_id}/hands", body, {"Accept-Language": "en"})
        conforms("POST", "/api/v1/matches/{match_id}/hands", answer)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        return dict(answer.get_json()["hand"])

    def match(self) -> dict[str, Any]:
        """The match's JSON, as Ana's token reads it."""
        return dict(self.call(self.ana, "GET").get_json())

    def seen(self, label: str = "A", number: int = 1) -> str:
        """The digest of a version of the hand, as the match's JSON gives it."""
        hand = self.match()["hands"][number - 1]
        return str(next(v["digest"] for v in hand["versions"] if v["label"] == label))

    def trail(self) -> list[str]:
        """The kinds of the trail's changes, oldest first."""
        with self.app.app_context():
            return list(db.session.scalars(select(MatchEvent.kind).where(MatchEvent.match_id == self.match_id)
                                           .order_by(MatchEvent.id)))


@pytest.fixture
def ana(keeper, client) -> ApiClient:
    """Ana's token (the owner)."""
    return ApiClient(client)


@pytest.fixture
def bea(scorekeeper, client) -> ApiClient:
    """Bea's token (another account; a scorer once it joins)."""
    scorekeeper("bea")
    return ApiClient(client, "bea")


@pytest.fixture
def table(app, ana, bea) -> Table:
    """The match, seats held."""
    return Table(app, ana, bea)


def test_a_scorer_s_token_confirms_the_hand_the_owner_saved(table):
    """Ana's token saves hand 1: it waits, its version A in the match's JSON (Ana's side behind it), the totals 0;
    Bea's token confirms it by its digest and it counts; sent again, the same 200 and nothing changes."""
    saved = table.record(table.ana, by_cards())
    assert saved["waiting"] is True and saved["called"] is False
    [version] = saved["versions"]
    assert version["label"] == "A" and version["sides"] == [0] and version["valid"] is True
    assert version["points"] == saved["points"] and len(version["digest"]) == 16
    assert table.match()["totals"] == [0, 0]
    confirmed = table.call(table.bea, "POST", "/confirm", {"seen": version["digest"]})
    assert confirmed.status_code == 200
    hand = confirmed.get_json()["hand"]
    assert hand["waiting"] is False and "versions" not in hand and "called" not in hand
    assert confirmed.get_json()["match"]["totals"] == saved["points"]
    assert confirmed.headers["ETag"] == f'"{confirmed.get_json()["match"]["version"]}"'
    again = table.call(table.bea, "POST", "/confirm", {"seen": version["digest"]})
    assert again.status_code == 200 and again.get_json() == confirmed.get_json()
    assert table.trail().count("hand_confirmed") == 1


def test_a_match_without_the_rule_answers_its_hands_as_before(ana):
    """No `waiting`, no versions: the hand as the API always gave it."""
    match_id = ana.start(**TWO, partnerships=False)["id"]
    hand = ana.request("POST", f"/matches/{match_id}/hands", by_cards()).get_json()["hand"]
    assert set(hand) == {"number", "dealer", "points", "valid", "erred", "report"}


def test_our_count_differs_every_difference_named_and_the_other_side_takes_it(table):
    """Bea's token enters her count (one escoba more for Ana): 201, version B, its report; both read the versions side
    by side, B differing from A in Ana's escobas alone; Ana, whose side saved A, takes B and the hand counts as B."""
    table.record(table.ana, by_cards())
    seen = table.seen()
    counted = table.call(table.bea, "POST", "/versions", by_cards(escobas=(2, 0)) | {"seen": seen})
    assert counted.status_code == 201
    assert counted.get_json()["label"] == "B" and counted.get_json()["report"]["valid"] is True
    hand = counted.get_json()["hand"]
    assert hand["waiting"] is True and [(v["label"], v["sides"]) for v in hand["versions"]] == [("A", [0]), ("B", [1])]
    assert counted.get_json()["match"]["totals"] == [0, 0]
    theirs = table.call(table.bea, "GET", "/versions").get_json()
    assert (theirs["mine"], theirs["may_confirm"], theirs["own"], theirs["decides"]) == ("B", False, False, False)
    ours = table.call(table.ana, "GET", "/versions").get_json()
    assert (ours["mine"], ours["may_confirm"], ours["own"], ours["decides"]) == ("A", False, True, True)
    a, b = ours["versions"]
    assert a["differences"] == [] and b["differences"] == [
        {"category": "escobas", "side": 0, "first": 1, "second": 2}]
    assert b["entry"]["sides"][0]["escobas"] == 2 and b["mode"] == "cards" and b["dealer"] == 0
    assert b["verdict"] == {"possible": True, "passes": True, "erred": [], "messages": a["verdict"]["messages"]}
    assert b["points"][0] == a["points"][0] + 1 and b["digest"] == table.seen("B")
    taken = table.call(table.ana, "POST", "/pick", {"label": "B", "seen": b["digest"]})
    assert taken.status_code == 200
    assert taken.get_json()["hand"]["waiting"] is False and taken.get_json()["match"]["totals"] == b["points"]
    again = table.call(table.ana, "POST", "/pick", {"label": "B", "seen": b["digest"]})  # sent twice: made once
    assert again.status_code == 200 and again.get_json()["match"] == taken.get_json()["match"]
    assert table.trail()[-3:] == ["version_entered", "version_picked", "hand_agreed"]
    assert table.call(table.ana, "GET", "/versions").status_code == 409


def test_a_count_by_counts_and_one_with_a_card_moved_are_compared_and_judged(table):
    """A version by counts against A by cards: the counts both give compared. A card moved to the other pile: the
    piles' cards named on both sides, and the verdict says the version is possible but fails the checks."""
    table.record(table.ana, by_cards())
    moved = by_cards(moves={"4e": "1"}) | {"seen": table.seen()}
    assert table.call(table.bea, "POST", "/versions", moved).status_code == 201
    b = table.call(table.bea, "GET", "/versions").get_json()["versions"][1]
    assert {"category": "pile", "side": 0, "first": ["4e"], "second": []} in b["differences"]
    assert {"category": "pile", "side": 1, "first": [], "second": ["4e"]} in b["differences"]
    assert {"category": "cards", "side": 0, "first": 20, "second": 19} in b["differences"]
    assert b["verdict"]["possible"] is True and b["verdict"]["passes"] is False and b["verdict"]["erred"]
    assert any("fifteen" in message for message in b["verdict"]["messages"])
    recount = table.call(table.bea, "POST", "/versions", by_tally() | {"seen": table.seen()})
    assert recount.status_code in (200, 201)
    versions = table.call(table.bea, "GET", "/versions").get_json()["versions"]
    assert [v["label"] for v in versions][-1] == recount.get_json()["label"]  # Bea's card version gave way
    assert all(d["category"] not in ("pile", "leftover") for d in versions[-1]["differences"])


def test_the_same_count_as_the_entry_is_a_confirmation(table):
    """Bea's own count equal to Ana's: 200, label A, and the hand counts."""
    table.record(table.ana, by_cards())
    same = table.call(table.bea, "POST", "/versions", by_cards() | {"seen": table.seen()})
    assert same.status_code == 200 and same.get_json()["label"] == "A"
    assert same.get_json()["hand"]["waiting"] is False


def test_the_owner_decides_a_dispute_and_a_scorer_gets_403(table):
    """Bea's token cannot decide (403, in words); Ana's takes version B with a reason, kept in the trail."""
    table.record(table.ana, by_cards())
    table.call(table.bea, "POST", "/versions", by_cards(escobas=(2, 0)) | {"seen": table.seen()})
    called = table.call(table.bea, "POST", "/call")
    assert called.status_code == 200 and called.get_json()["hand"]["called"] is True
    assert table.call(table.bea, "POST", "/call").get_json()["hand"]["called"] is True  # again: no change
    assert table.trail().count("hand_called") == 1
    decision = {"label": "B", "seen": table.seen("B"), "reason": "  Counted again together  "}
    refused = table.call(table.bea, "POST", "/decide", decision)
    assert refused.status_code == 403
    assert refused.get_json() == {"errors": [{"field": "", "message": "Only the match's owner can do this."}]}
    decided = table.call(table.ana, "POST", "/decide", decision)
    assert decided.status_code == 200 and decided.get_json()["hand"]["waiting"] is False
    assert decided.get_json()["match"]["totals"] == [5, 0]
    with table.app.app_context():
        event = db.session.scalars(select(MatchEvent).where(MatchEvent.match_id == table.match_id,
                                                            MatchEvent.kind == "hand_decided")).one()
        assert event.after is not None and event.after["reason"] == "Counted again together"
    again = table.call(table.ana, "POST", "/decide", decision)  # sent twice: it counts as decided, made once
    assert again.status_code == 200 and table.trail().count("hand_decided") == 1
    other = table.call(table.ana, "POST", "/decide", decision | {"label": "A", "seen": "0123456789abcdef"})
    assert other.status_code == 409  # it counts already, as another version


def test_refusals_are_409_in_the_pages_words(table):
    """Ana's side cannot confirm its own entry; Bea's confirmation of an entry corrected since she saw it names
    `seen`; a confirmation of a hand that counts, of another version than the one it counts as, is refused too."""
    table.record(table.ana, by_cards())
    own = table.call(table.ana, "POST", "/confirm", {"seen": table.seen()})
    assert own.status_code == 409 and own.get_json() == {"errors": [{"field": "", "message": (
        "Your side entered this version of hand 1: another side confirms it.")}]}
    old = table.seen()
    version = table.call(table.ana, "GET").headers["ETag"]
    corrected = table.ana.request("PUT", f"/matches/{table.match_id}/hands/1", by_cards(escobas=(3, 0)),
                                  {"If-Match": version})
    assert corrected.status_code == 200 and corrected.get_json()["hand"]["waiting"] is True
    changed = table.call(table.bea, "POST", "/confirm", {"seen": old})
    assert changed.status_code == 409 and changed.get_json() == {"errors": [{"field": "seen", "message": (
        "Hand 1 changed on another phone since this page showed it: look at it again before confirming.")}]}
    assert table.call(table.bea, "POST", "/pick", {"label": "A", "seen": old}).status_code == 409
    assert table.call(table.bea, "POST", "/versions", by_tally() | {"seen": old}).status_code == 409
    assert table.call(table.bea, "POST", "/confirm", {"seen": table.seen()}).status_code == 200
    counts = table.call(table.bea, "POST", "/confirm", {"seen": old})
    assert counts.status_code == 409
    assert counts.get_json()["errors"][0]["message"] == "Hand 1 counts already: nothing was changed."
    assert table.call(table.bea, "POST", "/call").status_code == 409


@pytest.mark.parametrize(("step", "body", "field"), [
    ("/confirm", {"seen": "4BFED0CBD13FB366"}, "seen"),
    ("/confirm", {}, "seen"),
    ("/confirm", {"seen": "0123456789abcdef", "label": "A"}, "label"),
    ("/confirm", [], ""),
    ("/pick", {"label": "AB", "seen": "0123456789abcdef"}, "label"),
    ("/pick", {"label": "B"}, "seen"),
    ("/decide", {"label": "B", "seen": "0123456789abcdef", "reason": "x" * 201}, "reason"),
    ("/decide", {"label": "B", "seen": "0123456789abcdef", "reason": "a\x00b"}, "reason"),
    ("/versions", by_cards(), "seen"),
    ("/versions", by_cards() | {"seen": 7}, "seen"),
    ("/versions", by_cards() | {"seen": "0123456789abcdef", "dealer": 2}, "dealer"),
    ("/versions", by_cards() | {"seen": "0123456789abcdef", "leftover": ["11o"]}, "leftover[0]"),
])
def test_a_bad_body_is_422_naming_its_field(table, step, body, field):
    """Every value bounded before any work: a bad one is 422, its field named."""
    table.record(table.ana, by_cards())
    answer = table.call(table.bea, "POST", step, body)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert field in [error["field"] for error in answer.get_json()["errors"]]
    assert table.match()["hands"][0]["waiting"] is True


def test_a_body_that_is_not_json_is_400(table):
    """As every endpoint of the API."""
    table.record(table.ana, by_cards())
    answer = table.bea.request("POST", f"/matches/{table.match_id}/hands/1/confirm", data="{",
                               content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["errors"][0]["field"] == "body"


STEPS = [("POST", "/confirm", {"seen": "0123456789abcdef"}), ("GET", "/versions", None),
         ("POST", "/versions", by_cards() | {"seen": "0123456789abcdef"}),
         ("POST", "/pick", {"label": "A", "seen": "0123456789abcdef"}), ("POST", "/call", None),
         ("POST", "/decide", {"label": "A", "seen": "0123456789abcdef"})]


@pytest.mark.parametrize(("method", "step", "body"), STEPS)
def test_a_stranger_s_token_gets_404_and_no_such_hand_is_404(table, scorekeeper, client, method, step, body):
    """Dan's token (no role in the match) gets 404 for each step, as for a match that does not exist; a hand the
    match does not have is 404 for its owner; nothing changes."""
    table.record(table.ana, by_cards())
    scorekeeper("dan")
    dan = ApiClient(client, "dan")
    assert table.call(dan, method, step, body).status_code == 404
    missing = table.call(table.ana, method, step, body, number=9)
    assert missing.status_code == 404 and missing.get_json() == {"errors": [{"field": "", "message": "Not found."}]}
    assert table.match()["hands"][0]["waiting"] is True


def test_a_removed_scorer_s_token_is_told_so(table):
    """Ana removes Bea's phone: its confirmation is 403 in the words of the removal."""
    table.record(table.ana, by_cards())
    [scorer] = table.ana.request("GET", f"/matches/{table.match_id}/scorers").get_json()["scorers"]
    assert table.ana.request("DELETE", f"/matches/{table.match_id}/scorers/{scorer['id']}").status_code == 204
    refused = table.call(table.bea, "POST", "/confirm", {"seen": table.seen()})
    assert refused.status_code == 403 and "removed this phone" in refused.get_json()["errors"][0]["message"]


def test_without_seats_any_other_phone_confirms_and_the_versions_name_no_side(app, ana, bea):
    """Neither phone holds a seat: each is a voice of its own (null in `sides`), and Bea's one tap makes it count."""
    table = Table(app, ana, bea, seats=False)
    saved = table.record(table.bea, by_cards())
    assert saved["versions"][0]["sides"] == [None]
    assert table.call(table.ana, "GET", "/versions").get_json()["may_confirm"] is True
    assert table.call(table.bea, "GET", "/versions").get_json()["own"] is True
    assert table.call(table.ana, "POST", "/confirm", {"seen": table.seen()}).get_json()["hand"]["waiting"] is False


def test_the_documented_versions_are_the_api_s_answers_word_for_word(keeper, client):
    """In the scene of the OpenAPI examples (tests/web/api_scene.py), the waiting hand's versions before and after
    Ana's count (the `our_count` example) are, exactly, the document's `waiting` and `disputed` answers."""
    scene = play_scene(client)
    versions = f"/api/v1/matches/{scene.waiting}/hands/1/versions"
    assert scene.request("GET", versions).get_json() == EXAMPLES["VERSIONS_ANSWER"]
    assert scene.request("POST", versions, EXAMPLES["VERSION"]).status_code == 201
    assert scene.request("GET", versions).get_json() == EXAMPLES["VERSIONS_DISPUTED_ANSWER"]


def test_a_tournament_made_through_the_api_confirms_each_hand_as_its_body_says(scorekeeper):
    """confirm_hands true or false is each table's rule; left out, the house rules' (here: none)."""
    ana = scorekeeper("ana")
    club_id = factories.club(ana)
    profile_id = factories.house_rules(ana, "To 21", target=21)
    api = ApiClient(ana.client, "ana")
    body = {"name": "Night", "format": "round_robin", "profile_id": profile_id,
            "entrants": [{"players": [{"name": "Bia"}]}, {"players": [{"name": "Caio"}]}]}
    for given, rule in ((True, "other_sides"), (False, "none"), (None, "none")):
        sent = body if given is None else body | {"confirm_hands": given}
        made = api.request("POST", f"/clubs/{club_id}/tournaments", sent)
        assert made.status_code == 201, made.get_json()
        with ana.app.app_context():
            rules = db.session.get_one(Tournament, made.get_json()["id"]).rules
        assert rules["options"]["confirm_hands"] == rule
    refused = api.request("POST", f"/clubs/{club_id}/tournaments", body | {"confirm_hands": "yes"})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["field"] == "confirm_hands"
