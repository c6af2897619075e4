"""Scale: documents a second with 1 and 2 workers for each pipeline stage, and a projection
to 1M and 100M documents (time and memory per stage) from the growth measured here.

Stages, each run through `dragon_bench.engine` exactly as `dragon update` runs them:
  dedup       MinHash signatures on the engine, LSH clustering on the driver
  segment     sentence windows (razdel)
  kg          triple extraction (natasha)
  questions   subgraph sampling and template phrasing (driver only: one sequential pass)
  llm_phrase  question phrasing by an LLM (warm-up stage) against a local OpenAI-compatible
              server that answers after a fixed delay, so the figure is latency-bound as with
              a real endpoint
Baseline: the same stage with 1 worker (LocalEngine in-process), measured in the same run;
the 2-worker figure uses a pool of 2 forked processes. Growth: each stage is timed at n/2
and n documents (1 worker) and memory is the tracemalloc peak at both sizes; time is
projected as t(n) * (N/n)^b with the measured exponent b (clamped to [1, 2]) and memory
as the linear fit a + c*N. Input: NEREL train articles when ../shared is present, else the
demo feed's articles with shuffled sentences.

    .venv/bin/python benchmarks/scale.py            # 746 documents (all of NEREL train)
    .venv/bin/python benchmarks/scale.py --quick    # a small sample, within a minute
    .venv/bin/python benchmarks/scale.py --ray      # also each stage on local Ray, 2 CPUs
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "train"
sys.path.insert(0, str(ROOT))

from dragon_bench.engine import Engine, LocalEngine  # noqa: E402
from dragon_bench.engine.stages import (  # noqa: E402
    dedup_stage,
    kg_stage,
    question_warmup_stage,
    segment_stage,
)
from dragon_bench.types import Document, Triple  # noqa: E402

TARGETS = {"1M": 1_000_000, "100M": 100_000_000}


def load_documents(n: int) -> tuple[list[Document], str]:
    if NEREL.exists():
        from dragon_bench.corpus import read_documents

        docs = read_documents(NEREL)
        return docs[:n], f"NEREL-v1.1 train ({min(n, len(docs))} of {len(docs)})"
    from dragon_bench.engine.demo_feed import demo_feed_data

    sentences = [p for a in demo_feed_data()["articles"] for p in a["paragraphs"]]
    rng = random.Random(0)
    docs = []
    for i in range(n):
        body = rng.sample(sentences, k=min(8, len(sentences)))
        docs.append(Document(id=f"syn-{i}", title=f"Сводка {i}", text="\n".join(body)))
    return docs, f"synthetic from the demo feed ({n})"


class SlowLLM:
    """An OpenAI-compatible chat endpoint on 127.0.0.1 answering after `delay` seconds."""

    def __init__(self, delay: float) -> None:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                time.sleep(delay)
                content = json.dumps({"question": "Кто это сделал?"}, ensure_ascii=False)
                body = json.dumps(
                    {
                        "id": "x",
                        "object": "chat.completion",
                        "created": 0,
                        "model": "slow",
                        "choices": [
                            {
                                "index": 0,
                                "finish_reason": "stop",
                                "message": {"role": "assistant", "content": content},
                            }
                        ],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

        self.httpd = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _questions(engine: Engine, docs: list[Document], triples: list[Triple]) -> int:
    from dragon_bench.questions import generate_questions

    return len(generate_questions(triples, docs, per_type=50, seed=0))


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _traced(fn: Callable[[], Any]) -> tuple[int, float]:
    """Peak Python-allocated bytes (tracemalloc, numpy included) and seconds of one run."""
    tracemalloc.start()
    try:
        seconds = _timed(fn)
        return tracemalloc.get_traced_memory()[1], seconds
    finally:
        tracemalloc.stop()


def _project(
    n: int, t_half: float, t_full: float, t1: float, m_half: int, m_full: int
) -> dict[str, Any]:
    b = math.log(max(t_full, 1e-9) / max(t_half, 1e-9), 2) if t_half > 0 else 1.0
    exponent = min(2.0, max(1.0, b))
    slope = (m_full - m_half) / max(n - n // 2, 1)
    intercept = max(0.0, m_full - slope * n)
    out: dict[str, Any] = {"time_exponent_measured": round(b, 3), "time_exponent_used": exponent}
    for name, size in TARGETS.items():
        seconds = t1 * (size / n) ** exponent
        memory = intercept + max(slope, 0.0) * size
        out[name] = {
            "hours_1_worker": round(seconds / 3600, 2),
            "memory_gb": round(memory / 2**30, 3),
        }
    return out


def run(quick: bool, use_ray: bool = False) -> dict[str, Any]:
    sizes = {"dedup": 4000, "segment": 746, "kg": 60, "questions": 60, "llm_phrase": 60}
    if quick:
        sizes = {"dedup": 400, "segment": 200, "kg": 4, "questions": 4, "llm_phrase": 4}
    docs, source = load_documents(max(sizes.values()))
    while len(docs) < sizes["dedup"]:  # distinct copies with a marker so dedup keeps them
        k = len(docs)
        docs.append(
            Document(
                id=f"{docs[k % 746].id}~{k}",
                title=docs[k % 746].title,
                text=docs[k % 746].text + f" Выпуск {k}.",
            )
        )
    llm = SlowLLM(delay=0.02)
    from dragon_bench.llm import LLMSettings

    cache = tempfile.mkdtemp(prefix="scale-llm-")
    triples_by_n: dict[int, list[Triple]] = {}
    kg_runs: dict[int, list[Triple]] = {}

    def settings() -> Any:  # a fresh cache per run so every call reaches the server
        return LLMSettings(
            base_url=llm.url,
            model="slow",
            api_key="x",
            cache_dir=Path(tempfile.mkdtemp(dir=cache)),
            max_retries=0,
        )

    def triples_for(n: int) -> list[Triple]:
        if n not in triples_by_n:
            triples_by_n[n] = kg_runs.get(n) or kg_stage(LocalEngine(), docs[:n])
        return triples_by_n[n]

    def kg(e: Engine, d: list[Document]) -> list[Triple]:
        out = kg_stage(e, d, batch_size=2)
        kg_runs[len(d)] = out  # the questions stages reuse these triples
        return out

    stage_fns: dict[str, Callable[[Engine, list[Document]], Any]] = {
        "dedup": lambda e, d: dedup_stage(e, d, batch_size=256),
        "segment": lambda e, d: segment_stage(e, d, batch_size=64),
        "kg": kg,
        "questions": lambda e, d: _questions(e, d, triples_for(len(d))),
        "llm_phrase": lambda e, d: question_warmup_stage(
            e, triples_for(len(d)), d, llm_settings=settings(), per_type=5, batch_size=2
        ),
    }
    # Load the models once in this process; forked workers share them.
    kg_stage(LocalEngine(), docs[:2])
    segment_stage(LocalEngine(), docs[:2])
    report: dict[str, Any] = {"source": source, "stages": {}}
    for name, fn in stage_fns.items():
        n = sizes[name]
        sample = docs[:n]
        half = sample[: n // 2]
        if name in ("questions", "llm_phrase"):  # their input, made outside the timing
            triples_for(n)
            triples_for(n // 2)
        one = LocalEngine(workers=1)
        fn(one, half)  # warm caches (word hashes, lemmas) so the traced runs see only growth
        # Growth (time and memory) from traced runs at n/2 and n; rates from untraced runs.
        m_half, t_half = _traced(lambda: fn(one, half))  # noqa: B023
        m_full, t_full = _traced(lambda: fn(one, sample))  # noqa: B023
        cpu0 = time.process_time()
        t1 = _timed(lambda: fn(one, sample))  # noqa: B023
        cpu1 = time.process_time() - cpu0  # all in this process with one worker
        with LocalEngine(workers=2) as two:
            fn(two, sample[:4])  # start the pool outside the timing
            t2 = _timed(lambda: fn(two, sample))  # noqa: B023
        rate1, rate2 = n / t1, n / t2
        report["stages"][name] = {
            "docs": n,
            "docs_per_s": {"1": round(rate1, 2), "2": round(rate2, 2)},
            "speedup_2_vs_1": round(rate2 / rate1, 3),
            "cpu_ms_per_doc": round(1000 * cpu1 / n, 3),
            "cpu_hours_per_1M": round(cpu1 / n * 1e6 / 3600, 2),
            "peak_mb": {"half": round(m_half / 2**20, 2), "full": round(m_full / 2**20, 2)},
            "projection": _project(n, t_half, t_full, t1, m_half, m_full),
        }
        print(
            f"{name}: {n} docs, {rate1:.1f} docs/s (1 worker), {rate2:.1f} docs/s (2 workers)",
            file=sys.stderr,
        )
    if use_ray:
        _ray_rates(report, stage_fns, docs, sizes)
    llm.close()
    total = {
        size: round(
            sum(
                s["projection"][size]["hours_1_worker"]
                for s in report["stages"].values()
                if s is not report["stages"]["llm_phrase"]
            ),
            2,
        )
        for size in TARGETS
    }
    report["projection_hours_1_worker_offline_pipeline"] = total
    report["cpu_hours_per_1M_offline_pipeline"] = round(
        sum(v["cpu_hours_per_1M"] for k, v in report["stages"].items() if k != "llm_phrase"), 2
    )
    report["peak_memory_gb"] = {
        size: max(s["projection"][size]["memory_gb"] for s in report["stages"].values())
        for size in TARGETS
    }
    return report


def _ray_rates(
    report: dict[str, Any],
    stage_fns: dict[str, Callable[[Engine, list[Document]], Any]],
    docs: list[Document],
    sizes: dict[str, int],
) -> None:
    """The same stages on a local Ray instance with 2 CPUs (Ray Data `map_batches`)."""
    from dragon_bench.engine.ray_engine import RayEngine

    start = time.perf_counter()
    engine = RayEngine(num_cpus=2)
    report["ray_start_s"] = round(time.perf_counter() - start, 1)
    try:
        for name, fn in stage_fns.items():
            if name == "questions":  # driver-only: the engine plays no part
                continue
            sample = docs[: sizes[name]]
            first = _timed(lambda: fn(engine, sample[:4]))  # noqa: B023  (workers load models)
            t = _timed(lambda: fn(engine, sample))  # noqa: B023
            stage = report["stages"][name]
            stage["docs_per_s"]["ray_2"] = round(len(sample) / t, 2)
            stage["ray_first_call_s"] = round(first, 2)
            print(f"{name}: {len(sample) / t:.1f} docs/s (Ray, 2 CPUs)", file=sys.stderr)
    finally:
        engine.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small sample, within a minute")
    parser.add_argument("--ray", action="store_true", help="also time the stages on local Ray")
    args = parser.parse_args()
    started = time.perf_counter()
    report = run(args.quick, args.ray)
    report.update(
        quick=args.quick,
        date=datetime.now(UTC).date().isoformat(),
        machine=f"{platform.machine()} {os.cpu_count()} CPUs, Python {platform.python_version()}",
        seconds=round(time.perf_counter() - started, 1),
        load_average=[round(x, 2) for x in os.getloadavg()],
    )
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
