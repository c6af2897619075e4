"""CRAG truthfulness of the offline RAG baseline on the CRAG sample, against the refusal floor.

Runs task 1 (5 pages) on ../shared/data/crag/dev_data.jsonl.bz2 with the default RAG pipeline
(bm25 -> lexical rerank -> extractive) and with the always-"I don't know" baseline, scores both
without a judge and prints one JSON line last. `--quick` takes the first 5 questions.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT.parent / "shared" / "data" / "crag" / "dev_data.jsonl.bz2"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="first 5 questions only")
    parser.add_argument("--data", type=Path, default=SAMPLE)
    parser.add_argument("--task", type=int, default=1)
    args = parser.parse_args()
    if not args.data.exists():
        print(json.dumps({"skipped": f"{args.data} is absent"}))
        return

    from dragon_bench.crag.answerers import RagPipelineAnswerer, RefusalBaseline
    from dragon_bench.crag.data import read_examples
    from dragon_bench.crag.scoring import read_predictions, score_predictions
    from dragon_bench.crag.tasks import TASKS, run_task
    from dragon_bench.rag.config import PipelineConfig

    examples = read_examples(args.data, limit=5 if args.quick else None)
    figures: dict[str, object] = {"task": args.task, "questions": len(examples)}
    systems = {"refuse": RefusalBaseline(), "rag": RagPipelineAnswerer(PipelineConfig())}
    with tempfile.TemporaryDirectory() as tmp:
        for name, system in systems.items():
            out = Path(tmp) / f"{name}.jsonl"
            start = time.perf_counter()
            run_task(examples, system, TASKS[args.task], out, resume=False)
            took = time.perf_counter() - start
            report = score_predictions(examples, read_predictions(out))
            row = {k: report[k] for k in ("score", "accuracy", "hallucination", "missing", "n")}
            print(f"{name}: {row} by_domain={ {d: g['score'] for d, g in report['by_domain'].items()} } "
                  f"({took:.1f} s)", file=sys.stderr)  # fmt: skip
            prefix = "" if name == "rag" else "refuse_"
            figures.update({prefix + k: v for k, v in row.items()})
            figures[prefix + "seconds"] = round(took, 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
