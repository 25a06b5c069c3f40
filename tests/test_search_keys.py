"""The history's search key: a name without case or accents, the same whichever way it is typed."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.models import NAME_LENGTH
from referee.search_keys import search_key

# Letters a player's name is written with at these tables: Latin, with and without accents. (Turkish 'ı' is
# left out: Unicode gives it no capital of its own, so 'ı' and 'I' have different keys.)
LATIN = st.text(st.characters(codec="utf-8", categories=["Lu", "Ll"], max_codepoint=0x17F, exclude_characters="ı"),
                max_size=NAME_LENGTH)


@pytest.mark.parametrize(("typed", "key"), [
    ("Lucía", "lucia"), ("LUCIA", "lucia"), ("ÁNGEL", "angel"), ("João", "joao"), ("Ñandú", "nandu"),
    ("Straße", "strasse"), ("Ｂｅａ", "bea"), ("  Ana  ", "ana"), ("İlkay", "ilkay"), ("50%_off", "50%_off"),
])
def test_a_name_loses_case_accents_width_and_spaces_around(typed, key):
    """What a player types and what the seat stores meet in the same key."""
    assert search_key(typed) == key


@given(LATIN)
def test_the_key_of_a_key_is_itself(name):
    """Keys are stable: a key typed into the filter finds the names it came from."""
    assert search_key(search_key(name)) == search_key(name)


@given(LATIN)
def test_capitals_and_accents_never_change_the_key(name):
    """The name in capitals, or without its accents, has the same key."""
    plain = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    assert search_key(name.upper()) == search_key(name) == search_key(plain)
