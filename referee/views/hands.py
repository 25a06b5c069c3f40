"""Record a hand (by cards or by tallies), review it before saving, edit a saved one."""

from __future__ import annotations

import re
import uuid
from typing import Any, cast

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import login_required
from wtforms import FieldList, Form

from ..forms import CARD_CODES, CardsHandForm, HandFormBase, QuickHandForm, TallyHandForm
from ..forms.confirmations import REASON_LENGTH, ReasonForm
from ..forms.hands import AgainForm
from ..forms.quick_entry import COUNTS
from ..forms.variant_counts import EVERY as VARIANT_COUNTS
from ..forms.variant_counts import chips_of
from ..models import Hand, Match
from ..rules import HandEntry, HandReport, InvalidEntry, TallyEntry
from ..services import Conflict, HandDraft, NotFound, edit_hand, record_hand, review_hand
from ..services.confirmations import decide_hand, enter_version
from ..services.errors import Forbidden
from ..services.hands import expect_unsettled, read_entry, saved_already
from ..services.refusals import MatchRefusal
from ..services.scoreboard import dealer_after, side_names, totals_with
from ..services.trail import undone_event
from ..words.messages import finding_words
from ..words.sevens_words import sevens_review
from . import quick_entry_page
from .drafts import confirm_saved, hand_draft
from .entering_words import entering_now
from .hand_conflict import compare
from .hand_problems import problems_on_form, summary_labels, unplaced_cards
from .lookups import scored
from .refusal_words import conflict_words, refusal_words

bp = Blueprint("hands", __name__, url_prefix="/matches/<int:match_id>/hands")

FORMS: dict[str, type[HandFormBase]] = {"quick": QuickHandForm, "cards": CardsHandForm, "tally": TallyHandForm}
# The conflict page's "Check it as hand N": the entry, typed for a hand saved meanwhile, checked as the next hand.
AS_NEXT = "next"
SEEN = re.compile(r"[0-9a-f]{16}")  # a version's digest (services/confirmations.py: digest)


def _form(match: Match, mode: str, **kwargs: Any) -> HandFormBase:
    """The entry form for a mode, with the match's sides and seats."""
    form = FORMS[mode](**kwargs)
    form.setup(side_names(match), [seat.name for seat in match.seats], deck=match.deck_style,
               sevens=match.ruleset.sevens.value)
    return form


def _draft(form: HandFormBase, mode: str, match: Match, places: dict[str, str]) -> HandDraft:
    """The form's content as a draft for the services: the rules core's entry (InvalidEntry when the quick
    entry's counts leave the last side's impossible)."""
    ruleset = match.ruleset
    entry: HandEntry
    if isinstance(form, QuickHandForm) and form.stage(places) == COUNTS:
        entry = form.counts_entry(places, match.sides, ruleset)
    elif isinstance(form, CardsHandForm):
        entry = form.entry(places, match.sides, ruleset)
    else:
        assert isinstance(form, TallyHandForm)
        entry = form.entry(match.sides, ruleset)
    return HandDraft(mode=mode, entry=entry, dealer=int(form.dealer.data), client_token=form.client_token.data or None)


def _places(form: HandFormBase, hand: Hand | None, n_sides: int) -> dict[str, str]:
    """Each card's place as the page shows it: as posted, or as saved, or nowhere yet."""
    if request.method == "POST" and isinstance(form, CardsHandForm):
        return form.places(request.form, n_sides)
    places = {code: "" for code in CARD_CODES}
    if hand is None or hand.mode == "tally":
        return places
    places.update({code: "L" for code in hand.entry.get("leftover", [])})
    for i, side in enumerate(hand.entry["sides"]):
        places.update({code: str(i) for code in side.get("cards", [])})
    return places


def _page(match: Match, form: HandFormBase, mode: str, hand: Hand | None, status: int = 200,
          source: Hand | None = None, **context: Any) -> ResponseReturnValue:
    """Render the entry page; a refused entry answers 422 (409 on a conflict) and keeps everything typed.
    `source` is an entry to start a new hand from (a hand taken back)."""
    if form.errors and status == 200:
        status = 422
    places = _places(form, source or hand, match.sides)
    if isinstance(form, QuickHandForm):
        context.setdefault("stage", form.stage(places))
        context.setdefault("rest_counts", quick_entry_page.rest_counts(form, match.sides, context.get("report")))
    number = hand.number if hand else _typed_as(form, match)
    seen = _counting()
    if seen is not None:  # our count differs: a version of a waiting hand, on its own page and in its own draft
        deciding = _deciding()
        context.update(counting=True, deciding=deciding, reason=request.form.get("reason", "")[:REASON_LENGTH],
                       here=url_for("hands.count", match_id=match.id, number=number, seen=seen,
                                    decide="1" if deciding else None))
    # The error summary's names for the fields, only for a page that has errors to sum up.
    summed_up = bool(context.get("problems")) or has_errors(form)
    labels = summary_labels(form, side_names(match), match.deck_style) if summed_up else {}
    return render_template("hands/entry.html", match=match, form=form, mode=mode, hand=hand, number=number,
                           sides=side_names(match), places=places,
                           draft_group=hand_draft(match.id, number, correcting=hand is not None)
                           + ("-count" if seen is not None else ""),
                           summary_labels=labels, summed_up=summed_up, entering=entering_now(match),
                           **context), status


def _counting() -> str | None:
    """On the page of a version of one's own (count), the digest of the hand's entry it was opened on."""
    if request.endpoint != "hands.count" or request.view_args is None:
        return None
    return str(request.view_args["seen"])


def _deciding() -> bool:
    """On a version's page, the organiser records the hand as they find it (?decide=1) instead."""
    return request.args.get("decide") == "1"


def _typed_as(form: HandFormBase, match: Match) -> int:
    """The hand a new hand's page is for: the number it was opened with (its hidden field), so that an entry
    refused because that hand was saved meanwhile stays that hand's, never the next one's (its draft too)."""
    typed = form.number.data
    return int(typed) if isinstance(typed, str) and typed.isascii() and typed.isdigit() and not form.number.errors \
        else len(match.hands) + 1


def has_errors(form: Any) -> bool:
    """True when a form or any of its fields holds an error, one added after validation too (which WTForms'
    form.errors, worked out once, misses)."""
    if isinstance(form, FieldList):
        return bool(form.errors) or any(has_errors(entry) for entry in form.entries)
    if isinstance(form, Form):
        return bool(form.form_errors) or any(has_errors(field) for field in form)
    return bool(form.errors)


def _handle(match: Match, mode: str, hand: Hand | None) -> ResponseReturnValue:
    """Review or save a posted entry, for a new hand or an edit."""
    number = hand.number if hand is not None else None  # kept: another phone may take the hand back meanwhile
    form = _form(match, mode)
    names = side_names(match)
    valid = form.validate_on_submit()
    seen = _counting()
    if hand is None and seen is None and form.action.data == AS_NEXT:
        _as_next(form, match)
    places = _places(form, hand, match.sides)
    asked = None
    if isinstance(form, QuickHandForm) and form.is_submitted():
        # The quick entry's next step: the counts it needs, or the piles for a wrong leftover.
        valid, asked = quick_entry_page.ready(form, places, valid)
    if not valid or asked is not None:
        if hand is None and match.finished:
            return _over(match)
        if form.tampered:
            _restore(form, match, hand)
            return _page(match, form, mode, hand, 422, tampered=True)
        if asked is not None:
            return _page(match, form, mode, hand, 422 if form.saving else 200, **asked)
        return _page(match, form, mode, hand, problems=unplaced_cards(match, form, places))
    draft = None
    try:
        draft = _draft(form, mode, match, places)
        # A resend of a hand saved from this phone: the same entry is that hand (even once the match is
        # over: it may be the winning hand), a changed one says so at once; so does an entry typed for a hand
        # another phone saved meanwhile (it may be the winning hand too).
        if hand is None and seen is None:
            saved_already(match, draft, int(cast(str, form.number.data)))
        report = review_hand(match, draft)
        if form.saving and seen is not None:
            return _save_count(match, draft, form, seen, report, mode)
        if form.saving:
            return _save(match, draft, form, hand, report)
    except InvalidEntry as error:
        if isinstance(form, QuickHandForm):
            error = quick_entry_page.place_problems(form, error, match)
        return _page(match, form, mode, hand, 422, problems=problems_on_form(form, error, match, places))
    except Conflict as conflict:
        assert draft is not None  # the services refuse a draft, once there is one
        if conflict.reason in (MatchRefusal.FINISHED, MatchRefusal.SETTLED):
            return _over(match, conflict)
        if seen is not None:  # the hand changed, or counts, since: the count stays as typed, the refusal above it
            return _page(match, form, mode, hand, 409, refusal=conflict_words(conflict))
        return _conflict(match, form, mode, number, conflict, draft)
    messages = [finding_words(f, lambda i: names[i], deck=match.deck_style, partnerships=match.partnerships)
                for f in report.findings]
    new_totals = totals_with(match, [p or 0 for p in report.points], replacing=hand.number if hand else None)
    rules = match.ruleset
    sevens = sevens_review(report, rules.sevens.value, rules.ties.value, names, match.deck_style, match.partnerships)
    return _page(match, form, mode, hand, report=report, messages=messages, new_totals=new_totals,
                 sevens_review=sevens)


def _over(match: Match, conflict: Conflict | None = None) -> ResponseReturnValue:
    """Back to the scoreboard of a match that is over (no hand comes after the last), or of a tournament's table
    that is settled (no hand of it changes), saying which."""
    flash(conflict_words(conflict) if conflict is not None else refusal_words(MatchRefusal.FINISHED), "info")
    return redirect(url_for("matches.show", match_id=match.id))


def _conflict(match: Match, form: HandFormBase, mode: str, editing: int | None, conflict: Conflict,
              draft: HandDraft) -> ResponseReturnValue:
    """The entry page again, 409: what happened, the hand as saved beside this entry, and what can become of the
    entry. It stays as typed, for the hand it was typed as (its draft too, never the next hand's): a correction
    of the saved hand (`editing`: its number), checked against the match as this page shows it (its version),
    or, checked as the next hand on purpose (AS_NEXT), a hand of its own.

    The match is read as it is now: the hand being corrected may have been taken back on another phone meanwhile,
    and the page then offers the entry as the next hand instead."""
    form.version.data = str(match.version)
    number = editing if editing is not None else cast(int, conflict.params.get("number", 0))
    # The hand saved under that number (none for a hand taken back, nor for a number the match has not reached).
    saved = next((h for h in match.hands if h.number == number and conflict.reason is not MatchRefusal.UNDONE), None)
    hand = saved if editing is not None else None
    correct_url = None
    if hand is None and saved is not None:
        correct_url = url_for("hands.edit", match_id=match.id, number=saved.number, mode=mode)
    next_number = None if hand is not None or match.finished else len(match.hands) + 1
    return _page(match, form, mode, hand, 409, refusal=conflict_words(conflict), correct_url=correct_url,
                 next_number=next_number, comparison=compare(match, saved, draft) if saved is not None else None)


def _as_next(form: HandFormBase, match: Match) -> None:
    """Make the posted entry the next hand's: its number, the match as it is, a token of its own (the one it
    had may be a saved hand's), and the dealer of the next hand."""
    form.number.data = str(len(match.hands) + 1)
    form.version.data = str(match.version)
    form.client_token.data = uuid.uuid4().hex
    form.dealer.data = str(dealer_after(match, list(match.hands)))


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


def _save(match: Match, draft: HandDraft, form: HandFormBase, hand: Hand | None,
          report: HandReport) -> ResponseReturnValue:
    """Store the hand (checked already: `report`) and go back to the scoreboard."""
    # The hidden number and version are validated digits (InputRequired, Regexp): text here, never None.
    if hand is None:
        saved = record_hand(match, draft, expected_number=int(cast(str, form.number.data)), report=report)
        flash(_("Hand %(number)s saved.", number=saved.number), "success")
        # The draft of the page it was typed on: the number the page had (a resend may be saved under it).
        confirm_saved(hand_draft(match.id, int(cast(str, form.number.data)), correcting=False))
    else:
        edit_hand(match, hand.number, draft, version=int(cast(str, form.version.data)), report=report)
        flash(_("Hand %(number)s corrected.", number=hand.number), "success")
        confirm_saved(hand_draft(match.id, hand.number, correcting=True))
        # Typed as this hand on a new hand's page (a conflict page's correction): that draft is done too.
        confirm_saved(hand_draft(match.id, hand.number, correcting=False))
    return redirect(url_for("matches.show", match_id=match.id))


def _save_count(match: Match, draft: HandDraft, form: HandFormBase, seen: str, report: HandReport,
                mode: str) -> ResponseReturnValue:
    """Store this side's version of the waiting hand and show where the versions differ (the scoreboard, when it
    was the hand's own entry: a confirmation)."""
    number = int((request.view_args or {})["number"])  # the page's hand, whatever its hidden field says
    if _deciding():
        reason = ReasonForm(meta={"csrf": False})
        if not reason.validate():
            return _page(match, form, mode, None, 422, report=report,
                         refusal=" ".join(str(error) for error in reason.reason.errors))
        try:
            decide_hand(match, number, seen, draft=draft, reason=(reason.reason.data or "").strip())
        except Forbidden:
            abort(403)
        confirm_saved(hand_draft(match.id, number, correcting=False) + "-count")
        flash(_("Hand %(number)s decided as you recorded it.", number=number), "success")
        return redirect(url_for("matches.show", match_id=match.id))
    label = enter_version(match, number, draft, seen, report)
    confirm_saved(hand_draft(match.id, number, correcting=False) + "-count")
    hand = next(h for h in match.hands if h.number == number)
    if not hand.waiting:
        flash(_("Your count is the same as version %(label)s: hand %(number)s counts.", label=label, number=number),
              "success")
        return redirect(url_for("matches.show", match_id=match.id))
    flash(_("Your count of hand %(number)s is version %(label)s.", number=number, label=label), "success")
    return redirect(url_for("confirmations.versions", match_id=match.id, number=number))


@bp.route("/<int:number>/count/<seen>", methods=["GET", "POST"])
@login_required
def count(match_id: int, number: int, seen: str) -> ResponseReturnValue:
    """Our count differs: this phone's side enters its own version of a hand waiting for it, as a new hand is
    entered (any way), dealt as the hand was; `seen`, the digest of the entry the scoreboard showed."""
    match = scored(match_id)
    hand = next((h for h in match.hands if h.number == number), None)
    mode = request.args.get("mode", "quick")
    if hand is None or mode not in FORMS or not SEEN.fullmatch(seen):
        abort(404)
    if request.method == "POST":
        return _handle(match, mode, None)
    if not hand.waiting:
        flash(refusal_words(MatchRefusal.NOT_WAITING, number=number), "info")
        return redirect(url_for("matches.show", match_id=match.id))
    form = _form(match, mode, formdata=None, dealer=str(hand.dealer), number=str(number), client_token="",
                 version=str(match.version))
    return _page(match, form, mode, None)


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new(match_id: int) -> ResponseReturnValue:
    """Enter the hand just played."""
    match = scored(match_id)
    mode = request.args.get("mode", "quick")
    if mode not in FORMS:
        abort(404)
    if match.first_dealer is None:
        return redirect(url_for("matches.draw_for_dealer", match_id=match.id))
    if request.method == "POST":
        return _handle(match, mode, None)
    try:
        expect_unsettled(match)
    except Conflict as conflict:
        return _over(match, conflict)
    if match.finished:
        return _over(match)
    dealer = dealer_after(match, list(match.hands))
    again = _taken_back(match)
    kept = _saved_fields(match, again, mode) if again else {}
    form = _form(match, mode, formdata=None, **kept, dealer=str(dealer), number=str(len(match.hands) + 1),
                 client_token=uuid.uuid4().hex, version=str(match.version))
    return _page(match, form, mode, None, source=again)


def _taken_back(match: Match) -> Hand | None:
    """The entry of a hand taken back that ?again= names, as an unsaved hand to start the next one from;
    None without ?again=, 404 for an event that is no such hand of this match."""
    if "again" not in request.args:
        return None  # the common case: no form to build
    form = AgainForm(formdata=request.args)
    if not form.validate():
        abort(404)
    if form.again.data is None:
        return None
    try:
        event = undone_event(match, form.again.data)
    except NotFound:
        abort(404)
    flash(_("The cards and counts of hand %(number)s, taken back earlier, are filled in: check them, then save.",
            number=event.hand_number), "info")
    facts = event.before or {}
    return Hand(mode=facts["mode"], dealer=facts["dealer"], entry=facts["entry"])


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@login_required
def edit(match_id: int, number: int) -> ResponseReturnValue:
    """Correct a saved hand."""
    match = scored(match_id)
    hand = next((h for h in match.hands if h.number == number), None)
    if hand is None:
        abort(404)
    mode = request.args.get("mode", hand.mode)
    if mode not in FORMS:
        abort(404)
    if request.method == "POST":
        return _handle(match, mode, hand)
    try:
        expect_unsettled(match)
    except Conflict as conflict:
        return _over(match, conflict)
    form = _form(match, mode, formdata=None, **_saved_fields(match, hand, mode), dealer=str(hand.dealer),
                 number=str(hand.number), version=str(match.version))
    return _page(match, form, mode, hand)


def _saved_fields(match: Match, hand: Hand, mode: str) -> dict[str, Any]:
    """A saved hand's entry as form data, for editing in the mode it was entered."""
    entry = hand.entry
    fields: dict[str, Any] = {"last_capture": str(entry["last_capture"]),
                              "escobas": [side.get("escobas", 0) for side in entry["sides"]]}
    if mode == "tally" and hand.mode == "tally":
        # Read by the rules core, not as stored: the API's quick way keeps a side as "rest" and the leftover as
        # its cards, which the page by counts shows worked out.
        try:
            read: HandEntry | None = read_entry(match, entry)
        except InvalidEntry:
            read = None  # saved under rules it no longer meets: the counts are typed again, as for a new hand
        if isinstance(read, TallyEntry):
            tallies = read.sides
            fields.update(cards=[t.cards for t in tallies], oros=[t.oros for t in tallies],
                          sevens=[t.sevens for t in tallies], pile_sum=[t.pile_sum for t in tallies],
                          velo=next((str(i) for i, t in enumerate(tallies) if t.velo), None),
                          leftover_sum=read.leftover_sum)
            # The regional options' counts (a setenta, sixes, aces, fives), as they were typed.
            fields.update({name: [getattr(t, name) for t in tallies] for name in VARIANT_COUNTS
                           if any(getattr(t, name) is not None for t in tallies)})
            if "setenta_cards" in fields:  # tapped: shown on the cards' chips again
                fields["setenta_cards"] = [chips_of(t.setenta_cards, t.setenta_untold) for t in tallies]
    elif mode == "quick" and hand.mode == "quick":
        fields.update(quick_entry_page.saved_counts(entry))
    return fields
