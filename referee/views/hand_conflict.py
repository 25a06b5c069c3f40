"""The conflict page's comparison: a hand as saved beside this phone's entry for it, and what differs, in the
entry page's words and the deck's names (templates/hands/_conflict.html).

Both entries are read by the referee, so that entries made in different ways (every card, counts, the quick way)
compare by what they give each side: its points, its counts, its escobas; entries that both place every card say
too which cards lie elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from ..forms import CARD_CODES
from ..forms.variant_counts import asked
from ..models import Hand, Match
from ..rules import HandReport, InvalidEntry
from ..services import HandDraft, review_hand
from ..services.hands import review_stored
from ..services.scoreboard import side_names
from ..services.stored_entries import stored_form
from ..words.deck_words import name_cards, words_for
from .hand_problems import variant_words

NOTHING = "—"  # a value an entry does not give (a count nobody typed, points the referee cannot tell yet)
COUNTS = ("cards", "oros", "sevens")


@dataclass(frozen=True)
class Row:
    """One line of the comparison: what, as saved, as this phone has it."""

    what: str
    saved: str
    entry: str


@dataclass(frozen=True)
class Comparison:
    """A saved hand beside an entry for it: each side's points, then every other line where they differ."""

    number: int
    points: tuple[Row, ...]
    differences: tuple[Row, ...]

    @property
    def same(self) -> bool:
        """True when the entry gives what the saved hand holds: nothing is lost by keeping the saved one."""
        return not self.differences and all(row.saved == row.entry for row in self.points)


def compare(match: Match, saved: Hand, draft: HandDraft) -> Comparison:
    """Hand `saved` of the match beside `draft`, an entry typed for it."""
    names = side_names(match)
    seats = [seat.name for seat in match.seats]
    before, after = saved.entry, stored_form(draft.entry)
    reports = (_report(lambda: review_stored(match, before)), _report(lambda: review_hand(match, draft)))
    entry_points = reports[1].points if reports[1] else (None,) * len(names)
    points = tuple(Row(f"{_('Points')} · {name}", _signed(saved.points[i]), _signed(entry_points[i]))
                   for i, name in enumerate(names))
    rows = [Row(_("Dealer"), _named(seats, saved.dealer), _named(seats, draft.dealer)),
            Row(_("Last capture"), _named(names, before.get("last_capture")), _named(names, after.get("last_capture"))),
            *(Row(f"{_('Escobas')} · {name}", _escobas(before, i), _escobas(after, i)) for i, name in enumerate(names))]
    if reports[0] and reports[1]:
        rows += _counts(match, names, reports[0], reports[1])
    moved = _moved(names, match.deck_style, _places(before), _places(after))
    rows += moved if moved is not None else _table(match, before, after, reports)
    return Comparison(saved.number, points, tuple(row for row in rows if row.saved != row.entry))


def _report(review: Callable[[], HandReport]) -> HandReport | None:
    """The referee's report on an entry; None when the rules refuse it (a resent entry refused at once)."""
    try:
        return review()
    except InvalidEntry:
        return None


def _signed(points: int | None) -> str:
    """Points as the review shows them: +4."""
    return NOTHING if points is None else f"+{points}"


def _named(names: Sequence[str], index: object) -> str:
    """A seat's or side's name from its index."""
    return names[index] if isinstance(index, int) and 0 <= index < len(names) else NOTHING


def _escobas(body: dict[str, Any], i: int) -> str:
    """Side i's escobas in an entry."""
    sides = body.get("sides", [])
    return str(sides[i].get("escobas", 0)) if i < len(sides) else NOTHING


def _counts(match: Match, names: tuple[str, ...], saved: HandReport, entry: HandReport) -> list[Row]:
    """Each side's counts (the velo's holder once), as the referee reads each entry."""
    words = {"cards": _("Cards"), "oros": words_for(match.deck_style).oros_label, "sevens": _("Sevens"),
             **variant_words()}
    rows = []
    for i, name in enumerate(names):
        for key in (*COUNTS, *asked(match.ruleset.sevens.value)):  # the regional counts only where the match plays them
            values = [getattr(report.sides[i].counts, key) for report in (saved, entry)]
            if any(value is not None for value in values):
                rows.append(Row(f"{words[key]} · {name}", *(NOTHING if v is None else str(v) for v in values)))
    velo = [next((names[i] for i, side in enumerate(report.sides) if side.counts.velo), NOTHING)
            for report in (saved, entry)]
    return [*rows, Row(words_for(match.deck_style).category("velo"), *velo)]


def _places(body: dict[str, Any]) -> dict[str, str] | None:
    """Each card's place in an entry that places every card ('L' the table, '0'… a side); None for counts."""
    sides = body.get("sides", [])
    if not sides or not all(isinstance(side.get("cards"), list) for side in sides):
        return None
    places = {code: "L" for code in body.get("leftover", [])}
    for i, side in enumerate(sides):
        places.update({code: str(i) for code in side["cards"]})
    return places


def _moved(names: tuple[str, ...], deck: str, saved: dict[str, str] | None,
           entry: dict[str, str] | None) -> list[Row] | None:
    """The cards lying elsewhere in the entry than in the saved hand, a line per move (from where to where);
    None unless both entries place every card."""
    if saved is None or entry is None:
        return None
    moves: dict[tuple[str, str], list[str]] = {}
    for code in CARD_CODES:
        if saved.get(code) != entry.get(code):
            moves.setdefault((saved.get(code, ""), entry.get(code, "")), []).append(code)

    def place(where: str) -> str:
        """A card's place as the picker names it."""
        return _("Table") if where == "L" else _named(names, int(where)) if where.isdigit() else NOTHING

    return [Row(name_cards(codes, deck), place(was), place(now)) for (was, now), codes in moves.items()]


def _table(match: Match, before: dict[str, Any], after: dict[str, Any],
           reports: tuple[HandReport | None, HandReport | None]) -> list[Row]:
    """The cards left on the table: named when both entries name them, else their sum."""
    if isinstance(before.get("leftover"), list) and isinstance(after.get("leftover"), list):
        named = [name_cards([c for c in CARD_CODES if c in body["leftover"]], match.deck_style) or NOTHING
                 for body in (before, after)]
        return [Row(_("Table"), *named)]
    sums = [NOTHING if report is None else str(report.leftover_sum) for report in reports]
    return [Row(_("Sum of the cards left on the table"), *sums)]
