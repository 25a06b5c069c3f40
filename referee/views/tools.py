"""Referee tools, no account needed: can I take?, check the leftover, settle a dispute, draw for dealer, the setenta.

Each tool is a GET form (referee/forms/tools.py), so an answer is a link to share. The view reads the
query through the tool's form, asks the rules core and renders the answer under the form;
static/js/tools.js gives the same answers in the browser, offline too, in the words the page carries.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ..forms.tool_setenta import SetentaForm
from ..forms.tools import STYLES, CapturesForm, DealerDrawForm, DisputeForm, LeftoverForm, ToolForm
from ..rules import InvalidEntry, draw_for_dealer, find_captures, split_pile
from ..rules.cards import DECK_SUM
from ..rules.checks import leftover_finding
from ..rules.sevens import PRIMIERA, count_setenta, leaders
from ..words.deck_words import DeckWords, deck_style
from ..words.sevens_words import lacking_words, suit_names

bp = Blueprint("tools", __name__, url_prefix="/tools")

CAPTURES_SHOWN = 100  # a crowded table can make thousands of captures; the page shows this many


@bp.context_processor
def helpers() -> dict[str, Any]:
    """For the tool templates: this page in another deck style."""
    def in_style(style: str) -> str:
        """This page's address with another deck style, the rest of its query kept as it came."""
        query = request.args.copy()
        query["style"] = style
        return f"{request.path}?{urlencode(list(query.items(multi=True)))}"
    return {"in_style": in_style}


def tool_page(template: str, form: ToolForm, answer: dict[str, Any], **extra: Any) -> ResponseReturnValue:
    """Render a tool: the form as sent, and under it the answer or what is wrong (422)."""
    context = {"form": form, "style": form.deck, "styles": STYLES, "problems": form.problems,
               "invalid": form.invalid, "asks": ("check", *form.asks), **answer, **extra}
    return render_template(template, **context), 422 if form.problems else 200


@bp.get("/")
def index() -> ResponseReturnValue:
    """The five tools."""
    form = ToolForm(formdata=request.args)
    return render_template("tools/index.html", style=form.deck, styles=STYLES)


@bp.get("/captures")
def captures() -> ResponseReturnValue:
    """Can I take? Every way the played card makes 15 with the table, the escoba marked."""
    form = CapturesForm(formdata=request.args)
    answer: dict[str, Any] = {}
    if form.asked and form.validate():
        try:
            answer = {"card": form.played, "captures": find_captures(form.played, form.table.cards)}
        except InvalidEntry as error:  # the played card is on the table too
            form.refuse([form.words(problem) for problem in error.problems])
    return tool_page("tools/captures.html", form, answer, shown=CAPTURES_SHOWN)


@bp.get("/leftover")
def leftover() -> ResponseReturnValue:
    """Check the leftover: its sum, right or wrong, and what that means (RULES.md §3.2)."""
    form = LeftoverForm(formdata=request.args)
    answer = {"finding": leftover_finding(form.total)} if form.asked and form.validate() else {}
    return tool_page("tools/leftover.html", form, answer, most=DECK_SUM)


@bp.get("/dispute")
def dispute() -> ResponseReturnValue:
    """Settle a dispute: a pile split into fifteens, or the suspect cards no fifteen can hold."""
    form = DisputeForm(formdata=request.args)
    answer = {"split": split_pile(form.pile.cards)} if form.asked and form.validate() else {}
    return tool_page("tools/dispute.html", form, answer)


@bp.get("/draw")
def draw() -> ResponseReturnValue:
    """Draw for dealer: each player's card, who deals, who draws again on a tie."""
    form = DealerDrawForm(formdata=request.args)
    answer: dict[str, Any] = {}
    if form.asked and form.validate():
        result = draw_for_dealer(form.drawn)
        again: dict[str, Any] = {f"name-{k}": form.names[seat] for k, seat in enumerate(result.redraw)}
        answer = {"drawn": form.drawn, "result": result,
                  "redraw_url": url_for("tools.draw", style=form.deck, **again) if result.redraw else None}
    return tool_page("tools/draw.html", form, answer)


@bp.get("/setenta")
def setenta() -> ResponseReturnValue:
    """Count the setenta: each side's best card of each suit and their sum, and who takes the sevens point."""
    form = SetentaForm(formdata=request.args)
    answer: dict[str, Any] = {}
    if form.asked and form.validate():
        counts = [count_setenta(pile) for pile in form.piles]
        answer = {"counts": counts, "leaders": leaders([count.total for count in counts])}
    return tool_page("tools/setenta.html", form, answer, worth=PRIMIERA, suits=suit_names(form.deck),
                     lacking=lambda missing: lacking_words(missing, form.deck),
                     table=DeckWords(deck_style(form.deck)).setenta_hint)
