"""Triplet extraction quality on NEREL against its baseline, and the offline extractor's speed.

Runs `dragon_bench.kg.score_against_gold` (natasha backend) on NEREL dev, and with `--train`
also on train. The baseline, same-sentence pairs of natasha's PER/LOC/ORG entities, comes from
the same parse in the same run. Wall-clock speed depends on the machine's load; CPU seconds
per document are printed too.

    .venv/bin/python benchmarks/kg.py            # 94 dev documents
    .venv/bin/python benchmarks/kg.py --train    # and 746 train documents
    .venv/bin/python benchmarks/kg.py --quick    # 20 dev documents
    .venv/bin/python benchmarks/kg.py --recall [--show REL]   # train: question-fact recall
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


def _recall(show: str, cache: Path | None) -> None:
    """Per-relation recall on NEREL train of the triples that may feed questions (confidence at
    or above the threshold): the gold relations a typed question triple matches; with `show`,
    the sentences of missed gold relations of that type (to find the patterns to add)."""
    import pickle

    from dragon_bench.kg import extract_triples
    from dragon_bench.kg.calibration import feeds_questions
    from dragon_bench.kg.nerel import read_gold_folder
    from dragon_bench.kg.score import Pair, gold_pairs, pairs_match, triple_pairs

    gold = read_gold_folder(NEREL / "train")
    if cache is not None and cache.exists():
        triples = pickle.loads(cache.read_bytes())
    else:
        triples = extract_triples([g.document for g in gold], workers=2)
        if cache is not None:
            cache.write_bytes(pickle.dumps(triples))
    asked = [t for t in triples if t.relation_type and feeds_questions(t.confidence)]
    labels = {t: t.relation_type for t in asked}
    by_doc: dict[str, list[Pair]] = {}
    for p in triple_pairs(asked, labels):
        by_doc.setdefault(p.doc_id, []).append(p)
    texts = {g.document.id: g.document.text for g in gold}
    found: dict[str, list[int]] = {}
    missed: list[Pair] = []
    for g in gold_pairs(gold):
        hit = any(pairs_match(p, g, typed=True) for p in by_doc.get(g.doc_id, []))
        row = found.setdefault(g.label, [0, 0])
        row[0] += hit
        row[1] += 1
        if not hit and g.label == show:
            missed.append(g)
    for rel, (hit, n) in sorted(found.items(), key=lambda kv: -kv[1][1]):
        print(f"{rel:20s} gold {n:5d} asked {hit:5d} recall {hit / n:.3f}")
    for g in missed[:60]:
        text = texts[g.doc_id]
        lo, hi = min(g.a[0][0], g.b[0][0]), max(g.a[-1][1], g.b[-1][1])
        print(f"- {text[max(0, lo - 200) : hi + 60]!r}")  # the gold pair's neighbourhood


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 dev documents")
    parser.add_argument("--train", action="store_true", help="score NEREL train too")
    parser.add_argument("--recall", action="store_true", help="train recall of question facts")
    parser.add_argument("--show", default="", help="with --recall: missed gold of this type")
    parser.add_argument("--cache", type=Path, default=None, help="with --recall: triples pickle")
    args = parser.parse_args()
    if args.recall:
        _recall(args.show, args.cache)
        return
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
