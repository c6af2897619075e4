"""Baseline run speed: the default pipeline over a revision's questions, batched across
questions (in `--workers` processes, default one), against the same pipeline answering one
question at a time.

Both sides run as separate whole processes on the same NEREL dev revision (built with
`dragon build` into a temporary hub unless `--hub` names one), alternately, several times;
each process loads the revision, builds the BM25 index and loads the natasha models (timed
apart), then times from the first question to the written results file. The answers of the
two must be identical. `questions_per_s` is ours (median); `speedup` the median pair ratio.

    .venv/bin/python benchmarks/run.py [--quick] [--hub HUB] [--runs N] [--workers N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NEREL_DEV = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "dev"


def build_hub(hub: Path) -> None:
    cmd = [sys.executable, "-m", "dragon_bench", "build", "--corpus", str(NEREL_DEV)]
    cmd += ["--hub", str(hub), "--format", "json"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=_env())


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def one_side(mode: str, hub: str, limit: int, workers: int, out: str) -> dict[str, Any]:
    """One process: load, index, warm the models, answer (`batched` or `single`), write."""
    from dragon_bench.client.baseline import baseline_pipeline
    from dragon_bench.client.load import load
    from dragon_bench.client.run import run_system, write_results
    from dragon_bench.rag import PipelineConfig
    from dragon_bench.rag.analysis import analyse_sentence

    t = time.perf_counter()
    revision = load(hub=hub)
    questions = sorted(revision.questions.items())[: limit or None]
    loading = time.perf_counter() - t
    t = time.perf_counter()
    pipeline = baseline_pipeline(revision, PipelineConfig())
    indexing = time.perf_counter() - t
    t = time.perf_counter()
    analyse_sentence("Президент России Владимир Путин прибыл в Казань 12 марта.")
    models = time.perf_counter() - t
    system: Any = pipeline if mode == "batched" else (lambda q: pipeline(q))
    t = time.perf_counter()
    outcome = run_system(system, questions, progress=False, processes=workers)
    write_results(outcome.results, out)
    answering = time.perf_counter() - t
    return {
        "questions": len(questions),
        "answer_s": answering,
        "load_s": loading,
        "index_s": indexing,
        "models_s": models,
        "failed": len(outcome.failures),
    }


def side(mode: str, hub: str, limit: int, workers: int, out: Path) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--side", mode, "--hub", hub, "--limit", str(limit)]
    cmd += ["--workers", str(workers), "--out", str(out)]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True, env=_env())
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 questions, 1 run a side")
    parser.add_argument("--hub", help="A hub with a revision (default: build NEREL dev)")
    parser.add_argument("--runs", type=int, default=0, help="Runs a side (default 3)")
    parser.add_argument("--workers", type=int, default=1, help="Processes of the batched side")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--limit", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(json.dumps(one_side(args.side, args.hub, args.limit, args.workers, args.out)))
        return
    limit = 40 if args.quick else 0
    runs = args.runs or (1 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp:
        hub = args.hub
        if hub is None:
            if not NEREL_DEV.exists():
                sys.exit(f"no --hub and no NEREL dev data at {NEREL_DEV}")
            hub = str(Path(tmp) / "hub")
            build_hub(Path(hub))
        pairs = []
        identical = True
        for _ in range(runs):
            single = side("single", hub, limit, 1, Path(tmp) / "single.json")
            batched = side("batched", hub, limit, args.workers, Path(tmp) / "batched.json")
            same = (Path(tmp) / "single.json").read_bytes() == (
                Path(tmp) / "batched.json"
            ).read_bytes()
            identical &= same and not single["failed"] and not batched["failed"]
            pairs.append((single, batched))
            print(
                f"{batched['questions']} questions: one at a time {single['answer_s']:.2f} s, "
                f"batched ({args.workers} processes) {batched['answer_s']:.2f} s; "
                f"index {batched['index_s']:.2f} s, models {batched['models_s']:.2f} s; "
                f"identical {same}",
                file=sys.stderr,
            )
    n = pairs[0][1]["questions"]
    figures = {
        "questions_per_s": round(n / statistics.median(b["answer_s"] for _, b in pairs), 2),
        "one_at_a_time_questions_per_s": round(
            n / statistics.median(s["answer_s"] for s, _ in pairs), 2
        ),
        "speedup": round(statistics.median(s["answer_s"] / b["answer_s"] for s, b in pairs), 2),
        "index_s": round(statistics.median(b["index_s"] for _, b in pairs), 3),
        "models_s": round(statistics.median(b["models_s"] for _, b in pairs), 3),
        "load_s": round(statistics.median(b["load_s"] for _, b in pairs), 3),
        "identical": identical,
        "questions": n,
        "workers": args.workers,
        "runs": runs,
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    print(json.dumps(figures))
    if not identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
