"""`simple`: one fact, asking its object (or, now and then, its subject), unique in the KG."""

from __future__ import annotations

import random
from collections.abc import Iterator

from dragon_bench.questions.completeness import (
    activity,
    listed_roles,
    other_awards,
    other_posts,
    other_workplaces,
    works_elsewhere,
)
from dragon_bench.questions.fame import known_seat, textbook
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes.base import (
    Context,
    Phrased,
    ask_object,
    object_scope,
    predicates,
    subject_scope,
    subject_wh_of,
)
from dragon_bench.questions.stated import many_hold
from dragon_bench.questions.vocab import AGENTS, ORGS, PEOPLE, PLACES
from dragon_bench.types import Question

__all__ = ["SHAPE", "Simple"]

# «Какую организацию представляет X?»: the employer, and as well the party X is a member of
_REPRESENTS = frozenset({"workplace.ask.repr"})


class Simple:
    name = "simple"
    crag_type = "simple"
    order = 0

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        facts = list(graph.facts)
        rng.shuffle(facts)
        for f in facts:
            sides = []
            if graph.anchor(f, "subject") and graph.answerable(f, "object"):
                sides.append("object")
            if (
                graph.anchor(f, "object")
                and graph.anchor(f, "subject")
                and f.subject_type in AGENTS
                and not _broad(f)
                and (f.relation != "WORKPLACE" or _heads_stated(f, graph))
            ):
                sides.append("subject")
            if not sides:
                continue
            side = sides[0] if len(sides) == 1 or rng.random() < 0.75 else sides[1]
            if side == "object":
                yield Subgraph("simple", (f,), (f.object,), (f.object_id,), ask="object")
            else:
                yield Subgraph("simple", (f,), (f.subject,), (f.subject_id,), ask="subject")

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        f = sub.facts[0]
        graph = ctx.graph
        candidates = []
        if sub.ask == "object":
            rendered = ask_object(f, graph, texts=ctx.texts)
            for frame, text in rendered:
                scope = object_scope(frame, f.object_type)
                if graph.object_ids(f.subject_id, f.relation, scope) != {f.object_id}:
                    continue
                if frame.id in _REPRESENTS and graph.object_ids(
                    f.subject_id, "MEMBER_OF", scope
                ) - {f.object_id}:
                    continue  # a member of a party represents it too: which one is asked?
                candidates.append((frame.id, text))
            return ctx.unique(candidates, len(rendered))
        wh = subject_wh_of([f], ctx.texts)
        preds = predicates(f, wh=wh, texts=ctx.texts)
        scope = subject_scope(f.subject_type)
        if graph.subject_ids(f.relation, f.object_id, scope) == {f.subject_id}:
            candidates = [
                (frame.id, f"{wh} {pred}?")
                for frame, pred in preds
                if not _many_people(f, frame.id)  # «Кто возглавляет ...?», not «Кто работает»
            ]
        return ctx.unique(candidates, len(preds))

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        f = sub.facts[0]
        if (
            f.relation == "WORKS_AS"
            and sub.ask == "object"
            and listed_roles([f], ctx.texts, heads=True)
        ):
            return "other_roles"  # «выдающийся спортсмен и актёр Олег Тактаров»: which one?
        if f.relation == "WORKS_AS" and activity(f.object):
            return "activity"  # «Кем работает Бинг?» -> «предпринимательство»: no post
        if (
            f.relation == "WORKS_AS"
            and sub.ask == "object"
            and other_posts(f, ctx.graph, ctx.texts)
        ):
            return "other_posts"  # «инженер» beside «изобретатель»: which one is asked?
        if (
            f.relation == "AWARDED_WITH"
            and sub.ask == "object"
            and other_awards(f, ctx.graph, ctx.texts)
        ):
            return "other_awards"  # «Какую награду получил ...?» of one who holds several
        if (
            f.relation == "WORKPLACE"
            and sub.ask == "object"
            and f.object_type in ORGS
            and other_workplaces(f, ctx.texts)
        ):
            return "other_workplaces"  # «Преподавал в Высшей партийной школе», «Возглавлял ...»
        if sub.ask == "object":
            why = textbook(
                f.relation,
                f.subject_type,
                f.object,
                f.object_type,
                [ctx.texts.get(d, "") for d in f.doc_ids],
            )
            if why:
                return f"textbook_{why}"  # «В какой стране находится Славянск?»
            if (
                f.relation == "HEADQUARTERED_IN"
                and ctx.known_at
                and any(known_seat(n, f.object, ctx.known_at) for n in _names(f, ctx))
            ):
                return "common_knowledge"  # «Где базируется МАГАТЭ?» -> Вена
            if works_elsewhere(f, ctx.graph):
                return "other_workplaces"  # «В каком городе работал Юкия Амано?» (МАГАТЭ: Вена)
        if sub.ask == "subject" and (_broad(f) or _many_people(f, question.template)):
            return "broad"  # a safety net for the sampler's and the phrasing's choice
        return ""


# what many people are or do to one organisation or person: «Кто учился в ...?» has answers
# the KG lacks
_MANY_PEOPLE = frozenset({"WORKPLACE", "MEMBER_OF", "SCHOOLS_ATTENDED", "PARTICIPANT_IN"})
_MANY_PEOPLE |= {"SUBORDINATE_OF", "ORIGINS_FROM"}


def _names(f: Fact, ctx: Context) -> list[str]:
    """Every name the texts give the fact's subject («Интернационал», «Интер»: the news know
    the club by the one, TRAIN read a)."""
    ent = ctx.graph.entities.get(f.subject_id)
    return [f.subject, *sorted(ent.names)] if ent is not None else [f.subject]


def _broad(f: Fact) -> bool:
    """Whoever holds the fact is one of many, whatever the wording: «Какая организация
    базируется в СССР?», «Кто жил в Синьцзян-Уйгурском автономном районе?», «Что находится в
    Шанхае?», «Кто учился в ... колледже?» (the KG knows few of them)."""
    if f.object_type in PLACES:
        return True
    if f.subject_type not in PEOPLE:
        return False
    return f.relation in _MANY_PEOPLE - {"WORKPLACE"} or many_hold(
        f.relation, f.object, f.object_type
    )


def _heads_stated(f: Fact, graph: FactGraph) -> bool:
    """A workplace the texts say the person heads («Кто возглавляет ...?» can be asked)."""
    return any(frame.id.endswith(".heads") for frame, _ in predicates(f, texts=graph.texts))


def _many_people(f: Fact, template: str) -> bool:
    """A workplace asked as «Кто работает в «Метро»?» (a band of several), not «Кто
    возглавляет ...?»."""
    return (
        f.subject_type in PEOPLE and f.relation == "WORKPLACE" and not template.endswith(".heads")
    )


SHAPE = Simple()
