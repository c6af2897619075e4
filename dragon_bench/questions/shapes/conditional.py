"""`conditional`: the one entity two facts from different sentences (preferably different
documents) both hold for, joined by entity identity: «Кто родился в Ржеве и работает в
«Газпроме»?». Each condition alone fits more than one entity where the KG allows."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping

from dragon_bench.questions.completeness import former
from dragon_bench.questions.morph import analyzer, lemmas, phrase_gender
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph, entity_key
from dragon_bench.questions.shapes.base import (
    Context,
    Phrased,
    predicates,
    settle_told,
    subject_scope,
    subject_wh_of,
    template_words,
)
from dragon_bench.questions.stated import many_hold
from dragon_bench.questions.templates import ROLE_HEAD, WHEN
from dragon_bench.questions.vocab import AGENTS, NAMED_PLACES, ORGS, PEOPLE
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


# facts over by their nature, whatever tense their sentence has
_OVER = frozenset({"DATE_OF_BIRTH", "PLACE_OF_BIRTH", "DATE_OF_DEATH", "PLACE_OF_DEATH"})


def _roles_agree(a: Fact, b: Fact) -> bool:
    """A role condition reads right with the other: not a woman's role after «Кто родился»
    («Кто родился в Ленинграде и работает актрисой?»), not a past role beside a present fact
    («Кто представляет США и работал боксёром?»: the present one is suspect)."""
    for role, other in ((a, b), (b, a)):
        if role.relation != "WORKS_AS":
            continue
        if phrase_gender(role.object) == "femn":
            return False
        if role.tense == "past" and other.tense != "past" and other.relation not in _OVER:
            return False
    return True


_FULL_DATE = re.compile(r"\d{1,2} [а-я]+ \d{4} года")


# posts one person holds at a time in the place or body he works in: a head of a state or a
# place («губернатор», «премьер-министр», «глава правительства»), of a body («гендиректор»,
# «председатель партии», «глава ведомства», «главный тренер»), or either («президент»)
_PLACE_HEADS = frozenset(
    ("губернатор", "мэр", "премьер", "премьер-министр", "канцлер", "генпрокурор", "король")
    + ("королева", "император", "императрица", "монарх", "президент")
)
_BODY_HEADS = frozenset(("гендиректор", "ректор", "президент"))
# «глава правительства»: a head noun and what it heads, one at a time
_HEADS = frozenset(("глава", "председатель", "руководитель"))
_OF_PLACE = frozenset(("правительство", "государство", "город", "область", "регион", "республика"))
_OF_BODY = frozenset(("компания", "банк", "ведомство", "партия", "служба", "министерство"))
_OF_BODY |= {"корпорация", "концерн", "холдинг", "клуб", "федерация", "агентство"}
# the texts tell the post as held before («занимал пост губернатора с 2005 по 2010 год»)
_HELD_BEFORE = re.compile(
    r"\bс\s+\d{4}\s+(?:по|до)\s+\d{4}|\b(?:занимал|занимала|являлся|являлась|был|была)\b",
    re.IGNORECASE,
)


def _post_kinds(post: str) -> frozenset[str]:
    """The kinds of workplace a post one person holds at a time heads: places for
    «губернатор» or «глава правительства», organisations for «гендиректор» or «председатель
    партии», both for «президент»; none for a post many hold («депутат», «министр», «глава
    комитета»: every body has committees)."""
    words = [w.replace("ё", "е") for w in lemmas(post)]
    if post[:1].isupper() or not words:
        return frozenset()
    if len(words) == 1:
        return (NAMED_PLACES if words[0] in _PLACE_HEADS else frozenset()) | (
            ORGS if words[0] in _BODY_HEADS else frozenset()
        )
    if len(words) == 2 and words == ["главный", "тренер"]:
        return ORGS
    if len(words) == 2 and words[0] in _HEADS:
        return (
            NAMED_PLACES if words[1] in _OF_PLACE else ORGS if words[1] in _OF_BODY else frozenset()
        )
    return frozenset()


def _told_current(f: Fact, texts: Mapping[str, str]) -> bool:
    """A fact the texts tell in the present: not past, not former, its sentences telling
    no past holding («был», «занимал», «с 1994 по 2000»)."""
    if f.tense == "past" or former(f, texts):
        return False
    return not any(
        _HELD_BEFORE.search(texts.get(doc_id, "")[span[0] : span[1]])
        for doc_id, span in f.sentences
    )


def _one_holder(role: Fact, other: Fact, graph: FactGraph | None) -> bool:
    """A present post one person holds at a time beside the one place or body the KG says the
    person works in: «Кто работает в Тамбовской области и занимает пост губернатора?» fits one
    person in the world (at the texts' time). Not beside a second workplace («премьер-министр»
    and «Газпром»: the post is of another), nor a post or work told as held before."""
    if graph is None or role.relation != "WORKS_AS" or other.relation != "WORKPLACE":
        return False
    if other.object_type not in _post_kinds(role.object):
        return False
    if graph.object_ids(role.subject_id, "WORKPLACE") != {other.object_id}:
        return False
    return _told_current(role, graph.texts) and _told_current(other, graph.texts)


def _sharp_enough(role: Fact, other: Fact, graph: FactGraph | None = None) -> bool:
    """A trade («актёр», «писатель») or a post of nothing named («депутат», «глава
    компании») is held by many: with it, the other condition must be
    near unique in the world too (`_one_in_the_world`: a full date, «Какой писатель появился
    на свет 6 марта 1929 года?», a named kin, a work), not «... получил Нобелевскую
    премию?», «... родился в Ленинграде?», «Какой астронавт работает в НАСА?»."""
    if many_hold(
        role.relation, role.object, role.object_type
    ):  # «член Коммунистической партии»: many are
        return _one_in_the_world(other)
    if role.relation == "AWARDED_WITH":
        # an award many got in the world («награда британской киноакадемии», «орден Дружбы»):
        # not beside a place or a body («... и умер в Лондоне?»: many BAFTA winners did)
        return _one_in_the_world(other)
    if role.relation != "WORKS_AS":
        return True
    words = role.object.split()
    if len(words) > 1 and any(w[:1].isupper() for w in words[1:]):
        return True  # a role of a named place or body («постпред России») is sharp itself
    if _one_holder(role, other, graph):
        return True  # «... работает в Тамбовской области и занимает пост губернатора?»
    # a full date, a named spouse, parent or sibling, a work: «Какой король состоит в браке
    # с Паолой Руффо ди Калабриа?»
    return _one_in_the_world(other)


def _one_in_the_world(f: Fact) -> bool:
    """A condition few hold in the world: a full date, a tie to a named person («состоял в
    браке с Дэвидом Маккиным»), a work made."""
    if f.object_type == "DATE":
        return bool(_FULL_DATE.fullmatch(f.object))
    return f.object_type in PEOPLE and f.relation != "SUBORDINATE_OF" or f.relation == "PRODUCES"


def _role_headed(role: Fact, other: Fact, texts: Mapping[str, str]) -> list[tuple[str, str]]:
    """The role as the wh-phrase's noun, the other fact its predicate: «Какая писательница
    родилась 1 июня 1937 года?», «Какой актёр родился в Понтридифене?» (a trade of one or two
    lower-case words, not a post or a title: «Какой министр обороны» needs no condition)."""
    name = role.object
    if role.relation != "WORKS_AS" or role.subject_type not in PEOPLE or not name[:1].islower():
        return []
    if len(name.split()) > 2 or not WHEN["trade"](role.subject, role.subject_type, name, ""):
        return []
    wh = f"{'Какая' if phrase_gender(name) == 'femn' else 'Какой'} {name}"
    return [
        (f"{ROLE_HEAD}+{frame.id}", f"{wh} {text}?")
        for frame, text in predicates(other, wh=wh, texts=texts)
    ]


# at most this many condition pairs are offered for one answer entity (the next is tried
# when the first cannot be phrased)
_PER_SUBJECT = 3


# objects that are values or common nouns, not names, yet a definite condition: an award
# («получил орден Мужества»), a charge («обвинён в мошенничестве»), an age at death («умер
# в возрасте 52 лет»); not a current age, which the texts' dates make stale, nor an illness
# or a sentence («страдает вирусом», «приговорён к заключению»: many share them)
_VALUE_CONDITIONS = frozenset({"AWARD", "CRIME", "AGE"})


def _value_condition(f: Fact, graph: FactGraph) -> bool:
    """An award, a charge or an age at death that names one thing: not a current age, not
    a charge named by its doer («обвинён в поджигателе»), not a vague noun («премия»)."""
    if f.relation == "AGE_IS" or not graph.answerable(f, "object"):
        return False
    if f.object_type == "CRIME":
        head = analyzer().parse(f.object.split()[0].lower())[0]
        return head.tag.POS == "NOUN" and head.tag.animacy != "anim"
    # not «получил медаль ордена» of «медалью ордена «За заслуги перед Отечеством»»
    return not (f.object_type == "AWARD" and _cut_award(f, graph.texts))


def _cut_award(f: Fact, texts: Mapping[str, str]) -> bool:
    """An award whose every mention goes on with its quoted name («медалью ордена» before
    «„За заслуги перед Отечеством“»): the name is cut, and its start fits many awards."""
    spans = [(t.doc_id, t.object_span) for t in f.triples if t.object_span[1] > t.object_span[0]]
    return bool(spans) and all(
        re.match(r"\s*[«\"„“]", texts.get(doc_id, "")[span[1] : span[1] + 3])
        for doc_id, span in spans
    )


def _condition(f: Fact, graph: FactGraph) -> bool:
    """A fact that can be a condition: its subject and object named, its object a date
    («родился 2 ноября 1948 года»), a specific role («работает мэром Флоренции») or a
    definite value of another relation (`_VALUE_CONDITIONS`)."""
    if not graph.anchor(f, "subject"):
        return False
    if f.relation == "WORKS_AS":  # «работает министром обороны»: a specific role, not «глава»
        return graph.answerable(f, "object")
    if f.object_type in _VALUE_CONDITIONS:
        return _value_condition(f, graph)
    return graph.anchor(f, "object") or f.object_type == "DATE"


def _opening(predicate: str) -> str:
    words = predicate.split()
    parses = analyzer().parse(words[0].lower().strip("«»")) if words else []
    return str(parses[0].tag.POS) if parses else ""


def _mixed_voice(pa: str, pb: str) -> bool:
    """One predicate a bare short passive participle, the other an active verb: «Какая
    организация основана Марком Холлисом и создала «Today»?» (read 11) reads ungrammatical."""
    return {_opening(pa), _opening(pb)} == {"PRTS", "VERB"}


def _candidates(
    a: Fact, b: Fact, texts: Mapping[str, str], graph: FactGraph | None = None
) -> tuple[list[tuple[str, str]], str]:
    """The pair's phrasings (template ids, texts), or why there is none: `not_sharp` (a trade
    with a condition many share), `no_template`."""
    if not _sharp_enough(a, b, graph) or not _sharp_enough(b, a, graph):
        return [], "not_sharp"
    settle_told(a, texts)
    settle_told(b, texts)
    wh = subject_wh_of([a, b], texts)
    candidates = _role_headed(a, b, texts) + _role_headed(b, a, texts)
    if _roles_agree(a, b):  # a dead subject's roles are past already (FactGraph._settle)
        first = predicates(a, wh=wh, texts=texts)
        second = predicates(b, wh=wh, texts=texts)
        for fa, pa in first:
            for fb, pb in second:
                if pa.split()[0] == pb.split()[0] or template_words(fa.id) & template_words(fb.id):
                    continue  # «работает в X и работает Y», «была основана ... и основана ...»
                if _mixed_voice(pa, pb):
                    continue  # «основана Марком Холлисом и создала «Today»»
                candidates.append((f"{fa.id}+{fb.id}", f"{wh} {pa} и {pb}?"))
    return candidates, "" if candidates else "no_template"


def _same_question(p: tuple[Fact, Fact], q: tuple[Fact, Fact]) -> bool:
    """Two pairs of one subject that ask the same: the same relations and objects (one date
    under two ids), or one shared fact beside facts of one relation or one sentence
    («родился в Москве и работал в Институте Пушкина» / «... занимал пост президента
    Института Пушкина»; «Какой профессор родился ...» / «Какой композитор родился ...»)."""
    words = [frozenset((f.relation, entity_key(f.object)) for f in pair) for pair in (p, q)]
    if words[0] == words[1]:
        return True
    shared = {f.key for f in p} & {f.key for f in q}
    if not shared:
        return False
    rest_p = [f for f in p if f.key not in shared]
    rest_q = [f for f in q if f.key not in shared]
    # «Какой профессор ...» / «Какой композитор ...» beside one date: the same question
    return any(
        f.relation == g.relation or bool(f.sentences & g.sentences) for f in rest_p for g in rest_q
    )


class Conditional:
    name = "conditional"
    crag_type = "simple_w_condition"
    order = 2

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        subjects = sorted(graph.by_subject)
        rng.shuffle(subjects)
        # every subject's first pair, then every subject's second, ...: the pairs of one
        # subject are many questions about one entity, asked only when others run out
        rounds: list[list[Subgraph]] = [[] for _ in range(_PER_SUBJECT)]
        for sid in subjects:
            for n, sub in enumerate(self._pairs(sid, graph, rng)):
                rounds[n].append(sub)
        for subs in rounds:
            yield from subs

    def _pairs(self, sid: str, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        """Up to `_PER_SUBJECT` phrased pairs of one subject, the best first."""
        facts = [f for f in graph.by_subject[sid] if _condition(f, graph)]
        if len(facts) < 2 or facts[0].subject_type not in AGENTS:
            return
        pairs = [
            (a, b)
            for i, a in enumerate(facts)
            for b in facts[i + 1 :]
            if a.relation != b.relation
            and not (a.sentences & b.sentences)
            and not _restates(a, b, graph)
        ]
        # conditions by names and dates first (a value condition only when they run out),
        # facts from different documents first
        pairs.sort(
            key=lambda p: (
                any(f.object_type in _VALUE_CONDITIONS for f in p),
                bool(set(p[0].doc_ids) & set(p[1].doc_ids)),
                rng.random(),
            )
        )
        scope = subject_scope(facts[0].subject_type)
        needed: list[tuple[Fact, Fact]] = []
        redundant: list[tuple[Fact, Fact]] = []
        for a, b in pairs:
            sa, sb = graph.holders(a, scope), graph.holders(b, scope)
            if sa & sb != {sid}:
                continue
            if (a.relation == "WORKS_AS" and len(sa) == 1) or (
                b.relation == "WORKS_AS" and len(sb) == 1
            ):
                continue  # «... и работает премьером Австралии?»: the role alone names him
            # each condition alone fits several entities (needed), or the KG knows one
            # entity for each, which the world need not: such pairs come after
            (redundant if len(sa) == 1 and len(sb) == 1 else needed).append((a, b))
        offered: list[tuple[Fact, Fact]] = []
        for a, b in needed + redundant:
            if any(_same_question((a, b), p) for p in offered):
                continue
            phrasings = _candidates(a, b, graph.texts, graph)[0]
            if not phrasings:
                continue  # not phrased: the subject's next pair takes its place
            offered.append((a, b))
            yield Subgraph(
                "conditional",
                (a, b),
                (a.subject,),
                (sid,),
                ask="subject",
                phrasings=tuple(phrasings),
            )
            if len(offered) == _PER_SUBJECT:
                return

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        if sub.phrasings:
            return ctx.unique(list(sub.phrasings), 0)
        a, b = sub.facts
        candidates, why = _candidates(a, b, ctx.texts, ctx.graph)
        if why:
            ctx.why_not = why
            return None
        return ctx.unique(candidates, 0)

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        shown = {sub.facts[0].subject_id} | {f.object_id for f in sub.facts}
        return "namesake" if any(ctx.graph.namesake(e) for e in shown) else ""


SHAPE = Conditional()
