"""Settings, migrations, the CLI's token commands and the OpenAPI document."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from dragon_bench.portal.db import Database
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.portal import Live


def test_default_secret_refused_outside_development() -> None:
    with pytest.raises(ValidationError, match="SECRET_KEY"):
        PortalSettings(environment="production")
    assert PortalSettings(environment="production", secret_key="s3cr3t-value").secret_key


def test_migrations_match_models_and_are_idempotent(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from dragon_bench.portal.db import load_models

    db = Database(db_url)
    db.migrate()
    db.migrate()
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), load_models()) == []
    db.dispose()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
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


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_client_library_loads_revision_from_portal(live: Live) -> None:
    load = pytest.importorskip("dragon_bench.client.load")
    rev = load.load_portal(live.url, "latest")
    assert rev.version == "1.1.0"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_session_cookie_login_and_cross_origin_refusal(live: Live) -> None:
    import httpx

    with httpx.Client(base_url=live.url, timeout=30) as browserish:
        r = browserish.post("/login", data={"token": live.tokens["admin"], "next": "/admin"})
        assert r.status_code == 303 and r.headers["location"] == "/admin"
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        assert live.tokens["admin"].lower() not in cookie  # the cookie names the token's hash only
        assert browserish.get("/api/v1/admin/queue").status_code == 200
        path = "/api/v1/admin/submissions/nope/approve"
        assert browserish.post(path, headers={"Origin": "http://evil.example"}).status_code == 403
        assert browserish.post(path, headers={"Origin": live.url}).status_code == 404
        browserish.cookies.set("dragon_session", "f" * 64 + ".forged")
        assert browserish.get("/api/v1/admin/queue").status_code == 401
    r = httpx.post(f"{live.url}/login", data={"token": "drg_nope"})
    assert r.status_code == 401
