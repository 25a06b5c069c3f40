"""players, each hand's side results, ratings

The roster's names become players, with every name seats were played under; each seat
gets its player (by name without case or accents) and its side. Every stored hand gets
one hand_side row per side, scored again from its entry by the rules core (what the
referee says of an entry does not change; an entry it cannot read keeps its stored
points with no categories). Matches get a uid, and finished ones a finished_at.

Revision ID: cbb18f664385
Revises: 7c1e5a9f3b20
Create Date: 2026-12-01 12:18:34.781494

"""
import unicodedata
import uuid
from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'cbb18f664385'
down_revision = '7c1e5a9f3b20'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=160), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('mu', sa.Double(), nullable=True),
    sa.Column('sigma', sa.Double(), nullable=True),
    sa.Column('rating', sa.Double(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'name_key')
    )
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_user_id'), ['user_id'], unique=False)
        batch_op.create_index('ix_player_user_rating', ['user_id', 'rating'], unique=False)

    op.create_table('rating_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('mu', sa.Double(), nullable=False),
    sa.Column('sigma', sa.Double(), nullable=False),
    sa.Column('rating', sa.Double(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rating_change', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_change_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_rating_change_player_id'), ['player_id'], unique=False)

    op.create_table('hand_side',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('side', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('escobas', sa.Integer(), nullable=False),
    sa.Column('cards', sa.Integer(), nullable=False),
    sa.Column('oros', sa.Integer(), nullable=False),
    sa.Column('sevens', sa.Integer(), nullable=False),
    sa.Column('velo', sa.Integer(), nullable=False),
    sa.Column('all_oros', sa.Integer(), nullable=False),
    sa.Column('all_sevens', sa.Integer(), nullable=False),
    sa.Column('over30', sa.Integer(), nullable=False),
    sa.Column('erred', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('hand_id', 'side')
    )
    with op.batch_alter_table('hand_side', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_side_hand_id'), ['hand_id'], unique=False)
        batch_op.create_index('ix_hand_side_match_side', ['match_id', 'side'], unique=False)

    op.add_column('match', sa.Column('uid', sa.String(length=32), nullable=True))
    op.add_column('match', sa.Column('finished_at', sa.DateTime(), nullable=True))
    # Plain ALTER TABLE and indexes, no batch: SQLite would rebuild the tables, and their foreign keys refuse that.
    op.add_column('seat', sa.Column('side', sa.Integer(), nullable=False, server_default='0'))
    if op.get_bind().dialect.name == 'sqlite':  # SQLite adds a column with a reference, which Alembic will not
        op.execute('ALTER TABLE seat ADD COLUMN player_id INTEGER REFERENCES player (id) ON DELETE SET NULL')
    else:
        op.add_column('seat', sa.Column('player_id', sa.Integer(), nullable=True))
        op.create_foreign_key('fk_seat_player', 'seat', 'player', ['player_id'], ['id'], ondelete='SET NULL')
    op.create_index('ix_seat_player_match', 'seat', ['player_id', 'match_id'], unique=False)
    connection = op.get_bind()
    fill_matches(connection)
    op.create_index('uq_match_user_uid', 'match', ['user_id', 'uid'], unique=True)
    fill_players(connection)
    fill_hand_sides(connection)
    op.drop_index('ix_roster_name_user_id', table_name='roster_name')
    op.drop_table('roster_name')


MATCH = sa.table('match', sa.column('id', sa.Integer), sa.column('user_id', sa.Integer),
                 sa.column('uid', sa.String), sa.column('finished', sa.Boolean), sa.column('updated_at', sa.DateTime),
                 sa.column('finished_at', sa.DateTime), sa.column('partnerships', sa.Boolean),
                 *(sa.column(name) for name in ('preset', 'target', 'all_oros', 'all_sevens', 'over30',
                                                'penalty', 'deal_passes')))
SEAT = sa.table('seat', sa.column('id', sa.Integer), sa.column('match_id', sa.Integer),
                sa.column('position', sa.Integer), sa.column('side', sa.Integer), sa.column('name', sa.String),
                sa.column('name_key', sa.String), sa.column('player_id', sa.Integer))
EVENT = sa.table('match_event', sa.column('match_id', sa.Integer), sa.column('kind', sa.String),
                 sa.column('at', sa.DateTime))


def fill_matches(connection):
    """A uid for every match, its seats' sides, and when a finished one last finished."""
    seats = {}
    for match_id, position in connection.execute(sa.select(SEAT.c.match_id, SEAT.c.position)):
        seats.setdefault(match_id, []).append(position)
    finished_at = dict(connection.execute(sa.select(EVENT.c.match_id, sa.func.max(EVENT.c.at))
                                          .where(EVENT.c.kind == 'finished').group_by(EVENT.c.match_id)).all())
    for match in connection.execute(sa.select(MATCH)).all():
        connection.execute(MATCH.update().where(MATCH.c.id == match.id).values(
            uid=uuid.uuid4().hex,
            finished_at=(finished_at.get(match.id) or match.updated_at) if match.finished else None))
        positions = seats.get(match.id, [])
        sides = 2 if match.partnerships else len(positions)
        for position in positions:
            side = position % sides if len(positions) != sides else position  # referee.rules.match.side_of_seat
            connection.execute(SEAT.update().where(SEAT.c.match_id == match.id, SEAT.c.position == position)
                               .values(side=side))


def fill_players(connection):
    """One player per account and name key: the roster's spelling of it, else the latest seat's."""
    player = sa.table('player', sa.column('id', sa.Integer), sa.column('user_id', sa.Integer),
                      sa.column('name', sa.String), sa.column('name_key', sa.String),
                      sa.column('created_at', sa.DateTime))
    roster = sa.table('roster_name', sa.column('user_id', sa.Integer), sa.column('name', sa.String))
    names = {}  # (user_id, key) -> name: the latest seat's spelling, then the roster's over it
    rows = connection.execute(sa.select(MATCH.c.user_id, SEAT.c.name, SEAT.c.name_key)
                              .join(MATCH, MATCH.c.id == SEAT.c.match_id).order_by(SEAT.c.id))
    for user_id, name, key in rows:
        names[(user_id, key)] = name
    listed = set()  # two roster names of one key ('Lucía', 'lucia'): the first in order keeps it
    for user_id, name in connection.execute(sa.select(roster.c.user_id, roster.c.name).order_by(roster.c.name)):
        key = (user_id, search_key(name)[:160])
        if key not in listed:
            names[key] = name
            listed.add(key)
    for (user_id, key), name in names.items():
        player_id = connection.execute(player.insert().values(
            user_id=user_id, name=name, name_key=key, created_at=datetime.now(UTC).replace(tzinfo=None))
            .returning(player.c.id)).scalar_one()
        owned = sa.select(MATCH.c.id).where(MATCH.c.user_id == user_id).scalar_subquery()
        connection.execute(SEAT.update().where(SEAT.c.name_key == key, SEAT.c.match_id.in_(owned))
                           .values(player_id=player_id))


def search_key(text):
    """Case-folded, no accents (referee.search_keys.search_key as of this revision)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare)


def fill_hand_sides(connection):
    """Each stored hand's result per side, as the rules core scores its entry under its match's rules."""
    from referee.bodies import score_payloads
    from referee.rules import InvalidEntry, check_hand, make_ruleset

    hand = sa.table('hand', sa.column('id', sa.Integer), sa.column('match_id', sa.Integer),
                    sa.column('entry', sa.JSON), sa.column('points', sa.JSON), sa.column('erred', sa.JSON))
    side_table = sa.table('hand_side', *(sa.column(name) for name in (
        'hand_id', 'match_id', 'side', 'points', 'escobas', 'cards', 'oros', 'sevens', 'velo', 'all_oros',
        'all_sevens', 'over30', 'erred')))
    matches = {m.id: m for m in connection.execute(sa.select(MATCH)).all()}
    for row in connection.execute(sa.select(hand)).all():
        match = matches[row.match_id]
        options = dict(target=match.target, all_oros=match.all_oros, all_sevens=match.all_sevens,
                       over30=match.over30, penalty=match.penalty, deal_passes=match.deal_passes)
        erred = set(row.erred or [])
        try:
            ruleset = make_ruleset(match.preset, **options)
            report = check_hand(score_payloads.read_score({"ruleset": match.preset, "options": ruleset.options(),
                                                           **row.entry}))
            earned = [side.earned for side in report.sides]
            erred = {i for i, side in enumerate(report.sides) if side.erred}
        except (InvalidEntry, KeyError, TypeError, ValueError):
            earned = [None] * len(row.points)
        for i, points in enumerate(row.points):
            won = earned[i] if i < len(earned) else None
            connection.execute(side_table.insert().values(
                hand_id=row.id, match_id=row.match_id, side=i, points=points, erred=i in erred,
                **{name: getattr(won, name, 0) for name in (
                    'escobas', 'cards', 'oros', 'sevens', 'velo', 'all_oros', 'all_sevens', 'over30')}))


def downgrade():
    op.create_table('roster_name',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'name')
    )
    op.create_index('ix_roster_name_user_id', 'roster_name', ['user_id'], unique=False)
    op.execute('INSERT INTO roster_name (user_id, name) SELECT user_id, name FROM player')
    op.drop_index('uq_match_user_uid', table_name='match')
    op.drop_index('ix_seat_player_match', table_name='seat')
    if op.get_bind().dialect.name != 'sqlite':
        op.drop_constraint('fk_seat_player', 'seat', type_='foreignkey')
    op.drop_column('seat', 'player_id')
    op.drop_column('seat', 'side')
    op.drop_column('match', 'finished_at')
    op.drop_column('match', 'uid')
    op.drop_index('ix_hand_side_match_side', table_name='hand_side')
    op.drop_index('ix_hand_side_hand_id', table_name='hand_side')
    op.drop_table('hand_side')
    op.drop_index('ix_rating_change_player_id', table_name='rating_change')
    op.drop_index('ix_rating_change_match_id', table_name='rating_change')
    op.drop_table('rating_change')
    op.drop_index('ix_player_user_rating', table_name='player')
    op.drop_index('ix_player_user_id', table_name='player')
    op.drop_table('player')
