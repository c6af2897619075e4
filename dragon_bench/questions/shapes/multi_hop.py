"""`multi_hop`: a chain A -> B -> C asking C, with the bridge B not named but described by a
distinctive fact (its relation to the named A, which only B has in the KG): «Где находится
штаб-квартира организации, в которой работает Алексей Миллер?», or, with B the subject of
the first fact, «Сколько лет человеку, который возглавляет «Металлоинвест»?». Joined by
entity id."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from dragon_bench.questions.inflect import inflect_name
from dragon_bench.questions.morph import lemmas, phrase_gender
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes.base import (
    Context,
    Phrased,
    ask_object,
    gendered_render,
    object_scope,
    predicates,
    subject_scope,
)
from dragon_bench.questions.stated import frame_stated, told_of_another
from dragon_bench.questions.templates import (
    TEMPLATES,
    WHEN,
    Describe,
    render,
    subject_wh,
    type_noun,
)
from dragon_bench.questions.vocab import AGENTS, PLACES
from dragon_bench.types import Question

__all__ = ["SHAPE", "MultiHop"]

_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
# relations whose frames share a verb: a bridge described by one and asked by the other
# repeats it («Где находится место, где находится X?»)
_FAMILIES = {
    "HEADQUARTERED_IN": "LOCATED_IN",
    "TAKES_PLACE_IN": "LOCATED_IN",
    "WORKS_AS": "WORKPLACE",
    "DATE_OF_BIRTH": "PLACE_OF_BIRTH",
    "DATE_OF_DEATH": "PLACE_OF_DEATH",
    "AGE_DIED_AT": "PLACE_OF_DEATH",
    "CAUSE_OF_DEATH": "PLACE_OF_DEATH",
}


def _family(relation: str) -> str:
    return _FAMILIES.get(relation, relation)


def _descriptions(
    f1: Fact, graph: FactGraph, texts: Mapping[str, str]
) -> list[tuple[Describe, dict[str, str], str]]:
    """The bridge (f1's object) described by f1, in every case, when f1 makes it unique."""
    frames = TEMPLATES.get(f1.relation)
    out = []
    for d in frames.describe if frames else ():
        if d.objects and f1.object_type not in d.objects:
            continue
        if not frame_stated(d.id, f1.triples, texts):
            continue
        if d.when and not WHEN[d.when](f1.subject, f1.subject_type, f1.object, f1.object_type):
            continue
        if graph.object_ids(f1.subject_id, f1.relation, d.objects) != {f1.object_id}:
            continue  # A has another such object: the description fits two entities
        head = d.head.replace("{onoun}", type_noun(f1.object_type))
        clause = gendered_render(
            d.clause.strip(),
            s=f1.subject,
            s_type=f1.subject_type,
            o_type=f1.object_type,
            tense=f1.tense,
            head=head,
            capitalize=False,
        )
        if clause is None:
            continue
        joiner = ", " if d.clause.startswith(",") else " "
        clause = clause.lstrip(", ")
        forms = {}
        for case in _CASES:
            h = inflect_name(head, case)
            if h is not None:
                forms[case] = f"{h}{joiner}{clause}"
        out.append((d, forms, phrase_gender(head)))
    return out


def _subject_descriptions(
    f1: Fact, graph: FactGraph, texts: Mapping[str, str]
) -> list[tuple[str, dict[str, str], str]]:
    """The bridge (f1's subject) described by what it does to the named object: «человек,
    который работает в «Металлоинвесте»», when no other entity of its kind does it."""
    scope = subject_scope(f1.subject_type)
    if graph.subject_ids(f1.relation, f1.object_id, scope) != {f1.subject_id}:
        return []
    if told_of_another(f1.relation, f1.triples, texts):
        return []  # «тот, кто родился в Лондоне»: the texts tell another London birth
    head = type_noun(f1.subject_type)
    gender = phrase_gender(head)
    out = []
    for frame, _ in predicates(f1, wh=subject_wh(f1.subject_type), texts=texts):
        pred = render(
            frame.text,
            o=f1.object,
            o_type=f1.object_type,
            tense=f1.tense,
            agree=gender,
            capitalize=False,
        )
        if pred is None:
            continue
        which = render("{which:nomn}", head=head, capitalize=False) or "который"
        forms = {}
        for case in _CASES:
            h = inflect_name(head, case)
            if h is not None:
                forms[case] = f"{h}, {which} {pred}"
        if head != "человек":
            out.append((frame.id, forms, gender))
            continue
        # «человек, который ...» or «тот, кто ...»: «человек» would fill a benchmark
        out.append((f"{frame.id}+head.person", forms, gender))
        who = {case: f"{_THAT[case]}, кто {pred}" for case in _CASES}
        out.append((f"{frame.id}+head.who", who, gender))
    return out


_THAT = {
    "nomn": "тот",
    "gent": "того",
    "datv": "тому",
    "accs": "того",
    "ablt": "тем",
    "loct": "том",
}


# relations many people of the texts have with one place
_MANY_IN_PLACE = frozenset({"WORKPLACE", "ORIGINS_FROM", "PLACE_RESIDES_IN", "HEADQUARTERED_IN"})
# chains offered per first fact and bridge side
_PER_BRIDGE = 2


def _subject_bridges(f1: Fact, graph: FactGraph, rng: random.Random) -> list[Subgraph]:
    """Chains whose bridge is f1's subject: «Сколько лет человеку, который работает в
    «Металлоинвесте»?» (f2 is another fact about that subject); not described by where it
    works or comes from."""
    if f1.subject_type not in AGENTS or not graph.anchor(f1, "object"):
        return []
    if f1.object_type in PLACES and f1.relation in _MANY_IN_PLACE:
        # «человек, который представляет Испанию»: the one such person of this KG, but the
        # texts name many who work in or come from a country (a birth or death there is rare)
        return []
    nexts = [
        f
        for f in graph.by_subject.get(f1.subject_id, [])
        if f.key != f1.key
        and f.object_id != f1.object_id
        and _family(f.relation) != _family(f1.relation)
        and graph.answerable(f, "object")
    ]
    rng.shuffle(nexts)
    return [
        Subgraph(
            "multi_hop",
            (f1, f2),
            (f2.object,),
            (f2.object_id,),
            ask="subject_bridge",
            bridge=f1.subject,
            bridge_id=f1.subject_id,
        )
        for f2 in nexts
    ]


def _object_bridges(f1: Fact, graph: FactGraph, rng: random.Random) -> list[Subgraph]:
    """Chains whose bridge is f1's object: «Где находится штаб-квартира организации, в
    которой работает Алексей Миллер?» (f2 is a fact about that object)."""
    frames = TEMPLATES.get(f1.relation)
    if not frames or not frames.describe or not graph.anchor(f1, "subject"):
        return []
    nexts = [
        f
        for f in graph.by_subject.get(f1.object_id, [])
        if f.object_id != f1.subject_id
        and _family(f.relation) != _family(f1.relation)
        and graph.answerable(f, "object")
    ]
    rng.shuffle(nexts)
    return [
        Subgraph(
            "multi_hop",
            (f1, f2),
            (f2.object,),
            (f2.object_id,),
            bridge=f1.object,
            bridge_id=f1.object_id,
        )
        for f2 in nexts
    ]


def _shown(texts: Mapping[str, str], doc_id: str, span: tuple[int, int]) -> str:
    return texts.get(doc_id, "")[span[0] : span[1]]


def _joined_in_text(sub: Subgraph, texts: Mapping[str, str]) -> bool:
    """An organisation bridging two documents is the same one only when both name it alike
    and not by a bare abbreviation: the MVD of Belarus in one text and «МВД России» in
    another are two, even when a link gives them one id."""
    f1, f2 = sub.facts
    if set(f1.doc_ids) & set(f2.doc_ids) or f2.subject_type not in ("ORGANIZATION", "ORG"):
        return True
    side = "subject" if sub.ask == "subject_bridge" else "object"
    first = {
        " ".join(lemmas(_shown(texts, t.doc_id, getattr(t, f"{side}_span")))) for t in f1.triples
    }
    second = {" ".join(lemmas(_shown(texts, t.doc_id, t.subject_span))) for t in f2.triples}
    shared = first & second
    return any(len(name.split()) > 1 or len(name) > 5 for name in shared)


class MultiHop:
    name = "multi_hop"
    crag_type = "multi-hop"
    order = 3

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        facts = list(graph.facts)
        rng.shuffle(facts)
        for f1 in facts:
            # the bridge is f1's subject (described by its relation to the named object) or
            # f1's object (described by its relation to the named subject), in random order;
            # a few chains of each, so one that cannot be phrased does not lose the bridge
            branches = [_subject_bridges(f1, graph, rng), _object_bridges(f1, graph, rng)]
            if rng.random() < 0.5:
                branches.reverse()
            for chains in branches:
                yield from chains[:_PER_BRIDGE]

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        f1, f2 = sub.facts
        graph = ctx.graph
        candidates = []
        rendered = 0
        if sub.ask == "subject_bridge" and graph.subject_ids(
            f1.relation, f1.object_id, subject_scope(f1.subject_type)
        ) != {f1.subject_id}:
            ctx.why_not = "not_unique"  # others do it too: no description fits the bridge alone
            return None
        if sub.ask == "subject_bridge":
            described = _subject_descriptions(f1, graph, ctx.texts)
        else:
            described = [
                (d.id, forms, gender) for d, forms, gender in _descriptions(f1, graph, ctx.texts)
            ]
        for first_id, forms, gender in described:
            asked = ask_object(f2, graph, subject=forms, subject_gender=gender, texts=ctx.texts)
            for frame, text in asked:
                rendered += 1
                scope = object_scope(frame, f2.object_type)
                if graph.object_ids(f2.subject_id, f2.relation, scope) == {f2.object_id}:
                    candidates.append((f"{first_id}+{frame.id}", text))
        return ctx.unique(candidates, rendered)

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        return "" if _joined_in_text(sub, ctx.texts) else "join_unstated"


SHAPE = MultiHop()
