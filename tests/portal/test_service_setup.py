"""Settings, migrations, the CLI's token commands and the OpenAPI document."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from pydantic import ValidationError

from dragon_bench.portal.db import Database
from dragon_bench.portal.settings import PortalSettings
from tests.portal.conftest import Live


def test_default_secret_refused_outside_development() -> None:
    with pytest.raises(ValidationError, match="SECRET_KEY"):
        PortalSettings(environment="production")
    assert PortalSettings(environment="production", secret_key="s3cr3t-value").secret_key


def test_migrations_match_models_and_are_idempotent(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from dragon_bench.portal.models import Base

    db = Database(db_url)
    db.migrate()
    db.migrate()
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    db.dispose()


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


def test_openapi_describes_protocol_and_rest(live: Live) -> None:
    doc = live.http.get("/openapi.json").json()
    paths = set(doc["paths"])
    for path in (
        "/submit/create",
        "/submit/fetch_judge_requests",
        "/submit/get_gen_output",
        "/submit/add_judge_results",
        "/api/v1/revisions/{version}/texts",
        "/api/v1/submissions/{submit_id}/questions",
        "/api/v1/leaderboard",
        "/api/v1/admin/submissions/{submit_id}/{action}",
    ):
        assert path in paths
    assert "multipart/form-data" in doc["paths"]["/submit/create"]["post"]["requestBody"]["content"]


def test_client_library_loads_revision_from_portal(live: Live) -> None:
    load = pytest.importorskip("dragon_bench.client.load")
    rev = load.load_portal(live.url, "latest")
    assert rev.version == "1.1.0"
