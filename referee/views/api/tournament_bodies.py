"""The tournaments API's bodies read into the services' values (a new tournament, a result by hand), every value
bounded before any work is done, each bad one a Problem naming its field; and the services' refusals of a new
tournament or a result in the words the pages say (views/refusal_words.py), naming the field they are about."""

from __future__ import annotations

from typing import Any

from ...bodies.match_payloads import read_line, read_name
from ...bodies.score_payloads import Reader
from ...services.errors import Conflict
from ...services.formats import FORMATS
from ...services.refusals import Refusal, TournamentRefusal
from ...services.tournament_rounds import MAX_POINTS, REASON_LENGTH
from ...services.tournaments import MAX_ENTRANTS, PlayerSpec, Seeding, TournamentSpec
from ..refusal_words import conflict_words

TOURNAMENT_KEYS = {"name", "format", "profile_id", "rounds", "third_place", "seeding", "partnerships", "entrants",
                   "confirm_hands"}
ENTRANT_KEYS = {"players"}
PLAYER_KEYS = {"name", "user_id"}
RESULT_KEYS = {"home", "away", "reason"}
MOST_ID = 2**31 - 1  # an id no row has: refused before it reaches the database
# The field of the body a refusal of a new tournament or a result is about; any other is about the request as a
# whole ("": a result's is then 409, not 422). An account of no member is named where it was sent (_player_field).
FIELDS: dict[Refusal, str] = {
    TournamentRefusal.ENTRANTS: "entrants", TournamentRefusal.PLAYERS: "entrants", TournamentRefusal.TWICE: "entrants",
    TournamentRefusal.NAME_NEEDED: "entrants", TournamentRefusal.ROUNDS: "rounds", TournamentRefusal.NAME: "name",
    TournamentRefusal.DRAW: "away"}


def _object(data: Any, keys: set[str]) -> tuple[Reader, dict[str, Any]]:
    """A reader and the body, when it is an object of these keys (anything else is refused at once)."""
    reader = Reader()
    body = reader.obj(data, (), keys)
    if body is None:
        reader.done()
    return reader, body or {}


def _choice(reader: Reader, value: Any, where: tuple[str | int, ...], choices: list[str]) -> str | None:
    """One of the choices."""
    if not (isinstance(value, str) and value in choices):
        reader.fail(where, "option_choice", choices=", ".join(choices))
        return None
    return value


def _bounded(reader: Reader, value: Any, where: tuple[str | int, ...], low: int, high: int) -> int | None:
    """A whole number from low to high."""
    number = reader.whole(value, where)
    if number is not None and not low <= number <= high:
        reader.fail(where, "count_range", min=low, max=high, value=number)
        return None
    return number


def _flag(reader: Reader, body: dict[str, Any], key: str) -> bool:
    """True or false (left out: false)."""
    value = body.get(key, False)
    if not isinstance(value, bool):
        reader.fail((key,), "not_bool")
        return False
    return value


def _player(reader: Reader, value: Any, where: tuple[str | int, ...]) -> PlayerSpec | None:
    """A member's account (`user_id`, `name` optional: its username) or a guest by `name`."""
    body = reader.obj(value, where, PLAYER_KEYS)
    if body is None:
        return None
    name = read_name(reader, body["name"], (*where, "name")) if "name" in body else ""
    user_id = _bounded(reader, body["user_id"], (*where, "user_id"), 1, MOST_ID) if "user_id" in body else None
    if "name" not in body and "user_id" not in body:
        reader.fail((*where, "name"), "required")
    return PlayerSpec(name or "", user_id)


def _entrants(reader: Reader, value: Any) -> tuple[tuple[PlayerSpec, ...], ...]:
    """2 to MAX_ENTRANTS entrants, each ``{"players": [...]}`` of one or two players (checked against the
    tournament's kind by the service)."""
    if not isinstance(value, list):
        reader.fail(("entrants",), "not_list")
        return ()
    if not 2 <= len(value) <= MAX_ENTRANTS:
        reader.fail(("entrants",), "count_range", min=2, max=MAX_ENTRANTS, value=len(value))
        return ()
    entrants = []
    for i, entrant in enumerate(value):
        body = reader.obj(entrant, ("entrants", i), ENTRANT_KEYS)
        players = body.get("players") if body is not None else None
        if body is not None and not (isinstance(players, list) and 1 <= len(players) <= 2):
            reader.fail(("entrants", i, "players"), "count_range", min=1, max=2,
                        value=len(players) if isinstance(players, list) else 0)
        elif isinstance(players, list):
            read = [_player(reader, player, ("entrants", i, "players", j)) for j, player in enumerate(players)]
            entrants.append(tuple(player for player in read if player is not None))
        if reader.full:
            break
    return tuple(entrants)


def read_new_tournament(data: Any) -> TournamentSpec:
    """A tournament to make: its name, format, the organiser's house rules, its entrants in seed order, a Swiss
    event's rounds, a knockout's third-place match, the seeding, whether entrants are partnerships and whether each
    table's hands wait for the other side."""
    reader, body = _object(data, TOURNAMENT_KEYS)
    name = reader.required(body, "name", (), lambda value, where: read_name(reader, value, where))
    kind = reader.required(body, "format", (), lambda value, where: _choice(
        reader, value, where, list(FORMATS)))
    profile_id = reader.required(body, "profile_id", (), lambda value, where: _bounded(
        reader, value, where, 1, MOST_ID))
    rounds = _bounded(reader, body["rounds"], ("rounds",), 1, MOST_ID) if "rounds" in body else None
    if kind in FORMATS and FORMATS[str(kind)].asks_rounds and "rounds" not in body:
        reader.fail(("rounds",), "required")
    seeding = _choice(reader, body["seeding"], ("seeding",), [one.value for one in Seeding]) if (
        "seeding" in body) else Seeding.LISTED.value
    third_place, partnerships = _flag(reader, body, "third_place"), _flag(reader, body, "partnerships")
    # Each table's hands wait for the other side: as the body says, else as the house rules say (the page's box is
    # ticked by default, where a person chooses; a program says what it wants).
    confirm = _flag(reader, body, "confirm_hands") if "confirm_hands" in body else None
    entrants = reader.required(body, "entrants", (), lambda value, _where: _entrants(reader, value))
    reader.done()
    return TournamentSpec(name=str(name), format=FORMATS[str(kind)], profile_id=int(profile_id), entrants=entrants,
                          rounds=rounds, third_place=third_place, seeding=Seeding(seeding or Seeding.LISTED.value),
                          partnerships=partnerships, confirm_hands=confirm)


def read_result(data: Any) -> tuple[int, int, str]:
    """A result by hand: ``{"home": 21, "away": 12, "reason": "…"}``, points 0 to MAX_POINTS, a reason of 1 to
    REASON_LENGTH characters."""
    reader, body = _object(data, RESULT_KEYS)
    home = reader.required(body, "home", (), lambda value, where: _bounded(reader, value, where, 0, MAX_POINTS))
    away = reader.required(body, "away", (), lambda value, where: _bounded(reader, value, where, 0, MAX_POINTS))
    reason = reader.required(body, "reason", (), lambda value, where: _reason(reader, value, where))
    reader.done()
    return int(home), int(away), str(reason)


def _reason(reader: Reader, value: Any, where: tuple[str | int, ...]) -> str | None:
    """Why the result is recorded by hand: 1 to REASON_LENGTH characters once trimmed, no control characters."""
    return read_line(reader, value, where, REASON_LENGTH)


def refusal(conflict: Conflict, spec: TournamentSpec | None = None) -> tuple[str, str]:
    """The field a service's refusal is about, and why, in the words the pages say."""
    if conflict.reason is TournamentRefusal.NOT_MEMBER:
        field = _player_field(spec, conflict.params.get("user_id"))
    else:
        field = FIELDS.get(conflict.reason, "")
    return field, conflict_words(conflict)


def _player_field(spec: TournamentSpec | None, user_id: object) -> str:
    """Where the account of this id is among the entrants sent."""
    for i, players in enumerate(spec.entrants if spec is not None else ()):
        for j, player in enumerate(players):
            if player.user_id == user_id:
                return f"entrants[{i}].players[{j}].user_id"
    return "entrants"
