"""Scoring together through the API: join codes, joining, the scorers, and a scorer's token recording hands."""

from __future__ import annotations

import pytest
from api_client import TWO, ApiClient, by_cards, by_tally

from referee.extensions import db
from referee.models import Match
from referee.services.accounts import find_account
from referee.services.claims import claim_seat


@pytest.fixture
def ana(keeper, client) -> ApiClient:
    """Ana's token (the owner)."""
    return ApiClient(client)


@pytest.fixture
def bea(scorekeeper, client) -> ApiClient:
    """Bea's token (another account)."""
    scorekeeper("bea")
    return ApiClient(client, "bea")


@pytest.fixture
def match_id(ana, bea) -> int:
    """Ana's match of two, Bea a scorer of it by a code made and typed through the API."""
    made = ana.request("POST", "/matches", TWO).get_json()["id"]
    code = ana.request("POST", f"/matches/{made}/join-code")
    assert code.status_code == 201 and code.headers["Cache-Control"] == "no-store"
    body = code.get_json()
    assert body["join_url"].endswith("/join/" + body["code"].replace("-", ""))
    joined = bea.request("POST", "/join", {"code": body["code"].lower()})
    assert joined.status_code == 200 and joined.get_json()["role"] == "scorer"
    assert joined.get_json()["match"]["id"] == made
    return made


def test_the_list_shows_shared_matches_with_the_caller_s_role(ana, bea, match_id):
    """Ana's list: owner; Bea's: scorer, the match she has no part in absent."""
    ana.request("POST", "/matches", TWO)
    assert [(m["id"], m["role"]) for m in bea.request("GET", "/matches").get_json()["matches"]] == [
        (match_id, "scorer")]
    assert [m["role"] for m in ana.request("GET", "/matches").get_json()["matches"]] == ["owner", "owner"]


def test_a_scorer_s_token_records_corrects_and_undoes_hands_with_the_same_version_checks(ana, bea, match_id):
    """Bea records, the owner's stale If-Match is 412, Bea's correction and undo go through."""
    recorded = bea.request("POST", f"/matches/{match_id}/hands", by_cards())
    assert recorded.status_code == 201
    stale = recorded.headers["ETag"]
    assert ana.request("POST", f"/matches/{match_id}/hands", by_tally(mirror=True)).status_code == 201
    refused = bea.request("PUT", f"/matches/{match_id}/hands/1", by_tally(), {"If-Match": stale})
    assert refused.status_code == 412
    now = bea.request("GET", f"/matches/{match_id}").headers["ETag"]
    assert bea.request("PUT", f"/matches/{match_id}/hands/1", by_tally(), {"If-Match": now}).status_code == 200
    now = ana.request("GET", f"/matches/{match_id}").headers["ETag"]
    assert bea.request("DELETE", f"/matches/{match_id}/hands/2", headers={"If-Match": now}).status_code == 200
    assert len(ana.request("GET", f"/matches/{match_id}").get_json()["hands"]) == 1


def test_the_owner_lists_and_removes_a_scorer_whose_next_request_is_told_so(ana, bea, match_id):
    """GET scorers names Bea's account and phone; DELETE removes her; her reads and writes of the match are then
    403 in words, not 404."""
    scorers = ana.request("GET", f"/matches/{match_id}/scorers").get_json()["scorers"]
    assert [(s["username"], s["name"]) for s in scorers] == [("bea", "bea")]
    assert ana.request("DELETE", f"/matches/{match_id}/scorers/{scorers[0]['id']}").status_code == 204
    for answer in (bea.request("GET", f"/matches/{match_id}"),
                   bea.request("POST", f"/matches/{match_id}/hands", by_cards())):
        assert answer.status_code == 403
        assert "removed this phone from its scorers" in answer.get_json()["errors"][0]["message"]
    again = ana.request("DELETE", f"/matches/{match_id}/scorers/{scorers[0]['id']}")
    assert again.status_code == 404 and again.get_json()["errors"][0]["field"] == "user_id"


@pytest.mark.parametrize(("method", "url"), [("POST", "/join-code"), ("DELETE", "/join-code"), ("GET", "/scorers"),
                                             ("DELETE", "/scorers/1")])
def test_managing_is_the_owner_s_a_scorer_gets_403(bea, match_id, method, url):
    """The owner's operations answer a scorer's token 403 in the errors shape."""
    answer = bea.request(method, f"/matches/{match_id}{url}")
    assert answer.status_code == 403
    assert answer.get_json() == {"errors": [{"field": "", "message": "Only the match's owner can do this."}]}


def test_a_revoked_code_is_422_naming_the_code(ana, bea, client):
    """Revoked through the API: joining with it is refused, in the reader's language."""
    made = ana.request("POST", "/matches", TWO).get_json()["id"]
    code = ana.request("POST", f"/matches/{made}/join-code").get_json()["code"]
    assert ana.request("DELETE", f"/matches/{made}/join-code").status_code == 204
    refused = bea.request("POST", "/join", {"code": code}, {"Accept-Language": "es"})
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["field"] == "code"
    assert bea.request("GET", f"/matches/{made}").status_code == 404


@pytest.mark.parametrize(("body", "field"), [({}, "code"), ({"code": 7}, "code"), ({"code": "x" * 41}, "code"),
                                             ({"code": "ABCD2345", "more": 1}, "more"),
                                             ({"code": "ABCD2345", "name": 7}, "name"),
                                             ({"code": "ABCD2345", "name": "  "}, "name"),
                                             ({"code": "ABCD2345", "name": "x" * 41}, "name")])
def test_a_bad_join_body_is_422_naming_the_field(bea, body, field):
    """The reader refuses what is not a code before any lookup."""
    refused = bea.request("POST", "/join", body)
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == [field]


def test_a_scorer_leaves_by_its_token_and_its_next_request_is_404(ana, bea, match_id):
    """DELETE scorers/me: 204; the match is gone from Bea's list and her reads of it are 404; Ana's scorers are
    none; Ana's match and its hands are as they were."""
    assert bea.request("POST", f"/matches/{match_id}/hands", by_cards()).status_code == 201
    left = bea.request("DELETE", f"/matches/{match_id}/scorers/me")
    assert left.status_code == 204 and left.data == b""
    assert bea.request("GET", f"/matches/{match_id}").status_code == 404
    assert bea.request("GET", "/matches").get_json()["matches"] == []
    assert bea.request("DELETE", f"/matches/{match_id}/scorers/me").status_code == 404  # no role left
    assert ana.request("GET", f"/matches/{match_id}/scorers").get_json() == {"scorers": []}
    assert len(ana.request("GET", f"/matches/{match_id}").get_json()["hands"]) == 1


def test_the_owner_cannot_leave_its_own_match(ana, bea, match_id):
    """The owner's DELETE scorers/me: 403 saying why; the match and its scorer stay."""
    refused = ana.request("DELETE", f"/matches/{match_id}/scorers/me")
    assert refused.status_code == 403
    assert refused.get_json() == {"errors": [{"field": "", "message": "The owner cannot leave its own match."}]}
    assert bea.request("GET", f"/matches/{match_id}").status_code == 200


def test_a_stranger_cannot_leave_a_match_it_has_no_role_in(ana, scorekeeper, client):
    """Another account's match is a 404, leaving included, as any match of someone else's."""
    made = ana.request("POST", "/matches", TWO).get_json()["id"]
    scorekeeper("cid")
    assert ApiClient(client, "cid").request("DELETE", f"/matches/{made}/scorers/me").status_code == 404


def test_a_claimant_who_stopped_scoring_joins_again_as_a_scorer(ana, bea, match_id, app):
    """Bea holds her seat and leaves: joining with a new code answers her role as a scorer's, and the match reads."""
    with app.app_context():
        claim_seat(find_account("bea"), db.session.get_one(Match, match_id), 1)
    assert bea.request("DELETE", f"/matches/{match_id}/scorers/me").status_code == 204
    assert bea.request("GET", f"/matches/{match_id}").status_code == 404
    code = ana.request("POST", f"/matches/{match_id}/join-code").get_json()["code"]
    joined = bea.request("POST", "/join", {"code": code})
    assert joined.status_code == 200 and joined.get_json()["role"] == "scorer"
    assert bea.request("GET", f"/matches/{match_id}").status_code == 200


def test_a_phone_joining_by_the_api_is_named_as_it_says(ana, bea):
    """Bea's token joins as "Bea at the window": the owner's list of scorers says so."""
    made = ana.request("POST", "/matches", TWO).get_json()["id"]
    code = ana.request("POST", f"/matches/{made}/join-code").get_json()["code"]
    assert bea.request("POST", "/join", {"code": code, "name": " Bea at the window "}).status_code == 200
    [scorer] = ana.request("GET", f"/matches/{made}/scorers").get_json()["scorers"]
    assert scorer["name"] == "Bea at the window"
