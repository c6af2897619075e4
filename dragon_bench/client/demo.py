"""Demo step: the offline baseline over the demo revision, results written for the metrics step."""

from __future__ import annotations

import time

from dragon_bench.client.baseline import baseline_pipeline
from dragon_bench.client.load import load
from dragon_bench.client.run import run as run_questions
from dragon_bench.demo import DemoContext
from dragon_bench.output import stdout
from dragon_bench.rag import PipelineConfig

__all__ = ["run"]


def run(ctx: DemoContext) -> None:
    """Load ctx.artifacts["hub"] at ["version"], answer every question, write results.json."""
    hub = ctx.artifacts.get("hub")
    if not hub:
        stdout.print("no revision from an earlier step (artifact 'hub'): skipping the baseline")
        return

    start = time.perf_counter()
    revision = load(hub=str(hub), version=str(ctx.artifacts.get("version") or "latest"))
    config = PipelineConfig()
    pipeline = baseline_pipeline(revision, config, index_dir=ctx.workdir / "baseline-index")
    out = ctx.workdir / "results.json"
    results = run_questions(pipeline, revision, out=out, progress=False)
    took = time.perf_counter() - start
    stdout.print(
        f"baseline ({config.retriever} → {config.reranker} rerank → {config.generator}) answered "
        f"{len(results)} questions of revision {revision.version} over {len(revision.texts)} "
        f"texts in {took:.1f} s → {out}"
    )
    for key in list(results)[:3]:
        question = revision.questions[int(key)]
        entry = results[key]
        stdout.print(
            f"  [{key}] {question}\n      → {entry['model_answer']!r}  texts {entry['found_ids'][:5]}"
        )
    ctx.artifacts["results"] = str(out)
