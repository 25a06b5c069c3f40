"""The backup file's shape, both ways (docs/backup.md): a stored match as the file holds it, and a match of the
file as the rows that store it. The one place that maps the file's fields to the database's columns: a change
to either side (a stored entry in another encoding) is made here, with the schema beside it. The rules are the
exception that needs no change: the file's `rules` are the preset and Ruleset.options(), as the match keeps them
(Match.ruleset), and the schema takes the options from the rules core (backup_checks.schema).

The file holds no database ids: a match is its uid, a player their name, a change of the trail that names
another (a restore, a revert) names it by its place in the trail, and who made a change is named by their name.
A phone standing behind a version of a waiting hand (services/waiting.py) is kept by the side it spoke for only:
it restores as a stand of no account (see waiting.voices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..models import Hand, Match, MatchEvent, name_key, new_spectator_token
from ..rules import Ruleset
from .backup_checks import CheckedMatch, moment
from .hand_results import result_values
from .stored_entries import facts_marked, facts_unmarked, marked, unmarked
from .waiting import Stand

REFERENCES = ("restores", "reverts")  # what names another change of the trail, by its place in the file
VERSIONS = "versions"  # a decided hand's change keeps every version there was


def time_text(value: datetime | None) -> str | None:
    """A stored moment (naive UTC) as the file writes it: to the microsecond, with a Z."""
    return None if value is None else value.isoformat(timespec="microseconds") + "Z"


def match_data(match: Match) -> dict[str, Any]:
    """One stored match as the file holds it."""
    place = {event.id: i for i, event in enumerate(match.events)}
    shared = any(event.user_id not in (None, match.user_id) for event in match.events)
    return {
        "uid": match.uid, "created_at": time_text(match.created_at), "updated_at": time_text(match.updated_at),
        "finished_at": time_text(match.finished_at),
        "rules": rules_data(match.ruleset),
        "deck_style": match.deck_style, "partnerships": match.partnerships, "first_dealer": match.first_dealer,
        "finished": match.finished, "winner": match.winner,
        "seats": [{"position": s.position, "name": s.name, "side": s.side,
                   "player": s.player.name if s.player is not None else None} for s in match.seats],
        "hands": [{"number": h.number, "dealer": h.dealer, "mode": h.mode, "entry": unmarked(h.entry),
                   "points": h.points, "valid": h.valid, "erred": h.erred, "client_token": h.client_token,
                   "created_at": time_text(h.created_at), "updated_at": time_text(h.updated_at),
                   **_waiting_data(h)} for h in match.hands],
        "trail": [{"at": time_text(e.at), "kind": e.kind, "hand_number": e.hand_number,
                   "before": facts_unmarked(e.before),
                   "after": _step_data(e.kind, facts_unmarked(_named_by_place(e.after, place))),
                   **_by(e, shared)} for e in match.events],
    }


def _waiting_data(hand: Hand) -> dict[str, Any]:
    """A waiting hand's state as the file holds it (issue 36): who saved its entry and who stands behind it, by
    side, the other sides' versions, the call; nothing for a hand that counts (its file reads as before the rule)."""
    if not hand.waiting:
        return {}
    return {"waiting": {"entered_by": None if hand.entered_by is None else _stand_data(hand.entered_by),
                        "stands": [_stand_data(stand) for stand in hand.stands or []],
                        "versions": [_version_data(version) for version in hand.versions or []],
                        "called_at": time_text(hand.called_at)}}


def _stand_data(stand: Stand) -> dict[str, Any]:
    """A phone's stand as the file holds it: the side it spoke for, not its account (no account is portable)."""
    return {"side": stand["side"]}


def _version_data(version: dict[str, Any]) -> dict[str, Any]:
    """A version of a waiting hand as the file holds it: its entry unmarked, its stands (and who entered it) by side."""
    return {**version, "entry": unmarked(version["entry"]), "stands": [_stand_data(s) for s in version["stands"]],
            **({"by": _stand_data(version["by"])} if "by" in version else {})}


def _step_data(kind: str, after: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a step on a waiting hand noted, as the file holds it: the version entered, or every version of a decided
    hand, with their stands by side and their entries unmarked."""
    if after is None:
        return None
    if kind == "version_entered":
        return {**after, "by": _stand_data(after["by"])}
    if kind == "hand_decided":
        return {**after, VERSIONS: [_version_data(version) for version in after[VERSIONS]]}
    return after


def _by(event: MatchEvent, shared: bool) -> dict[str, str]:
    """Who made the change, as the file names them: an account's name once another account than the owner
    changed the match (as the trail shows it), the name a restored file gave; nothing for a guest, which has no
    name, nor for a match only its owner changed (whose file reads as before sharing)."""
    if event.user is None:
        return {} if event.by_name is None else {"by": event.by_name}
    return {"by": event.user.username} if shared and not event.user.guest else {}


def rules_data(ruleset: Ruleset) -> dict[str, Any]:
    """The rules in force as the file holds them: the preset, then every option."""
    return {"preset": ruleset.preset, **ruleset.options()}


def _named_by_place(after: dict[str, Any] | None, place: dict[int, int]) -> dict[str, Any] | None:
    """A change's after with the changes it names (by id) named by their place in the trail."""
    if not after or not any(key in after for key in REFERENCES):
        return after
    return {key: place.get(value) if key in REFERENCES else value for key, value in after.items()}


@dataclass
class MatchRows:
    """A match of the file as the rows that store it, but for the ids the database gives: each seat names its
    player (by name key), each hand's side results follow its hand, each change naming another names it by
    its place in the trail (see with_ids)."""

    match: dict[str, Any]
    seats: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    results: list[list[dict[str, Any]]]  # per hand, each side's
    events: list[dict[str, Any]]
    players: list[str | None] = field(default_factory=list)  # each seat's player, by name key

    def naming(self) -> list[int]:
        """The places in the trail of the changes that name another."""
        return [i for i, event in enumerate(self.events)
                if any((event["after"] or {}).get(key) is not None for key in REFERENCES)]

    def with_ids(self, event_ids: list[int], i: int) -> dict[str, Any]:
        """The after of change i, the changes it names named by their ids in the database."""
        after = self.events[i]["after"]
        return {key: event_ids[value] if key in REFERENCES and value is not None else value
                for key, value in after.items()}


def match_rows(checked: CheckedMatch, user_id: int) -> MatchRows:
    """The rows of a checked match of the file, for the account `user_id`."""
    data = checked.data
    match = {"user_id": user_id, "uid": data["uid"], "created_at": moment(data["created_at"]),
             "updated_at": moment(data["updated_at"]), "finished_at": moment(data["finished_at"]),
             **Match.ruleset_columns(checked.ruleset), "deck_style": data["deck_style"],
             "partnerships": data["partnerships"], "first_dealer": data["first_dealer"], "finished": data["finished"],
             "winner": data["winner"], "spectator_token": new_spectator_token(), "version": 1}
    seats = [{"position": s["position"], "name": s["name"], "name_key": name_key(s["name"]), "side": s["side"]}
             for s in data["seats"]]
    hands = [{"number": h["number"], "dealer": h["dealer"], "mode": h["mode"], "entry": marked(h["entry"]),
              "points": h["points"], "valid": h["valid"], "erred": h["erred"], "client_token": h["client_token"],
              "created_at": moment(h["created_at"]), "updated_at": moment(h["updated_at"]),
              **_waiting_columns(h.get("waiting"))} for h in data["hands"]]
    # A waiting hand counts in no total: no side results (services/waiting.py: await_sides).
    results = [[] if "waiting" in hand else result_values(report, hand["points"])
               for hand, report in zip(data["hands"], checked.reports, strict=True)]
    events = [{"at": moment(e["at"]), "kind": e["kind"], "hand_number": e["hand_number"],
               "before": facts_marked(e["before"]), "after": _step_columns(e["kind"], facts_marked(e["after"])),
               "by_name": e.get("by")} for e in data["trail"]]
    players = [None if s["player"] is None else name_key(s["player"]) for s in data["seats"]]
    return MatchRows(match, seats, hands, results, events, players)


def _waiting_columns(waiting: dict[str, Any] | None) -> dict[str, Any]:
    """A hand's waiting columns from the file: a hand that counts, or a waiting one whose stands are of no account."""
    if waiting is None:
        return {"waiting": False, "entered_by": None, "stands": None, "versions": None, "called_at": None}
    by = waiting["entered_by"]
    return {"waiting": True, "entered_by": None if by is None else _stand_row(by),
            "stands": [_stand_row(stand) for stand in waiting["stands"]],
            "versions": [_version_row(version) for version in waiting["versions"]] or None,
            "called_at": moment(waiting["called_at"])}


def _stand_row(stand: dict[str, Any]) -> Stand:
    """A stand of the file as the database keeps one: of no account (services/waiting.py: voices)."""
    return {"user": None, "side": stand["side"]}


def _version_row(version: dict[str, Any]) -> dict[str, Any]:
    """A version of the file as the database keeps one: its entry marked, its stands of no account."""
    return {**version, "entry": marked(version["entry"]), "stands": [_stand_row(s) for s in version["stands"]],
            **({"by": _stand_row(version["by"])} if "by" in version else {})}


def _step_columns(kind: str, after: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a step on a waiting hand noted, as the database keeps it (the reverse of _step_data)."""
    if after is None:
        return None
    if kind == "version_entered":
        return {**after, "by": _stand_row(after["by"])}
    if kind == "hand_decided":
        return {**after, VERSIONS: [_version_row(version) for version in after[VERSIONS]]}
    return after
