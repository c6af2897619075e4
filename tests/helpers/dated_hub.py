"""A hub whose questions carry `as_of` dates (one gold text each), and results that answer a
chosen set of its questions perfectly: for the leaderboard's cutoff and trend tests.

A right question scores 1 on every metric of the reference evaluator (its gold text alone is
found, the answer is the gold itself), a wrong one 0, so a slice's expected score is the share
of right questions in it, counted by the test without the portal's code.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from dragon_bench.hub import Hub

__all__ = ["answer_of", "dated_results", "write_dated_hub"]


def answer_of(i: int) -> str:
    return f"ответ номер {i}"


def write_dated_hub(
    root: Path,
    days: Mapping[str, Sequence[date | None]],
    created: Mapping[str, str] | None = None,
) -> Hub:
    """One revision per version with `len(days[version])` questions, question i dated days[i]
    (None: undated); `created` sets a manifest's created_at (ISO), the revision's date."""
    hub = Hub(str(root))
    parent = None
    for version, when in days.items():
        n = len(when)
        public = {
            "texts": pa.table(
                {"id": [100 + i for i in range(n)], "text": [f"Текст {i}" for i in range(n)]}
            ),
            "questions": pa.table(
                {"id": list(range(n)), "question": [f"Вопрос {i}?" for i in range(n)]}
            ),
        }
        as_of = [
            None if d is None else datetime(d.year, d.month, d.day, 12, tzinfo=UTC) for d in when
        ]
        private = {
            "texts": pa.table(
                {"id": [f"doc-{i}" for i in range(n)], "public_id": [100 + i for i in range(n)]}
            ),
            "qa": pa.table(
                {
                    "id": list(range(n)),
                    "question": [f"Вопрос {i}?" for i in range(n)],
                    "answer": [answer_of(i) for i in range(n)],
                    "answers": [[answer_of(i)] for i in range(n)],
                    "type": ["simple"] * n,
                    "text_ids": [[f"doc-{i}"] for i in range(n)],
                    "as_of": pa.array(as_of, pa.timestamp("us", tz="UTC")),
                }
            ),
        }
        extra = {"created_at": created[version]} if created and version in created else None
        hub.write_revision(version, public, private, parent=parent, extra=extra)
        parent = version
    return hub


def dated_results(n: int, right: Collection[int]) -> dict[str, Any]:
    """Results for n questions: those in `right` answered perfectly, the others not at all."""
    return {
        str(i): (
            {"found_ids": [100 + i], "model_answer": answer_of(i)}
            if i in right
            else {"found_ids": [100 + (i + 1) % n], "model_answer": "не знаю"}
        )
        for i in range(n)
    }
