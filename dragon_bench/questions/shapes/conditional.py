"""`conditional`: the one entity two facts from different sentences (preferably different
documents) both hold for, joined by entity identity: «Кто родился в Ржеве и работает в
«Газпроме»?». Each condition alone fits more than one entity where the KG allows."""

from __future__ import annotations

import random
from collections.abc import Iterator

from dragon_bench.questions.morph import lemmas
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes.base import Context, Phrased, predicates, subject_scope
from dragon_bench.questions.templates import subject_wh
from dragon_bench.questions.vocab import AGENTS
from dragon_bench.types import Question

__all__ = ["SHAPE", "Conditional"]


def _restates(a: Fact, b: Fact, graph: FactGraph) -> bool:
    """One condition names the other's object («премьер Австралии» and «в Австралии») or
    lies in it («умер в Берлине и жил в Германии»)."""
    if set(lemmas(a.object)) & set(lemmas(b.object)):
        return True
    inside = graph.object_ids(a.object_id, "LOCATED_IN") | graph.object_ids(
        b.object_id, "LOCATED_IN"
    )
    return bool(inside & {a.object_id, b.object_id})


# at most this many condition pairs are offered for one answer entity (the next is tried
# when the first cannot be phrased)
_PER_SUBJECT = 2


def _condition(f: Fact, graph: FactGraph) -> bool:
    """A fact that can be a condition: its subject and object named, or its object a date
    («родился 2 ноября 1948 года»)."""
    return graph.anchor(f, "subject") and (graph.anchor(f, "object") or f.object_type == "DATE")


class Conditional:
    name = "conditional"
    crag_type = "simple_w_condition"
    order = 2

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        subjects = sorted(graph.by_subject)
        rng.shuffle(subjects)
        for sid in subjects:
            facts = [f for f in graph.by_subject[sid] if _condition(f, graph)]
            if len(facts) < 2 or facts[0].subject_type not in AGENTS:
                continue
            pairs = [
                (a, b)
                for i, a in enumerate(facts)
                for b in facts[i + 1 :]
                if a.relation != b.relation
                and not (a.sentences & b.sentences)
                and not _restates(a, b, graph)
            ]
            # facts from different documents first
            pairs.sort(key=lambda p: (bool(set(p[0].doc_ids) & set(p[1].doc_ids)), rng.random()))
            scope = subject_scope(facts[0].subject_type)
            found = 0
            for a, b in pairs:
                sa, sb = graph.holders(a, scope), graph.holders(b, scope)
                if sa & sb != {sid}:
                    continue
                if len(sa) == 1 and len(sb) == 1:
                    continue  # either fact alone names the answer: no condition is needed
                yield Subgraph("conditional", (a, b), (a.subject,), (sid,), ask="subject")
                found += 1
                if found == _PER_SUBJECT:
                    break

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        a, b = sub.facts
        wh = subject_wh(a.subject_type)
        first = predicates(a, wh=wh, texts=ctx.texts)
        second = predicates(b, wh=wh, texts=ctx.texts)
        candidates = []
        for fa, pa in first:
            for fb, pb in second:
                if pa.split()[0] == pb.split()[0]:
                    continue  # «работает в X и работает Y»: one verb twice
                candidates.append((f"{fa.id}+{fb.id}", f"{wh} {pa} и {pb}?"))
        return ctx.unique(candidates, 0)

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        return ""


SHAPE = Conditional()
