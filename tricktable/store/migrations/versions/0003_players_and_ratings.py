"""Players, finished games' results, ratings; each room's settings and tallied flag.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25

Rooms that finished before this revision are marked tallied (and have no
settings, so they are unrated): they had no players, and no rating counts them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``rooms.settings`` and ``rooms.tallied``; create ``players``, ``results``,
    ``ratings``."""
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("settings", sa.JSON, nullable=True))
        batch.add_column(sa.Column("tallied", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    old = sa.table("rooms", sa.column("tallied", sa.Boolean))
    op.execute(old.update().values(tallied=True))
    op.create_index("ix_rooms_tallied", "rooms", ["tallied", "status"])
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("subject", sa.String(60), nullable=False),
        sa.Column("player", sa.String(16), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("won", sa.Float, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("declared", sa.Integer, nullable=False),
        sa.Column("made", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("ix_results_player", "results", ["player", "finished"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("subject", sa.String(60), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the new tables and columns."""
    op.drop_table("ratings")
    op.drop_index("ix_results_player", "results")
    op.drop_table("results")
    op.drop_table("players")
    op.drop_index("ix_rooms_tallied", "rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("tallied")
        batch.drop_column("settings")
