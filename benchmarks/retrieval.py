"""Retrieval benchmark: BM25 index build and query speed against rank_bm25, and baseline quality.

Corpus: NEREL texts (../shared/data) cut into segments, then replicated (with sentences dropped
at random so copies differ) to 100k documents (`--quick`: 10k). Our BM25Retriever (bm25s) and
rank_bm25's BM25Okapi get the same tokens and parameters, so scores must agree to 1e-6.
Quality: Hit@10 and MRR of the offline baseline pipeline on a revision built from NEREL dev with
questions generated from NEREL's gold relations (dragon_bench.release.build.build_revision).

    .venv/bin/python benchmarks/retrieval.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1"


def rss_mb() -> float:
    """Peak resident memory of this process image so far, MiB (VmHWM: unlike ru_maxrss it is
    not inherited across exec, so a spawned child reports its own peak)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def _peak_build(kind: str, tokens_file: str) -> dict[str, float]:
    """In a fresh process: load the tokens, build one index, report peak and growth (MiB)."""
    import pickle

    from rank_bm25 import BM25Okapi

    from dragon_bench.rag import BM25Retriever, SegmentTable
    from dragon_bench.types import Segment

    with open(tokens_file, "rb") as f:
        tokens = pickle.load(f)
    table = SegmentTable([Segment(str(i), str(i), "", 0, 0) for i in range(len(tokens))])
    base = _status_mb("VmRSS")
    if kind == "ours":
        BM25Retriever().index_tokens(table, tokens)
    else:
        BM25Okapi(tokens, k1=1.5, b=0.75, epsilon=0.0)
    peak = _status_mb("VmHWM")
    return {"peak": peak, "growth": peak - base}


def peak_memory(tokens: list[list[str]]) -> dict[str, float]:
    """Peak RSS of building each index in its own process from the same tokens."""
    import multiprocessing as mp
    import pickle

    with tempfile.NamedTemporaryFile(suffix=".pkl", delete=False) as f:
        pickle.dump(tokens, f, protocol=pickle.HIGHEST_PROTOCOL)
        name = f.name
    try:
        with mp.get_context("spawn").Pool(1, maxtasksperchild=1) as pool:
            ours = pool.apply(_peak_build, ("ours", name))
        with mp.get_context("spawn").Pool(1, maxtasksperchild=1) as pool:
            ref = pool.apply(_peak_build, ("rank_bm25", name))
    finally:
        Path(name).unlink(missing_ok=True)
    return {
        "peak_rss_mb": ours["peak"],
        "rank_bm25_peak_rss_mb": ref["peak"],
        "index_build_rss_growth_mb": ours["growth"],
        "rank_bm25_build_rss_growth_mb": ref["growth"],
    }


def nerel_texts(parts: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for part in parts:
        for f in sorted((NEREL / part).glob("*.txt")):
            out.append((f"{part}/{f.stem}", f.read_text(encoding="utf-8")))
    return out


def replicate(texts: list[tuple[str, str]], n_docs: int, seed: int = 0) -> list[tuple[str, str]]:
    """`n_docs` documents: the originals, then copies each missing ~10% of its sentences."""
    from dragon_bench.rag.text import split_sentences

    rng = random.Random(seed)
    sentences = [[t[a:b] for a, b in split_sentences(t)] for _, t in texts]
    out = list(texts[:n_docs])
    r = 1
    while len(out) < n_docs:
        for (doc_id, _), sents in zip(texts, sentences, strict=True):
            if len(out) >= n_docs:
                break
            kept = [s for s in sents if rng.random() > 0.1] or sents[:1]
            out.append((f"{doc_id}~{r}", " ".join(kept)))
        r += 1
    return out


def gold_triples(folder: Path, docs: list) -> list:  # type: ignore[type-arg]
    """NEREL relations (R lines) as Triples over the documents' full_text offsets."""
    from dragon_bench.types import Triple

    by_id = {d.id: d for d in docs}
    triples = []
    for ann in sorted(folder.glob("*.ann")):
        doc = by_id.get(ann.stem) or by_id.get(ann.stem.removesuffix("_text"))
        if doc is None:
            continue
        entities = {}
        lines = ann.read_text(encoding="utf-8").splitlines()
        for line in lines:
            if line.startswith("T"):
                tid, info, text = line.split("\t")[:3]
                label, *rest = info.split(" ")
                frags = " ".join(rest).split(";")
                a, b = int(frags[0].split()[0]), int(frags[-1].split()[1])
                entities[tid] = (label, a, b, text)
        for line in lines:
            if line.startswith("R"):
                relation, arg1, arg2 = line.split("\t")[1].split()
                s = entities.get(arg1.split(":")[1])
                o = entities.get(arg2.split(":")[1])
                if s and o:
                    triples.append(
                        Triple(
                            s[3],
                            relation,
                            o[3],
                            doc.id,
                            s[0],
                            o[0],
                            (s[1], s[2]),
                            (o[1], o[2]),
                            (min(s[1], o[1]), max(s[2], o[2])),
                            "nerel-gold",
                        )
                    )
    return triples


def speed(n_docs: int, n_reference_queries: int, queries: list[str]) -> dict[str, float]:
    from rank_bm25 import BM25Okapi

    from dragon_bench.rag import BM25Retriever, SegmentTable, segment_texts

    texts = replicate(nerel_texts(("train", "dev")), n_docs)
    t0 = time.perf_counter()
    segments = segment_texts(texts)
    t_segment = time.perf_counter() - t0
    retriever = BM25Retriever()
    t0 = time.perf_counter()
    table = SegmentTable(segments)
    tokens = retriever.analyzer.many(s.text for s in table.segments)
    t_tokens = time.perf_counter() - t0
    t0 = time.perf_counter()
    retriever.index_tokens(table, tokens)
    t_index = time.perf_counter() - t0
    print(
        f"{len(texts)} docs, {len(segments)} segments: segmenting {t_segment:.1f}s, "
        f"tokenising {t_tokens:.1f}s, BM25 index {t_index:.1f}s",
        file=sys.stderr,
    )
    retriever.search(queries[0], 100)  # warm caches
    t0 = time.perf_counter()
    for q in queries:
        retriever.search(q, 10)
    ours_qps = len(queries) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for q in queries:
        retriever.search(q, 100)
    ours_qps_100 = len(queries) / (time.perf_counter() - t0)

    t0 = time.perf_counter()
    reference = BM25Okapi(tokens, k1=retriever.k1, b=retriever.b, epsilon=0.0)
    t_ref_index = time.perf_counter() - t0
    sample = queries[:n_reference_queries]
    q_tokens = [retriever.analyzer(q) for q in sample]
    t0 = time.perf_counter()
    ref_scores = []
    for qt in q_tokens:
        s = reference.get_scores(qt)
        np.argsort(-s)[:10]
        ref_scores.append(s)
    ref_qps = len(sample) / (time.perf_counter() - t0)
    print(f"rank_bm25: index {t_ref_index:.1f}s, {ref_qps:.2f} q/s", file=sys.stderr)

    max_diff, agree, overlap = 0.0, 0, 0.0
    for qt, theirs in zip(q_tokens, ref_scores, strict=True):
        ours = retriever.segment_scores(qt)
        max_diff = max(max_diff, float(np.abs(ours - theirs).max()))
        top_ours = np.argsort(-ours, kind="stable")[:10]
        top_theirs = np.argsort(-theirs, kind="stable")[:10]
        overlap += len(set(top_ours) & set(top_theirs)) / 10
        # the same top 10 up to ties: our 10 hold exactly the reference's 10 best scores
        agree += bool(
            np.allclose(np.sort(theirs[top_ours]), np.sort(theirs[top_theirs]), atol=1e-6)
        )
    index_s = t_tokens + t_index
    return {
        "n_docs": len(texts),
        "n_segments": len(segments),
        "index_docs_per_s": len(texts) / index_s,
        "rank_bm25_index_docs_per_s": len(texts) / (t_tokens + t_ref_index),
        "bm25_qps": ours_qps,
        "bm25_qps_top100": ours_qps_100,
        "rank_bm25_qps": ref_qps,
        "bm25_speedup_vs_rank_bm25": ours_qps / ref_qps,
        "top10_agreement": agree / len(sample),
        "top10_overlap": overlap / len(sample),
        "max_abs_score_diff": max_diff,
        "benchmark_process_peak_rss_mb": rss_mb(),
        **peak_memory(tokens),
    }


def quality(n_questions: int) -> tuple[dict[str, float], list[str]]:
    from dragon_bench.client import baseline_pipeline, load
    from dragon_bench.corpus import read_documents
    from dragon_bench.hub import Hub
    from dragon_bench.rag import PipelineConfig
    from dragon_bench.release.build import build_revision

    folder = NEREL / "dev"
    docs = read_documents(str(folder))
    triples = gold_triples(folder, docs)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        version = build_revision(
            docs, tmp, triples=triples, per_type=n_questions // 4, seed=0
        ).version
        print(f"NEREL dev revision {version}: {time.perf_counter() - t0:.1f}s", file=sys.stderr)
        hub = Hub(tmp)
        public_of = {
            r["id"]: r["public_id"] for r in hub.read_table("private", version, "texts").to_pylist()
        }
        qa = hub.read_table("private", version, "qa").to_pylist()
        revision = load(hub=tmp, version=version)
        figures: dict[str, float] = {"n_questions": len(qa), "n_texts": len(revision.texts)}
        for reranker in ("lexical", "none"):
            config = PipelineConfig(reranker=reranker)
            pipe = baseline_pipeline(revision, config)
            hits, rr = [], []
            by_type: dict[str, list[float]] = {}
            for q in qa:
                gold = {public_of[t] for t in q["text_ids"] if t in public_of}
                found = [
                    int(c.docid)
                    for c in pipe.rerank(q["question"], pipe.search(q["question"]))[:10]
                ]
                rank = next((i + 1 for i, d in enumerate(found) if d in gold), None)
                hits.append(1.0 if rank else 0.0)
                rr.append(1.0 / rank if rank else 0.0)
                by_type.setdefault(q["type"], []).append(hits[-1])
            tag = "" if reranker == "lexical" else "_no_rerank"
            figures[f"hit_at_10{tag}"] = float(np.mean(hits))
            figures[f"mrr{tag}"] = float(np.mean(rr))
            for t, v in by_type.items():
                figures[f"hit_at_10{tag}_{t}"] = float(np.mean(v))
    return figures, [q["question"] for q in qa]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="5k documents, fewer queries")
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"NEREL is absent ({NEREL}); this benchmark needs ../shared/data")
    n_docs, n_ref, n_q = (5_000, 5, 60) if args.quick else (100_000, 20, 400)
    quality_figures, questions = quality(n_q)
    figures = speed(n_docs, n_ref, questions)
    figures.update(quality_figures)
    figures["machine"] = f"{platform.machine()} {platform.python_version()}"
    keys = [
        "index_docs_per_s",
        "bm25_qps",
        "bm25_speedup_vs_rank_bm25",
        "top10_agreement",
        "peak_rss_mb",
        "hit_at_10",
        "mrr",
    ]
    out = {k: round(figures[k], 4) for k in keys}
    out.update(
        {
            k: (round(v, 4) if isinstance(v, float) else v)
            for k, v in figures.items()
            if k not in out
        }
    )
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
