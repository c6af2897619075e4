"""Near-duplicate removal: exact duplicates by content hash, then MinHash LSH over word 9-gram shingles.

The method is the one used to deduplicate MS MARCO V2.1 for TREC RAG 2024 (Broder, 1997;
Leskovec et al., "Mining of Massive Datasets", ch. 3): documents whose signatures agree on
all rows of any LSH band are candidates; a candidate pair whose estimated Jaccard similarity
reaches the threshold is a duplicate; union-find joins duplicates into clusters, and each
cluster keeps one representative: the longest text (white space folded), the earliest in
input order on ties.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

import numpy as np

from dragon_bench.corpus.minhash import EMPTY, signatures
from dragon_bench.corpus.parallel import cpu_count, map_slices
from dragon_bench.types import Document

__all__ = [
    "DedupResult",
    "DuplicateCluster",
    "dedup_documents",
    "lsh_params",
    "lsh_clusters",
    "document_signatures",
    "hash_nodes",
    "label_groups",
    "representative",
]


@dataclass(frozen=True, slots=True)
class DuplicateCluster:
    """Documents judged copies of each other; `representative` is the one kept (or a reference)."""

    representative: str
    members: tuple[str, ...]  # input documents of the cluster, the representative among them
    references: tuple[str, ...] = ()  # reference documents in the cluster: all members dropped
    exact: bool = False  # every member has the same content hash

    @property
    def dropped(self) -> tuple[str, ...]:
        if self.references:
            return self.members
        return tuple(m for m in self.members if m != self.representative)


@dataclass(frozen=True, slots=True)
class DedupResult:
    """What survived (input order) and the clusters of two or more documents."""

    kept: list[Document]
    clusters: list[DuplicateCluster] = field(default_factory=list)

    @property
    def removed(self) -> list[str]:
        return [i for c in self.clusters for i in c.dropped]

    def summary(self) -> dict[str, int]:
        return {
            "kept": len(self.kept),
            "removed": len(self.removed),
            "clusters": len(self.clusters),
            "exact_clusters": sum(c.exact for c in self.clusters),
            "near_clusters": sum(not c.exact for c in self.clusters),
            "reference_clusters": sum(bool(c.references) for c in self.clusters),
        }


def _integral(f: np.ndarray, x: np.ndarray) -> float:
    return float(np.sum((f[1:] + f[:-1]) * np.diff(x)) / 2)


# Candidates are verified by their estimated Jaccard, so a false positive only costs a check:
# bands and rows are chosen to miss few true pairs.
WEIGHTS = (0.1, 0.9)


@lru_cache(maxsize=64)
def lsh_params(
    threshold: float, num_perm: int, weights: tuple[float, float] = WEIGHTS
) -> tuple[int, int]:
    """Bands and rows minimising the weighted false positive and false negative probabilities.

    The criterion of datasketch's MinHashLSH(threshold, num_perm, weights), integrated numerically.
    """
    if not 0.0 < threshold < 1.0:
        raise ValueError(f"threshold must be between 0 and 1, got {threshold}")
    if num_perm < 2:
        raise ValueError(f"num_perm must be at least 2, got {num_perm}")
    lo = np.linspace(0.0, threshold, 201)
    hi = np.linspace(threshold, 1.0, 201)
    best, best_error = (1, 1), float("inf")
    for b in range(1, num_perm + 1):
        for r in range(1, num_perm // b + 1):
            fp = _integral(1 - (1 - lo**r) ** b, lo)
            fn = _integral(1 - (1 - (1 - hi**r) ** b), hi)
            error = weights[0] * fp + weights[1] * fn
            if error < best_error:
                best, best_error = (b, r), error
    return best


def _find(parent: list[int], i: int) -> int:
    root = i
    while parent[root] != root:
        root = parent[root]
    while parent[i] != root:  # path compression
        parent[i], i = root, parent[i]
    return root


def _band_pairs(sigs: np.ndarray, live: np.ndarray, bands: int, rows: int) -> np.ndarray:
    """Distinct (i, j), i < j, of rows sharing all values of at least one band."""
    rng = np.random.RandomState(20240501)
    found: list[np.ndarray] = []
    for band in range(bands):
        cols = sigs[live, band * rows : (band + 1) * rows].astype(np.uint64)
        # A 64-bit key per band row; distinct band contents colliding has odds ~n^2 / 2^64.
        mult = rng.randint(1, 1 << 62, size=rows, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        with np.errstate(over="ignore"):
            keys = (cols * mult).sum(axis=1, dtype=np.uint64)
        order = np.argsort(keys, kind="stable")
        sk = keys[order]
        dup = sk[1:] == sk[:-1]
        if not dup.any():
            continue
        # Buckets with two or more members: all pairs within each. Most hold two documents.
        starts = np.flatnonzero(np.r_[True, ~dup])
        sizes = np.diff(np.r_[starts, len(sk)])
        two = starts[sizes == 2]
        if len(two):
            a, b = live[order[two]], live[order[two + 1]]
            found.append(np.stack([np.minimum(a, b), np.maximum(a, b)], axis=1))
        for start, size in zip(starts[sizes > 2].tolist(), sizes[sizes > 2].tolist(), strict=True):
            members = np.sort(live[order[start : start + size]])
            i, j = np.triu_indices(size, k=1)
            found.append(np.stack([members[i], members[j]], axis=1))
    if not found:
        return np.empty((0, 2), dtype=np.int64)
    return np.unique(np.concatenate(found), axis=0)


def lsh_clusters(
    sigs: np.ndarray, bands: int, rows: int, threshold: float | None = None
) -> np.ndarray:
    """Cluster label (smallest member index) of each row of `sigs`.

    Rows sharing a whole LSH band are candidates; with `threshold`, a candidate pair is
    joined only when the share of equal signature values (the Jaccard estimate) reaches it.
    Rows equal to EMPTY everywhere (texts without words) are never joined.
    """
    n = len(sigs)
    parent = list(range(n))
    live = np.flatnonzero(~(sigs == EMPTY).all(axis=1))
    pairs = _band_pairs(sigs, live, bands, rows) if len(live) > 1 else np.empty((0, 2), np.int64)
    if threshold is not None and len(pairs):
        estimate = np.empty(len(pairs))
        for k in range(0, len(pairs), 4096):  # bounded memory for many candidates
            p = pairs[k : k + 4096]
            estimate[k : k + 4096] = (sigs[p[:, 0]] == sigs[p[:, 1]]).mean(axis=1)
        pairs = pairs[estimate >= threshold]
    for i, j in pairs.tolist():
        ri, rj = _find(parent, i), _find(parent, j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)
    return np.array([_find(parent, i) for i in range(n)], dtype=np.int64)


def document_signatures(
    texts: Sequence[str], *, num_perm: int = 128, ngram: int = 9, workers: int | None = None
) -> np.ndarray:
    """MinHash signatures of many texts, spread over processes when there are enough of them."""

    chunk = 2000
    if workers is None:
        workers = cpu_count() if len(texts) > chunk else 1
    if workers <= 1 or len(texts) <= chunk:
        return signatures(texts, num_perm=num_perm, ngram=ngram)
    sign = partial(signatures, num_perm=num_perm, ngram=ngram)
    return np.concatenate(list(map_slices(sign, texts, chunk, workers)))


def hash_nodes(pool: Sequence[Document]) -> tuple[np.ndarray, list[int]]:
    """Exact duplicates: the node of each document (one per distinct content hash) and, for each
    node, the index of its first document."""
    node_of_hash: dict[str, int] = {}
    node = np.empty(len(pool), dtype=np.int64)
    heads: list[int] = []
    for i, doc in enumerate(pool):
        k = node_of_hash.get(doc.content_hash)
        if k is None:
            k = node_of_hash[doc.content_hash] = len(heads)
            heads.append(i)
        node[i] = k
    return node, heads


def label_groups(labels: np.ndarray) -> list[list[int]]:
    """Indices sharing a cluster label, clusters in order of their first index."""
    groups: dict[int, list[int]] = {}
    for i, label in enumerate(labels.tolist()):
        groups.setdefault(label, []).append(i)
    return list(groups.values())


def representative(pool: Sequence[Document], inputs: Sequence[int]) -> int:
    """The index in `inputs` of the document kept: the longest text, white space folded; the
    earliest on ties."""
    return min(inputs, key=lambda i: (-len(" ".join(pool[i].full_text.split())), i))


def dedup_documents(
    docs: Iterable[Document],
    *,
    threshold: float = 0.8,
    num_perm: int = 128,
    ngram: int = 9,
    reference: Iterable[Document] | None = None,
    workers: int | None = None,
) -> DedupResult:
    """Drop exact and near duplicates; with `reference`, also drop docs that copy a reference doc.

    `threshold` is the Jaccard similarity of shingle sets that LSH aims to catch; the bands
    and rows come from `lsh_params(threshold, num_perm)`.
    """
    items = list(docs)
    refs = list(reference or [])
    pool = refs + items  # references first: a cluster holding one is represented by it
    n_ref = len(refs)
    bands, rows = lsh_params(threshold, num_perm)

    node, heads = hash_nodes(pool)
    sigs = document_signatures(
        [pool[i].full_text for i in heads], num_perm=num_perm, ngram=ngram, workers=workers
    )
    labels = lsh_clusters(sigs, bands, rows, threshold)[node]

    keep = np.zeros(len(pool), dtype=bool)
    clusters: list[DuplicateCluster] = []
    for members in label_groups(labels):
        inputs = [i for i in members if i >= n_ref]
        if not inputs:
            continue
        ref_members = [i for i in members if i < n_ref]
        best = representative(pool, inputs)
        if not ref_members:
            keep[best] = True
        if len(members) < 2:
            continue
        clusters.append(
            DuplicateCluster(
                representative=pool[ref_members[0] if ref_members else best].id,
                members=tuple(pool[i].id for i in inputs),
                references=tuple(pool[i].id for i in ref_members),
                exact=len({pool[i].content_hash for i in members}) == 1,
            )
        )
    kept = [pool[i] for i in range(n_ref, len(pool)) if keep[i]]
    clusters.sort(key=lambda c: c.members[0])
    return DedupResult(kept=kept, clusters=clusters)
