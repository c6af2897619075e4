"""Question generation: sample subgraphs, phrase them (templates or an LLM), filter, cap per type."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.questions.filters import SupportIndex, answer_in_question, question_key
from dragon_bench.questions.prompts import llm_question
from dragon_bench.questions.quality import question_defects
from dragon_bench.questions.sampling import FactGraph, Subgraph, iter_subgraphs
from dragon_bench.questions.templates import phrasing_for, relation_type, subject_wh
from dragon_bench.types import QUESTION_TYPES, Document, Question, QuestionType, Triple

__all__ = ["generate_questions", "template_question", "BACKENDS"]

BACKENDS = ("template", "llm")


def _named(fact_triple: Triple, subject: str, obj: str) -> Triple:
    return dataclasses.replace(fact_triple, subject=subject, object=obj)


def template_question(sub: Subgraph, texts: dict[str, str]) -> str | None:
    """The question text of a subgraph from the Russian templates, or None if no form fits."""
    facts = sub.facts
    first = _named(facts[0].first, facts[0].subject, facts[0].object)
    text = texts.get(first.doc_id)
    if sub.type in ("simple", "set"):
        p = phrasing_for(first, text)
        if sub.ask == "subject":
            return f"{subject_wh(first.subject_type)} {p.ask_subject}?" if p.ask_subject else None
        return p.ask_object
    if sub.type == "conditional":
        second = _named(facts[1].first, facts[1].subject, facts[1].object)
        p1 = phrasing_for(first, text).ask_subject
        p2 = phrasing_for(second, texts.get(second.doc_id)).ask_subject
        if not p1 or not p2:
            return None
        kinds = (relation_type(first.relation), relation_type(second.relation))
        if set(kinds) == {"WORKS_AS", "WORKPLACE"}:
            # «Кто работает судьёй в Пешаваре?», not «Кто работает судьёй и работает в ...»
            role, place = (p1, p2) if kinds[0] == "WORKS_AS" else (p2, p1)
            if place.startswith("работает "):
                return f"{subject_wh(first.subject_type)} {role} {place[len('работает ') :]}?"
        return f"{subject_wh(first.subject_type)} {p1} и {p2}?"
    if sub.type == "multi_hop":
        described = phrasing_for(first, text).describe_object
        if not described:
            return None
        hop = dataclasses.replace(
            facts[1].first,
            subject=described,
            object=facts[1].object,
            subject_type=first.object_type,
        )
        return phrasing_for(hop, texts.get(hop.doc_id)).ask_object
    raise ValueError(f"unknown question type {sub.type!r}")


def generate_questions(
    triples: Iterable[Triple],
    documents: Sequence[Document],
    *,
    backend: str = "template",
    per_type: int = 50,
    seed: int = 0,
    llm: Any = None,
    types: Sequence[QuestionType] = QUESTION_TYPES,
    stats: dict[str, Any] | None = None,
    check_quality: bool = True,
) -> list[Question]:
    """At most `per_type` filtered questions of each type; the same inputs and seed give the
    same questions. `llm` is a `dragon_bench.llm.LLMClient` for the `llm` backend.
    `check_quality` rejects questions `quality.question_defects` flags (counted in
    `stats["rejected"]` as `quality:<defect>`)."""
    if backend not in BACKENDS:
        raise BadInputError(
            f"unknown question backend {backend!r} (choose from {', '.join(BACKENDS)})"
        )
    if backend == "llm" and llm is None:
        raise BadInputError("the llm question backend needs an LLM client (DRAGON_LLM_BASE_URL)")
    if per_type < 0:
        raise BadInputError(f"questions per type must be >= 0, got {per_type}")
    texts = {d.id: d.full_text for d in documents}
    graph = FactGraph([t for t in triples if t.doc_id in texts])
    support = SupportIndex(texts)
    rejected: Counter[str] = Counter()
    seen: set[str] = set()
    out: list[Question] = []
    for qtype in types:
        rng = random.Random(f"{seed}:{qtype}")
        kept = 0
        used: set[object] = set()
        for sub in iter_subgraphs(graph, qtype, rng):
            if kept >= per_type:
                break
            if sub.key in used:
                continue
            used.add(sub.key)
            question = _phrase(sub, texts, backend, llm, rejected)
            if question is None:
                continue
            answer = ", ".join(sub.answers) if sub.type == "set" else sub.answers[0]
            candidate = Question(
                id=len(out),
                question=question,
                answer=answer,
                type=qtype,
                text_ids=sub.doc_ids,
                answers=sub.answers,
                triples=sub.triples,
            )
            reason = _reject_reason(sub, candidate, support, seen, check_quality)
            if reason:
                rejected[reason] += 1
                continue
            seen.add(question_key(question))
            out.append(candidate)
            kept += 1
    if stats is not None:
        stats["facts"] = len(graph.facts)
        stats["rejected"] = dict(sorted(rejected.items()))
        stats["per_type"] = dict(Counter(q.type for q in out))
    return out


def _phrase(
    sub: Subgraph, texts: dict[str, str], backend: str, llm: Any, rejected: Counter[str]
) -> str | None:
    if backend == "template":
        q = template_question(sub, texts)
        if q is None:
            rejected["no_template"] += 1
        return q
    try:
        q = llm_question(llm, sub, texts)
    except Exception as exc:  # an LLMError or a malformed reply: count it and go on
        rejected[f"llm_error:{type(exc).__name__}"] += 1
        return None
    if q is None:
        rejected["llm_no_question"] += 1
    return q


def _reject_reason(
    sub: Subgraph, candidate: Question, support: SupportIndex, seen: set[str], quality: bool
) -> str:
    question = candidate.question
    if any(answer_in_question(a, question) for a in sub.answers):
        return "answer_in_question"
    if sub.bridge is not None and answer_in_question(sub.bridge, question):
        return "bridge_named"
    defects = question_defects(candidate) if quality else ()
    if defects:
        return f"quality:{defects[0]}"
    if not support.supports_all(sub.answers, sub.doc_ids):
        return "unsupported"
    if question_key(question) in seen:
        return "duplicate"
    return ""
