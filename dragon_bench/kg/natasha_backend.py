"""The offline extractor: natasha parse, rule-based mentions, links along the dependency tree."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from dragon_bench.kg.calibration import FAR, PRONOUN, ZERO, confidence_of
from dragon_bench.kg.entities import canonical_name, document_ids, is_common
from dragon_bench.kg.labels import label_link
from dragon_bench.kg.mentions import (
    Mention,
    Sentence,
    Token,
    find_mentions,
    ner_mentions,
    read_sentences,
)
from dragon_bench.kg.naming import nominative_phrase, normal_forms, resolve_people
from dragon_bench.kg.paths import learned_facts
from dragon_bench.kg.places import place_kinds
from dragon_bench.kg.relations import find_links
from dragon_bench.kg.triggers import RELATION_NAMES, Found, find_facts, post_name
from dragon_bench.nlp.lemmas import parses
from dragon_bench.nlp.natasha import get_pipeline
from dragon_bench.types import Document, Triple, entity_id
from dragon_bench.types import EntityType as E

__all__ = [
    "EXTRACTOR",
    "Analysis",
    "trigger_name",
    "analyse_document",
    "extract_document",
    "iter_natasha_triples",
    "qualified_roles",
]

EXTRACTOR = "natasha"


@dataclass(frozen=True, slots=True)
class Analysis:
    """What one pass over a document gives: its triples and, for the baseline, its NER co-occurrences."""

    triples: list[Triple]
    cooccurrences: list[tuple[tuple[int, int], tuple[int, int]]]


def extract_document(doc: Document) -> list[Triple]:
    """Triples of one document, spans into `doc.full_text`, names in the nominative."""
    return analyse_document(doc).triples


def _cooccurrences(ner: list[Mention]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Same-sentence pairs of natasha's own PER/LOC/ORG spans (the baseline), no rule mentions."""
    return [
        ((a.start, a.end), (b.start, b.end))
        for i, a in enumerate(ner)
        for b in ner[i + 1 :]
        if a.sent == b.sent
    ]


def analyse_document(doc: Document) -> Analysis:
    """Parse once; return the triples and the same-sentence pairs of natasha's own entities."""
    pipeline = get_pipeline()
    text = doc.full_text
    parsed = pipeline.parse(text)
    sents = read_sentences(parsed, pipeline)
    mentions = find_mentions(parsed, sents, text)
    names = resolve_people(normal_forms(parsed, sents, mentions, pipeline))
    by_sent: dict[int, list[Mention]] = {}
    for m in mentions:
        by_sent.setdefault(m.sent, []).append(m)
    facts = {index: _facts(sents[index], group) for index, group in sorted(by_sent.items())}
    # «Он родился в Казани»: the facts of a sentence whose subject is «он»/«она», said of the
    # one person of that gender in the sentence before
    told: dict[Mention, Told] = {}
    said: Told | None = None
    for index, group in sorted(by_sent.items()):
        now = pronoun_subject(sents, index, by_sent, names, said)
        if now is None:
            continue
        said = now
        told[said.mention] = said
        names[said.mention] = names[said.person]
        extra = _facts(said.sentence, [*group, said.mention])
        facts[index] += [f for f in extra if said.mention in (f.subject, f.object)]
    ids = document_ids(doc.id, text, names, [f for found in facts.values() for f in found])
    canonical = {m: canonical_name(m.type, name) for m, name in names.items()}
    kinds = place_kinds(mentions, sents, names, ids, canonical)
    out: list[Triple] = []
    for index, group in sorted(by_sent.items()):
        sent = sents[index]
        found_here = facts[index]
        roles = qualified_roles(found_here, names, text, doc.id, sent, group)
        shown = {**names, **placed_names(found_here, names, ids, text)}
        for found in found_here:
            subj, obj = found.subject, found.object
            if ids[subj] == ids[obj] or names[subj].lower() == names[obj].lower():
                continue  # «Российская Федерация» in «Российская Федерация»: one thing, no fact
            trigger = trigger_name(found, names)
            span = (sent.start, sent.end)
            who = told.get(subj) or told.get(obj)
            if who is not None:
                # the evidence is both sentences; the person's span is its name's
                subj = who.person if subj is who.mention else subj
                obj = who.person if obj is who.mention else obj
                trigger = f"{who.prefix}{trigger}"
                span = (sents[who.person.sent].start, sent.end)
            obj_name, obj_end, obj_id = shown[obj], obj.end, ids[obj]
            obj_start, obj_type = obj.start, kinds.get(obj, obj.type)
            if found.relation_type == "WORKS_AS" and obj in roles:
                obj_name, obj_end, obj_id = roles[obj]
            elif found.relation_type == "WORKS_AS" and post_name(obj_name) != obj_name:
                obj_name = post_name(obj_name)  # «экс-президент»: a past «президент»
                obj_id = entity_id(obj.type, f"{obj_name} @{doc.id}")
            elif found.object_phrase is not None:
                first, head, last = found.object_phrase
                toks = sent.tokens[first : last + 1]
                obj_name = nominative_phrase(toks, head)
                if first == 0 and toks[0].pos == "ADJ":  # capitalised only as the first word
                    obj_name = obj_name[:1].lower() + obj_name[1:]
                obj_start, obj_end, obj_type = toks[0].start, toks[-1].end, E.AWARD
                obj_id = entity_id(obj_type, obj_name)
            triple = Triple(
                subject=shown[subj],
                relation=RELATION_NAMES.get(found.relation_type, found.relation_type.lower()),
                object=obj_name,
                doc_id=doc.id,
                subject_type=kinds.get(subj, subj.type),
                object_type=obj_type,
                subject_span=(subj.start, subj.end),
                object_span=(obj_start, obj_end),
                sentence_span=span,
                extractor=EXTRACTOR,
                subject_id=ids[subj],
                object_id=obj_id,
                relation_type=found.relation_type,
                tense=found.tense,
                confidence=confidence_of(trigger),
                trigger=trigger,
            )
            out.append(triple)
        typed = {(f.subject.head, f.object.head) for f in found_here}
        for link in find_links(sent, group):
            # a verb frame no rule types: kept in the KG as the verb and its preposition
            # («прибыть в»), relation_type '', never asked (confidence 0: no typed evidence)
            if (
                link.kind != "predicate"
                or {(link.a.head, link.b.head), (link.b.head, link.a.head)} & typed
            ):
                continue
            lab = label_link(sent, link)
            out.append(
                Triple(
                    subject=names[lab.subject],
                    relation=lab.relation,
                    object=names[lab.object],
                    doc_id=doc.id,
                    subject_type=kinds.get(lab.subject, lab.subject.type),
                    object_type=kinds.get(lab.object, lab.object.type),
                    subject_span=(lab.subject.start, lab.subject.end),
                    object_span=(lab.object.start, lab.object.end),
                    sentence_span=(sent.start, sent.end),
                    extractor=EXTRACTOR,
                    subject_id=ids[lab.subject],
                    object_id=ids[lab.object],
                    tense=_verb_tense(sent.tokens[link.predicate].feats),
                    confidence=0.0,
                    trigger=f"predicate:{sent.tokens[link.predicate].lemma}",
                )
            )
    said_texts = [text[s.start : s.end] for s in sents]
    other_versions = any(_OTHER_VERSIONS.search(s) for s in said_texts)
    out = [
        t
        for t in out
        if not _unconfirmed(t, text, said_texts) and not _hedged(t, text, other_versions)
    ]
    return Analysis(out, _cooccurrences(ner_mentions(parsed, sents, text)))


# a post one was put up for, not given: the appointment refused in its own sentence («был
# назначен судьёй, но комитет отказался утвердить назначение»), or another sentence of the
# document telling it as a nomination («выдвинет Хантсмена на должность посла») with none
# telling it confirmed
_REFUSED = re.compile(
    r"отказал\w* утверд|отказ\w* утверд|не утверд|не утвержд|отклонил\w*|отклонен\w*|"
    r"отклонён\w*|заблокир\w*|провалил\w*",
    re.IGNORECASE,
)
_NOMINATED = re.compile(
    r"выдвин\w*|выдвига\w*|номинир\w*|должен утверд|должна утверд|предстоит утверд", re.IGNORECASE
)
_CONFIRMED = re.compile(
    r"утвердил\w*|утвержд[её]н\w*|одобрил\w*|вступил\w* в должность|приступил\w* к|присяг\w*",
    re.IGNORECASE,
)
_GIVEN_POSTS = ("role_appointed", "role_post", "pronoun>role_post", "pronoun>role_appointed")


# a fact told as one of conflicting reports: hedged in its own sentence («по некоторым
# данным», «предположительно»), or attributed to a source («По данным МВД, X родился в Y»)
# in a document that gives other sources another version («Некоторые источники называют ...»)
_HEDGES = re.compile(
    r"по (?:некоторым|другим|иным|неподтвержд[её]нным|непроверенным|предварительным) "
    r"(?:данным|сведениям|сообщениям|источникам|информации)|предположительно|якобы|по слухам",
    re.IGNORECASE,
)
_ATTRIBUTED = re.compile(
    r"по (?:данным|сведениям|информации|словам|версии)|согласно (?:данным|сведениям|информации)",
    re.IGNORECASE,
)
_OTHER_VERSIONS = re.compile(
    r"по (?:другим|иным|некоторым) (?:данным|сведениям|источникам|версиям)|"
    r"(?:некоторые|другие|иные) источники|по другой версии|по альтернативной",
    re.IGNORECASE,
)


# nominal triggers: a role, a title, a kin noun or an age on a name describes its holder
# whatever the hedged clause claims («У бывшего президента Украины Януковича якобы родился
# сын»: the son is hedged, the presidency is not)
_NOMINAL = (
    "role_",
    "title_",
    "nationality_",
    "kin",
    "age_modifier",
    "org_",
    "place_",
    "member_",
    "award_",
    "hero_",
    "school_",
    "founder_",
)


def _hedged(t: Triple, text: str, other_versions: bool) -> bool:
    """A fact a clause claims (a verb frame) that the document tells as one of conflicting
    reports (`other_versions`: a sentence of it gives another source's version)."""
    if not t.relation_type or t.trigger.rsplit(">", 1)[-1].startswith(_NOMINAL):
        return False
    said = text[t.sentence_span[0] : t.sentence_span[1]]
    if _HEDGES.search(said):
        return True
    return other_versions and bool(_ATTRIBUTED.search(said))


def _unconfirmed(t: Triple, text: str, sentences: list[str]) -> bool:
    """A post (WORKS_AS, or WORKPLACE through it) read off an appointment or a «пост» frame
    that the document tells as only proposed or refused."""
    if t.relation_type not in ("WORKS_AS", "WORKPLACE") or t.tense == "past":
        return False
    if not any(t.trigger.startswith(g) or f"+{g[5:]}" in t.trigger for g in _GIVEN_POSTS):
        return False
    if _REFUSED.search(text[t.sentence_span[0] : t.sentence_span[1]]):
        return True
    cue = t.trigger.rsplit(":", 1)[-1].lower()
    if len(cue) < 4 or not t.subject:
        return False
    stem = cue[: max(3, len(cue) - 2)]
    surname = t.subject.split()[-1]
    who = surname[: max(4, len(surname) - 2)]
    told = [s for s in sentences if who in s]
    nominated = any(_NOMINATED.search(s) and stem in s.lower() for s in told)
    return nominated and not any(_CONFIRMED.search(s) for s in told)


def _facts(sent: Sentence, mentions: list[Mention]) -> list[Found]:
    """The hand triggers' facts of a sentence, then the mined signatures' facts between the
    pairs they leave unlinked (`kg.paths`)."""
    hand = find_facts(sent, mentions)
    return hand + learned_facts(sent, mentions, hand)


_PRONOUNS = {"он": "Masc", "она": "Fem"}


@dataclass(frozen=True, slots=True)
class Told:
    """A sentence's subject that is no name: «он»/«она» (`prefix` PRONOUN) or none at all
    («Родился в Казани.», ZERO, a token added to the sentence stands for it), the person it
    is, its gender, and the sentence to read facts from (with that token)."""

    mention: Mention
    person: Mention
    gender: str
    sentence: Sentence
    prefix: str


def pronoun_subject(
    sents: list[Sentence],
    index: int,
    by_sent: dict[int, list[Mention]],
    names: dict[Mention, str],
    earlier: Told | None = None,
) -> Told | None:
    """The subject of sentence `index` when it names nobody: «он»/«она» as the main subject
    («Он родился в Казани», «В 1990 году она стала министром») with no person named before
    it in the sentence, or no subject at all for a past verb of a gender («Родился в Казани.»,
    «Был назначен министром.»); and the person it stands for: the only person of that gender
    the sentence before names (by its resolved name; with no subject, the person must be
    that sentence's subject), or the one the sentence before told of so (`earlier`). None
    when any of it does not hold."""
    if index == 0:
        return None
    sent = sents[index]
    toks = sent.tokens
    pron = next(
        (
            t
            for t in toks
            if t.text.lower() in _PRONOUNS
            and t.pos == "PRON"
            and t.rel in ("nsubj", "nsubj:pass")
            and toks[t.head].rel == "root"
        ),
        None,
    )
    if pron is not None:
        if any(m.type == E.PERSON and m.start < pron.start for m in by_sent.get(index, ())):
            return None
        gender, prefix = _PRONOUNS[pron.text.lower()], PRONOUN
        mention = Mention(pron.start, pron.end, E.PERSON, index, pron.i, pron.text)
    else:
        zero = _zero_subject(sent)
        if zero is None:
            return None
        sent, gender = zero
        virtual = sent.tokens[-1]
        mention = Mention(virtual.start, virtual.end, E.PERSON, index, virtual.i, "")
        prefix = ZERO
    before = sents[index - 1]
    people = [m for m in by_sent.get(index - 1, ()) if m.type == E.PERSON]
    if prefix == ZERO:
        people = [m for m in people if _is_subject(before, m)]
    fits = {names[m]: m for m in people if _gender(before, m) == gender}
    if earlier is not None and earlier.mention.sent == index - 1 and earlier.gender == gender:
        fits.setdefault(names[earlier.person], earlier.person)  # «Он родился ... . Он стал ...»
    if not fits and not _of_gender(sents, index - 1, by_sent, gender):
        far = _subject_before(sents, index - 1, by_sent, names, gender, earlier)
        return None if far is None else Told(mention, far, gender, sent, FAR + prefix)
    if len(fits) != 1:
        return None
    person = next(iter(fits.values()))
    if earlier is not None and person is earlier.person and earlier.prefix.startswith(FAR):
        prefix = FAR + prefix  # «Он ... . Он ...» after a far one: as far as the first
    return Told(mention, person, gender, sent, prefix)


# how many sentences back a pronoun or an omitted subject may reach
_FAR_BACK = 4


def _of_gender(
    sents: list[Sentence], j: int, by_sent: dict[int, list[Mention]], gender: str
) -> bool:
    """Whether sentence `j` names a person of that gender or of no gender natasha tags."""
    return any(
        m.type == E.PERSON and _gender(sents[j], m) in (gender, "") for m in by_sent.get(j, ())
    )


def _subject_before(
    sents: list[Sentence],
    last: int,
    by_sent: dict[int, list[Mention]],
    names: dict[Mention, str],
    gender: str,
    earlier: Told | None,
) -> Mention | None:
    """The person a pronoun or omitted subject stands for when the sentence before names no
    one of its gender: the nearest sentence (at most `_FAR_BACK` before it) that names a
    person of that gender names exactly one (by resolved name), as the subject of its main
    verb (or told it so by «он»/«она», `earlier`); None when that does not hold."""
    for j in range(last - 1, max(-1, last - _FAR_BACK), -1):
        if earlier is not None and earlier.mention.sent == j and earlier.gender == gender:
            people = [m for m in by_sent.get(j, ()) if m.type == E.PERSON]
            if any(_gender(sents[j], m) in (gender, "") for m in people):
                return None
            return earlier.person
        if not _of_gender(sents, j, by_sent, gender):
            continue
        people = [
            m
            for m in by_sent.get(j, ())
            if m.type == E.PERSON and _gender(sents[j], m) in (gender, "")
        ]
        if len({names[m] for m in people}) != 1 or not any(
            _is_subject(sents[j], m) for m in people
        ):
            return None
        return people[0]
    return None


_GENDERS = {"Masc", "Fem"}


def _zero_subject(sent: Sentence) -> tuple[Sentence, str] | None:
    """A sentence whose root is a past verb of a gender with no subject («С 1970 года
    работал в Малом театре.»): the sentence with a token added at its end that stands for
    the subject (under the verb), and the gender; None otherwise."""
    toks = sent.tokens
    root = next((t for t in toks if t.rel == "root"), None)
    if root is None or root.pos != "VERB" or not toks[0].text[:1].isupper():
        return None
    gender = root.feats.get("Gender", "")
    if gender not in _GENDERS or root.feats.get("Tense", "Past") != "Past":
        return None
    if any(toks[c].rel.startswith(("nsubj", "expl", "csubj")) for c in sent.children[root.i]):
        return None
    passive = root.feats.get("Voice") == "Pass" or root.feats.get("VerbForm") == "Part"
    feats = {"Gender": gender, "Case": "Nom", "Number": "Sing"}
    at = toks[-1].end
    token = Token(
        len(toks), at, at, "", "он", "PRON", "nsubj:pass" if passive else "nsubj", root.i, feats
    )
    children = [list(c) for c in sent.children] + [[]]
    children[root.i].append(token.i)
    return Sentence(sent.index, sent.start, sent.end, [*toks, token], children), gender


def _is_subject(sent: Sentence, m: Mention) -> bool:
    """The mention (or the noun it is in apposition to) is the subject of the root verb."""
    i, steps = m.head, 0
    toks = sent.tokens
    while toks[i].rel in ("flat", "flat:name", "flat:foreign", "appos") and steps < 6:
        i, steps = toks[i].head, steps + 1
    return (
        toks[i].rel in ("nsubj", "nsubj:pass")
        and toks[i].head >= 0
        and (toks[toks[i].head].rel == "root")
    )


def _gender(sent: Sentence, m: Mention) -> str:
    """Masc, Fem or '' as natasha's morphology tags the mention's head."""
    return sent.tokens[m.head].feats.get("Gender", "")


_GENITIVES = frozenset({"role_genitive", "role_genitive_deep", "role_board", "role_named"})
# what may stand between a role and its genitive: the words of its chain («министр
# иностранных дел России», «председатель совета директоров «Башинформа»»), at most three,
# and the opening quote of a quoted name
_CHAIN = re.compile(r"(?:\s+[А-Яа-яЁё-]+){0,3}\s+[«\"“„]?")
_QUOTES = {"«": "»", '"': '"', "“": "”", "„": "“"}
# adjectives before a role that say nothing of the post («новый глава», «известный режиссёр»)
_NOT_OF_POST = frozenset(
    [
        "новый",
        "нынешний",
        "действующий",
        "бывший",
        "прежний",
        "тогдашний",
        "будущий",
        "известный",
        "знаменитый",
        "легендарный",
        "покойный",
        "молодой",
        "опытный",
        "единственный",
        "многолетний",
        "давний",
        "скандальный",
        "популярный",
        "очередной",
        "временный",
        "сам",
        "самый",
        "весь",
        "этот",
        "тот",
        "такой",
        "наш",
        "свой",
        # «первая женщина-президент Чили», «первый чернокожий президент ЮАР»: a record, no post
        "первый",
        "последний",
        "чернокожий",
        "темнокожий",
    ]
)
# roles whose ordinal is part of the post's name («первый секретарь», «первый заместитель»)
_RANKED = frozenset(
    [
        "секретарь",
        "заместитель",
        "зам",
        "замминистра",
        "замглавы",
        "зампред",
        "вице-президент",
        "вице-премьер",
        "вице-спикер",
        "вице-губернатор",
        "вице-мэр",
        "помощник",
        "проректор",
    ]
)
_ORDINALS = frozenset({"первый", "второй", "третий"})


def qualified_roles(
    found: Iterable[Found],
    names: dict[Mention, str],
    text: str,
    doc_id: str,
    sent: Sentence | None = None,
    mentions: Iterable[Mention] = (),
) -> dict[Mention, tuple[str, int, str]]:
    """A role noun with the named organisation or place after it in the genitive («глава
    Рособрнадзора», «министр иностранных дел России»): the role's name with it (the role in the
    nominative with the adjectives of its post before it, «художественный директор галереи
    «Манеж»», the genitive as written), the end of its span and its own entity id, so a
    role is asked as the post it is («Кем работает X? — глава Рособрнадзора», not «глава»)
    and two posts of one word in a document («президент России», «президент США») stay
    apart."""
    out: dict[Mention, tuple[str, int, str]] = {}
    heads = {m.head for m in mentions}
    for f in found:
        role, place = f.subject, f.object
        if f.trigger not in _GENITIVES or role.type != E.PROFESSION or role in out:
            continue
        between = text[role.end : place.start]
        if place.start < role.end or not _CHAIN.fullmatch(between):
            continue  # before the role, or punctuation between
        end = place.end
        close = _QUOTES.get(between[-1:])
        if close is not None:
            if text[end : end + 1] != close:
                continue
            end += 1
        prefix = _post_adjectives(sent, role.head, heads) if sent is not None else ""
        name = f"{prefix}{post_name(names[role])}{between}{text[place.start : end]}"
        out[role] = (name, end, entity_id(role.type, f"{name} @{doc_id}"))
    return out


def placed_names(
    found: Iterable[Found], names: dict[Mention, str], ids: dict[Mention, str], text: str
) -> dict[Mention, str]:
    """An organisation whose name many bear and whose id its place qualifies («Палата
    представителей США»: `ORGANIZATION:палата представителей (сша)`) is shown with that place
    as written right after it, so an answer names the one it is, not any «Палата
    представителей»."""
    out: dict[Mention, str] = {}
    for f in found:
        org, place = f.subject, f.object
        if f.trigger != "org_genitive" or "(" not in ids.get(org, ""):
            continue
        if text[org.end : place.start] == " " and org not in out:
            out[org] = f"{names[org]} {text[place.start : place.end]}"
    return out


def _post_adjectives(sent: Sentence, head: int, mentions: set[int]) -> str:
    """The adjectives right before a role noun that name its post («генеральный»,
    «художественный» of «экс-художественным директором»), in the nominative, with a space."""
    words: list[str] = []
    toks = sent.tokens
    role = toks[head]
    gender = "masc"
    noun = next((p for p in parses(role.lemma) if p.tag.POS == "NOUN"), None)
    if noun is not None and noun.tag.gender:
        gender = str(noun.tag.gender)
    i = head - 1
    while i >= 0 and len(words) < 2:
        t = toks[i]
        word = t.text.lower()
        if word.startswith("экс-"):
            word = word[4:]
        elif t.pos != "ADJ" or t.head != head:
            break
        ranked = post_name(role.lemma) in _RANKED and t.lemma in _ORDINALS
        if i in mentions or (word in _NOT_OF_POST or t.lemma in _NOT_OF_POST) and not ranked:
            break
        adj = next((p for p in parses(word) if p.tag.POS == "ADJF"), None)
        form = adj.inflect({"nomn", "sing", gender}) if adj is not None else None
        if form is None or form.normal_form in _NOT_OF_POST and not ranked:
            break
        words.insert(0, form.word)
        if t.text.lower().startswith("экс-"):
            break
        i -= 1
    return "".join(f"{w} " for w in words)


def _verb_tense(feats: dict[str, str]) -> str:
    tense = feats.get("Tense", "")
    return "past" if tense == "Past" else "present" if tense in ("Pres", "Fut") else ""


def trigger_name(found: Found, names: dict[Mention, str]) -> str:
    """`rule[~common]:cue`: the rule, whether a side is a common noun of a kind that has names
    («компания», «суд»: no question can name it), and the trigger word's lemma."""
    common = any(is_common(m.type, names[m]) for m in (found.subject, found.object))
    return f"{found.trigger}{'~common' if common else ''}:{found.cue}"


def iter_natasha_triples(docs: Iterable[Document]) -> Iterator[list[Triple]]:
    """Triples document by document (one list per input document, in order)."""
    for doc in docs:
        yield extract_document(doc)
