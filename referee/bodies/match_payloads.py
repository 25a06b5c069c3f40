"""The match API's bodies read into typed values (a token's name; matches and hands follow), each bad value a
Problem naming its field, as referee/bodies/score_payloads.py reads the stateless API's."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..models import NAME_LENGTH
from ..rules import Card, DeckStyle
from ..services.matches import MatchSettings
from ..services.sharing import MAX_TYPED
from ..words.messages import shortened
from .score_payloads import Reader, read_deck, read_ruleset

TOKEN_KEYS = {"name"}
DEFAULT_TOKEN_NAME = "API"
NO_BODY = object()  # a request without a body, unlike one whose body is JSON's null


def _has_control_characters(text: str) -> bool:
    """True when the text holds a control or other invisible formatting character (a NUL, a newline)."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text)


def read_name(reader: Reader, value: Any, location: tuple[str | int, ...]) -> str | None:
    """A name of 1 to NAME_LENGTH characters, surrounding spaces dropped, no control characters."""
    if not isinstance(value, str):
        reader.fail(location, "not_text")
        return None
    name = value.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        reader.fail(location, "name_length", most=NAME_LENGTH, value=shortened(name))
        return None
    if _has_control_characters(name):
        reader.fail(location, "control_characters")
        return None
    return name


def read_line(reader: Reader, value: Any, location: tuple[str | int, ...], most: int) -> str | None:
    """A line of 1 to `most` characters, surrounding spaces dropped, no control character (a reason given for a
    result recorded by hand, for a hand decided)."""
    if not isinstance(value, str):
        reader.fail(location, "not_text")
        return None
    line = value.strip()
    if not 1 <= len(line) <= most:
        reader.fail(location, "name_length", most=most)
        return None
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in line):
        reader.fail(location, "control_characters")
        return None
    return line


def read_token_request(data: Any) -> str:
    """The name of a token to make: ``{"name": "..."}``, or no body at all (NO_BODY) for the default name."""
    if data is NO_BODY:
        return DEFAULT_TOKEN_NAME
    reader = Reader()
    body = reader.obj(data, (), TOKEN_KEYS)
    name = read_name(reader, body["name"], ("name",)) if body is not None and "name" in body else None
    reader.done()
    return name or DEFAULT_TOKEN_NAME


MATCH_KEYS = {"ruleset", "options", "players", "partnerships", "first_dealer", "deck_style"}
QUERY_KEYS = {"page", "per_page", "player", "status"}
MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000
STATUSES = ("finished", "playing")


def _players(reader: Reader, value: Any) -> tuple[str, ...] | None:
    """2 to 4 names in the order of play, each given once."""
    if not isinstance(value, list):
        reader.fail(("players",), "not_list")
        return None
    if not 2 <= len(value) <= 4:
        reader.fail(("players",), "player_count", count=len(value))
        return None
    names = [read_name(reader, name, ("players", i)) for i, name in enumerate(value)]
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name is not None and name in seen:
            reader.fail(("players", i), "player_twice", seat=seen[name])
        elif name is not None:
            seen[name] = i
    return tuple(n for n in names if n is not None) if None not in names else None


def read_new_match(data: Any) -> MatchSettings:
    """A match to start: ruleset and options, players, partnerships, the first dealer (null: drawn), the deck."""
    reader = Reader()
    body = reader.obj(data, (), MATCH_KEYS) or {}
    ruleset = read_ruleset(reader, body) if isinstance(data, dict) else None
    names = reader.required(body, "players", (), lambda value, _where: _players(reader, value))
    partnerships = body.get("partnerships", False)
    if not isinstance(partnerships, bool):
        reader.fail(("partnerships",), "not_bool")
    elif partnerships and names is not None and len(names) != 4:
        reader.fail(("partnerships",), "partnerships_need_four")
    first_dealer = body.get("first_dealer")
    if first_dealer is not None:
        seat = reader.whole(first_dealer, ("first_dealer",))
        if seat is not None and names is not None and not 0 <= seat < len(names):
            reader.fail(("first_dealer",), "seat_range", most=len(names) - 1)
    deck = read_deck(reader, body, ruleset.deck_style if ruleset is not None else DeckStyle.SPANISH)
    reader.done()
    assert ruleset is not None and names is not None  # else reader.done() raised
    return MatchSettings(preset=ruleset.preset, options=ruleset.options(), deck_style=deck.value, names=names,
                         partnerships=bool(partnerships), first_dealer=first_dealer)


@dataclass(frozen=True)
class MatchQuery:
    """One page of the match list: its number and size, and the filters."""

    page: int = 1
    per_page: int = 20
    player: str = ""
    status: str = ""


def _bounded(reader: Reader, args: Mapping[str, str], key: str, most: int, default: int) -> int:
    """A whole number from 1 to `most` in the query string, or the default when absent."""
    if key not in args:
        return default
    text = args[key]
    if not (text.isascii() and text.isdigit() and len(text) <= 7) or not 1 <= int(text) <= most:
        reader.fail((key,), "count_range", min=1, max=most, value=shortened(text))
        return default
    return int(text)


def read_match_query(args: Mapping[str, str]) -> MatchQuery:
    """The match list's query string: ?page=, ?per_page= (at most 100), ?player=, ?status=finished|playing."""
    reader = Reader()
    for key in args:
        if key not in QUERY_KEYS:
            reader.fail((key,), "unknown_field")
    page = _bounded(reader, args, "page", MAX_PAGE, 1)
    per_page = _bounded(reader, args, "per_page", MAX_PER_PAGE, 20)
    player = args.get("player", "")
    if len(player) > NAME_LENGTH or _has_control_characters(player):
        reader.fail(("player",), "name_length", most=NAME_LENGTH, value=shortened(player))
    status = args.get("status", "")
    if status not in ("", *STATUSES):
        reader.fail(("status",), "option_choice", choices=", ".join(STATUSES))
    reader.done()
    return MatchQuery(page, per_page, player.strip(), status)


HAND_KEYS = {"sides", "leftover", "leftover_sum", "last_capture", "deck_style", "dealer"}
DRAW_KEYS = {"cards"}
JOIN_KEYS = {"code", "name"}
# What an Idempotency-Key may be: as the pages' client tokens are kept (64 characters), printable ASCII.
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,64}")


@dataclass(frozen=True)
class HandRequest:
    """A hand as the API gives it: the entry as /score reads it (without the rules), and who dealt."""

    body: dict[str, Any]
    dealer: int | None  # None: the match's next dealer


def read_hand_request(data: Any, seats: int) -> HandRequest:
    """The entry of a hand (checked by the rules core later) and its optional dealer, a seat of the match."""
    reader = Reader()
    body = reader.obj(data, (), HAND_KEYS)
    dealer = None
    if body is not None and "dealer" in body:
        dealer = reader.whole(body["dealer"], ("dealer",))
        if dealer is not None and not 0 <= dealer < seats:
            reader.fail(("dealer",), "seat_range", most=seats - 1)
    if body is not None:
        read_deck(reader, body, DeckStyle.SPANISH)  # refused when not a deck style, as the document says
    reader.done()
    assert body is not None
    # deck_style only names cards in /score's messages: a match has its own deck.
    return HandRequest({k: v for k, v in body.items() if k not in ("dealer", "deck_style")}, dealer)


def read_idempotency_key(value: str | None) -> str | None:
    """The Idempotency-Key header: 1 to 64 printable ASCII characters, or None when not sent."""
    if value is None:
        return None
    if not IDEMPOTENCY_KEY.fullmatch(value):
        reader = Reader()
        reader.fail(("Idempotency-Key",), "idempotency_key", most=64)
        reader.done()
    return value


def read_draw(data: Any) -> dict[int, Card]:
    """A round of the draw for dealer: ``{"cards": {"0": "7o", "1": "10c"}}``, seat numbers as keys."""
    reader = Reader()
    body = reader.obj(data, (), DRAW_KEYS) or {}
    raw = reader.required(body, "cards", (), lambda value, _where: value)
    cards: dict[int, Card] = {}
    if raw is not None and not isinstance(raw, dict):
        reader.fail(("cards",), "not_object")
    elif raw is not None:
        for key, code in list(raw.items())[:4 + 1]:
            if not (isinstance(key, str) and key in ("0", "1", "2", "3")):
                reader.fail(("cards", key), "seat_range", most=3)
                continue
            card = reader.card(code, ("cards", key))
            if card is not None:
                cards[int(key)] = card
        if len(raw) > 4:
            reader.fail(("cards",), "player_count", count=len(raw))
    reader.done()
    return cards


def read_join(data: Any) -> tuple[str, str]:
    """The join code typed and, optionally, who holds the phone: ``{"code": "K7QM-3XPD", "name": "Bea"}``, the code
    in any case, spaces and dashes allowed (services/sharing.py); "" for no name."""
    reader = Reader()
    body = reader.obj(data, (), JOIN_KEYS) or {}
    code = reader.required(body, "code", (), lambda value, _where: value)
    if code is not None and not isinstance(code, str):
        reader.fail(("code",), "not_text")
    elif isinstance(code, str) and not 1 <= len(code) <= MAX_TYPED:
        reader.fail(("code",), "join_code", most=MAX_TYPED)
    name = read_name(reader, body["name"], ("name",)) if "name" in body else ""
    reader.done()
    return str(code), name or ""
