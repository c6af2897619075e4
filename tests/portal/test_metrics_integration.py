"""The portal scoring with the real dragon_bench.metrics engine (and its LLM judge) end to end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.tokens import create_token
from tests.helpers.portal import GOLD_ANSWERS, INTERNAL_IDS, results
from tests.helpers.reference import ReferenceEvaluator

metrics = pytest.importorskip("dragon_bench.metrics")
if not hasattr(metrics, "evaluate"):
    pytest.skip("dragon_bench.metrics.evaluate is not written yet", allow_module_level=True)


def _tokens(server: PortalServer) -> dict[str, str]:
    out = {}
    with server.portal.db.session() as s:
        for role in ("participant", "admin"):
            out[role] = create_token(s, role=role, name=role)[1]
    return out


def _wait(http: Any, sid: str, admin: str) -> dict[str, Any]:
    import time

    for _ in range(1200):
        body = http.get(
            f"/api/v1/submissions/{sid}", headers={"Authorization": f"Bearer {admin}"}
        ).json()
        if body["state"] not in ("queued", "evaluating"):
            return dict(body)
        time.sleep(0.05)
    raise TimeoutError(sid)


def test_real_metrics_agree_with_the_reference_scorer(hub: Hub, tmp_path: Path) -> None:
    import httpx

    settings = PortalSettings(hub=hub.url, db=str(tmp_path / "p.db"), worker_poll_seconds=0.05)
    data = results(hits=3, answers_right=2)
    with PortalServer(settings) as server, httpx.Client(base_url=server.url) as http:
        tok = _tokens(server)
        r = http.post(
            "/submit/create",
            data={
                "config": json.dumps({"model_name": "real"}),
                "submit_id": "r1",
                "version": "1.0.0",
                "token": tok["participant"],
                "filename": "r.json",
            },
            files={"results.json": ("r.json", json.dumps(data).encode())},
        )
        assert r.status_code == 200, r.text
        done = _wait(http, "r1", tok["admin"])
        assert done["state"] == "evaluated", done.get("error")
        log = http.get(
            "/api/v1/submissions/r1/questions",
            headers={"Authorization": f"Bearer {tok['participant']}"},
        )
        assert not [s for s in INTERNAL_IDS if s in log.text]
        assert [q["id"] for q in log.json()["items"]] == [0, 1, 2, 3]
    reference = ReferenceEvaluator(hub).evaluate("1.0.0", data).report["overall"]
    overall = done["metrics"]["overall"]
    for name in ("hit_rate", "mrr", "precision"):
        assert overall["retrieval"][name] == pytest.approx(reference["retrieval"][name])
    assert overall["generation"]["substr_match"] == pytest.approx(
        reference["generation"]["substr_match"]
    )
    assert done["signature"] and "ci" in done and done["ci"]["total"][0] <= done["ci"]["total"][1]


def test_builtin_judge_scores_through_the_llm_endpoint(
    hub: Hub, tmp_path: Path, llm_server, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import httpx

    llm = llm_server.settings(tmp_path)
    monkeypatch.setenv("DRAGON_LLM_BASE_URL", llm.base_url)
    monkeypatch.setenv("DRAGON_LLM_MODEL", llm.model)
    monkeypatch.setenv("DRAGON_LLM_API_KEY", llm.api_key or "x")
    monkeypatch.setenv("DRAGON_LLM_CACHE_DIR", str(tmp_path / "llm-cache"))
    llm_server.reply = lambda req: json.dumps(
        {"label": "accurate", "verdict": "accurate", "score": 1}
    )
    settings = PortalSettings(
        hub=hub.url, db=str(tmp_path / "p.db"), judge="builtin", worker_poll_seconds=0.05
    )
    with PortalServer(settings) as server, httpx.Client(base_url=server.url) as http:
        tok = _tokens(server)
        http.post(
            "/submit/create",
            data={
                "config": "{}",
                "submit_id": "j",
                "version": "1.0.0",
                "token": tok["participant"],
            },
            files={"f": ("r.json", json.dumps(results(2, 2)).encode())},
        )
        done = _wait(http, "j", tok["admin"])
    assert done["state"] == "evaluated", done.get("error")
    assert done["judge_state"] == "done" and done["judge"] is not None
    assert llm_server.requests and not any(a in json.dumps(done) for a in GOLD_ANSWERS)
