"""The fact graph questions are sampled from: triples merged into facts by entity identity.

A fact is `(subject_id, relation_type, object_id)` (DESIGN.md); triples without ids (an
extractor that does not resolve entities) get `TYPE:lemmas of the name`, so two names of one
entity still share an id and the country Россия and the channel «Россия» do not. Every triple
of the revision's KG joins the uniqueness index (`objects`, `subjects`); only clean facts
(named entities, a relation with written templates, a subject kind the relation fits) can
be asked. Shapes (`dragon_bench.questions.shapes`) sample subgraphs from this graph.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from dragon_bench.kg.calibration import feeds_questions
from dragon_bench.questions.kinds import misfit
from dragon_bench.questions.lifetime import DEATH_RELATIONS, TOLD_IN_TIME, is_past
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.names import (
    answer_name,
    common_noun,
    common_words_name,
    cut_short,
    display_name,
    full_words,
    is_nominative,
    text_forms,
    text_surname,
)
from dragon_bench.questions.templates import TEMPLATES, UNASKABLE, relation_type
from dragon_bench.questions.vocab import NAMED_PLACES, PEOPLE, PROPER
from dragon_bench.types import Triple

__all__ = [
    "DEATH_RELATIONS",
    "Entity",
    "Fact",
    "FactGraph",
    "Subgraph",
    "entity_key",
    "is_named",
    "question_graph",
]

# types of values, not things
VALUE_TYPES = frozenset({"DATE", "TIME", "MONEY", "NUMBER", "PERCENT", "AGE", "ORDINAL"})
# types whose entities have proper names; a lower-case mention of one is a common noun
PROPER_TYPES = PROPER
# types whose answers are names (an event or award named by a common noun is vague)
NAMED_ANSWER_TYPES = PROPER_TYPES | {"EVENT", "LAW", "WORK_OF_ART", "PRODUCT", "AWARD"}
_FORMER = re.compile(r"^(?:экс-|бывш\w*\s+)", re.IGNORECASE)


def entity_key(name: str) -> str:
    """Names of one entity in different inflections share this key (their lemma sequence)."""
    return " ".join(lemmas(name))


def is_named(name: str, entity_type: str = "") -> bool:
    """A proper name (Евгений Кисин, «Газпром», 2019), not a role or common noun (директор)."""
    if entity_type.upper() in ("PROFESSION", *VALUE_TYPES):
        return False
    first = name.lstrip("«\"“'( ")[:1]
    return bool(first) and (first.isupper() or first.isdigit())


def _is_verb(name: str) -> bool:
    """A bare verb (жениться) or adjective (британский) the parser took for an entity."""
    words = name.split()
    if len(words) != 1:
        return False
    parses = analyzer().parse(words[0].lower())
    return bool(parses) and parses[0].tag.POS in ("INFN", "VERB", "GRND", "PRTS", "ADJF")


_SENTENCE_START = re.compile(r"(?:^|[.!?…]\s*[«\"(]?|\n\s*[«\"(]?|[:—–-]\s+[«\"(]?)$")


def _shows_proper(name: str, text: str | None, span: tuple[int, int]) -> bool:
    """True when a mention shows a name as a name: capitalised inside a sentence, quoted, with
    a capital or digit after its first letter, or in Latin letters («Вступление в должность»
    at the start of a sentence is no name). Without the text every mention counts."""
    if text is None or span[1] <= span[0]:
        return True
    shown = text[span[0] : span[1]]
    if re.search(r"[«\"\d]|.[A-ZА-ЯЁ]|[A-Za-z]", shown) or not shown[:1].isupper():
        return bool(re.search(r"[«\"\d]|.[A-ZА-ЯЁ]|[A-Za-z]", shown))
    return not _SENTENCE_START.search(text[max(0, span[0] - 4) : span[0]])


# kinds of a place whose name of common words the texts quote is shown quoted
_QUOTED_KINDS = frozenset({"FACILITY", "LOCATION"})


def _in_quotes(text: str | None, span: tuple[int, int]) -> bool:
    """The mention is written between quotes («под названием «Арктика»»)."""
    if text is None or span[1] <= span[0]:
        return False
    return text[span[0] - 1 : span[0]] in ("«", '"') and text[span[1] : span[1] + 1] in ("»", '"')


# one-word roles that are fragments of a post («глава» of what?) or titles, not occupations
_FRAGMENTS = frozenset(
    [
        "глава",
        "руководитель",
        "председатель",
        "начальник",
        "директор",
        "заместитель",
        "замглавы",
        "помощник",
        "помощница",
        "советник",
        "советница",
        "заведующий",
        "заведующая",
        "заведовать",  # «заведующий» read as its verb's participle
        "член",
        "лауреат",
        "победитель",
        "победительница",
        "основатель",
        "основательница",
        "сооснователь",
        "соучредитель",
        "учредитель",
        "участник",
        "участница",
        "представитель",
        "сотрудник",
        "сотрудница",
        "редактор",
        "призёр",
        "призер",
        "чемпион",
        "чемпионка",
        "кандидат",
        "сторонник",
        "соавтор",
        "автор",
        "владелец",
        "лидер",
        "спикер",
        "президент",
        "министр",
        "генерал",
    ]  # noqa: SIM905
)


def _specific_role(name: str) -> bool:
    """A role the question can ask for: several words («глава Рособрнадзора», «главный
    редактор») or one word that names an occupation (пианист), not a fragment («глава»,
    «лауреат», «президент» of what?)."""
    words = lemmas(name)
    return len(words) >= 2 or bool(words and words[0] not in _FRAGMENTS)


def _side_id(t: Triple, side: str) -> str:
    ident = t.subject_id if side == "subject" else t.object_id
    if ident:
        return ident
    name = t.subject if side == "subject" else t.object
    kind = (t.subject_type if side == "subject" else t.object_type).upper()
    return f"{kind}:{entity_key(display_name(name, kind))}"


# a person's id with the name's own spelling in brackets: «чжан инъин (章莹颖)», «томас шефер
# (thomas schäfer)»
_GLOSSED = re.compile(r"^(PERSON:[^()]+?)\s*\(([^()]+)\)$")
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def _glossed_ids(triples: Iterable[Triple]) -> dict[str, str]:
    """Person ids that are another id with the name's foreign spelling in brackets after it
    («PERSON:чжан инъин (章莹颖)» beside «PERSON:чжан инъин»), mapped to that id: a name
    followed by its own spelling is one name (phrasing11's leftover: «26-летнюю Чжан Инъин
    (章莹颖)» was another person than «Чжан Инъин родилась», so her death did not reach her)."""
    ids = {i for t in triples for i in (t.subject_id, t.object_id) if i}
    out = {}
    for ident in ids:
        m = _GLOSSED.match(ident)
        if m and not _CYRILLIC.search(m.group(2)) and m.group(1) in ids:
            out[ident] = m.group(1)
    return out


@dataclass
class Entity:
    """One entity id with the names its mentions show (display form, nominative) and types."""

    id: str
    names: Counter[str] = field(default_factory=Counter)
    types: Counter[str] = field(default_factory=Counter)
    docs: set[str] = field(default_factory=set)
    proper: bool = False  # some mention shows it as a name, not a word capitalised by position
    quoted: bool = False  # some mention is written in quotes («Арктика»)

    @property
    def type(self) -> str:
        """The most frequent type; for a place, its most frequent kind (CITY, COUNTRY, ...)
        when some mention shows one, not the bare LOCATION of the others."""
        if not self.types:
            return ""
        kinds = [(n, t) for t, n in self.types.items() if t in NAMED_PLACES]
        if kinds and self.types.most_common(1)[0][0] == "LOCATION":
            return max(kinds)[1]
        return self.types.most_common(1)[0][0]

    def name(self) -> str:
        """The fullest nominative name (most words that are no initials, then most words),
        then the most frequent: «Сергей Безруков», not «Сергей» or «Безрукова»; «Александр
        Арапов», not «А. Арапов»."""
        if not self.names:
            return ""
        best = min(
            self.names,
            key=lambda n: (
                not is_nominative(n),
                -full_words(n),
                -len(n.split()),
                -self.names[n],
                n,
            ),
        )
        if self.quoted and self.type in _QUOTED_KINDS and common_words_name(best):
            return f"«{best}»"  # «Арктика», the inn, not the Arctic (TRAIN read b)
        return best


# relations whose place holds the places inside it (uniqueness: `FactGraph.subject_ids`)
_PLACED = frozenset({"PLACE_OF_BIRTH", "PLACE_OF_DEATH", "PLACE_RESIDES_IN"})


class _AnyOf:
    """Words found in any of several texts' word sets."""

    def __init__(self, sets: list[frozenset[str]]) -> None:
        self.sets = sets

    def __contains__(self, word: object) -> bool:
        return any(word in s for s in self.sets)


@dataclass
class Fact:
    """One `(subject_id, relation_type, object_id)` with every triple (mention) that states it."""

    subject_id: str
    relation: str  # the relation type
    object_id: str
    triples: list[Triple] = field(default_factory=list)
    subject: str = ""  # display names
    object: str = ""
    subject_type: str = ""
    object_type: str = ""
    tense: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.subject_id, self.relation, self.object_id)

    @property
    def doc_ids(self) -> list[str]:
        return sorted({t.doc_id for t in self.triples})

    @property
    def first(self) -> Triple:
        return self.triples[0]

    @property
    def sentences(self) -> set[tuple[str, tuple[int, int]]]:
        return {(t.doc_id, t.sentence_span) for t in self.triples}

    @property
    def named_triple(self) -> Triple:
        """The first triple with the names and ids questions show (the evidence record)."""
        t = self.first
        return Triple(
            subject=self.subject,
            relation=t.relation,
            object=self.object,
            doc_id=t.doc_id,
            subject_type=self.subject_type,
            object_type=self.object_type,
            subject_span=t.subject_span,
            object_span=t.object_span,
            sentence_span=t.sentence_span,
            extractor=t.extractor,
            subject_id=self.subject_id,
            object_id=self.object_id,
            relation_type=self.relation,
            tense=self.tense,
            confidence=min(
                (x.confidence for x in self.triples if x.confidence is not None), default=None
            ),
        )


@dataclass(frozen=True)
class Subgraph:
    """A sampled shape: its facts, the entity ids and names it asks for, and a multi-hop
    bridge. `ask` says which side of a one-fact shape is asked (object or subject); `merged`
    holds the entity ids of set members one kept member stands for (one trade or award the KG
    holds under two ids); `phrasings` the sampler's phrasings when it phrased it already."""

    type: str
    facts: tuple[Fact, ...]
    answers: tuple[str, ...]
    answer_ids: tuple[str, ...] = ()
    ask: str = "object"
    bridge: str | None = None
    bridge_id: str | None = None
    merged: tuple[str, ...] = ()  # a set's members shown under another member's name
    # the (template id, text) phrasings the sampler found for it, so phrasing need not
    # find them again (empty: the shape phrases it from scratch)
    phrasings: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def doc_ids(self) -> tuple[str, ...]:
        return tuple(sorted({d for f in self.facts for d in f.doc_ids}))

    @property
    def key(self) -> tuple[str, frozenset[tuple[str, str, str]]]:
        """Equal for the same facts in another order (A и B / B и A)."""
        return self.type, frozenset(f.key for f in self.facts)

    @property
    def triples(self) -> tuple[Triple, ...]:
        return tuple(f.named_triple for f in self.facts)


class FactGraph:
    """Facts of a revision's KG: all of them index uniqueness; clean ones can be asked.

    `triples` are the askable triples (this revision's fresh facts); `context` triples (known
    ones, kept in kg.parquet) count only for uniqueness and popularity."""

    def __init__(
        self,
        triples: Iterable[Triple],
        context: Iterable[Triple] = (),
        texts: Mapping[str, str] | None = None,
    ) -> None:
        self.entities: dict[str, Entity] = {}
        grouped: dict[tuple[str, str, str], list[Triple]] = defaultdict(list)
        askable: set[tuple[str, str, str]] = set()
        self.documents: set[str] = set()
        sources = (list(triples), list(context))
        glossed = _glossed_ids(t for source in sources for t in source)
        for n, source in enumerate(sources):
            for t in source:
                rel = t.relation_type or relation_type(t.relation)
                if not rel or t.relation.strip() in UNASKABLE or rel in UNASKABLE:
                    continue
                sid, oid = _side_id(t, "subject"), _side_id(t, "object")
                sid, oid = glossed.get(sid, sid), glossed.get(oid, oid)
                if sid == oid:
                    continue
                self.documents.add(t.doc_id)
                for ident, name, kind, span in (
                    (sid, t.subject, t.subject_type, t.subject_span),
                    (oid, t.object, t.object_type, t.object_span),
                ):
                    ent = self.entities.setdefault(ident, Entity(ident))
                    text = texts.get(t.doc_id) if texts is not None else None
                    ent.proper = ent.proper or _shows_proper(name, text, span)
                    ent.quoted = ent.quoted or _in_quotes(text, span)
                    shown = answer_name(name.strip(), kind)
                    if shown and text is not None and cut_short(text, span, kind, name):
                        shown = ""  # a cut name is not shown (names.cut_short)
                    if shown:
                        ent.names[shown] += 1
                    ent.types[kind.upper()] += 1
                    ent.docs.add(t.doc_id)
                key = (sid, rel, oid)
                grouped[key].append(t)
                if n == 0:
                    askable.add(key)
        if texts:
            self._name_people_as_texts(texts)
        self.all_facts: list[Fact] = []
        self.objects: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.subjects: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.facts: list[Fact] = []
        self.by_subject: dict[str, list[Fact]] = defaultdict(list)
        self.by_object: dict[str, list[Fact]] = defaultdict(list)
        self._of_subject: dict[str, list[Fact]] = defaultdict(list)
        # (relation, object name key) -> subject ids: a role is each document's own entity
        # («PROFESSION:министр @doc»), so who else holds it is read off its name
        self._by_object_name: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        for key, ts in sorted(grouped.items()):
            ts.sort(key=lambda t: (t.doc_id, t.subject_span, t.object_span))
            s, o = self.entities[key[0]], self.entities[key[2]]
            fact = Fact(key[0], key[1], key[2], ts, s.name(), o.name(), s.type, o.type)
            fact.tense = next((t.tense for t in ts if t.tense), "")
            self.all_facts.append(fact)
            self.objects[(fact.subject_id, fact.relation)].append(fact)
            self.subjects[(fact.relation, fact.object_id)].append(fact)
            self._of_subject[fact.subject_id].append(fact)
            self._by_object_name[(fact.relation, entity_key(fact.object))].append(fact)
        self._texts = texts or {}
        self._name_keys: dict[str, frozenset[str]] | None = None
        self._name_words: dict[str, set[str]] | None = None
        for fact in self.all_facts:
            self._settle(fact)
            if fact.key in askable and self._clean(fact):
                self.facts.append(fact)
                self.by_subject[fact.subject_id].append(fact)
                self.by_object[fact.object_id].append(fact)

    def _name_people_as_texts(self, texts: Mapping[str, str]) -> None:
        """A person's names with the last word in the nominative the texts write
        (names.text_surname): «Андреа Падован», not the genitive «Андреа Падована»."""
        forms: dict[str, frozenset[str]] = {}
        for ent in self.entities.values():
            if ent.type != "PERSON":
                continue
            for doc_id in ent.docs:
                if doc_id not in forms:
                    forms[doc_id] = text_forms(texts.get(doc_id, ""))
            seen = _AnyOf([forms[d] for d in ent.docs])
            names: Counter[str] = Counter()
            for name, count in ent.names.items():
                shown = text_surname(name, seen)
                if shown:
                    names[shown] += count
            ent.names = names

    def _settle(self, fact: Fact) -> None:
        """Tense from the evidence when the extractor left it empty: a former role («экс-»,
        «бывший») or a subject who has died makes a changing fact past."""
        if _FORMER.match(fact.object):
            fact.object = _FORMER.sub("", fact.object)
            fact.tense = fact.tense or "past"
        frames = TEMPLATES.get(fact.relation)
        if fact.tense == "past" or frames is None:
            return
        if frames.dynamic == "static" and fact.relation not in TOLD_IN_TIME:
            return
        # the whole revision's word on the subject (questions/lifetime.py): a death overrides
        # a present tense read off one sentence, a left office fills an empty one
        of_subject = self.objects_of(fact.subject_id)
        if is_past(
            fact.relation,
            fact.tense,
            fact.subject_type,
            fact.triples,
            [t for f in of_subject for t in f.triples],
            self._texts,
            [f.relation for f in of_subject],
        ):
            fact.tense = "past"

    @property
    def texts(self) -> Mapping[str, str]:
        """The revision's texts by document id (empty when the graph was built without them)."""
        return self._texts

    def name_keys(self) -> Mapping[str, frozenset[str]]:
        """Lemma keys of the names of the KG's named entities (places, organisations, people
        some mention shows as a name), with the types of the entities so named."""
        if self._name_keys is None:
            keys: dict[str, set[str]] = defaultdict(set)
            for ent in self.entities.values():
                if not ent.proper or ent.type not in PROPER_TYPES:
                    continue
                for name in ent.names:
                    if is_named(name, ent.type):
                        keys[entity_key(name)].add(ent.type)
            self._name_keys = {k: frozenset(v) for k, v in keys.items()}
        return self._name_keys

    def namesake(self, entity_id: str) -> bool:
        """A person the KG names by one word that is a word of another person's name
        («Малашенко» beside «Елена Малашенко»): the name alone does not say which."""
        ent = self.entities.get(entity_id)
        if ent is None or ent.type not in PEOPLE or len(ent.name().split()) != 1:
            return False
        if self._name_words is None:
            words: dict[str, set[str]] = defaultdict(set)
            for other in self.entities.values():
                if other.type in PEOPLE:
                    for name in other.names:
                        if len(name.split()) > 1:
                            for w in entity_key(name).split():
                                words[w].add(other.id)
            self._name_words = words
        return bool(self._name_words.get(entity_key(ent.name()), set()) - {entity_id})

    def objects_of(self, subject_id: str) -> list[Fact]:
        """Every fact of the KG whose subject is this entity."""
        return self._of_subject.get(subject_id, [])

    def _clean(self, fact: Fact) -> bool:
        frames = TEMPLATES.get(fact.relation)
        if frames is None:
            return False  # a bare predicate from the parse has no written frame
        if frames.subjects and fact.subject_type not in frames.subjects:
            return False  # «Когда прошла награда»: the frames are written for another kind
        if frames.objects and fact.object_type not in frames.objects:
            return False
        s, o = fact.subject, fact.object
        if len(entity_key(s)) < 2 or len(entity_key(o)) < 2:
            return False
        if _is_verb(s) or _is_verb(o):
            return False
        if misfit(fact.named_triple):
            return False
        for name, kind in ((s, fact.subject_type), (o, fact.object_type)):
            if kind in PROPER_TYPES and not is_named(name, kind):
                return False  # «компания» is no answer to «Где работает ...?»
            if not name or answer_name(name, kind) != name:
                return False  # a name whose nominative could not be recovered
        return True

    # -- uniqueness over the whole KG --------------------------------------------------
    def object_ids(
        self, subject_id: str, relation: str, types: frozenset[str] = frozenset()
    ) -> set[str]:
        """Every object id the KG gives (subject, relation), of `types` when given."""
        return {
            f.object_id
            for f in self.objects.get((subject_id, relation), [])
            if not types or f.object_type in types
        }

    def subject_ids(
        self, relation: str, object_id: str, types: frozenset[str] = frozenset()
    ) -> set[str]:
        """Every subject id the KG gives (relation, object), of `types` when given; for a
        place one was born, died or lived in, those of the places the KG puts inside it too
        (one born in Тоттенем, «лондонский район», was born in Лондон)."""
        places = [object_id]
        if relation in _PLACED:
            places += self._inside(object_id)
        return {
            f.subject_id
            for place in places
            for f in self.subjects.get((relation, place), [])
            if not types or f.subject_type in types
        }

    def _inside(self, place: str, depth: int = 2) -> list[str]:
        """The places the KG locates in `place` (LOCATED_IN), to `depth` levels."""
        found = [f.subject_id for f in self.subjects.get(("LOCATED_IN", place), [])]
        if depth > 1:
            found += [p for inner in list(found) for p in self._inside(inner, depth - 1)]
        return [p for p in found if p != place]

    def holders(self, fact: Fact, types: frozenset[str] = frozenset()) -> set[str]:
        """Every subject id (of `types` when given) the KG gives the fact's relation and
        object; for an object each document holds apart (a role, an event: `TYPE:name @doc`),
        every subject of a same-named object in any document («министр обороны» anywhere)."""
        if " @" not in fact.object_id:
            return self.subject_ids(fact.relation, fact.object_id, types)
        return {
            f.subject_id
            for f in self._by_object_name.get((fact.relation, entity_key(fact.object)), [])
            if not types or f.subject_type in types
        }

    def popularity(self, entity_id: str) -> float:
        """Share of the KG's documents that mention the entity (a proxy for fame)."""
        ent = self.entities.get(entity_id)
        return len(ent.docs) / len(self.documents) if ent and self.documents else 0.0

    def popular(self, entity_id: str, share: float) -> bool:
        """Mentioned in more than `share` of the documents, and in more than two (a share of
        a handful of documents says nothing)."""
        ent = self.entities.get(entity_id)
        return ent is not None and len(ent.docs) > max(2.0, share * len(self.documents))

    def anchor(self, fact: Fact, side: str) -> bool:
        """The entity on `side` can be named in a question: a proper name, not a bare first
        name or a role («Сергей», «Отставка»)."""
        name = fact.subject if side == "subject" else fact.object
        kind = fact.subject_type if side == "subject" else fact.object_type
        if not is_named(name, kind) or common_noun(name):
            return False
        if kind not in PEOPLE and not self._proper(fact, side):
            return False
        if kind in PEOPLE and len(name.split()) == 1:
            parses = analyzer().parse(name.lower())
            if any("Name" in p.tag for p in parses[:2]):
                return False  # «Сергей»: which one?
        return True

    def _proper(self, fact: Fact, side: str) -> bool:
        ent = self.entities.get(fact.subject_id if side == "subject" else fact.object_id)
        return ent is None or ent.proper

    def answerable(self, fact: Fact, side: str) -> bool:
        """The entity on `side` is a definite answer: a name, or a noun of a value kind (a
        profession, a date), not a common noun standing for a named thing («матч»)."""
        name = fact.object if side == "object" else fact.subject
        kind = fact.object_type if side == "object" else fact.subject_type
        if kind in PROPER_TYPES and (not is_named(name, kind) or common_noun(name)):
            return False
        if fact.relation == "WORKS_AS" and side == "object" and not _specific_role(name):
            return False
        if kind in NAMED_ANSWER_TYPES and is_named(name, kind) and not self._proper(fact, side):
            return len(name.split()) >= 2  # «Отставка» capitalised by its place; «Орден Мужества»
        # «матч», «награда» are vague; «орден Мужества» names one
        return not (
            kind in NAMED_ANSWER_TYPES and not is_named(name, kind) and len(name.split()) < 2
        )


def question_graph(
    triples: Iterable[Triple], texts: Mapping[str, str], context: Iterable[Triple] = ()
) -> FactGraph:
    """The graph question selection samples from: the triples of the texts' documents whose
    calibrated confidence reaches the threshold can be asked; the rest of the revision's KG
    and the `context` triples count for uniqueness only (a description two entities fit in
    the KG is ambiguous even when one of its facts is not asked)."""
    mine = [t for t in triples if t.doc_id in texts]
    return FactGraph(
        [t for t in mine if feeds_questions(t.confidence)],
        [t for t in mine if not feeds_questions(t.confidence)]
        + [t for t in context if t.doc_id in texts],
        texts,
    )
