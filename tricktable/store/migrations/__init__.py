"""Alembic migrations of the SQL store (run by ``SqlStore`` on opening)."""
