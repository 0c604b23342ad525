"""An index on ``rooms.holder``: renewing and releasing a process's leases is a lookup.

Every live process renews its leases every few seconds with ``UPDATE rooms ... WHERE
holder = ?``; without an index that scans every stored room, finished ones included.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Index ``rooms.holder``."""
    op.create_index("ix_rooms_holder", "rooms", ["holder"])


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("ix_rooms_holder", table_name="rooms")
