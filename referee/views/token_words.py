"""Personal access tokens in the reader's words: why no token is made (the account page and the API say the same)."""

from __future__ import annotations

from flask_babel import ngettext

from ..services import api_tokens


def too_many_tokens() -> str:
    """Why no token is made: the account holds as many as it may (the account page says the same)."""
    most = api_tokens.MOST_TOKENS
    return ngettext("This account already has %(num)d token, the most it may have: revoke one to make another.",
                    "This account already has %(num)d tokens, the most it may have: revoke one to make another.",
                    most)
