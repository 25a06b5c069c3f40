"""house rules: named rules profiles of an account, and the profile a match was started from

rules_profile keeps a profile's name, its rules in the services' versioned encoding (one JSON column) and its rules
card's token; match.profile_id the profile a match was started from, None once that profile is deleted (the match
keeps its own rules in its own columns).

Revision ID: e9c4d2a7b310
Revises: e8a4c2f6b1d3
Create Date: 2026-12-03 10:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e9c4d2a7b310'
down_revision = 'e8a4c2f6b1d3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('rules_profile',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=160), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('card_token', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('card_token'),
    sa.UniqueConstraint('user_id', 'name_key')
    )
    with op.batch_alter_table('rules_profile', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rules_profile_user_id'), ['user_id'], unique=False)

    # Plain ALTER TABLE, no batch: SQLite would rebuild the match table, which its children's foreign keys refuse.
    if op.get_bind().dialect.name == 'sqlite':  # SQLite adds a column with a reference, which Alembic will not
        op.execute('ALTER TABLE "match" ADD COLUMN profile_id INTEGER REFERENCES rules_profile (id) ON DELETE SET NULL')
    else:
        op.add_column('match', sa.Column('profile_id', sa.Integer(), nullable=True))
        op.create_foreign_key('fk_match_profile_id_rules_profile', 'match', 'rules_profile', ['profile_id'], ['id'],
                              ondelete='SET NULL')
    op.create_index(op.f('ix_match_profile_id'), 'match', ['profile_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_match_profile_id'), table_name='match')
    if op.get_bind().dialect.name == 'sqlite':
        op.execute('ALTER TABLE "match" DROP COLUMN profile_id')
    else:
        op.drop_constraint('fk_match_profile_id_rules_profile', 'match', type_='foreignkey')
        op.drop_column('match', 'profile_id')
    with op.batch_alter_table('rules_profile', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rules_profile_user_id'))

    op.drop_table('rules_profile')
