"""The one bridge between the rules core and the models: each service a verb.

Views call these; they load models, ask referee.rules, store the facts, commit.
"""

from .accounts import authenticate, register_user
from .errors import Conflict, NotFound
from .hands import HandDraft, edit_hand, record_hand, review_hand, undo_last_hand
from .matches import MatchSettings, create_match, get_match, rematch, revoke_spectator_link, set_first_dealer
from .scoreboard import Scoreboard, scoreboard

__all__ = [
    "Conflict", "HandDraft", "MatchSettings", "NotFound", "Scoreboard", "authenticate",
    "create_match", "edit_hand", "get_match", "record_hand", "register_user", "rematch", "review_hand",
    "revoke_spectator_link", "scoreboard", "set_first_dealer", "undo_last_hand",
]
