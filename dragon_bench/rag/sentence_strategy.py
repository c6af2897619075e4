"""The extractive answerer's earlier strategy, kept for comparison: the best sentence, then an
entity span in it near the question's words (benchmarks/answers.py measures the earlier code
itself against the current "entity" strategy)."""

from __future__ import annotations

import re

from dragon_bench.rag.analysis import find_spans
from dragon_bench.rag.question_kind import QuestionKind
from dragon_bench.rag.text import Analyzer

__all__ = ["sentence_spans"]


def sentence_spans(
    question: str,
    q_terms: set[str],
    kind: QuestionKind,
    top: list[tuple[float, int, str]],
    analyzer: Analyzer,
    max_items: int,
) -> list[tuple[str, int]]:
    """(span, passage index) answers of the best supporting sentences `top` (support, passage
    index, sentence), best first: the first wanted entity near the question's words, several
    for a question asking for several; empty when no span type fits the question."""
    q_lower = question.lower().replace("ё", "е")
    # the earlier question types: a role question asked for a person, nothing asked for events
    asked = ("PER",) if "PROF" in kind.labels else kind.labels
    labels = tuple(k for k in asked if k in ("PER", "LOC", "ORG", "DATE", "NUMBER"))
    wanted = labels or (("PER", "ORG", "LOC") if kind.many else ())
    if not wanted:  # "почему", "как": no span type fits, the sentence is the answer
        return []
    best_score = top[0][0]
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for score, ci, text in top:
        # later sentences only count when they support the question nearly as well
        if out and (not kind.many or score < 0.6 * best_score):
            break
        spans = find_spans(text)
        anchors = [
            m.start() for m in re.finditer(r"\w+", text) if set(analyzer(m.group())) & q_terms
        ]
        named = [(a, b) for a, b, label in spans if label in ("PER", "LOC", "ORG")]
        plain = [x for x in anchors if not any(a <= x < b for a, b in named)]
        anchors = plain or anchors
        hits = []
        for a, b, label in spans:
            if label not in wanted:
                continue
            span = text[a:b].strip(' .,;:«»"()')
            span_terms = set(analyzer(span))
            if not span or span.lower().replace("ё", "е") in q_lower:
                continue
            if span_terms and span_terms <= q_terms:
                continue
            near = min((abs(x - a) if x < a else abs(x - b) for x in anchors), default=0)
            hits.append((wanted.index(label), near, span))
        hits.sort()
        if not hits:
            continue
        pick = hits if kind.many else hits[:1]
        for _, _, span in pick:
            key = " ".join(analyzer(span)) or span.lower()
            if key not in seen:
                seen.add(key)
                out.append((span, ci))
        if len(out) >= max_items or not kind.many:
            break
    return out[:max_items]
