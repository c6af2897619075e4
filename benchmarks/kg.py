"""Triplet extraction quality on NEREL against its baseline, and the offline extractor's speed.

Runs `dragon_bench.kg.score_against_gold` (natasha backend) on NEREL dev, and with `--train`
also on train. The baseline, same-sentence pairs of natasha's PER/LOC/ORG entities, comes from
the same parse in the same run. Wall-clock speed depends on the machine's load; CPU seconds
per document are printed too.

    .venv/bin/python benchmarks/kg.py            # 94 dev documents
    .venv/bin/python benchmarks/kg.py --train    # and 746 train documents
    .venv/bin/python benchmarks/kg.py --quick    # 20 dev documents
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1"
sys.path.insert(0, str(ROOT))

from dragon_bench.kg import score_against_gold  # noqa: E402
from dragon_bench.nlp.natasha import get_pipeline  # noqa: E402


def _run(split: str, limit: int | None) -> dict:  # type: ignore[type-arg]
    cpu = time.process_time()
    report = score_against_gold(NEREL / split, "natasha", limit=limit)
    report["cpu_seconds"] = round(time.process_time() - cpu, 2)
    base = report["cooccurrence"]
    print(
        f"{split} ({report['documents']} docs): P {report['precision']:.3f} R {report['recall']:.3f} "
        f"F1 {report['f1']:.3f} | typed F1 {report['typed']['f1']:.3f} | co-occurrence "
        f"P {base['precision']:.3f} R {base['recall']:.3f} F1 {base['f1']:.3f} | "
        f"{report['docs_per_s']} docs/s wall, {report['documents'] / max(report['cpu_seconds'], 1e-9):.1f} docs per CPU-second",
        file=sys.stderr,
    )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 dev documents")
    parser.add_argument("--train", action="store_true", help="score NEREL train too")
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"NEREL is absent at {NEREL}")
    get_pipeline()  # load the models outside the timed part
    dev = _run("dev", 20 if args.quick else None)
    figures = {
        "kg_f1": dev["f1"],
        "kg_precision": dev["precision"],
        "kg_recall": dev["recall"],
        "kg_typed_f1": dev["typed"]["f1"],
        "kg_f1_cooccurrence": dev["cooccurrence"]["f1"],
        "kg_f1_ratio": round(dev["f1"] / dev["cooccurrence"]["f1"], 2)
        if dev["cooccurrence"]["f1"]
        else None,
        "kg_docs_per_s": dev["docs_per_s"],
        "kg_docs_per_cpu_s": round(dev["documents"] / max(dev["cpu_seconds"], 1e-9), 2),
        "documents": dev["documents"],
    }
    if args.train and not args.quick:
        train = _run("train", None)
        figures.update(
            kg_f1_train=train["f1"],
            kg_f1_cooccurrence_train=train["cooccurrence"]["f1"],
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
