"""Portal load test: N submissions from C concurrent clients over DRAGON's protocol on loopback.

Every submission must be stored, evaluated exactly once (the real dragon_bench.metrics engine in
the portal's worker) and none lost; then C clients read the leaderboard and its latency
percentiles are reported. Baseline, measured in the same run under the same concurrency:
GET /api/v1/health (the server's floor for a request that touches the database).

Then the worker alone (`evaluated_per_s`): submissions to a revision of 170 questions are
queued with the worker stopped, and the worker evaluates them all, in batches (claimed,
evaluated and stored a few at a time, as it runs) and, as the baseline in the same run, one
at a time; the queue is reset between the alternating runs (medians of 3).

    .venv/bin/python benchmarks/portal_load.py [--quick] [--db postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import pyarrow as pa  # noqa: E402
from sqlalchemy import select  # noqa: E402

from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.portal.models import Submission  # noqa: E402
from dragon_bench.portal.server import PortalServer  # noqa: E402
from dragon_bench.portal.settings import PortalSettings  # noqa: E402
from dragon_bench.portal.tokens import create_token  # noqa: E402
from dragon_bench.questions.shapes import QUESTION_TYPES  # noqa: E402

WORDS = [
    "Москва",
    "город",
    "парк",
    "пруд",
    "выставка",
    "музей",
    "завод",
    "компания",
    "губернатор",
    "область",
    "река",
    "мост",
    "школа",
    "фестиваль",
    "театр",
    "учёные",
    "институт",
    "премьер",
    "министр",
    "совет",
    "проект",
    "станция",
    "метро",
    "улица",
    "площадь",
]


def write_hub(root: Path, n_texts: int, n_questions: int, rng: random.Random) -> Hub:
    hub = Hub(str(root))
    public_ids = rng.sample(range(10 * n_texts), n_texts)
    texts = [" ".join(rng.choices(WORDS, k=60)) for _ in range(n_texts)]
    answers = [" ".join(rng.choices(WORDS, k=2)) for _ in range(n_questions)]
    gold = [rng.sample(range(n_texts), rng.choice((1, 2))) for _ in range(n_questions)]
    questions = [f"Вопрос {i}: {' '.join(rng.choices(WORDS, k=6))}?" for i in range(n_questions)]
    hub.write_revision(
        "1.0.0",
        {
            "texts": pa.table({"id": public_ids, "text": texts}),
            "questions": pa.table({"id": list(range(n_questions)), "question": questions}),
        },
        {
            "texts": pa.table(
                {"id": [f"doc-{i}" for i in range(n_texts)], "public_id": public_ids}
            ),
            "qa": pa.table(
                {
                    "id": list(range(n_questions)),
                    "question": questions,
                    "answer": answers,
                    "answers": [[a] for a in answers],
                    "type": [QUESTION_TYPES[i % 4] for i in range(n_questions)],
                    "text_ids": [[f"doc-{j}" for j in g] for g in gold],
                }
            ),
        },
    )
    hub.public_ids = public_ids  # type: ignore[attr-defined]
    hub.gold = [(g, a) for g, a in zip(gold, answers, strict=True)]  # type: ignore[attr-defined]
    return hub


def make_results(hub: Any, rng: random.Random, skill: float) -> bytes:
    out = {}
    for q, (gold, answer) in enumerate(hub.gold):
        hit = hub.public_ids[gold[0]]
        found = rng.sample([i for i in hub.public_ids if i != hit], 5)
        if rng.random() < skill:
            found[rng.randrange(5)] = hit
        text = f"Ответ: {answer}" if rng.random() < skill else " ".join(rng.choices(WORDS, k=4))
        out[str(q)] = {"found_ids": found, "model_answer": text}
    return json.dumps(out, ensure_ascii=False).encode()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def timed_gets(url: str, path: str, clients: int, per_client: int) -> list[float]:
    def one(_: int) -> list[float]:
        out = []
        with httpx.Client(base_url=url, timeout=60) as http:
            for _ in range(per_client):
                t = time.perf_counter()
                r = http.get(path)
                out.append((time.perf_counter() - t) * 1000)
                r.raise_for_status()
        return out

    with ThreadPoolExecutor(clients) as pool:
        return [x for part in pool.map(one, range(clients)) for x in part]


def worker_throughput(work: Path, n_sub: int, runs: int) -> dict[str, Any]:
    """Evaluated submissions per second of the worker, in batches and one at a time."""
    from sqlalchemy import update

    rng = random.Random(1)
    hub = write_hub(work / "worker-hub", n_texts=500, n_questions=170, rng=rng)
    settings = PortalSettings(
        hub=hub.url,
        db=str(work / "worker.db"),
        worker=False,
        rate_limit_per_minute=60_000,
        daily_submissions=n_sub,
    )
    files = [make_results(hub, random.Random(i), skill=0.5) for i in range(n_sub)]
    rates: dict[int, list[float]] = {1: [], 0: []}
    with PortalServer(settings) as server:
        portal = server.portal
        with portal.db.session() as s:
            token = create_token(s, role="participant", name="worker-load")[1]
        with httpx.Client(base_url=server.url, timeout=120) as http:
            for i, f in enumerate(files):
                data = {"config": "{}", "submit_id": f"w-{i}", "version": "", "token": token}
                r = http.post("/submit/create", data=data, files={"f": ("results.json", f)})
                r.raise_for_status()
        worker = portal.worker
        while worker.run_once():  # warm: the gold and the private index of the revision loaded
            pass
        for _ in range(runs):
            for batch in (1, 0):  # 0: the worker's own batch size
                with portal.db.session() as s:
                    s.execute(
                        update(Submission).values(
                            state="queued", claimed_by=None, report=None, details=None
                        )
                    )
                before = worker.processed
                t = time.perf_counter()
                while worker.run_once(batch) if batch else worker.run_once():
                    pass
                rates[batch].append((worker.processed - before) / (time.perf_counter() - t))
    return {
        "evaluated_per_s": round(statistics.median(rates[0]), 2),
        "one_at_a_time_evaluated_per_s": round(statistics.median(rates[1]), 2),
        "worker_speedup": round(
            statistics.median(b / a for a, b in zip(rates[1], rates[0], strict=True)), 2
        ),
        "worker_submissions": n_sub,
        "worker_questions": 170,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="40 submissions from 8 clients")
    ap.add_argument("--submissions", type=int, default=None)
    ap.add_argument("--clients", type=int, default=None)
    ap.add_argument("--questions", type=int, default=None)
    ap.add_argument("--db", default=None, help="database URL (default: a SQLite file)")
    args = ap.parse_args()
    n_sub = args.submissions or (40 if args.quick else 200)
    n_cli = args.clients or (8 if args.quick else 20)
    n_q = args.questions or (40 if args.quick else 100)
    rng = random.Random(0)
    work = Path(tempfile.mkdtemp(prefix="portal-load-"))
    hub = write_hub(work / "hub", n_texts=3 * n_q, n_questions=n_q, rng=rng)
    settings = PortalSettings(
        hub=hub.url,
        db=args.db or str(work / "portal.db"),
        worker_poll_seconds=0.05,
        rate_limit_per_minute=600,
        # Each client makes n_sub / n_cli submissions on one version: above the default daily
        # quota of 5, which this run measures throughput past, not the quota.
        daily_submissions=n_sub,
    )
    files = [
        make_results(hub, random.Random(i), skill=0.2 + 0.6 * (i % n_cli) / n_cli)
        for i in range(n_sub)
    ]
    with PortalServer(settings) as server:
        with server.portal.db.session() as s:
            tokens = [
                create_token(s, role="participant", name=f"client-{i}")[1] for i in range(n_cli)
            ]
            admin = create_token(s, role="admin", name="admin")[1]
        submit_ms: list[float] = []
        ids: list[str] = []
        lock = threading.Lock()

        def client(c: int) -> None:
            with httpx.Client(base_url=server.url, timeout=120) as http:
                for i in range(c, n_sub, n_cli):
                    t = time.perf_counter()
                    r = http.post(
                        "/submit/create",
                        data={
                            "config": json.dumps(
                                {"model_name": f"system-{c}", "retriever_type": "bm25"}
                            ),
                            "submit_id": f"load-{i}",
                            "version": "",
                            "token": tokens[c],
                            "filename": "results.json",
                        },
                        files={f"/tmp/results-{i}.json": ("results.json", files[i])},
                    )
                    elapsed = (time.perf_counter() - t) * 1000
                    r.raise_for_status()
                    with lock:
                        submit_ms.append(elapsed)
                        ids.append(r.json()["id"])
                    # Participants poll the board while they submit.
                    http.get("/api/v1/leaderboard").raise_for_status()

        start = time.perf_counter()
        with ThreadPoolExecutor(n_cli) as pool:
            list(pool.map(client, range(n_cli)))
        submitted_s = time.perf_counter() - start
        deadline = time.monotonic() + 1800
        while True:
            with server.portal.db.read() as s:
                states = list(
                    s.execute(select(Submission.submit_id, Submission.state, Submission.attempts))
                )
            pending = [r for r in states if r.state in ("queued", "evaluating")]
            if not pending or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        evaluated_s = time.perf_counter() - start
        auth = {"Authorization": f"Bearer {admin}"}
        with httpx.Client(base_url=server.url, timeout=60) as http:
            for r in states:
                if r.state == "evaluated":
                    http.post(f"/api/v1/admin/submissions/{r.submit_id}/approve", headers=auth)
            failed = http.get("/api/v1/submissions?state=failed&limit=3", headers=auth).json()
            for item in failed["items"]:
                print(f"failed {item['submit_id']}: {item['error']}", file=sys.stderr)
            rows = http.get("/api/v1/leaderboard").json()["rows"]
        per_client = 10 if args.quick else 25
        health_ms = timed_gets(server.url, "/api/v1/health", n_cli, per_client)
        board_ms = timed_gets(server.url, "/api/v1/leaderboard", n_cli, per_client)
        actual_ms = timed_gets(
            server.url, "/api/v1/leaderboard?mode=actual&last_n=3", n_cli, per_client
        )
    stored = {r.submit_id for r in states}
    evaluated = [r for r in states if r.state == "evaluated"]
    figures = {
        "submissions": n_sub,
        "clients": n_cli,
        "questions_per_submission": n_q,
        "database": "postgresql" if args.db else "sqlite",
        "stored": len(stored & set(ids)),
        "evaluated": len(evaluated),
        "lost": n_sub - len(stored & set(ids)),
        "failed": sum(r.state == "failed" for r in states),
        "evaluated_more_than_once": sum(r.attempts != 1 for r in states),
        "leaderboard_rows": len(rows),
        "submit_seconds": round(submitted_s, 2),
        "all_evaluated_seconds": round(evaluated_s, 2),
        "submit_p50_ms": round(statistics.median(submit_ms), 1),
        "submit_p99_ms": round(pct(submit_ms, 0.99), 1),
        "leaderboard_p50_ms": round(statistics.median(board_ms), 1),
        "leaderboard_p99_ms": round(pct(board_ms, 0.99), 1),
        "leaderboard_actual_p99_ms": round(pct(actual_ms, 0.99), 1),
        "baseline_health_p50_ms": round(statistics.median(health_ms), 1),
        "baseline_health_p99_ms": round(pct(health_ms, 0.99), 1),
        "leaderboard_p99_vs_health": round(
            pct(board_ms, 0.99) / max(pct(health_ms, 0.99), 1e-9), 2
        ),
        "machine": f"{platform.machine()} {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
    }
    ok = (
        figures["lost"] == 0
        and figures["evaluated"] == n_sub
        and figures["evaluated_more_than_once"] == 0
    )
    figures.update(worker_throughput(work, 30 if args.quick else 100, 1 if args.quick else 3))
    print(f"{'OK' if ok else 'FAILED'}: {figures['evaluated']}/{n_sub} evaluated", file=sys.stderr)
    print(json.dumps(figures))
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
