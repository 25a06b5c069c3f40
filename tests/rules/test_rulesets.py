"""Rulesets: the presets' defaults (RULES.md §4–§5) and the per-match options."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import (
    OPTIONS,
    PRESETS,
    DealPasses,
    DeckStyle,
    InvalidOption,
    Penalty,
    Ruleset,
    Sevens,
    Ties,
    UnknownRuleset,
    make_ruleset,
    stored_ruleset,
)
from referee.rules.rulesets import OPTIONS_BEFORE


@pytest.mark.parametrize(
    ("preset", "target", "all_oros", "all_sevens", "over30", "max_deck_points", "style", "partnerships_first"),
    [
        ("escova-rs", 15, 1, 1, 0, 6, DeckStyle.FRENCH, True),
        ("escoba-es", 21, 0, 0, 0, 4, DeckStyle.SPANISH, False),
        ("escoba-intl", 21, 1, 1, 0, 6, DeckStyle.SPANISH, False),
    ],
)
def test_each_preset_has_the_defaults_of_the_rules_tables(
    preset: str, target: int, all_oros: int, all_sevens: int, over30: int, max_deck_points: int,
    style: DeckStyle, partnerships_first: bool,
) -> None:
    """Target, bonuses, max deck points, deck style and seats offered first as RULES.md §4 and §5 state."""
    rules = make_ruleset(preset)
    assert rules == PRESETS[preset]
    assert (rules.preset, rules.target, rules.all_oros, rules.all_sevens, rules.over30) == (
        preset, target, all_oros, all_sevens, over30)
    assert rules.max_deck_points == max_deck_points
    assert rules.deck_style is style
    assert rules.partnerships_first is partnerships_first


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_forfeits_on_error_and_passes_the_deal_right_by_default(preset: str) -> None:
    """Penalty forfeit and deal passing right are the defaults of every preset."""
    rules = make_ruleset(preset)
    assert rules.penalty is Penalty.FORFEIT
    assert rules.deal_passes is DealPasses.RIGHT


def test_there_are_exactly_three_presets() -> None:
    """escova-rs, escoba-es and escoba-intl."""
    assert set(PRESETS) == {"escova-rs", "escoba-es", "escoba-intl"}


@pytest.mark.parametrize(
    ("options", "max_deck_points"),
    [
        ({}, 4),
        ({"all_oros": 1}, 5),
        ({"all_oros": 1, "all_sevens": 1, "over30": 1}, 7),
        ({"all_oros": 2, "all_sevens": 2, "over30": 2}, 10),
        ({"over30": 2}, 6),
    ],
)
def test_max_deck_points_are_4_plus_the_bonuses_in_force(options: dict[str, int], max_deck_points: int) -> None:
    """escoba-es with its variants switched on counts them in the match's max deck points."""
    assert make_ruleset("escoba-es", **options).max_deck_points == max_deck_points


def test_bonuses_can_be_switched_off_whatever_the_preset() -> None:
    """escova-rs without its bonuses has 4 max deck points."""
    assert make_ruleset("escova-rs", all_oros=0, all_sevens=0).max_deck_points == 4


@pytest.mark.parametrize("target", [1, 15, 21, 100])
def test_a_target_from_1_to_100_is_accepted(target: int) -> None:
    """Any whole target in range."""
    assert make_ruleset("escoba-intl", target=target).target == target


@pytest.mark.parametrize(("option", "value"), [("target", 0), ("target", 101), ("target", -15),
                                              ("all_oros", -1), ("all_oros", 3), ("all_sevens", 3), ("over30", -1)])
def test_a_whole_number_outside_its_range_is_rejected(option: str, value: int) -> None:
    """Target is 1–100 and every bonus 0–2."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escoba-es", **{option: value})
    assert (error.value.option, error.value.value, error.value.reason) == (option, value, "range")


@pytest.mark.parametrize("option", ["target", "all_oros", "all_sevens", "over30"])
@pytest.mark.parametrize("value", [True, False, 1.0, "1", None])
def test_a_number_option_takes_only_an_int_and_a_bool_is_not_a_number(option: str, value: object) -> None:
    """True, False, floats, strings and None are of the wrong kind."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escoba-es", **{option: value})
    assert (error.value.option, error.value.reason) == (option, "type")


@pytest.mark.parametrize("option", ["all_oros", "all_sevens", "over30"])
@pytest.mark.parametrize("points", [0, 1, 2])
def test_every_bonus_can_be_0_1_or_2_points(option: str, points: int) -> None:
    """A bonus is switched off, worth 1 or worth 2."""
    assert getattr(make_ruleset("escoba-intl", **{option: points}), option) == points


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("penalty", "forfeit", Penalty.FORFEIT),
        ("penalty", "void", Penalty.VOID),
        ("penalty", "flag", Penalty.FLAG),
        ("penalty", Penalty.VOID, Penalty.VOID),
        ("deal_passes", "right", DealPasses.RIGHT),
        ("deal_passes", "left", DealPasses.LEFT),
        ("deal_passes", DealPasses.LEFT, DealPasses.LEFT),
    ],
)
def test_a_choice_option_takes_its_value_or_its_member(option: str, value: object, expected: object) -> None:
    """penalty is forfeit, void or flag; deal_passes is right or left."""
    assert getattr(make_ruleset("escova-rs", **{option: value}), option) is expected


@pytest.mark.parametrize(
    ("option", "value"),
    [("penalty", "Forfeit"), ("penalty", "none"), ("penalty", 1), ("penalty", True), ("penalty", ["void"]),
     ("deal_passes", "RIGHT"), ("deal_passes", "up"), ("deal_passes", DealPasses.LEFT.value.upper()),
     ("penalty", DealPasses.LEFT), ("deal_passes", Penalty.VOID)],
)
def test_a_choice_outside_its_values_is_rejected(option: str, value: object) -> None:
    """Case matters, and one option's member is not another's value."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escova-rs", **{option: value})
    assert (error.value.option, error.value.reason) == (option, "choice")


@pytest.mark.parametrize("option", ["deck_style", "partnerships_first", "targt", "escobas", "Target"])
def test_an_unknown_option_is_rejected(option: str) -> None:
    """Only target, the bonuses, penalty and deal_passes are per-match options."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escova-rs", **{option: 1})
    assert (error.value.option, error.value.reason) == (option, "unknown")
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("name", ["escova", "Escova-RS", "", "escoba_es", None, ["escova-rs"]])
def test_an_unknown_preset_is_rejected(name: object) -> None:
    """A preset is named exactly; anything else raises UnknownRuleset (a ValueError)."""
    with pytest.raises(UnknownRuleset) as error:
        make_ruleset(name)  # type: ignore[arg-type]
    assert error.value.name == str(name)
    assert isinstance(error.value, ValueError)


def test_a_ruleset_is_immutable() -> None:
    """The rules in force never change under a match: attributes cannot be set."""
    rules = make_ruleset("escova-rs")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 30  # type: ignore[misc]


def test_changing_an_option_leaves_the_preset_untouched() -> None:
    """make_ruleset returns a new ruleset; PRESETS keeps its defaults."""
    before = PRESETS["escoba-es"]
    changed = make_ruleset("escoba-es", target=31, over30=2, penalty="flag")
    assert (changed.target, changed.over30, changed.penalty) == (31, 2, Penalty.FLAG)
    assert PRESETS["escoba-es"] is before and before.target == 21 and before.over30 == 0
    assert changed.preset == "escoba-es" and changed.deck_style is before.deck_style


def test_options_are_plain_json_values() -> None:
    """options() lists every per-match option as ints and strings."""
    rules = make_ruleset("escova-rs", penalty="void", deal_passes="left", over30=2)
    assert rules.options() == {"target": 15, "all_oros": 1, "all_sevens": 1, "over30": 2,
                               "penalty": "void", "deal_passes": "left", "sevens": "most", "ties": "nobody",
                               "confirm_hands": "none"}


def test_rulesets_compare_by_value() -> None:
    """Two rulesets made alike are equal and hash alike."""
    assert make_ruleset("escova-rs", target=20) == make_ruleset("escova-rs", target=20)
    assert len({make_ruleset("escova-rs"), PRESETS["escova-rs"]}) == 1
    assert isinstance(make_ruleset("escova-rs"), Ruleset)


def test_an_option_named_like_the_preset_argument_is_an_unknown_option() -> None:
    """make_ruleset's own parameter is no option: preset=1 is refused as unknown, not a TypeError."""
    with pytest.raises(InvalidOption) as error:
        make_ruleset("escova-rs", preset=1)
    assert (error.value.option, error.value.reason) == ("preset", "unknown")


def option_values(name: str) -> st.SearchStrategy[object]:
    """Every value the option takes, as plain JSON."""
    kind = OPTIONS[name]
    if kind.choices is not None:
        return st.sampled_from([member.value for member in kind.choices])
    return st.integers(kind.low, kind.high)


ANY_OPTIONS = st.fixed_dictionaries({}, optional={name: option_values(name) for name in OPTIONS})


def test_the_options_are_the_fields_made_options_in_the_order_of_the_ruleset() -> None:
    """OPTIONS lists every field of Ruleset but the preset's own (its name, deck and seating), in field order;
    options() writes them in that order."""
    names = [f.name for f in dataclasses.fields(Ruleset)]
    assert list(OPTIONS) == [n for n in names if n not in ("preset", "deck_style", "partnerships_first")]
    assert list(make_ruleset("escoba-es").options()) == list(OPTIONS)


@given(st.sampled_from(sorted(PRESETS)), ANY_OPTIONS)
def test_a_ruleset_is_made_again_from_its_preset_and_options(preset: str, options: dict[str, object]) -> None:
    """What a match keeps (the preset and options()) reads back as the same ruleset, for every value of every
    option: the stored form loses nothing."""
    ruleset = make_ruleset(preset, **options)
    assert stored_ruleset(ruleset.preset, ruleset.options()) == ruleset
    assert make_ruleset(ruleset.preset, **ruleset.options()) == ruleset


def test_an_option_kept_without_a_value_reads_as_matches_were_scored_before_it() -> None:
    """A match stored, or a backup written, before an option existed reads it as its field's default (most
    sevens, ties to nobody, no hand waiting for a confirmation), whatever a preset now says; the options every
    match has had need a value."""
    assert OPTIONS_BEFORE == {"penalty": "forfeit", "deal_passes": "right", "sevens": "most", "ties": "nobody",
                              "confirm_hands": "none"}
    old = stored_ruleset("escoba-es", {"target": 30, "all_oros": 2, "all_sevens": 0, "over30": 1,
                                       "penalty": "void", "deal_passes": "left"})
    assert (old.target, old.penalty, old.sevens, old.ties) == (30, Penalty.VOID, Sevens.MOST, Ties.NOBODY)


def test_a_whole_number_option_says_its_range_and_a_choice_its_values() -> None:
    """What the API and the forms tell a reader an option takes comes from its kind."""
    assert (OPTIONS["target"].low, OPTIONS["target"].high, OPTIONS["target"].choices) == (1, 100, None)
    assert OPTIONS["deal_passes"].choices is DealPasses
    assert all(kind.about for kind in OPTIONS.values())
