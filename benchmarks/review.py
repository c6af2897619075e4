"""Review API latency: the next-candidate call on a staged revision of 1,000 candidates.

A staged revision of N candidates (each with two evidence triples over a text of its own) is
written to a temporary hub; a live portal on loopback serves it; one reviewer asks for the
next candidate and decides it (accept or reject, alternating) until every candidate is
decided, so the call is timed over a queue from empty to full. Timed: the wall time of
`GET /api/v1/review/<version>/next` as the client sees it over loopback (an upper bound of
the server time). Baseline, in the same run: `GET /api/v1/health` (a request that touches
the database).

    .venv/bin/python benchmarks/review.py [--quick] [--db postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import pyarrow as pa  # noqa: E402

from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.portal.server import PortalServer  # noqa: E402
from dragon_bench.portal.settings import PortalSettings  # noqa: E402
from dragon_bench.portal.tokens import create_token  # noqa: E402
from dragon_bench.questions.shapes import QUESTION_TYPES  # noqa: E402


def staged_hub(root: Path, n: int) -> tuple[Hub, str]:
    """A staged revision of `n` candidates, written as `dragon build --review` writes one."""
    hub = Hub(str(root))
    types = list(QUESTION_TYPES)
    texts, evidence = [], []
    for i in range(n):
        subject, obj = f"Иван Петров{i}", f"Компания{i}"
        sentence = f"{subject} работает в «{obj}» с 2001 года."
        text = f"Новость {i}\n{sentence} Других подробностей нет."
        start = text.index(sentence)
        s0 = text.index(subject)
        o0 = text.index(obj)
        span = {"doc_id": f"d{i}", "relation": "WORKPLACE", "relation_type": "WORKPLACE",
                "subject": subject, "subject_id": f"PERSON:{subject.lower()}",
                "object": obj, "object_id": f"ORGANIZATION:{obj.lower()}",
                "subject_span": [s0, s0 + len(subject)], "object_span": [o0, o0 + len(obj)],
                "sentence_span": [start, start + len(sentence)], "tense": "present"}  # fmt: skip
        texts.append(text)
        evidence.append([span, {**span, "relation": "WORKS_AS", "relation_type": "WORKS_AS"}])
    qa = pa.table(
        {
            "id": list(range(n)),
            "question": [f"Где работает Иван Петров{i}?" for i in range(n)],
            "answer": [f"Компания{i}" for i in range(n)],
            "answers": [[f"Компания{i}"] for i in range(n)],
            "type": [types[i % len(types)] for i in range(n)],
            "text_ids": [[f"d{i}"] for i in range(n)],
            "evidence": evidence,
            "confidence": [0.5 + (i % 50) / 100 for i in range(n)],
            "flags": [["closed_book:m"] if i % 10 == 0 else [] for i in range(n)],
            "template": [f"t{i % 7}" for i in range(n)],
        }
    )
    private = {
        "texts": pa.table({"id": [f"d{i}" for i in range(n)], "public_id": list(range(n))}),
        "qa": qa,
        "public_texts": pa.table({"id": list(range(n)), "text": texts}),
    }
    hub.write_revision("1.0.0", {}, private, staged=True)
    return hub, "1.0.0"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="200 candidates (within a minute)")
    ap.add_argument("--candidates", type=int, default=None)
    ap.add_argument("--db", default=None, help="Database URL (default: a SQLite file)")
    args = ap.parse_args()
    n = args.candidates or (200 if args.quick else 1000)
    with tempfile.TemporaryDirectory() as tmp:
        staged_hub(Path(tmp) / "hub", n)
        settings = PortalSettings(
            hub=str(Path(tmp) / "hub"),
            db=args.db or f"sqlite:///{Path(tmp) / 'portal.db'}",
            worker=False,
            review_double_share=0.0,
            rate_limit_per_minute=10**9,
        )
        with PortalServer(settings) as server:
            with server.portal.db.session() as s:
                secret = create_token(s, role="reviewer", name="bench")[1]
            headers = {"Authorization": f"Bearer {secret}"}
            http = httpx.Client(base_url=server.url, timeout=30, headers=headers)
            base = "/api/v1/review/1.0.0"
            http.get(f"{base}/next").raise_for_status()  # the first read of the hub
            nexts: list[float] = []
            health: list[float] = []
            after: int | None = None
            for i in range(n):
                t0 = time.perf_counter()
                r = http.get(f"{base}/next" + (f"?after={after}" if after is not None else ""))
                nexts.append((time.perf_counter() - t0) * 1000)
                r.raise_for_status()
                cand = r.json()["candidate"]
                t0 = time.perf_counter()
                http.get("/api/v1/health").raise_for_status()
                health.append((time.perf_counter() - t0) * 1000)
                body: dict[str, Any] = {"question_id": cand["question_id"], "decision": "accept"}
                if i % 2:
                    body = {**body, "decision": "reject", "reason": "ambiguous"}
                http.post(f"{base}/decisions", json=body).raise_for_status()
                after = cand["question_id"]
            done = http.get(f"{base}/next").json()
            assert done["candidate"] is None and done["progress"]["decided"] == n
            http.close()
    figures = {
        "candidates": n,
        "machine": f"{platform.machine()} {platform.python_version()}",
        "database": "postgresql" if args.db else "sqlite",
        "health_p50_ms": round(statistics.median(health), 2),
        "health_p99_ms": round(percentile(health, 0.99), 2),
        "next_p50_ms": round(statistics.median(nexts), 2),
        "next_vs_health_p50": round(statistics.median(nexts) / statistics.median(health), 2),
        "next_p99_ms": round(percentile(nexts, 0.99), 2),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
