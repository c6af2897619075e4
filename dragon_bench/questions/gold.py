"""Triples from NEREL gold relations, in the form the extraction writes: true facts with entity
ids, to measure what phrasing and sampling alone do (issue #16's `--from-gold`).

An entity's id is its Wikidata id where an `N` line links a mention (`TYPE:Q76`), else its
normalised name (`TYPE:барак обама`); mentions joined by ALTERNATIVE_NAME or ABBREVIATION
share one id. A one-word person name («Сергей», «Обама») is merged by name only inside its
document: across documents it may be anyone.
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from razdel import sentenize

from dragon_bench.kg.nerel import GoldDocument, GoldEntity
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.names import display_name
from dragon_bench.questions.vocab import PEOPLE
from dragon_bench.types import Document, Triple

__all__ = ["ALIAS_RELATIONS", "gold_triples"]

ALIAS_RELATIONS = frozenset({"ALTERNATIVE_NAME", "ABBREVIATION"})
PERSON_TYPES = PEOPLE
# types whose Wikidata labels are the entity's own nominative name
NAMED_TYPES = frozenset(
    {"PERSON", "ORGANIZATION", "CITY", "COUNTRY", "STATE_OR_PROVINCE", "DISTRICT", "LOCATION"}
    | {"FACILITY", "EVENT", "WORK_OF_ART", "PRODUCT", "LAW", "AWARD"}
)


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _name_key(text: str, kind: str) -> str:
    return " ".join(lemmas(display_name(text, kind)))


def _label(link_name: str, mention: str) -> str | None:
    """A Wikidata label usable as the mention's nominative name: the same naming (a shared
    word stem, the same capitalisation), «Тиллерсон, Рекс» read as «Рекс Тиллерсон»."""
    name = link_name.strip()
    if not name or name == "нет данных" or not re.search(r"[А-Яа-яЁё]", name):
        return None
    if name.count(",") == 1:
        last, first = (p.strip() for p in name.split(","))
        if not re.fullmatch(r"[A-ZА-ЯЁ][\w.\- ]*", first) or " " in last.strip():
            return None  # «Камилла, герцогиня Корнуольская»: a title, not «Имя, Фамилия»
        name = f"{first} {last}"
    if name[:1].isupper() != mention[:1].isupper():
        return None
    stems = {w[:3].lower() for w in re.findall(r"\w{3,}", name)}
    words = re.findall(r"\w{3,}", mention)
    if not words or not all(w[:3].lower() in stems for w in words):
        # the label names something else: a nested entity («Африка» for «Национальная
        # конвенция за солидарность Африки») or a later name («МГГУ им. Шолохова» for МГОПУ)
        return None
    for w in words:
        alike = [x for x in re.findall(r"\w{3,}", name) if x[:3].lower() == w[:3].lower()]
        if alike and not any(_same_spelling(w, x) for x in alike):
            return None  # «Теодор Маккэррик» for the text's «Маккаррик»: the text's spelling
    heads = re.findall(r"\w+", name)[:1]
    if heads and heads[0][:3].lower() not in {w[:3].lower() for w in words}:
        parse = analyzer().parse(heads[0].lower())[0]
        if (
            analyzer().word_is_known(heads[0].lower())
            and parse.tag.POS in ("NOUN", "ADJF")
            and parse.tag.animacy != "anim"
            and not {"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr"} & set(parse.tag.grammemes)
        ):
            return None  # «Семья Гамбино» for «клан Гамбино»: a head noun the text does not use
    return name


def _unwritten(label: str, text: str) -> bool:
    """The label holds a word the document never writes in any form: a patronymic
    («Игорь Евгеньевич Малашенко» for the text's «Игорь Малашенко»): the person is shown as
    the text names him. (Used for people only: an organisation's or a place's mention in an
    oblique case, «Синьцзяне», is a worse name than a label with a word more.)"""
    low = text.lower().replace("ё", "е")
    for word in re.findall(r"[А-Яа-яЁё]{3,}", label):
        w = word.lower().replace("ё", "е")
        # a patronymic must be written itself, not its father's first name («Анатольевич»
        # for a text naming another «Анатолий»)
        keep = len(w) - 2 if _PATRONYMIC.search(w) else max(3, min(len(w) - 2, 6))
        if w[:keep] not in low:
            return True
    return False


_PATRONYMIC = re.compile(r"(?:ович|евич|ьевич|ич|овна|евна|ьевна|ична|инична)$")


def _same_spelling(a: str, b: str) -> bool:
    """Two words are one spelling but for the ending («Маккаррика» / «Маккаррик», «Льва» /
    «Лев»), not two transliterations («Маккаррик» / «Маккэррик»)."""
    a, b = a.lower().replace("ё", "е"), b.lower().replace("ё", "е")
    return len(os.path.commonprefix([a, b])) >= min(len(a), len(b)) - 2


# a role linked to its concept («президент»: Q30461) is no entity: one id would give every
# president in the corpus the descriptions NEREL's aliases attach to one of them («глава
# белорусского государства» for Мухаммед Мурси); a role keeps its name-based id
_ROLE_TYPES = frozenset({"PROFESSION"})

# kinds whose several-word names are their own: a link whose label shares none of their words
# is to another entity
_OWN_NAMES = frozenset({"PERSON", "ORGANIZATION", "FACILITY", "EVENT"})


def _links_another(link_name: str, mention: str, kind: str) -> bool:
    """The link puts the mention under another entity's id: a name of several words none of
    which the (Russian) label shares («USM Holdings» linked to «Металлоинвест», which it
    owns). Such a mention keeps its own name-based id, so its facts are not given to the
    other entity."""
    words = re.findall(r"\w{3,}", mention)
    if kind not in _OWN_NAMES or len(words) < 2 or mention.isupper():
        return False
    if not re.search(r"[А-Яа-яЁё]", link_name) or link_name.strip() == "нет данных":
        return False
    label = re.findall(r"\w{3,}", link_name)
    stems = {w[:3].lower() for w in label}
    return not any(w[:3].lower() in stems or _spelt_alike(w, label) for w in words)


# the Latin letters a Russian spelling of a foreign name may begin with where the original has
# its letter («Детройт» / «Detroit», «Уингз» / «Wings», «Картер» / «Carter»)
_SPELLINGS = (
    "a b v,w g,h d e,i,a j,g,z z i,e y,i k,c,q l m n o,a p r s,c,z t u,w,o f,ph h,k,x c,t,z "
    "c,ch s,sh s,sh e,a,i y,u,j y,j,i"
)
_LATIN = dict(zip("абвгдежзийклмнопрстуфхцчшщэюя", _SPELLINGS.split(), strict=True))


def _spelt_alike(latin: str, label: list[str]) -> bool:
    """A Latin word of the mention may be a Russian label's word in its own spelling: the
    first letters agree (a transliteration, not another entity)."""
    first = latin[:1].lower()
    if not re.fullmatch(r"[a-z]", first):
        return False
    return any(first in {x[:1] for x in _LATIN.get(w[:1].lower(), "").split(",")} for w in label)


def _sentence_span(sentences: Sequence[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The sentences covering [start, end) (one, or the run from the first to the last)."""
    first = next((s for s in sentences if s[0] <= start < s[1]), (start, end))
    last = next((s for s in sentences if s[0] < end <= s[1]), first)
    return (min(first[0], start), max(last[1], end))


# names that hold other names without stating a fact about them: «Главное управление МВД
# России по Нижегородской области» says nothing of where the MVD is based
_NAME_TYPES = frozenset({"ORGANIZATION"})


def _inside_one_name(g: GoldDocument, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """The two arguments are separate parts of one longer name (neither holds the other),
    or, given one span twice, that span is a part of a longer name."""
    if a[1] <= b[0] or b[1] <= a[0] or a == b:
        start, end = min(a[0], b[0]), max(a[1], b[1])
    else:
        return False  # «МВД Киргизии» / «Киргизии»: the name itself states it
    return any(
        e.type in _NAME_TYPES and e.span[0] <= start and end <= e.span[1] and (start, end) != e.span
        for e in g.entities.values()
    )


def _captions(text: str) -> list[tuple[int, int]]:
    """The headline and the photo captions above the body: the lines before the first one a
    full stop ends (a caption names what a photo shows, «Штаб-квартира CITIC Pacific в
    Гонконге», weak evidence of a fact and of a name)."""
    out, start = [], 0
    for line in text.split("\n"):
        end = start + len(line)
        if line.strip():
            if re.search(r"[.!?…:]\W*$|[.!?…]\s+[А-ЯЁA-Z]", line.strip()) or len(line.split()) > 15:
                break  # a sentence of the body
            out.append((start, end))
        start = end + 1
    return out


def _unseen_words(name: str, body: str) -> bool:
    """The caption's name is a body name with a word the body never writes («CITIC Pacific»
    beside the body's «CITIC»: a namesake, another company); «Владимир Путин» beside
    «Владимира Путина» has none, a name the body never writes at all is no namesake."""
    stems = {w[:4].lower() for w in re.findall(r"\w+", body)}
    words = [w[:4].lower() for w in re.findall(r"\w+", name) if w[:1].isupper()]
    return any(w in stems for w in words) and any(w not in stems for w in words)


def _within(span: tuple[int, int], lines: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in lines)


def _plural(word: str) -> bool:
    parses = [p for p in analyzer().parse(word.lower()) if p.tag.case == "nomn"]
    return any(p.tag.number == "plur" for p in parses) and not any(
        p.tag.number == "sing" and p.tag.animacy == "anim" for p in parses
    )


def _shared_roles(g: GoldDocument, role: GoldEntity) -> bool:
    """The role is one of two plural roles joined by «и» («известные писатели и критики,
    среди которых — ...»): a group's roles, not one person's; which member is which the
    text does not say."""
    text = g.document.full_text
    if role.type != "PROFESSION" or not _plural(role.text.split()[-1]):
        return False
    for other in g.entities.values():
        if other.type != "PROFESSION" or other.id == role.id:
            continue
        a, b = sorted((role.span, other.span))
        joined = a[1] <= b[0] and re.fullmatch(r"\s*(?:и|или|,)\s*", text[a[1] : b[0]])
        if joined and _plural(other.text.split()[-1]):
            return True
    return False


def _torn_first_names(g: GoldDocument) -> set[str]:
    """The one-word person mentions an alias links to two different several-word names
    («Андреа» to «Андреа Занончелли» and to «Андреа Рокелли»): joined, they would make the two
    people one, so such a mention joins neither."""
    partners: dict[str, set[str]] = defaultdict(set)
    for rel in g.relations:
        if rel.type not in ALIAS_RELATIONS:
            continue
        for one, other in ((rel.arg1, rel.arg2), (rel.arg2, rel.arg1)):
            a, b = g.entities[one], g.entities[other]
            if a.type in PERSON_TYPES and b.type == a.type:
                key_a, key_b = _name_key(a.text, a.type), _name_key(b.text, b.type)
                if len(key_a.split()) == 1 and len(key_b.split()) > 1:
                    partners[one].add(key_b)
    return {one for one, names in partners.items() if len(names) > 1}


def gold_triples(gold: Sequence[GoldDocument]) -> tuple[list[Document], list[Triple]]:
    """The documents and one triple per gold relation (alias relations become shared ids)."""
    union = _Union()
    wikidata: dict[str, str] = {}  # union root -> its Wikidata id
    for g in gold:
        doc = g.document.id
        for link in g.links:
            if link.wikidata and link.entity in g.entities:
                # typed: NEREL links a role («лидер Аргентины») to the country it names
                kind = g.entities[link.entity].type
                if kind in _ROLE_TYPES or _links_another(
                    link.name, g.entities[link.entity].text, kind
                ):
                    continue
                union.union(f"{doc}#{link.entity}", f"wd:{kind}:{link.wikidata}")
    for node in list(union.parent):
        if node.startswith("wd:"):
            wikidata[union.find(node)] = node

    def join(a: str, b: str) -> None:
        ra, rb = union.find(a), union.find(b)
        wa, wb = wikidata.get(ra), wikidata.get(rb)
        if ra == rb or (wa and wb and wa != wb):
            return  # two Wikidata entities that share a name stay two
        union.union(ra, rb)
        wikidata[union.find(ra)] = wa or wb or ""

    for g in gold:
        doc = g.document.id
        torn = _torn_first_names(g)
        for rel in g.relations:
            same = g.entities[rel.arg1].type == g.entities[rel.arg2].type
            if rel.type in ALIAS_RELATIONS and same and not {rel.arg1, rel.arg2} & torn:
                join(f"{doc}#{rel.arg1}", f"{doc}#{rel.arg2}")
        for ent in g.entities.values():
            node = f"{doc}#{ent.id}"
            union.find(node)
            key = _name_key(ent.text, ent.type)
            if not key:
                continue
            if ent.type in PERSON_TYPES and len(key.split()) == 1:
                continue  # «Обама» may be Барак or Мишель: only a link or an alias says which
            proper = ent.text[:1].isupper() or ent.text[:1].isdigit()
            join(node, f"{ent.type}:{key}" + ("" if proper else f"@{doc}"))
    members: dict[str, list[str]] = defaultdict(list)
    for node in list(union.parent):
        members[union.find(node)].append(node)
    ids: dict[str, str] = {}
    for root, nodes in members.items():
        links = sorted(n.split(":", 2)[2] for n in nodes if n.startswith("wd:"))
        named = sorted(n for n in nodes if "#" not in n and not n.startswith("wd:"))
        ids[root] = f"wd:{links[0]}" if links else (named[0] if named else root)
    by_doc = {g.document.id: g for g in gold}
    types: dict[str, Counter[str]] = defaultdict(Counter)
    for root, nodes in members.items():
        for n in nodes:
            if "#" in n:
                doc_id, ent_id = n.split("#", 1)
                types[root][by_doc[doc_id].entities[ent_id].type] += 1

    def entity_id(doc_id: str, ent_id: str) -> str:
        root = union.find(f"{doc_id}#{ent_id}")
        kind = types[root].most_common(1)[0][0]
        ident = ids[root]
        return f"{kind}:{ident[3:]}" if ident.startswith("wd:") else ident

    labels: dict[tuple[str, str], str] = {}
    for g in gold:
        for link in g.links:
            mention = g.entities.get(link.entity)
            if mention is None or mention.type not in NAMED_TYPES:
                continue  # a role's label is its generic form («певец» for «певица»)
            label = _label(link.name, mention.text)
            full = len(mention.text.split()) > 1 and "." not in mention.text  # no initials
            if (
                label
                and mention.type == "PERSON"
                and full
                and _unwritten(label, g.document.full_text)
            ):
                continue  # «Юрий Васильевич Бондарев» where the text writes no patronymic
            if label:
                labels[(g.document.id, link.entity)] = label
    documents: list[Document] = []
    triples: list[Triple] = []
    for g in gold:
        document = g.document
        documents.append(document)
        sentences = [(x.start, x.stop) for x in sentenize(document.full_text)]
        captions = _captions(document.full_text)

        # a name only a photo caption gives («CITIC Pacific» under a photo, the body writing
        # «CITIC»): the facts told of it are of something the body does not name
        below = document.full_text[captions[-1][1] :] if captions else ""
        unseen = {
            ent.id
            for ent in g.entities.values()
            if ent.type in ("ORGANIZATION", "FACILITY")
            and _within(ent.span, captions[1:])
            and _unseen_words(ent.text, below)
        }

        for rel in g.relations:
            if rel.type in ALIAS_RELATIONS:
                continue
            subj, obj = g.entities[rel.arg1], g.entities[rel.arg2]
            if {rel.arg1, rel.arg2} & unseen:
                continue
            if _inside_one_name(g, subj.span, obj.span):
                continue
            if rel.type == "WORKS_AS" and _shared_roles(g, obj):
                continue  # «писатели и критики, среди которых — ...»: whose is which, untold
            if rel.type == "SCHOOLS_ATTENDED" and _inside_one_name(g, obj.span, obj.span):
                continue  # «школа КГБ СССР»: the school, not the KGB, is what he attended
            start, end = min(subj.span[0], obj.span[0]), max(subj.span[1], obj.span[1])
            triples.append(
                Triple(
                    subject=labels.get((document.id, subj.id), subj.text),
                    relation=rel.type,
                    object=labels.get((document.id, obj.id), obj.text),
                    doc_id=document.id,
                    subject_type=subj.type,
                    object_type=obj.type,
                    subject_span=subj.span,
                    object_span=obj.span,
                    sentence_span=_sentence_span(sentences, start, end),
                    extractor="nerel-gold",
                    subject_id=entity_id(document.id, rel.arg1),
                    object_id=entity_id(document.id, rel.arg2),
                    relation_type=rel.type,
                    tense="",
                    confidence=1.0,
                )
            )
    return documents, triples
