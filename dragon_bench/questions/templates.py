"""Russian question templates per relation, rendered with correct inflection (pymorphy3).

Each relation has up to three forms: a question asking for the object given the subject
(`ask_object`), a predicate asking for the subject (`ask_subject`, joined with «и» for
conditional questions) and a noun phrase naming the object by its relation to the subject
(`describe_object`, which hides the bridge entity of a multi-hop question). Relations the
table does not know (predicate lemmas from the dependency parse) get generic forms built
from the verb as it stands in the source sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from dragon_bench.questions.grammar import bad_preposition_case, takes_object
from dragon_bench.questions.morph import (
    agree_verb,
    analyzer,
    inflect_phrase,
    lemmas,
    phrase_gender,
    short_participle,
)
from dragon_bench.types import Triple

__all__ = [
    "ALIASES",
    "UNASKABLE",
    "RelationTemplate",
    "TEMPLATES",
    "Phrasing",
    "render",
    "relation_type",
    "phrasing_for",
    "subject_wh",
    "type_noun",
]

_SLOT = re.compile(r"\{(\w+)(?::(\w+))?\}")


@dataclass(frozen=True, slots=True)
class RelationTemplate:
    """Template strings with slots `{s}`, `{o:gent}`, `{verb:основать}`, `{short:создать}`."""

    ask_object: str | None = None
    ask_subject: str | None = None
    describe_object: str | None = None


# NEREL relation types (annotation.conf) and natural spellings of the same relations.
TEMPLATES: dict[str, RelationTemplate] = {
    "WORKS_AS": RelationTemplate("Кем работает {s}?", "работает {o:ablt}", None),
    "WORKPLACE": RelationTemplate(
        "Где работает {s}?", "работает в {o:loct}", "{onoun}, в {which:loct} работает {s}"
    ),
    "HEADQUARTERED_IN": RelationTemplate(
        "Где находится штаб-квартира {s:gent}?",
        "имеет штаб-квартиру в {o:loct}",
        "{onoun}, где находится штаб-квартира {s:gent}",
    ),
    "LOCATED_IN": RelationTemplate(
        "Где находится {s}?", "находится в {o:loct}", "{onoun}, где находится {s}"
    ),
    "SPOUSE": RelationTemplate(
        "С кем состоит в браке {s}?",
        "состоит в браке с {o:ablt}",
        "человек, который состоит в браке с {s:ablt}",
    ),
    "PARENT_OF": RelationTemplate(
        "Как зовут ребёнка {s:gent}?", "является родителем {o:gent}", "ребёнок {s:gent}"
    ),
    "SIBLING": RelationTemplate(
        "Как зовут брата или сестру {s:gent}?", "является братом или сестрой {o:gent}", None
    ),
    "RELATIVE": RelationTemplate(
        "Кто является родственником {s:gent}?", "является родственником {o:gent}", None
    ),
    "DATE_OF_BIRTH": RelationTemplate("Когда {verb:родиться} {s}?", None, "дата рождения {s:gent}"),
    "PLACE_OF_BIRTH": RelationTemplate(
        "Где {verb:родиться} {s}?", "{verb:родиться} в {o:loct}", "место рождения {s:gent}"
    ),
    "DATE_OF_DEATH": RelationTemplate("Когда {verb:умереть} {s}?", None, "дата смерти {s:gent}"),
    "PLACE_OF_DEATH": RelationTemplate(
        "Где {verb:умереть} {s}?", "{verb:умереть} в {o:loct}", "место смерти {s:gent}"
    ),
    "AGE_IS": RelationTemplate("Сколько лет {s:datv}?", None, None),
    "AGE_DIED_AT": RelationTemplate("В каком возрасте {verb:умереть} {s}?", None, None),
    "MEMBER_OF": RelationTemplate(
        "Членом какой организации является {s}?",
        "является членом {o:gent}",
        "организация, членом которой является {s}",
    ),
    "ORGANIZES": RelationTemplate(
        "Организатором какого события является {s}?",
        "является организатором {o:gent}",
        "событие, организатором которого является {s}",
    ),
    "TAKES_PLACE_IN": RelationTemplate(
        "Где {verb:произойти} {s}?",
        "{verb:произойти} в {o:loct}",
        "{onoun}, где {verb:произойти} {s}",
    ),
    "POINT_IN_TIME": RelationTemplate(
        "Когда {verb:произойти} {s}?", None, "дата, когда {verb:произойти} {s}"
    ),
    "START_TIME": RelationTemplate("Когда {verb:начаться} {s}?", None, None),
    "END_TIME": RelationTemplate("Когда {verb:закончиться} {s}?", None, None),
    "DATE_FOUNDED_IN": RelationTemplate(
        "Когда {short:основать} {s}?", None, "дата основания {s:gent}"
    ),
    "DATE_DEFUNCT_IN": RelationTemplate("Когда {verb:прекратить} существование {s}?", None, None),
    "DATE_OF_CREATION": RelationTemplate(
        "Когда {short:создать} {s}?", None, "дата создания {s:gent}"
    ),
    "FOUNDED_BY": RelationTemplate(
        "Кто основал {s:accs}?", "{short:основать} {o:ablt}", "основатель {s:gent}"
    ),
    "OWNER_OF": RelationTemplate("Что принадлежит {s:datv}?", "владеет {o:ablt}", None),
    "PRODUCES": RelationTemplate("Что производит {s}?", "производит {o:accs}", None),
    "PRICE_OF": RelationTemplate("Сколько стоит {s}?", None, "стоимость {s:gent}"),
    "AWARDED_WITH": RelationTemplate(
        "Какой награды {verb:удостоиться} {s}?", "{verb:удостоиться} {o:gent}", None
    ),
    "SCHOOLS_ATTENDED": RelationTemplate(
        "Где {verb:учиться} {s}?", "{verb:учиться} в {o:loct}", "место учёбы {s:gent}"
    ),
    "PLACE_RESIDES_IN": RelationTemplate(
        "Где живёт {s}?", "живёт в {o:loct}", "место жительства {s:gent}"
    ),
    "ORIGINS_FROM": RelationTemplate("Откуда родом {s}?", "родом из {o:gent}", "родина {s:gent}"),
    "SUBORDINATE_OF": RelationTemplate(
        "Кому подчиняется {s}?", "подчиняется {o:datv}", "руководитель {s:gent}"
    ),
    "PART_OF": RelationTemplate("Частью чего является {s}?", "входит в состав {o:gent}", None),
    "SUBEVENT_OF": RelationTemplate(
        "Частью какого события является {s}?", "является частью {o:gent}", None
    ),
    "CONVICTED_OF": RelationTemplate(
        "В чём {short:обвинить} {s}?", "{short:обвинить} в {o:loct}", None
    ),
    "PENALIZED_AS": RelationTemplate("Какое наказание {verb:получить} {s}?", None, None),
    "MEDICAL_CONDITION": RelationTemplate("Каким заболеванием страдает {s}?", None, None),
    "CAUSE_OF_DEATH": RelationTemplate(
        "От чего {verb:умереть} {s}?", None, "причина смерти {s:gent}"
    ),
    "IDEOLOGY_OF": RelationTemplate(
        "Каких взглядов придерживается {s}?", "придерживается {o:gent}", None
    ),
    "RELIGION_OF": RelationTemplate("Какую религию исповедует {s}?", "исповедует {o:accs}", None),
    "PARTICIPANT_IN": RelationTemplate(
        "В каком событии {verb:принять} участие {s}?",
        "{verb:принять} участие в {o:loct}",
        "событие, в котором {verb:принять} участие {s}",
    ),
    "AGENT": RelationTemplate(
        "В каком событии {verb:участвовать} {s}?", "{verb:участвовать} в {o:loct}", None
    ),
    "HAS_CAUSE": RelationTemplate("Что стало причиной {s:gent}?", None, "причина {s:gent}"),
    "EXPENDITURE": RelationTemplate("Сколько {verb:потратить} {s}?", None, None),
    "INCOME": RelationTemplate("Сколько {verb:заработать} {s}?", None, None),
    "KNOWS": RelationTemplate("С кем знаком {s}?", None, None),
}

# ORIGINS_FROM whose object is a nationality (немка), not a place
_NATIONALITY = RelationTemplate("Кто по национальности {s}?", "по национальности {o}", None)

# Russian relation names of the natasha extractor (dragon_bench.kg.labels.TYPE_RELATIONS)
# and other spellings -> the NEREL relation whose templates they share.
ALIASES: dict[str, str] = {
    "должность": "WORKS_AS",
    "возраст": "AGE_IS",
    "дата": "POINT_IN_TIME",
    "место": "TAKES_PLACE_IN",
    "участник": "PARTICIPANT_IN",
    "место работы": "WORKPLACE",
    "местонахождение": "HEADQUARTERED_IN",
    "расположен в": "LOCATED_IN",
    "происхождение": "ORIGINS_FROM",
    "болезнь": "MEDICAL_CONDITION",
    "обвинение": "CONVICTED_OF",
    "наказание": "PENALIZED_AS",
    "награда": "AWARDED_WITH",
    "убеждения": "IDEOLOGY_OF",
    "сумма": "PRICE_OF",
    "автор": "PRODUCES",
    "входит в": "PART_OF",
    "супруг": "SPOUSE",
    "место рождения": "PLACE_OF_BIRTH",
    "дата рождения": "DATE_OF_BIRTH",
    "место смерти": "PLACE_OF_DEATH",
    "дата смерти": "DATE_OF_DEATH",
    "основатель": "FOUNDED_BY",
    "член": "MEMBER_OF",
    "организатор": "ORGANIZES",
    "дата создания": "DATE_OF_CREATION",
}
# relations too vague to ask about (co-occurrence links, alternative names)
UNASKABLE = frozenset({"связан с", "связано с", "другое имя", "ALTERNATIVE_NAME", "ABBREVIATION"})

_TYPE_NOUNS: dict[str, tuple[str, str]] = {
    # entity type -> (wh-phrase asking for such an entity as a subject, neutral noun)
    "PERSON": ("Кто", "человек"),
    "PER": ("Кто", "человек"),
    "PROFESSION": ("Кто", "человек"),
    "ORGANIZATION": ("Какая организация", "организация"),
    "ORG": ("Какая организация", "организация"),
    "CITY": ("Какой город", "город"),
    "COUNTRY": ("Какая страна", "страна"),
    "STATE_OR_PROVINCE": ("Какой регион", "регион"),
    "DISTRICT": ("Какой район", "район"),
    "LOCATION": ("Какое место", "место"),
    "LOC": ("Какое место", "место"),
    "FACILITY": ("Какой объект", "объект"),
    "EVENT": ("Какое событие", "событие"),
    "PRODUCT": ("Какой продукт", "продукт"),
    "WORK_OF_ART": ("Какое произведение", "произведение"),
    "AWARD": ("Какая награда", "награда"),
    "LAW": ("Какой закон", "закон"),
    "DATE": ("Какая дата", "дата"),
    "NATIONALITY": ("Какой народ", "народ"),
    "CRIME": ("Какое преступление", "преступление"),
    "IDEOLOGY": ("Какая идеология", "идеология"),
    "DISEASE": ("Какая болезнь", "болезнь"),
    "RELIGION": ("Какая религия", "религия"),
}
# object types a generic predicate asks for with a fixed wh-word, whatever the preposition
_TYPE_WH: dict[str, str] = {
    "DATE": "Когда",
    "TIME": "Когда",
    "MONEY": "Сколько",
    "NUMBER": "Сколько",
    "PERCENT": "Сколько",
}

# wh-word for the object of a generic predicate, by preposition; the second is for people
_PREP_WH: dict[str, tuple[str, str]] = {
    "": ("Что", "Кого"),
    "в": ("Где", "В ком"),
    "во": ("Где", "В ком"),
    "на": ("Где", "На кого"),
    "из": ("Откуда", "Из кого"),
    "о": ("О чём", "О ком"),
    "об": ("О чём", "О ком"),
    "с": ("С чем", "С кем"),
    "со": ("С чем", "С кем"),
    "к": ("К чему", "К кому"),
    "для": ("Для чего", "Для кого"),
    "по": ("По чему", "По кому"),
    "за": ("За что", "За кого"),
    "от": ("От чего", "От кого"),
    "против": ("Против чего", "Против кого"),
    "через": ("Через что", "Через кого"),
    "у": ("У чего", "У кого"),
    "при": ("При чём", "При ком"),
}


@lru_cache(maxsize=1)
def _extractor_names() -> dict[str, str]:
    """Russian relation name -> NEREL type, as the KG part names them (if it is installed)."""
    try:
        from dragon_bench.kg.labels import TYPE_RELATIONS
    except ImportError:
        return {}
    return {name: nerel for _, _, name, nerel in TYPE_RELATIONS}


def relation_type(relation: str) -> str:
    """The TEMPLATES key of a relation name: a NEREL type, a known Russian name or an upper-cased
    spelling (a predicate lemma gets a key no template has)."""
    name = relation.strip().lower()
    return ALIASES.get(name) or _extractor_names().get(name) or relation.upper().replace(" ", "_")


def type_noun(entity_type: str) -> str:
    """A neutral noun for an entity of this type (организация, город, человек...)."""
    return _TYPE_NOUNS.get(entity_type.upper(), ("Что", "объект"))[1]


def subject_wh(entity_type: str) -> str:
    """The wh-phrase that asks for a subject of this type (Кто, Какая организация...)."""
    return _TYPE_NOUNS.get(entity_type.upper(), ("Что", "объект"))[0]


def _wh_gender(wh: str) -> str:
    if wh in ("Кто",):
        return "masc"
    if wh == "Что":
        return "neut"
    return phrase_gender(wh.split(" ", 1)[-1])


def _object_noun(object_type: str) -> str:
    return type_noun(object_type) if object_type.upper() in _TYPE_NOUNS else "место"


def render(
    template: str, *, s: str = "", o: str = "", gender: str | None = None, object_type: str = ""
) -> str:
    """Fill the slots of a template; verbs and participles agree with `gender` (else with s);
    `{onoun}` names the kind of the object (город, страна...)."""
    agree = gender or phrase_gender(s)

    def fill(m: re.Match[str]) -> str:
        name, arg = m.group(1), m.group(2)
        if name in ("s", "o"):
            return inflect_phrase(s if name == "s" else o, arg or "nomn")
        if name == "verb":
            return agree_verb(arg or "", agree)
        if name == "short":
            return short_participle(arg or "", agree)
        if name == "onoun":
            return _object_noun(object_type)
        if name == "which":  # «который» agreeing with the object noun, in the given case
            noun_gender = phrase_gender(_object_noun(object_type))
            word = analyzer().parse("который")[0].inflect({noun_gender, arg or "nomn"})
            return str(word.word) if word is not None else "который"
        raise ValueError(f"unknown template slot {m.group(0)!r}")

    text = _SLOT.sub(fill, template)
    text = re.sub(r"\s+", " ", text).strip()
    # a template writes «в {o:loct}»; the name decides «во Флоренции», «со Швецией»
    text = _PREPOSITION.sub(
        lambda m: (
            m.group(1)
            + _keep_case(m.group(2), preposition_form(m.group(2).lower(), m.group(3)))
            + " "
        ),
        text,
    )
    return text[:1].upper() + text[1:]


_PREPOSITION = re.compile(r"(^|\s)(в|во|с|со|к|ко|о|об)\s+(?=(\S+))", re.IGNORECASE)


def _keep_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


@dataclass(frozen=True, slots=True)
class Phrasing:
    """The three forms of one fact, already rendered (None where a form does not exist)."""

    ask_object: str | None
    ask_subject: str | None  # a predicate without its wh-word: "работает в «Газпроме»"
    describe_object: str | None


def phrasing_for(triple: Triple, text: str | None = None) -> Phrasing:
    """Render the forms of one triple; `text` is its document's full text (for generic verbs)."""
    relation = triple.relation.strip()
    if relation in UNASKABLE:
        return Phrasing(None, None, None)
    kind = relation_type(relation)
    tpl = TEMPLATES.get(kind)
    if kind == "ORIGINS_FROM" and triple.object_type.upper() == "NATIONALITY":
        tpl = _NATIONALITY  # «Откуда родом X? — немка» / «Кто родом из немки?» say nothing
    if tpl is not None:
        wh = subject_wh(triple.subject_type)
        return Phrasing(
            render(tpl.ask_object, s=triple.subject) if tpl.ask_object else None,
            _lower_first(render(tpl.ask_subject, o=triple.object, gender=_wh_gender(wh)))
            if tpl.ask_subject
            else None,
            _lower_first(
                render(tpl.describe_object, s=triple.subject, object_type=triple.object_type)
            )
            if tpl.describe_object
            else None,
        )
    return _generic(triple, text)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text and not text[:2].isupper() else text


def _span(text: str | None, span: tuple[int, int]) -> str | None:
    if text is None or span[1] <= span[0] or span[1] > len(text):
        return None
    return text[span[0] : span[1]]


def _verb_in_sentence(lemma: str, sentence: str | None) -> str | None:
    if not sentence:
        return None
    for token in re.findall(r"[\w\-]+", sentence):
        if lemmas(token) == [lemma]:
            # a finite verb or short participle agrees as it should; a gerund or full
            # participle (позволяющий) would not, so the lemma's past tense is used instead
            pos = analyzer().parse(token.lower())[0].tag.POS
            return token if pos in ("VERB", "PRTS") else None
    return None


def _generic(triple: Triple, text: str | None) -> Phrasing:
    """Forms for a predicate relation («назначить директором», «родиться в»)."""
    words = triple.relation.replace("_", " ").split()
    if not words:
        return Phrasing(None, None, None)
    verb_lemma, rest = words[0].lower(), [w.lower() for w in words[1:]]
    is_verb = any(p.tag.POS in ("INFN", "VERB", "PRTS") for p in analyzer().parse(verb_lemma))
    if not is_verb:
        return Phrasing(None, None, None)
    sentence = _span(text, triple.sentence_span)
    verb = _verb_in_sentence(lemmas(verb_lemma)[0] if lemmas(verb_lemma) else verb_lemma, sentence)
    verb = verb or verb_lemma
    # the object as the sentence has it is already in the case the predicate governs
    obj_surface = _span(text, triple.object_span) or triple.object
    person_obj = triple.object_type.upper() in ("PER", "PERSON", "PROFESSION")
    wh = subject_wh(triple.subject_type)
    if rest and obj_surface:
        rest = [*rest[:-1], preposition_form(rest[-1], obj_surface)]
    ask_subject: str | None = " ".join([agree_verb(verb, _wh_gender(wh)), *rest, obj_surface])
    if ask_subject and bad_preposition_case(ask_subject):
        # the object span lost its preposition («возглавлял Вашингтоне») or the relation got
        # one the span's case does not take («об министра»): no sentence to reuse
        ask_subject = None
    ask_object = None
    prep = rest[0] if len(rest) == 1 and rest[0] in _PREP_WH else ("" if not rest else None)
    type_wh = _TYPE_WH.get(triple.object_type.upper())
    if type_wh is not None:
        ask_object = (
            f"{type_wh} {agree_verb(verb, phrase_gender(triple.subject))} {triple.subject}?"
        )
    elif prep == "":
        case = _case_of(obj_surface)
        obj_wh = _CASE_WH.get(case, _CASE_WH["accs"])[1 if person_obj else 0]
        governed = "gent" if obj_wh == "Чего" else "accs"
        if obj_wh in ("Что", "Кого", "Чего") and not takes_object(verb, governed):
            # «Кого уволена организация», «Кого погиб Абакан», «Чего сократил Обама»: the
            # verb takes no such object, so the triple's roles are not what the form says
            return Phrasing(None, ask_subject, None)
        ask_object = f"{obj_wh} {agree_verb(verb, phrase_gender(triple.subject))} {triple.subject}?"
    elif prep is not None:
        obj_wh = _PREP_WH[prep][1 if person_obj else 0]
        if prep in ("в", "во", "на") and not _is_place(triple.object_type):
            base = {"во": "в"}.get(prep, prep)  # «во» only before some clusters: «В чём»
            obj_wh = f"{base.capitalize()} {'ком' if person_obj else 'чём'}"
        ask_object = f"{obj_wh} {agree_verb(verb, phrase_gender(triple.subject))} {triple.subject}?"
    return Phrasing(ask_object, ask_subject, None)


# wh-word for an object without preposition, by the case the verb gives it (thing, person)
_CASE_WH: dict[str, tuple[str, str]] = {
    "nomn": ("Что", "Кого"),
    "accs": ("Что", "Кого"),
    "gent": ("Чего", "Кого"),
    "datv": ("Чему", "Кому"),
    "ablt": ("Чем", "Кем"),
}


def _case_of(surface: str) -> str:
    """Grammatical case of the first inflecting word of a phrase as it stands in the text."""
    for token in re.findall(r"[\w\-]+", surface):
        for p in analyzer().parse(token):
            if p.tag.case and p.tag.POS in ("NOUN", "ADJF", "PRTF", "NPRO"):
                return str(p.tag.case)
    return "accs"


def preposition_form(preposition: str, following: str) -> str:
    """«в»/«во», «с»/«со», «о»/«об», «к»/«ко» as the next word needs them (во Франции, в
    Байкале; со Швецией; об Италии)."""
    base = {"во": "в", "со": "с", "об": "о", "обо": "о", "ко": "к"}.get(preposition, preposition)
    word = following.lstrip('«"“(').lower()
    if not word:
        return base
    cluster = len(word) > 1 and word[1] not in _VOWELS
    if base == "в" and word[0] in "вф" and cluster or base == "с" and word[0] in "сзшж" and cluster:
        return base + "о"
    if base == "к" and word.startswith(("мн", "вс")):
        return "ко"
    if base == "о" and word[0] in "аоуыэи":
        return "об"
    return base


_VOWELS = frozenset("аеёиоуыэюя")


def _is_place(entity_type: str) -> bool:
    return entity_type.upper() in (
        "LOC",
        "LOCATION",
        "CITY",
        "COUNTRY",
        "STATE_OR_PROVINCE",
        "DISTRICT",
        "FACILITY",
    )
