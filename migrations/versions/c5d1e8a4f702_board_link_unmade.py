"""a board without its link: a tournament board's token is NULL while its link was never made, so a round length
saved first waits in the row without making the link (it had made it, silently)

Revision ID: c5d1e8a4f702
Revises: 1acbdfa59336
Create Date: 2026-12-07 17:05:00

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c5d1e8a4f702'
down_revision = '1acbdfa59336'
branch_labels = None
depends_on = None

# The prefix a version of the app kept an unmade link's length under, before the column took NULL.
UNMADE = "unmade.%"


def upgrade():
    with op.batch_alter_table('tournament_board', schema=None) as batch_op:
        batch_op.alter_column('token', existing_type=sa.String(length=64), nullable=True)
    op.execute(sa.text("UPDATE tournament_board SET token = NULL WHERE token LIKE :unmade").bindparams(unmade=UNMADE))


def downgrade():
    # Before, a board's row always had its link: a length saved first gets one, as that app made it then.
    connection = op.get_bind()
    unmade = connection.execute(sa.text("SELECT tournament_id FROM tournament_board WHERE token IS NULL")).scalars()
    for tournament_id in unmade.all():
        connection.execute(sa.text("UPDATE tournament_board SET token = :token WHERE tournament_id = :id"),
                           {"token": secrets.token_urlsafe(32), "id": tournament_id})
    with op.batch_alter_table('tournament_board', schema=None) as batch_op:
        batch_op.alter_column('token', existing_type=sa.String(length=64), nullable=False)
