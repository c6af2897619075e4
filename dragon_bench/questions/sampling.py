"""Subgraph sampling for the four question shapes over a graph of extracted triples.

Shapes follow DRAGON (Chernogorskii et al., 2025): `simple` is one fact, `set` several facts
sharing subject and relation (the answer is all their objects), `conditional` two facts
joined at an entity that is the answer, and `multi_hop` a chain A -> B -> C where the
bridge B is described by its relation to A but not named.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from dragon_bench.questions.kinds import misfit
from dragon_bench.questions.morph import lemmas
from dragon_bench.questions.names import common_noun, display_name
from dragon_bench.questions.quality import NAMED_TYPES
from dragon_bench.questions.templates import TEMPLATES, relation_type
from dragon_bench.types import QuestionType, Triple

__all__ = [
    "BRIDGE_TYPES",
    "is_named",
    "Fact",
    "Subgraph",
    "FactGraph",
    "entity_key",
    "iter_subgraphs",
]

MAX_SET = 6
# entities a multi-hop question can describe instead of naming (not dates, numbers, roles)
BRIDGE_TYPES = frozenset(
    {"", "PERSON", "PER", "ORGANIZATION", "ORG", "CITY", "COUNTRY", "STATE_OR_PROVINCE"}
    | {"DISTRICT", "LOCATION", "LOC", "FACILITY", "EVENT", "PRODUCT", "WORK_OF_ART"}
)


# types of values, not things: a question does not ask which date «обвиняет» someone
VALUE_TYPES = ("DATE", "TIME", "MONEY", "NUMBER", "PERCENT", "AGE", "ORDINAL")


def _nested(names: Sequence[str]) -> bool:
    """True when one name's lemmas run inside another's («Металлоинвест» in «ООО УК
    «Металлоинвест»»): probably one entity named twice, not two answers."""
    keys = [f" {entity_key(n)} " for n in names]
    return any(a != b and a in b for a in keys for b in keys)


def is_named(name: str, entity_type: str = "") -> bool:
    """A proper name (Евгений Кисин, «Газпром», 2019), not a role or common noun (директор, суд):
    only those can stand for an entity in a question or as a subject's answer."""
    if entity_type.upper() in ("PROFESSION", *VALUE_TYPES):
        return False
    first = name.lstrip("«\"“'( ")[:1]
    return bool(first) and (first.isupper() or first.isdigit())


# relations whose templates share their verb: describing a bridge by one and asking the other
# repeats it («Где находится место, где находится штаб-квартира X?»)
_FAMILIES = {
    "HEADQUARTERED_IN": "LOCATED_IN",
    "TAKES_PLACE_IN": "LOCATED_IN",
    "WORKS_AS": "WORKPLACE",
}


def _family(relation: str) -> str:
    kind = relation_type(relation)
    return _FAMILIES.get(kind, kind)


def _templated(fact: Fact) -> bool:
    """The fact's relation has written templates (not a bare predicate from the parse)."""
    return relation_type(fact.relation) in TEMPLATES


def _anchor(name: str) -> bool:
    """A name, number or title a question can start from (not «награда», «министр»)."""
    if common_noun(name):
        return False  # «Отставка», «Заключенный» capitalised at the start of a sentence
    first = name.lstrip("«\"“'( ")[:1]
    return bool(first) and (first.isupper() or first.isdigit())


def _is_verb(name: str) -> bool:
    """A bare verb (жениться) or adjective (британский) the parser took for an entity."""
    words = name.split()
    if len(words) != 1:
        return False
    from dragon_bench.questions.morph import analyzer

    parses = analyzer().parse(words[0].lower())
    return bool(parses) and parses[0].tag.POS in ("INFN", "VERB", "GRND", "PRTS", "ADJF")


# types whose entities have proper names; a lower-case mention of one is a common noun
PROPER_TYPES = frozenset(
    {"PERSON", "PER", "ORGANIZATION", "ORG", "CITY", "COUNTRY", "STATE_OR_PROVINCE"}
    | {"DISTRICT", "LOCATION", "LOC", "FACILITY"}
)


def _named_if_proper(name: str, entity_type: str) -> bool:
    return entity_type.upper() not in PROPER_TYPES or is_named(name, entity_type)


def entity_key(name: str) -> str:
    """Names of one entity in different inflections share this key (their lemma sequence)."""
    return " ".join(lemmas(name))


@dataclass
class Fact:
    """One (subject, relation, object) with every triple (mention) that states it."""

    subject: str
    relation: str
    object: str
    subject_key: str
    object_key: str
    triples: list[Triple] = field(default_factory=list)

    @property
    def doc_ids(self) -> list[str]:
        return sorted({t.doc_id for t in self.triples})

    @property
    def first(self) -> Triple:
        return self.triples[0]

    @property
    def named(self) -> bool:
        """The subject is a proper name, so a question may name it or answer with it."""
        return is_named(self.subject, self.first.subject_type)

    @property
    def definite_object(self) -> bool:
        """The object is a name or a kind of thing a noun answers (a profession, a date), not
        a common noun standing for a named thing («матч», «продажа»): it can be an answer."""
        return self.first.object_type.upper() not in NAMED_TYPES or is_named(
            self.object, self.first.object_type
        )

    @property
    def named_triple(self) -> Triple:
        """The first triple with the names questions show (`display_name` of each side)."""
        return dataclasses.replace(self.first, subject=self.subject, object=self.object)


@dataclass(frozen=True)
class Subgraph:
    """A sampled shape: its facts, the entity it asks for, and for multi-hop the bridge."""

    type: QuestionType
    facts: tuple[Fact, ...]
    answers: tuple[str, ...]
    ask: str = "object"  # simple: "object" or "subject"
    bridge: str | None = None

    @property
    def doc_ids(self) -> tuple[str, ...]:
        return tuple(sorted({d for f in self.facts for d in f.doc_ids}))

    @property
    def key(self) -> tuple[str, frozenset[tuple[str, str, str]]]:
        """Equal for the same facts in another order (A и B / B и A)."""
        return self.type, frozenset((f.subject_key, f.relation, f.object_key) for f in self.facts)

    @property
    def triples(self) -> tuple[Triple, ...]:
        return tuple(f.named_triple for f in self.facts)


def _display(names: Sequence[str]) -> str:
    counts: dict[str, int] = defaultdict(int)
    for n in names:
        counts[n] += 1
    return min(counts, key=lambda n: (-counts[n], n))


class FactGraph:
    """Triples merged into facts and indexed by subject, (subject, relation), (relation, object)."""

    def __init__(self, triples: Sequence[Triple]) -> None:
        grouped: dict[tuple[str, str, str], list[Triple]] = defaultdict(list)
        for t in triples:
            subject, obj = t.subject.strip(), t.object.strip()
            if not subject or not obj or not t.relation.strip():
                continue
            skey, okey = entity_key(subject), entity_key(obj)
            if len(skey) < 2 or len(okey) < 2 or skey == okey:
                continue  # a stray letter is no entity
            if _is_verb(subject) or _is_verb(obj):
                continue
            if misfit(t):
                continue  # «Москва» with views, an organisation that died: extraction errors
            if not _named_if_proper(subject, t.subject_type) or not _named_if_proper(
                obj, t.object_type
            ):
                continue  # «компания» is no answer to «Где работает ...?»
            grouped[(skey, t.relation.strip(), okey)].append(t)
        self.facts: list[Fact] = []
        for (skey, rel, okey), ts in sorted(grouped.items()):
            ts = sorted(ts, key=lambda t: (t.doc_id, t.subject_span, t.object_span))
            first = ts[0]
            self.facts.append(
                Fact(
                    display_name(_display([t.subject.strip() for t in ts]), first.subject_type),
                    rel,
                    display_name(_display([t.object.strip() for t in ts]), first.object_type),
                    skey,
                    okey,
                    ts,
                )
            )
        # grouped by object type too: «родиться в» 1979 and «родиться в» Ржев answer different
        # questions (когда / где), so each is unique of its kind and no set mixes kinds
        self.by_sr: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
        self.by_ro: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_subject: dict[str, list[Fact]] = defaultdict(list)
        for f in self.facts:
            self.by_sr[(f.subject_key, f.relation, f.first.object_type.upper())].append(f)
            self.by_ro[(f.relation, f.object_key)].append(f)
            self.by_subject[f.subject_key].append(f)

    def unique_object(self, fact: Fact) -> bool:
        key = (fact.subject_key, fact.relation, fact.first.object_type.upper())
        return len(self.by_sr[key]) == 1

    def unique_subject(self, fact: Fact) -> bool:
        return len(self.by_ro[(fact.relation, fact.object_key)]) == 1


def iter_subgraphs(graph: FactGraph, qtype: QuestionType, rng: random.Random) -> Iterator[Subgraph]:
    """Candidate subgraphs of one shape in a seeded random order (each at most once)."""
    facts = list(graph.facts)
    rng.shuffle(facts)
    if qtype == "simple":
        for f in facts:
            if not f.named:
                continue
            if not f.definite_object:
                continue  # «В каком событии принял участие X?» — «матч» / «Кто удостоился награды?»
            sides = []
            if graph.unique_object(f):
                sides.append("object")
            if graph.unique_subject(f) and _anchor(f.object):
                sides.append("subject")
            if sides:
                # asking for the object is better specified; ask for the subject now and then
                side = sides[0] if len(sides) == 1 or rng.random() < 0.75 else sides[1]
                answer = f.object if side == "object" else f.subject
                yield Subgraph("simple", (f,), (answer,), ask=side)
    elif qtype == "set":
        groups = [
            g
            for _, g in sorted(graph.by_sr.items())
            if 2 <= len(g) <= MAX_SET
            and g[0].named
            and all(f.definite_object for f in g)
            and not _nested([f.object for f in g])
        ]
        rng.shuffle(groups)
        for g in groups:
            # two mentions may show the same name once in the nominative («Молдавии» and
            # «Молдавия»): one answer, not two
            shown: dict[str, Fact] = {}
            for f in g:
                shown.setdefault(f.object.lower(), f)
            if len(shown) >= 2:
                kept = tuple(shown.values())
                yield Subgraph("set", kept, tuple(sorted(f.object for f in kept)))
    elif qtype == "conditional":
        for f1 in facts:
            if not f1.named or not _templated(f1):
                continue
            # a bare verb link reads badly once two are joined («Кто переназначался президента
            # и наградил ...»): both facts need a relation with written templates
            others = [
                f
                for f in graph.by_subject[f1.subject_key]
                if f is not f1 and f.relation != f1.relation and _templated(f)
            ]
            rng.shuffle(others)
            for f2 in others[:2]:
                if not (f1.definite_object and f2.definite_object):
                    continue
                if not (_anchor(f1.object) or _anchor(f2.object)):
                    continue  # two common nouns name nobody: «Кто работает главой и ...»
                subj1 = {f.subject_key for f in graph.by_ro[(f1.relation, f1.object_key)]}
                subj2 = {f.subject_key for f in graph.by_ro[(f2.relation, f2.object_key)]}
                if subj1 & subj2 == {f1.subject_key}:
                    yield Subgraph("conditional", (f1, f2), (f1.subject,), ask="subject")
    elif qtype == "multi_hop":
        for f1 in facts:
            if not f1.named or not graph.unique_object(f1):
                continue
            if f1.first.object_type.upper() not in BRIDGE_TYPES:
                continue
            # a common noun (юбилей) names different things in different texts: join in one
            bridged_anywhere = is_named(f1.object, f1.first.object_type)
            # the question asks about f2 and describes the bridge by f1, so the two relations
            # differ («Где находится место, где находится Ворсино?» says nothing) and the
            # answer is definite («продажа» is nobody's answer)
            nexts = [
                f
                for f in graph.by_subject[f1.object_key]
                if f.object_key != f1.subject_key
                and graph.unique_object(f)
                and f.definite_object
                and _family(f.relation) != _family(f1.relation)
                # a place does not act: «Кого осудило место, в котором работает X?» asks
                # about a co-occurrence link; nor has it views or a spouse
                and not misfit(f.named_triple, described=True)
                and _templated(f)
                and (bridged_anywhere or set(f.doc_ids) & set(f1.doc_ids))
            ]
            if nexts:
                f2 = rng.choice(nexts)
                yield Subgraph("multi_hop", (f1, f2), (f2.object,), bridge=f1.object)
    else:
        raise ValueError(f"unknown question type {qtype!r}")
