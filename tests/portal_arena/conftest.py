"""Arena fixtures: a live portal over the portal tests' tiny hub with in-process pipelines."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.arena.battles import Arena
from dragon_bench.portal.arena.service import set_arena
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.rag.answer import AnswerSentence, RagAnswer
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.remote import RagReply
from tests.plugins.portal_live import Launch, PortalLive
from tests.portal.conftest import results, write_hub
from tests.portal.reference import ReferenceEvaluator


@dataclass
class Fixed:
    """A deterministic pipeline: always the same answer citing one segment (or slow, or broken)."""

    name: str
    delay: float = 0.0
    broken: bool = False
    text: str = ""
    calls: list[str] = field(default_factory=list)

    def rag(self, query: str, *, qid: str = "") -> RagReply:
        self.calls.append(query)
        if self.delay:
            time.sleep(self.delay)
        if self.broken:
            raise RuntimeError(f"{self.name} is down")
        cand = Candidate("41", 1.0, f"segment cited by {self.text or self.name}")
        answer = RagAnswer(
            qid,
            query,
            ("41",),
            ("41",),
            (AnswerSentence(self.text or f"{self.name} says hello.", (0,)),),
            self.text or f"{self.name} says hello.",
            run_id=self.name,
        )
        return RagReply(self.name, answer.to_trec(), answer, (cand,))


@dataclass
class ArenaLive(PortalLive):
    pipelines: dict[str, Fixed]


def graded_submission(live: ArenaLive) -> str:
    data = {
        "config": json.dumps({"model_name": "model-g", "user_guid": "g", "is_auto": False}),
        "submit_id": "g1",
        "version": "1.1.0",
        "token": live.tokens["participant"],
        "filename": "results.json",
    }
    body = json.dumps(results(3, 2)).encode()
    r = live.http.post(
        "/submit/create", data=data, files={"file": ("results.json", body, "application/json")}
    )
    assert r.status_code == 200, r.text
    for _ in range(600):
        s = live.http.get("/api/v1/submissions/g1", headers=live.auth("admin")).json()
        if s["state"] == "evaluated":
            break
        time.sleep(0.05)
    # An external judge's per-question verdicts (CRAG labels) next to its score.
    verdicts = {
        "score": 0.5,
        "per_question": {"0": "accurate", "1": "accurate", "2": "incorrect", "3": "missing"},
    }
    r = live.http.post(
        "/submit/add_judge_results",
        data={
            "token": live.tokens["admin"],
            "submit_id": "g1",
            "version": "1.1.0",
            "judge_results": json.dumps(verdicts),
        },
    )
    assert r.status_code == 200, r.text
    return "g1"


@pytest.fixture
def arena_hub(tmp_path: Path) -> Hub:
    return write_hub(tmp_path / "hub")


@pytest.fixture
def make_arena(arena_hub: Hub, tmp_path: Path, launch_portal: Launch) -> Callable[..., ArenaLive]:
    count = 0

    def make(
        pipelines: dict[str, Fixed] | None = None,
        timeout: float = 5.0,
        db: str | None = None,
        **kw: Any,
    ) -> ArenaLive:
        nonlocal count
        settings = PortalSettings(
            hub=arena_hub.url,
            db=db or f"sqlite:///{tmp_path / f'portal{count}.db'}",
            worker_poll_seconds=0.05,
            ci_resamples=100,
            **kw,
        )
        count += 1
        server, http, tokens = launch_portal(
            settings, evaluator=ReferenceEvaluator(arena_hub), roles=("participant", "admin")
        )
        pipes = pipelines if pipelines is not None else {n: Fixed(n) for n in ("alpha", "beta")}
        set_arena(server.portal, Arena(pipes, timeout=timeout, seed=1))
        return ArenaLive(server, http, tokens, pipes)

    return make


@pytest.fixture
def arena_live(make_arena: Callable[..., ArenaLive]) -> ArenaLive:
    return make_arena()


__all__ = ["Fixed", "ArenaLive", "graded_submission"]
