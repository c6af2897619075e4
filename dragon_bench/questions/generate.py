"""Question generation: sample subgraphs per shape, phrase them (templates or an LLM), check,
cap per type. The shapes come from the registry (`dragon_bench.questions.shapes`)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.llm import ChatModel, make_llm
from dragon_bench.questions.fame import KNOWN_AT
from dragon_bench.questions.filters import SupportIndex
from dragon_bench.questions.inflect import person_gender
from dragon_bench.questions.names import role_of
from dragon_bench.questions.prompts import llm_question, prompt_id
from dragon_bench.questions.roundtrip import RoundTrip
from dragon_bench.questions.sampling import Subgraph, question_graph
from dragon_bench.questions.shapes import QUESTION_SHAPES, QUESTION_TYPES
from dragon_bench.questions.shapes.base import (
    POPULARITY_SHARE,
    Context,
    Phrased,
    common_reason,
    template_words,
)
from dragon_bench.types import Document, Question, Triple

__all__ = ["generate_questions", "BACKENDS"]

BACKENDS = ("template", "llm")


def generate_questions(
    triples: Iterable[Triple],
    documents: Sequence[Document],
    *,
    backend: str = "template",
    per_type: int = 50,
    seed: int = 0,
    llm: ChatModel | None = None,
    types: Sequence[str] = QUESTION_TYPES,
    stats: dict[str, Any] | None = None,
    check_quality: bool = True,
    context: Iterable[Triple] = (),
    asked: Iterable[tuple[str, str, str]] = (),
    popularity_share: float = POPULARITY_SHARE,
    roundtrip: bool = True,
    flagged: list[tuple[Question, str]] | None = None,
) -> list[Question]:
    """At most `per_type` checked questions of each type; the same inputs and seed give the
    same questions. `triples` are the facts that may be asked; `context` triples (the rest of
    the revision's KG, e.g. known facts) count for uniqueness only. `asked` holds facts
    `(subject_id, relation_type, object_id)` asked in earlier revisions, which are not asked
    again. `roundtrip` accepts only template questions `RoundTrip` reads back to their facts. `llm`
    is a `dragon_bench.llm.LLMClient` for the `llm` backend. `flagged`, when given, receives
    up to `per_type` candidates of each type that a check refused, with the reason (for
    operator review: duplicates and facts asked before are never kept)."""
    if backend not in BACKENDS:
        raise BadInputError(
            f"unknown question backend {backend!r} (choose from {', '.join(BACKENDS)})"
        )
    if backend == "llm" and llm is None:
        raise BadInputError("the llm question backend needs an LLM client (DRAGON_LLM_BASE_URL)")
    if per_type < 0:
        raise BadInputError(f"questions per type must be >= 0, got {per_type}")
    unknown = [t for t in types if t not in QUESTION_SHAPES]
    if unknown:
        raise BadInputError(
            f"unknown question type {unknown[0]!r} (choose from {', '.join(QUESTION_TYPES)})"
        )
    texts = {d.id: d.full_text for d in documents}
    # only triples whose calibrated confidence reaches the threshold may be asked
    graph = question_graph(triples, texts, context)
    support = SupportIndex(texts)
    # the check reads template questions; the LLM path has its own judge (dragon_bench/screening)
    reader = RoundTrip(graph) if roundtrip and backend == "template" else None
    rejected: Counter[str] = Counter()
    usage: Counter[str] = Counter()
    words: Counter[str] = Counter()
    seen: set[str] = set()
    out: list[Question] = []
    deferred = 0
    for qtype in types:
        shape = QUESTION_SHAPES[qtype]
        rng = random.Random(f"{seed}:{qtype}")
        ctx = Context(
            graph,
            texts,
            support,
            random.Random(f"{seed}:{qtype}:phrase"),
            usage,
            popularity_share,
            frozenset(asked),
            check_quality,
            words=words,
        )
        kept = 0
        held = 0  # candidates of this type handed to `flagged`
        used: set[object] = set()
        later: list[Subgraph] = []  # deferred for their wording, asked if the type runs short
        for sub, first in _with_deferred(shape.sample(graph, rng), later):
            if kept >= per_type:
                break
            if first and sub.key in used:
                continue
            used.add(sub.key)
            phrased = _phrase(shape, sub, ctx, backend, llm, rejected)
            if phrased is None:
                continue
            if first and backend == "template" and _overused(phrased.template, words, len(out)):
                later.append(sub)
                deferred += 1
                continue
            sub = _gendered_roles(sub)
            answer = ", ".join(sub.answers) if sub.type == "set" else sub.answers[0]
            candidate = Question(
                id=len(out),
                question=phrased.text,
                answer=answer,
                type=qtype,
                text_ids=sub.doc_ids,
                answers=sub.answers,
                triples=sub.triples,
                template=phrased.template,
            )
            reason = common_reason(sub, candidate, ctx, seen) or shape.check(sub, candidate, ctx)
            if not reason and reader is not None and not reader.accepts(sub, candidate.question):
                reason = "roundtrip"
            if reason:
                rejected[reason] += 1
                keep = reason not in ("duplicate", "asked_before") and held < per_type
                if flagged is not None and keep:
                    flagged.append((candidate, reason))
                    held += 1
                continue
            seen.add(phrased.text.lower())
            usage.update(phrased.template.split("+"))
            words.update(template_words(phrased.template))
            out.append(candidate)
            kept += 1
    if stats is not None:
        stats["facts"] = len(graph.facts)
        stats["kg_facts"] = len(graph.all_facts)
        stats["rejected"] = dict(sorted(rejected.items()))
        stats["deferred"] = deferred
        stats["per_type"] = dict(Counter(q.type for q in out))
        stats["popularity_share"] = popularity_share
        stats["known_at"] = KNOWN_AT
        stats["roundtrip"] = roundtrip
    return out


# a template word in more than this share of the questions so far defers a question (the
# issue's limit for the revision is 0.25; names add words the templates do not write)
WORDING_CAP = 0.2
_WORDING_FROM = 10  # questions kept before the share means anything


def _overused(template: str, words: Counter[str], kept: int) -> bool:
    """The wording balance across a revision: a phrased question whose template words are
    already in more than `WORDING_CAP` of the questions kept waits until every other
    candidate of its type has been tried («работает» in one question of three otherwise)."""
    total = kept + 1
    if total < _WORDING_FROM:
        return False
    return any((words[w] + 1) / total > WORDING_CAP for w in template_words(template))


def _with_deferred(
    sampled: Iterable[Subgraph], later: list[Subgraph]
) -> Iterator[tuple[Subgraph, bool]]:
    """The sampled subgraphs (marked first), then those deferred meanwhile (marked not)."""
    for sub in sampled:
        yield sub, True
    for sub in later:
        yield sub, False


def _gendered_roles(sub: Subgraph) -> Subgraph:
    """A woman's roles in her gender («телеведущая», not «телеведущий»)."""
    last = sub.facts[-1]
    if last.relation != "WORKS_AS" or sub.ask == "subject" or last.subject_type != "PERSON":
        return sub
    gender = person_gender(last.subject)
    answers = tuple(role_of(a, gender) for a in sub.answers)
    return sub if answers == sub.answers else dataclasses.replace(sub, answers=answers)


def _phrase(
    shape: Any,
    sub: Subgraph,
    ctx: Context,
    backend: str,
    llm: ChatModel | None,
    rejected: Counter[str],
) -> Phrased | None:
    if backend == "template":
        ctx.why_not = ""
        phrased: Phrased | None = shape.phrase(sub, ctx)
        if phrased is None:
            rejected[ctx.why_not or "no_template"] += 1
        return phrased
    try:
        q = llm_question(make_llm("the llm question backend", llm), sub, ctx.texts)
    except Exception as exc:  # an LLMError or a malformed reply: count it and go on
        rejected[f"llm_error:{type(exc).__name__}"] += 1
        return None
    if q is None:
        rejected["llm_no_question"] += 1
        return None
    return Phrased(q, prompt_id(sub.type))
