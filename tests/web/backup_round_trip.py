"""Backups played and restored, for the round-trip tests (tests/web/test_backup_paths.py, test_backup_postgres.py,
test_backup_old_files.py): a match played from a script through the match API, the pages and the services along
every entry path (entry_paths.py); an account's backup imported into a fresh account and backed up again; the
files earlier versions of the app wrote (tests/web/backups/)."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hypothesis
from api_client import ApiClient
from backup_play import backup_of, upload
from entry_paths import API_PATHS, BY_CARDS, Seating, deal, page_fields, page_mode
from entry_paths import api_body as api_entry
from sqlalchemy import select

from referee.extensions import db
from referee.models import Match, User
from referee.rules.rulesets import OPTIONS_BEFORE
from referee.services.sharing import join, make_join_code
from referee.services.trail import restore_hand, revert_correction
from referee.services.trail_actions import restorable, revertable

SEATINGS = {"2": Seating(2, 2), "3": Seating(3, 3), "4": Seating(4, 4), "pairs": Seating(4, 2)}
NAMES = ("Ana", "Bea", "Cid", "Duda")
FILES = sorted((Path(__file__).parent / "backups").glob("*.json"))


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
    phone: int = 0  # whose phone does it: the owner's (0) or a scorer's (counted round the match's phones)


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
    scorers: int = 0  # accounts that join the match with its code and score it beside the owner


class Table:
    """An account playing a script through the API, the pages and the services: a token and a logged-in phone;
    and the script's scorers, each with a phone and a token of its own, who joined with the match's code."""

    def __init__(self, keeper: Any, api: ApiClient, script: Script) -> None:
        self.keeper, self.api, self.script = keeper, api, script
        self.owner = (keeper, api)
        self.keys: set[str | None] = set()
        self.seating = SEATINGS[script.seating]
        body = {"ruleset": script.preset, "options": script.options, "deck_style": script.deck_style,
                "players": list(NAMES[: self.seating.seats]), "partnerships": script.seating == "pairs",
                "first_dealer": script.first_dealer}
        self.id = self.api.start(**body)["id"]
        if script.first_dealer is None:
            self.draw()
        self.phones = [self.owner] + [self.scorer(i) for i in range(script.scorers)]

    def scorer(self, i: int) -> tuple[Any, ApiClient]:
        """A new account, joined as a scorer with the code the owner made: its phone and its token."""
        name = f"{self.keeper.username}s{self.id}x{i}"
        phone = type(self.keeper)(self.keeper.app, self.keeper.app.test_client()).account(name)
        with self.keeper.app.app_context():
            match = db.session.get_one(Match, self.id)
            joined = join(db.session.scalars(select(User).where(User.username == name)).one(),
                          make_join_code(match).code)
            assert joined.id == self.id
        return phone, ApiClient(phone.client, name)

    def owner_id(self) -> int:
        """The owner's account id."""
        with self.keeper.app.app_context():
            return db.session.get_one(Match, self.id).user_id

    def on(self, step: Step) -> None:
        """The step is done from its phone: its page session and its token."""
        self.keeper, self.api = self.phones[step.phone % len(self.phones)]
        if len(self.phones) > 1:
            noted("a step by a scorer" if step.phone % len(self.phones) else "a step by the owner")

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
            self.on(step)
            getattr(self, step.kind)(step)
        self.keeper, self.api = self.owner

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
        d = self.deal(step)
        if step.path in API_PATHS:
            response = self.call("PUT", f"/hands/{number}", api_entry(step.path, d, step.rest),
                                 **{"If-Match": state["etag"]})
            assert response.status_code == 200, response.get_data(as_text=True)
        else:
            url = self.keeper.hand_url(self.id, page_mode(step.path), number)
            response = self.keeper.submit(url, page_fields(step.path, d) | {"action": "save"}, post_to=url)
            assert response.status_code == 302, self.keeper.errors(response.get_data(as_text=True))

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
            match.acting_user_id = db.session.scalars(select(User.id)
                                                      .where(User.username == self.keeper.username)).one()
            if event is not None:
                act(match, event.id, match.version)
                noted(f"{act.__name__} done")

    def restore(self, _step: Step) -> None:
        """Bring back the hand last taken back, if it can come back."""
        self._trail_step(restorable, restore_hand)

    def revert(self, _step: Step) -> None:
        """Revert the latest correction that can be reverted."""
        self._trail_step(revertable, revert_correction)


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


def script_of(path: str, sevens: str, seating: str = "2", **step: Any) -> Script:
    """A match of two hands along one path under one sevens option, the last corrected along the same path, the
    correction reverted, the hand taken back and restored."""
    options = {"sevens": sevens, "target": 21}
    key = step.pop("key", None)
    steps = (Step("record", path, seed=1, key=key, **step), Step("record", path, seed=2, **step),
             Step("correct", path, seed=3, number=1, **step), Step("revert"), Step("undo"), Step("restore"))
    return Script("escoba-es", options, "spanish", seating, 0, False, steps)


def as_written_today(document: dict[str, Any]) -> dict[str, Any]:
    """A file as this app writes the same account: the rules with the regional options' defaults (the one way
    matches were scored before them), no export time."""
    matches = [match | {"rules": OPTIONS_BEFORE | match["rules"]} for match in document["matches"]]
    return {key: value for key, value in document.items() if key != "exported_at"} | {"matches": matches}


def kept_file(path: Path) -> dict[str, Any]:
    """One of the files earlier versions wrote."""
    return dict(json.loads(path.read_text(encoding="utf-8")))
