"""Record a hand (by cards or by tallies), review it before saving, edit a saved one."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import login_required
from wtforms import Field

from ..forms import CARD_CODES, CardsHandForm, HandFormBase, TallyHandForm
from ..messages import finding_words, problem_words
from ..models import Hand, Match
from ..rules import InvalidEntry, Problem
from ..services import Conflict, HandDraft, edit_hand, record_hand, review_hand
from ..services.hands import resent_hand
from ..services.scoreboard import dealer_after, side_names, totals_with
from .drafts import confirm_saved, hand_draft
from .matches import owned
from .summary import SummaryItem

bp = Blueprint("hands", __name__, url_prefix="/matches/<int:match_id>/hands")

FORMS: dict[str, type[HandFormBase]] = {"cards": CardsHandForm, "tally": TallyHandForm}


def _form(match: Match, mode: str, **kwargs: Any) -> HandFormBase:
    """The entry form for a mode, with the match's sides and seats."""
    form = FORMS[mode](**kwargs)
    form.setup(side_names(match), [seat.name for seat in match.seats])
    return form


def _draft(form: HandFormBase, mode: str, match: Match) -> HandDraft:
    """The form's content as a draft for the services."""
    if isinstance(form, CardsHandForm):
        body = form.body(form.places(request.form), match.sides)
    else:
        assert isinstance(form, TallyHandForm)
        body = form.body(match.sides)
    return HandDraft(mode=mode, body=body, dealer=int(form.dealer.data), client_token=form.client_token.data or None)


def _places(form: HandFormBase, hand: Hand | None) -> dict[str, str]:
    """Each card's place as the page shows it: as posted, or as saved, or nowhere yet."""
    if request.method == "POST":
        return CardsHandForm.places(request.form)
    if hand is None or hand.mode != "cards":
        return {code: "" for code in CARD_CODES}
    places = {code: "L" for code in hand.entry.get("leftover", [])}
    for i, side in enumerate(hand.entry["sides"]):
        places.update({code: str(i) for code in side["cards"]})
    return places


# A tally count the referee refuses is shown beside its field; these name those fields by the rules
# core's words for them.
TALLY_COUNTS = ("cards", "oros", "sevens", "pile_sum")
# A problem about all the sides' counts together, linked to the first side's field that counts it.
TOTALS = {"total_cards": "cards-0", "total_oros": "oros-0", "total_sevens": "sevens-0", "total_velo": "velo-0",
          "total_pile_sum": "pile_sum-0", "needs_pile_sums_to_save": "pile_sum-0"}


def _field_of(form: HandFormBase, location: tuple[str | int, ...]) -> Field | None:
    """The form's field a problem's location names, if the page has one."""
    match location:
        case ("sides", int(i), "escobas") if i < len(form.escobas.entries):
            return form.escobas.entries[i]
        case ("sides", int(i), "tally", str(key)) if isinstance(form, TallyHandForm):
            if key == "velo":
                return form.velo
            if key in TALLY_COUNTS and i < len(form[key].entries):
                return form[key].entries[i]
        case ("last_capture",):
            return form.last_capture
        case ("leftover_sum",) if isinstance(form, TallyHandForm):
            return form.leftover_sum
    return None


def _target(problem: Problem) -> str:
    """The id of the element a problem that no single field holds is linked to."""
    if problem.code == "missing_cards":
        # The first card placed nowhere: the picker's tile for it (its select without JavaScript).
        places = CardsHandForm.places(request.form)
        return f"place-{next((code for code in CARD_CODES if not places[code]), CARD_CODES[0])}"
    if problem.code == "duplicate_card":
        return f"place-{problem.params['card']}"
    return TOTALS.get(problem.code, "hand")


def _problems_on_form(form: HandFormBase, error: InvalidEntry, names: tuple[str, ...]) -> list[SummaryItem]:
    """The referee's input errors, worded for the page: each one about a field goes beside that field (the
    summary lists it from there); the others are returned for the summary, each linked where it is fixed."""
    general = []
    for problem in error.problems:
        words = problem_words(problem, lambda i: names[i])
        field = _field_of(form, problem.location)
        if field is not None:
            field.errors = [*field.errors, words]
        else:
            general.append(SummaryItem(words, _target(problem)))
    return general


def _unplaced(match: Match, form: HandFormBase, names: tuple[str, ...]) -> list[SummaryItem]:
    """The cards placed nowhere, for a form refused before the referee saw it (no last capture, say): the
    referee's own check of the cards alone, with what the form refused set aside."""
    if not isinstance(form, CardsHandForm):
        return []
    places = form.places(request.form)
    body = {"sides": [{"cards": [c for c in CARD_CODES if places[c] == str(i)], "escobas": 0}
                      for i in range(match.sides)],
            "leftover": [c for c in CARD_CODES if places[c] == "L"], "last_capture": 0}
    try:
        review_hand(match, HandDraft(mode="cards", body=body, dealer=0, client_token=None))
    except InvalidEntry as error:
        return [SummaryItem(problem_words(p, lambda i: names[i]), _target(p)) for p in error.problems
                if p.code in ("missing_cards", "duplicate_card")]
    return []


def _summary_labels(form: HandFormBase, names: tuple[str, ...]) -> dict[str, str]:
    """The entry page's fields as its summary names them, in the page's order (see views/summary.py)."""
    labels: dict[str, str] = {}
    if isinstance(form, TallyHandForm):
        words = {"cards": _("Cards"), "oros": _("Oros"), "sevens": _("Sevens"), "pile_sum": _("Pile sum")}
        for i, name in enumerate(names):
            labels.update({form[key].entries[i].id: f"{words[key]} · {name}" for key in TALLY_COUNTS})
        labels.update({field.id: str(field.label.text) for field in (form.velo, form.leftover_sum)})
    labels.update({entry.id: f"{_('Escobas')} · {name}" for entry, name in zip(form.escobas.entries, names)})
    labels.update({field.id: str(field.label.text) for field in (form.last_capture, form.dealer)})
    return labels


def _page(match: Match, form: HandFormBase, mode: str, hand: Hand | None, status: int = 200,
          **context: Any) -> ResponseReturnValue:
    """Render the entry page; a refused entry answers 422 (409 on a conflict) and keeps everything typed."""
    if form.errors and status == 200:
        status = 422
    number = hand.number if hand else len(match.hands) + 1
    return render_template("hands/entry.html", match=match, form=form, mode=mode, hand=hand,
                           sides=side_names(match), places=_places(form, hand),
                           draft_group=hand_draft(match.id, number, correcting=hand is not None),
                           summary_labels=_summary_labels(form, side_names(match)), **context), status


def _handle(match: Match, mode: str, hand: Hand | None) -> ResponseReturnValue:
    """Review or save a posted entry, for a new hand or an edit."""
    form = _form(match, mode)
    names = side_names(match)
    if not form.validate_on_submit():
        if hand is None and match.finished:
            return _over(match)
        if form.tampered:
            _restore(form, match, hand)
            return _page(match, form, mode, hand, 422, tampered=True)
        return _page(match, form, mode, hand, problems=_unplaced(match, form, names))
    draft = _draft(form, mode, match)
    try:
        # A resend of a hand saved from this phone: the same entry is that hand (even once the match is
        # over: it may be the winning hand), a changed one says so at once.
        if hand is None and resent_hand(match, draft) is None and match.finished:
            return _over(match)
        report = review_hand(match, draft)
        if form.saving:
            return _save(match, draft, form, hand)
    except InvalidEntry as error:
        return _page(match, form, mode, hand, 422, problems=_problems_on_form(form, error, names))
    except Conflict as conflict:
        return _conflict(match, form, mode, hand, conflict)
    messages = [finding_words(f, lambda i: names[i]) for f in report.findings]
    new_totals = totals_with(match, [p or 0 for p in report.points], replacing=hand.number if hand else None)
    return _page(match, form, mode, hand, report=report, messages=messages, new_totals=new_totals)


def _over(match: Match) -> ResponseReturnValue:
    """Back to the scoreboard of a match that is over: no hand comes after the last."""
    flash(_("This match is over: correct a hand, or start a rematch."), "info")
    return redirect(url_for("matches.show", match_id=match.id))


def _conflict(match: Match, form: HandFormBase, mode: str, hand: Hand | None,
              conflict: Conflict) -> ResponseReturnValue:
    """The entry page again, 409, with what happened; the entry stays, ready to go in as the match now is."""
    # Saved again, the entry goes in as the next hand / onto the match as it now is.
    form.number.data = str(len(match.hands) + 1)
    form.version.data = str(match.version)
    correct_url = None
    if conflict.reason in ("resend_differs", "undone"):
        # A resend of this phone's own hand: the entry stays whole, its dealer too (to correct that hand
        # with it). Its token belongs to a hand saved (or taken back) already: saved now, it is a new hand.
        form.client_token.data = uuid.uuid4().hex
        if conflict.reason == "resend_differs":
            correct_url = url_for("hands.edit", match_id=match.id, number=conflict.params["number"], mode=mode)
    elif hand is None:
        form.dealer.data = str(dealer_after(match, list(match.hands)))
    return _page(match, form, mode, hand, 409, conflict=conflict, correct_url=correct_url)


def _restore(form: HandFormBase, match: Match, hand: Hand | None) -> None:
    """Give the fields the page writes itself the values it would write now, so that Save works again."""
    if form.number.errors:
        form.number.data = str(hand.number if hand else len(match.hands) + 1)
    if form.version.errors:
        form.version.data = str(match.version)
    if form.client_token.errors:
        form.client_token.data = "" if hand else uuid.uuid4().hex
    if form.dealer.errors:
        form.dealer.data = str(hand.dealer if hand else dealer_after(match, list(match.hands)))
        form.dealer.errors = []


def _save(match: Match, draft: HandDraft, form: HandFormBase, hand: Hand | None) -> ResponseReturnValue:
    """Store the hand and go back to the scoreboard."""
    if hand is None:
        saved = record_hand(match, draft, expected_number=int(form.number.data))
        flash(_("Hand %(number)s saved.", number=saved.number), "success")
        # The draft of the page it was typed on: the number the page had (a resend may be saved under it).
        confirm_saved(hand_draft(match.id, int(form.number.data), correcting=False))
    else:
        edit_hand(match, hand.number, draft, version=int(form.version.data))
        flash(_("Hand %(number)s corrected.", number=hand.number), "success")
        confirm_saved(hand_draft(match.id, hand.number, correcting=True))
        if form.number.data != str(hand.number):  # typed as a new hand, sent as this correction (a resend)
            confirm_saved(hand_draft(match.id, int(form.number.data), correcting=False))
    return redirect(url_for("matches.show", match_id=match.id))


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new(match_id: int) -> ResponseReturnValue:
    """Enter the hand just played."""
    match = owned(match_id)
    mode = request.args.get("mode", "cards")
    if mode not in FORMS:
        abort(404)
    if match.first_dealer is None:
        return redirect(url_for("matches.draw_for_dealer", match_id=match.id))
    if request.method == "POST":
        return _handle(match, mode, None)
    if match.finished:
        return _over(match)
    dealer = dealer_after(match, list(match.hands))
    form = _form(match, mode, formdata=None, dealer=str(dealer), number=str(len(match.hands) + 1),
                 client_token=uuid.uuid4().hex, version=str(match.version))
    return _page(match, form, mode, None)


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@login_required
def edit(match_id: int, number: int) -> ResponseReturnValue:
    """Correct a saved hand."""
    match = owned(match_id)
    hand = next((h for h in match.hands if h.number == number), None)
    if hand is None:
        abort(404)
    mode = request.args.get("mode", hand.mode)
    if mode not in FORMS:
        abort(404)
    if request.method == "POST":
        return _handle(match, mode, hand)
    form = _form(match, mode, formdata=None, **_saved_fields(hand, mode), dealer=str(hand.dealer),
                 number=str(hand.number), version=str(match.version))
    return _page(match, form, mode, hand)


def _saved_fields(hand: Hand, mode: str) -> dict[str, Any]:
    """A saved hand's entry as form data, for editing in the mode it was entered."""
    entry = hand.entry
    fields: dict[str, Any] = {"last_capture": str(entry["last_capture"]),
                              "escobas": [side.get("escobas", 0) for side in entry["sides"]]}
    if mode == "tally" and hand.mode == "tally":
        tallies = [side["tally"] for side in entry["sides"]]
        fields.update(cards=[t["cards"] for t in tallies], oros=[t["oros"] for t in tallies],
                      sevens=[t["sevens"] for t in tallies], pile_sum=[t.get("pile_sum") for t in tallies],
                      velo=next((str(i) for i, t in enumerate(tallies) if t["velo"]), None),
                      leftover_sum=entry["leftover_sum"])
    return fields
