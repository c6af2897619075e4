"""Full offline build on NEREL train: extraction throughput, build time, questions, support.

Steps timed: read the 746 NEREL train articles, extract triples with the natasha backend
(one process per core, as `dragon build --workers 0`), then `build_revision` (dedup, questions, tables, atomic write) into a temporary hub. The
support rate is checked on the written revision by an independent path (razdel tokens and a
fresh pymorphy3 analyzer, not the generator's own filter): the share of questions each of
whose answers occurs in one of its supporting texts as a string or as a lemma sequence.
Extraction quality (kg_f1) and its baseline (same-sentence co-occurrence of natasha's
entities, kg_f1_cooccurrence) come from `dragon_bench.kg.score_against_gold` on NEREL dev in
the same run. Wall-clock figures depend on the machine's load; CPU seconds are printed too.

    .venv/bin/python benchmarks/build.py            # 746 train documents, 94 dev documents
    .venv/bin/python benchmarks/build.py --quick    # 20 train, 10 dev documents
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1"
sys.path.insert(0, str(ROOT))

from dragon_bench.corpus import read_documents  # noqa: E402
from dragon_bench.corpus.parallel import cpu_count  # noqa: E402
from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.kg import score_against_gold  # noqa: E402
from dragon_bench.release.build import build_revision, extract  # noqa: E402


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the extraction workers)."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _independent_support(hub: Hub, version: str) -> tuple[float, int]:
    """Share of questions whose answers all occur in a supporting text (string or lemmas)."""
    import pymorphy3
    import razdel

    morph = pymorphy3.MorphAnalyzer()
    cache: dict[str, str] = {}

    def norm(word: str) -> str:
        w = word.lower().replace("ё", "е")
        if w not in cache:
            cache[w] = morph.parse(w)[0].normal_form.replace("ё", "е")
        return cache[w]

    def lemma_seq(text: str) -> list[str]:
        return [norm(t.text) for t in razdel.tokenize(text) if any(c.isalnum() for c in t.text)]

    public = {r["id"]: r["text"] for r in hub.read_table("public", version, "texts").to_pylist()}
    internal = {
        r["id"]: public[r["public_id"]]
        for r in hub.read_table("private", version, "texts").to_pylist()
    }
    lemmas: dict[str, str] = {}
    ok = 0
    qa = hub.read_table("private", version, "qa").to_pylist()
    for row in qa:
        texts = [internal[t] for t in row["text_ids"]]

        def found(answer: str, texts: list[str] = texts, ids: list[str] = row["text_ids"]) -> bool:
            a = " ".join(answer.lower().replace("ё", "е").split())
            a = a.strip('«»"')
            if any(a in " ".join(t.lower().replace("ё", "е").split()) for t in texts):
                return True
            want = " " + " ".join(lemma_seq(answer)) + " "
            for tid, text in zip(ids, texts, strict=True):
                if tid not in lemmas:
                    lemmas[tid] = " " + " ".join(lemma_seq(text)) + " "
                if want.strip() and want in lemmas[tid]:
                    return True
            return False

        ok += all(found(a) for a in row["answers"])
    return (ok / len(qa) if qa else 0.0), len(qa)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 train and 10 dev documents")
    parser.add_argument("--per-type", type=int, default=200, help="questions per type")
    parser.add_argument(
        "--workers", type=int, default=0, help="extraction processes (0: one per core)"
    )
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"reference data {NEREL} is absent")
    n_train = 20 if args.quick else None
    n_dev = 10 if args.quick else None

    cpu0, wall0 = _cpu(), time.perf_counter()
    docs = read_documents(NEREL / "train")[:n_train]
    t_extract, cpu_extract = time.perf_counter(), _cpu()
    workers = args.workers or cpu_count()
    triples = extract(docs, "natasha", None, workers=workers)
    extract_s, extract_cpu = time.perf_counter() - t_extract, _cpu() - cpu_extract
    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(str(Path(tmp) / "hub"))
        t_rest, cpu_rest = time.perf_counter(), _cpu()
        made = build_revision(docs, hub, triples=triples, per_type=args.per_type, seed=0)
        version = made.version
        rest_s, rest_cpu = time.perf_counter() - t_rest, _cpu() - cpu_rest
        build_s = time.perf_counter() - wall0
        build_cpu = _cpu() - cpu0
        support, n_questions = _independent_support(hub, version)
        by_type = dict(
            Counter(r["type"] for r in hub.read_table("private", version, "qa").to_pylist())
        )
    print(
        f"build: {len(docs)} documents, {len(triples)} triples, {n_questions} questions "
        f"{by_type} in {build_s:.1f} s wall, {build_cpu:.1f} s CPU; extraction "
        f"{len(docs) / extract_s:.2f} docs/s; after extraction {rest_s:.1f} s wall, "
        f"{rest_cpu:.1f} s CPU; rejected {dict(made.rejected)}",
        file=sys.stderr,
    )
    kg = score_against_gold(NEREL / "dev", backend="natasha", limit=n_dev)
    print(
        f"kg (dev, {kg['documents']} docs): P {kg['precision']:.3f} R {kg['recall']:.3f} "
        f"F1 {kg['f1']:.3f}; co-occurrence baseline F1 {kg['cooccurrence']['f1']:.3f}",
        file=sys.stderr,
    )
    result = {
        "build_seconds": round(build_s, 1),
        "build_cpu_seconds": round(build_cpu, 1),
        "kg_docs_per_s": round(len(docs) / extract_s, 2),
        "kg_docs_per_cpu_s": round(len(docs) / max(extract_cpu, 1e-9), 2),
        "kg_workers": workers,
        "questions_release_seconds": round(rest_s, 1),
        "documents": len(docs),
        "triples": len(triples),
        "questions": by_type,
        "support_rate": round(support, 4),
        "kg_f1": round(float(kg["f1"]), 4),
        "kg_f1_cooccurrence": round(float(kg["cooccurrence"]["f1"]), 4),
        "machine": f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        "date": datetime.now(UTC).date().isoformat(),
        "quick": args.quick,
    }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
