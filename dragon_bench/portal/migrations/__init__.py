"""Alembic migrations of the portal database, shipped inside the package."""
