"""Ranked retrieval metrics of many questions at once, over a padded matrix of gold flags.

DRAGON's `hit_rate`, `mrr` and `precision` and the extended `hit@k`, `recall@k`, `ndcg@k`
and `mrr@k` (k in `CUTOFFS`) follow trec_eval's definitions (success, recall, ndcg_cut and
recip_rank of the run cut at k; binary gain) with the submitted order as the ranking. A text
listed twice counts once, at its first place, in the extended metrics; DRAGON's precision
counts every listed place, as its client does. Tests check every value against pytrec_eval.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

__all__ = [
    "CUTOFFS",
    "RANKING_FAMILIES",
    "GoldFlags",
    "gold_flags",
    "ranking_names",
    "ranking_metrics",
    "dragon_retrieval",
]

CUTOFFS = (1, 5, 10, 20)
RANKING_FAMILIES = ("hit", "recall", "ndcg", "mrr")


@dataclass(frozen=True, slots=True)
class GoldFlags:
    """Row i, column r: whether the r-th found id of question i is gold (False past the list).

    `first` marks the first place of each id, `lengths` are the list lengths and `n_gold` the
    numbers of gold texts.
    """

    flags: np.ndarray
    first: np.ndarray
    lengths: np.ndarray
    n_gold: np.ndarray


_CHUNK = 16_384  # questions at a time: the sorting arrays of 100,000 lists would be ~150 MB


def gold_flags(found: Sequence[Sequence[int]], relevant: Sequence[Collection[int]]) -> GoldFlags:
    """The padded gold-flag matrix of `found` lists against their gold sets, built without a loop
    per id, `_CHUNK` questions at a time."""
    if len(found) <= _CHUNK:
        return _gold_flags(found, relevant)
    parts = [
        _gold_flags(found[s : s + _CHUNK], relevant[s : s + _CHUNK])
        for s in range(0, len(found), _CHUNK)
    ]
    width = max(p.flags.shape[1] for p in parts)

    def padded(m: np.ndarray) -> np.ndarray:
        return np.pad(m, ((0, 0), (0, width - m.shape[1])))

    return GoldFlags(
        np.concatenate([padded(p.flags) for p in parts]),
        np.concatenate([padded(p.first) for p in parts]),
        np.concatenate([p.lengths for p in parts]),
        np.concatenate([p.n_gold for p in parts]),
    )


def _gold_flags(found: Sequence[Sequence[int]], relevant: Sequence[Collection[int]]) -> GoldFlags:
    n = len(found)
    lengths = np.fromiter(map(len, found), np.int64, n)
    n_gold = np.fromiter(map(len, relevant), np.int64, n)
    width = int(lengths.max()) if n else 0
    total, total_gold = int(lengths.sum()), int(n_gold.sum())
    ids = np.fromiter(chain.from_iterable(found), np.int64, total)
    gold_ids = np.fromiter(chain.from_iterable(relevant), np.int64, total_gold)
    rows = np.repeat(np.arange(n, dtype=np.int64), lengths)
    gold_rows = np.repeat(np.arange(n, dtype=np.int64), n_gold)
    # One integer per (question, text): texts numbered densely so the pair fits in an int64.
    _, dense = np.unique(np.concatenate([ids, gold_ids]), return_inverse=True)
    span = int(dense.max()) + 1 if dense.size else 1
    keys = rows * span + dense[:total]
    # Sorted search, not np.isin: the same flags, without the numpy.ma import np.isin costs.
    gold_keys = np.sort(gold_rows * span + dense[total:])
    at = np.minimum(np.searchsorted(gold_keys, keys), max(total_gold - 1, 0))
    is_gold = gold_keys[at] == keys if total_gold else np.zeros(total, dtype=bool)
    first = np.zeros(total, dtype=bool)
    first[np.unique(keys, return_index=True)[1]] = True
    starts = np.cumsum(lengths) - lengths
    cols = np.arange(total, dtype=np.int64) - np.repeat(starts, lengths)
    flags = np.zeros((n, width), dtype=bool)
    flags[rows, cols] = is_gold
    first_m = np.zeros((n, width), dtype=bool)
    first_m[rows, cols] = first
    return GoldFlags(flags, first_m, lengths, n_gold)


def _first_gold(flags: np.ndarray) -> np.ndarray:
    """Column of each row's first True (0 where none; argmax refuses a matrix with no columns)."""
    if not flags.shape[1]:
        return np.zeros(flags.shape[0], dtype=np.int64)
    return flags.argmax(axis=1)


def dragon_retrieval(g: GoldFlags) -> dict[str, np.ndarray]:
    """DRAGON's per-question `hit_rate`, `mrr` and `precision` (0 for an empty list)."""
    hits = g.flags.sum(axis=1)
    any_hit = hits > 0
    rank = np.where(any_hit, _first_gold(g.flags) + 1, 1)
    return {
        "hit_rate": any_hit.astype(np.float64),
        "mrr": np.where(any_hit, 1.0 / rank, 0.0),
        "precision": np.divide(
            hits, g.lengths, out=np.zeros(len(hits), dtype=np.float64), where=g.lengths > 0
        ),
    }


def ranking_names(cutoffs: Sequence[int] = CUTOFFS) -> list[str]:
    """`hit@1, hit@5, ..., mrr@20`: the report keys, family by family."""
    return [f"{family}@{k}" for family in RANKING_FAMILIES for k in cutoffs]


def _deduplicated(g: GoldFlags) -> np.ndarray:
    """Gold flags with every repeat of an id removed and the later places moved up."""
    if g.first.all() or not g.flags.size:
        return g.flags
    out = np.zeros_like(g.flags)
    rows, cols = np.nonzero(g.first)
    new_cols = np.cumsum(g.first, axis=1)[rows, cols] - 1
    out[rows, new_cols] = g.flags[rows, cols]
    return out


def ranking_metrics(
    found: Sequence[Sequence[int]] | GoldFlags,
    relevant: Sequence[Collection[int]] = (),
    cutoffs: Sequence[int] = CUTOFFS,
) -> dict[str, np.ndarray]:
    """Per-question values of every `ranking_names(cutoffs)` metric; 0 for an empty run or gold."""
    g = found if isinstance(found, GoldFlags) else gold_flags(found, relevant)
    flags = _deduplicated(g)
    n, width = flags.shape
    n_gold = g.n_gold.astype(np.float64)
    has_gold = g.n_gold > 0
    out: dict[str, np.ndarray] = {}
    hit_any = flags.any(axis=1)
    first = np.where(hit_any, _first_gold(flags), width)
    for k in cutoffs:
        top = flags[:, : min(k, width)]
        count = top.sum(axis=1)
        out[f"hit@{k}"] = (count > 0).astype(np.float64)
        out[f"recall@{k}"] = np.divide(
            count, n_gold, out=np.zeros(n, dtype=np.float64), where=has_gold
        )
        # Summed place by place, dividing by log2 as trec_eval does, so the floats agree.
        dcg = np.zeros(n, dtype=np.float64)
        for r in range(top.shape[1]):
            dcg += top[:, r] / np.log2(r + 2.0)
        ideal = np.zeros(n, dtype=np.float64)
        for r in range(k):
            ideal += np.where(g.n_gold > r, 1.0, 0.0) / np.log2(r + 2.0)
        out[f"ndcg@{k}"] = np.divide(dcg, ideal, out=np.zeros(n, dtype=np.float64), where=has_gold)
        out[f"mrr@{k}"] = np.where(first < k, 1.0 / (first + 1.0), 0.0)
    return {name: out[name] for name in ranking_names(cutoffs)}
