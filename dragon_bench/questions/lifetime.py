"""Whether the revision says a person's life or office is over: the subject died (a death fact
in the KG, «скончался», «ушёл из жизни», «исполнилось бы», or every year told of him is before
1900) or left the post («в отставке», «подал в отставку», «бывший», «экс-», «отрёкся от
престола», «последний император», a successor: «сменил на посту ... Эль-Барадеи»). A changing fact about such a subject is asked in the past tense («Кого
представлял Юкия Амано?»), and his present age is not asked at all."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from dragon_bench.nlp.lemmas import lemma, parses
from dragon_bench.questions.vocab import SENTENCE_BREAK
from dragon_bench.types import Triple

__all__ = [
    "DEATH_RELATIONS",
    "TOLD_IN_TIME",
    "appointed",
    "ended",
    "is_counterfactual",
    "is_past",
]

DEATH_RELATIONS = frozenset({"DATE_OF_DEATH", "PLACE_OF_DEATH", "CAUSE_OF_DEATH", "AGE_DIED_AT"})
# what says that someone died: verbs (the sentence naming the subject says it of him)...
DEATH = re.compile(
    r"\b(?:скончал\w*|умер|умерла|умерли|погиб\w*|убит\w*|утонул\w*|казн[её]н\w*|"
    r"застрелен\w*|похоронен\w*|покойн\w*|ушл?[аи]? из жизни|ушёл из жизни|"
    r"уш[её]дш\w* из жизни|не стало|исполнилось бы|посмертн\w*|"
    r"покончил\w* (?:с собой|жизнь самоубийством)|самоубийств\w*|суицид\w*|"
    r"застрелил(?:ся|ась)|повесил(?:ся|ась)|найден\w* (?:мертв|мёртв)\w*|"
    # one gone missing is no longer told in the present («поплыли в каноэ, но не вернулись»)
    r"пропал\w* без вести|не вернул(?:ся|ась|ись))"
)
# a body found says it of the name right after «тело» («обнаружила тело Мейв Кеннеди»)
BODY = r"\b(?:тел[оа]|останки)\s+(?:[^\s.!?]+\s+){0,4}"
# ...and nouns, which say it of the name right after them («смерть Амано», «памяти Зворыкина»)
DEATH_NOUNS = re.compile(
    r"\b(?:смерт[иьюя]\w*|гибел[иью]\w*|кончин\w*|прощани[ея] с|некролог\w*|памят[иь]\b)"
    r"[^.!?]{0,30}$"
)
RETIRED = re.compile(
    r"(?:\bв отставке\b|\bотставн\w*|"
    r"\bушёл в отставку\b|\bушла в отставку\b|\bотправлен\w* в отставку\b|"
    r"\bпокинул\w* (?:пост|должность)\b|\bосвобожд[её]н\w* от должности\b|\bна пенсии\b|"
    # a post left now or soon, not denied: «покинет свой пост», «оставляет эту должность»,
    # «уйдёт в отставку» (not «не уйдёт в отставку»)
    r"(?<!\bне )\b(?:покин(?:ет|ут|ает|ают)|оставл?(?:яет|яют|ит|ят))\s+"
    r"(?:(?:свой|свою|эту|этот|занимаем\w*)\s+)?(?:пост|должност)\w*|"
    r"(?<!\bне )\b(?:уйд[её]т|уйдут|уходит|уходят)\s+в\s+отставку\b|"
    r"\bуволен\w*|\bснят\w* с должности|"
    r"\bотстран[её]н\w*|\bувольнени\w*|\bоб отставке\b|\bсложил\w* полномочия|\bсложить полномочия|"
    # a resignation handed in or accepted: «Диарра подал в отставку», «принял отставку»
    r"\bпода(?:л|ла|ли|вш\w*) в отставку\b|\bпринял\w* (?:его |её )?отставку\b|"
    r"\bсложил\w* с себя\b|"
    # a player's career ended: «заявил о завершении спортивной карьеры», «решил завершить
    # карьеру», «повесил коньки на гвоздь»
    r"\b(?:заверш|законч|окончан|закончи)\w*\s+(?:\w+\s+){0,1}карьер\w*|"
    r"\bповесил\w* (?:коньки|бутсы|перчатки)|"
    # an abdication ends a title: «отрёкся от престола», «отрёкшимся», «оставил престол»
    r"\bотреч\w*|\bотр[её]к\w*|\bотрекл\w*|\b(?:остав|покину|отказа)л\w*(?: \w+)? (?:от )?(?:престол|трон)\w*)"
)
# facts of a fixed dynamism that are still told in a tense: a charge of one now dead, or one
# the sentence says was made («Гарсию обвиняли в получении взяток»), is asked in the past
TOLD_IN_TIME = frozenset({"CONVICTED_OF"})
# what a left office ends
ROLE_RELATIONS = frozenset({"WORKPLACE", "WORKS_AS", "SUBORDINATE_OF", "MEMBER_OF"})
# a sentence that tells the relation in the past («Сотомайор работала прокурором»,
# «пара жила на Даунинг-стрит»): the fact is asked in the past
_PAST_VERBS = {
    **dict.fromkeys(
        ("WORKPLACE", "WORKS_AS", "SUBORDINATE_OF"),
        re.compile(
            r"\b(?:работал[аи]?|служил[аи]?|возглавлял[аи]?|руководил[аи]?|занимал[аи]?|"
            r"трудил(?:ся|ась|ись)|преподавал[аи]?|ранее|до этого|"
            # «в прошлом» (formerly), not «в прошлом году»
            r"в прошлом(?!\s+(?:году|месяце|сезоне|неделе|веке|квартале|туре|матче|раз\w*)))\b|"
            r"\b(?:19|20)\d\d\s*[—–-]\s*(?:19|20)\d\d|"  # «в 1998—1999 годах — заместитель»
            r"\bс (?:19|20)\d\d\b[^.!?]{0,12}\bпо (?:19|20)\d\d\b"  # «с 1991 по 1992 годы»
        ),
    ),
    # an illness told of an age gone by («В 13 лет Месси уехал ... лечение»)
    "MEDICAL_CONDITION": re.compile(
        r"\b(?:страдал[аи]?|болел[аи]?|переболел\w*|в детстве|в юности|в \d+ (?:год|лет))\b"
    ),
    "CONVICTED_OF": re.compile(
        r"\b(?:обвиняли|обвинял(?:ся|ась|ись)|подозревали|подозревал(?:ся|ась|ись)|"
        r"был[аи]? (?:обвин|осужд|признан)\w*|осудили|обвинили|осужд[её]н\w*|"
        # an accusation made, in the perfective («отстранил его, обвинив в коррупции»)
        r"обвинил[аи]?|обвинив(?:ший|шая|шие|шего|шей|ших)?|заподозрил[аи]?|"
        # a sentence served says the charge is settled: «продолжает отбывать срок за ...»
        r"отбыва\w+|приговор\w*|"
        # a conviction or a fine settles it: «признан виновным», «трижды штрафовали за ...»
        r"призна[лн]\w* виновн\w*|штрафовал[аи]?|оштрафова\w*)\b"
    ),
    "PLACE_RESIDES_IN": re.compile(r"\b(?:жил|жила|жили|проживал[аи]?)\b"),
    "MEMBER_OF": re.compile(r"\b(?:состоял[аи]?|входил[аи]?|был[аи]? член\w*|выступал[аи]? за)\b"),
    "SPOUSE": re.compile(
        r"\b(?:был[аи]? женат\w*|был[аи]? замужем|развел\w*|развёл\w*|развод\w*|"
        r"бывш\w+ (?:муж\w*|жен\w*|супруг\w*))"
    ),
}
# a successor named before the one he replaced says it of the latter («японский дипломат
# сменил на посту генерального директора МАГАТЭ Мохаммеда Эль-Барадеи», «преемник
# Эль-Барадеи», «пришёл на смену Эль-Барадеи»): the predecessor left the post
_SUCCEEDED = (
    r"(?:\bсменил\w*|\bсменивш\w*|\bпреемни\w*|\bна смену|\bзаменил\w*)\s+(?:[^\s.!?]+\s+){0,7}"
)


def _succeeded(low: str, stem: str) -> bool:
    """The sentence (lower case) names a successor of `stem`."""
    return re.search(_SUCCEEDED + re.escape(stem.lower()), low) is not None


# a sentence that says the post is held now («Хабирова, сейчас занимающего пост заместителя»)
_NOW = re.compile(r"\b(?:является|являются|возглавляет|руководит|сейчас|ныне|в настоящее время)\b")
_BEFORE = re.compile(
    r"(?:экс-|бывш\w*|покойн\w*|прежн\w*|отставн\w*|"
    r"последн\w+ (?:император|императриц|цар|цариц|корол|королев|шах|султан|генсек)\w*)[^.!?]*$"
)
# a year of the text; a person whose every year in the texts is before this one is long dead
_YEAR = re.compile(r"\b(1[0-9]\d\d|20\d\d)\b")
_LONG_AGO = 1900
_SENTENCE = SENTENCE_BREAK


def _stem(name: str) -> str:
    word = name.split()[-1] if name.split() else ""
    word = word.split(".")[-1]  # «А.Кулешов»
    return word[: max(4, len(word) - 2)] if len(word) >= 4 else ""


def ended(
    subject_type: str,
    triples: Iterable[Triple],
    texts: Mapping[str, str],
    kg_relations: Iterable[str] = (),
) -> str:
    """'dead' when the KG gives the subject a death fact or a sentence of its documents names
    it with a death word; 'retired' when its mention is preceded by «бывший», «экс-» or a
    sentence naming it says «в отставке»; '' otherwise."""
    if any(r in DEATH_RELATIONS for r in kg_relations):
        return "dead"
    person = subject_type in ("PERSON", "PROFESSION", "FAMILY")
    retired = False
    for t in triples:
        text = texts.get(t.doc_id)
        if not text or t.subject_span[1] <= t.subject_span[0]:
            continue
        shown = text[t.subject_span[0] : t.subject_span[1]]
        before = text[max(0, t.subject_span[0] - 60) : t.subject_span[0]].lower()
        if _BEFORE.search(before):
            retired = True
        stem = _stem(shown)
        if not person or not stem:
            continue
        said = _said(text, stem)
        if said == "dead" or DEATH_NOUNS.search(before[-40:]) or _dead_by_age(text, before):
            return "dead"
        raw = text[max(0, t.subject_span[0] - 60) : t.subject_span[0]]
        if _role_died(text, _role_before(raw)):
            return "dead"
        retired = retired or said == "retired"
    return "retired" if retired else ""


_ROLE_WORD = re.compile(r"\b([А-ЯЁа-яё]{4,})\s+$")
_TOKEN = re.compile(r"[А-ЯЁа-яёA-Za-z-]+")
_NAME_TAGS = frozenset({"Surn", "Name", "Patr"})


def _role_before(before: str) -> str:
    """The lemma of the animate noun right before a mention («генерал Эдриен Поне»), or '';
    not a name («Бывшая супруга Януковича Людмила»: «Януковича» is capitalised inside the
    sentence or tagged a surname), which another's death must not be read of."""
    m = _ROLE_WORD.search(before)
    if not m:
        return ""
    word = m.group(1)
    starts = before[: m.start()].rstrip(" \t")[-1:] in ("", ".", "!", "?", "…", "\n", "«", '"')
    if word[:1].isupper() and not starts:
        return ""
    low = word.lower()
    parse = parses(low)[0]
    if parse.tag.POS != "NOUN" or "anim" not in parse.tag or _NAME_TAGS & set(parse.tag.grammemes):
        return ""
    return lemma(low)


@lru_cache(maxsize=65536)
def _role_died(text: str, role: str) -> bool:
    """A sentence tells of one by the role noun he is named with dying, no name after it:
    the headline «Генерал НАТО погиб в ДТП» or «Какую должность занимал погибший генерал»
    of «генерал Эдриен Поне»."""
    if not role:
        return False
    for sentence in _SENTENCE.split(text):
        if not DEATH.search(sentence.lower()):
            continue
        words = _TOKEN.findall(sentence)
        for i, word in enumerate(words):
            if lemma(word.lower()) != role:
                continue
            after = words[i + 1] if i + 1 < len(words) else ""
            if after[:1].isupper() and not after.isupper():
                continue  # «генерал Иванов погиб»: another general, by name
            near = " ".join(words[max(0, i - 2) : i + 4]).lower()
            if DEATH.search(near):
                return True
    return False


_AGED = re.compile(r"\b(\d+)-(?:ти |х )?летн\w*\s*$")


def _dead_by_age(text: str, before: str) -> bool:
    """The mention follows an age («13-летнего Исмаила») and a sentence says one of that age
    died («13-летний мальчик скончался»): the text tells of him by his age."""
    m = _AGED.search(before)
    if not m:
        return False
    aged = re.compile(r"\b" + m.group(1) + r"-(?:ти |х )?летн")
    return any(
        aged.search(sentence) and DEATH.search(sentence.lower())
        for sentence in _SENTENCE.split(text)
    )


# one whose words a sentence reports tells of another's death, not his own: «По словам
# премьер-министра Фолькера Буфье, это может быть первым политическим самоубийством»
_SPEECH = (
    r"(?:заявил|сказал|напомнил|отметил|добавил|сообщил|подчеркнул|рассказал|признал|считает|"
    r"говорит|уверен)\w*"
)


def _speaks(low: str, stem: str) -> bool:
    """The sentence reports what the one named by `stem` said."""
    at = re.escape(stem)
    return bool(
        re.search(r"\bпо (?:словам|мнению|данным)\s+(?:[^\s.!?,]+\s+){0,5}" + at, low)
        or re.search(at + r"\w*(?:\s+\([^)]*\))?\s+(?:[^\s.!?,]+\s+){0,2}" + _SPEECH, low)
    )


# (only a first name or a patronymic between: «смерти жены Иванова» is the wife's)
_MOURNED = (
    r"(?i:\b(?:смерт[иью]|гибел[иью]|кончин[аыеу]|прощани[ея] с|похорон(?:ы|ах|ам)|"
    r"памяти)\s+)(?:[А-ЯЁ][^\s.!?,]*\s+){0,2}"
)


@lru_cache(maxsize=65536)
def _said(text: str, stem: str) -> str:
    """What the sentences of a text naming `stem` say: 'dead', 'retired' or ''; 'dead' also
    when every year those sentences give is before 1900 («император Кокаку (1771—1840)»)."""
    retired = False
    years: list[int] = []
    # an active dismissal says it of the one dismissed: «Медведев уволил Суходольского»
    dismissed = re.compile(
        r"(?:уволил\w*|освободил\w*|отстранил\w*|снял\w*|отправил\w* в отставку)\s+"
        r"(?:[^\s.!?]+\s+){0,4}" + re.escape(stem.lower())
    )
    body = re.compile(BODY + re.escape(stem.lower()))
    # a death noun a few words before the name in any sentence: «Прощание с Денисом
    # Колодешниковым состоится в четверг», «после гибели пилота Сергея Ершова»
    mourned = re.compile(_MOURNED + re.escape(stem))
    for sentence in _SENTENCE.split(text):
        if stem not in sentence:
            continue
        low = sentence.lower()
        if body.search(low) or mourned.search(sentence):
            return "dead"
        if DEATH.search(low) and not _speaks(low, stem.lower()):
            return "dead"
        retired = retired or bool(
            RETIRED.search(low) or dismissed.search(low) or _succeeded(low, stem)
        )
        years += [int(y) for y in _YEAR.findall(sentence)]
    if years and max(years) < _LONG_AGO:
        return "dead"
    return "retired" if retired else ""


# an appointment told next to the post («Главой Рособрнадзора назначен Сергей Кравцов»): a
# state that starts, which a past verb of another post in the same sentence does not end
_APPOINTED = re.compile(
    r"\b(?:назначен\w*|назначил\w*|назначени\w*|избран\w*|утвержд[её]н\w*|"
    r"стал|стала|возглавил\w*|вступил\w* в должность)"
)


# a home told in the present next to the place («в деревне под Тверью, где проживает»)
_LIVES_NOW = re.compile(r"\b(?:жив[её]т|живут|прожива(?:ет|ют)|живущ\w*|проживающ\w*)\b")


def appointed(t: Triple, texts: Mapping[str, str]) -> bool:
    """The triple's own sentence starts or holds the state now within a few words of the
    object's mention: an appointment («Главой Рособрнадзора назначен Сергей Кравцов») or,
    for a home, a present verb of living («..., где проживает большую часть года»)."""
    text = texts.get(t.doc_id, "")
    lo, hi = t.sentence_span
    window = text[max(lo, t.object_span[0] - 40) : min(hi, t.object_span[1] + 40)].lower()
    if t.relation_type == "PLACE_RESIDES_IN" or t.relation == "PLACE_RESIDES_IN":
        return bool(_LIVES_NOW.search(window))
    return bool(_APPOINTED.search(window))


def is_past(
    relation: str,
    tense: str,
    subject_type: str,
    own: Iterable[Triple],
    of_subject: Iterable[Triple],
    texts: Mapping[str, str],
    kg_relations: Iterable[str] = (),
) -> bool:
    """Whether a changing fact is asked in the past: its subject died (this overrides a
    present tense read off one sentence), or, when no tense was given, the subject left
    office or the fact's own sentence tells it in the past."""
    if tense == "past":
        return True
    of_subject = list(of_subject)
    over = ended(subject_type, of_subject, texts, kg_relations)
    if over == "dead":
        return True
    own = list(own)
    if relation in ("WORKS_AS", "SUBORDINATE_OF") and _serves_the_dead(own, texts):
        return True
    if relation in ROLE_RELATIONS and _former_role(own, texts):
        return True
    if tense:
        # a present tense read off one sentence yields to one that says the subject left
        # this very post («Квачков — полковник ГРУ в отставке»)
        return bool(over) and relation in ROLE_RELATIONS and _left_this(own, texts)
    if over and relation in ROLE_RELATIONS:
        # a left office ends the roles, not a home or a marriage; not one the fact's own
        # sentence says he holds now («партия, руководителем которой он является») or was just
        # appointed to («Сын бывшего главы ФСБ Андрей назначен на пост ...»: the «бывший» is
        # another's), unless a sentence naming him says he retired
        if any(appointed(t, texts) for t in own) and not _says_retired(of_subject, texts):
            return False
        return not any(_NOW.search(_sentence_of(t, texts)) for t in own)
    verbs = _PAST_VERBS.get(relation)
    if verbs is None or any(appointed(t, texts) for t in own):
        return False  # a post the texts say he was just appointed to is held
    return any(_past_told(t, texts.get(t.doc_id, ""), verbs) for t in own)


# «бывший» or «экс-» on the post's own words before the object: «бывший начальник Главного
# управления ...», «экс-глава «Роснано»», «бывшим первым заместителем министра»
_FORMER_ROLE = re.compile(r"(?:\bбывш\w*\s+|\bэкс-)(?:[а-яё-]+\s+){0,2}$")


def _former_role(own: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """An evidence sentence calls the post itself former, right before its object."""
    for t in own:
        text = texts.get(t.doc_id, "")
        lo = max(t.sentence_span[0], t.object_span[0] - 45)
        if _FORMER_ROLE.search(text[lo : t.object_span[0]].lower()):
            return True
    return False


_NAME_AFTER = re.compile(r"\s+([А-ЯЁ][а-яё-]{3,})")


def _serves_the_dead(own: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A role held for one the texts say died ends with him: «Менеджер Ирвина Джон Стэйнтон»
    when «погиб ... Стив Ирвин»; for a boss (SUBORDINATE_OF), the object itself."""
    for t in own:
        text = texts.get(t.doc_id, "")
        if t.relation_type == "SUBORDINATE_OF" or t.relation == "SUBORDINATE_OF":
            whose = text[t.object_span[0] : t.object_span[1]]
        else:
            # the name in the role («менеджер Ирвина») or right after it («агент Ирвина Джон»)
            shown = text[t.object_span[0] : t.object_span[1]]
            inner = [w for w in shown.split()[1:] if w[:1].isupper() and not w.isupper()]
            m = _NAME_AFTER.match(text, t.object_span[1])
            whose = inner[-1] if inner else m.group(1) if m else ""
            if whose[:4] in t.subject:
                continue  # «менеджер Джон Стэйнтон»: his own name
        stem = _stem(whose)
        if stem and _said(text, stem) == "dead":
            return True
    return False


def _says_retired(of_subject: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A sentence naming the subject says he retired, was dismissed or succeeded."""
    for t in of_subject:
        text = texts.get(t.doc_id, "")
        stem = _stem(text[t.subject_span[0] : t.subject_span[1]])
        if stem and _said(text, stem) == "retired":
            return True
    return False


_YEARS = re.compile(r"(?:с )?(?:19|20)\d\d")
# a relative clause of the sentence: from «, который» to its next comma
_RELATIVE = re.compile(r",\s*(?:котор\w+|где)\b[^,;—]*")


def _past_told(t: Triple, text: str, verbs: re.Pattern[str]) -> bool:
    """The triple's sentence tells a past by `verbs`, not in a relative clause that leaves
    the object out («48-летний гендиректор «Российской газеты» Горбенко, который ...
    возглавлял Гильдию издателей, вице-президент Союза издателей»: the guild's post ended)."""
    lo, hi = t.sentence_span
    low = text[lo:hi].lower()
    at = t.object_span[0] - lo
    clauses = [m.span() for m in _RELATIVE.finditer(low)]
    end = t.object_span[1] - lo
    for m in verbs.finditer(low):
        if _YEARS.match(m.group()) and not (at - 60 <= m.start() and m.end() <= end + 30):
            continue  # «отмывание денег в период с 2001 по 2007 годы»: not the post's years
        inside = [c for c in clauses if c[0] <= m.start() < c[1]]
        if not inside or any(c[0] <= at < c[1] for c in inside):
            return True
    return False


def _sentence_of(t: Triple, texts: Mapping[str, str]) -> str:
    return texts.get(t.doc_id, "")[t.sentence_span[0] : t.sentence_span[1]].lower()


def _left_this(own: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A sentence of the fact's documents names its subject and its object and says the
    subject retired or was dismissed."""
    for t in own:
        text = texts.get(t.doc_id, "")
        stem = _stem(text[t.subject_span[0] : t.subject_span[1]])
        obj = text[t.object_span[0] : t.object_span[1]]
        if not stem or not obj:
            continue
        obj_stem = obj.split()[0][: max(3, len(obj.split()[0]) - 2)]
        for sentence in _SENTENCE.split(text):
            if stem not in sentence or obj_stem not in sentence:
                continue
            if RETIRED.search(sentence.lower()) or _succeeded(sentence.lower(), stem):
                return True
    return False


def is_counterfactual(t: Triple, texts: Mapping[str, str]) -> bool:
    """The evidence sentence states the value as a might-have-been («ему исполнилось бы 125
    лет»), not a fact."""
    text = texts.get(t.doc_id, "")
    sentence = text[t.sentence_span[0] : t.sentence_span[1]].lower()
    return bool(re.search(r"\bбы\b", sentence))
