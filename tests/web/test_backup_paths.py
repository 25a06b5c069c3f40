"""Every backup restores: matches made through every entry path the app has (tests/web/entry_paths.py), under
every preset and regional option, with corrections, reverts, undos and restores, finished or not, by the owner
and by scorers who joined with the match's code; the account's backup imported into a fresh account gives the
same backup again, its export time aside."""

from __future__ import annotations

import string

import pytest
from backup_round_trip import SEATINGS, Script, Step, round_trip, script_of
from entry_paths import BY_BEST_CARDS, BY_CARDS, PATHS, page_mode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import PRESETS

# An Idempotency-Key is any printable ASCII (referee/bodies/match_payloads.py): the hand keeps it as its client token.
KEYS = st.none() | st.text(alphabet=[chr(c) for c in range(0x21, 0x7F)], min_size=1, max_size=64)

STEPS = st.builds(
    Step, kind=st.sampled_from(["record"] * 3 + ["correct"] * 2 + ["undo"] * 2 + ["restore"] * 2 + ["revert"]),
    path=st.sampled_from(PATHS), seed=st.integers(0, 10_000), moved=st.booleans(), pile_sums=st.booleans(),
    always_breakers=st.booleans(), rest=st.integers(-4, 3), key=KEYS, number=st.integers(1, 3),
    phone=st.integers(0, 2))
OPTIONS = st.fixed_dictionaries({
    "sevens": st.sampled_from(["most", "setenta", "most_tiebreak"]), "ties": st.sampled_from(["nobody", "shared"]),
    "target": st.sampled_from([1, 4, 8, 21]), "penalty": st.sampled_from(["forfeit", "void", "flag"]),
    "deal_passes": st.sampled_from(["right", "left"]), "all_oros": st.integers(0, 2), "over30": st.integers(0, 2)})
SCRIPTS = st.builds(
    Script, preset=st.sampled_from(list(PRESETS)), options=OPTIONS,
    deck_style=st.sampled_from(["spanish", "french", "french-jq"]), seating=st.sampled_from(list(SEATINGS)),
    first_dealer=st.none() | st.integers(0, 1), tie=st.booleans(),
    steps=st.lists(STEPS, min_size=2, max_size=8).map(tuple), scorers=st.integers(0, 2))

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scripts=st.lists(SCRIPTS, min_size=1, max_size=2))
def test_any_account_played_any_way_restores_into_a_fresh_account_as_it_was(scorekeeper, scripts):
    """Whatever was played, however it was entered, by the owner's phone or its scorers': backup, import into a
    fresh account, backup again: the same file."""
    round_trip(scorekeeper, scripts)


@pytest.mark.parametrize("sevens", ["most", "setenta", "most_tiebreak"])
@pytest.mark.parametrize("path", PATHS)
def test_every_entry_path_under_every_sevens_option_restores(scorekeeper, path, sevens):
    """Each path, each sevens option, each once for sure (the property above draws them at random); the
    tiebreak's counts given on every side, tied or not."""
    document = round_trip(scorekeeper, [script_of(path, sevens, always_breakers=True)])
    [match] = document["matches"]
    assert [e["kind"] for e in match["trail"][-4:]] == ["hand_edited", "hand_reverted", "hand_undone", "hand_restored"]
    modes = {hand["mode"] for hand in match["hands"]}
    assert modes == {page_mode(path) if path.startswith("page") else "tally" if path != "api_cards" else "cards"}
    # The best cards tapped are in the file as tapped, every side's (and restored: round_trip compared them).
    by_cards = {("setenta_cards" in str(side), "'setenta'" in str(side))
                for hand in match["hands"] for side in hand["entry"]["sides"] if "tally" in side}
    assert by_cards <= ({(True, False)} if path.endswith(BY_BEST_CARDS) and sevens == "setenta" else
                        {(False, sevens == "setenta")})
    assert by_cards or path in BY_CARDS


def test_a_hand_saved_under_any_idempotency_key_restores(scorekeeper):
    """The API keeps any printable key as the hand's client token: "a:b/c d" has none of the pages' letters."""
    key = "".join(ch for ch in string.printable if 0x21 <= ord(ch) < 0x7F)[:64]
    document = round_trip(scorekeeper, [script_of("api_cards", "most", key=key)])
    assert document["matches"][0]["hands"][0]["client_token"] == key
