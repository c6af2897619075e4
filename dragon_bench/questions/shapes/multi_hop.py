"""`multi_hop`: a chain A -> B -> C asking C, with the bridge B not named but described by a
distinctive fact (its relation to the named A, which only B has in the KG): «Где находится
штаб-квартира организации, в которой работает Алексей Миллер?», or, with B the subject of
the first fact, «Сколько лет человеку, который возглавляет «Металлоинвест»?». A bridge no
single fact of which is distinctive is described by two of its facts whose combination only it
has in the KG: «Где работает тот, кто родился в Казани и окончил МГУ?». Joined by entity id."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping

from dragon_bench.questions.completeness import (
    former,
    listed_roles,
    other_awards,
    other_posts,
    works_elsewhere,
)
from dragon_bench.questions.fame import common_knowledge
from dragon_bench.questions.inflect import inflect_name
from dragon_bench.questions.morph import lemmas, phrase_gender
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes import conditional
from dragon_bench.questions.shapes.base import (
    KIN_NOUNS,
    Context,
    Phrased,
    ask_object,
    gendered_render,
    object_scope,
    predicates,
    settle_told,
    subject_scope,
    subject_wh_of,
    template_words,
    type_noun_of,
)
from dragon_bench.questions.stated import frame_stated, many_hold, told_of_another
from dragon_bench.questions.templates import (
    TEMPLATES,
    WHEN,
    Describe,
    render,
    type_noun,
)
from dragon_bench.questions.vocab import AGENTS, NAMED_PLACES, ORGS, PEOPLE, PLACES
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
    settle_told(f1, texts)
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
        if f1.relation in _SEVERAL_KIN and _several_kin(f1, texts):
            continue  # «Старшая дочь президента Барака Обамы Малия»: «дочь» fits two
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
    if graph.holders(f1, subject_scope(f1.subject_type)) != {f1.subject_id}:
        return []
    if not _dated(f1, graph) and told_of_another(f1.relation, f1.triples, texts):
        return []  # «тот, кто родился в Лондоне»: the texts tell another London birth (a
        # full date's own check reads the texts for the day: «года» is in every date)
    if f1.subject_type in PEOPLE and many_hold(f1.relation, f1.object, f1.object_type):
        return []  # «тот, кто входит в Конгресс США»: the texts tell of other members
    kin = _kin_noun(f1, texts)
    if kin:  # «мать Михаила Ходорковского», not «тот, кто приходится родителем ...»
        named = render("{o:gent}", o=f1.object, o_type=f1.object_type, capitalize=False)
        forms = {c: f"{h} {named}" for c in _CASES if (h := inflect_name(kin, c)) is not None}
        if named is None or len(forms) < len(_CASES):
            return []
        return [(f"kin.{KIN_NOUNS[f1.relation][kin]}", forms, phrase_gender(kin))]
    head = type_noun_of([f1], texts)
    gender = phrase_gender(head)
    out = []
    for frame, _ in predicates(f1, wh=subject_wh_of([f1], texts), texts=texts):
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


def _kin_forms(noun: str) -> str:
    forms = {inflect_name(noun, c) or noun for c in _CASES}
    return "|".join(sorted(map(re.escape, forms)))


def _kin_noun(f1: Fact, texts: Mapping[str, str]) -> str:
    """The gendered kin noun the evidence names f1's subject by: a nominative apposition
    right after the subject («Марина Ходорковская — мать бывшего главы ЮКОС Михаила
    Ходорковского») or the noun right before it («его мать Марина»); '' when none or two."""
    nouns = KIN_NOUNS.get(f1.relation, {})
    found = set()
    for t in f1.triples:
        text = texts.get(t.doc_id, "")
        after = text[t.subject_span[1] : t.subject_span[1] + 30].lower()
        before = text[max(0, t.subject_span[0] - 30) : t.subject_span[0]].lower()
        for noun in nouns:
            if re.match(r"\s*(?:—|-|,)\s*(?:\w+\s+)?" + noun + r"\b", after) or re.search(
                r"\b(?:" + _kin_forms(noun) + r")\s+$", before
            ):
                found.add(noun)
    return next(iter(found)) if len(found) == 1 else ""


# the texts tell of more than one such kin: «старшая дочь», «младшая сестра», «двух сыновей»
_SEVERAL_KIN = {
    relation: re.compile(
        r"\b(?:(?:старш|младш|средн)\w*\s+(?:" + kin + r")|"
        r"(?:двух|тр[её]х|двое|трое|обе|оба|обеих|обоих)\s+(?:\w+\s+)?(?:" + kin + r"))"
    )
    for relation, kin in (
        ("PARENT_OF", "доч|сын|сестр|брат|дет"),
        ("SIBLING", "сестр|брат"),
    )
}


def _several_kin(f1: Fact, texts: Mapping[str, str]) -> bool:
    """A kin description («дочь Барака Обамы») whose documents tell of another of that kin
    («Старшая дочь президента Барака Обамы Малия», «Её младшая сестра ... Саша»): it would
    fit two people, whom the KG may not hold both of."""
    several = _SEVERAL_KIN[f1.relation]
    return any(several.search(texts.get(d, "").lower()) for d in sorted(f1.doc_ids))


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
# chains offered per bridge (each asks another of its facts)
_PER_BRIDGE = 3


# posts one person holds at a time in a body or place («премьер-министр Армении»), not
# posts many hold («депутат Госдумы», «астронавт НАСА») or deputies («вице-президент»)
_ONE_HOLDER = frozenset(
    [
        "глава",
        "руководитель",
        "гендиректор",
        "председатель",
        "президент",
        "премьер",
        "премьер-министр",
        "мэр",
        "губернатор",
        "ректор",
        "канцлер",
        "госсекретарь",
        "генсек",
        "спикер",
        "генпрокурор",
        "главнокомандующий",
        "пресс-секретарь",
        "министр",
    ]  # noqa: SIM905
)
# names of bodies every country has: «глава МИД» does not say whose
_UNQUALIFIED = frozenset(
    ("мид", "мвд", "мчс", "цб", "ск", "минобороны", "минфин", "минюст", "минздрав")
    + ("правительство", "парламент", "дума", "совет", "суд", "республика", "партия")
    + ("министерство", "госсовет")
)


def _post_of_named(f: Fact, graph: FactGraph) -> bool:
    """A present post one person holds at a time, of a place or an organisation the revision's
    KG names by a name of its own («премьер-министр Армении», «гендиректор ВГТРК»; not of a
    body every country has, «глава Конституционного суда»): it describes its holder (who is
    still checked to be the only holder the KG gives it)."""
    if f.relation != "WORKS_AS" or f.subject_type not in PEOPLE or f.tense == "past":
        return False
    words = lemmas(f.object)
    if len(words) < 2 or words[0] not in _ONE_HOLDER or not graph.answerable(f, "object"):
        return False
    if _held_before(f, graph.texts) or any(
        g.subject_id != f.subject_id and _post_key(g.object) == _post_key(f.object)
        for g in graph.facts
        if g.relation == "WORKS_AS"
    ):
        return False  # «... пост главы правительства Мали»: the texts give it Сидибе as well
    tail = words[1:]
    names = graph.name_keys()
    for i in range(len(tail)):
        for j in range(i + 1, len(tail) + 1):
            key = " ".join(tail[i:j])
            kinds = names.get(key, frozenset())
            if key in _UNQUALIFIED or not kinds:
                continue
            if kinds & NAMED_PLACES or (kinds & ORGS and _own_name(key, f.object)):
                return True
    return False


# the names of one post: «глава правительства Мали» is «премьер Мали»
_POST_NAMES = {
    "глава правительство": "премьер",
    "председатель правительство": "премьер",
    "премьер-министр": "премьер",
    "глава государство": "президент",
}
# a post the evidence says was held before: «Пост главы правительства Мали Кейта занимал с
# 1994 по 2000 годы»
_HELD_BEFORE = re.compile(
    r"\bс\s+\d{4}\s+(?:по|до)\s+\d{4}|\b(?:занимал|занимала|являлся|являлась|был|была)\b",
    re.IGNORECASE,
)


def _post_key(post: str) -> str:
    """A post by its one name: «главы правительства Мали», «премьер-министр Мали» and
    «премьер Мали» are all «премьер мали»."""
    key = " ".join(lemmas(post)).replace("ё", "е")
    for name, one in _POST_NAMES.items():
        if key == name or key.startswith(name + " "):
            return one + key[len(name) :]
    return key


def _held_before(f: Fact, texts: Mapping[str, str]) -> bool:
    """A post the texts tell as former («бывший премьер Кейта») or held in the past."""
    if former(f, texts):
        return True
    for doc_id, span in f.sentences:
        if _HELD_BEFORE.search(texts.get(doc_id, "")[span[0] : span[1]]):
            return True
    return False


def _own_name(key: str, shown: str) -> bool:
    """An organisation's name of its own: one word («Сбербанк», «ВГТРК»), quoted or in Latin
    letters, not a description («Федеральная таможенная служба»)."""
    return len(key.split()) == 1 or "«" in shown or bool(re.search(r"[A-Za-z]", shown))


_FULL_DATE = re.compile(r"\d{1,2} [а-я]+ \d{4} года")


def _dated(f: Fact, graph: FactGraph) -> bool:
    """A full date of birth or death that no other sentence of the revision's texts gives
    («человек, который родился 26 декабря 1953 года»): it describes its one subject."""
    if f.relation not in ("DATE_OF_BIRTH", "DATE_OF_DEATH") or not _FULL_DATE.fullmatch(f.object):
        return False
    day = re.compile(re.escape(f.object.rsplit(" ", 1)[0]) + r"\b")
    own = f.sentences
    for doc_id, text in graph.texts.items():
        for m in day.finditer(text):
            if not any(d == doc_id and span[0] <= m.start() < span[1] for d, span in own):
                return False
    return bool(graph.texts)


# a person born before this year is dead (or the texts would say so): no present tense
_LIFETIME = 1910


def _born_before(entity_id: str | None, graph: FactGraph, year: int) -> bool:
    """The KG gives the entity a birth year before `year`."""
    for f in graph.objects.get((entity_id or "", "DATE_OF_BIRTH"), []):
        found = re.search(r"\b(\d{4})\b", f.object)
        if found and int(found.group(1)) < year:
            return True
    return False


def _one_hop(f1: Fact, f2: Fact) -> bool:
    """Both facts told in one sentence («... работает в компании Татнефтехим, офис которой
    расположен в Нижнекамске»): the sentence that describes the bridge gives the answer too,
    so the chain is one hop in effect (TRAIN read e)."""
    return bool(f1.sentences & f2.sentences)


def _subject_bridges(f1: Fact, graph: FactGraph, rng: random.Random) -> list[Subgraph]:
    """Chains whose bridge is f1's subject: «Сколько лет человеку, который работает в
    «Металлоинвесте»?» (f2 is another fact about that subject), or who holds a post of a named
    body («... который занимает пост премьер-министра Армении?»); not described by where it
    works or comes from."""
    if f1.subject_type not in AGENTS:
        return []
    if not (graph.anchor(f1, "object") or _post_of_named(f1, graph) or _dated(f1, graph)):
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
        and not (f1.relation == "DATE_OF_BIRTH" and f.relation == "AGE_IS")
        and not _one_hop(f1, f)
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
        and not _one_hop(f1, f)
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
    another are two, even when a link gives them one id (a bridge described by two facts:
    each of them with the asked one)."""
    if len(sub.facts) == 3:
        a, b, f2 = sub.facts
        return all(_joined_in_text(dataclasses.replace(sub, facts=(f, f2)), texts) for f in (a, b))
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


def _candidates(
    sub: Subgraph, graph: FactGraph, texts: Mapping[str, str]
) -> tuple[list[tuple[str, str]], int, str]:
    """The chain's phrasings (template ids, texts) whose description fits the bridge alone and
    whose asked frame fits one answer, the number rendered, and why none when it is so."""
    f1, f2 = sub.facts
    if sub.ask == "subject_bridge" and graph.holders(f1, subject_scope(f1.subject_type)) != {
        f1.subject_id
    }:
        return [], 0, "not_unique"  # others do it too: no description fits the bridge alone
    if sub.ask == "subject_bridge":
        described = _subject_descriptions(f1, graph, texts)
    else:
        described = [(d.id, forms, gender) for d, forms, gender in _descriptions(f1, graph, texts)]
    candidates = []
    rendered = 0
    for first_id, forms, gender in described:
        asked = ask_object(f2, graph, subject=forms, subject_gender=gender, texts=texts)
        for frame, text in asked:
            rendered += 1
            scope = object_scope(frame, f2.object_type)
            if graph.object_ids(f2.subject_id, f2.relation, scope) == {f2.object_id}:
                candidates.append((f"{first_id}+{frame.id}", text))
    return candidates, rendered, ""


def _same_ask(f: Fact, g: Fact) -> bool:
    """Two asked facts of one bridge that ask the same: one fact, or facts of one family told
    in one sentence («президент Института Пушкина» / «возглавлял Институт Пушкина»)."""
    return f.key == g.key or (
        _family(f.relation) == _family(g.relation) and bool(f.sentences & g.sentences)
    )


# kin of a named person: the reader who knows the family knows the bridge («родитель Марии
# Шукшиной», «жена Кшиштофа Пендерецкого»)
_KIN = frozenset({"PARENT_OF", "SPOUSE", "SIBLING", "RELATIVE"})


def _names_bridge(sub: Subgraph) -> bool:
    """A description that names the bridge to a reader who knows the named side: a post of a
    named body its one holder holds («... пост госсекретаря США»: Керри), or kinship."""
    return any(
        f.relation in _KIN or (sub.ask == "subject_bridge" and f.relation == "WORKS_AS")
        for f in sub.facts[:-1]
    )


# what is named after the famous: «Шукшинские дни», «Шукшинская литературная премия»
_HONOURS = r"(?:дн|чтени|преми|фестивал|кинофестивал|конкурс|стипенди|мемориал|турнир|музе)"


def _honoured(name: str, texts: Mapping[str, str]) -> bool:
    """The texts name something after the person, as after the famous: days, a prize or a
    festival by the surname's adjective («Шукшинские дни», «Шукшинская премия»), or «имени»,
    «им.» or a monument with the person's first name or initial before the surname («театр
    драмы им. В. М. Шукшина», «памятник Василию Шукшину»; not Marshal Жуков's «имени
    Жукова» for Дарья Жукова)."""
    words = re.findall(r"[А-ЯЁ][а-яё]+", name)
    if len(words) < 2 or len(words[-1]) < 5:
        return False
    first, surname = words[0], words[-1]
    stem = re.escape(surname[:-1] if surname[-1] in "аяйеоиыь" else surname)
    given = rf"(?:{re.escape(first[0])}\.\s*(?:[А-ЯЁ]\.\s*)?|{re.escape(first[:4])}\w*\s+)"
    honour = re.compile(
        rf"\b{stem}ск\w+\s+(?:[а-яё]+\s+)?{_HONOURS}|"
        rf"(?:\bимени|\bим\.|памятник\w*)\s+{given}{stem}"
    )
    return any(honour.search(text) for text in texts.values())


def _known_bridge(sub: Subgraph, ctx: Context) -> bool:
    """The common-knowledge screens for the bridge's own name, when the description names it:
    the corpus ties the bridge to the answer («... пост госсекретаря США» -> Керри's
    birthplace), or the texts honour the bridge as famous (`_honoured`)."""
    bridge = sub.bridge or ""
    if any(common_knowledge(bridge, a, ctx.known_at) for a in sub.answers):
        return True
    return sub.bridge_id is not None and _honoured(bridge, ctx.texts)


# -- a bridge described by two of its facts ------------------------------------------------
# pairs of describing facts tried per bridge (the first that phrases a chain is kept)
_PAIRS_PER_BRIDGE = 6
_DATE_RELATIONS = frozenset({"DATE_OF_BIRTH", "DATE_OF_DEATH"})
# states a present description tells as still held: one its sentence tells as past is refused
_HELD = frozenset({"WORKS_AS", "WORKPLACE", "MEMBER_OF"})


def _pair_describes(a: Fact, b: Fact, graph: FactGraph) -> bool:
    """Two facts of one subject that describe it together, as a conditional question's two
    conditions do (`conditional._condition`, told in different sentences, not one restating
    the other, sharp enough in the world): their combination fits the subject alone in the
    revision's KG («тот, кто родился в Казани и окончил МГУ»), while a role alone fitting it
    would name it by itself."""
    sid = a.subject_id
    if a.relation == b.relation or a.sentences & b.sentences:
        return False
    if conditional._restates(a, b, graph):
        return False
    scope = subject_scope(a.subject_type)
    sa, sb = graph.holders(a, scope), graph.holders(b, scope)
    if sa & sb != {sid}:
        return False  # another entity of the KG has both facts: the description fits two
    if (a.relation == "WORKS_AS" and len(sa) == 1) or (b.relation == "WORKS_AS" and len(sb) == 1):
        return False
    for f in (a, b):
        if (
            f.relation in _HELD
            and f.tense != "past"
            and not conditional._told_current(f, graph.texts)
        ):
            return False  # «... занимает пост депутата Госдумы» of «В 1999—2005 годы являлся депутатом»
    if not conditional._sharp_enough(a, b, graph) or not conditional._sharp_enough(b, a, graph):
        return False  # «человек, который родился в Ленинграде и работает актёром»: many are
    return conditional._roles_agree(a, b)


def _pair_nexts(a: Fact, b: Fact, graph: FactGraph) -> list[Fact]:
    """The bridge's facts a chain described by `a` and `b` can ask: another relation's, told
    in other sentences than both (or the describing sentence gives the answer), not restating
    either («В какой стране живёт тот, кто родился в Казани ...?»)."""
    described = {_family(a.relation), _family(b.relation)}
    return [
        f
        for f in graph.by_subject.get(a.subject_id, [])
        if f.key not in (a.key, b.key)
        and f.object_id not in (a.object_id, b.object_id)
        and _family(f.relation) not in described
        and graph.answerable(f, "object")
        and not (f.relation == "AGE_IS" and {a.relation, b.relation} & _DATE_RELATIONS)
        and not _one_hop(a, f)
        and not _one_hop(b, f)
        and not conditional._restates(a, f, graph)
        and not conditional._restates(b, f, graph)
    ]


def _pair_descriptions(
    a: Fact, b: Fact, texts: Mapping[str, str]
) -> list[tuple[str, dict[str, str], str]]:
    """The bridge (the subject of `a` and `b`) described by both predicates in one relative
    clause, in every case: «человек, который родился в Казани и окончил МГУ», «тот, кто ...»,
    «организация, которая основана в 1990 году и базируется в Перми»."""
    settle_told(a, texts)
    settle_told(b, texts)
    head = type_noun_of([a, b], texts)
    gender = phrase_gender(head)
    wh = subject_wh_of([a, b], texts)
    which = render("{which:nomn}", head=head, capitalize=False) or "который"
    out = []
    for fa, pa in predicates(a, wh=wh, texts=texts):
        for fb, pb in predicates(b, wh=wh, texts=texts):
            if pa.split()[0] == pb.split()[0] or template_words(fa.id) & template_words(fb.id):
                continue  # «работает в X и работает Y»
            if conditional._mixed_voice(pa, pb):
                continue  # «основана Марком Холлисом и создала «Today»»
            clause = f"{pa} и {pb}"
            forms = {}
            for case in _CASES:
                h = inflect_name(head, case)
                if h is not None:
                    forms[case] = f"{h}, {which} {clause}"
            ids = f"{fa.id}+{fb.id}"
            if head != "человек":
                out.append((ids, forms, gender))
                continue
            out.append((f"{ids}+head.person", forms, gender))
            who = {case: f"{_THAT[case]}, кто {clause}" for case in _CASES}
            out.append((f"{ids}+head.who", who, gender))
    return out


def _pair_candidates(
    sub: Subgraph, graph: FactGraph, texts: Mapping[str, str]
) -> list[tuple[str, str]]:
    """A chain `a`, `b` -> bridge -> `f2`'s phrasings: the pair's descriptions with a frame
    asking f2 whose scope fits one object."""
    a, b, f2 = sub.facts
    candidates = []
    for ids, forms, gender in _pair_descriptions(a, b, texts):
        for frame, text in ask_object(f2, graph, subject=forms, subject_gender=gender, texts=texts):
            if template_words(frame.id) & template_words(ids):
                continue  # «Где работает тот, кто работал ...»
            scope = object_scope(frame, f2.object_type)
            if graph.object_ids(f2.subject_id, f2.relation, scope) == {f2.object_id}:
                candidates.append((f"{ids}+{frame.id}", text))
    return candidates


def _pair_bridges(sid: str, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
    """Chains whose bridge `sid` is described by two of its facts together (`_pair_describes`),
    each asking a third of its facts, the pairs from different documents first."""
    facts = [f for f in graph.by_subject.get(sid, []) if conditional._condition(f, graph)]
    if len(facts) < 2 or facts[0].subject_type not in AGENTS:
        return
    pairs = [
        (a, b) for i, a in enumerate(facts) for b in facts[i + 1 :] if _pair_describes(a, b, graph)
    ]
    pairs.sort(
        key=lambda p: (
            any(f.object_type in conditional._VALUE_CONDITIONS for f in p),
            bool(set(p[0].doc_ids) & set(p[1].doc_ids)),
            rng.random(),
        )
    )
    for a, b in pairs[:_PAIRS_PER_BRIDGE]:
        nexts = _pair_nexts(a, b, graph)
        rng.shuffle(nexts)
        for f2 in nexts:
            yield Subgraph(
                "multi_hop",
                (a, b, f2),
                (f2.object,),
                (f2.object_id,),
                ask="subject_bridge",
                bridge=a.subject,
                bridge_id=sid,
            )


class MultiHop:
    name = "multi_hop"
    crag_type = "multi-hop"
    order = 3

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        facts = list(graph.facts)
        rng.shuffle(facts)
        asked: dict[str | None, list[Fact]] = defaultdict(list)  # per bridge, facts asked
        for f1 in facts:
            # the bridge is f1's subject (described by its relation to the named object) or
            # f1's object (described by its relation to the named subject), in random order;
            # a chain is offered once per bridge and asked fact, by the first of the bridge's
            # facts that describes it alone (a bridge many share one fact with is described
            # by another), and a bridge gives at most _PER_BRIDGE chains
            branches = [_subject_bridges(f1, graph, rng), _object_bridges(f1, graph, rng)]
            if rng.random() < 0.5:
                branches.reverse()
            for chains in branches:
                for sub in chains:
                    before = asked[sub.bridge_id]
                    if len(before) >= _PER_BRIDGE or any(
                        _same_ask(sub.facts[1], g) for g in before
                    ):
                        continue
                    phrasings = _candidates(sub, graph, graph.texts)[0]
                    if not phrasings:
                        continue
                    before.append(sub.facts[1])
                    yield dataclasses.replace(sub, phrasings=tuple(phrasings))
        # then bridges described by two facts together, where the single facts ran out
        subjects = sorted(graph.by_subject)
        rng.shuffle(subjects)
        for sid in subjects:
            before = asked[sid]
            for sub in _pair_bridges(sid, graph, rng):
                if len(before) >= _PER_BRIDGE:
                    break
                if any(_same_ask(sub.facts[-1], g) for g in before):
                    continue
                phrasings = _pair_candidates(sub, graph, graph.texts)
                if not phrasings:
                    continue
                before.append(sub.facts[-1])
                yield dataclasses.replace(sub, phrasings=tuple(phrasings))

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        if sub.phrasings:
            return ctx.unique(list(sub.phrasings), len(sub.phrasings))
        if len(sub.facts) == 3:
            pair = _pair_candidates(sub, ctx.graph, ctx.texts)
            return ctx.unique(pair, len(pair))
        candidates, rendered, why = _candidates(sub, ctx.graph, ctx.texts)
        if why:
            ctx.why_not = why
            return None
        return ctx.unique(candidates, rendered)

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        *described, f2 = sub.facts
        shown = {e for f in described for e in (f.subject_id, f.object_id)} | {f2.object_id}
        shown -= {sub.bridge_id}
        if any(ctx.graph.namesake(e) for e in shown):
            return "namesake"  # «Малашенко» beside «Елена Малашенко»: which one?
        frames = TEMPLATES.get(f2.relation)
        changing = frames is not None and frames.dynamic != "static"
        if changing and f2.tense != "past" and _born_before(sub.bridge_id, ctx.graph, _LIFETIME):
            return "present_of_dead"  # «Кем работает человек, который родился 5 мая 1818 года?»
        if _names_bridge(sub) and ctx.known_at and _known_bridge(sub, ctx):
            return "common_knowledge"  # «Где учился тот, кто приходится родителем Марии
            # Шукшиной?» -> ВГИК: Василий Шукшин, whose name the texts give a festival
        if (
            f2.relation == "WORKS_AS"
            and sub.answer_ids == (f2.object_id,)
            and (other_posts(f2, ctx.graph, ctx.texts) or listed_roles([f2], ctx.texts, heads=True))
        ):
            return "other_posts"  # «Кем по должности был человек, ...»: he held several; «Кем по
            # профессии был тот, кто умер в Милане?» -> драматург of «драматург, режиссёр, ...»
        if (
            f2.relation == "AWARDED_WITH"
            and sub.answer_ids == (f2.object_id,)
            and other_awards(f2, ctx.graph, ctx.texts)
        ):
            return "other_awards"  # «Какой награды удостоился тот, кто ...?»: he has several
        if sub.answer_ids == (f2.object_id,) and works_elsewhere(f2, ctx.graph):
            return "other_workplaces"  # «В каком городе работал человек, ...» (МАГАТЭ: Вена)
        return "" if _joined_in_text(sub, ctx.texts) else "join_unstated"


SHAPE = MultiHop()
