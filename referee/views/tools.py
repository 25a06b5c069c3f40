"""Referee tools, no account needed: can I take?, check the leftover, settle a dispute, draw for dealer.

Each tool is a GET form, so an answer is a link to share. The view reads the query,
asks the rules core and renders the answer under the form; static/js/tools.js gives
the same answers in the browser, offline too, in the words the page carries.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..forms import DECK_CHOICES
from ..messages import finding_words, problem_words, shortened
from ..models import NAME_LENGTH
from ..rules import (
    DECK,
    Card,
    DeckStyle,
    Finding,
    InvalidEntry,
    Problem,
    UnknownCard,
    draw_for_dealer,
    find_captures,
    split_pile,
)
from ..rules.cards import DECK_SUM, pile_sum
from ..rules.checks import leftover_finding

bp = Blueprint("tools", __name__, url_prefix="/tools")

DEFAULT_STYLE = DeckStyle.SPANISH.value
CAPTURES_SHOWN = 100  # a crowded table can make thousands of captures; the page shows this many
PLAYERS = 4  # the draw for dealer has a row for each possible player
QUOTED = 12  # an unknown card code is quoted this long at most
_WHOLE = re.compile(r"[0-9]+")

# The deck styles a tool offers, labelled as on the new-match page.
STYLES = [(value, label) for value, label in DECK_CHOICES if value]


class Refused(Exception):
    """Input a tool cannot answer: the reader's words for each problem, and the fields concerned."""

    def __init__(self, messages: list[str], fields: set[str] | None = None) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages
        self.fields = fields or set()


def deck_style() -> str:
    """The deck style the card labels use: ?style=, else the Spanish deck."""
    style = request.args.get("style", DEFAULT_STYLE)
    return style if style in {value for value, _label in STYLES} else DEFAULT_STYLE


@bp.context_processor
def helpers() -> dict[str, Any]:
    """For the tool templates: this page in another deck style, and the rules core's codes in words
    (with placeholders such as '{sum}' too, for static/js/tools.js to fill in)."""
    def in_style(style: str) -> str:
        query = request.args.copy()
        query["style"] = style
        return f"{request.path}?{urlencode(list(query.items(multi=True)))}"

    def problem_text(code: str, **params: Any) -> str:
        return problem_words(Problem((), code, params), deck=deck_style())

    def finding_text(code: str, **params: Any) -> str:
        return finding_words(Finding(code, params), deck=deck_style())
    return {"in_style": in_style, "problem_text": problem_text, "finding_text": finding_text}


def words(problem: Problem) -> str:
    """A rules-core problem in the reader's words, its cards named as the chosen deck shows them."""
    return problem_words(problem, deck=deck_style())


def read_cards(name: str) -> list[Card]:
    """The cards ticked under one name; an unknown or repeated code (from an edited link) is refused."""
    codes = request.args.getlist(name)
    if len(codes) > len(DECK):  # before any work: a link can repeat a name thousands of times
        raise Refused([_("A deck has %(count)s cards: no more than %(count)s can be tapped.", count=len(DECK))],
                      {name})
    cards: list[Card] = []
    problems: list[Problem] = []
    for code in codes:
        try:
            card = Card.parse(code)
        except UnknownCard:
            problems.append(Problem((name,), "unknown_card", {"card": shortened(code, QUOTED)}))
            continue
        if card in cards:
            problems.append(Problem((name,), "duplicate_card", {"card": code}))
        cards.append(card)
    if problems:
        raise Refused([words(p) for p in problems], {name})
    return cards


def tool_page(template: str, answer: Callable[[], dict[str, Any]], fields: tuple[str, ...],
              **extra: Any) -> ResponseReturnValue:
    """Render a tool: the form as sent, and under it the answer or what is wrong (422).

    The tool answers once its form was sent (the hidden 'check' field) or when a link
    carries one of `fields`; static/js/tools.js reads the same list from data-asks.
    """
    context: dict[str, Any] = {"style": deck_style(), "styles": STYLES, "problems": [], "invalid": set(),
                               "asks": ("check", *fields), **extra}
    if any(name in request.args for name in context["asks"]):
        try:
            context |= answer()
        except Refused as refused:
            context |= {"problems": refused.messages, "invalid": refused.fields}
        except InvalidEntry as error:
            context |= {"problems": [words(p) for p in error.problems]}
    return render_template(template, **context), 422 if context["problems"] else 200


@bp.get("/")
def index() -> ResponseReturnValue:
    """The four tools."""
    return render_template("tools/index.html", style=deck_style(), styles=STYLES)


@bp.get("/captures")
def captures() -> ResponseReturnValue:
    """Can I take? Every way the played card makes 15 with the table, the escoba marked."""
    def answer() -> dict[str, Any]:
        played, table = read_cards("card")[:1], read_cards("table")
        gaps = {"card": _("Tap the card you play."), "table": _("Tap the cards on the table.")}
        missing = {name for name, cards in (("card", played), ("table", table)) if not cards}
        if missing:
            raise Refused([gaps[name] for name in gaps if name in missing], missing)
        return {"card": played[0], "captures": find_captures(played[0], table)}
    return tool_page("tools/captures.html", answer, ("card", "table"), shown=CAPTURES_SHOWN)


@bp.get("/leftover")
def leftover() -> ResponseReturnValue:
    """Check the leftover: its sum, right or wrong, and what that means (RULES.md §3.2)."""
    def answer() -> dict[str, Any]:
        total = leftover_sum(read_cards("cards"), request.args.get("sum", "").strip())
        return {"finding": leftover_finding(total)}
    return tool_page("tools/leftover.html", answer, ("cards", "sum"), most=DECK_SUM)


def leftover_sum(tapped: list[Card], typed: str) -> int:
    """The leftover's sum, from the cards tapped or the number typed (both must agree)."""
    if not typed:
        if not tapped:
            raise Refused([_("Tap the cards left on the table, or type their sum.")], {"cards", "sum"})
        return pile_sum(tapped)
    if not _WHOLE.fullmatch(typed):
        raise Refused([_("Type the sum as a whole number, such as 25.")], {"sum"})
    digits = typed.lstrip("0") or "0"
    # Past a few digits the number is too much anyway, and int() refuses more than 4 300 of them.
    if len(digits) > len(str(DECK_SUM)) or int(digits) > DECK_SUM:
        raise Refused([_("The whole deck adds up to %(most)s: no leftover adds up to more.", most=DECK_SUM)],
                      {"sum"})
    total = int(digits)
    if tapped and pile_sum(tapped) != total:
        raise Refused([_("The cards you tapped add up to %(cards)s, not %(typed)s: clear one of the two.",
                         cards=pile_sum(tapped), typed=total)], {"cards", "sum"})
    return total


@bp.get("/dispute")
def dispute() -> ResponseReturnValue:
    """Settle a dispute: a pile split into fifteens, or the suspect cards no fifteen can hold."""
    def answer() -> dict[str, Any]:
        pile = read_cards("pile")
        if not pile:
            raise Refused([_("Tap the cards of the pile.")], {"pile"})
        return {"split": split_pile(pile)}
    return tool_page("tools/dispute.html", answer, ("pile",))


@bp.get("/draw")
def draw() -> ResponseReturnValue:
    """Draw for dealer: each player's card, who deals, who draws again on a tie."""
    rows = [(request.args.get(f"name-{i}", "").strip(), request.args.get(f"card-{i}", "")) for i in range(PLAYERS)]
    names = [name or _("Player %(number)s", number=i + 1) for i, (name, _code) in enumerate(rows)]

    def answer() -> dict[str, Any]:
        drawn = read_draws(rows, names)
        result = draw_for_dealer(drawn)
        again = {f"name-{k}": names[seat] for k, seat in enumerate(result.redraw)}
        return {"drawn": drawn, "result": result,
                "redraw_url": url_for("tools.draw", style=deck_style(), **again) if result.redraw else None}
    # Names alone do not ask: the link to draw again carries the tied players' names only.
    fields = tuple(f"card-{i}" for i in range(PLAYERS))
    return tool_page("tools/draw.html", answer, fields, rows=rows, names=names)


def read_draws(rows: list[tuple[str, str]], names: list[str]) -> dict[int, Card]:
    """Each drawing row's card by its row number; refused with every problem found."""
    problems: list[str] = []
    invalid: set[str] = set()
    drawn: dict[int, Card] = {}
    if any(len(name) > NAME_LENGTH for name, _code in rows):
        raise Refused([_("A name has at most %(most)s characters.", most=NAME_LENGTH)])
    for i, (name, code) in enumerate(rows):
        if code:
            try:
                drawn[i] = Card.parse(code)
            except UnknownCard:
                problems.append(words(Problem((f"card-{i}",), "unknown_card", {"card": shortened(code, QUOTED)})))
                invalid.add(f"card-{i}")
        elif name:
            problems.append(_("Which card did %(name)s draw?", name=name))
            invalid.add(f"card-{i}")
    if not problems and len(drawn) < 2:
        problems.append(_("At least two players draw a card."))
    if len(set(drawn.values())) != len(drawn):
        problems.append(_("Two players cannot draw the same card."))
    if len({names[i] for i in drawn}) != len(drawn):
        problems.append(_("Two players have the same name."))
    if problems:
        raise Refused(problems, invalid)
    return drawn
