"""Sentence chrF (Popović, 2015) as sacrebleu computes it by default, from a reference prepared once.

Character n-grams of orders 1-6 with white space removed, beta 2, sacrebleu's effective-order
averaging of precision and recall. Only the reference's n-grams are looked for: an answer
n-gram not in the reference adds to the answer's total (its length less n-1) and to nothing
else. For each place of the reference the longest n-gram found in the answer gives every
order at once. Tests check it against sacrebleu's `CHRF`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "CHAR_ORDER",
    "BETA",
    "ChrfReference",
    "chrf_reference",
    "chrf_score",
    "chrf_from_repeats",
]

CHAR_ORDER = 6
BETA = 2


@dataclass(frozen=True, slots=True)
class ChrfReference:
    """A reference's text without white space and its n-grams met more than once, order by
    order (an n-gram's order is its length), each with its first place and its count: any
    other n-gram counts once or not at all."""

    text: str
    grams: Sequence[str]
    firsts: Sequence[int]
    counts: Sequence[int]


def chrf_reference(reference: str) -> ChrfReference:
    """What chrF needs of a reference, computed once and reused for every answer."""
    text = "".join(reference.split())
    counts = Counter(text)
    repeats = [(c, text.index(c), k) for c, k in counts.items() if k > 1]
    places = [i for i, c in enumerate(text) if counts[c] > 1]
    for n in range(2, CHAR_ORDER + 1):
        # A repeated n-gram starts where a repeated (n-1)-gram does.
        groups: dict[str, list[int]] = {}
        for i in places:
            if i + n <= len(text):
                groups.setdefault(text[i : i + n], []).append(i)
        found = [(g, at) for g, at in groups.items() if len(at) > 1]
        if not found:
            break
        repeats += [(g, at[0], len(at)) for g, at in found]
        places = sorted(i for _, at in found for i in at)
    return ChrfReference(
        text, [r[0] for r in repeats], [r[1] for r in repeats], [r[2] for r in repeats]
    )


def chrf_from_repeats(
    reference: str, grams: Sequence[str], firsts: Sequence[int], counts: Sequence[int]
) -> ChrfReference:
    """`chrf_reference(reference)` from its stored repeated n-grams (grams, firsts, counts)."""
    return ChrfReference("".join(reference.split()), grams, firsts, counts)


def _occurrences(text: str, gram: str, cap: int) -> int:
    """Occurrences of `gram` in `text`, overlapping ones included, counted up to `cap`."""
    found = 0
    at = text.find(gram)
    while at >= 0 and found < cap:
        found += 1
        at = text.find(gram, at + 1)
    return found


def chrf_score(ref: ChrfReference, answer: str) -> float:
    """sacrebleu's `CHRF().sentence_score(answer, [reference]).score / 100` (0..1)."""
    hyp = "".join(answer.split())
    text = ref.text
    m = len(text)
    # longest[i]: the longest n-gram (up to CHAR_ORDER) starting at place i of the reference that
    # occurs in the answer. It is at least longest[i - 1] - 1, so few searches find them all.
    have = [0] * (CHAR_ORDER + 2)
    if m and text in hyp:
        # The whole reference is in the answer, so is each of its n-grams (a correct answer
        # often quotes it): every place reaches the longest n-gram it has.
        longest = [min(CHAR_ORDER, m - i) for i in range(m)]
        for n in range(1, CHAR_ORDER + 1):
            have[n] = max(m - n + 1, 0)
    else:
        longest = [0] * m
        length = 0
        for i in range(m):
            if length:
                length -= 1
            while length < CHAR_ORDER and i + length < m and text[i : i + length + 1] in hyp:
                length += 1
            longest[i] = length
            have[length] += 1
        for n in range(CHAR_ORDER - 1, -1, -1):
            have[n] += have[n + 1]  # have[n]: places whose n-gram occurs in the answer
    # Each n-gram met once in the reference matches once if the answer has it (have[n] counts
    # it); a repeated one matches as often as both have it.
    for gram, first, count in zip(ref.grams, ref.firsts, ref.counts, strict=True):
        n = len(gram)
        if longest[first] >= n:
            found = hyp.count(gram) if n == 1 else _occurrences(hyp, gram, count)
            if found < count:
                have[n] += found - count
    factor = BETA**2
    avg_prec = avg_rec = 0.0
    effective = 0
    for n in range(1, CHAR_ORDER + 1):
        n_hyp = len(hyp) - n + 1
        n_ref = m - n + 1
        if n_hyp <= 0 or n_ref <= 0:
            continue  # sacrebleu: no effective order (its eps terms do not reach the score)
        effective += 1
        match = have[n]
        avg_prec += match / n_hyp
        avg_rec += match / n_ref
    if not effective:
        return 0.0
    avg_prec /= effective
    avg_rec /= effective
    if not avg_prec + avg_rec:
        return 0.0
    # The same floating-point steps as sacrebleu, the *100 and /100 included, so the values agree.
    score = (1 + factor) * avg_prec * avg_rec
    score /= (factor * avg_prec) + avg_rec
    return (100 * score) / 100.0
