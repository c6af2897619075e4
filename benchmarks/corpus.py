"""Corpus throughput: ingest, dedup and segmentation on NEREL replicated to 100k documents.

The corpus: the 746 NEREL train articles, then synthetic articles made of NEREL sentences
(random sentences, paragraph and length distribution of NEREL) up to N documents, so the
documents are distinct; 10% of them are near-copies of an earlier document (one sentence
replaced, one paragraph moved, or one sentence appended) and 2% exact reprints.

Baseline: a straightforward datasketch loop (one `MinHash` per document with datasketch's
default SHA-1 hash fed the same shingles, `MinHashLSH.insert`, then `query` per document and
`MinHash.jaccard` >= threshold, union-find), with the same LSH bands/rows, run on the first
`--baseline-docs` documents; ours is timed on the same subset for the speed-up, and on all N.
The same loop with `hashfunc=shingle_hash` (our shingle hash) must give exactly our clusters;
with SHA-1 the signatures differ, so pairs near the threshold may fall either way (agreement
is reported). Wall-clock rates depend on the machine's load; rates per CPU second too.
Segmentation is measured against razdel's sentence splitting alone on the same documents with
the same workers and chunks in the same run (`segment_vs_razdel`, ours / razdel-only rate,
median of `--segment-runs` alternating pairs, which side goes first alternating too; CPU
seconds of each side beside the wall).

    .venv/bin/python benchmarks/corpus.py            # 100k documents
    .venv/bin/python benchmarks/corpus.py --quick    # 10k documents, within a minute
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "train"
sys.path.insert(0, str(ROOT))

from dragon_bench.corpus import (  # noqa: E402
    SnapshotStore,
    dedup_documents,
    read_documents,
    segment_documents,
)
from dragon_bench.corpus.dedup import lsh_params  # noqa: E402
from dragon_bench.corpus.minhash import shingle_hash, shingles  # noqa: E402
from dragon_bench.corpus.parallel import cpu_count, map_slices  # noqa: E402
from dragon_bench.corpus.segment import sentence_spans  # noqa: E402
from dragon_bench.types import Document  # noqa: E402

SEGMENT_CHUNK = 500  # segment_documents' default chunk


def razdel_only(docs: list[Document]) -> int:
    """The limit segmentation is measured against: razdel's sentences of each document alone."""
    from razdel import sentenize

    return sum(sum(1 for _ in sentenize(d.full_text)) for d in docs)


def build_corpus(n: int, seed: int = 0) -> tuple[list[Document], set[frozenset[str]]]:
    """NEREL plus synthetic articles; returns the documents and the planted duplicate pairs."""
    rng = random.Random(seed)
    base = read_documents(NEREL)
    pool: list[str] = []
    shapes: list[list[int]] = []  # sentences per paragraph of each NEREL article
    for doc in base:
        shape = []
        for para in doc.text.split("\n"):
            spans = sentence_spans(para)
            if spans:
                pool.extend(para[a:b] for a, b in spans)
                shape.append(len(spans))
        shapes.append(shape or [1])
    docs = list(base)
    truth: set[frozenset[str]] = set()
    while len(docs) < n:
        k = len(docs)
        roll = rng.random()
        if roll < 0.10 and k > 0:  # a near-copy of an earlier document
            src = docs[rng.randrange(k)]
            paras = src.text.split("\n")
            kind = rng.randrange(3)
            if kind == 0:
                i = rng.randrange(len(paras))
                spans = sentence_spans(paras[i])
                if spans:
                    a, b = spans[rng.randrange(len(spans))]
                    paras[i] = paras[i][:a] + rng.choice(pool) + paras[i][b:]
            elif kind == 1 and len(paras) > 2:
                moved = paras.pop(rng.randrange(len(paras)))
                paras.insert(rng.randrange(len(paras) + 1), moved)
            else:
                paras.append(rng.choice(pool))
            doc = Document(id=f"syn{k}", title=src.title, text="\n".join(paras), source="copy")
            truth.add(frozenset({src.id, doc.id}))
        elif roll < 0.12 and k > 0:  # an exact reprint
            src = docs[rng.randrange(k)]
            doc = Document(id=f"syn{k}", title=src.title, text=src.text, source="reprint")
            truth.add(frozenset({src.id, doc.id}))
        else:
            shape = rng.choice(shapes)
            paras = [" ".join(rng.choice(pool) for _ in range(m)) for m in shape]
            doc = Document(id=f"syn{k}", title=rng.choice(pool)[:120], text="\n".join(paras))
        docs.append(doc)
    return docs, truth


def datasketch_clusters(
    docs: list[Document], threshold: float, num_perm: int, hashfunc: Any = None
) -> list[set[str]]:
    """The baseline: exact groups by content hash, then one datasketch MinHash per document.

    `hashfunc=None` is datasketch's default SHA-1; `shingle_hash` gives our exact signatures.
    """
    from datasketch import MinHash, MinHashLSH

    bands, rows = lsh_params(threshold, num_perm)
    lsh = MinHashLSH(num_perm=num_perm, params=(bands, rows))
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    heads: dict[str, str] = {}
    sketches: dict[str, MinHash] = {}
    for doc in docs:
        parent[doc.id] = doc.id
        head = heads.setdefault(doc.content_hash, doc.id)
        if head != doc.id:
            parent[doc.id] = head
            continue
        grams = shingles(doc.full_text)
        if not grams:  # a text without words is nobody's near-duplicate
            continue
        m = MinHash(num_perm=num_perm, hashfunc=hashfunc)
        m.update_batch([g.encode("utf-8") for g in grams])
        lsh.insert(doc.id, m)
        sketches[doc.id] = m
    for key, m in sketches.items():
        for other in lsh.query(m):
            if other != key and m.jaccard(sketches[other]) >= threshold:
                a, b = find(key), find(other)
                if a != b:
                    parent[b] = a
    groups: dict[str, set[str]] = {}
    for doc in docs:
        groups.setdefault(find(doc.id), set()).add(doc.id)
    return [g for g in groups.values() if len(g) > 1]


def pairs(clusters: list[set[str]] | list[frozenset[str]]) -> set[frozenset[str]]:
    return {frozenset({a, b}) for c in clusters for a in c for b in c if a < b}


def closure(planted: set[frozenset[str]]) -> set[frozenset[str]]:
    """Pairs implied by planted pairs (a copy of a copy duplicates the original too)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            x = parent[x]
        return x

    for pair in planted:
        a, b = sorted(pair)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra
    groups: dict[str, set[str]] = {}
    for x in list(parent):
        groups.setdefault(find(x), set()).add(x)
    return pairs(list(groups.values()))


def jaccard(a: Document, b: Document) -> float:
    x, y = set(shingles(a.full_text)), set(shingles(b.full_text))
    return len(x & y) / max(1, len(x | y))


def rss() -> str:
    """Current and peak resident memory of this process (Linux), for the log."""
    status = Path("/proc/self/status")
    if not status.exists():
        return ""
    fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
    mb = {k: int(fields[k].split()[0]) // 1024 for k in ("VmRSS", "VmHWM") if k in fields}
    return f"RSS {mb.get('VmRSS')} MB, peak {mb.get('VmHWM')} MB"


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker pools)."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def peak_rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, kids) / 1024, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10k documents, baseline on 1.5k")
    parser.add_argument("--docs", type=int, default=None)
    parser.add_argument("--baseline-docs", type=int, default=None)
    parser.add_argument("--threshold", type=float, default=0.8)
    parser.add_argument("--num-perm", type=int, default=128)
    parser.add_argument("--segment-runs", type=int, default=5, help="Segmentation pairs to run")
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"NEREL is absent: {NEREL}")
    n = args.docs or (10_000 if args.quick else 100_000)
    n_base = args.baseline_docs or (1_500 if args.quick else 10_000)
    log = sys.stderr

    t = time.perf_counter()
    docs, truth = build_corpus(n)
    print(f"built {len(docs)} documents in {time.perf_counter() - t:.1f}s; {rss()}", file=log)

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "corpus.jsonl"
        with source.open("w", encoding="utf-8") as f:
            for d in docs:
                f.write(
                    json.dumps({"id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False)
                )
                f.write("\n")
        t = time.perf_counter()
        ingested = read_documents(source)
        SnapshotStore(str(Path(tmp) / "store")).write(ingested)
        ingest_s = time.perf_counter() - t
        del ingested
    print(f"ingest: {n / ingest_s:,.0f} docs/s; {rss()}", file=log)

    t, c = time.perf_counter(), cpu_seconds()
    result = dedup_documents(docs, threshold=args.threshold, num_perm=args.num_perm)
    dedup_s, dedup_cpu = time.perf_counter() - t, cpu_seconds() - c
    found = pairs([frozenset(c.members) for c in result.clusters])
    expected = closure(truth)
    precision = len(found & expected) / max(1, len(found))
    recall = len(found & expected) / max(1, len(expected))
    by_id = {d.id: d for d in docs}
    above = {p for p in truth if jaccard(*(by_id[i] for i in p)) >= args.threshold}
    recall_above = len(found & above) / max(1, len(above))
    print(
        f"dedup: {n / dedup_s:,.0f} docs/s ({n / dedup_cpu:,.0f} per CPU second), "
        f"{len(result.clusters)} clusters; against planted pairs precision {precision:.3f}, "
        f"recall {recall:.3f}, recall of pairs with shingle Jaccard >= {args.threshold} "
        f"{recall_above:.3f}; {rss()}",
        file=log,
    )

    subset = docs[:n_base]
    t = time.perf_counter()
    ours_subset = dedup_documents(subset, threshold=args.threshold, num_perm=args.num_perm)
    ours_subset_s = time.perf_counter() - t
    t = time.perf_counter()
    base_clusters = datasketch_clusters(subset, args.threshold, args.num_perm)
    base_s = time.perf_counter() - t
    ours_sets = {frozenset(c.members) for c in ours_subset.clusters}
    ours_pairs, base_pairs = pairs(list(ours_sets)), pairs(base_clusters)
    agreement = len(ours_pairs & base_pairs) / max(1, len(ours_pairs | base_pairs))
    # The same loop fed our shingle hash must give exactly our clusters.
    same = {
        frozenset(c)
        for c in datasketch_clusters(subset, args.threshold, args.num_perm, hashfunc=shingle_hash)
    } == ours_sets
    speedup = base_s / ours_subset_s
    print(
        f"baseline on {n_base} docs: datasketch {n_base / base_s:,.0f} docs/s, ours "
        f"{n_base / ours_subset_s:,.0f} docs/s (x{speedup:.1f}); pair agreement with the "
        f"SHA-1 baseline {agreement:.3f}; identical clusters with our hash in datasketch: {same}",
        file=log,
    )

    # Segmentation against its limit, razdel's sentence splitting alone on the same documents
    # with the same workers and chunks, alternately (which goes first alternates too), ratio
    # pair by pair (median); CPU seconds of each side (its workers included) beside the wall.
    workers = cpu_count() if len(docs) >= 4 * SEGMENT_CHUNK else 1
    ratios, cpu_ratios, times = [], [], []
    segments: list[Any] = []

    def razdel_side() -> tuple[float, float, int]:
        t, c = time.perf_counter(), cpu_seconds()
        sentences = sum(map_slices(razdel_only, docs, SEGMENT_CHUNK, workers))
        return time.perf_counter() - t, cpu_seconds() - c, sentences

    def our_side() -> tuple[float, float, list[Any]]:
        t, c = time.perf_counter(), cpu_seconds()
        made = segment_documents(docs, chunk_size=SEGMENT_CHUNK, workers=workers)
        return time.perf_counter() - t, cpu_seconds() - c, made

    for k in range(args.segment_runs):
        # Each pair starts from the same state: the previous pair's 400k segments are gone, so
        # the collector does not walk them while this pair builds its own.
        segments = []
        gc.collect()
        if k % 2:
            segment_s, segment_cpu, segments = our_side()
            razdel_s, razdel_cpu, sentences = razdel_side()
        else:
            razdel_s, razdel_cpu, sentences = razdel_side()
            segment_s, segment_cpu, segments = our_side()
        ratios.append(razdel_s / segment_s)
        cpu_ratios.append(razdel_cpu / segment_cpu)
        times.append((segment_s, segment_cpu, razdel_s, razdel_cpu))
        print(
            f"segment: {n / segment_s:,.0f} docs/s ({n / segment_cpu:,.0f} per CPU second), "
            f"{len(segments)} segments; razdel sentences alone: {n / razdel_s:,.0f} docs/s "
            f"({n / razdel_cpu:,.0f} per CPU second, {sentences} sentences); ratio "
            f"{razdel_s / segment_s:.3f} (CPU {razdel_cpu / segment_cpu:.3f}); "
            f"load {Path('/proc/loadavg').read_text().split()[0]}; {rss()}",
            file=log,
        )
    segment_vs_razdel = statistics.median(ratios)
    segment_s = statistics.median(t[0] for t in times)
    segment_cpu = statistics.median(t[1] for t in times)
    razdel_s = statistics.median(t[2] for t in times)
    razdel_cpu = statistics.median(t[3] for t in times)
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else ""

    figures = {
        "dedup_docs_per_s": round(n / dedup_s, 1),
        "dedup_speedup_vs_datasketch": round(speedup, 2),
        "segment_docs_per_s": round(n / segment_s, 1),
        "segment_vs_razdel": round(segment_vs_razdel, 3),
        "segment_vs_razdel_cpu": round(statistics.median(cpu_ratios), 3),
        "segment_vs_razdel_pairs": [round(r, 3) for r in ratios],
        "razdel_docs_per_s": round(n / razdel_s, 1),
        "segment_workers": workers,
        "peak_rss_mb": peak_rss_mb(),
        "ingest_docs_per_s": round(n / ingest_s, 1),
        "docs": n,
        "baseline_docs": n_base,
        "baseline_docs_per_s": round(n_base / base_s, 1),
        "same_clusters_as_datasketch": same,
        "pair_agreement_with_sha1_baseline": round(agreement, 4),
        "dedup_docs_per_cpu_s": round(n / dedup_cpu, 1),
        "segment_docs_per_cpu_s": round(n / segment_cpu, 1),
        "razdel_docs_per_cpu_s": round(n / razdel_cpu, 1),
        "dedup_precision": round(precision, 4),
        "dedup_recall": round(recall, 4),
        "dedup_recall_above_threshold": round(recall_above, 4),
        "lsh_bands_rows": list(lsh_params(args.threshold, args.num_perm)),
        "segments": len(segments),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()} {len(__import__('os').sched_getaffinity(0))} cores",
        "load_average": load,
        "quick": args.quick,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
