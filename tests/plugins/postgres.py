"""A real PostgreSQL server for the test session (Debian's binaries), one fresh database a test.

Started as RECIPES.md shows (initdb + pg_ctl on a free port, trust auth, socket in a temp dir);
the fixtures skip with the reason when the binaries are absent or the server cannot start.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragon_bench.serving import free_port

__all__ = ["postgres_server", "postgres_url"]


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _run_as_postgres(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    if os.geteuid() == 0:  # initdb refuses to run as root
        line = " ".join(f"'{c}'" for c in cmd)
        return subprocess.run(
            ["su", "postgres", "-s", "/bin/sh", "-c", line], capture_output=True, text=True
        )
    return subprocess.run(cmd, capture_output=True, text=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """URL of a throwaway PostgreSQL server's `postgres` database."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL binaries are absent (apt-get install postgresql)")
    if os.geteuid() == 0 and shutil.which("su") is None:
        pytest.skip("running as root without `su` to drop to the postgres user")
    root = Path(tempfile.mkdtemp(prefix="dragon-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, log = root / "data", root / "log"
    port = free_port()
    out = _run_as_postgres(
        [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
    )
    if out.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"initdb failed: {out.stderr.strip()[:300]}")
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    out = _run_as_postgres(
        [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(log), "-w", "start"]
    )
    if out.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"PostgreSQL did not start: {out.stderr.strip()[:300]}")
    try:
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres").close()
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        _run_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the session's server, dropped afterwards."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    plain = postgres_server.replace("+psycopg", "")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield postgres_server.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
