"""Matches: history, a new match, the scoreboard, draw for dealer, rematch, the spectator link (undo and the
trail's buttons: views/trail.py)."""

from __future__ import annotations

from babel.lists import format_list
from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..forms import DrawForm, NewMatchForm
from ..forms.clubs import ClubChoiceForm
from ..forms.matches import AppDrawForm, HistoryForm, RevokeLinkForm
from ..forms.profiles import ProfileChoiceForm, TypedPlayersForm
from ..models import Match
from ..rules import Card, DeckStyle
from ..rules.names import rank_name, rank_symbol
from ..services import Conflict, MatchSettings, create_match, rematch, scoreboard
from ..services.club_profiles import clubs_house_rules
from ..services.clubs import club_choices
from ..services.confirmations import waiting_hands
from ..services.draws import DrawState, draw_by_app, draw_round, draw_state
from ..services.history import match_history, match_rows
from ..services.matches import revoke_spectator_link, spectator_link
from ..services.profiles import profile_to_record, profiles_of, save_profile
from ..services.refusals import MatchRefusal
from ..services.story import match_story
from ..services.table_place import is_decided, table_place
from .board_etag import HEADERS, LIVE_SECONDS, scoreboard_etag
from .chart import board_chart
from .lookups import opened, owner_only, scored
from .qr import qr_svg
from .refusal_words import conflict_words, refusal_words

bp = Blueprint("matches", __name__, url_prefix="/matches")


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The account's matches, newest first; a filter no page offers is refused beside it (422)."""
    form = HistoryForm(formdata=request.args)
    valid = form.validate()
    player, status = form.filters()
    page = match_history(current_user, form.page_number(), player, status, whole=False)
    return render_template("matches/index.html", page=page, rows=match_rows(page.items, current_user),
                           form=form, player=player, status=status), 200 if valid else 422


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    """Start a match: rules, players, first dealer."""
    form = NewMatchForm()
    club_form = club_choice()
    if not form.is_submitted():  # house rules chosen (?profile=7): the rules part shows theirs, the players typed stay
        form.profile.data = str(ProfileChoiceForm(formdata=request.args).profile_id() or "")
        TypedPlayersForm(formdata=request.args).carry_to(form)
    profiles, club_rules = profiles_of(current_user), clubs_house_rules(current_user)
    offered = [*profiles, *(profile for shelf in club_rules for profile in shelf.profiles)]
    chosen = next((profile for profile in offered if profile.id == form.profile_id()), None)
    if chosen is not None and not form.is_submitted():
        form.fill_rules(chosen.rules)
    valid = form.validate_on_submit()
    club_valid = club_form is None or not form.is_submitted() or club_form.validate()  # said with the rest
    if valid and club_valid:
        try:
            profile_id = house_rules_of(form, club_form.club_id() if club_form else None)
        except Conflict as taken:  # the name typed under "Save these rules as…" is taken
            form.save_as.errors = [conflict_words(taken)]
        else:
            match = create_match(current_user, MatchSettings(
                preset=form.preset.data, options=form.options(), deck_style=form.deck(), names=form.player_names(),
                partnerships=form.seating.data == "pairs", first_dealer=form.first_seat(),
                club_id=club_form.club_id() if club_form else None, profile_id=profile_id))
            return redirect(url_for("matches.show", match_id=match.id))
    roster = [player.name for player in current_user.players]
    refused = form.errors or (club_form is not None and club_form.errors)
    return render_template("matches/new.html", form=form, club_form=club_form, roster=roster, profiles=profiles,
                           club_rules=club_rules, chosen=chosen), 422 if refused else 200


def club_choice() -> ClubChoiceForm | None:
    """The club select of the new-match page, when the account has clubs (None otherwise): read with the match's
    form on a POST (whose CSRF token covers it), from the address on a GET (a club's "New match in this club"),
    an address naming no club of the account's leaving it unset."""
    clubs = club_choices(current_user)
    if not clubs:
        return None
    posted = request.method == "POST"
    form = ClubChoiceForm(meta={"csrf": False}) if posted else ClubChoiceForm(request.args, meta={"csrf": False})
    form.offer(clubs)
    if not posted and not form.validate():
        form = ClubChoiceForm(formdata=None, meta={"csrf": False})
        form.offer(clubs)
    return form


def house_rules_of(form: NewMatchForm, club_id: int | None) -> int | None:
    """The house rules a new match records: those typed under "Save these rules as…", saved now (Conflict when the
    account has house rules of that name), or those it was started from while the form keeps their rules, the
    account's or those of the club it is filed under (services/profiles.py)."""
    rules = form.chosen_rules()
    name = form.save_as_name()
    if not name:
        return profile_to_record(current_user, form.profile_id(), rules.ruleset, rules.deck(), club_id=club_id)
    return save_profile(current_user, name, rules).id


@bp.get("/<int:match_id>")
@login_required
def show(match_id: int) -> ResponseReturnValue:
    """The scoreboard, the match's chart (and its summary once won), the hands, the trail and the spectator link;
    304 while the reader's copy is still what the page would show (views/board_etag.py)."""
    match, role = opened(match_id)
    if match.first_dealer is None and not is_decided(match):
        return redirect(url_for("matches.draw_for_dealer", match_id=match.id))
    token = spectator_link(match)
    etag = scoreboard_etag(match)
    if etag is not None and request.if_none_match.contains(etag):
        response = Response(status=304, headers=HEADERS)
        response.set_etag(etag)
        return response
    response = Response(board_page(match, token, owner=role.manages, etag=etag or ""), headers=HEADERS)
    if etag is not None:
        response.set_etag(etag)
    return response


def board_page(match: Match, token: str, owner: bool = True, etag: str = "") -> str:
    """The scoreboard's page rendered: the board computed from the hands, its chart, the QR code of its link;
    for a scorer (not `owner`), whose match it is and no owner's buttons; a tournament's match leads back to its
    tournament (for a member of its club; nothing for a guest at its table) where another offers a rematch.
    `etag`: the page's, which its script (static/js/live.js) asks again with."""
    watch_url = url_for("spectator.watch", token=token, _external=True)
    place = table_place(match, current_user)
    # A settled table says why in the refusal's own words, and offers nothing that would change its hands.
    settled_note = conflict_words(place.refusal()) if place and place.settled else ""
    board = scoreboard(match, actions=not settled_note)
    return render_template("matches/show.html", board=board, watch_url=watch_url, qr=qr_svg(watch_url),
                           chart=board_chart(board.rows, board.standing.target), story=match_story(board),
                           owner=owner, in_tournament=place is not None,
                           settled_note=settled_note, etag=etag, poll=LIVE_SECONDS,
                           decided=place is not None and place.decided is not None,
                           waiting=waiting_hands(match, current_user.id),
                           tournament_id=place.tournament_id if place is not None and place.reader_is_member
                           else None)


def high_card(style: str) -> dict[str, str]:
    """The deck's highest card for the draw's hint, by its name and corner index: 'Rey' and '12', 'King' and
    'K'."""
    king, deck = Card.parse("10o"), DeckStyle(style)
    return {"name": rank_name(king, deck, str(get_locale())), "mark": rank_symbol(king, deck)}


@bp.route("/<int:match_id>/draw", methods=["GET", "POST"])
@login_required
def draw_for_dealer(match_id: int) -> ResponseReturnValue:
    """Each player draws a card, picked on a grid of the deck (or "Draw for us": draw_for_us): the highest deals,
    the tied draw again. The rounds are kept in the trail, so the page shows them after each round and after a
    reload; once a dealer is drawn it shows the last round and who deals, until the first hand is saved."""
    match = scored(match_id)
    state = draw_state(match)
    if match.first_dealer is not None and (state.dealer is None or match.hands):
        return redirect(url_for("matches.show", match_id=match.id))  # picked, or the match is under way
    page = url_for("matches.draw_for_dealer", match_id=match.id)
    form = DrawForm()
    form.fit(list(state.drawing), [seat.name for seat in match.seats], len(state.rounds) + 1)
    if form.is_submitted() and (form.stale() or not state.drawing):
        return drawn_meanwhile(match, page)
    if form.validate_on_submit():
        try:
            draw_round(match, form.round_number(), {seat: Card.parse(code) for seat, code in form.drawn().items()})
        except Conflict:  # another phone drew this round at the same moment
            return drawn_meanwhile(match, page)
        return redirect(page)  # post/redirect/get: a reload shows the rounds, it does not draw again
    if form.round.errors:
        abort(400)  # the hidden round number was tampered with
    return draw_page(match, form, state)


@bp.post("/<int:match_id>/draw/app")
@login_required
def draw_for_us(match_id: int) -> ResponseReturnValue:
    """"Draw for us": the app draws this round, and again among the tied, until a dealer; then the draw page shows
    every round. A second tap, or a round another phone drew meanwhile, draws nothing."""
    match = scored(match_id)
    form = AppDrawForm()
    if not form.validate():
        abort(400)  # the hidden round number was tampered with
    page = url_for("matches.draw_for_dealer", match_id=match.id)
    try:
        draw_by_app(match, form.round_number())
    except Conflict:
        return drawn_meanwhile(match, page)
    return redirect(page)


def drawn_meanwhile(match: Match, page: str) -> ResponseReturnValue:
    """Back to the draw as it stands, saying why nothing was drawn: the dealer known already (a second tap,
    another phone), or a round another phone drew meanwhile."""
    if match.first_dealer is not None:
        flash(_("The draw is over already: %(name)s deals first.", name=match.seats[match.first_dealer].name),
              "info")
    else:
        flash(refusal_words(MatchRefusal.DRAWN_MEANWHILE), "error")
    return redirect(page)


def draw_page(match: Match, form: DrawForm, state: DrawState) -> ResponseReturnValue:
    """The draw page: the rounds so far and who dealt, or the ways to draw the next round (422 when refused)."""
    form.trim()

    def names_of(seats: list[int]) -> str:
        """Players by seat as a sentence lists them: 'Ana, Bea and Cid'."""
        return format_list([match.seats[seat].name for seat in seats], locale=get_locale())

    return render_template("matches/draw.html", match=match, form=form, state=state, names_of=names_of,
                           high_card=high_card(match.deck_style)), 422 if form.errors else 200


@bp.post("/<int:match_id>/rematch")
@login_required
def play_again(match_id: int) -> ResponseReturnValue:
    """Same players, same rules, a new match; a tournament's match goes back to its tournament."""
    match = scored(match_id)
    try:
        again = rematch(current_user, match)
    except Conflict as refused:
        flash(conflict_words(refused), "info")
        place = table_place(match, current_user)
        return redirect(url_for("tournaments.show", tournament_id=place.tournament_id)
                        if place is not None and place.reader_is_member
                        else url_for("matches.show", match_id=match.id))
    return redirect(url_for("matches.show", match_id=again.id))


@bp.route("/<int:match_id>/link", methods=["GET", "POST"])
@login_required
def new_link(match_id: int) -> ResponseReturnValue:
    """Replace the spectator link: the page asks first (GET), the button there revokes it (POST); phones on
    the old link are told it was replaced (410)."""
    match = owner_only(match_id)
    form = RevokeLinkForm()
    if not form.validate_on_submit():
        return render_template("matches/revoke_link.html", match=match, form=form)
    try:
        revoke_spectator_link(match)
        flash(_("The old spectator link no longer works. Share the new one."), "info")
    except Conflict as refused:
        flash(conflict_words(refused), "error")
    return redirect(url_for("matches.show", match_id=match_id) + "#spectators")
