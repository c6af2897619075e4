"""Demo step: start the portal, submit the baseline over DRAGON's protocol, approve it, show the
board with its cutoff selector, trends and a closed-book reference row (the offline stand-in
model of the LLM demo behind the scripted OpenAI-compatible server)."""

from __future__ import annotations

import atexit
import time
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.client.submit import submit
from dragon_bench.corpus import read_documents
from dragon_bench.demo import DemoContext
from dragon_bench.llm import LLMClient
from dragon_bench.llm.demo import StandInModel
from dragon_bench.llm.scripted import ScriptedLLMServer
from dragon_bench.output import print_table, stdout
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.tokens import create_token
from dragon_bench.release.freshness_demo import DEMO_MIN_SLICE

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


def _wait_references(http: Any, admin: dict[str, str], timeout: float = 60.0) -> list[Any]:
    deadline = time.monotonic() + timeout
    while True:
        runs: list[Any] = http.get("/api/v1/admin/references", headers=admin).json()["items"]
        if (runs and all(r["state"] == "done" for r in runs)) or time.monotonic() > deadline:
            return runs
        time.sleep(0.1)


def _show_board(http: Any, board: dict[str, Any]) -> None:
    """The cutoff selector's offered dates, the board at the latest one, the reference row."""
    offered = board.get("cutoffs") or []
    version = board["version"]
    if offered:
        last = offered[-1]
        stdout.print(
            f"cutoff selector on {version}: "
            + ", ".join(f"after {c['date']} ({c['n_questions']} questions)" for c in offered)
            + f" (minimum slice {DEMO_MIN_SLICE} for the demo)",
            highlight=False,
        )
        board = http.get(f"/api/v1/leaderboard?version={version}&cutoff={last['date']}").json()
    else:
        stdout.print(f"cutoff selector on {version}: no dated slice of {DEMO_MIN_SLICE}+ questions")
    rows = [
        [r["rank"], r["model_name"], r["version"], r["retrieval"], r["generation"], r["total"]]
        + ([r.get("cutoff_total")] if offered else [])
        for r in board["rows"]
    ]
    notes = []
    for r in board.get("references") or []:
        ref = r["reference"]
        rows.append(
            ["ref", f"{r['model_name']} (closed-book)", r["version"]]
            + [r["retrieval"], r["generation"], r["total"]]
            + ([r.get("cutoff_total")] if offered else [])
        )
        notes.append(
            f"ref: {r['model_name']} asked every question with no text (not ranked): "
            f"{ref['from_memory']} of {ref['n_questions']} answered from memory"
        )
    head = ["#", "model", "version", "retrieval", "generation", "total"]
    print_table(
        head + ([f"fresh total after {offered[-1]['date']}"] if offered else []),
        rows,
        title=f"leaderboard, version {version}",
    )
    for note in notes:
        stdout.print(note, highlight=False)
    trend = board.get("trends") or {}
    stdout.print(
        f"trend chart: {len(trend.get('series') or [])} model(s) over "
        f"{len(trend.get('versions') or [])} revision(s), difficulty line "
        + ", ".join(f"{v['version']} {v['total']}" for v in trend.get("versions") or []),
        highlight=False,
    )


def run(ctx: DemoContext) -> None:
    """Serve ctx.artifacts["hub"], submit ctx.artifacts["results"], approve, print the leaderboard."""
    hub, results = ctx.artifacts.get("hub"), ctx.artifacts.get("results")
    if not hub or not results:
        stdout.print("no revision or results from earlier steps: skipping the portal")
        return
    db = ctx.workdir / "portal.db"
    # the closed-book reference: the LLM demo's offline stand-in model, which remembers every
    # third document (as a model remembers what it was trained on)
    docs = ctx.artifacts.get("documents")
    docs = list(docs if docs is not None else read_documents(ctx.corpus) if ctx.corpus else [])
    llm = ScriptedLLMServer(reply=StandInModel(memory=docs[::3]), model="stand-in").start()
    settings = PortalSettings(
        hub=str(hub),
        db=str(db),
        results_repo=ctx.artifacts.get("results_repo", ""),
        fresh_min_slice=DEMO_MIN_SLICE,
    )
    server = PortalServer(settings)
    server.portal.references.clients = {
        "stand-in": LLMClient(llm.settings(ctx.workdir / "llm-cache", concurrency=8))
    }
    server.start()
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
            runs = _wait_references(http, admin)
            stdout.print(
                "closed-book reference runs: "
                + ", ".join(f"{r['model']} on {r['version']}: {r['state']}" for r in runs),
                highlight=False,
            )
            board = http.get("/api/v1/leaderboard").json()
            _show_board(http, board)
        stdout.print(f"leaderboard page: {server.url}/?version={board['version']}")
        ctx.artifacts["portal_url"] = server.url
        ctx.artifacts["portal_db"] = str(db)
        ctx.artifacts["portal_admin_token"] = admin_token
        ctx.artifacts["portal_submission"] = submit_id
    except BaseException:
        server.stop()
        llm.close()
        raise
    if ctx.keep_running:
        ctx.artifacts["portal_server"] = server
        atexit.register(_keep_serving, server)  # after the remaining steps and the summary
    else:
        server.stop()
        stdout.print("portal stopped (use --keep-running to leave it up)")
    if not ctx.keep_running:
        llm.close()
