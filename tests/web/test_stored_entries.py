"""The services' reader of stored entries (referee/services/stored_entries.py) reads every entry the app stores as
the API's reader reads it: by cards, by tallies, a side kept as "rest", the leftover as its cards, its sum or both,
under every sevens option, for two to four sides."""

from __future__ import annotations

import pytest
from backup_round_trip import SEATINGS
from entry_paths import API_PATHS, api_body, deal
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.bodies.score_payloads import read_score
from referee.rules import InvalidEntry, Rest, SideTally, TallyEntry, complete_tallies, make_ruleset
from referee.rules.cards import parse_cards
from referee.services.stored_entries import (
    MARK,
    PLAIN,
    VERSION,
    checked_entry,
    facts_marked,
    facts_unmarked,
    marked,
    stored_entry,
    stored_form,
    unmarked,
)

SEVENS = ("most", "setenta", "most_tiebreak")


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(API_PATHS), seating=st.sampled_from(list(SEATINGS)), sevens=st.sampled_from(SEVENS),
       seed=st.integers(0, 10_000), rest=st.integers(-4, 3), pile_sums=st.booleans(), moved=st.booleans())
def test_a_stored_entry_reads_as_the_api_reads_it(path, seating, sevens, seed, rest, pile_sums, moved):
    """The same rules core entry, or the same problems where the rules core refuses it."""
    d = deal(SEATINGS[seating], sevens, seed, moved=moved, pile_sums=pile_sums)
    body = api_body(path, d, rest)
    ruleset = make_ruleset("escova-rs", sevens=sevens)
    try:
        expected = read_score({"ruleset": "escova-rs", "options": ruleset.options(), **body})
    except InvalidEntry as error:
        with pytest.raises(InvalidEntry) as refused:
            stored_entry(ruleset, body)
        assert refused.value.problems == error.problems
        return
    assert stored_entry(ruleset, body) == expected


def test_both_leftovers_kept_read_as_the_sum():
    """A tally keeping the leftover's cards beside its sum: the sum wins, as in the API."""
    body = {"sides": [{"tally": {"cards": 36, "oros": 10, "sevens": 4, "velo": True}, "escobas": 1},
                      {"tally": "rest", "escobas": 0}], "leftover": ["5o", "10c"], "leftover_sum": 15,
            "last_capture": 0}
    ruleset = make_ruleset("escova-rs")
    entry = stored_entry(ruleset, body)
    assert entry == read_score({"ruleset": "escova-rs", "options": ruleset.options(), **body})
    assert (entry.leftover_sum, entry.leftover) == (15, None)


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(API_PATHS), seating=st.sampled_from(list(SEATINGS)), sevens=st.sampled_from(SEVENS),
       seed=st.integers(0, 10_000), rest=st.integers(-4, 3), pile_sums=st.booleans(), moved=st.booleans())
def test_an_entry_stored_reads_back_as_the_same_entry(path, seating, sevens, seed, rest, pile_sums, moved):
    """stored_form, then stored_entry: the entry the API read (a side given as "rest" kept worked out)."""
    d = deal(SEATINGS[seating], sevens, seed, moved=moved, pile_sums=pile_sums)
    ruleset = make_ruleset("escova-rs", sevens=sevens)
    try:
        entry = read_score({"ruleset": "escova-rs", "options": ruleset.options(), **api_body(path, d, rest)})
    except InvalidEntry:
        return
    kept = stored_form(entry)
    assert "rest" not in str(kept)
    assert stored_entry(entry.ruleset, kept) == entry


def test_the_stored_encoding_is_marked_with_its_version_and_an_unmarked_entry_is_the_api_shape():
    """stored_form writes "v": 2 for an entry without setenta cards; stored_entry reads it, reads an entry kept
    before the mark (the API's shape, a side as "rest") as the API reads it, and refuses an encoding it does not
    know rather than guess."""
    body = {"sides": [{"tally": {"cards": 36, "oros": 10, "sevens": 4, "velo": True}, "escobas": 1},
                      {"tally": "rest", "escobas": 0}], "leftover_sum": 15, "last_capture": 0}
    ruleset = make_ruleset("escova-rs")
    entry = stored_entry(ruleset, body)
    assert entry == read_score({"ruleset": "escova-rs", "options": ruleset.options(), **body})
    kept = stored_form(entry)
    assert kept[MARK] == PLAIN == 2
    assert stored_entry(ruleset, kept) == entry
    assert stored_entry(ruleset, marked(body)) == entry  # a backup's entry, marked at the import
    assert unmarked(marked(body)) == body
    with pytest.raises(ValueError, match="encoding"):
        stored_entry(ruleset, {**kept, MARK: VERSION + 1})


def test_the_trail_facts_are_marked_and_unmarked_in_their_entry_only():
    """A hand's facts keep their other fields; facts without an entry (old events, a match's settings) and None
    pass as they are."""
    facts = {"mode": "tally", "dealer": 1, "entry": {"sides": [], "last_capture": 0}, "points": [1, 0]}
    assert facts_marked(facts) == {**facts, "entry": {MARK: PLAIN, "sides": [], "last_capture": 0}}
    assert facts_unmarked(facts_marked(facts)) == facts
    assert facts_marked({"points": [1, 0]}) == {"points": [1, 0]}
    assert facts_marked(None) is None and facts_unmarked(None) is None


def test_a_card_entry_keeping_a_leftover_sum_too_reads_by_cards():
    """As the API reads it (a backup may keep such an entry): the sum beside the leftover's cards is ignored."""
    body = {"sides": [{"cards": ["1o", "2o"], "escobas": 0}, {"cards": ["3o"], "escobas": 0}], "leftover": ["4o"],
            "leftover_sum": 4, "last_capture": 1}
    ruleset = make_ruleset("escova-rs")
    assert stored_entry(ruleset, body) == read_score({"ruleset": "escova-rs", "options": ruleset.options(), **body})


def _broken(body: dict, cuts: list[tuple[str, int]]) -> dict:
    """An entry with what a backup's schema lets through but the stored encoding cannot hold."""
    body = {**body, "sides": [dict(side) for side in body["sides"]]}
    for cut, i in cuts:
        side = body["sides"][i % len(body["sides"])]
        if cut == "both":
            side.update({"cards": ["1o"], "tally": {"cards": 1, "oros": 1, "sevens": 0}})
        elif cut == "neither":
            side.pop("cards", None), side.pop("tally", None)
        elif cut == "other_way":
            side.pop("cards", None), side.pop("tally", None)
            side["tally" if i % 2 else "cards"] = "rest" if i % 2 else ["1o"]
        elif cut == "setenta":
            side["setenta"] = 40
        else:
            body.pop(cut, None)
    return body


CUTS = st.lists(st.tuples(st.sampled_from(("both", "neither", "other_way", "setenta", "leftover", "leftover_sum")),
                          st.integers(0, 3)), max_size=3)


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from(API_PATHS), seating=st.sampled_from(list(SEATINGS)), seed=st.integers(0, 10_000),
       rest=st.integers(-4, 3), cuts=CUTS)
def test_the_import_reader_refuses_what_the_api_reader_refuses_with_the_same_problems(path, seating, seed, rest,
                                                                                     cuts):
    """checked_entry (the backup's import) against the API's reader, on entries broken in every way the file's
    schema cannot see: the same entry, or the same problems, field by field."""
    ruleset = make_ruleset("escova-rs", sevens="setenta")
    body = _broken(api_body(path, deal(SEATINGS[seating], "setenta", seed), rest), cuts)
    try:
        expected = read_score({"ruleset": "escova-rs", "options": ruleset.options(), **body})
    except InvalidEntry as error:
        with pytest.raises(InvalidEntry) as refused:
            checked_entry(ruleset, body)
        assert refused.value.problems == error.problems
        return
    assert checked_entry(ruleset, body) == expected


def test_a_setenta_by_cards_is_kept_as_tapped_and_marked_3():
    """Each side's best cards (or its sum, or both) come back as they were entered, the side worked out from the deck
    too; such an entry is marked 3, which code reading 2 refuses, and a backup's entry with them is marked 3 on
    import. Cards beside a side's own tally, outside it, are refused as a setenta is."""
    ruleset = make_ruleset("escoba-es", sevens="setenta")
    ana = SideTally(20, 10, 2, True, 1, setenta_cards=parse_cards(["7o", "7c", "4e", "8b"]))
    rest = Rest(0, 0, parse_cards(["7e", "7b", "6c"]))
    entry = TallyEntry(ruleset, complete_tallies([ana, rest]), 10, 0, parse_cards(["1o", "2o", "3o", "4o"]))
    kept = stored_form(entry)
    assert kept[MARK] == VERSION == 3
    assert kept["sides"][1]["tally"]["setenta_cards"] == ["7e", "7b", "6c"]
    assert kept["sides"][1]["tally"]["setenta"] == 0
    assert stored_entry(ruleset, kept) == entry
    assert marked(unmarked(kept)) == kept
    api_rest = {**unmarked(kept), "sides": [kept["sides"][0], {"tally": "rest", "escobas": 0,
                                                               "setenta_cards": ["7e", "7b", "6c"]}]}
    assert checked_entry(ruleset, api_rest).sides[1].setenta_cards == rest.setenta_cards
    beside = {**api_rest, "sides": [{**kept["sides"][0], "setenta_cards": ["7o"]}, api_rest["sides"][1]]}
    with pytest.raises(InvalidEntry) as refused:
        checked_entry(ruleset, beside)
    assert [(p.location, p.code) for p in refused.value.problems] == [(("sides", 0, "setenta_cards"),
                                                                      "setenta_beside_tally")]
