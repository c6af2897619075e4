"""Alembic environment: runs on the connection `db.migrate` hands over (or the configured URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from dragon_bench.portal.db import load_models


def _in_alembic() -> bool:
    try:
        context.config  # noqa: B018  (only defined while Alembic runs this file)
    except AttributeError:
        return False
    return True


def run_migrations() -> None:
    metadata = load_models()
    conn = context.config.attributes.get("connection")
    if conn is None:
        engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
        with engine.connect() as own:
            context.configure(connection=own, target_metadata=metadata, render_as_batch=True)
            with context.begin_transaction():
                context.run_migrations()
            own.commit()
        return
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if _in_alembic():
    run_migrations()
