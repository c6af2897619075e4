"""Engines, sessions and migrations: a SQLite file by default, PostgreSQL by URL."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, MetaData, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

import dragon_bench.portal as package
from dragon_bench.errors import BadInputError
from dragon_bench.portal.models import Base

__all__ = ["Database", "normalize_url", "migrate", "load_models", "MIGRATIONS"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def normalize_url(url: str) -> str:
    """Accept a bare path as a SQLite file and `postgresql://` as psycopg 3."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _sqlite_engine(url: str, *, immediate: bool) -> Engine:
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=10
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # pysqlite's own transaction handling is off so that BEGIN is ours to choose.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # Writers take the write lock up front: a deferred transaction that later writes can
        # fail at once with "database is locked" instead of waiting its turn.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


class Database:
    """Two session factories over one database: `session()` for writes, `read()` for reads."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        if self.url.startswith("sqlite"):
            self.engine = _sqlite_engine(self.url, immediate=True)
            self.read_engine = _sqlite_engine(self.url, immediate=False)
        elif self.url.startswith("postgresql"):
            self.engine = create_engine(self.url, pool_size=10, pool_pre_ping=True)
            self.read_engine = self.engine
        else:
            raise BadInputError(f"database URL {url!r}: use a SQLite file or postgresql://")
        self._write = sessionmaker(self.engine, expire_on_commit=False)
        self._read = sessionmaker(self.read_engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A write transaction, committed on success and rolled back on any error."""
        with self._write() as s, s.begin():
            yield s

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session that never takes the write lock."""
        with self._read() as s:
            yield s

    def migrate(self) -> None:
        migrate(self.engine)

    def dispose(self) -> None:
        self.engine.dispose()
        if self.read_engine is not self.engine:
            self.read_engine.dispose()


def load_models() -> MetaData:
    """Import every `dragon_bench.portal.**.models` module and return the shared metadata."""
    for info in pkgutil.walk_packages(package.__path__, "dragon_bench.portal."):
        if info.name.endswith(".models"):
            importlib.import_module(info.name)
    return Base.metadata


def migrate(engine: Engine) -> None:
    """Bring the schema to every newest Alembic revision shipped in the package.

    "heads", not "head": parts of the portal add their own branches from the base revision
    (their tables are independent), and all of them are applied.
    """
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "heads")
        conn.commit()
