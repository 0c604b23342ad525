"""Tournaments with people: the plan (registrations, tables, results so far).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tournaments.plan`` (never shown as it is: it holds the deals' seeds)."""
    op.add_column("tournaments", sa.Column("plan", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drop ``tournaments.plan``."""
    op.drop_column("tournaments", "plan")
