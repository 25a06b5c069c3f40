"""A refused hand, as the entry page's error summary says it: each problem of the rules core beside its
field where the page has one, the others linked where they are fixed (templates/_macros.html errors_of)."""

from __future__ import annotations

from typing import cast

from flask_babel import gettext as _
from wtforms import Field, FieldList

from ..forms import CARD_CODES, CardsHandForm, HandFormBase, QuickHandForm, TallyHandForm
from ..forms.hands import placed
from ..models import Match
from ..rules import CardEntry, InvalidEntry, Problem, SidePile
from ..services import HandDraft, review_hand
from ..services.scoreboard import side_names
from ..words.deck_words import DECK_HOLDS, words_for
from ..words.messages import ASKS, ask_words, problem_words, sentence
from .error_summary import SummaryItem

# A tally count the referee refuses is shown beside its field; these name those fields by the rules
# core's words for them.
TALLY_COUNTS = ("cards", "oros", "sevens", "pile_sum")
# A problem about all the sides' counts together, linked to the first side's field that counts it.
TOTALS = {"total_cards": "cards-0", "total_oros": "oros-0", "total_sevens": "sevens-0", "total_velo": "velo-0",
          "total_pile_sum": "pile_sum-0", "needs_pile_sums_to_save": "pile_sum-0",
          "total_sixes": "sixes-0", "total_aces": "aces-0", "total_fives": "fives-0"}
# The counts that add up to more or fewer than the deck holds: said naming the piles to recount (deck_words.py).
RECOUNTED = {f"total_{key}": key for key in DECK_HOLDS}


def _counts(form: HandFormBase, key: str) -> FieldList[Field]:
    """The form's list of one count ('cards', 'oros', ...), an entry per side."""
    return cast("FieldList[Field]", form[key])


def _field_of(form: HandFormBase, location: tuple[str | int, ...]) -> Field | None:
    """The form's field a problem's location names, if the page has one."""
    match location:
        case ("sides", int(i), "escobas") if i < len(form.escobas.entries):
            return form.escobas.entries[i]
        case ("sides", int(i), "tally", str(key)) if isinstance(form, TallyHandForm):
            if key == "velo":
                return form.velo
            if key in (*TALLY_COUNTS, *form.variants) and i < len(_counts(form, key).entries):
                return _counts(form, key).entries[i]
        case ("last_capture",):
            return form.last_capture
        case ("leftover_sum",) if isinstance(form, TallyHandForm):
            return form.leftover_sum
    return None


def _target(problem: Problem, places: dict[str, str]) -> str:
    """The id of the element a problem that no single field holds is linked to."""
    if problem.code == "missing_cards":
        # The first card placed nowhere: the picker's tile for it (its select without JavaScript).
        return f"place-{next((code for code in CARD_CODES if not places[code]), CARD_CODES[0])}"
    if problem.code == "duplicate_card":
        return f"place-{problem.params['card']}"
    return TOTALS.get(problem.code, "hand")


def problems_on_form(form: HandFormBase, error: InvalidEntry, match: Match,
                     places: dict[str, str]) -> list[SummaryItem]:
    """The referee's input errors, worded for the page: each one about a field goes beside that field (the
    summary lists it from there); the others are returned for the summary, each linked where it is fixed.

    `places` are the cards' places as posted. The quick entry's own count problems were put beside their
    fields before (views/quick_entry_page.py); those of the side worked out from the deck are linked to its counts."""
    general = []
    if isinstance(form, QuickHandForm):
        general += [SummaryItem(words, "rest-counts") for words in form.rest_errors]
    for problem in error.problems:
        if isinstance(form, TallyHandForm) and problem.code in RECOUNTED:
            general.append(_recount(form, problem, match))
            continue
        field = _field_of(form, problem.location)
        if field is not None and problem.code in ASKS:
            form.asks[str(field.id)] = asked(problem, match)
        elif field is not None:
            field.errors = [*field.errors, page_words(problem, match)]
        else:
            general.append(SummaryItem(page_words(problem, match), _target(problem, places)))
    return general


def page_words(problem: Problem, match: Match) -> str:
    """A problem of the rules core as the entry page says it: a sentence, in the match's deck's words."""
    names = side_names(match)
    return sentence(problem_words(problem, lambda i: names[i], deck=match.deck_style,
                                  partnerships=match.partnerships), names)


def asked(problem: Problem, match: Match) -> str:
    """A count the referee needs to break a tie in sevens, as the entry page asks for it."""
    names = side_names(match)
    return ask_words(problem, lambda i: names[i], deck=match.deck_style, partnerships=match.partnerships)


def recount_words(match: Match, key: str, counts: list[int | None], total: int) -> tuple[str, int]:
    """The words for sides whose counts of `key` add up to `total`, more or fewer than the deck holds, naming the
    piles to count again (those that count some, when there are too many; every one, when too few); and the first
    of them."""
    names = side_names(match)
    piles = [i for i, count in enumerate(counts) if count or total < DECK_HOLDS[key]] or list(range(len(counts)))
    return words_for(match.deck_style).recount(key, [names[i] for i in piles], total), piles[0]


def _recount(form: TallyHandForm, problem: Problem, match: Match) -> SummaryItem:
    """The sides' counts of one kind together, more or fewer than the deck's: said beside the counts (the form's
    count_errors) and in the summary, linked to the first pile to recount."""
    key = RECOUNTED[problem.code]
    counts = [entry.data for entry in _counts(form, key).entries]
    words, first = recount_words(match, key, counts, int(cast(int, problem.params["total"])))
    form.count_errors.append(words)
    return SummaryItem(words, f"{key}-{first}")


def unplaced_cards(match: Match, form: HandFormBase, places: dict[str, str]) -> list[SummaryItem]:
    """The cards placed nowhere, for an entry by every card refused before the referee saw it (no last
    capture, say): the referee's own check of the cards alone, with what the form refused set aside.
    (The quick entry leaves cards unplaced on purpose: its counts stand for them.)"""
    if not isinstance(form, CardsHandForm) or isinstance(form, QuickHandForm):
        return []
    entry = CardEntry(match.ruleset, tuple(SidePile(placed(places, str(i))) for i in range(match.sides)),
                      placed(places, "L"), 0)
    try:
        review_hand(match, HandDraft(mode="cards", entry=entry, dealer=0))
    except InvalidEntry as error:
        return [SummaryItem(page_words(p, match), _target(p, places))
                for p in error.problems if p.code in ("missing_cards", "duplicate_card")]
    return []


def variant_words() -> dict[str, str]:
    """The labels of the counts the regional options ask for, as the rows and the summary name them."""
    return {"setenta": _("Setenta"), "setenta_cards": _("Best cards"), "sixes": _("Sixes"), "aces": _("Aces"),
            "fives": _("Fives")}


def summary_labels(form: HandFormBase, names: tuple[str, ...], deck: str | None = None) -> dict[str, str]:
    """The entry page's fields as its summary names them, in the page's order (see views/error_summary.py)."""
    labels: dict[str, str] = {}
    words = {"cards": _("Cards"), "oros": words_for(deck).oros_label, "sevens": _("Sevens"),
             "pile_sum": _("Sum of the pile")}
    words.update(variant_words())
    if isinstance(form, TallyHandForm):
        for i, name in enumerate(names):
            labels.update({_counts(form, key).entries[i].id: f"{words[key]} · {name}"
                           for key in (*TALLY_COUNTS, *form.variants)})
        labels.update({field.id: str(field.label.text) for field in (form.velo, form.leftover_sum)})
    elif isinstance(form, QuickHandForm):
        for i, name in enumerate(names[:-1]):  # the last side's counts are worked out, not typed
            labels.update({_counts(form, key).entries[i].id: f"{words[key]} · {name}"
                           for key in ("cards", "oros", "sevens", *form.variants)})
        for key in ("setenta_cards", "setenta"):  # the last side's setenta is given: the others' cannot give it
            if key in form.variants:
                labels[_counts(form, key).entries[-1].id] = f"{words[key]} · {names[-1]}"
        labels[form.velo.id] = str(form.velo.label.text)
    labels.update({entry.id: f"{_('Escobas')} · {name}" for entry, name in zip(form.escobas.entries, names)})
    labels.update({field.id: str(field.label.text) for field in (form.last_capture, form.dealer)})
    return labels
