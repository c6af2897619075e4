"""`dragon admin` token commands against a live portal's database (SQLite; the URL handling is shared)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.portal.conftest import Live


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'portal.db'}"


def _dragon(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args], capture_output=True, text=True, timeout=120
    )


def test_admin_create_token_prints_it_alone_and_it_works(live: Live) -> None:
    db = live.server.portal.settings.db
    # One real process shows the secret is alone on stdout; the rest runs in-process (faster).
    out = _dragon("admin", "create-token", "--db", db, "--role", "auto", "--name", "bot")
    assert out.returncode == 0, out.stderr
    secret = out.stdout.strip()
    assert out.stdout == secret + "\n" and secret.startswith("drg_")
    r = live.http.get("/api/v1/submissions", headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 200
    from typer.testing import CliRunner

    from dragon_bench.cli import app

    runner = CliRunner()
    bad = runner.invoke(app, ["admin", "create-token", "--db", db, "--role", "king", "--name", "x"])
    assert bad.exit_code != 0 and "role 'king'" in str(bad.exception)
    listed = runner.invoke(app, ["admin", "list-tokens", "--db", db, "--format", "json"])
    tid = next(t["id"] for t in json.loads(listed.stdout) if t["name"] == "bot")
    assert secret not in listed.stdout
    assert runner.invoke(app, ["admin", "revoke-token", str(tid), "--db", db]).exit_code == 0
    r = live.http.get("/api/v1/submissions", headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 401
