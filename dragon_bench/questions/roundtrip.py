"""A round-trip check of a phrased question, independent of the templates and of the baseline's
reader: read the question back into the entities it names, the relation types its words cue
and the kind of answer its wh-phrase asks for (natasha's morphology and syntax), answer it from
the revision's KG alone, and accept it only when that reading reaches exactly the question's
evidence facts and answers.

The reading knows nothing of the frame that wrote the question: a cue lexicon (words a reader
takes for a relation: «штаб-квартира», «родиться», «жена») and the wh-phrase's head noun
(«В каком городе» asks for a CITY). A question whose words cue the wrong relation («Что
производит ...» for a medal), name an entity the KG holds twice, or admit another answer in
the KG fails.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from dragon_bench.nlp.natasha import get_pipeline
from dragon_bench.questions.morph import lemmas
from dragon_bench.questions.org_kinds import ENSEMBLES
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph

__all__ = ["CUES", "Reading", "RoundTrip"]

Key = tuple[str, str, str]

_PLACES = frozenset({"CITY", "COUNTRY", "STATE_OR_PROVINCE", "DISTRICT", "LOCATION", "FACILITY"})
_PEOPLE = frozenset({"PERSON", "PROFESSION"})
_ORGS = frozenset({"ORGANIZATION"})


def _cues(table: dict[str, str]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for words, relations in table.items():
        for w in words.split():
            out[w] = out.get(w, frozenset()) | frozenset(relations.split())
    return out


# words a reader takes for a relation (lemmas)
CUES: dict[str, frozenset[str]] = _cues(
    {
        "работать трудиться": "WORKPLACE WORKS_AS",
        "выступать": "WORKPLACE",
        "возглавлять служить": "WORKPLACE",
        "должность пост профессия титул": "WORKS_AS",
        "представлять": "WORKPLACE ORIGINS_FROM",
        "работодатель": "WORKPLACE",
        "штаб-квартира базироваться": "HEADQUARTERED_IN",
        "находиться располагаться": "LOCATED_IN HEADQUARTERED_IN",
        "брак жена муж супруг супруга": "SPOUSE",
        "ребёнок ребенок сын дочь дети родитель мать отец": "PARENT_OF",
        "брат сестра": "SIBLING",
        "родственник": "RELATIVE",
        "родиться рождение уроженец уроженка": "PLACE_OF_BIRTH DATE_OF_BIRTH",
        "родом род": "PLACE_OF_BIRTH ORIGINS_FROM",
        "умереть скончаться смерть": "PLACE_OF_DEATH DATE_OF_DEATH CAUSE_OF_DEATH AGE_DIED_AT",
        "возраст год": "AGE_DIED_AT AGE_IS",
        "член членом входить состав партия состоять": "MEMBER_OF PART_OF WORKPLACE",
        "организовать организатор": "ORGANIZES",
        "пройти состояться проходить": "TAKES_PLACE_IN POINT_IN_TIME SUBEVENT_OF",
        "начаться": "START_TIME",
        "закончиться завершиться": "END_TIME",
        "основать основатель": "FOUNDED_BY DATE_FOUNDED_IN",
        "появиться": "DATE_FOUNDED_IN DATE_OF_CREATION DATE_OF_BIRTH PLACE_OF_BIRTH",
        "создать": "DATE_OF_CREATION PRODUCES",
        "существование": "DATE_DEFUNCT_IN",
        "владеть принадлежать актив": "OWNER_OF",
        "производить выпускать продукт произведение автор": "PRODUCES",
        "стоить стоимость": "PRICE_OF",
        "награда удостоиться получить": "AWARDED_WITH PENALIZED_AS INCOME",
        "звание": "AWARDED_WITH WORKS_AS",
        "учиться окончить заведение": "SCHOOLS_ATTENDED",
        "жить проживать": "PLACE_RESIDES_IN",
        "гражданин страна национальность": "ORIGINS_FROM",
        "подчиняться начальник": "SUBORDINATE_OF",
        "часть": "PART_OF SUBEVENT_OF",
        "рамка": "SUBEVENT_OF",
        "обвинять подозревать преступление обвинить": "CONVICTED_OF",
        "наказание приговорить": "PENALIZED_AS",
        "заболевание диагноз страдать": "MEDICAL_CONDITION",
        "взгляд придерживаться": "IDEOLOGY_OF",
        "религия конфессия исповедовать": "RELIGION_OF",
        "участие участвовать событие мероприятие": "PARTICIPANT_IN",
        "причина": "HAS_CAUSE CAUSE_OF_DEATH",
        "потратить": "EXPENDITURE",
        "заработать доход": "INCOME",
    }
)
# the head noun of «какой ...» and the kinds of entity it asks for
_WH_NOUNS: dict[str, frozenset[str]] = {
    "город": frozenset({"CITY"}),
    "страна": frozenset({"COUNTRY"}),
    "регион": frozenset({"STATE_OR_PROVINCE"}),
    "район": frozenset({"DISTRICT"}),
    "организация": _ORGS,
    **dict.fromkeys(ENSEMBLES, _ORGS),  # «Какая группа ...» (questions/org_kinds.py)
    "компания": _ORGS,
    "команда": _ORGS,
    "партия": _ORGS,
    "заведение": _ORGS,
    "произведение": frozenset({"WORK_OF_ART"}),
    "продукт": frozenset({"PRODUCT"}),
    "награда": frozenset({"AWARD"}),
    "событие": frozenset({"EVENT"}),
    "мероприятие": frozenset({"EVENT"}),
    "преступление": frozenset({"CRIME"}),
    "наказание": frozenset({"PENALTY"}),
    "заболевание": frozenset({"DISEASE"}),
    "религия": frozenset({"RELIGION"}),
    "должность": frozenset({"PROFESSION"}),
    "титул": frozenset({"PROFESSION"}),
    "звание": frozenset({"PROFESSION", "AWARD"}),
    "диагноз": frozenset({"DISEASE"}),
    "актив": frozenset(),
    "возраст": frozenset({"AGE"}),
    "дата": frozenset({"DATE", "TIME"}),
}
_WH_WORDS: dict[str, frozenset[str]] = {
    "кто": _PEOPLE | _ORGS,
    "где": _PLACES | _ORGS,
    "откуда": _PLACES,
    "когда": frozenset({"DATE", "TIME"}),
    "сколько": frozenset({"MONEY", "NUMBER", "AGE", "PERCENT"}),
}


@dataclass(frozen=True)
class Reading:
    """What the question says: the entities it names (a set of ids per name, when the KG holds
    several under it), the relation types its words cue and the entity types its wh-phrase
    admits (empty: any)."""

    spans: tuple[frozenset[str], ...]  # the entity ids each named span may stand for
    relations: frozenset[str]
    kinds: frozenset[str]

    @property
    def entities(self) -> frozenset[str]:
        return frozenset().union(*self.spans) if self.spans else frozenset()


class RoundTrip:
    """The check over one revision's KG (`accepts(sub, question)`)."""

    def __init__(self, graph: FactGraph) -> None:
        self.graph = graph
        # entity names as lower-case words, by the first word's first three letters, longest first
        self._names: dict[str, list[tuple[tuple[str, ...], str]]] = defaultdict(list)
        self._roles: dict[str, list[tuple[tuple[str, ...], str]]] = defaultdict(list)
        self._awards: dict[str, list[tuple[tuple[str, ...], str]]] = defaultdict(list)
        for ident, ent in graph.entities.items():
            for name in ent.names:
                words = _TOKEN.findall(name)
                if not words:
                    continue
                key = tuple(w.lower().replace("ё", "е") for w in words)
                if ent.type == "PROFESSION":
                    # a role is read in lower case too («работает министром обороны»)
                    self._roles[_stem(key[0])[:3]].append((key, ident))
                elif ent.type == "AWARD" and words[0][:1].islower():
                    # an award named by a common noun first («получил орден Дружбы»)
                    self._awards[_stem(key[0])[:3]].append((key, ident))
                elif words[0][:1].isupper() or words[0][:1].isdigit():
                    # «родиться», «гибель»: the KG's common nouns are no names to find
                    self._names[_stem(key[0])[:3]].append((key, ident))
        for entries in (*self._names.values(), *self._roles.values(), *self._awards.values()):
            entries.sort(key=lambda e: -len(e[0]))
        self._by_entity: dict[str, list[Fact]] = defaultdict(list)
        for f in graph.all_facts:
            self._by_entity[f.subject_id].append(f)
            self._by_entity[f.object_id].append(f)

    def read(self, question: str) -> Reading:
        tokens = _TOKEN.findall(question)
        low = [t.lower().replace("ё", "е") for t in tokens]
        spans: list[tuple[range, set[str]]] = []
        roles = False
        for i, word in enumerate(tokens):
            if i == 0 or any(i in r for r, _ in spans):
                continue
            named = word[:1].isupper() or word[:1].isdigit()
            award = not named and low[i - 1] in _AWARD_VERBS
            if not named and not award and low[i - 1] not in _ROLE_VERBS:
                continue  # a role or an award in lower case only where a frame puts one
            best: tuple[range, set[str]] | None = None
            table = self._names if named else self._awards if award else self._roles
            for key, ident in table.get(_stem(word)[:3], ()):
                n = len(key)
                if best is not None and n < len(best[0]):
                    break  # longest names first: a shorter one is part of the found name
                if i + n <= len(low) and all(_fits_stem(low[i + j], key[j]) for j in range(n)):
                    if best is None:
                        best = (range(i, i + n), set())
                    best[1].add(ident)
            if best is not None:
                spans.append(best)
                if not named and not award:
                    roles = True
        covered = {j for r, _ in spans for j in r}
        # a role named in the question is a cue by itself («Какой актёр родился в ...?»)
        relations: set[str] = {"WORKS_AS"} if roles else set()
        for j, word in enumerate(tokens):
            if j not in covered:
                relations |= CUES.get(_lemma(word), frozenset())
        return Reading(
            tuple(frozenset(ids) for _, ids in spans),
            frozenset(relations),
            _wh_kinds(question),
        )

    def _other(self, ids: Iterable[str], relations: frozenset[str]) -> dict[str, set[Key]]:
        """Entities one cued fact away from `ids`, with the facts (keys) that reach them."""
        out: dict[str, set[Key]] = defaultdict(set)
        for e in ids:
            for f in self._by_entity.get(e, ()):
                if f.relation not in relations:
                    continue
                other = f.object_id if f.subject_id == e else f.subject_id
                out[other].add(f.key)
        return out

    def _fits(self, ident: str, kinds: frozenset[str]) -> bool:
        ent = self.graph.entities.get(ident)
        return not kinds or (ent is not None and ent.type in kinds)

    def accepts(self, sub: Subgraph, question: str) -> bool:
        """True when the reading answers the question with exactly its answers, through
        exactly its evidence facts."""
        reading = self.read(question)
        named = reading.entities - set(sub.answer_ids)
        if not named or not reading.relations:
            return False
        evidence = {f.key for f in sub.facts}
        answers = set(sub.answer_ids)
        if sub.type == "multi_hop":
            bridges = {
                b: fs for b, fs in self._other(named, reading.relations).items() if b not in named
            }
            if len(sub.facts) == 3:  # a bridge described by two facts: one per named entity
                per = [self._other(span, reading.relations) for span in reading.spans]
                both = set.intersection(*(set(p) for p in per)) if len(per) > 1 else set()
                bridges = {b: fs for b, fs in bridges.items() if b in both}
            reached: dict[str, set[Key]] = defaultdict(set)
            for b, fs in bridges.items():
                for c, gs in self._other({b}, reading.relations).items():
                    if c not in named and self._fits(c, reading.kinds):
                        reached[c] |= fs | gs
        elif sub.type == "conditional":
            spans = [span - answers for span in reading.spans if span - answers]
            if len(spans) < 2:
                return False
            per_entity = [self._other(span, reading.relations) for span in spans]
            common = set.intersection(*(set(p) for p in per_entity)) - named
            reached = defaultdict(set)
            for c in common:
                if self._fits(c, reading.kinds):
                    for p in per_entity:
                        reached[c] |= p[c]
        else:
            reached = defaultdict(set)
            for c, fs in self._other(named, reading.relations).items():
                if c not in named and self._fits(c, reading.kinds):
                    reached[c] |= fs
        if set(reached) - set(sub.merged) != answers:
            return False
        used = {k for ks in reached.values() for k in ks}
        return evidence <= used and all(reached[a] & evidence for a in answers)


_TOKEN = re.compile(r"[\w\-’']+")
# the words after which a role condition stands in lower case: «работает министром
# обороны», «занимал пост мэра Флоренции», «является главой ...», «Какой актёр ...»
_ROLE_VERBS = frozenset(
    [
        "работает",
        "работал",
        "работала",
        "работали",
        "пост",
        "звание",
        "титул",
        "является",
        "являлся",
        "являлась",
        "был",
        "была",
        "какой",
        "какая",
    ]
)


# the words after which an award named by a common noun stands: «получил орден Дружбы»
_AWARD_VERBS = frozenset(["получил", "получила", "получили", "удостоился", "удостоилась"])


def _stem(word: str) -> str:
    """A word's stem for matching an inflected name: lower case, less its last two letters."""
    w = word.lower().replace("ё", "е")
    return w[: max(3, len(w) - 2)] if len(w) > 3 else w


def _fits_stem(word: str, name: str) -> bool:
    """`word` is the name's word inflected: its stem with an ending, at most three letters
    longer than the name's word («Гейтсом» / «Гейтс», «Обаме» / «Обама»)."""
    return word.startswith(_stem(name)) and len(word) - len(name) <= 3


def _lemma(word: str) -> str:
    found = lemmas(word)
    return found[0] if found else word.lower()


@lru_cache(maxsize=50_000)
def _wh_kinds(question: str) -> frozenset[str]:
    """The entity types the question's wh-phrase admits, from natasha's parse: the noun
    «какой/каков/чей» modifies, else the wh-word itself («Кто», «Кем», «Где», «Когда»)."""
    doc = get_pipeline().parse(question)
    tokens = [t for s in doc.sents for t in s.tokens]
    by_id = {t.id: t for t in tokens}
    words = [_lemma(t.text) for t in tokens]
    if "национальность" in words:
        return frozenset({"NATIONALITY"})
    if "профессия" in words or "должность" in words:
        return frozenset({"PROFESSION"})
    for n, t in enumerate(tokens):
        lemma, surface = words[n], t.text.lower()
        if lemma in ("какой", "каков", "чей"):
            # the noun it modifies, else the next noun («Каких наград удостоился»)
            head = by_id.get(t.head_id)
            after = [u for u in tokens[n + 1 :] if u.pos in ("NOUN", "PROPN")][:1]
            for cand in ([head] if head is not None else []) + after:
                noun = _lemma(cand.text)
                if noun in _WH_NOUNS:
                    return _WH_NOUNS[noun]
            return frozenset()
        if surface == "кем":
            with_whom = n > 0 and tokens[n - 1].text.lower() in ("с", "со")
            return _PEOPLE if with_whom else frozenset({"PROFESSION"})
        if lemma in _WH_WORDS:
            return _WH_WORDS[lemma]
        if lemma in ("что", "как"):
            return frozenset()
    return frozenset()
