"""Arena test pipelines (fixed answers, slow or broken), a live arena portal, a graded submission."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from dragon_bench.rag.answer import AnswerSentence, RagAnswer
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.remote import RagReply
from tests.helpers.portal import results
from tests.plugins.portal_live import PortalLive

__all__ = ["ArenaLive", "Fixed", "graded_submission"]


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
