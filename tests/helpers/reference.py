"""An independent scorer standing in for dragon_bench.metrics in the portal's own tests.

It implements DESIGN.md's DRAGON definitions directly (hit_rate, mrr, precision, substr_match,
exact_match) from the hub's private tables, so the leaderboard numbers the portal shows can be
checked against hand-computed values, and it counts calls to prove nothing is scored twice.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.portal.evaluation import Evaluation, finish_report, owner_details


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


class ReferenceEvaluator:
    judges = False

    def __init__(self, hub: Hub, delay: float = 0.0) -> None:
        self.hub = hub
        self.delay = delay
        self.calls: Counter[str] = Counter()
        self._lock = threading.Lock()

    def evaluate(self, version: str, results: dict[str, Any]) -> Evaluation:
        with self._lock:
            self.calls[str(sorted(results.items()))[:200] + version] += 1
        if self.delay:
            time.sleep(self.delay)
        if results.get("__bad__"):
            raise BadInputError("results mention " + str(results["__bad__"]))
        qa = self.hub.read_table("private", version, "qa").to_pylist()
        texts = self.hub.read_table("private", version, "texts").to_pylist()
        public_of = {t["id"]: t["public_id"] for t in texts}
        per_q = []
        for q in qa:
            r = results.get(str(q["id"]), {"found_ids": [], "model_answer": ""})
            gold = {public_of[t] for t in q["text_ids"]}
            found = r["found_ids"]
            rank = next((i + 1 for i, f in enumerate(found) if f in gold), None)
            answer = r["model_answer"].lower()
            per_q.append(
                {
                    "id": q["id"],
                    "type": q["type"],
                    "retrieval": {
                        "hit_rate": 1.0 if rank else 0.0,
                        "mrr": 1.0 / rank if rank else 0.0,
                        "precision": (sum(f in gold for f in found) / len(found)) if found else 0.0,
                    },
                    "generation": {
                        "substr_match": 1.0 if q["answer"].lower() in answer else 0.0,
                        "exact_match": 1.0 if q["answer"].lower() == answer.strip() else 0.0,
                    },
                }
            )

        def agg(items: list[dict[str, Any]]) -> dict[str, Any]:
            return {
                part: {k: _mean([i[part][k] for i in items]) for k in items[0][part]}
                for part in ("retrieval", "generation")
            }

        report = {
            "version": version,
            "n_questions": len(per_q),
            "signature": "reference|k:all",
            "overall": agg(per_q),
            "by_type": {
                t: agg([i for i in per_q if i["type"] == t])
                for t in sorted({i["type"] for i in per_q})
            },
            "per_question": per_q,
        }
        details = owner_details(report, results)
        return Evaluation(finish_report(report, details, resamples=200), details)
