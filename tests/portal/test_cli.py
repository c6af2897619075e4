"""`dragon admin` token commands against a live portal's database (SQLite; the URL handling is shared)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.portal import Live


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


@pytest.mark.slow
def test_dragon_serve_runs_the_portal_and_refuses_default_secret_in_production(
    hub, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    import time

    import httpx

    from dragon_bench.portal.server import free_port

    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "dragon_bench",
        "serve",
        "--hub",
        hub.url,
        "--db",
        str(tmp_path / "served.db"),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/v1/health", timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.monotonic() < deadline, "dragon serve did not answer"
                time.sleep(0.3)
        assert r.status_code == 200 and r.json()["versions"] == ["1.0.0", "1.1.0"]
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
    finally:
        proc.terminate()
        proc.wait(30)
    from typer.testing import CliRunner

    from dragon_bench.cli import app

    env = {"DRAGON_PORTAL_ENVIRONMENT": "production"}
    out = CliRunner().invoke(app, cmd[3:], env=env)
    assert out.exit_code != 0 and "SECRET_KEY" in str(out.exception)
