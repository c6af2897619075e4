"""Issue #13 items 11 and 12: the documented first steps work (a token before the first `dragon
serve`), and the judge status says what will happen, with `builtin` as an operator's choice."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.portal import Live, results
from tests.plugins.dragon_main import Outcome

Main = Callable[..., Outcome]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'portal.db'}"


@pytest.mark.parametrize("spelling", ["sqlite:///{path}", "{path}"])
def test_create_token_before_the_first_serve(
    spelling: str, hub: Hub, tmp_path: Path, dragon_main: Main
) -> None:
    """README and operators.md: `dragon admin create-token --db ...` first, then `dragon serve`."""
    path = tmp_path / "new" / "portal.db"
    path.parent.mkdir()
    db = spelling.format(path=path)
    made = dragon_main("admin", "create-token", "--db", db, "--role", "admin", "--name", "ops")
    assert made.code == 0, made.err
    secret = made.out.strip()
    assert made.out == secret + "\n" and secret.startswith("drg_")
    assert path.exists()
    listed = dragon_main("admin", "list-tokens", "--db", db, "--format", "json")
    assert [t["name"] for t in json.loads(listed.out)] == ["ops"]
    settings = PortalSettings(hub=hub.url, db=db, worker=False)
    with PortalServer(settings) as server:
        r = httpx.get(
            server.url + "/api/v1/admin/tokens", headers={"Authorization": f"Bearer {secret}"}
        )
    assert r.status_code == 200 and [t["name"] for t in r.json()] == ["ops"]


def _status(live: Live, submit_id: str) -> str:
    return str(live.wait(submit_id)["judge_status"])


def test_judge_status_external_says_since_when(live: Live) -> None:
    assert live.submit(results(2), submit_id="j1").status_code == 200
    done = live.wait("j1")
    assert done["judge_state"] == "pending"
    since = done["evaluated_at"].replace("T", " ")
    assert done["judge_status"] == f"waiting for the external judge since {since} UTC"
    page = live.http.get("/submissions/j1", headers=live.auth("admin"))
    assert f"waiting for the external judge since {since} UTC" in page.text
    r = live.http.post(
        "/submit/add_judge_results",
        data={"token": live.tokens["admin"], "submit_id": "j1", "judge_results": "0.5"},
    )
    assert r.status_code == 200
    assert _status(live, "j1") == "0.500"


def test_judge_status_without_a_judge(make_live: Any) -> None:
    live = make_live(judge="none")
    assert live.submit(results(2), submit_id="n1").status_code == 200
    done = live.wait("n1")
    assert (done["judge_state"], done["judge_status"]) == ("none", "no judge configured")
    assert live.http.post(
        "/submit/fetch_judge_requests", data={"token": live.tokens["admin"]}
    ).json() == {"items": []}


def test_serve_judge_option(tmp_path: Path, hub: Hub, dragon_main: Main, monkeypatch: Any) -> None:
    for name in ("DRAGON_LLM_BASE_URL", "DRAGON_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    base = ("serve", "--hub", hub.url, "--db", str(tmp_path / "p.db"), "--port", "1")
    builtin = dragon_main(*base, "--judge", "builtin")
    assert builtin.code == 2 and "--judge builtin needs DRAGON_LLM_BASE_URL" in builtin.err
    bogus = dragon_main(*base, "--judge", "sometimes")
    assert bogus.code == 2 and "judge" in bogus.err and "Traceback" not in bogus.err
    monkeypatch.setenv("DRAGON_PORTAL_JUDGE", "builtin")
    from_env = dragon_main(*base)
    assert from_env.code == 2 and "DRAGON_LLM_BASE_URL" in from_env.err
