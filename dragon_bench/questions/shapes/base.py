"""What every question shape shares: the Shape interface, frame choice and the common checks.

A shape samples subgraphs from the fact graph, phrases one (choosing a template whose
uniqueness scope makes exactly one answer fit in the whole KG, the least used first so the
wording spreads) and checks the phrased question (answer hidden and not guessable, not
famous, not asked before, supported by the texts, free of the quality checker's defects).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from dragon_bench.questions.completeness import (
    finer_place,
    former,
    holder_title,
    nominated,
    other_charges,
    other_conditions,
    other_kin,
    other_memberships,
    other_schools,
    other_workplaces,
    told_past,
    uncertain_penalty,
    unlisted_work,
)
from dragon_bench.questions.fame import (
    CREATORS,
    IDENTITY_RELATIONS,
    KNOWN_AT,
    KNOWN_FOR,
    common_knowledge,
    famous,
    headline_trade,
    historical,
    surname,
)
from dragon_bench.questions.filters import SupportIndex, answer_in_question
from dragon_bench.questions.inflect import person_gender
from dragon_bench.questions.lifetime import (
    DEATH_RELATIONS,
    appointed,
    ended,
    is_counterfactual,
)
from dragon_bench.questions.morph import analyzer, lemmas, phrase_gender
from dragon_bench.questions.names import bare_surname, common_words_name
from dragon_bench.questions.org_kinds import ensemble, shown_with_kind
from dragon_bench.questions.quality import question_defects
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.stated import frame_stated, unstated
from dragon_bench.questions.templates import (
    _WHERE,
    ROLE_HEAD,
    TEMPLATES,
    WHEN,
    Frame,
    render,
    subject_wh,
    type_noun,
    wh_gender,
)
from dragon_bench.questions.translit import latin_words
from dragon_bench.questions.vocab import ORGS, PEOPLE
from dragon_bench.questions.wording import QUESTION_WORDS
from dragon_bench.types import Question

__all__ = [
    "KIN_NOUNS",
    "POPULARITY_SHARE",
    "Context",
    "Phrased",
    "Shape",
    "ask_object",
    "choose",
    "common_reason",
    "guessable",
    "object_scope",
    "place_gives_country",
    "predicates",
    "settle_told",
    "subject_scope",
    "subject_wh_of",
    "type_noun_of",
]

# an answer entity in more than this share of the KG's documents is common knowledge; chosen
# on NEREL train (benchmarks/questions.py --popularity) and recorded in the manifest
POPULARITY_SHARE = 0.04
# identity facts of a famous subject are common knowledge too («Кем работает Дональд Трамп?»)
# a country's adjective gives it away («российский», «американский»)
_DEMONYMS = {
    "сша": ("американ", "штат"),
    "великобритания": ("британ", "англ"),
    "соединенное королевство": ("британ", "англ"),
    "нидерланды": ("нидерланд", "голланд"),
    "германия": ("немец", "герман"),
    "россия": ("росси", "русск"),
    "российская федерация": ("росси", "русск"),
    "рф": ("росси", "русск"),
    "ссср": ("советск",),
    "китай": ("китай",),
    "кнр": ("китай",),
    "япония": ("япон",),
    "украина": ("украин",),
    "беларусь": ("белорус",),
    "белоруссия": ("белорус",),
    "грузия": ("грузин",),
    "израиль": ("израил",),
}
# a region's or its capital's adjective in a name («Башкирская опера» → Уфа) and its root in
# a compound brand («Башинформ», «Татнефть», «Мосэнерго», «Роснефть»): the seat is read off
_REGION_ADJ: dict[str, tuple[str, ...]] = {
    "башкортостан": ("башкир",),
    "башкирия": ("башкир",),
    "уфа": ("башкир",),
}
_REGION_ADJ |= {"казань": ("татар",), "ижевск": ("удмурт",), "чебоксары": ("чуваш",)}
_REGION_ADJ |= {"саранск": ("мордов",), "махачкала": ("дагест",), "улан-удэ": ("бурят",)}
_REGION_ADJ |= {"грозный": ("чечен",), "нальчик": ("кабардин",), "якутск": ("якут",)}
_REGION_ADJ |= {"санкт-петербург": ("петербург", "ленинград"), "петербург": ("ленинград",)}
# a city's or region's name of Soviet years in a name («Свердловский театр» → Екатеринбург)
_REGION_ADJ |= {"екатеринбург": ("свердлов",), "нижний новгород": ("горьков", "нижегород")}
_REGION_ADJ |= {"волгоград": ("сталинград",), "московская область": ("подмосков", "московск")}
_ROOTS = dict.fromkeys(("башкортостан", "башкирия", "уфа"), ("баш",))
_ROOTS |= dict.fromkeys(("татарстан", "казань"), ("тат",))
_ROOTS |= dict.fromkeys(("удмуртия", "ижевск"), ("удм",))
_ROOTS |= dict.fromkeys(("якутия", "якутск"), ("якут",))
_ROOTS |= dict.fromkeys(("дагестан", "махачкала"), ("даг",))
_ROOTS |= {"москва": ("мос",), "россия": ("рос",), "украина": ("укр",)}
_ROOTS |= {"санкт-петербург": ("лен",), "петербург": ("лен",)}
_WORD = re.compile(r"[а-яёa-z0-9]+(?:-[а-яёa-z0-9]+)*")
_KIND_OF_REGION = re.compile(r"^(?:республик\w*|област\w*|кра[йяю]|город\w*)\s+")
FRAMES_BY_ID: dict[str, str] = {
    f.id: f.text for r in TEMPLATES.values() for f in (*r.ask, *r.many, *r.pred)
} | {d.id: f"{d.head}{d.clause}" for r in TEMPLATES.values() for d in r.describe}
# the heads of a described person (shapes/multi_hop.py): «человек, который ...», «тот, кто ...»
FRAMES_BY_ID |= {"head.person": "человек", "head.who": "тот, кто", ROLE_HEAD: "Какой {o}"}
# the kin noun a text names a relation's subject by («Ходорковская — мать ... Михаила
# Ходорковского»): it describes a multi-hop bridge instead of «тот, кто приходится родителем»
KIN_NOUNS: dict[str, dict[str, str]] = {
    "PARENT_OF": {"мать": "mother", "отец": "father"},
    "SPOUSE": {"жена": "wife", "муж": "husband", "супруга": "spouse_f", "супруг": "spouse_m"},
    "SIBLING": {"брат": "brother", "сестра": "sister"},
}
FRAMES_BY_ID |= {f"kin.{k}": noun for nouns in KIN_NOUNS.values() for noun, k in nouns.items()}


@dataclass(frozen=True, slots=True)
class Phrased:
    text: str
    template: str  # template ids joined by «+» when a question uses several


@dataclass
class Context:
    """What phrasing and checks need: the graph, the texts, template use counts, filters."""

    graph: FactGraph
    texts: dict[str, str]
    support: SupportIndex
    rng: random.Random
    usage: Counter[str] = field(default_factory=Counter)
    popularity_share: float = POPULARITY_SHARE
    asked: frozenset[tuple[str, str, str]] = frozenset()
    check_quality: bool = True
    why_not: str = ""  # why the last phrase() gave nothing: not_unique or no_template
    words: Counter[str] = field(default_factory=Counter)  # template words used so far
    known_at: float = KNOWN_AT  # questions/fame.py; 0 turns the screen off
    country_names: list[frozenset[str]] | None = None  # the KG's countries' names, when asked

    def unique(self, candidates: list[tuple[str, str]], rendered: int) -> Phrased | None:
        """Choose among the unique candidates; note when rendered ones were all ambiguous."""
        self.why_not = "not_unique" if rendered and not candidates else "no_template"
        return choose(candidates, self)


class Shape(Protocol):
    """A question type: its name (qa `type`), CRAG's name for it and the three steps."""

    name: str
    crag_type: str
    order: int

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]: ...

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None: ...

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str: ...


def _when(fact: Fact) -> object:
    return lambda key: WHEN[key](fact.subject, fact.subject_type, fact.object, fact.object_type)


def object_scope(frame: Frame, object_type: str) -> frozenset[str]:
    """The object types a frame's wh-word admits: its listed types, the one type «{where}»
    names («В каком городе»), else every type («Где»)."""
    if "{where}" in frame.text or "{from}" in frame.text:
        return frozenset({object_type}) if object_type in _WHERE else frozenset()
    return frame.objects


def type_noun_of(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """The noun for the facts' subject: its type's («организация», «человек»), or for a band
    the kind its texts give («группа»: phrasing11's leftover «Какая организация была
    основана ...?» -> The Prodigy)."""
    f = facts[0]
    if f.subject_type in ORGS:
        docs = sorted({d for g in facts for d in g.doc_ids})
        kind = ensemble(f.subject, [texts.get(d, "") for d in docs])
        if kind:
            return kind
    return type_noun(f.subject_type)


_WHICH = {"masc": "Какой", "femn": "Какая", "neut": "Какое", "plur": "Какие"}


def subject_wh_of(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """The wh-phrase asking for the facts' subject: `subject_wh`, with a band's kind noun
    («Какая группа»)."""
    f = facts[0]
    noun = type_noun_of(facts, texts)
    if noun == type_noun(f.subject_type):
        return subject_wh(f.subject_type)
    return f"{_WHICH.get(phrase_gender(noun), 'Какой')} {noun}"


def subject_scope(subject_type: str) -> frozenset[str]:
    """The subject types a wh-word admits: «Кто» people, «Какая организация» organisations."""
    if subject_type in PEOPLE:
        return PEOPLE | {"PROFESSION"}  # a role («министр») is someone too
    return frozenset({subject_type})


@lru_cache(maxsize=4096)
def template_words(template_id: str) -> frozenset[str]:
    """Content lemmas a template writes itself (its words and verbs, not the names it fills)."""
    words: set[str] = set()
    for part in template_id.split("+"):
        text = FRAMES_BY_ID.get(part, "")
        verbs = re.findall(r"\{(?:v|p|was):(\w+)", text)
        literal = re.sub(r"\{[^}]*\}", " ", text)
        words |= {w for w in (*lemmas(literal), *verbs) if len(w) >= 4}
    return frozenset(words - QUESTION_WORDS)


def choose(candidates: Sequence[tuple[str, str]], ctx: Context) -> Phrased | None:
    """The candidate (template id, text) whose words were used least so far (so no word
    fills the benchmark), then the least used template, ties at random."""
    if not candidates:
        return None

    def key(c: tuple[str, str]) -> tuple[int, int, float]:
        words = template_words(c[0])
        worst = max((ctx.words[w] for w in words), default=0)
        return (worst, ctx.usage[c[0]], ctx.rng.random())

    best = min(candidates, key=key)
    return Phrased(best[1], best[0])


# states that hold for a time; a sentence telling one by an imperfective past («Нолан играл в
# ... Calgary Flames», «До сего момента он управлял фондом», «участвовал в «Мисс Вселенной» в
# 1972 году») says it ended (TRAIN reads a, b: «работает», «участвует» for such facts)
_HELD_STATES = frozenset({"WORKPLACE", "WORKS_AS", "MEMBER_OF", "PLACE_RESIDES_IN", "OWNER_OF"})
_HELD_STATES |= {"PARTICIPANT_IN", "SUBORDINATE_OF"}


def settle_told(fact: Fact, texts: Mapping[str, str] | None) -> None:
    """A fact of no tense whose evidence tells it by an imperfective past (the first verb
    above its object in the sentence's parse: `completeness.told_past`) is past. Read when
    the fact is phrased (parsing every fact of a KG up front costs seconds)."""
    if texts is None or fact.tense or fact.relation not in _HELD_STATES:
        return
    if former(fact, texts):  # «избран бывший игрок НБА»: not «Кто по профессии ...?»
        fact.tense = "past"
    elif told_past(fact, texts) and not any(appointed(t, texts) for t in fact.triples):
        fact.tense = "past"  # not a post an evidence sentence appoints him to


def ask_object(
    fact: Fact,
    graph: FactGraph,
    *,
    many: bool = False,
    subject: dict[str, str] | None = None,
    subject_gender: str | None = None,
    texts: Mapping[str, str] | None = None,
) -> list[tuple[Frame, str]]:
    """Frames asking for the fact's object, rendered; `subject` gives the subject's forms by
    case when it is a description (a multi-hop bridge), not a name. With `texts`, a frame
    whose verb says more than the fact's sentences («окончил» for «учился») is left out."""
    frames = TEMPLATES.get(fact.relation)
    if frames is None:
        return []
    settle_told(fact, texts)
    shown = fact
    if subject is None and fact.subject_type in ORGS and texts is not None:
        ent = graph.entities.get(fact.subject_id)
        docs = sorted(ent.docs) if ent is not None else fact.doc_ids
        named = shown_with_kind(fact.subject, [texts.get(d, "") for d in docs])
        if named != fact.subject:  # «группа Talk Talk», «фонд «Справедливая помощь»»
            shown = dataclasses.replace(fact, subject=named)
    out = []
    for frame in frames.many if many else frames.ask:
        if not frame.fits(fact.object_type, fact.tense, _when(fact)):  # type: ignore[arg-type]
            continue
        if texts is not None and not frame_stated(frame.id, fact.triples, texts):
            continue
        said = said_gender(fact, texts) if texts is not None and subject is None else ""
        said = said or (role_gender(fact) if subject is None else "")
        text = _render_with(frame.text, shown, subject, subject_gender or said or None)
        if text is not None:
            out.append((frame, text))
    return out


def _render_with(
    text: str, fact: Fact, subject: dict[str, str] | None, gender: str | None
) -> str | None:
    if subject is None:
        s, o, s_type, o_type = fact.subject, fact.object, fact.subject_type, fact.object_type
        if gender:  # the texts say it («Колин Маккалоу родилась»)
            return render(
                text, s=s, o=o, s_type=s_type, o_type=o_type, tense=fact.tense, agree=gender
            )
        return gendered_render(text, s=s, o=o, s_type=s_type, o_type=o_type, tense=fact.tense)
    if re.search(r"\{s(?::\w+)?\}\s*[^?\s]", text):
        return None  # «Сколько лет было человеку, который ... на момент смерти?»: a relative
        # clause describing the subject must end the question
    for case in re.findall(r"\{s(?::(\w+))?\}", text):
        if (case or "nomn") not in subject:
            return None
    marked = re.sub(r"\{s(?::(\w+))?\}", lambda m: f"\x00{m.group(1) or 'nomn'}\x00", text)
    out = render(marked, o=fact.object, o_type=fact.object_type, tense=fact.tense, agree=gender)
    if out is None:
        return None
    out = re.sub("\x00(\\w+)\x00", lambda m: subject[m.group(1)], out)
    return out[:1].upper() + out[1:]


# titles only a man holds (a woman's is another word: императрица, королева, царица)
_MEN_TITLES = frozenset(
    "император король царь князь принц шах султан эмир граф герцог барон маркиз".split()  # noqa: SIM905
)


def role_gender(fact: Fact) -> str:
    """A woman's role noun tells the holder's gender («кандидатка», «ассистентка стоматолога»:
    «Кем по профессии была ...?», not «был» for a foreign name of unknown gender), and so does
    a man's title («император Кокаку»: «Какой титул носил Кокаку?»); '' for other facts and
    for nouns of either gender («глава», «судья», «министр»)."""
    if fact.relation != "WORKS_AS" or fact.subject_type not in PEOPLE:
        return ""
    words = fact.object.split()
    if words and lemmas(words[0])[:1] and lemmas(words[0])[0] in _MEN_TITLES:
        return "masc"
    for p in analyzer().parse(words[0].lower())[:1] if words else ():
        if (
            p.tag.POS == "NOUN"
            and p.tag.animacy == "anim"
            and p.tag.gender == "femn"
            and "Ms-f" not in p.tag
            and p.tag.case == "nomn"
        ):
            return "femn"
    return ""


# nouns that govern another person's name in the genitive («вдова Алана Рикмана»): their
# gender tells the mention's only when the name stays as written where a man's would decline
_RELATIONAL = frozenset(
    "вдова вдовец жена муж супруга супруг мать отец дочь сын сестра брат".split()  # noqa: SIM905
)


def _mention_gender(text: str, span: tuple[int, int], sentence_end: int, name: str) -> set[str]:
    """The genders one mention's context gives the person: the past verb right after a
    nominative mention («Колин Маккалоу родилась», not «семья актёра Алана Рикмана объявила»),
    an adjective agreeing with it right before («убил 26-летнюю Чжан Инъин»), a nominative
    person noun right before it («актриса Кэрри Фишер», «его вдова Дорит Ревентлов»: a kin
    noun only when a man's form of the name would differ, «вдова Дорита Ревентлова») or
    «он»/«она» opening the next sentence when the mention opens its sentence."""
    found = set()
    mention = text[span[0] : span[1]]
    nominative = set(mention.split()) <= set(name.split())  # as the name's nominative
    after = text[span[1] : span[1] + 30]
    then = re.match(r"[^.!?]*[.!?]\s+(Он|Она)\b", text[span[1] : sentence_end + 5])
    before = text[max(0, span[0] - 200) : span[0]]
    opens = re.search(r"(?:^|[.!?\n])[\s«\"]*$", before) is not None
    if then and opens:  # the pronoun goes on from the sentence's subject
        found.add("masc" if then.group(1) == "Он" else "femn")
    word = re.search(r"(?:^|\s)([а-яё0-9]+(?:-[а-яё]+)?)\s+$", before)
    for p in analyzer().parse(word.group(1))[:1] if word else ():
        if (
            p.tag.POS == "ADJF"
            and "Apro" not in p.tag
            and p.tag.number == "sing"
            and p.tag.gender in ("masc", "femn")
        ):
            found.add(str(p.tag.gender))
        if (
            nominative
            and p.tag.POS == "NOUN"
            and p.tag.animacy == "anim"
            and p.tag.case == "nomn"
            and p.tag.number == "sing"
            and p.tag.gender in ("masc", "femn")
            and "Ms-f" not in p.tag
            and (p.normal_form not in _RELATIONAL or _declines_for_a_man(mention))
        ):
            found.add(str(p.tag.gender))
    m = re.match(r"\s+([а-яё]+)", after)
    for p in analyzer().parse(m.group(1))[:1] if m and nominative else ():
        if p.tag.POS == "VERB" and "past" in p.tag and p.tag.gender in ("masc", "femn"):
            found.add(str(p.tag.gender))
    return found


def _declines_for_a_man(mention: str) -> bool:
    """A name whose last word a man's genitive would change («Ревентлов» -> «Ревентлова»)."""
    words = mention.split()
    last = words[-1].lower() if words else ""
    return bool(re.fullmatch(r"[а-яё]+[бвгджзклмнпрстфхцчшщ]", last))


def said_gender(fact: Fact, texts: Mapping[str, str], side: str = "subject") -> str:
    """The gender the texts give a person subject (or, with `side="object"`, object) over
    the fact's mentions (`_mention_gender`), '' when they give none or both."""
    if (fact.subject_type if side == "subject" else fact.object_type) not in PEOPLE:
        return ""
    name = fact.subject if side == "subject" else fact.object
    found: set[str] = set()
    for t in fact.triples:
        span = t.subject_span if side == "subject" else t.object_span
        found |= _mention_gender(texts.get(t.doc_id, ""), span, t.sentence_span[1], name)
    return found.pop() if len(found) == 1 else ""


def gendered_render(text: str, **slots: Any) -> str | None:
    """`render`, refusing a verb that would agree with a person of unknown gender («Когда
    скончался Джэнет Рино?»): the form must be the same for a man and a woman."""
    if slots.get("s_type") in PEOPLE and not person_gender(slots.get("s", "")):
        as_man = render(text, agree="masc", **slots)
        return as_man if as_man == render(text, agree="femn", **slots) else None
    return render(text, **slots)


def predicates(
    fact: Fact, *, wh: str | None = None, texts: Mapping[str, str] | None = None
) -> list[tuple[Frame, str]]:
    """Predicates about the fact's subject (without the wh-word), rendered in agreement with
    the wh-phrase that asks for the subject; `texts` as for `ask_object`."""
    frames = TEMPLATES.get(fact.relation)
    if frames is None:
        return []
    settle_told(fact, texts)
    wh = wh or subject_wh(fact.subject_type)
    out = []
    shown = fact.object
    if fact.object_type in ORGS and texts is not None:  # «фонде «Справедливая помощь»»
        shown = shown_with_kind(fact.object, [texts.get(d, "") for d in fact.doc_ids])
    for frame in frames.pred:
        if not frame.fits(fact.object_type, fact.tense, _when(fact)):  # type: ignore[arg-type]
            continue
        if texts is not None and not frame_stated(frame.id, fact.triples, texts):
            continue
        text = render(
            frame.text,
            s=fact.subject,
            o=shown,
            s_type=fact.subject_type,
            o_type=fact.object_type,
            tense=fact.tense,
            agree=wh_gender(wh),
        )
        if text is not None:
            out.append((frame, text[:1].lower() + text[1:]))
    return out


def _stems(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("ё", "е"))


# «года» of one date says nothing of another («умер 29 марта 2020 года» / «родился ... 1933 года»)
_DATE_WORDS = frozenset({"года", "году", "годы", "годов", "годах"})


_NAME = re.compile(r"(?<![\w-])[А-ЯЁA-Z][а-яёa-z-]{4,}")


def _brand(word: str) -> bool:
    parse = analyzer().parse(word)[:1]
    if any({"Name", "Surn", "Patr"} & set(p.tag.grammemes) for p in parse):
        return False
    return not analyzer().word_is_known(word) or any("Orgn" in p.tag for p in parse)


def guessable(answer: str, question: str, person: bool = False) -> bool:
    """True when the answer can be read off the question: a word of it shares its stem with a
    question word («Россия» / «российский», «Москва» / «МГУ имени ... Московского»), a
    country's or region's adjective stands in the question («американский» for США,
    «башкирский» for Уфа), or a brand compound on its root («Башинформ» for Башкортостан,
    «Татнефть» for Татарстан)."""
    words = _stems(question)
    low = " ".join(_stems(answer))
    # «Республика Башкортостан» is read off as «Башкортостан» is
    low = _KIND_OF_REGION.sub("", low).strip() or low
    for prefix in (*_DEMONYMS.get(low, ()), *_REGION_ADJ.get(low, ())):
        if any(w.startswith(prefix) for w in words):
            return True
    # a district named for the place the question names («Где находится Унцукуль?» →
    # Унцукульский район): an answer word opening with a name of the question
    names = [m.group(0).lower().replace("ё", "е") for m in _NAME.finditer(question) if m.start()]
    if not person and any(
        a.startswith(n[:-1]) for n in names for a in _stems(answer) if len(a) > len(n)
    ):
        return True
    # a brand compound on the region's root: an organisation's name or a word the dictionary
    # lacks («башинформ», «татнефть»; not «Башарова», «башня»)
    for root in _ROOTS.get(low, ()):
        if any(w.startswith(root) and _brand(w) for w in words):
            return True
    # a Latin-script name read in Cyrillic («Winnipeg Sun» → Виннипег; soft signs aside:
    # «Melbourne» → «мелбурн» for Мельбурн)
    spelled = latin_words(question)
    hits = []
    for a in _stems(answer):
        if len(a) < 4 or a.isdigit() or a in _DATE_WORDS:
            continue
        stem = a[: max(4, len(a) - 3)]
        hard = stem.replace("ь", "").replace("ъ", "")
        hits.append(
            any(w.startswith(stem) for w in words) or any(w.startswith(hard) for w in spelled)
        )
    # a person shares a surname with kin («Анна Безрукова» / «Сергей Безруков»): only the
    # whole name read off the question gives the answer away
    return bool(hits) and (all(hits) if person else any(hits))


# places whose country or region a news reader knows when the corpus ties the two names
_REGIONS = frozenset({"STATE_OR_PROVINCE", "CITY", "COUNTRY", "LOCATION"})

# regions and cities a news reader places in their country without the texts (lemmas)
_WELL_KNOWN = {
    "германия": "бавария гессен саксония тюрингия вестфалия бранденбург рейнланд-пфальц "
    "баден-вюртемберг мюнхен франкфурт гамбург кельн штутгарт дюссельдорф дрезден лейпциг",
    "италия": "ломбардия тоскана сицилия сардиния пьемонт калабрия венеция бергамо милан "
    "неаполь турин флоренция генуя болонья палермо",
    "япония": "канагава хоккайдо окинава хонсю кюсю сикоку фукусима осака киото токио "
    "иокогама нагоя хиросима нагасаки",
    "сша": "калифорния техас флорида аляска гавайи огайо массачусетс мичиган иллинойс "
    "аризона невада нью-йорк чикаго лос-анджелес бостон сан-франциско майами",
    "франция": "нормандия бретань прованс эльзас корсика париж марсель лион ницца бордо",
    "испания": "каталония андалусия мадрид барселона валенсия севилья",
    "великобритания": "шотландия уэльс англия лондон манчестер ливерпуль эдинбург",
    "китай": "ухань хубэй пекин шанхай гуандун синьцзян тибет шэньчжэнь гуанчжоу",
    "канада": "квебек онтарио альберта торонто ванкувер монреаль оттава",
    "австралия": "квинсленд тасмания сидней мельбурн",
    "украина": "донбасс киев харьков одесса львов днепр",
    "россия": "подмосковье татарстан башкортостан башкирия чечня дагестан якутия кубань "
    "сибирь урал москва санкт-петербург",
}
_PLACED = {place: country for country, names in _WELL_KNOWN.items() for place in names.split()}
_COUNTRY_ANSWERS = frozenset({"COUNTRY", "NATIONALITY"})


def _of_country(answer: str, country: str) -> bool:
    """The answer is the country or its people («итальянец» of Италия, «немец» of Германия)."""
    a, c = answer.lower().replace("ё", "е"), country.lower().replace("ё", "е")
    if a == c:
        return True
    prefixes = (c[: max(4, len(c) - 3)], *_DEMONYMS.get(c, ()))
    return len(a.split()) == 1 and any(a.startswith(p) for p in prefixes)


def _countries_of_place(place_id: str, name: str, sub: Subgraph, graph: FactGraph) -> set[str]:
    """The countries a place lies in: per the KG's LOCATED_IN facts outside the question's own
    and per the table of well-known regions."""
    found = {
        f.object
        for f in graph.objects_of(place_id)
        if f.relation == "LOCATED_IN" and f.object_type == "COUNTRY" and f not in sub.facts
    }
    words = {*lemmas(name), *(w.lower() for w in _WORD.findall(name.lower()))}
    found |= {_PLACED[w.replace("ё", "е")] for w in words if w.replace("ё", "е") in _PLACED}
    return found


def _countries_in_name(name: str, sub: Subgraph, graph: FactGraph) -> set[str]:
    """The countries of a city or region an organisation's or a work's name holds, in
    Cyrillic or Latin script («Sydney Morning Herald»: Сидней, Австралия): per the table of
    well-known places and per the KG's LOCATED_IN facts of a place of that name."""
    words = {w.replace("ё", "е") for w in (*lemmas(name), *latin_words(name)) if len(w) >= 4}
    found = {_PLACED[w] for w in words if w in _PLACED}
    placed = _placed_by_name(graph)
    found |= {f.object for w in words for f in placed.get(w, ()) if f not in sub.facts}
    return found


@lru_cache(maxsize=4)
def _placed_by_name(graph: FactGraph) -> dict[str, list[Fact]]:
    """The KG's LOCATED_IN facts of a city or region in a country by the place's lemmatised
    name, indexed once per graph (not scanned per question)."""
    out: dict[str, list[Fact]] = {}
    for f in graph.all_facts:
        if (
            f.relation == "LOCATED_IN"
            and f.subject_type in _REGIONS - {"COUNTRY"}
            and f.object_type == "COUNTRY"
        ):
            out.setdefault(" ".join(lemmas(f.subject)).replace("ё", "е"), []).append(f)
    return out


# «Калифорнийский университет в Беркли»: the name says where the organisation is
_PLACE_IN_NAME = re.compile(r"\s(?:в|во|на)\s+[А-ЯЁA-Z]")
_SEAT_RELATIONS = frozenset({"HEADQUARTERED_IN", "LOCATED_IN"})


def seat_in_name(sub: Subgraph) -> bool:
    """The question asks where an organisation is that its name places («Где находится
    штаб-квартира Калифорнийского университета в Беркли?»): the reader answers the named
    place, and an answer other than it (Сан-Франциско) is doubtful."""
    last = sub.facts[-1]
    return (
        last.relation in _SEAT_RELATIONS
        and last.object_id in sub.answer_ids
        and last.subject_type not in _REGIONS
        and last.subject_id != sub.bridge_id
        and _PLACE_IN_NAME.search(last.subject) is not None
    )


def place_gives_country(sub: Subgraph, ctx: Context) -> bool:
    """A country or nationality answer that a place of the question gives away: the place lies
    in that country («В какой стране располагается Канагава?» -> Япония, «Кто по
    национальности тот, кто умер в Бергамо?» -> итальянец, the bridge Гессен -> Германия), or
    the person the question names holds the country's head post («император Японии»; not a
    hidden bridge: «Какую страну представлял человек, который родился 23 мая 1949 года?»)."""
    graph = ctx.graph
    kinds = [graph.entities[a].type if a in graph.entities else "" for a in sub.answer_ids]
    if not sub.answers or not set(kinds) & _COUNTRY_ANSWERS:
        return False
    countries: set[str] = set()
    for f in sub.facts:
        for ident, kind, name in (
            (f.subject_id, f.subject_type, f.subject),
            (f.object_id, f.object_type, f.object),
        ):
            if ident in sub.answer_ids:
                continue
            if kind in _REGIONS - {"COUNTRY"}:
                countries |= _countries_of_place(ident, name, sub, graph)
            elif kind not in PEOPLE:  # «Sydney Morning Herald» -> Австралия
                countries |= _countries_in_name(name, sub, graph)
            if kind == "PERSON" and ident != sub.bridge_id:  # a hidden person shows no post
                for g in graph.objects_of(ident):
                    words = [w.replace("ё", "е") for w in lemmas(g.object)]
                    if g.relation == "WORKS_AS" and words and words[0] in _STATE_HEADS:
                        countries.add(" ".join(words[1:]))
    for country in countries:
        low = country.lower()
        for answer in sub.answers:
            if _of_country(answer, country) or set(lemmas(answer)) <= set(lemmas(low)):
                return True
    return False


_GLOSS_AFTER = re.compile(r"([^()]*)\(([^()]{3,100})\)")
_GLOSS_BEFORE = re.compile(r"([^().!?]{3,100})\(\s*$")


def _spelled_out(sub: Subgraph, texts: Mapping[str, str]) -> bool:
    """A name the question shows is glossed in its text by a full name that holds the answer
    («ХДС (Христианско-демократический союз Германии)»): a reader of the question knows it."""
    for f in sub.facts:
        sides = [("subject", f.subject_id), ("object", f.object_id)]
        for t in f.triples:
            text = texts.get(t.doc_id, "")
            for side, ident in sides:
                if ident in sub.answer_ids or ident == sub.bridge_id:
                    continue
                start, end = t.subject_span if side == "subject" else t.object_span
                # the brackets may open inside an extracted span («ХДС (Христианско-...»)
                after = _GLOSS_AFTER.match(text[start : end + 100])
                if after and len(after.group(1)) > end - start + 2:
                    after = None
                # «Христианско-демократический союз Германии (ХДС)»: the last words before
                before = _GLOSS_BEFORE.search(text[max(0, start - 101) : start])
                glosses = [m.group(m.lastindex or 0) for m in (after, before) if m]
                if any(guessable(a, g) for a in sub.answers for g in glosses):
                    return True
    return False


# the family of a public figure is news every reader has met
_KIN = frozenset({"SPOUSE", "PARENT_OF", "SIBLING", "RELATIVE"})


def _historical(sub: Subgraph, ctx: Context) -> bool:
    """A person of the question is a historical figure his texts recall (`fame.historical`):
    what he was, did and whom he married is textbook («Какие профессии у Александра
    Скрябина?», born in 1872, told in 2017)."""
    for f in sub.facts:
        for ident, kind, name in (
            (f.subject_id, f.subject_type, f.subject),
            (f.object_id, f.object_type, f.object),
        ):
            if kind != "PERSON":
                continue
            births = [
                g.object
                for g in ctx.graph.by_subject.get(ident, [])
                if g.relation == "DATE_OF_BIRTH"
            ]
            if historical(name, births, [ctx.texts.get(d, "") for d in f.doc_ids]):
                return True
    return False


def _known_pairs(sub: Subgraph) -> list[tuple[str, str]]:
    """(person, what the question ties to the person) pairs to screen for common knowledge:
    a person's profession, employer, party, origin and works; a founder and what he founded;
    the person a chain starts from and the chain's answer («Рауль Кастро» ... «Куба»)."""
    pairs = []
    for f in sub.facts:
        if f.subject_type == "PERSON" and f.relation in KNOWN_FOR:
            pairs.append((f.subject, f.object))
        if f.subject_type == "PERSON" and f.relation == "PRODUCES":
            pairs += [(f.subject, maker) for maker in CREATORS]  # a known author's works
        if f.relation == "FOUNDED_BY" and f.object_type == "PERSON":
            pairs.append((f.object, f.subject))
        if f.relation == "LOCATED_IN" and f.subject_type in _REGIONS:
            pairs.append((f.subject, f.object))  # «Новая Шотландия» / «Канада»
    first = sub.facts[0]
    if sub.type == "multi_hop" and sub.ask != "subject_bridge" and first.subject_type == "PERSON":
        pairs += [(first.subject, a) for a in sub.answers]
    return pairs


# the heads of a state or government: who held the post in a country every news reader
# meets is known by it
_STATE_HEADS = frozenset({"президент", "премьер", "премьер-министр", "канцлер", "король"})
_STATE_HEADS |= {"королева", "монарх", "император", "императрица", "шах", "эмир"}


def _country_names(ctx: Context) -> list[frozenset[str]]:
    """The names (as lemma sets) of the KG's countries."""
    if ctx.country_names is None:
        ctx.country_names = [
            frozenset(lemmas(name))
            for ent in ctx.graph.entities.values()
            if ent.type == "COUNTRY"
            for name in ent.names
            if lemmas(name)
        ]
    return ctx.country_names


def _head_of_state(fact: Fact, ctx: Context) -> bool:
    """A role that is the head of a country («президент США», «президент Аргентины»: not only
    of a country the corpus often names): the holder is known by the post."""
    if fact.relation != "WORKS_AS":
        return False
    words = lemmas(fact.object)
    if len(words) < 2 or words[0].replace("ё", "е") not in _STATE_HEADS:
        return False
    rest = set(words[1:])
    return any(name <= rest for name in _country_names(ctx))


def _age_is_stale(fact: Fact, ctx: Context) -> bool:
    """An age the texts give for someone who has died, or as a might-have-been."""
    if any(is_counterfactual(t, ctx.texts) for t in fact.triples):
        return True
    of_subject = ctx.graph.objects_of(fact.subject_id)
    triples = [t for f in of_subject for t in f.triples]
    said = ended(fact.subject_type, triples, ctx.texts, [f.relation for f in of_subject])
    return said == "dead"


def _bare_person(sub: Subgraph, question: str, texts: Mapping[str, str]) -> bool:
    """A person the question or its answer shows by a surname alone, while the fact's texts
    give that surname with a first name (names.bare_surname); a hidden bridge is not shown."""
    for f in sub.facts:
        docs = [texts.get(d, "") for d in f.doc_ids]
        for name, kind in ((f.subject, f.subject_type), (f.object, f.object_type)):
            shown = name in sub.answers or name[:-2] in question
            if kind in PEOPLE and shown and bare_surname(name, docs):
                return True
    return False


def _gender_clash(sub: Subgraph, question: str, graph: FactGraph) -> bool:
    """A person the question shows whose name's gender (the one its forms are inflected by)
    is not the one the texts give over most of the person's facts, where the question leans on
    the name's: the name inflected («Сколько лет было Чжану Инъину на момент смерти?» while
    the texts say «китаянка», «училась») or a verb agreeing with it, the fact's own sentence
    giving no gender («Когда скончался Чжан Инъин?»). «Где умерла Колин Маккаллен?» stays:
    the name in the nominative, the verb agreeing with the sentence's «умерла»."""
    for f in sub.facts:
        for side in ("subject", "object"):
            if _gender_clashes(f, side, sub, question, graph):
                return True
    return False


def _gender_clashes(f: Fact, side: str, sub: Subgraph, question: str, graph: FactGraph) -> bool:
    """`_gender_clash` for the fact's subject or object (the object over the subgraph's facts
    that have it as object: «муж Дорита Ревентлова» of «его вдова Дорит Ревентлов»)."""
    name, kind = (f.subject, f.subject_type) if side == "subject" else (f.object, f.object_type)
    first = name.split()[0] if name else ""
    if kind not in PEOPLE or not first or first[: max(3, len(first) - 2)] not in question:
        return False
    by_name = person_gender(name)
    if not by_name:
        return False
    said: Counter[str] = Counter()
    if side == "subject":
        for g in graph.objects_of(f.subject_id):
            said.update([said_gender(g, graph.texts), role_gender(g)])
    for g in sub.facts:
        if g.object_id == (f.subject_id if side == "subject" else f.object_id):
            said[said_gender(g, graph.texts, "object")] += 1
    other = "femn" if by_name == "masc" else "masc"
    if said[other] <= said[by_name]:  # a verb after another's mention now and then
        return False
    own = said_gender(f, graph.texts, side) or (role_gender(f) if side == "subject" else "")
    return name not in question or not own  # the forms the question shows lean on the name's


# a kin noun, then the relative it governs, then the origin: «сын миллиардера из Макао»
_KIN_DEPENDENT = re.compile(
    r"\b(?:сын|сына|сыну|дочь|дочери|внук\w*|жена|жены|жене|муж|мужа|брат\w*|сестр\w*|"
    r"племянни\w*|вдов\w*|наследни\w*|отец|отца|мать|матери|дет\w*|реб[её]н\w*)\s+"
    r"(?:[А-ЯЁа-яё]+\s+){1,3}из\s+$",
    re.IGNORECASE,
)


def _kin_origin(f: Fact, texts: Mapping[str, str]) -> bool:
    """An origin read off a kin noun's dependent: «сын миллиардера из Макао Марио Хо» makes
    the billionaire, not the son, come from Macau; every mention of the fact reads so."""
    if f.relation != "ORIGINS_FROM" or not f.triples:
        return False
    return all(
        _KIN_DEPENDENT.search(
            texts.get(t.doc_id, "")[max(0, t.object_span[0] - 60) : t.object_span[0]]
        )
        for t in f.triples
    )


def _common_words_org(sub: Subgraph, question: str) -> bool:
    """An organisation the question shows by a name that reads as common words or a place,
    without quotes or its kind (`names.common_words_name`)."""
    for f in sub.facts:
        for name, kind in ((f.subject, f.subject_type), (f.object, f.object_type)):
            if kind not in ORGS or not common_words_name(name):
                continue
            first = name.split()[0]
            if re.search(rf"(?<![«\w]){re.escape(first[: max(3, len(first) - 2)])}", question):
                return True
    return False


_PLURAL_SURNAME = re.compile(r"\b[А-ЯЁ][а-яё]+(?:ов|ев|ёв|ин|ын)ы$")


def _cut_name(sub: Subgraph, texts: Mapping[str, str]) -> bool:
    """A name shown that is a piece of the texts' words: a mention that goes on with a hyphen
    («Христианско» of «Христианско-демократический союз» as a religion), a word closed by
    an exclamation («Париж!»), or a surname in the plural after one first name («Александр
    Чиненковы» of «Александр и Ирина Чиненковы»)."""
    for f in sub.facts:
        for name, kind, spans in (
            (f.subject, f.subject_type, [t.subject_span for t in f.triples]),
            (f.object, f.object_type, [t.object_span for t in f.triples]),
        ):
            if name.rstrip().endswith(("!", "?")):
                return True
            if kind in PEOPLE and len(name.split()) > 1 and _PLURAL_SURNAME.search(name):
                return True
            hyphened = [
                texts.get(t.doc_id, "")[span[1] : span[1] + 2]
                for t, span in zip(f.triples, spans, strict=True)
                if span[1] > span[0]
            ]
            if hyphened and all(re.fullmatch(r"-\w", h) for h in hyphened):
                return True
    return False


def _unlisted_body(sub: Subgraph, graph: FactGraph) -> bool:
    """A set of the organisations the subject represented lacks a body the KG makes him a
    member of (Ли Пэн's Communist Party beside the State Council): «представлял» fits it as
    well."""
    subject = sub.facts[0].subject_id
    return any(
        f.relation == "MEMBER_OF" and f.object_type in ORGS and f.object_id not in sub.answer_ids
        for f in graph.objects_of(subject)
    )


_PLACE_OF = frozenset({"PLACE_OF_BIRTH", "PLACE_OF_DEATH", "PLACE_RESIDES_IN"})
_KIN = frozenset({"SPOUSE", "PARENT_OF", "SIBLING", "RELATIVE"})
# a surname's gender or case ending (Пендерецкая / Пендерецкий, Иванова / Иванов)
_SURNAME_ENDING = re.compile(r"(?:ая|яя|ий|ый|ой|ое|ого|ому|ым|ую|ой|а|у|ым|ом|е)$")


def _surname_stem(name: str) -> str:
    last = surname(name)
    stem = _SURNAME_ENDING.sub("", last) if len(last) > 4 else last
    return stem if len(stem) >= 3 else ""


def same_surname(a: str, b: str) -> bool:
    """Two people's names share a surname whatever its gender («Эльжбета Пендерецкая» /
    «Кшиштоф Пендерецкий», «Анна Иванова» / «Сергей Иванов»; not «Петров» / «Петренко»)."""
    stem = _surname_stem(a)
    return bool(stem) and stem == _surname_stem(b)


def _kin_surname(sub: Subgraph) -> bool:
    """A relative the question shows bears the answer's surname: «Кто состоял в браке с
    Эльжбетой Пендерецкой?» -> Кшиштоф Пендерецкий is half read off the question. A set of
    kin is not judged: its members are the question («Как зовут братьев Ивана Пенькова?»)."""
    if sub.type == "set":
        return False
    for f in sub.facts:
        if f.relation not in _KIN or f.subject_type not in PEOPLE or f.object_type not in PEOPLE:
            continue
        for shown, shown_id, answer, answer_id in (
            (f.subject, f.subject_id, f.object, f.object_id),
            (f.object, f.object_id, f.subject, f.subject_id),
        ):
            hidden = shown_id == sub.bridge_id or shown_id in sub.answer_ids
            if answer_id in sub.answer_ids and not hidden and same_surname(shown, answer):
                return True
    return False


def common_reason(sub: Subgraph, question: Question, ctx: Context, seen: set[str]) -> str:
    """The first reason to drop a phrased question, or '' to keep it."""
    text = question.question
    if any(answer_in_question(a, text) for a in sub.answers):
        return "answer_in_question"
    person = {f.subject_type if sub.ask == "subject" else f.object_type for f in sub.facts[-1:]}
    if any(guessable(a, text, bool(person & PEOPLE)) for a in sub.answers):
        return "guessable"
    if sub.bridge is not None and answer_in_question(sub.bridge, text):
        return "bridge_named"
    if sub.bridge is not None and any(guessable(a, sub.bridge) for a in sub.answers):
        return "guessable"  # «Массачусетский технологический институт» -> «Массачусетс»
    if any(uncertain_penalty(f, ctx.texts) for f in sub.facts):
        return "uncertain_penalty"  # «ему грозит пожизненное заключение»: not given (yet)
    if _cut_name(sub, ctx.texts):
        return "cut_name"  # «Какую религию исповедовал Томас Шефер?» -> «Христианско»
    if _gender_clash(sub, text, ctx.graph):
        return "gender_clash"  # «Когда скончался Чжан Инъин?» of a woman
    if any(_kin_origin(f, ctx.texts) for f in sub.facts):
        return "kin_origin"  # «Откуда родом основатель Tiancai?» from «сын миллиардера из Макао»
    if _common_words_org(sub, text):
        return "common_words_org"  # «Когда была основана Справедливая помощь?» (a fund)
    if _kin_surname(sub):
        return "kin_surname"  # «Кто состоял в браке с Эльжбетой Пендерецкой?» -> Пендерецкий
    if _bare_person(sub, text, ctx.texts):
        return "bare_surname"  # «Малашенко» beside «Игорь Малашенко» and «Елена Малашенко»
    if _spelled_out(sub, ctx.texts):
        return "guessable"  # «ХДС (Христианско-демократический союз Германии)» -> Германия
    graph = ctx.graph
    if place_gives_country(sub, ctx):
        return "guessable"  # «В какой стране располагается Канагава?» -> Япония
    if seat_in_name(sub):
        return "guessable"  # «Где находится ... университета в Беркли?»
    if any(graph.popular(a, ctx.popularity_share) for a in sub.answer_ids):
        return "popular_answer"
    if sub.type == "simple" and sub.ask == "object":
        fact = sub.facts[0]
        if fact.relation in IDENTITY_RELATIONS and graph.popular(
            fact.subject_id, ctx.popularity_share
        ):
            return "popular_subject"
    if ctx.known_at and any(
        common_knowledge(person, thing, ctx.known_at) for person, thing in _known_pairs(sub)
    ):
        return "common_knowledge"  # «Кто по профессии Алексей Навальный?»
    last = sub.facts[-1]
    if (
        ctx.known_at
        and last.relation in DEATH_RELATIONS
        and last.object_id in sub.answer_ids
        and last.subject_type == "PERSON"
        and famous(last.subject, ctx.known_at)
    ):
        return "common_knowledge"  # «Когда скончался Майкл Джексон?»: a public figure's death
    if (
        ctx.known_at
        and last.relation in _KIN
        and last.subject_type == "PERSON"
        and famous(last.subject, ctx.known_at)
    ):
        return "common_knowledge"  # «Как зовут детей Барака Обамы?»: a public figure's family
    if (
        ctx.known_at
        and last.relation == "WORKS_AS"
        and last.object_id in sub.answer_ids
        and headline_trade(last.subject, last.object, [ctx.texts.get(d, "") for d in last.doc_ids])
    ):
        return "common_knowledge"  # «Кем по профессии был Юрий Бондарев?»: «Скончался писатель ...»
    if ctx.known_at and _historical(sub, ctx):
        return "textbook_history"  # «Кем работает Чарльз Линдберг?» -> пилот, told of 1927
    if sub.ask == "object" and any(_head_of_state(f, ctx) for f in sub.facts[-1:]):
        return "common_knowledge"  # «Какую должность занимал Гарри Трумэн?» -> президент США
    for f in sub.facts:
        if f.relation == "AGE_IS" and _age_is_stale(f, ctx):
            return "age_of_dead"  # «Сколько лет Зворыкину?»: «исполнилось бы 125 лет»
    if any(f.key in ctx.asked for f in sub.facts):
        return "asked_before"
    if any(unstated(f.relation, f.object_type, f.triples, ctx.texts) for f in sub.facts):
        return "unstated"  # «умер в Наньпине» from «родилась в Наньпине»
    if any(nominated(f, ctx.texts) for f in sub.facts):
        return "not_held"  # «выдвинут кандидатом на пост министра»: not his post
    if any(f.relation == "AWARDED_WITH" and holder_title(f.object) for f in sub.facts):
        return "holder_title"  # «Какую награду получил ...?» -> «полный кавалер ордена ...»
    if sub.type == "set" and unlisted_work(sub.facts, graph):
        return "incomplete"  # the KG holds a work of the subject's documents the set lacks
    if sub.type == "set" and question.template.endswith("_repr") and _unlisted_body(sub, graph):
        return "incomplete"  # «Какие организации представлял Ли Пэн?» without his party
    if last.object_id in sub.answer_ids and other_kin(last, graph):
        return "incomplete"  # «Кто приходится родственником ...?»: he has other kin too
    if sub.type != "set" and last.object_id in sub.answer_ids:
        if last.relation in _PLACE_OF and finer_place(last, ctx.texts):
            return "finer_place"  # «Где родился Юкия Амано?» -> Хонсю, «в ... Канагава на ...»
        if last.relation == "CONVICTED_OF" and other_charges(last, ctx.texts):
            return "other_charges"  # «В чём обвиняли Квачкова?»: a mutiny, article 282 too
        if last.relation == "SCHOOLS_ATTENDED" and other_schools(last, ctx.texts):
            return "other_schools"  # «Где учился Зворыкин?»: the Коллеж де Франс as well
        if last.relation == "MEDICAL_CONDITION" and other_conditions(last, ctx.texts):
            return "other_conditions"  # «Каким заболеванием страдал ...?»: Parkinson's as well
        party = "member_of.ask.party" in question.template.split("+")
        if last.relation == "MEMBER_OF" and other_memberships(last, graph, ctx.texts, party):
            return "other_memberships"  # «В какую организацию входит Ивоби?»: the Senate too
        if (
            last.relation == "WORKPLACE"
            and last.object_type in ORGS
            and other_workplaces(last, ctx.texts)
        ):
            return "other_workplaces"  # «Какую организацию возглавлял тот, кто ...?»: several
    defects = question_defects(question) if ctx.check_quality else ()
    if defects:
        return f"quality:{defects[0]}"
    if not ctx.support.supports_all(sub.answers, sub.doc_ids):
        return "unsupported"
    if text.lower() in seen:
        return "duplicate"
    return ""
