"""The seeded sample of a blind read (/work/shared/QUESTION_READS.md, "Sample").

Questions come from the NEREL gold relations of a split (`--from-gold DIR`, the generator on
true facts, as `benchmarks/questions.py --from-gold` makes them) or from a built revision
(`--hub HUB [--version V]`, e.g. `dragon build` on NEREL dev). Per type, `random.Random(SEED)
.sample` draws N question ids (10 for gold, 15 for a build by default); each line of the
sample holds the question, its answers, its type, its evidence sentences and the ids of its
full texts (NEREL file stems), nothing of the generator (no template, flags or confidence).

    .venv/bin/python benchmarks/question_sample.py --from-gold ../shared/data/nerel/NEREL-v1.1/dev
    .venv/bin/python benchmarks/question_sample.py --hub /tmp/dev-hub --what e2e-dev

Writes benchmarks/question_reads/<date>-<what>-sample.jsonl; the last line printed is a JSON
object with the path and the counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from gold_questions import gold_questions  # noqa: E402

from dragon_bench.hub import Hub  # noqa: E402

OUT = ROOT / "benchmarks" / "question_reads"


def _sentence(text: str, span: Any) -> str:
    if not span or len(span) != 2 or span[1] <= span[0]:
        return ""
    return " ".join(text[int(span[0]) : int(span[1])].split())


def gold_rows(folder: Path, pool: int) -> list[dict[str, Any]]:
    docs, _, qs, _ = gold_questions(folder, pool)
    texts = {d.id: d.full_text for d in docs}
    return [
        {
            "id": q.id,
            "type": q.type,
            "question": q.question,
            "answers": list(q.answers),
            "evidence": [
                {"doc_id": t.doc_id, "sentence": _sentence(texts[t.doc_id], t.sentence_span)}
                for t in q.triples
            ],
            "text_ids": list(q.text_ids),
        }
        for q in qs
    ]


def hub_rows(hub_url: str, version: str) -> list[dict[str, Any]]:
    hub = Hub(hub_url)
    v = hub.resolve(version, "private")
    public = {r["id"]: r["text"] for r in hub.read_table("public", v, "texts").to_pylist()}
    texts = {
        r["id"]: public[r["public_id"]] for r in hub.read_table("private", v, "texts").to_pylist()
    }
    out = []
    for row in hub.read_table("private", v, "qa").to_pylist():
        evidence = [
            {
                "doc_id": e["doc_id"],
                "sentence": _sentence(texts.get(e["doc_id"], ""), e["sentence_span"]),
            }
            for e in row.get("evidence") or []
        ]
        out.append(
            {
                "id": int(row["id"]),
                "type": row["type"],
                "question": row["question"],
                "answers": list(row["answers"] or [row["answer"]]),
                "evidence": evidence,
                "text_ids": list(row["text_ids"]),
            }
        )
    return out


def draw(rows: list[dict[str, Any]], per_type: int, seed: int) -> list[dict[str, Any]]:
    """`per_type` rows of each type, `random.Random(seed).sample` of the sorted ids."""
    by_type: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        by_type[r["type"]].append(r["id"])
    rng = random.Random(seed)
    chosen: set[int] = set()
    for qtype in sorted(by_type):
        ids = sorted(by_type[qtype])
        chosen |= set(rng.sample(ids, min(per_type, len(ids))))
    return sorted((r for r in rows if r["id"] in chosen), key=lambda r: (r["type"], r["id"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--from-gold", type=Path, help="NEREL split folder (train or dev)")
    source.add_argument("--hub", help="hub of a built revision")
    parser.add_argument("--version", default="latest")
    parser.add_argument("--per-type", type=int, default=None, help="10 for gold, 15 for a build")
    parser.add_argument("--pool", type=int, default=50, help="gold: questions generated per type")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--what", default=None, help="name in the file name")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if args.from_gold is not None:
        rows = gold_rows(args.from_gold, args.pool)
        per_type, what = args.per_type or 10, args.what or f"gold-{args.from_gold.name}"
    else:
        rows = hub_rows(args.hub, args.version)
        per_type, what = args.per_type or 15, args.what or "build"
    sample = draw(rows, per_type, args.seed)
    date = datetime.now(UTC).date().isoformat()
    out = args.out or OUT / f"{date}-{what}-sample.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for r in sample:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    tmp.replace(out)
    counts: dict[str, int] = defaultdict(int)
    for r in sample:
        counts[r["type"]] += 1
    print(json.dumps({"out": str(out), "seed": args.seed, "per_type": dict(counts)}))


if __name__ == "__main__":
    main()
