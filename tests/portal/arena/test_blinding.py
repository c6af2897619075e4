"""Issue #13 item 3: both sides of a battle look alike (as many references, one field order,
no timing), so a voter cannot tell the pipelines apart by anything but the answers."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from dragon_bench.rag.answer import AnswerSentence, RagAnswer
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.remote import RagReply


@dataclass
class Cites:
    """A pipeline answering with `n` references, citing every one of them, after `delay` s."""

    name: str
    n: int
    delay: float = 0.0

    def rag(self, query: str, *, qid: str = "") -> RagReply:
        time.sleep(self.delay)
        ids = tuple(str(i) for i in (41, 17, 69, 22, 5)[: self.n])
        cands = tuple(Candidate(d, 1.0, f"segment {d} from {self.name}") for d in ids)
        sentences = (AnswerSentence(f"{self.name} answers.", tuple(range(self.n))),)
        answer = RagAnswer(
            qid, query, ids, ids, sentences, f"{self.name} answers.", run_id=self.name
        )
        return RagReply(self.name, answer.to_trec(), answer, cands, elapsed=self.delay)


def _battle(live: Any) -> dict[str, Any]:
    r = live.http.post(
        "/api/v1/arena/battles",
        json={"question": "Где гуляли?"},
        headers=live.auth("participant"),
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_both_sides_show_as_many_references_in_one_shape(make_arena: Any) -> None:
    live = make_arena({"five": Cites("five", 5, 0.0), "three": Cites("three", 3, 0.2)})
    sides = []
    for _ in range(6):
        b = _battle(live)
        a, bb = b["a"], b["b"]
        # The same keys in the same order, at every level a page or script could read.
        assert list(a) == list(bb)
        assert [list(s) for s in a["sentences"]] == [list(s) for s in bb["sentences"]]
        assert [list(s) for s in a["segments"]] == [list(s) for s in bb["segments"]]
        assert len(a["references"]) == len(bb["references"]) == 3
        assert len(a["segments"]) == len(bb["segments"]) == 3
        for view in (a, bb):
            assert all(0 <= c < 3 for s in view["sentences"] for c in s["citations"])
            assert "elapsed" not in json.dumps(view)
        sides.append(a["text"])
        # The stored row (what the vote log and reveal show) is the same blinded view.
        again = live.http.get(
            f"/api/v1/arena/battles/{b['battle_id']}", headers=live.auth("participant")
        )
        assert again.json()["a"] == a and again.json()["b"] == bb
    assert {"five answers.", "three answers."} == set(sides)  # both orders were drawn
