"""DRAGON's answer metrics over razdel tokens: ROUGE-1/ROUGE-L F-measure, substring and exact match.

ROUGE follows Lin (2004) as the `rouge-score` package computes it (F-measure, tokens as
they are); the longest common subsequence uses the bit-parallel algorithm of Hyyrö (2004),
which gives the same length as the dynamic-programming table in a few integer operations
per token.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the analysed texts import this module
    from dragon_bench.metrics.texts import Answer, Reference

__all__ = [
    "PreparedText",
    "prepare",
    "fmeasure",
    "lcs_length",
    "rouge1",
    "rougeL",
    "substr_match",
    "exact_match",
    "normalize_space",
    "rouge1_metric",
    "rougeL_metric",
    "substr_metric",
    "exact_metric",
]


def fmeasure(precision: float, recall: float) -> float:
    """Harmonic mean, 0 when both are 0 (the same floating-point steps as rouge-score)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


@dataclass(frozen=True, slots=True)
class PreparedText:
    """A reference tokenised once: tokens, their counts and per-token position bit masks."""

    tokens: tuple[str, ...]
    counts: dict[str, int] = field(repr=False)
    masks: dict[str, int] = field(repr=False)


def prepare(tokens: Sequence[str]) -> PreparedText:
    """Counts and LCS bit masks (bit i set where token i occurs) for a reference."""
    masks: dict[str, int] = {}
    for i, tok in enumerate(tokens):
        masks[tok] = masks.get(tok, 0) | (1 << i)
    return PreparedText(tuple(tokens), dict(Counter(tokens)), masks)


def lcs_length(ref: PreparedText, other: Sequence[str]) -> int:
    """Length of the longest common subsequence of the reference tokens and `other`."""
    m = len(ref.tokens)
    if not m or not other:
        return 0
    full = (1 << m) - 1
    v = full
    # only tokens of the reference change v (a token's mask is never 0): the others are
    # dropped at C speed before the loop
    for mask in filter(None, map(ref.masks.get, other)):
        u = v & mask
        if u:
            v = ((v + u) | (v - u)) & full
    return m - v.bit_count()


def rouge1(ref: PreparedText, answer: Sequence[str]) -> float:
    """ROUGE-1 F-measure of `answer` tokens against the reference."""
    counts = Counter(filter(ref.counts.__contains__, answer))  # only tokens it may share
    overlap = 0
    for tok, n in ref.counts.items():
        have = counts.get(tok, 0)
        overlap += n if n < have else have
    precision = overlap / max(len(answer), 1)
    recall = overlap / max(len(ref.tokens), 1)
    return fmeasure(precision, recall)


def rougeL(ref: PreparedText, answer: Sequence[str]) -> float:  # noqa: N802 (the metric's name)
    """ROUGE-L (sentence-level LCS) F-measure of `answer` tokens against the reference."""
    if not ref.tokens or not answer:
        return 0.0
    lcs = lcs_length(ref, answer)
    return fmeasure(lcs / len(answer), lcs / len(ref.tokens))


def substr_match(reference: str, answer: str) -> float:
    """1.0 if the lower-cased reference occurs in the lower-cased answer."""
    return 1.0 if reference.lower() in answer.lower() else 0.0


def normalize_space(text: str) -> str:
    """Runs of white space folded to one space, ends stripped."""
    return " ".join(text.split())


def exact_match(reference: str, answer: str) -> float:
    """1.0 if answer and reference are equal after white-space folding (case kept), as DRAGON's client."""
    return 1.0 if normalize_space(answer) == normalize_space(reference) else 0.0


def rouge1_metric(ref: Reference, answer: Answer) -> float:
    return rouge1(ref.prepared, answer.tokens)


def rougeL_metric(ref: Reference, answer: Answer) -> float:  # noqa: N802 (the metric's name)
    return rougeL(ref.prepared, answer.tokens)


def substr_metric(ref: Reference, answer: Answer) -> float:
    return 1.0 if ref.lower in answer.text.lower() else 0.0


def exact_metric(ref: Reference, answer: Answer) -> float:
    """`exact_match`, with the folded reference kept: an answer shorter than it, or starting
    with another character, cannot fold to it, and is not folded."""
    folded = ref.folded
    text = answer.text
    if len(text) < len(folded) or text.lstrip()[:1] != folded[:1]:
        return 0.0
    return 1.0 if normalize_space(text) == folded else 0.0
