"""Demo step: CRAG tasks on the demo revision (or the built-in sample), scored for truthfulness."""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path
from typing import Any

from dragon_bench.crag.answerers import RagPipelineAnswerer, RefusalBaseline
from dragon_bench.crag.convert import write_revision_crag
from dragon_bench.crag.data import read_examples
from dragon_bench.crag.scoring import read_predictions, score_predictions
from dragon_bench.crag.tasks import TASKS, run_task
from dragon_bench.demo import DemoContext
from dragon_bench.output import print_table, stdout

__all__ = ["run", "sample_path"]

_MAX_QUESTIONS = 20  # keeps the step within seconds on the demo revision


def sample_path() -> Path:
    """A five-question CRAG-format sample shipped with the package (both schema variants)."""
    return Path(str(resources.files("dragon_bench.crag") / "sample.jsonl"))


def _systems() -> list[tuple[str, Any]]:

    systems: list[tuple[str, Any]] = [("refuse (always 'I don't know')", RefusalBaseline())]
    try:  # the RAG part's packages are optional here: without them only the refusal runs
        from dragon_bench.rag.config import PipelineConfig
    except ImportError:
        stdout.print("the RAG pipeline is not available: only the refusal baseline runs")
        return systems
    config = PipelineConfig()
    label = f"rag ({config.retriever} → {config.reranker} → {config.generator})"
    systems.append((label, RagPipelineAnswerer(config)))
    return systems


def run(ctx: DemoContext) -> None:
    """Convert the revision (or take the sample), run task 1 with each offline system, score."""

    folder = ctx.workdir / "crag"
    folder.mkdir(parents=True, exist_ok=True)
    hub = ctx.artifacts.get("hub")
    if hub:
        version = str(ctx.artifacts.get("version") or "latest")
        data = folder / "revision.jsonl"
        n = write_revision_crag(str(hub), data, version, pages=5)
        stdout.print(f"revision {version} of {hub} as a CRAG task: {n} questions → {data}")
    else:
        data = sample_path()
        stdout.print(f"no revision from an earlier step: the built-in CRAG sample {data.name}")
    examples = read_examples(data, limit=_MAX_QUESTIONS)
    rows = []
    scores: dict[str, Any] = {}
    for label, system in _systems():
        out = folder / f"predictions-{label.split()[0]}.jsonl"
        start = time.perf_counter()
        run_task(examples, system, TASKS[1], out, resume=False)
        report = score_predictions(examples, read_predictions(out))
        took = time.perf_counter() - start
        scores[label] = {k: v for k, v in report.items() if k != "details"}
        rows.append(
            [label, report["score"], report["accuracy"], report["hallucination"],
             report["missing"], report["n"], f"{took:.1f} s"]
        )  # fmt: skip
    print_table(
        ["system (task 1, no judge)", "score", "accuracy", "hallucination", "missing", "n", "time"],
        rows,
        title="CRAG truthfulness: accurate +1, missing 0, hallucinated -1",
    )
    stdout.print(
        "without --judge, answers that are not an exact match count as hallucinated; "
        "`dragon crag score --judge` asks the LLM of DRAGON_LLM_* about them"
    )
    ctx.artifacts["crag_data"] = str(data)
    ctx.artifacts["crag_scores"] = scores
