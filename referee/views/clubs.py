"""Clubs: my clubs, a club's page (members, matches, leaderboard), its invites and their QR codes, and the invite
link's page where another phone joins (services/clubs.py: the roles).

An account that is no member gets 404 for every address of a club, as for one that does not exist; a member
asking for what only an organiser may do gets 403.
"""

from __future__ import annotations

from contextlib import suppress

from flask import Blueprint, abort, flash, redirect, render_template, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import TooManyRequests

from ..forms.accounts import ButtonForm
from ..forms.clubs import ClubForm, RatedForm
from ..models import ClubInvite, ClubMember
from ..services.club_board import club_players
from ..services.clubs import (
    club_matches,
    clubs_of,
    create_club,
    invites_of,
    is_live,
    join_club,
    leave_club,
    leaving,
    live_invites,
    make_invite,
    make_organiser,
    members_of,
    membership,
    organised,
    remove_member,
    revoke_invite,
    set_rated,
    usable_invite,
)
from ..services.errors import Conflict, Forbidden, NotFound
from ..services.guests import join_club_as_guest
from ..services.history import match_rows
from ..services.link_secrets import BadLink
from ..services.live_versions import club_version
from ..services.refusals import ClubRefusal, LinkRefusal
from ..services.roles import opened_by, organises
from ..web.throttling import retry_after, throttle_join
from .board_etag import LIVE_SECONDS, conditional
from .guest_login import as_new_guest
from .qr import qr_svg
from .refusal_words import conflict_words, refusal_words

bp = Blueprint("clubs", __name__, url_prefix="/clubs")

# The invite links this browser made, by invite id: only a hash is stored, so the organiser's phone keeps the
# secret it made (in its signed session cookie) to show the link and its QR code again after a reload.
SHOWN = "club_invites"


def member_of(club_id: int) -> ClubMember:
    """The current account's membership of the club, or 404 (also for a club it is no member of)."""
    try:
        return membership(current_user, club_id)
    except NotFound:
        abort(404)


def organiser_of(club_id: int) -> ClubMember:
    """The current account's membership of a club it organises: 403 for a member, 404 for anyone else."""
    try:
        return organised(current_user, club_id)
    except NotFound:
        abort(404)
    except Forbidden:
        abort(403)


def shown_name(member: ClubMember) -> str:
    """A member's name as the club sees it: a guest phone has none."""
    return _("A guest phone") if member.user.guest else member.user.username


@bp.get("/")
@login_required
def index() -> ResponseReturnValue:
    """The account's clubs, and a form to start one."""
    return render_template("clubs/index.html", clubs=clubs_of(current_user), form=ClubForm())


@bp.post("/")
@login_required
def create() -> ResponseReturnValue:
    """Start a club: this account is its organiser. A refused name is said beside the field (422)."""
    form = ClubForm()
    if form.validate_on_submit():
        club = create_club(current_user, form.name.data or "")
        flash(_("Your club is ready. Invite its players with a link or a QR code."), "info")
        return redirect(url_for("clubs.show", club_id=club.id))
    return render_template("clubs/index.html", clubs=clubs_of(current_user), form=form), 422


@bp.get("/<int:club_id>")
@login_required
def show(club_id: int) -> ResponseReturnValue:
    """The club's page: its members and their roles, its matches (newest first), its leaderboard; 304 while the
    reader's copy is still what the page would show (views/board_etag.py)."""
    me = member_of(club_id)
    return conditional(("club", str(club_id), me.role, str(me.rated), club_version(club_id, current_user)),
                       lambda etag: club_page(me, etag))


def club_page(me: ClubMember, etag: str) -> str:
    """The club's page drawn for a member (`etag`: the one its script, static/js/live.js, asks again with)."""
    club_id = me.club_id
    matches = club_matches(club_id)
    members = members_of(club_id)
    return render_template(
        "clubs/show.html", club=me.club, me=me, organiser=organises(me), members=members,
        organisers={member.user_id for member in members if organises(member)}, shown_name=shown_name,
        matches=matches, rows=match_rows(matches, current_user),
        scoring=opened_by(current_user, [match.id for match in matches]),
        players=club_players(club_id), rated=RatedForm(rated=me.rated), button=ButtonForm(), etag=etag,
        poll=LIVE_SECONDS)


@bp.post("/<int:club_id>/rated")
@login_required
def rated(club_id: int) -> ResponseReturnValue:
    """The member's own choice to be rated on the club's leaderboard (the box unticked: not rated)."""
    me = member_of(club_id)
    form = RatedForm()
    if not form.validate_on_submit():
        abort(400)
    set_rated(me, bool(form.rated.data))
    flash(_("Your rating is shown on the club's leaderboard.") if form.rated.data
          else _("Your rating is not shown on the club's leaderboard."), "info")
    return redirect(url_for("clubs.show", club_id=club_id))


@bp.post("/<int:club_id>/members/<int:user_id>/organiser")
@login_required
def promote(club_id: int, user_id: int) -> ResponseReturnValue:
    """An organiser makes another member an organiser too."""
    me = organiser_of(club_id)
    try:
        member = make_organiser(me, user_id)
    except NotFound:
        abort(404)
    flash(_("%(name)s is an organiser of the club now.", name=shown_name(member)), "info")
    return redirect(url_for("clubs.show", club_id=club_id))


@bp.route("/<int:club_id>/members/<int:user_id>/remove", methods=["GET", "POST"])
@login_required
def remove(club_id: int, user_id: int) -> ResponseReturnValue:
    """Ask first (GET), then remove the member (POST): its next request for the club is a 404."""
    me = organiser_of(club_id)
    member = next((m for m in members_of(club_id) if m.user_id == user_id and m.user_id != me.user_id), None)
    if member is None:
        abort(404)
    form = ButtonForm()
    name = shown_name(member)
    if not form.validate_on_submit():
        return render_template("clubs/remove.html", club=me.club, name=name, user_id=user_id, form=form,
                               live_invites=live_invites(club_id))
    with suppress(NotFound):  # removed from another phone meanwhile: the same outcome
        remove_member(me, user_id)
    flash(_("%(name)s is no longer a member of the club.", name=name), "info")
    return redirect(url_for("clubs.show", club_id=club_id))


@bp.route("/<int:club_id>/leave", methods=["GET", "POST"])
@login_required
def leave(club_id: int) -> ResponseReturnValue:
    """Leave the club: asked first (GET), then done (POST). The last organiser hands over first (409, saying
    so); the last member leaving ends the club."""
    me = member_of(club_id)
    club = me.club
    left = leaving(me)
    alone, last = left.alone, left.last_organiser
    # The last organiser is told at once what the service would refuse, in the refusal's words.
    refusal = refusal_words(ClubRefusal.LAST_ORGANISER) if last else ""
    form = ButtonForm()
    if not form.validate_on_submit():
        return render_template("clubs/leave.html", club=club, alone=alone, refusal=refusal, form=form)
    try:
        ended = leave_club(me)
    except Conflict as refused:  # the other organiser left meanwhile
        return render_template("clubs/leave.html", club=club, alone=alone, refusal=conflict_words(refused),
                               form=form), 409
    flash(_("The club %(name)s has ended.", name=club.name) if ended
          else _("You are no longer a member of %(name)s.", name=club.name), "info")
    return redirect(url_for("clubs.index"))


# -- invites ---------------------------------------------------------------------------------------------------

def invite_url(secret: str) -> str:
    """The invite's link, as its QR code holds it."""
    return url_for("clubs.invited", secret=secret, _external=True)


@bp.get("/<int:club_id>/invites")
@login_required
def invites(club_id: int) -> ResponseReturnValue:
    """The organiser's invites page: the links this phone made that still work, each with its QR code; the club's
    other invites, live or not, each stoppable; a button to make one."""
    me = organiser_of(club_id)
    made: dict[str, str] = session.get(SHOWN, {})
    listed: list[tuple[ClubInvite, str | None]] = []
    for invite in invites_of(club_id):
        secret = made.get(str(invite.id)) if is_live(invite) else None
        listed.append((invite, secret))
    return render_template("clubs/invites.html", club=me.club, invites=listed, is_live=is_live,
                           url_of=invite_url, qr_of=lambda secret: qr_svg(invite_url(secret)),
                           button=ButtonForm())


@bp.post("/<int:club_id>/invites")
@login_required
def new_invite(club_id: int) -> ResponseReturnValue:
    """Make an invite link and show it with its QR code. A button only: CSRFProtect checks its token."""
    me = organiser_of(club_id)
    made = make_invite(me)
    kept = {key: value for key, value in session.get(SHOWN, {}).items()}
    kept = dict(list(kept.items())[-9:])  # a few at most: the cookie stays small
    session[SHOWN] = {**kept, str(made.id): made.secret}
    return redirect(url_for("clubs.invites", club_id=club_id))


@bp.post("/<int:club_id>/invites/<int:invite_id>/revoke")
@login_required
def stop_invite(club_id: int, invite_id: int) -> ResponseReturnValue:
    """The invite stops working; the members who joined with it stay."""
    me = organiser_of(club_id)
    try:
        revoke_invite(me, invite_id)
    except NotFound:
        abort(404)
    session[SHOWN] = {key: value for key, value in session.get(SHOWN, {}).items() if key != str(invite_id)}
    flash(_("The invite link no longer works."), "info")
    return redirect(url_for("clubs.invites", club_id=club_id))


def invite_page(secret: str, problem: str | None = None, status: int = 200) -> ResponseReturnValue:
    """The invite's page: the club's name and a button to join it (a visitor joins as a guest, or logs in or
    registers first and comes back); or why the link lets no one in."""
    club = None
    if problem is None:
        try:
            club = usable_invite(secret).club
        except BadLink as refused:
            problem, status = conflict_words(refused), 404 if refused.reason is LinkRefusal.UNKNOWN else 410
    back = url_for("clubs.invited", secret=secret)
    return render_template("clubs/join.html", club=club, problem=problem, secret=secret, back=back,
                           form=ButtonForm()), status


@bp.get("/join/<secret>")
def invited(secret: str) -> ResponseReturnValue:
    """The invite link's page. A member already goes to the club's page."""
    if current_user.is_authenticated:
        with suppress(BadLink):
            club_id = usable_invite(secret).club_id
            with suppress(NotFound):
                membership(current_user, club_id)
                return redirect(url_for("clubs.show", club_id=club_id))
    return invite_page(secret)


@bp.errorhandler(TooManyRequests)
def too_many_tries(_error: TooManyRequests) -> ResponseReturnValue:
    """Over JOIN_LIMIT (refused invites count with refused join codes): the page, saying how long to wait."""
    seconds = retry_after()
    words = ngettext("Too many wrong links. Please wait %(num)d second and try again.",
                     "Too many wrong links. Please wait %(num)d seconds and try again.", seconds)
    page = render_template("clubs/join.html", club=None, problem=words, secret="", back=None, form=ButtonForm())
    return page, 429, {"Retry-After": str(seconds)}


@bp.post("/join/<secret>")
@throttle_join
def join(secret: str) -> ResponseReturnValue:
    """Join the invite's club (CSRF checked by CSRFProtect): a visitor's phone is given a guest account first
    (a wrong link makes none). A link that lets no one in is refused (422) and counts against the throttle."""
    form = ButtonForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        if current_user.is_authenticated:
            club = join_club(current_user, secret)
        else:
            club = as_new_guest(lambda device: join_club_as_guest(secret, device))
    except BadLink as refused:
        return invite_page(secret, conflict_words(refused), 422)
    flash(_("Welcome to %(name)s.", name=club.name), "info")
    return redirect(url_for("clubs.show", club_id=club.id))
