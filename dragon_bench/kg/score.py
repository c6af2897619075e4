"""Extraction quality against NEREL gold: entity pairs matched by overlapping character spans."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragon_bench.kg.extract import extract_triples
from dragon_bench.kg.labels import TYPE_RELATIONS, nerel_type
from dragon_bench.kg.natasha_backend import analyse_document
from dragon_bench.kg.nerel import GoldDocument, read_gold_folder
from dragon_bench.kg.triggers import RELATION_NAMES
from dragon_bench.llm import ChatModel
from dragon_bench.output import track
from dragon_bench.types import Triple

__all__ = [
    "GoldIndex",
    "Grounding",
    "Pair",
    "PairScore",
    "gold_pairs",
    "triple_pairs",
    "score_pairs",
    "fits",
    "pairs_match",
    "score_extraction",
    "score_against_gold",
]

Span = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Pair:
    """An unordered pair of entity spans in one document; `label` is a relation type or ''."""

    doc_id: str
    a: Span
    b: Span
    label: str = ""


@dataclass(frozen=True, slots=True)
class PairScore:
    """Precision, recall and F1 with the counts they come from."""

    precision: float
    recall: float
    f1: float
    predicted: int
    gold: int
    matched_predicted: int
    matched_gold: int

    def as_dict(self) -> dict[str, float | int]:
        return {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "predicted": self.predicted,
            "gold": self.gold,
            "matched_predicted": self.matched_predicted,
            "matched_gold": self.matched_gold,
        }


def _overlap(x: Span, y: Span) -> bool:
    return any(s1 < e2 and s2 < e1 for s1, e1 in x for s2, e2 in y)


def pairs_match(p: Pair, g: Pair, typed: bool = False) -> bool:
    """Whether each side of `p` overlaps a different side of `g` (and, if typed, labels agree)."""
    if typed and p.label != g.label:
        return False
    return (_overlap(p.a, g.a) and _overlap(p.b, g.b)) or (
        _overlap(p.a, g.b) and _overlap(p.b, g.a)
    )


def gold_pairs(gold: Iterable[GoldDocument]) -> list[Pair]:
    """One pair per distinct (entity, entity, type) of the gold `R` lines."""
    out: set[Pair] = set()
    for g in gold:
        for r in g.relations:
            a, b = g.entities[r.arg1].fragments, g.entities[r.arg2].fragments
            a, b = min(a, b), max(a, b)
            out.add(Pair(g.document.id, a, b, r.type))
    return sorted(out, key=lambda p: (p.doc_id, p.a, p.b, p.label))


def triple_pairs(triples: Iterable[Triple], labels: dict[Triple, str] | None = None) -> list[Pair]:
    """The distinct unordered subject/object span pairs of triples (labels for typed scoring)."""
    out: set[Pair] = set()
    for t in triples:
        a, b = (t.subject_span,), (t.object_span,)
        a, b = min(a, b), max(a, b)
        out.add(Pair(t.doc_id, a, b, (labels or {}).get(t, "")))
    return sorted(out, key=lambda p: (p.doc_id, p.a, p.b, p.label))


def score_pairs(
    predicted: Sequence[Pair], gold: Sequence[Pair], *, typed: bool = False
) -> PairScore:
    """Precision = share of predicted pairs that match a gold pair; recall = share of gold pairs matched.

    Untyped scoring ignores labels and counts each distinct gold entity pair once.
    """
    if not typed:
        predicted = sorted(
            {Pair(p.doc_id, p.a, p.b) for p in predicted}, key=lambda p: (p.doc_id, p.a, p.b)
        )
        gold = sorted({Pair(g.doc_id, g.a, g.b) for g in gold}, key=lambda p: (p.doc_id, p.a, p.b))
    by_doc: dict[str, list[Pair]] = {}
    for g in gold:
        by_doc.setdefault(g.doc_id, []).append(g)
    matched_gold: set[Pair] = set()
    matched_pred = 0
    for p in predicted:
        hit = False
        for g in by_doc.get(p.doc_id, ()):
            if pairs_match(p, g, typed):
                hit = True
                matched_gold.add(g)
        matched_pred += hit
    precision = matched_pred / len(predicted) if predicted else 0.0
    recall = len(matched_gold) / len(gold) if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PairScore(
        precision, recall, f1, len(predicted), len(gold), matched_pred, len(matched_gold)
    )


def score_extraction(
    triples: Sequence[Triple],
    gold: Sequence[GoldDocument],
    *,
    cooccurrence: Sequence[Pair] | None = None,
) -> dict[str, Any]:
    """Untyped and typed pair scores of triples against NEREL gold, plus the baseline when given.

    Typed figures count the triples that carry a relation type (`relation_type`, or for
    triples without a trigger the type their entity types imply), against the gold relations
    of the types the extractor can give.
    """

    gold_all = gold_pairs(gold)
    report: dict[str, Any] = score_pairs(triple_pairs(triples), gold_all).as_dict()
    labels = {
        t: t.relation_type or ("" if t.trigger else nerel_type(t.subject_type, t.object_type))
        for t in triples
    }
    typed_pred = [p for p in triple_pairs(triples, labels) if p.label]
    mapped = set(RELATION_NAMES) | {r[3] for r in TYPE_RELATIONS}
    typed_gold = [g for g in gold_all if g.label in mapped]
    report["typed"] = score_pairs(typed_pred, typed_gold, typed=True).as_dict()
    by_relation: dict[str, dict[str, float | int]] = {}
    for rel in sorted(mapped):
        rel_gold = [g for g in typed_gold if g.label == rel]
        rel_pred = [p for p in typed_pred if p.label == rel]
        if rel_gold or rel_pred:
            by_relation[rel] = score_pairs(rel_pred, rel_gold, typed=True).as_dict()
    report["typed"]["by_relation"] = by_relation
    if cooccurrence is not None:
        report["cooccurrence"] = score_pairs(cooccurrence, gold_all).as_dict()
    report["documents"] = len(gold)
    report["triples"] = len(triples)
    return report


def score_against_gold(
    folder: Path | str,
    backend: str = "natasha",
    *,
    llm: ChatModel | None = None,
    limit: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Extract from a NEREL folder and score against its gold; the co-occurrence baseline is
    computed from the same natasha parse (keys: precision, recall, f1, typed, cooccurrence, ...).
    """

    gold = read_gold_folder(folder)
    if limit is not None:
        gold = gold[:limit]
    docs = [g.document for g in gold]
    items: Iterable[GoldDocument] = gold
    if progress:
        items = track(gold, f"scoring {backend}")
    started = time.perf_counter()
    triples: list[Triple] = []
    cooc: list[Pair] = []
    for g in items:
        analysis = analyse_document(g.document)
        if backend == "natasha":
            triples.extend(analysis.triples)
        for a, b in analysis.cooccurrences:
            cooc.append(Pair(g.document.id, (min(a, b),), (max(a, b),)))
    natasha_seconds = time.perf_counter() - started
    if backend != "natasha":
        started = time.perf_counter()
        triples = extract_triples(docs, backend=backend, llm=llm, progress=progress)
    seconds = time.perf_counter() - started if backend != "natasha" else natasha_seconds
    report = score_extraction(triples, gold, cooccurrence=cooc)
    report["backend"] = backend
    report["seconds"] = round(seconds, 2)
    report["docs_per_s"] = round(len(docs) / seconds, 2) if seconds > 0 else None
    return report


def fits(span: tuple[int, int], arg: Span) -> bool:
    """`span` overlaps the gold argument and is not too long for it: at most twice its
    length, or 10 characters longer, whichever allows more (issue #15's definition)."""
    if not _overlap((span,), arg):
        return False
    length = sum(e - s for s, e in arg)
    return span[1] - span[0] <= max(2 * length, length + 10)


@dataclass(frozen=True, slots=True)
class Grounding:
    """Whether a triple rests on a gold relation of its document: `grounded` when its subject
    and object spans fit different arguments of one gold relation, `typed` when moreover the
    relation types agree and subject/object are Arg1/Arg2."""

    grounded: bool
    typed: bool


class GoldIndex:
    """NEREL gold relations by document, to ground triples against."""

    def __init__(self, gold: Iterable[GoldDocument]) -> None:
        self.relations: dict[str, list[tuple[str, Span, Span]]] = {}
        for g in gold:
            rows = self.relations.setdefault(g.document.id, [])
            for r in g.relations:
                a, b = g.entities[r.arg1].fragments, g.entities[r.arg2].fragments
                rows.append((r.type, a, b))

    def ground(self, triple: Triple) -> Grounding:
        s, o = triple.subject_span, triple.object_span
        grounded = typed = False
        for kind, a, b in self.relations.get(triple.doc_id, ()):
            forward = fits(s, a) and fits(o, b)
            if forward or (fits(s, b) and fits(o, a)):
                grounded = True
                if forward and kind == triple.relation_type:
                    typed = True
                    break
        return Grounding(grounded, typed)
