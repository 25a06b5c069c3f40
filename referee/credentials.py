"""What makes a username and a password acceptable: the rules, with no Flask in them.

Usernames. Two names are the same account when their *keys* are equal: the key is
the name in Unicode NFKC (full-width 'ａｎａ' is 'ana', the ligature 'ﬁ' is 'fi'),
case-folded ('Ana', 'ANA' and 'ana' are one name; 'ß' folds to 'ss'), NFKC again.
The key is stored with a unique index, and logins look accounts up by it.

Look-alike letters from other scripts are refused when a name is registered, rather
than mapped onto Latin ones: confusable-homoglyphs (Unicode's confusables data) says
which letters could pass for Latin letters, and a name is refused when it mixes such
letters with Latin ones ('аna' with a Cyrillic 'а') or is written wholly in letters
that could pass for Latin ones (the Cyrillic 'асе'). A name wholly in another script
with at least one letter of its own ('Ирина', '日本') is accepted. So the key stays
plain NFKC + case folding, which does not change when a library updates its data, and
a person who meant 'ana' is told why, instead of finding that 'ana' is "taken".

Passwords are kept as werkzeug's salted scrypt hashes. A new password has 8 to 200
characters, not all of them blank (spaces, tabs, line breaks or invisible characters: eight
spaces are a password anyone would try), is not among the most common passwords and does not
contain the username (case-insensitive). The list is data/common-passwords.txt.gz: the 8,359 entries of 8
characters or more of Django 5.2's common-passwords.txt.gz (20,000 common passwords,
lowercased, made by Royce Williams; Django is under the BSD 3-clause licence).
"""

from __future__ import annotations

import gzip
import secrets
import unicodedata
from functools import cache
from pathlib import Path
from typing import Protocol

from confusable_homoglyphs import categories, confusables
from werkzeug.security import check_password_hash, generate_password_hash

PASSWORD_MIN, PASSWORD_MAX = 8, 200
COMMON_PASSWORDS = Path(__file__).resolve().parent / "data" / "common-passwords.txt.gz"

# Scripts that go with any other: digits, '.', '-', '_' and combining marks.
_NEUTRAL = {"COMMON", "INHERITED"}
# Unicode's control and format characters: nothing to see (a zero-width space, a BOM).
_INVISIBLE = {"Cc", "Cf"}


def normalize_username(name: str) -> str:
    """A name as it is stored and shown: NFKC, without surrounding spaces.

    >>> normalize_username(" ａｎａ ")
    'ana'
    """
    return unicodedata.normalize("NFKC", name).strip()


def username_key(name: str) -> str:
    """The key that makes two names one account: NFKC, case-folded, NFKC again.

    >>> username_key("Ana") == username_key("ＡＮＡ") == username_key("ana")
    True
    >>> username_key("Straße")
    'strasse'
    """
    return unicodedata.normalize("NFKC", normalize_username(name).casefold())


def looks_like_latin(name: str) -> bool:
    """True when letters of another script in the name could pass for Latin letters.

    >>> looks_like_latin("\\u0430na"), looks_like_latin("\\u0430\\u0441\\u0435"), looks_like_latin("Ирина")
    (True, True, False)
    >>> looks_like_latin("José_2"), looks_like_latin("日本")
    (False, False)
    """
    letters = [char for char in name if categories.alias(char) not in _NEUTRAL]
    foreign = {char for char in letters if categories.alias(char) != "LATIN"}
    if not foreign:
        return False
    found = confusables.is_confusable(name, greedy=True, preferred_aliases=["latin", *_NEUTRAL]) or []
    suspects = {entry["character"] for entry in found}
    mixed = len(foreign) < len(set(letters))
    return bool(suspects) if mixed else foreign <= suspects


@cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, lowercased."""
    with gzip.open(COMMON_PASSWORDS, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def is_blank(password: str) -> bool:
    """True when a password shows nothing: only spaces, tabs, line breaks and characters with no glyph.

    >>> is_blank(" " * 8), is_blank("\\u3000\\t\\u200b\\n\\u00a0"), is_blank("  a  ")
    (True, True, False)
    """
    return all(char.isspace() or unicodedata.category(char) in _INVISIBLE for char in password)


def password_problem(password: str, username: str) -> str | None:
    """Why a new password is refused ('blank', 'too_short', 'too_long', 'common', 'contains_username'), or None.

    >>> password_problem("password", "ana"), password_problem("xxANAxx-long", "ana")
    ('common', 'contains_username')
    >>> password_problem(" " * 8, "ana"), password_problem("correct-horse", "ana") is None
    ('blank', True)
    """
    if is_blank(password):
        return "blank"
    if len(password) < PASSWORD_MIN:
        return "too_short"
    if len(password) > PASSWORD_MAX:
        return "too_long"
    folded = unicodedata.normalize("NFKC", password).casefold()
    if folded.strip() in common_passwords():
        return "common"
    key = username_key(username)
    if key and key in folded:
        return "contains_username"
    return None


class HasPasswordHash(Protocol):
    """An account, as far as checking its password goes."""

    password_hash: str


def hash_password(password: str) -> str:
    """A salted hash of a password (scrypt, werkzeug's default)."""
    return generate_password_hash(password)


def password_matches(account: HasPasswordHash, password: str) -> bool:
    """True when the password is the account's."""
    return check_password_hash(account.password_hash, password)


@cache
def _dummy_hash() -> str:
    """A hash of nothing anyone knows, made the same way as real ones (so checking it costs the same)."""
    return hash_password(secrets.token_urlsafe(16))


def spend_a_password_check(password: str) -> None:
    """Check a password against the dummy hash: an unknown username costs what a wrong password costs."""
    check_password_hash(_dummy_hash(), password)
