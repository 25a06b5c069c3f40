"""The players' and exports' piece of the OpenAPI document (referee/views/api/players.py).

A match's export is the backup file (docs/backup.md): its schema is the package's own
(referee/schemas/backup.schema.json), its definitions taken in as components named ``Backup…``.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

from ..services.backup_checks import schema as backup_schema
from ..services.stats import BONUSES, CATEGORIES, HandFigures, Opponent, Partner, Record
from .common import GUARDED, TOKEN, WHOLE, json_content, parameter_ref, ref
from .match_examples import EXAMPLES as ex
from .matches import match_get


def _component(name: str) -> str:
    """The component a definition of the backup schema becomes: ``seat_at_table`` → ``BackupSeatAtTable``."""
    return "Backup" + "".join(part.capitalize() for part in name.split("_"))


def backup_components() -> dict[str, Any]:
    """The backup file's schema as components: the document as ``Backup``, each definition beside it."""
    text = json.dumps(backup_schema())
    text = re.sub(r'"#/\$defs/(\w+)"', lambda m: json.dumps(f"#/components/schemas/{_component(m[1])}"), text)
    schema = json.loads(text)
    definitions = schema.pop("$defs")
    for key in ("$schema", "$id"):
        schema.pop(key)
    return {"Backup": schema} | {_component(name): value for name, value in definitions.items()}


def _counts(record: type, **described: Any) -> dict[str, Any]:
    """A statistics dataclass's whole-number fields as an object's properties, every one required."""
    names = [f.name for f in fields(record) if f.name not in described]
    return {"type": "object", "additionalProperties": False, "required": names + list(described),
            "properties": {name: WHOLE for name in names} | described}


_PLAYER = {
    "id": {"type": "integer", "minimum": 1},
    "name": {"type": "string"},
    "rating": {"type": ["number", "null"], "description": "The skill rating (docs/ratings.md); null before a "
                                                          "finished match."},
    "matches": {**WHOLE, "description": "Matches played."},
}
_OTHER = {"id": {"type": "integer", "minimum": 1}, "name": {"type": "string"}}

SCHEMAS: dict[str, Any] = {
    "Player": {"type": "object", "additionalProperties": False, "required": list(_PLAYER), "properties": _PLAYER},
    "Players": {"type": "object", "additionalProperties": False, "required": ["players"],
                "properties": {"players": {"type": "array", "items": ref("Player"), "description": "By name."}}},
    "PlayerStats": {
        "type": "object", "additionalProperties": False, "required": [*_PLAYER, "stats"],
        "properties": _PLAYER | {"stats": {
            "type": "object", "additionalProperties": False,
            "required": ["record", "hands", "partners", "opponents", "win_rate"],
            "description": "All games, all time (docs/statistics.md says what counts).",
            "properties": {
                "record": _counts(Record),
                "hands": _counts(HandFigures, taken={
                    "type": "object", "additionalProperties": False, "required": [*CATEGORIES, *BONUSES],
                    "properties": {name: WHOLE for name in (*CATEGORIES, *BONUSES)},
                    "description": "Hands in which the side took each category and bonus."}),
                "partners": {"type": "array", "items": _counts(Partner, **_OTHER)},
                "opponents": {"type": "array", "items": _counts(Opponent, **_OTHER)},
                "win_rate": {"type": ["number", "null"], "minimum": 0, "maximum": 1,
                             "description": "Won over finished; null before a finished match."},
            },
        }},
    },
    **backup_components(),
}

PIECE: dict[str, Any] = {
    "tags": [{"name": "players", "description": "The account's players and their statistics."}],
    "components": {"schemas": SCHEMAS, "parameters": {
        "PlayerId": {"name": "player_id", "in": "path", "required": True,
                     "schema": {"type": "integer", "minimum": 1}, "example": 1}}},
    "paths": {
        "/api/v1/players": {"get": {
            "operationId": "listPlayers", "tags": ["players"], "summary": "The account's players, by name",
            "security": TOKEN, "parameters": [parameter_ref("AcceptLanguage")],
            "responses": {"200": {"description": "Every player.", **json_content(ref("Players"), {
                "players": ex["PLAYERS"]})}, **GUARDED},
        }},
        "/api/v1/players/{player_id}": {"get": {
            "operationId": "readPlayer", "tags": ["players"], "summary": "One player and their statistics",
            "security": TOKEN, "parameters": [parameter_ref("PlayerId"), parameter_ref("AcceptLanguage")],
            "responses": {"200": {"description": "The player.", **json_content(ref("PlayerStats"), {
                "player": ex["PLAYER"]})}, **GUARDED, "404": {"$ref": "#/components/responses/NotFound"}},
        }},
        "/api/v1/matches/{match_id}/export": {"get": match_get(
            "exportMatch", "The match's JSON export: the page's download, which an account can import", "Backup",
            {"export": ex["EXPORT"]})},
    },
}
