"""Demo step: the portal's arena over the demo revision with two offline pipelines, scripted
votes over HTTP, the arena leaderboard, and a short human-grading session."""

from __future__ import annotations

import re
from typing import Any

import httpx

from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.output import print_table, stdout
from dragon_bench.portal.arena.battles import Arena, public_texts
from dragon_bench.portal.arena.service import set_arena
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.tokens import create_token
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.registry import PipelineSpec, build_registry

__all__ = ["run"]

BATTLES = 6
LABELS = ("perfect", "acceptable", "incorrect", "missing")


def _arena(hub: Any, version: str) -> Any:
    """Two offline pipelines over the revision's public texts: the baseline and a narrower one."""
    specs = [
        PipelineSpec("baseline", config=PipelineConfig(), source="baseline"),
        PipelineSpec(
            "bm25-top1",
            config=PipelineConfig(top_k=1, found_k=3, run_id="bm25-top1"),
            source="demo",
        ),
    ]
    registry = build_registry(specs, public_texts(hub, version))
    return Arena(registry.pipelines, timeout=30.0, seed=0)


def _vote(battle: dict[str, Any]) -> tuple[str, str]:
    """A scripted voter: the longer answer wins; the evidence sharing more of the question's
    words wins (both sides show as many segments, so it is their content that differs)."""

    def pick(x: int, y: int) -> str:
        return "tie" if x == y else ("a" if x > y else "b")

    asked = {w for w in re.findall(r"\w+", battle["question"].lower()) if len(w) > 3}

    def support(view: dict[str, Any]) -> int:
        shown = " ".join(seg["text"] for seg in view["segments"]).lower()
        return len(asked & set(re.findall(r"\w+", shown)))

    a, b = battle["a"], battle["b"]
    return pick(len(a["text"]), len(b["text"])), pick(support(a), support(b))


def _grade(http: Any, admin: dict[str, str], submit_id: str) -> None:
    view = http.get(f"/api/v1/grading/{submit_id}", params={"n": 8}, headers=admin)
    if view.status_code != 200:
        stdout.print(f"grading skipped: {view.json().get('detail')}")
        return
    items = view.json()["items"]
    summary: dict[str, Any] = {}
    for n, item in enumerate(items):
        # A scripted grader: an answer containing the gold answer is perfect, else cycles labels.
        gold = (item.get("gold_answer") or "").lower()
        label = "perfect" if gold and gold in item["model_answer"].lower() else LABELS[n % 4]
        r = http.post(
            f"/api/v1/grading/{submit_id}/labels",
            json={"question_id": item["question_id"], "label": label},
            headers=admin,
        )
        r.raise_for_status()
        summary = r.json()
    if summary:
        a = summary["agreement"]
        stdout.print(
            f"human grading of {submit_id}: {summary['n_labels']} labels, truthfulness "
            f"{summary['human_truthfulness']:.3f}; judge score {summary['judge']}; "
            f"kappa vs judge {a['kappa']} over {a['n']} judged answers"
        )


def run(ctx: DemoContext) -> None:
    """Serve the arena over ctx.artifacts["hub"], run scripted battles, print the ratings."""
    hub_url = ctx.artifacts.get("hub")
    if not hub_url:
        stdout.print("no revision from earlier steps: skipping the arena")
        return
    hub = Hub(str(hub_url))
    version = str(ctx.artifacts.get("version") or hub.resolve("latest"))
    db = ctx.artifacts.get("portal_db") or str(ctx.workdir / "portal.db")
    settings = PortalSettings(hub=str(hub_url), db=str(db), worker=False)
    server = PortalServer(settings).start()
    try:
        arena = _arena(hub, version)
        set_arena(server.portal, arena)
        stdout.print(f"arena at {server.url}/arena with pipelines {', '.join(arena.names())}")
        with server.portal.db.session() as s:
            voter = create_token(s, role="participant", name="demo-voter")[1]
            admin_secret = create_token(s, role="admin", name="demo-grader")[1]
        auth = {"Authorization": f"Bearer {voter}"}
        admin = {"Authorization": f"Bearer {admin_secret}"}
        with httpx.Client(base_url=server.url, timeout=60) as http:
            for _ in range(BATTLES):
                battle = http.post("/api/v1/arena/battles", json={}, headers=auth).json()
                if battle.get("state") != "open":
                    stdout.print(f"battle failed: {battle.get('error') or battle.get('detail')}")
                    continue
                answer, evidence = _vote(battle)
                voted = http.post(
                    f"/api/v1/arena/battles/{battle['battle_id']}/vote",
                    json={"answer": answer, "evidence": evidence},
                    headers=auth,
                ).json()
                stdout.print(
                    f"battle {battle['question'][:50]!r}: answer {answer}, evidence {evidence} "
                    f"→ A was {voted['reveal']['a']}, B was {voted['reveal']['b']}"
                )
            board = http.get("/api/v1/arena/leaderboard").json()
            for part in ("answer", "evidence"):
                print_table(
                    ["#", "pipeline", "rating", "95% CI", "elo", "games"],
                    [
                        [
                            r["rank"],
                            r["pipeline"],
                            f"{r['rating']:.2f}",
                            f"{r['ci_low']:.1f}–{r['ci_high']:.1f}" if r["ci_low"] else "—",
                            f"{r['elo']:.2f}",
                            r["games"],
                        ]
                        for r in board[part]
                    ],
                    title=f"arena ratings ({part}), {board['votes']} votes",
                )
            submit_id = ctx.artifacts.get("portal_submission")
            if submit_id:
                _grade(http, admin, str(submit_id))
        ctx.artifacts["arena_board"] = board
        arena.close()
    finally:
        server.stop()
    stdout.print("arena portal stopped")
