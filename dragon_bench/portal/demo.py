"""Demo step: start the portal, submit the baseline over DRAGON's protocol, approve it, show the board."""

from __future__ import annotations

import atexit
import time
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.client.submit import submit
from dragon_bench.demo import DemoContext
from dragon_bench.output import print_table, stdout
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.tokens import create_token

__all__ = ["run"]


def _submit(
    url: str, token: str, results: Path, version: str | None, config: dict[str, Any]
) -> str:
    """POST /submit/create with the participant's client library, exactly as users do."""
    return str(submit(results, url, token, version=version, config=config))


def _wait(
    http: Any, submit_id: str, admin: dict[str, str], timeout: float = 120.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body: dict[str, Any] = http.get(f"/api/v1/submissions/{submit_id}", headers=admin).json()
        if body["state"] not in ("queued", "evaluating") or time.monotonic() > deadline:
            return body
        time.sleep(0.1)


def _keep_serving(server: Any) -> None:
    stdout.print(f"portal still running at {server.url} (Ctrl-C to stop)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


def run(ctx: DemoContext) -> None:
    """Serve ctx.artifacts["hub"], submit ctx.artifacts["results"], approve, print the leaderboard."""
    hub, results = ctx.artifacts.get("hub"), ctx.artifacts.get("results")
    if not hub or not results:
        stdout.print("no revision or results from earlier steps: skipping the portal")
        return
    db = ctx.workdir / "portal.db"
    server = PortalServer(
        PortalSettings(hub=str(hub), db=str(db), results_repo=ctx.artifacts.get("results_repo", ""))
    ).start()
    stdout.print(f"portal serving {hub} at {server.url} (database {db})")
    try:
        with server.portal.db.session() as s:
            admin_token = create_token(s, role="admin", name="demo-admin")[1]
            participant_token = create_token(s, role="participant", name="demo-participant")[1]
        config = {
            "user_guid": "demo",
            "is_auto": False,
            "model_name": "baseline (bm25 + extractive)",
            "embedding_model": "",
            "retriever_type": "bm25",
            "retrieval_config": {"top_k": 5},
        }
        version = ctx.artifacts.get("version")
        submit_id = _submit(server.url, participant_token, Path(results), version, config)
        stdout.print(f"submitted {results} over POST /submit/create → submission {submit_id}")
        admin = {"Authorization": f"Bearer {admin_token}"}
        with httpx.Client(base_url=server.url, timeout=60) as http:
            state = _wait(http, submit_id, admin)
            stdout.print(
                f"evaluated: state {state['state']}"
                + (f" ({state['error']})" if state.get("error") else "")
            )
            if state["state"] == "evaluated":
                http.post(
                    f"/api/v1/admin/submissions/{submit_id}/approve", headers=admin
                ).raise_for_status()
                stdout.print("approved by the demo admin")
            board = http.get("/api/v1/leaderboard").json()
        rows = [
            [r["rank"], r["model_name"], r["version"], r["retrieval"], r["generation"], r["total"]]
            for r in board["rows"]
        ]
        print_table(
            ["#", "model", "version", "retrieval", "generation", "total"],
            rows,
            title=f"leaderboard, version {board['version']}",
        )
        stdout.print(f"leaderboard page: {server.url}/?version={board['version']}")
        ctx.artifacts["portal_url"] = server.url
        ctx.artifacts["portal_db"] = str(db)
        ctx.artifacts["portal_admin_token"] = admin_token
        ctx.artifacts["portal_submission"] = submit_id
    except BaseException:
        server.stop()
        raise
    if ctx.keep_running:
        ctx.artifacts["portal_server"] = server
        atexit.register(_keep_serving, server)  # after the remaining steps and the summary
    else:
        server.stop()
        stdout.print("portal stopped (use --keep-running to leave it up)")
