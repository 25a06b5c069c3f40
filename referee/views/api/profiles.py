"""The API's house rules (services/profiles.py): the caller's rules profiles listed, saved, read, renamed, changed and
deleted, read and refused as the House rules pages do. Another account's profile is 404, as a missing one (this
blueprint's NotFound handler, views/api/matches.py).

A profile a match was started from is locked: renaming it works, changing its rules is 409 (save them as new
house rules instead, as the edit page does).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec

from flask import Response, jsonify, url_for
from flask.typing import ResponseReturnValue

from ...bodies.match_payloads import read_name
from ...bodies.score_payloads import Reader, read_ruleset
from ...rules import PRESETS, DeckStyle
from ...services import profiles as house
from ...services.errors import Conflict
from ...services.profiles import HouseRules, OpeningSweep, ProfileView
from ...services.refusals import ProfileRefusal
from ...web.api_auth import api_user, token_required
from ...web.throttling import throttle_per_token
from ..refusal_words import conflict_words
from .blueprint import bp, request_body

P = ParamSpec("P")
PROFILE_KEYS = {"name", "ruleset", "options", "deck_style", "opening_sweep"}
NAME_KEYS = {"name"}


def _object(data: Any, keys: set[str]) -> tuple[Reader, dict[str, Any]]:
    """A reader, and the body when it is an object of these keys only (anything else is refused at once, naming
    the body as a whole and not each field it lacks)."""
    reader = Reader()
    body = reader.obj(data, (), keys)
    if body is None:
        reader.done()
    return reader, body or {}


def _choice(reader: Reader, body: dict[str, Any], key: str, choices: list[str], default: str,
            nullable: bool = False) -> str:
    """One of `choices` under `key` (left out, or null when `nullable`: the default)."""
    if key not in body or (nullable and body[key] is None):
        return default
    value = body[key]
    if not (isinstance(value, str) and value in choices):
        reader.fail((key,), "option_choice", choices=", ".join(choices))
        return default
    return value


def read_house_rules(data: Any) -> tuple[str, HouseRules]:
    """House rules to save: a name (as the form reads it), the ruleset and its options (as a new match's), the deck
    (left out or null: the game's usual) and who takes an opening sweep (left out: the dealer)."""
    reader, body = _object(data, PROFILE_KEYS)
    name = reader.required(body, "name", (), lambda value, where: read_name(reader, value, where))
    ruleset = read_ruleset(reader, body)
    if ruleset is None and isinstance(body.get("options"), dict):
        # Every preset takes the same options: each is checked even when the game is not known, as the form names
        # every field it refuses at once.
        read_ruleset(reader, {"ruleset": next(iter(PRESETS)), "options": body["options"]})
    deck = _choice(reader, body, "deck_style", [style.value for style in DeckStyle], "", nullable=True)
    sweep = _choice(reader, body, "opening_sweep", [way.value for way in OpeningSweep], OpeningSweep.DEALER.value)
    reader.done()
    assert ruleset is not None  # else reader.done() raised
    return str(name), HouseRules(ruleset, deck, OpeningSweep(sweep))


def read_new_name(data: Any) -> str:
    """A profile's new name: ``{"name": "Casa"}``, as the rename page reads it."""
    reader, body = _object(data, NAME_KEYS)
    name = reader.required(body, "name", (), lambda value, where: read_name(reader, value, where))
    reader.done()
    return str(name)


def profile_json(profile: ProfileView) -> dict[str, object]:
    """A profile as the API shows it: its rules as a new match takes them, whether it is locked, its card's public
    address."""
    rules = profile.rules
    return {"id": profile.id, "name": profile.name, "ruleset": rules.ruleset.preset,
            "options": rules.ruleset.options(), "deck_style": rules.deck_style or None,
            "opening_sweep": rules.opening_sweep.value, "matches": profile.matches, "locked": profile.locked,
            "card_url": url_for("profiles.card", token=profile.card_token, _external=True)}


def _refused(refused: Conflict) -> ResponseReturnValue:
    """A name another of the caller's profiles has: 422 naming it; a locked profile's rules: 409; in the words the
    pages say."""
    if refused.reason is ProfileRefusal.NAME_TAKEN:
        return {"errors": [{"field": "name", "message": conflict_words(refused)}]}, 422
    return {"errors": [{"field": "", "message": conflict_words(refused)}]}, 409


def naming(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
    """A view that saves a profile: the service's refusals in the API's words."""

    @wraps(view)
    def refusing(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        """The view's answer, or its Conflict as _refused says it."""
        try:
            return view(*args, **kwargs)
        except Conflict as refused:
            return _refused(refused)

    return refusing


def _answer(profile: ProfileView, status: int = 200) -> Response:
    """The profile, and where it lives."""
    response = jsonify(profile_json(profile))
    response.status_code = status
    response.headers["Location"] = url_for("api.read_profile", profile_id=profile.id)
    return response


@bp.get("/profiles")
@throttle_per_token
@token_required
def list_profiles() -> ResponseReturnValue:
    """The caller's house rules, by name."""
    return jsonify({"profiles": [profile_json(profile) for profile in house.profiles_of(api_user())]})


@bp.post("/profiles")
@throttle_per_token
@token_required
@naming
def new_profile() -> ResponseReturnValue:
    """Save house rules: 201, the profile, and where it lives."""
    name, rules = read_house_rules(request_body())
    return _answer(house.save_profile(api_user(), name, rules), 201)


@bp.get("/profiles/<int:profile_id>")
@throttle_per_token
@token_required
def read_profile(profile_id: int) -> ResponseReturnValue:
    """One of the caller's profiles."""
    return _answer(house.get_profile(api_user(), profile_id))


@bp.put("/profiles/<int:profile_id>")
@throttle_per_token
@token_required
@naming
def change_profile(profile_id: int) -> ResponseReturnValue:
    """The profile's name and rules replaced; a locked one's rules cannot change (409)."""
    house.get_profile(api_user(), profile_id)  # another account's is 404 before its body is read
    name, rules = read_house_rules(request_body())
    return _answer(house.change_profile(api_user(), profile_id, name, rules))


@bp.patch("/profiles/<int:profile_id>")
@throttle_per_token
@token_required
@naming
def rename_profile(profile_id: int) -> ResponseReturnValue:
    """The profile under a new name, locked or not (its rules stay)."""
    house.get_profile(api_user(), profile_id)
    return _answer(house.rename_profile(api_user(), profile_id, read_new_name(request_body())))


@bp.delete("/profiles/<int:profile_id>")
@throttle_per_token
@token_required
def delete_profile(profile_id: int) -> ResponseReturnValue:
    """Delete the profile (204): the matches started from it keep their rules."""
    house.delete_profile(api_user(), profile_id)
    return "", 204
