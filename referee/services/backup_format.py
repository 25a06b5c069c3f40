"""The backup file's shape, both ways (docs/backup.md): a stored match as the file holds it, and a match of the
file as the rows that store it. The one place that maps the file's fields to the database's columns: a change
to either side (a stored entry in another encoding) is made here, with the schema beside it. The rules are the
exception that needs no change: the file's `rules` are the preset and Ruleset.options(), as the match keeps them
(Match.ruleset), and the schema takes the options from the rules core (backup_checks.schema).

The file holds no database ids: a match is its uid, a player their name, a change of the trail that names
another (a restore, a revert) names it by its place in the trail, and who made a change is named by their name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..models import Match, MatchEvent, name_key, new_spectator_token
from ..rules import Ruleset
from .backup_checks import CheckedMatch, moment
from .hand_results import result_values
from .stored_entries import facts_marked, facts_unmarked, marked, unmarked

REFERENCES = ("restores", "reverts")  # what names another change of the trail, by its place in the file


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
                   "created_at": time_text(h.created_at), "updated_at": time_text(h.updated_at)} for h in match.hands],
        "trail": [{"at": time_text(e.at), "kind": e.kind, "hand_number": e.hand_number,
                   "before": facts_unmarked(e.before), "after": facts_unmarked(_named_by_place(e.after, place)),
                   **_by(e, shared)} for e in match.events],
    }


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
              # A file keeps the hands that count (issue 36: a hand still waiting for the other sides is not in it yet)
              "waiting": False, "entered_by": None, "stands": None, "versions": None, "called_at": None}
             for h in data["hands"]]
    results = [result_values(report, hand["points"]) for hand, report in zip(data["hands"], checked.reports,
                                                                             strict=True)]
    events = [{"at": moment(e["at"]), "kind": e["kind"], "hand_number": e["hand_number"],
               "before": facts_marked(e["before"]), "after": facts_marked(e["after"]), "by_name": e.get("by")}
              for e in data["trail"]]
    players = [None if s["player"] is None else name_key(s["player"]) for s in data["seats"]]
    return MatchRows(match, seats, hands, results, events, players)
