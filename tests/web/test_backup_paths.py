"""Every backup restores: matches made through every entry path the app has (tests/web/entry_paths.py), under
every preset and regional option, with corrections, reverts, undos and restores, finished or not; the account's
backup imported into a fresh account gives the same backup again, its export time aside."""

from __future__ import annotations

import itertools
import string
from dataclasses import dataclass, replace
from typing import Any

import hypothesis
import pytest
from api_client import ApiClient
from backup_play import backup_of, upload
from entry_paths import API_PATHS, BY_CARDS, PATHS, Seating, deal, page_fields, page_mode
from entry_paths import api_body as api_entry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from referee.extensions import db
from referee.models import Hand, Match
from referee.rules import PRESETS
from referee.services.trail import restorable, restore_hand, revert_correction, revertable

SEATINGS = {"2": Seating(2, 2), "3": Seating(3, 3), "4": Seating(4, 4), "pairs": Seating(4, 2)}
NAMES = ("Ana", "Bea", "Cid", "Duda")
# An Idempotency-Key is any printable ASCII (referee/match_payloads.py): the hand keeps it as its client token.
KEYS = st.none() | st.text(alphabet=[chr(c) for c in range(0x21, 0x7F)], min_size=1, max_size=64)


@dataclass(frozen=True)
class Step:
    """One thing done to the match: a hand recorded or corrected along a path, an undo, a restore, a revert."""

    kind: str
    path: str = "api_cards"
    seed: int = 0
    moved: bool = False
    pile_sums: bool = False
    always_breakers: bool = False
    rest: int = -1
    key: str | None = None
    number: int = 1  # the hand a correction changes (counted from the last when there are fewer)


@dataclass(frozen=True)
class Script:
    """A match to play: its rules, table and first dealer (None: drawn, after a tie when `tie`), its steps."""

    preset: str
    options: dict[str, Any]
    deck_style: str
    seating: str
    first_dealer: int | None
    tie: bool
    steps: tuple[Step, ...]


class Table:
    """An account playing a script through the API, the pages and the services: a token and a logged-in phone."""

    def __init__(self, keeper: Any, api: ApiClient, script: Script) -> None:
        self.keeper, self.api, self.script = keeper, api, script
        self.keys: set[str | None] = set()
        self.seating = SEATINGS[script.seating]
        body = {"ruleset": script.preset, "options": script.options, "deck_style": script.deck_style,
                "players": list(NAMES[: self.seating.seats]), "partnerships": script.seating == "pairs",
                "first_dealer": script.first_dealer}
        self.id = self.api.start(**body)["id"]
        if script.first_dealer is None:
            self.draw()

    def draw(self) -> None:
        """Draw for dealer: everyone a different value (after a tie of the first two seats when the script says)."""
        seats = range(self.seating.seats)
        if self.script.tie:
            tied = {str(s): code for s, code in zip(seats, ("10o", "10c", "2e", "3b"), strict=False)}
            assert self.call("POST", "/draw", {"cards": tied}).status_code == 200
            assert self.call("POST", "/draw", {"cards": {"0": "9o", "1": "8c"}}).status_code == 200
        else:
            cards = {str(s): code for s, code in zip(seats, ("1o", "5c", "7e", "10b"), strict=False)}
            assert self.call("POST", "/draw", {"cards": cards}).status_code == 200

    def call(self, method: str, url: str, body: Any = None, **headers: str) -> Any:
        """A request to this match under the API."""
        return self.api.request(method, f"/matches/{self.id}{url}", body, headers=headers)

    def state(self) -> dict[str, Any]:
        """The match as the API shows it, with its version."""
        response = self.call("GET", "")
        return {"match": response.get_json(), "etag": response.headers["ETag"]}

    def play(self) -> None:
        """Every step of the script, each where the match allows it (a restore with nothing to restore is none)."""
        for step in self.script.steps:
            getattr(self, step.kind)(step)

    def deal(self, step: Step) -> Any:
        """The step's hand for this match's table and sevens option."""
        return deal(self.seating, self.script.options.get("sevens", "most"), step.seed,
                    moved=step.moved and step.path in BY_CARDS, pile_sums=step.pile_sums,
                    always_breakers=step.always_breakers)

    def record(self, step: Step) -> None:
        """A new hand along the step's path (none once the match is over)."""
        if self.state()["match"]["finished"]:
            return
        d = self.deal(step)
        if step.path in API_PATHS:
            # A key used before would be a resend of that hand: each hand its own.
            headers = {"Idempotency-Key": step.key} if step.key and step.key not in self.keys else {}
            self.keys.add(step.key)
            response = self.call("POST", "/hands", api_entry(step.path, d, step.rest), **headers)
            assert response.status_code == 201, response.get_data(as_text=True)
        else:
            url = self.keeper.hand_url(self.id, page_mode(step.path))
            response = self.keeper.submit(url, page_fields(step.path, d) | {"action": "save"}, post_to=url)
            assert response.status_code == 302, self.keeper.errors(response.get_data(as_text=True))

    def correct(self, step: Step) -> None:
        """Correct a saved hand along the step's path."""
        state = self.state()
        hands = len(state["match"]["hands"])
        if not hands:
            return
        number = hands - (step.number - 1) % hands
        if step.path == "page_tally" and not self.tally_page_opens(number):
            step = replace(step, path="api_tally")
        d = self.deal(step)
        if step.path in API_PATHS:
            response = self.call("PUT", f"/hands/{number}", api_entry(step.path, d, step.rest),
                                 **{"If-Match": state["etag"]})
            assert response.status_code == 200, response.get_data(as_text=True)
        else:
            url = self.keeper.hand_url(self.id, page_mode(step.path), number)
            response = self.keeper.submit(url, page_fields(step.path, d) | {"action": "save"}, post_to=url)
            assert response.status_code == 302, self.keeper.errors(response.get_data(as_text=True))

    def tally_page_opens(self, number: int) -> bool:
        """False for a hand by counts in a shape only the API saves (a "rest" side, the leftover as cards): the
        page by counts cannot open it for correction yet (a 500, reported; the pages' to fix). The backup is
        not what is tested there."""
        [(mode, entry)] = self.keeper.query(select(Hand.mode, Hand.entry).where(Hand.match_id == self.id,
                                                                                Hand.number == number))
        return mode != "tally" or ("leftover_sum" in entry and all(s["tally"] != "rest" for s in entry["sides"]))

    def undo(self, _step: Step) -> None:
        """Take back the last hand."""
        state = self.state()
        hands = len(state["match"]["hands"])
        if hands:
            response = self.call("DELETE", f"/hands/{hands}", **{"If-Match": state["etag"]})
            assert response.status_code == 200, response.get_data(as_text=True)

    def _trail_step(self, allowed: Any, act: Any) -> None:
        """Restore or revert through the service, on the latest change that allows it."""
        with self.keeper.app.app_context():
            match = db.session.get(Match, self.id)
            assert match is not None
            event = next((e for e in reversed(match.events) if allowed(match, e)), None)
            if event is not None:
                act(match, event.id, match.version)
                noted(f"{act.__name__} done")

    def restore(self, _step: Step) -> None:
        """Bring back the hand last taken back, if it can come back."""
        self._trail_step(restorable, restore_hand)

    def revert(self, _step: Step) -> None:
        """Revert the latest correction that can be reverted."""
        self._trail_step(revertable, revert_correction)


STEPS = st.builds(
    Step, kind=st.sampled_from(["record"] * 3 + ["correct"] * 2 + ["undo"] * 2 + ["restore"] * 2 + ["revert"]),
    path=st.sampled_from(PATHS), seed=st.integers(0, 10_000), moved=st.booleans(), pile_sums=st.booleans(),
    always_breakers=st.booleans(), rest=st.integers(-4, 3), key=KEYS, number=st.integers(1, 3))
OPTIONS = st.fixed_dictionaries({
    "sevens": st.sampled_from(["most", "setenta", "most_tiebreak"]), "ties": st.sampled_from(["nobody", "shared"]),
    "target": st.sampled_from([1, 4, 8, 21]), "penalty": st.sampled_from(["forfeit", "void", "flag"]),
    "deal_passes": st.sampled_from(["right", "left"]), "all_oros": st.integers(0, 2), "over30": st.integers(0, 2)})
SCRIPTS = st.builds(
    Script, preset=st.sampled_from(list(PRESETS)), options=OPTIONS,
    deck_style=st.sampled_from(["spanish", "french", "french-jq"]), seating=st.sampled_from(list(SEATINGS)),
    first_dealer=st.none() | st.integers(0, 1), tie=st.booleans(),
    steps=st.lists(STEPS, min_size=2, max_size=8).map(tuple))

_accounts = itertools.count()


def noted(what: str) -> None:
    """What a drawn example did, for --hypothesis-show-statistics (nothing outside a property)."""
    if hypothesis.currently_in_test_context():
        hypothesis.event(what)


def round_trip(scorekeeper: Any, scripts: list[Script]) -> dict[str, Any]:
    """Play the scripts in a new account, back it up, import the file into another new account, back that up:
    the two backups are the same but for their export time. The first backup."""
    n = next(_accounts)
    keeper = scorekeeper(f"ana{n}")
    api = ApiClient(keeper.client, f"ana{n}")
    for script in scripts:
        Table(keeper, api, script).play()
    first = backup_of(keeper)
    for match in first["matches"]:
        noted("finished" if match["finished"] else "unfinished")
        for hand in match["hands"]:
            noted(f"a hand by {hand['mode']}")
    restored = scorekeeper(f"bob{n}")
    response = upload(restored, first)
    assert response.status_code == 302, restored.errors(response.get_data(as_text=True))
    again = backup_of(restored)
    assert {k: v for k, v in again.items() if k != "exported_at"} == {k: v for k, v in first.items()
                                                                      if k != "exported_at"}
    return first


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scripts=st.lists(SCRIPTS, min_size=1, max_size=2))
def test_any_account_played_any_way_restores_into_a_fresh_account_as_it_was(scorekeeper, scripts):
    """Whatever was played, however it was entered: backup, import into a fresh account, backup again: the
    same file."""
    round_trip(scorekeeper, scripts)


def script_of(path: str, sevens: str, seating: str = "2", **step: Any) -> Script:
    """A match of two hands along one path under one sevens option, the last corrected along the same path, the
    correction reverted, the hand taken back and restored."""
    options = {"sevens": sevens, "target": 21}
    key = step.pop("key", None)
    steps = (Step("record", path, seed=1, key=key, **step), Step("record", path, seed=2, **step),
             Step("correct", path, seed=3, number=1, **step), Step("revert"), Step("undo"), Step("restore"))
    return Script("escoba-es", options, "spanish", seating, 0, False, steps)


@pytest.mark.parametrize("sevens", ["most", "setenta", "most_tiebreak"])
@pytest.mark.parametrize("path", PATHS)
def test_every_entry_path_under_every_sevens_option_restores(scorekeeper, path, sevens):
    """Each path, each sevens option, each once for sure (the property above draws them at random); the
    tiebreak's counts given on every side, tied or not."""
    document = round_trip(scorekeeper, [script_of(path, sevens, always_breakers=True)])
    [match] = document["matches"]
    assert [e["kind"] for e in match["trail"][-4:]] == ["hand_edited", "hand_reverted", "hand_undone", "hand_restored"]
    modes = {hand["mode"] for hand in match["hands"]}
    assert modes == {page_mode(path) if path.startswith("page") else "tally" if path != "api_cards" else "cards"}


def test_a_hand_saved_under_any_idempotency_key_restores(scorekeeper):
    """The API keeps any printable key as the hand's client token: "a:b/c d" has none of the pages' letters."""
    key = "".join(ch for ch in string.printable if 0x21 <= ord(ch) < 0x7F)[:64]
    document = round_trip(scorekeeper, [script_of("api_cards", "most", key=key)])
    assert document["matches"][0]["hands"][0]["client_token"] == key
