"""A second retrieval hop for multi-hop questions: name the bridge entity the question only
describes, from the first hop's passages, and retrieve again with that name.

After IRCoT-style iterative retrieval (Trivedi et al., 2023), cut to one bounded step with no
LLM: the bridges are the natasha named entities (normal forms) in the first texts' sentences
that share the question's described part; the second query is the question plus those names,
the generator answers the question with the described part replaced by them, and the two
rankings are fused by reciprocal rank fusion.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from dragon_bench.rag.analysis import analyse_sentences
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.config import HOP_WHEN
from dragon_bench.rag.text import Analyzer, split_sentences, word_tokens

__all__ = [
    "HOP_WHEN",
    "Hop",
    "bridge_labels",
    "find_bridges",
    "merge_rankings",
    "plan_hop",
    "plan_hops",
    "split_description",
]

_BRIDGE_LABELS = ("PER", "ORG", "LOC", "NAME")
# the noun the question uses for the hidden entity says what kind of name to look for
_NOUN_LABELS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), labels)
    for p, labels in (
        (r"\bчеловек|\bлюд|\bперсон|\bребён|\bребен|\bсупруг|\bродител", ("PER",)),
        (r"\bорганизаци|\bкомпани|\bпарти|\bклуб|\bкоманд|\bведомств", ("ORG", "NAME")),
        (r"\bгород|\bстран|\bмест|\bрегион|\bобласт|\bстолиц", ("LOC", "NAME")),
        (r"\bсобыти", ("EVENT",)),
    )
)
# «..., который/где/в которой ...» up to the next comma or the question mark: the clause that
# describes the bridge entity instead of naming it
_CLAUSE = re.compile(
    r",\s*(?:(?:в|во|на|с|со|у|о|об|от|из|за|для|по|при|к|ко)\s+)?"
    r"(?:котор\w+|где|куда|откуда|чей|чья|чь[её]|чьи)\b[^,?]*",
    re.IGNORECASE,
)
_ANALYZER = Analyzer()


@dataclass(frozen=True, slots=True)
class Hop:
    """A planned second hop: the bridge names found, the query that retrieves with them, and
    the question the generator answers (the described part replaced by the names)."""

    bridges: tuple[str, ...]
    query: str
    question: str


def split_description(question: str) -> tuple[str, str]:
    """The question without its relative clause, and the clause («который возглавляет X»);
    the clause is empty when the question has none."""
    m = _CLAUSE.search(question)
    if m is None:
        return question, ""
    main = (question[: m.start()] + question[m.end() :]).strip()
    return main, m.group().lstrip(", ").strip()


def bridge_labels(question: str) -> tuple[str, ...]:
    """The mention labels a bridge may have: by the noun before the relative clause
    («организация, в которой ...» wants ORG), any name otherwise."""
    m = _CLAUSE.search(question)
    words = word_tokens(question[: m.start()]) if m else []
    if words:
        for pattern, labels in _NOUN_LABELS:
            if pattern.match(words[-1]):
                return labels
    return _BRIDGE_LABELS


def _fold(text: str) -> str:
    return " ".join(word_tokens(text))


def _supporting(
    question: str, candidates: Sequence[Candidate], passages: int
) -> list[tuple[int, str, float]]:
    """(passage rank, sentence, support) of the sentences of the first `passages` texts that
    hold idf-weighted words of the described part (and its own names, when it has any)."""
    _, clause = split_description(question)
    anchor_terms = set(_ANALYZER(clause or question))
    sentences = [
        (rank, line.strip())
        for rank, c in enumerate(candidates[:passages])
        for a, b in split_sentences(c.text)
        for line in c.text[a:b].split("\n")
        if line.strip()
    ]
    if not anchor_terms or not sentences:
        return []
    terms = [set(_ANALYZER(s)) for _, s in sentences]
    n = len(sentences)
    idf = {t: math.log(1 + n / (1 + sum(t in ts for ts in terms))) for t in anchor_terms}
    # the described part's own names (capitalised words) pin down the sentence to read
    pinned = {t for w in (clause or question).split()[1:] if w[:1].isupper() for t in _ANALYZER(w)}
    supporting = []
    for (rank, text), ts in zip(sentences, terms, strict=True):
        support = sum(idf[t] for t in anchor_terms & ts)
        if support > 0 and not (pinned and not pinned & ts):
            supporting.append((rank, text, support))
    return supporting


def find_bridges(
    question: str,
    candidates: Sequence[Candidate],
    *,
    passages: int = 5,
    limit: int = 2,
) -> list[str]:
    """Named entities (natasha NER normal forms, of the kind `bridge_labels` gives) of the
    first `passages` texts that the question does not name, scored by the idf-weighted words
    of the described part (the whole question without one) in their sentence, which must
    share the part's own names when it has any; best first, at most `limit`."""
    return _bridges(question, _supporting(question, candidates, passages), limit)


def _bridges(question: str, supporting: list[tuple[int, str, float]], limit: int) -> list[str]:
    labels = bridge_labels(question)
    q_terms = set(_ANALYZER(question))
    q_fold = _fold(question)
    # one batched natasha analysis of every supporting sentence
    analyses = analyse_sentences([text for _, text, _ in supporting])
    scores: dict[str, float] = {}
    names: dict[str, str] = {}
    for (rank, _, support), (_, mentions) in zip(supporting, analyses, strict=True):
        for m in mentions:
            if m.label not in labels:
                continue
            normal = m.normal.strip(' .,;:«»"()')
            folded = _fold(normal)
            own = set(_ANALYZER(normal))
            if not folded or folded in q_fold or (own and own <= q_terms):
                continue
            key = folded
            names.setdefault(key, normal)
            # the same name in several supporting sentences adds up, earlier texts weigh more
            scores[key] = scores.get(key, 0.0) + support / (1 + rank)
    best = sorted(scores, key=lambda k: (-scores[k], k))
    return [names[k] for k in best[:limit]]


def plan_hop(
    question: str,
    candidates: Sequence[Candidate],
    *,
    when: str = "clause",
    passages: int = 5,
    limit: int = 2,
) -> Hop | None:
    """The second hop for a question and its first-hop texts, or None when there is none:
    `when="clause"` hops only for questions with a relative clause, `"always"` for all."""
    if when not in HOP_WHEN:
        raise ValueError(f"hop_when {when!r} is not one of {', '.join(HOP_WHEN)}")
    main, clause = split_description(question)
    if when == "clause" and not clause:
        return None
    return _hop(question, main, clause, _supporting(question, candidates, passages), limit)


def _hop(
    question: str, main: str, clause: str, supporting: list[tuple[int, str, float]], limit: int
) -> Hop | None:
    bridges = _bridges(question, supporting, limit)
    if not bridges:
        return None
    names = " ".join(bridges)
    # the generator reads the question with the described part replaced by the name it
    # describes; retrieval keeps the description too, whose words the answer's text shares
    # (a question without one is answered as it stands)
    asked = f"{main.rstrip(' ?.!')} {names}?" if clause else question
    query = f"{question.rstrip(' ?.!')} {names}?"
    return Hop(tuple(bridges), query, asked)


def plan_hops(
    items: Sequence[tuple[str, Sequence[Candidate]]],
    *,
    when: str = "clause",
    passages: int = 5,
    limit: int = 2,
) -> list[Hop | None]:
    """`plan_hop` of many (question, first-hop texts) pairs, the supporting sentences of all
    of them analysed by natasha in one batched call."""
    if when not in HOP_WHEN:
        raise ValueError(f"hop_when {when!r} is not one of {', '.join(HOP_WHEN)}")
    parts = [split_description(q) for q, _ in items]
    supporting = [
        _supporting(q, c, passages) if when == "always" or clause else []
        for (q, c), (_, clause) in zip(items, parts, strict=True)
    ]
    analyse_sentences([text for found in supporting for _, text, _ in found])
    return [
        _hop(q, main, clause, found, limit) if when == "always" or clause else None
        for (q, _), (main, clause), found in zip(items, parts, supporting, strict=True)
    ]


def merge_rankings(
    first: Sequence[Candidate], second: Sequence[Candidate], *, k: int = 60
) -> list[Candidate]:
    """Reciprocal rank fusion (Cormack et al., 2009) of two rankings; on equal scores the
    first ranking's text comes first, so the first hop's evidence keeps its place."""
    scores: dict[str, float] = {}
    order: dict[str, tuple[int, int]] = {}
    kept: dict[str, Candidate] = {}
    texts: dict[str, list[str]] = {}
    for which, ranking in enumerate((first, second)):
        for rank, c in enumerate(ranking, start=1):
            scores[c.docid] = scores.get(c.docid, 0.0) + 1.0 / (k + rank)
            order.setdefault(c.docid, (rank, which))
            kept.setdefault(c.docid, c)
            # a text found by both hops keeps the passages each hop chose
            seen = texts.setdefault(c.docid, [])
            if c.text not in seen:
                seen.append(c.text)
    ids = sorted(scores, key=lambda d: (-scores[d], order[d]))
    return [
        Candidate(d, scores[d], " … ".join(texts[d]), {**kept[d].extra, "hop": order[d][1] + 1})
        for d in ids
    ]
