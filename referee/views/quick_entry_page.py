"""What the hand views do for the quick entry: which step the leftover calls for, and its problems' places."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import gettext as _

from ..forms.quick_entry import ASK_PILES, COUNTS, NOTHING, QuickHandForm
from ..forms.variant_counts import BREAKERS, SETENTA, SUIT_CODES, chips_of
from ..forms.variant_counts import typed as typed_counts
from ..models import Match
from ..rules import InvalidEntry, Problem, Rest, SideTally, Suit, complete_tallies
from ..rules.checks import leftover_finding
from ..rules.report import HandReport
from ..services.scoreboard import side_names
from ..words.deck_words import DECK_HOLDS
from ..words.messages import ASKS, finding_words
from .error_summary import SummaryItem
from .hand_problems import asked, page_words, recount_words

COUNT_KEYS = ("cards", "oros", "sevens")


def ready(form: QuickHandForm, places: dict[str, str], valid: bool) -> tuple[bool, dict[str, Any] | None]:
    """Whether the posted entry can be checked, and, for a wrong leftover with no pile yet, what the page says:
    the leftover's verdict, and why it cannot be saved as it is."""
    stage = form.stage(places)
    if stage == COUNTS:
        return form.require_counts() and valid, None
    if stage == NOTHING:
        form.require_leftover()
        return False, None
    if stage == ASK_PILES:
        asked: dict[str, Any] = {"ask_piles": finding_words(leftover_finding(form.table_sum(places)))}
        if form.saving:
            asked["problems"] = [SummaryItem(_("The leftover is wrong: put the cards of the piles in their places, "
                                               "so that the referee can tell who erred, then save."), "picker")]
        return valid, asked
    return valid, None


def place_problems(form: QuickHandForm, error: InvalidEntry, match: Match) -> InvalidEntry:
    """Put each problem of a count beside its field (the last side's beside its worked-out counts, the deck's
    counts exceeded naming the piles to recount); the others are left for the page's list."""
    last = len(side_names(match)) - 1
    others = []
    of_others = {problem.code for problem in error.problems if problem.location[1:2] != (last,)}
    for problem in error.problems:
        where = problem.location
        words = _words(form, problem, match)
        if len(where) == 4 and where[0] == "sides" and where[2] == "tally" and isinstance(where[1], int):
            if where[1] == last and where[3] in SETENTA and where[3] in form.variants:
                entry = getattr(form, where[3]).entries[last]  # typed (or tapped) for the last side too
                entry.errors = [*entry.errors, words]
                continue
            if where[1] == last:
                if problem.code not in of_others:  # the last side's sixes follow once the others' are typed
                    form.rest_errors.append(words)
                continue
            if where[3] == "velo":
                form.velo.errors = [*form.velo.errors, words]
                continue
            if where[3] in (*COUNT_KEYS, *form.variants):
                entry = getattr(form, str(where[3])).entries[where[1]]
                if problem.code in ASKS:  # a tie in sevens to break: asked, not refused
                    form.asks[str(entry.id)] = asked(problem, match)
                else:
                    entry.errors = [*entry.errors, words]
                continue
        others.append(problem)
    return InvalidEntry(others)


def _words(form: QuickHandForm, problem: Problem, match: Match) -> str:
    """A problem as the quick entry says it: the others' counts of one kind more than the deck holds name the
    piles to recount (deck_words.py); any other, as every entry page says it."""
    key = problem.code.removeprefix("rest_")
    if key in DECK_HOLDS and problem.code != key:
        counts = [entry.data for entry in getattr(form, key).entries]
        return recount_words(match, key, counts, int(cast(int, problem.params["total"])))[0]
    return page_words(problem, match)


def rest_counts(form: QuickHandForm, n_sides: int, report: HandReport | None) -> dict[str, int | None] | None:
    """The last side's counts as the others leave them: from the referee's report, else from what is typed
    (None while a count is missing or the remainder is impossible). Under the tiebreak its sixes, aces and
    fives too, each None until every other side gave it."""
    keys = (*COUNT_KEYS, *(name for name in form.variants if name in BREAKERS))
    if report is not None and report.sides[-1].split is None:
        counts = report.sides[-1].counts
        return {key: getattr(counts, key) for key in keys}
    typed = [[getattr(form, key).entries[i].data for key in COUNT_KEYS] for i in range(n_sides - 1)]
    if any(not isinstance(value, int) for row in typed for value in row):
        return None
    rows = cast("list[tuple[int, int, int]]", typed)  # the three COUNT_KEYS, ints as checked
    breakers = [typed_counts(form, i, keys[len(COUNT_KEYS):]) for i in range(n_sides - 1)]
    # A tiebreak count the others make impossible still leaves the worked-out cards, oros and sevens shown.
    rest = _remainder(form, rows, breakers) or _remainder(form, rows, [{} for _ in rows])
    return None if rest is None else {key: getattr(rest, key) for key in keys}


def _remainder(form: QuickHandForm, rows: list[tuple[int, int, int]],
               breakers: list[dict[str, Any]]) -> SideTally | None:
    """The last side's tally the rules core works out from the others' counts; None when it cannot."""
    sides: list[SideTally | Rest] = [SideTally(*row, velo=form.velo.data == str(i), **given)
                                     for i, (row, given) in enumerate(zip(rows, breakers, strict=True))]
    try:
        return complete_tallies([*sides, Rest()])[-1]
    except InvalidEntry:
        return None


def saved_counts(entry: dict[str, Any]) -> dict[str, Any]:
    """A saved quick hand's counts as form data (none when it was settled by its piles' cards), the regional
    options' too: every side's but the last, whose counts follow from the deck and whose setenta (its sum, its best
    cards) is kept with its counts (or, as entries kept before, beside its "rest")."""
    sides = entry["sides"]
    tallies = [side["tally"] for side in sides[:-1] if isinstance(side.get("tally"), dict)]
    if not tallies:
        return {}
    last = sides[-1]
    velo = next((str(i) for i, tally in enumerate(tallies) if tally.get("velo")), str(len(sides) - 1))
    last_kept = last["tally"] if isinstance(last.get("tally"), dict) else last
    setenta = [tally.get("setenta") for tally in tallies] + [last_kept.get("setenta")]
    chosen = [chips_of(kept.get("setenta_cards"), kept.get("setenta_untold", ())) for kept in (*tallies, last_kept)]
    sevens = _seven_suits(tallies, int(velo))
    return ({key: [tally.get(key) for tally in tallies] for key in (*COUNT_KEYS, *BREAKERS)}
            | {"velo": velo, "setenta": setenta, "setenta_cards": chosen, "seven_suits": sevens})


def _seven_suits(tallies: list[dict[str, Any]], velo: int) -> list[list[str]]:
    """The counted sides' sevens as the chips tap them by suit: each seven a side holds is among its best cards.

    A hand kept before the sevens were tapped by suit (its setenta typed as a sum) names none of them: reopened
    as blank chips and saved again, its sevens would become the last side's. Its counts and velo are kept instead:
    the velo's side gets the 7 of oros, then each side the suits left, in order — a suit there stands only for the
    count, all a typed sum was checked against.
    """
    held = [[code[-1] for code in tally.get("setenta_cards") or () if code.startswith("7")] for tally in tallies]
    free = [code for code in SUIT_CODES if not any(code in suits for suits in held)]
    oros = Suit.OROS.value
    if oros in free:
        free.remove(oros)
        if velo < len(held) and len(held[velo]) < (tallies[velo].get("sevens") or 0):
            held[velo].append(oros)
    for tally, suits in zip(tallies, held, strict=True):
        while len(suits) < (tally.get("sevens") or 0) and free:
            suits.append(free.pop(0))
    return held
