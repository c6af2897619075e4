"""Answer metrics beyond DRAGON's: lemma token F1, chrF, and set answers matched element by element.

Token F1 is SQuAD's (Rajpurkar et al., 2016) over normalised lemmas; chrF is Popović (2015)
as sacrebleu computes it (scaled to 0..1); `set_f1` matches the elements of a list answer
to the gold elements one to one, in any order, instead of comparing two strings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from dragon_bench.metrics.chrf import chrf_reference, chrf_score
from dragon_bench.metrics.lexical import fmeasure
from dragon_bench.metrics.normalize import normalize_tokens
from dragon_bench.metrics.texts import Answer, Reference
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = [
    "lemma_f1_metric",
    "chrf_metric",
    "set_f1_metric",
    "token_f1",
    "chrf",
    "split_elements",
    "set_f1",
    "match_f1",
    "normalized_equal",
]

# Separators of list elements: new lines, bullets, semicolons, commas not inside numbers,
# and the conjunctions "и"/"and" between the last two elements.
_SEPARATORS = re.compile(r"\n|;|•|(?<!\d),|,(?!\d)|\s+(?:и|а также|and)\s+", re.I)


def token_f1(reference: Sequence[str], answer: Sequence[str]) -> float:
    """F1 of the multiset overlap of two token lists (0 when either is empty)."""
    if not reference or not answer:
        return 0.0
    small, large = Counter(reference), Counter(answer)
    if len(small) > len(large):
        small, large = large, small
    overlap = 0
    for t, n in small.items():
        m = large.get(t, 0)
        overlap += n if n < m else m
    if not overlap:
        return 0.0
    return fmeasure(overlap / len(answer), overlap / len(reference))


def chrf(reference: str, answer: str) -> float:
    """sacrebleu's sentence chrF (character 6-grams, beta 2) divided by 100."""
    return chrf_score(chrf_reference(reference), answer)


def split_elements(answer: str) -> list[str]:
    """The items of a list answer: split at new lines, bullets, `;`, `,` and a final "и"/"and"."""
    items = []
    for part in _SEPARATORS.split(answer):
        part = part.strip(" \t-–—*.").strip()
        part = re.sub(r"^\d+[.)]\s+", "", part)
        if part:
            items.append(part)
    return items


def _contains(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    if not needle:
        return False
    k = len(needle)
    first = needle[0]
    for i in range(len(haystack) - k + 1):
        if haystack[i] == first and list(haystack[i : i + k]) == list(needle):
            return True
    return False


def set_f1(gold: Sequence[str], answer: str, *, as_list: bool) -> float:
    """F1 of a one-to-one matching of gold elements to answer elements, in any order.

    A gold element matches an answer element whose normalised tokens contain it. With
    `as_list` the answer is split into elements; otherwise it is one element (so for a
    single gold answer this is a normalised containment match).
    """
    gold_items = [normalize_tokens(razdel_tokens(g)) for g in gold]
    pieces = split_elements(answer) if as_list else [answer]
    return match_f1(gold_items, [normalize_tokens(razdel_tokens(p)) for p in pieces])


def match_f1(gold_items: Sequence[Sequence[str]], answer_items: Sequence[Sequence[str]]) -> float:
    """`set_f1` on elements already normalised (lists of normalised tokens)."""
    gold_items = [g for g in gold_items if g]
    answer_items = [a for a in answer_items if a]
    if not gold_items or not answer_items:
        return 0.0
    used = [False] * len(answer_items)
    matched = 0
    for g in gold_items:
        for j, a in enumerate(answer_items):
            if not used[j] and _contains(a, g):
                used[j] = True
                matched += 1
                break
    if not matched:
        return 0.0
    return fmeasure(matched / len(answer_items), matched / len(gold_items))


def normalized_equal(reference: str, answer: str) -> bool:
    """Equal after normalisation (lemmas, numbers, dates, case, punctuation): an exact match."""
    ref = normalize_tokens(razdel_tokens(reference))
    return bool(ref) and ref == normalize_tokens(razdel_tokens(answer))


def lemma_f1_metric(ref: Reference, answer: Answer) -> float:
    return token_f1(ref.normal, answer.normal)


def chrf_metric(ref: Reference, answer: Answer) -> float:
    return chrf_score(ref.chrf, answer.text)


def set_f1_metric(ref: Reference, answer: Answer) -> float:
    """Set questions with gold elements: elements matched in any order; others: containment."""
    if ref.type == "set" and ref.answers:
        pieces = split_elements(answer.text)
        return match_f1(ref.elements, [normalize_tokens(razdel_tokens(p)) for p in pieces])
    return match_f1([ref.normal], [answer.normal])
