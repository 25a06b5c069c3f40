"""ratings for the matches finished before ratings existed

A data migration, no schema change. Ratings are computed here, once, rather than lazily on
first need: the app migrates before it serves (referee/database.py), so from the first request
on every account's ratings are up to date, and referee/services/ratings.py only ever keeps them
so; no page that shows a rating has to ask first whether it was computed, or write while it
reads. The cost is paid once, at the upgrade (a fraction of a second per 1 000 finished
matches, benchmarks/README.md).

Each account's finished matches are rated in the order they finished (finished_at, then id),
everyone starting new, with the model of referee/skill.py (what counts of a match is said
there): the same facts referee.services.ratings.finished_outcomes reads, as rows. The
downgrade forgets the ratings.

Revision ID: 3f0c2a9d7e41
Revises: cbb18f664385
Create Date: 2026-12-01 12:40:00.000000

"""
from collections import defaultdict

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3f0c2a9d7e41'
down_revision = 'cbb18f664385'
branch_labels = None
depends_on = None

MATCH = sa.table('match', sa.column('id', sa.Integer), sa.column('user_id', sa.Integer),
                 sa.column('winner', sa.Integer), sa.column('finished_at', sa.DateTime))
SEAT = sa.table('seat', sa.column('match_id', sa.Integer), sa.column('position', sa.Integer),
                sa.column('side', sa.Integer), sa.column('player_id', sa.Integer))
HAND_SIDE = sa.table('hand_side', sa.column('match_id', sa.Integer), sa.column('side', sa.Integer),
                     sa.column('points', sa.Integer))
PLAYER = sa.table('player', sa.column('id', sa.Integer), sa.column('mu', sa.Float),
                  sa.column('sigma', sa.Float), sa.column('rating', sa.Float))
RATING_CHANGE = sa.table('rating_change', sa.column('player_id', sa.Integer), sa.column('match_id', sa.Integer),
                         sa.column('at', sa.DateTime), sa.column('mu', sa.Float), sa.column('sigma', sa.Float),
                         sa.column('rating', sa.Float))


def upgrade():
    from referee.skill import outcome, replay, shown

    connection = op.get_bind()
    connection.execute(RATING_CHANGE.delete())
    done = sa.and_(MATCH.c.winner.is_not(None), MATCH.c.finished_at.is_not(None))
    seats = defaultdict(list)
    for row in connection.execute(sa.select(SEAT.c.match_id, SEAT.c.side, SEAT.c.player_id)
                                  .order_by(SEAT.c.match_id, SEAT.c.position)):
        seats[row.match_id].append((row.side, row.player_id))
    points = defaultdict(dict)
    for row in connection.execute(sa.select(HAND_SIDE.c.match_id, HAND_SIDE.c.side, sa.func.sum(HAND_SIDE.c.points))
                                  .group_by(HAND_SIDE.c.match_id, HAND_SIDE.c.side)):
        points[row[0]][row[1]] = int(row[2])
    by_user = defaultdict(list)
    for match in connection.execute(sa.select(MATCH.c.id, MATCH.c.user_id, MATCH.c.winner, MATCH.c.finished_at)
                                    .where(done).order_by(MATCH.c.finished_at, MATCH.c.id)):
        sides = 1 + max((side for side, _ in seats[match.id]), default=1)
        totals = [points[match.id].get(side, 0) for side in range(sides)]
        result = outcome(match.id, match.finished_at, seats[match.id], totals, match.winner)
        if result is not None:
            by_user[match.user_id].append(result)
    for outcomes in by_user.values():
        skills, rows = {}, []
        for result, after in replay(outcomes):
            skills.update(after)
            rows += [{"player_id": player_id, "match_id": result.match_id, "at": result.at, "mu": skill.mu,
                      "sigma": skill.sigma, "rating": shown(skill)} for player_id, skill in after.items()]
        if rows:
            connection.execute(RATING_CHANGE.insert(), rows)
        for player_id, skill in skills.items():
            connection.execute(PLAYER.update().where(PLAYER.c.id == player_id)
                               .values(mu=skill.mu, sigma=skill.sigma, rating=shown(skill)))


def downgrade():
    op.execute(RATING_CHANGE.delete())
    op.execute(PLAYER.update().values(mu=None, sigma=None, rating=None))
