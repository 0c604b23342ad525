"""Room leases: which process serves a room, until when, and its fence.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``holder``, ``lease_until`` and ``fence`` to ``rooms``."""
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("holder", sa.String(120), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float, nullable=True))
        batch.add_column(sa.Column("fence", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop the lease columns."""
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("fence")
        batch.drop_column("lease_until")
        batch.drop_column("holder")
