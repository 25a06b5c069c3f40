"""The roles, each written once (services/roles.py): an account's role in a match, for one match or many in one
query, what each role may do, and a club's roles."""

from __future__ import annotations

import pytest
from sql_counts import counted_queries
from test_ratings import account, start

from referee.extensions import db
from referee.services.claims import claim_seat
from referee.services.clubs import create_club, join_club, leaving, make_invite, make_organiser, membership
from referee.services.errors import Forbidden, NotFound
from referee.services.matches import get_match, get_owned_match, opened_match
from referee.services.roles import ClubRole, Role, opened_by, organises, role_of, roles_in
from referee.services.sharing import join, leave, make_join_code, revoke_join_codes


def test_the_account_s_role_in_many_matches_is_read_in_one_query(app):
    """Bea scores Ana's first match, holds a confirmed seat in the second and scores it no more, waits for the
    owner's word on a seat in the third and scores it no more, has no part in the fourth, and made the fifth."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        scored, held, pending, other = (start(ana, "Ana", "Bea") for _ in range(4))
        own = start(bea, "Bea", "Cid")
        for match in (scored, held, pending):
            join(bea, make_join_code(match).code)
        claim_seat(bea, held, 1)
        revoke_join_codes(pending)
        claim_seat(bea, pending, 1)
        leave(bea, held)
        leave(bea, pending)
        ids = [match.id for match in (scored, held, pending, other, own)]
        assert bea.id  # the account read again after the last commit, before counting
        with counted_queries(app) as seen:
            roles = roles_in(bea, ids)
        assert len(seen) == 1
        assert roles == {scored.id: Role.SCORER, held.id: Role.CLAIMANT, own.id: Role.OWNER}
        assert opened_by(bea, ids) == {scored.id, own.id}
        assert role_of(bea, pending) is None and role_of(ana, other) is Role.OWNER
        assert roles_in(bea, []) == {}


@pytest.mark.parametrize(("role", "opens", "manages", "leaves"), [
    (Role.OWNER, True, True, False),
    (Role.SCORER, True, False, True),
    (Role.CLAIMANT, False, False, False),
])
def test_what_each_role_may_do_in_a_match(role, opens, manages, leaves):
    """The owner opens and manages its match and cannot leave it; a scorer opens it and may leave; a claimant
    opens nothing of it."""
    assert (role.opens, role.manages, role.leaves) == (opens, manages, leaves)


def test_the_lookups_of_a_match_stand_on_the_role(app):
    """opened_match answers the role with the match in one query; a claimant and a stranger get NotFound, a scorer
    Forbidden for the owner's lookup."""
    with app.app_context():
        ana, bea, cid, dan = account("ana"), account("bea"), account("cid"), account("dan")
        match = start(ana, "Ana", "Bea")
        code = make_join_code(match).code
        join(bea, code)
        join(cid, code)
        claim_seat(cid, match, 1)
        leave(cid, match)
        match_id, _ = match.id, bea.id  # read again after the last commit, before counting
        with counted_queries(app) as seen:
            assert opened_match(bea, match_id) == (match, Role.SCORER)
        assert len(seen) == 1
        assert opened_match(ana, match.id)[1] is Role.OWNER and get_owned_match(ana, match.id) is match
        with pytest.raises(Forbidden):
            get_owned_match(bea, match.id)
        for outsider in (cid, dan):
            with pytest.raises(NotFound):
                get_match(outsider, match.id)


def test_a_club_s_roles_and_what_leaving_would_do(app):
    """Ana organises her club alone: leaving ends it. With Bea a member, Ana is the last organiser; once Bea
    organises too, either may leave."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        club = create_club(ana, "Casa")
        mine = membership(ana, club.id)
        assert organises(mine) and ClubRole.ORGANISER.organises and not ClubRole.MEMBER.organises
        assert (leaving(mine).alone, leaving(mine).last_organiser) == (True, False)
        join_club(bea, make_invite(mine).secret)
        theirs = membership(bea, club.id)
        assert not organises(theirs)
        assert (leaving(mine).alone, leaving(mine).last_organiser) == (False, True)
        assert (leaving(theirs).alone, leaving(theirs).last_organiser) == (False, False)
        make_organiser(mine, bea.id)
        db.session.refresh(mine)
        assert not leaving(mine).last_organiser
