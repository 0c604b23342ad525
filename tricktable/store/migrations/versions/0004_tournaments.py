"""Duplicate tournaments: setup, progress and the finished document.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``tournaments``."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("entrants", sa.JSON, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("doc", sa.JSON, nullable=True),
        sa.Column("error", sa.String(300), nullable=True),
        sa.Column("created", sa.Float, nullable=False, index=True),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop ``tournaments``."""
    op.drop_table("tournaments")
