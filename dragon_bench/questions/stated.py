"""Whether a fact's evidence sentences state what a question would say about it.

A relation read off loosely (NEREL's gold too) can claim more than its sentence: a place of
death in «Чжан Инъин родилась в Наньпине», a work «created» by the pianist who played it
(«исполнил произведение Комитаса «Журавль»») or by the channel that showed it, a band that
«took part» in a festival it only planned to play, an origin read off «представляющая штат
Гавайи». `unstated` names such facts; `frame_stated` keeps a template whose verb says more
than the sentence («окончил» where the text says «учился») for facts whose sentence says it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from dragon_bench.questions.lifetime import DEATH
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.vocab import SENTENCE_BREAK
from dragon_bench.types import Triple

__all__ = ["frame_stated", "many_hold", "told_of_another", "told_together", "unstated"]

_DEATH_CUES = re.compile(
    DEATH.pattern
    + r"|\bсмерт\w*|\bгибел\w*|\bкончин\w*|\bубил\w*|\bубийств\w*|\bтело\b|\bмёртв\w*|\bмертв\w*|\bгоды жизни|"
    r"\b\d{4}\b[^.!?]{0,25}[—–-][^.!?]{0,25}\b\d{4}\b"
)
_BIRTH_CUES = re.compile(r"родил\w*|рожд\w*|уроженец|уроженк\w*|родом\b|появил\w* на свет|\bрод\.")
# a home, not a stay («Находясь в Тусоне, Кэтрин не знала ...»: ten days away from home)
_HOME_CUES = re.compile(
    r"\bжив[её]\w*|\bжил[аи]?\b|\bжить\b|\bживущ\w*|прожива\w*|прожил\w*|поселил\w*|"
    r"пересел\w*|переех\w*|перебрал\w*|обосновал\w*|эмигрир\w*|\bдом\w*|резиденц\w*|"
    r"особняк\w*|квартир\w*|жител\w*|житель\w*|уроженец|уроженк\w*|вырос\w*|выросл\w*|"
    r"детств\w*|юност\w*|провёл\w*|провел\w*|соседств\w*|ферм\w*|имени\w*|вилл\w*"
)
_ORIGIN_CUES = re.compile(
    r"родом\b|уроженец|уроженк\w*|уроженц\w*|выход(?:ец|цы|ка)\w*|родил\w*|гражданин\w*|"
    r"гражданк\w*|гражданств\w*"
)
_PERFORMED = re.compile(
    r"исполн\w*|сыгра\w*|прозвуча\w*|премьер\w*|\bэфир\w*|показ\w*|покаж\w*|трансл\w*|"
    r"вышл[аои]? на\b|выйдет на\b|представ\w* на\b|"
    # a singer on a track («дебютировал как вокалист с треком Firestarter»)
    r"вокал\w*|\bспел\w*|\bпел\b|\bпо[её]т\b"
)
_CREATED = re.compile(
    r"автор\w*|написа\w*|созда\w*|сочин\w*|сня[лв]\w*|снят\w*|выпуска\w*|выпуст\w*|"
    r"записа\w*|производ\w*|разработ\w*|альбом\w*|режисс\w*|постановк\w*"
)
_PLANNED = re.compile(
    r"планир\w*|планов\w*|намерева\w*|намерен\w*|собира\w*ся|отмен\w*|примет участие|"
    r"примут участие|будет участвовать|будут участвовать|выступит\b|выступят\b"
)
_FUTURE = re.compile(
    r"\bбуд(?:ет|ут)\b|\bсостоится\b|\bсостоятся\b|\bпройд[её]т\b|\bпланиру\w*|"
    r"\bпредстоящ\w*|\bнамечен\w*|\bзапланирован\w*"
)
_REPRESENTS = re.compile(r"представля\w*|представит\w*")
# wealth or a state of life, not a profession («миллиардер Стэнли Хо»)
_NO_PROFESSION = frozenset(
    {"миллиардер", "миллионер", "мультимиллионер", "олигарх", "богач", "пенсионер", "пенсионерка"}
)
# role heads that say nothing without their dependents («исполнитель» of «исполнитель
# ритм-н-блюза»): asked alone only when the text shows them alone
_NEEDS_DEPENDENT = frozenset(
    {"исполнитель", "исполнительница", "член", "участник", "участница", "представитель"}
    | {"представительница", "сотрудник", "сотрудница", "глава", "руководитель"}
    | {"руководительница", "начальник", "начальница", "председатель", "заместитель", "лидер"}
    | {"основатель", "основательница", "владелец", "владелица", "автор", "победитель"}
)
_DEPENDENT = re.compile(r"\s*(?:[«\"]|[а-яё][а-яё-]*)")
_PLACES = frozenset({"COUNTRY", "STATE_OR_PROVINCE", "CITY", "DISTRICT", "LOCATION"})
# an organisation's head noun right before a place: the place only names the organisation
# («управления полиции Западного административного округа», «Законодательного собрания
# Кировской области»), it is neither the workplace nor what one is a member of
_ORG_BEFORE = re.compile(
    r"\b(?:управлени\w*|полици\w*|администраци\w*|министерств\w*|прокуратур\w*|суд[аеу]?|"
    r"департамент\w*|отдел\w*|служб\w*|комитет\w*|правительств\w*|мэри\w*|ведомств\w*|"
    r"мвд|увд|умвд|овд|гу|главк\w*|штаб\w*|парламент\w*|совет\w*|собрани\w*|дум\w*|"
    r"ассамбле\w*|палат\w*|компани\w*|завод\w*|университет\w*|школ\w*|больниц\w*)"
    r"(?:\s+[а-яё-]+){0,2}\s+$"
)

# a sum spent, not one a court orders paid («обязал выплатить 80 млн долларов»)
_SPENT_CUES = re.compile(
    r"потрат\w*|трат(?:ит|ят|ил|ой|ы)\w*|израсход\w*|расход\w*|затрат\w*|вложи\w*|"
    r"вложен\w*|инвестир\w*|купи\w*|покупк\w*|приобр[её]\w*|заплати\w*|"
    r"обош[её]л\w*|обошл\w*"
)

# a sum earned, not one a court awards («отсудил 80 млн долларов»: «Сколько заработал»)
_EARNED_CUES = re.compile(
    r"зараб\w*|доход\w*|выручк\w*|выручил\w*|прибыл\w*|гонорар\w*|зарплат\w*|оклад\w*|"
    r"продаж\w*|продал\w*|получ\w* (?:\w+ )?(?:доход|прибыл|гонорар|зарплат)\w*"
)
_MONEY_CUES = {"EXPENDITURE": _SPENT_CUES, "INCOME": _EARNED_CUES}

# a relation whose sentence must hold one of these words
_NEEDS = {
    "PLACE_OF_DEATH": _DEATH_CUES,
    "DATE_OF_DEATH": _DEATH_CUES,
    "CAUSE_OF_DEATH": _DEATH_CUES,
    "AGE_DIED_AT": _DEATH_CUES,
    "PLACE_OF_BIRTH": _BIRTH_CUES,
    "PLACE_RESIDES_IN": _HOME_CUES,
}
# a player's words: the «выступать за» frames need one in the fact's sentence, and the
# «работать» frames are not said of a player («Нолан играл в ... Calgary Flames»)
_PLAYS = re.compile(
    r"\bигра(?:л|ла|ли|ет|ют)\b|\bсыграл\w*|\bвыступа\w*|\bвыступил\w*|"
    r"\bигрок\w*|\bнападающ\w*|\bзащитник\w*|\bполузащитник\w*|\bвратар\w*|\bфорвард\w*|"
    r"\bхоккеист\w*|\bфутболист\w*|\bбаскетболист\w*|\bлегионер\w*|\bперешёл в\b|\bперешел в\b"
)
# a club's staff role told at the subject (the 60 characters before its mention, or right
# after it behind a comma): a manager, coach, owner or president does not «выступать за» it,
# nor does a columnist or reporter write for a team («спортивный обозреватель Yahoo»)
_CLUB_STAFF = re.compile(
    r"менеджер\w*|тренер\w*|наставник\w*|владел\w*|президент\w*|директор\w*|"
    r"селекционер\w*|скаут\w*|агент\w*|врач\w*|спортдиректор\w*|обозревател\w*|"
    r"журналист\w*|комментатор\w*|корреспондент\w*|репортер\w*|репортёр\w*|эксперт\w*"
)
# the KG triggers of an origin read off an adjective or a nationality noun («греческий певец»,
# «грек»): NEREL's ORIGINS_FROM, but no birth or roots (kg/triggers.py `_roles`)
_ADJECTIVE_ORIGINS = ("role_adjective_origin", "nationality_")


def _club_staff(t: Triple, text: str) -> bool:
    s0, s1 = t.subject_span
    if s1 <= s0:
        return False
    before = text[max(0, s0 - 60) : s0].lower()
    before = re.split(r"[.;!?]", before)[-1]
    after = re.match(r"\s*,\s*((?:[а-яё-]+\s+){0,2}[а-яё-]+)", text[s1 : s1 + 40].lower())
    return bool(_CLUB_STAFF.search(before) or (after and _CLUB_STAFF.search(after.group(1))))


# template verbs that say more than the relation: (relation, template name) -> the words
# one of the fact's sentences must hold for the template to be used
_FRAME_CUES = {
    ("medical_condition", "diagnosis"): re.compile(
        r"диагноз\w*|диагностир\w*|выяв\w*|обнаруж\w*|установил\w*|подтверд\w*"
    ),
    ("schools_attended", "graduated"): re.compile(r"оконч\w*|законч\w*|выпускни\w*|диплом\w*"),
    ("origins_from", "roots"): re.compile(
        r"родом\b|уроженец|уроженк\w*|уроженц\w*|выход(?:ец|цы|ка)\w*|родил\w*|\bиз\b"
    ),
    ("origins_from", "country"): re.compile(r"представля\w*|сборн\w*|выступа\w*|за команду"),
    ("origins_from", "repr"): re.compile(r"представля\w*|сборн\w*|выступа\w*|за команду"),
    # «представлял RCA» for the head of its laboratory: one represents an employer only as
    # its envoy, deputy, candidate or spokesman; otherwise one works there, a player plays for
    # a team («выступает за»), a member is in a party or a band and a leader leads it
    **dict.fromkeys((("workplace", "plays"), ("workplace", "teams")), _PLAYS),
    **dict.fromkeys(
        (("workplace", "repr"), ("workplace", "orgs_repr")),
        re.compile(
            # not «представляющая в Конгрессе штат Гавайи»: who represents someone in a body
            # does not represent the body
            r"представля\w*\b(?!\s+(?:в|во|на)\s)|представител\w*|депутат\w*|сенатор\w*|"
            r"посол\w*|посланник\w*|кандидат\w* от\b|пресс-секретар\w*|адвокат\w*|"
            r"\bот (?:партии|фракции|блока)"
        ),
    ),
}


def _sentences(
    triples: Iterable[Triple], texts: Mapping[str, str], *, names: bool = True
) -> list[str]:
    """The triples' sentences in lower case; without `names`, the subject's and object's
    mentions blanked out (a cue word inside a name, «Палата представителей», is no cue)."""
    out = []
    for t in triples:
        text = texts.get(t.doc_id, "")
        start, end = t.sentence_span
        sentence = text[start:end]
        if not names:
            for a, b in sorted((t.subject_span, t.object_span), reverse=True):
                if start <= a < b <= end:
                    sentence = sentence[: a - start] + " " * (b - a) + sentence[b - start :]
        out.append(sentence.lower())
    return out


def _role_cut(t: Triple, text: str) -> bool:
    """The object of a WORKS_AS triple is no profession, or a role head cut from the
    dependents the text gives it."""
    shown = text[t.object_span[0] : t.object_span[1]] or t.object
    words = shown.lower().split()
    if not words:
        return False
    lemma = analyzer().parse(words[0])[0].normal_form.replace("ё", "е")
    if len(words) == 1 and lemma in _NO_PROFESSION:
        return True
    if len(words) > 1 and _name_cut(t, text, words[-1]):
        return True
    if len(words) != 1 or lemma not in {w.replace("ё", "е") for w in _NEEDS_DEPENDENT}:
        return False
    return bool(t.object_span[1] and _DEPENDENT.match(text[t.object_span[1] :]))


# the head of a charge that names what was attempted or prepared after it («подготовке
# покушения на Анатолия Чубайса», «в попытке организовать мятеж»)
_CHARGE_HEADS = frozenset({"покушение", "подготовка", "попытка", "организация", "совершение"})
_CHARGE_HEADS |= {"призыв", "участие", "создание", "применение", "хранение", "склонение"}
_CHARGE_GOES_ON = re.compile(r"\s*(?:[«\"]|[а-яёА-ЯЁ][а-яё-]*)")


def _charge_cut(t: Triple, text: str) -> bool:
    """A charge cut short: its span ends in a head that needs what follows it in the text
    («подготовка покушения» of «в подготовке покушения на Анатолия Чубайса»)."""
    shown = text[t.object_span[0] : t.object_span[1]] or t.object
    words = shown.lower().split()
    if not words:
        return False
    head = analyzer().parse(words[-1])[0].normal_form.replace("ё", "е")
    if head not in _CHARGE_HEADS:
        return False
    return bool(t.object_span[1] and _CHARGE_GOES_ON.match(text[t.object_span[1] :]))


_NAME_AFTER = re.compile(r"\s*(?:«|\"|[A-ZА-ЯЁ])")


def _name_cut(t: Triple, text: str, last: str) -> bool:
    """A role ending in a common noun in the genitive whose name the text gives right after
    the span («директор галереи» of «директором галереи «Манеж»», «раввин синагоги» of
    «раввин синагоги Бейт-Менахем»); the person's own name after it is no such name."""
    end = t.object_span[1]
    if not end or not _NAME_AFTER.match(text[end:]) or t.subject_span[0] == end + 1:
        return False
    if t.subject_span[0] > end and not text[end : t.subject_span[0]].strip():
        return False
    parses = analyzer().parse(last.strip(",.;:"))
    return bool(parses) and (
        parses[0].tag.POS == "NOUN"
        and parses[0].tag.case == "gent"
        and not {"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr"} & set(parses[0].tag.grammemes)
        and analyzer().word_is_known(last.strip(",.;:"))
    )


def _quote_cut(t: Triple, text: str) -> bool:
    """The object span lies inside a quoted name it is only a part of («Talk» of «Talk
    Talk»)."""
    start, end = t.object_span
    if end <= start:
        return False
    opened, closed = text.rfind("«", 0, start + 1), text.find("»", end - 1)
    if opened < 0 or closed < 0 or "»" in text[opened:start] or "«" in text[end:closed]:
        return False
    # the name has fewer words than its quote: a span shorter than the name is the span's fault
    return len(t.object.strip("«» ").split()) < len(text[opened + 1 : closed].split())


# what a quoted name after it is not a work of: a project, a band, a label
_NOT_A_WORK = re.compile(r"(?:проект\w*|групп\w*|коллектив\w*|лейбл\w*|студи\w*|ансамбл\w*)\s*$")


def _project(t: Triple, text: str) -> bool:
    """A quoted name after «проект», «группа»: no work of the subject."""
    return bool(_NOT_A_WORK.search(text[max(0, t.object_span[0] - 20) : t.object_span[0]].lower()))


def _performed(t: Triple, text: str) -> bool:
    """The sentence tells the work performed and no making: «сыграет» without «режиссёр»,
    «дебютировал как вокалист с треком Firestarter с альбома ...» (a track from an album is
    no word of making the track)."""
    start, end = t.sentence_span
    sentence = _FROM_ALBUM.sub(" ", text[start:end].lower())
    return bool(_PERFORMED.search(sentence)) and not _CREATED.search(sentence)


# a product's making (or its brand) told: «выпускает гербицид Roundup», «марки Roundup»
_MADE = re.compile(
    r"производ\w*|выпуск\w*|выпуст\w*|разработ\w*|созда\w*|изготов\w*|продукц\w*|"
    r"\bмарк[аиуеоы]\w*|бренд\w*|запуст\w*|запуска\w*|анонсир\w*|представил\w*|собира\w*|"
    r"собрал\w*|постро\w*|строит\w*|поставля\w*|сделал\w*|делает\w*|делают\w*|линейк\w*|"
    r"производител\w*|издал\w*|издаёт\w*|издает\w*"
)
_FROM_ALBUM = re.compile(r"\b(?:с|со|из|на)\s+(?:\w+\s+)?альбом\w*")


# one at an organisation without a post in it: a volunteer, a face of a brand, a player on loan
# («работал как волонтёр в её фонде», «стала лицом коллекции Givenchy»)
_NOT_EMPLOYED = re.compile(
    r"волонт[её]р\w*|стаж[её]р\w*|стажир\w*|практикант\w*|\bлиц(?:ом|о)\s+"
    r"(?:\w+\s+)?(?:коллекци|бренд|марк|кампани|дом)\w*|амбассадор\w*|посланни\w* доброй воли"
)
_WORK_VERBS = re.compile(r"работ\w*|преподава\w*|служ\w*|трудил\w*|возглав\w*|руковод\w*")
_LOAN = re.compile(r"\bв аренд\w*|\bаренд[аеоуы]\w*\b|\bарендован\w*|правах аренды")


# a band or a criminal group named right before the organisation: one plays in a band, belongs
# to a clan, not «works» there («Игорь Журавлёв из группы «Альянс»», «главарем клана Гамбино»,
# «входили в окружение боссов Ндрангеты»)
_NO_EMPLOYER = re.compile(
    r"(?:\bгрупп[аыеуо]й?|\bколлектив\w*|\bансамбл\w*|\bрок-групп\w*|\bклан\w*|\bмафи\w*|"
    r"\bбанд[аыеуо]й?|\bгруппировк\w*|\bкартел\w*|\bсиндикат\w*|\bокружени\w*\s+босс\w*)\s*[«\"]?$"
)


def _not_employed(t: Triple, text: str) -> bool:
    """No employer: the organisation's clause is one of studying («окончила Джорджтаунский
    университет»), the sentence makes the subject a volunteer or a brand's face, a band or a
    clan is named right before the organisation (`_NO_EMPLOYER`), or the text tells of a loan
    (a player on loan at «Рома» is under contract with «Арсенал»: both «work»)."""
    start, end = t.sentence_span
    if _NOT_EMPLOYED.search(text[start:end].lower()):
        return True
    before = text[max(start, t.object_span[0] - 40) : t.object_span[0]].lower()
    if _NO_EMPLOYER.search(before) and not _WORK_VERBS.search(before):
        return True  # not when the text itself says so («работает в группе Talk Talk»)
    clause = re.split(r"[,;.!?]", text[max(start, t.object_span[0] - 60) : t.object_span[0]])[-1]
    if _SCHOOL_VERBS.search(clause.lower()) and not _WORK_VERBS.search(clause.lower()):
        return True  # «окончила Джорджтаунский университет, работала в Госдепартаменте»
    return bool(_LOAN.search(text.lower()))


# a day, a holiday, an anniversary: kept across a country, not held in one place
_DAYS = frozenset({"день", "праздник", "годовщина", "юбилей", "рождество", "пасха", "масленица"})
_DAYS |= {"навруз", "хэллоуин", "курбан-байрам", "ураза-байрам"}
# a verb that holds or keeps it somewhere («в Бельгии отмечают ...», «праздник прошёл в ...»)
_HELD = re.compile(
    r"\bпрош[её]л\b|\bпрошл[аои]\b|\bпроход\w*|\bпровод\w*|\bпров[её]л\w*|\bпровед\w*|"
    r"\bсостоял\w*|\bсостоит\w*|\bотмеча\w*|\bотметил\w*|\bотмечен\w*|\bпраздн\w*|"
    r"\bотпраздн\w*|\bвстреча\w*|\bвстретил\w*|\bорганиз\w*"
)


def _day_not_held(t: Triple, text: str) -> bool:
    """A day or holiday placed somewhere with no verb of holding or keeping it: «Фотография
    ... в День Победы над Японией, 14 августа 1945 года на Таймс-сквер» is no day «held» on
    Times Square (a nationwide day takes place in no one place)."""
    words = lemmas(t.subject)
    if not words or words[0].replace("ё", "е") not in _DAYS:
        return False
    start, end = t.sentence_span
    sentence = text[start:end]
    for a, b in sorted((t.subject_span, t.object_span), reverse=True):
        if start <= a < b <= end:  # «Праздник ... проводов» inside a name is no verb
            sentence = sentence[: a - start] + " " * (b - a) + sentence[b - start :]
    return _HELD.search(sentence.lower()) is None


def _object_sentence(t: Triple, texts: Mapping[str, str]) -> str:
    """The sentence of the triple's span that holds its object (a span may join the
    subject's sentence to the object's), in lower case."""
    from razdel import sentenize  # razdel knows «1953г. в Пскове», «род. 24 мая 1941»

    text = texts.get(t.doc_id, "")
    start, end = t.sentence_span
    o0 = t.object_span[0]
    span = text[start:end]
    if not start <= o0 < end:
        return span.lower()
    for piece in sentenize(span):
        if piece.start <= o0 - start < piece.stop:
            return piece.text.lower()
    return span.lower()


# a continent or a part of the world (a LOCATION, not the country «Южная Африка») is no
# organisation's seat: NEREL's HEADQUARTERED_IN of
# «Боруссия», «HSBC», «Верховный суд Евросоюза» in «Европа» is read off «европейский»
_CONTINENTS = frozenset(
    "европа азия африка америка антарктида евразия океания скандинавия балканы".split()  # noqa: SIM905
)


def _continent(name: str) -> bool:
    words = [w.replace("ё", "е") for w in lemmas(name)]
    return bool(words) and words[-1] in _CONTINENTS and len(words) <= 2


def _place_names_org(t: Triple, text: str) -> bool:
    before = text[max(0, t.object_span[0] - 60) : t.object_span[0]].lower()
    return t.object_span[1] > t.object_span[0] and bool(_ORG_BEFORE.search(before))


def unstated(
    relation: str, object_type: str, triples: Iterable[Triple], texts: Mapping[str, str]
) -> bool:
    """True when no evidence sentence of the fact states it (see the module docstring)."""
    triples = list(triples)
    checks: list[Callable[[Triple, str], bool]] = [_quote_cut]
    if relation == "PRODUCES":
        checks.append(_project)
    if relation == "WORKS_AS":
        checks.append(_role_cut)
    if relation in ("WORKPLACE", "MEMBER_OF") and object_type.upper() in _PLACES:
        checks.append(_place_names_org)
    if relation == "WORKPLACE" and object_type.upper() not in _PLACES:
        checks.append(_not_employed)
    if relation == "SUBORDINATE_OF":
        checks.append(_not_subordinate)
    if relation == "CONVICTED_OF":
        checks.append(_charge_cut)
    if relation == "TAKES_PLACE_IN":
        checks.append(_day_not_held)
    if (
        relation == "HEADQUARTERED_IN"
        and object_type.upper() == "LOCATION"
        and any(_continent(t.object) for t in triples)
    ):
        return True  # «Какая организация имеет штаб-квартиру в Европе ...?» (TRAIN read b)
    for check in checks:
        if triples and all(check(t, texts.get(t.doc_id, "")) for t in triples):
            return True
    sentences = [s for s in _sentences(triples, texts) if s]
    if not sentences:
        return False
    needs = _NEEDS.get(relation) or _MONEY_CUES.get(relation)
    if needs is not None and relation in _NEEDS and object_type.upper() in _PLACES:
        # the word in the place's own sentence: «Орешкин родился в 1982 году. Свою юность
        # провёл в Москве, Ховрино» is no birth in Ховрино (TRAIN read b)
        return not any(needs.search(_object_sentence(t, texts)) for t in triples)
    if needs is not None:
        return not any(needs.search(s) for s in sentences)
    if relation == "PRODUCES" and object_type == "PRODUCT":
        blanked = _sentences(triples, texts, names=False)
        if not any(_MADE.search(s) for s in blanked):
            return True  # «Пестициды Monsanto» ... «глифосат (Roundup)»: a product only implied
    if relation == "PRODUCES" and object_type in ("WORK_OF_ART", "PRODUCT"):
        return all(_performed(t, texts.get(t.doc_id, "")) for t in triples)
    if relation == "PARTICIPANT_IN":
        return all(_PLANNED.search(s) for s in sentences)
    if relation == "ORGANIZES":
        # an event still to come («на съезде партии в июле будут голосовать»): no template
        # tells the future, and the past would say it took place
        return all(_FUTURE.search(s) for s in sentences)
    if relation == "ORIGINS_FROM":
        return all(_REPRESENTS.search(s) and not _ORIGIN_CUES.search(s) for s in sentences)
    return False


# NEREL's SUBORDINATE_OF joins a deputy, an aide or a press secretary to the head, but also
# a client to his lawyer («Адвокат Александра Кокорина Андрей Ромашов»), an adviser to a
# campaign («главным советником избирательной кампании Бориса Ельцина»), a singer to her
# manager: «Кому подчинялся ...?» is true only of a subordinate's role told at the subject
_SUBORDINATE_ROLE = re.compile(
    r"заместител\w*|\bзам\b|\bзам(?:министр|глав|пред|директор)\w*|пресс-секретар\w*|"
    r"помощник\w*|помощниц\w*|ассистент\w*|референт\w*|подчин\w*|адъютант\w*"
)


def _not_subordinate(t: Triple, text: str) -> bool:
    """No subordinate's role is told at the triple's subject (its mention or the 60
    characters before it), so «подчинялся» / «начальник» would misstate the relation."""
    s0, s1 = t.subject_span
    if s1 <= s0:
        return True
    return _SUBORDINATE_ROLE.search(text[max(0, s0 - 60) : s1].lower()) is None


# a head's role noun right before the organisation («президент Института Пушкина», «глава
# «Металлоинвеста»») or a verb of heading right before it («возглавил «Михайловский ГОК»»)
_HEAD_ROLE = re.compile(
    r"(?:\bглав[аеуыо]й?|руководител\w*|гендиректор\w*|генеральн\w+ директор\w*|директор\w*|лидер\w*|"
    r"председател\w*|президент\w*|ректор\w*|начальник\w*|управляющ\w*)\s+[«\"]?$"
)
# a word before a head's role that makes its holder another («вице-президент Российской
# академии образования» is no head of it; e2e dev read 13); «исполняющий обязанности» heads
_DEPUTY = re.compile(
    r"(?:вице-|(?:\bзам|заместител\w*|помощни\w*|советник\w*|пресс-секретар\w*|"
    r"ассистент\w*|референт\w*)\s+(?:[а-яё-]+\s+)?)$"
)
_HEAD_VERB = re.compile(r"^[\s,]*(?:[а-яё]+\s+){0,3}?(?:возглав|руковод)\w*\s+[«\"]?$")


def _heads(t: Triple, text: str) -> bool:
    """The triple's own words make its subject the head of its object: a head's role before
    the organisation with the person's name right after it («президент Института Пушкина
    Виталий Костомаров») or right before it («Костомаров, президент ...»), or the person
    then a verb of heading («Варичев возглавил «Михайловский ГОК»»)."""
    (s0, s1), (o0, o1) = t.subject_span, t.object_span
    if s1 <= s0 or o1 <= o0:
        return False
    if 0 <= o0 - s1 <= 40 and _HEAD_VERB.match(text[s1:o0].lower()):
        return True
    role = _HEAD_ROLE.search(text[max(0, o0 - 40) : o0].lower())
    if role is None:
        return False
    start = max(0, o0 - 40) + role.start()
    if _DEPUTY.search(text[max(0, start - 30) : start].lower()):
        return False  # «вице-президент», «заместитель директора»: a deputy, not the head
    after = text[o1:s0] if s0 >= o1 else ""
    near_after = s0 >= o1 and len(after) <= 30 and not re.search(r"[.;!?]", after)
    near_before = s1 <= start and re.fullmatch(r"\s*[,—–-]?\s*", text[s1:start]) is not None
    return near_after or near_before


# toiling is no word for a head, a minister or a deputy («Где трудится Владимир Колокольцев?»)
_OFFICIAL = re.compile(
    r"глав[аеуыо]|руковод|директор|председател|президент|министр|губернатор|мэр\w*\b|сенатор|"
    r"депутат|начальник|ректор|посол|лидер|генсек|канцлер|премьер|управляющ"
)


_GRADUATED = re.compile(r"оконч\w*|законч\w*|выпускни\w*|диплом\w*")
_SCHOOL_VERBS = re.compile(
    r"\b(?:оконч\w*|законч\w*|выпускни\w*|диплом\w*|поступ\w*|учил(?:ся|ась|ись)|"
    r"учит(?:ся|ь?ся)|учащ\w*|обучал\w*|перев[её]л\w*|отчисл\w*|бросил\w*|студент\w*|"
    r"аспирант\w*)"
)


def _graduated(t: Triple, text: str) -> bool:
    """The school's own clause says one finished it: the last school verb before the
    school in its sentence is one of finishing («окончил МГУ», «выпускник МГУ»), or one comes
    right after it («МГУ он окончил»); not «В 1975 году окончил среднюю школу. В 1976 —
    поступил во ВГИК» (the other sentence's verb) nor «поступил во ВГИК, окончил Строгановку»."""
    start = t.sentence_span[0]
    o0, o1 = t.object_span
    before = text[start:o0].lower()
    cut = max(before.rfind(". "), before.rfind("! "), before.rfind("? "))
    before = before[cut + 1 :] if cut >= 0 else before
    verbs = _SCHOOL_VERBS.findall(before)
    if verbs:
        return bool(_GRADUATED.fullmatch(verbs[-1]))
    after = re.split(r"[,.;!?]", text[o1 : o1 + 40].lower(), maxsplit=1)[0]
    return bool(_GRADUATED.search(after))


def frame_stated(frame_id: str, triples: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A template may say its verb: it has no cue list, or a sentence of the fact holds one."""
    relation, _, name = frame_id.split(".", 2)
    if _names_a_city(frame_id) and any(_village(t, texts.get(t.doc_id, "")) for t in triples):
        return False  # «В каком городе родился ...?» of «родился в селе Покровском»
    if relation == "member_of" and name in ("band", "member", "members", "enters"):
        # a band («гитарист группы «Альянс»») is no «организация» one is a member of
        band = any(_band(t, texts.get(t.doc_id, "")) for t in triples)
        return band == (name == "band")
    if relation == "produces" and (name == "press" or _works_frame(frame_id)):
        press = any(_press(t, texts.get(t.doc_id, "")) for t in triples)
        return press == (name == "press")
    if relation in _EVENT_TIMES:
        # «Где пройдёт» for an event every sentence tells as coming, «Где прошёл» otherwise
        triples = list(triples)
        coming = bool(triples) and all(_coming(t, texts.get(t.doc_id, "")) for t in triples)
        return coming == name.endswith("_next")
    if relation == "workplace" and name.endswith("heads"):
        return any(_heads(t, texts.get(t.doc_id, "")) for t in triples)
    if relation == "schools_attended" and name == "graduated":
        return any(_graduated(t, texts.get(t.doc_id, "")) for t in triples)
    if relation == "workplace" and name.endswith("toils"):
        return not any(_OFFICIAL.search(s) for s in _sentences(triples, texts))
    if relation == "workplace" and name.endswith("repr"):
        triples = [t for t in triples if not _envoy_at(t, texts.get(t.doc_id, ""))]
    if relation == "workplace" and name in _AT_WORK:
        told = _sentences(triples, texts, names=False)
        if any(_PLAYS.search(s) for s in told) and not any(_WORK_VERBS.search(s) for s in told):
            return False  # «Нолан играл в ... Calgary Flames»: he played there, not worked
    if (
        relation == "workplace"
        and name in ("plays", "teams")
        and any(_club_staff(t, texts.get(t.doc_id, "")) for t in triples)
    ):
        return False  # «генеральный менеджер «Блюз» Даг Армстронг»: he plays for no one
    if (
        relation == "origins_from"
        and name == "roots"
        and triples
        and all(t.trigger.startswith(_ADJECTIVE_ORIGINS) for t in triples)
    ):
        return False  # «греческий певец»: a Greek, not one «родом из Греции» (TRAIN read e)
    cues = _FRAME_CUES.get((relation, name))
    if cues is None:
        return True
    return any(cues.search(s) for s in _sentences(triples, texts, names=False))


# a settlement the text calls by its kind right before its name («в селе Покровском»,
# «деревни Малые Вёшки»): no «город» for it
_SETTLEMENT = re.compile(
    r"(?:\bсел[оауеом]|\bсельц\w*|\bдеревн\w*|\bпос[её]л(?:ок|ка|ке|ку|ком)|\bпгт|"
    r"\bстаниц\w*|\bхутор\w*|\bаул\w*|\bкишлак\w*|\bместечк\w*)\s*[«\"]?$"
)


def _village(t: Triple, text: str) -> bool:
    o0, o1 = t.object_span
    if t.object_type.upper() != "CITY" or o1 <= o0:
        return False
    return bool(_SETTLEMENT.search(text[max(0, o0 - 25) : o0].lower()))


@lru_cache(maxsize=1)
def _city_frames() -> frozenset[str]:
    """Ids of the frames that call a CITY object «город» («{where}», «{from}», «{onoun}»)."""
    from dragon_bench.questions.templates import TEMPLATES

    out = set()
    for r in TEMPLATES.values():
        for f in (*r.ask, *r.many, *r.pred):
            if re.search(r"\{(?:where|from|onoun)\}|город", f.text):
                out.add(f.id)
        for d in r.describe:
            if re.search(r"\{(?:where|from|onoun)\}|город", d.head + d.clause):
                out.add(d.id)
    return frozenset(out)


_BAND = re.compile(r"(?:\bгрупп\w*|\bрок-групп\w*|\bколлектив\w*|\bансамбл\w*)\s*[«\"]?$")


def _band(t: Triple, text: str) -> bool:
    """The text names the organisation a band right before its name («группы «Альянс»»)."""
    o0, o1 = t.object_span
    return o1 > o0 and bool(_BAND.search(text[max(0, o0 - 25) : o0].lower()))


_PRESS = re.compile(r"газет\w*|журнал\w*|издани\w*|еженедельник\w*|таблоид\w*|ежедневник\w*")


def _press(t: Triple, text: str) -> bool:
    """The work is a newspaper or a magazine: the text says so right before its name or in
    it («газета «Ведомости»», «журнал Time», «Новая газета»)."""
    o0, o1 = t.object_span
    near = text[max(0, o0 - 25) : o1] if o1 > o0 else t.object
    return bool(_PRESS.search(near.lower()))


@lru_cache(maxsize=1)
def _works_frames() -> frozenset[str]:
    from dragon_bench.questions.templates import TEMPLATES

    r = TEMPLATES["PRODUCES"]
    frames = [(f.id, f.text) for f in (*r.ask, *r.many, *r.pred)]
    frames += [(d.id, d.head + d.clause) for d in r.describe]
    return frozenset(i for i, text in frames if "произведени" in text or "WORK" in i.upper())


def _works_frame(frame_id: str) -> bool:
    """A PRODUCES frame that calls its object a work («Какое произведение создал ...»)."""
    return frame_id in _works_frames()


def _names_a_city(frame_id: str) -> bool:
    return frame_id in _city_frames()


# a verb telling an event as coming, near its mention («в Казани пройдёт фестиваль»)
_COMING = re.compile(
    r"\bсостоится\b|\bсостоятся\b|\bпройд(?:[её]т|ут)\b|\bначн(?:[её]тся|утся)\b|"
    r"\bзаверш(?:ится|атся)\b|\bстарту(?:ет|ют)\b|\bоткро(?:ется|ются)\b|"
    r"\bбуд(?:ет|ут) проходить\b|\bпредстоящ\w*|\bнамечен\w*|\bзапланирован\w*"
)


def _coming(t: Triple, text: str) -> bool:
    """The event's own clause tells it as coming: a verb of `_COMING` within 40 characters
    of the event's mention, in its sentence."""
    (lo, hi), (s0, s1) = t.sentence_span, t.subject_span
    if s1 <= s0:
        return False
    return bool(_COMING.search(text[max(lo, s0 - 40) : min(hi, s1 + 40)].lower()))


# the relations of an event's place and time, told in the past or as coming
_EVENT_TIMES = frozenset({"takes_place_in", "point_in_time", "start_time", "end_time"})
# the «работать» frames of a workplace
_AT_WORK = frozenset({"where", "org", "orgs", "in", "employer"})
_AT_BODY = re.compile(r"\bпри\s+[«\"]?$", re.IGNORECASE)


def _envoy_at(t: Triple, text: str) -> bool:
    """The organisation is named after «при»: one is an envoy at it, of someone else
    («представителем России и СССР при ООН был Андрей Вышинский»: TRAIN read b, «Кто ...
    представлял Организацию Объединённых Наций?»)."""
    o0 = t.object_span[0]
    return t.object_span[1] > o0 and bool(_AT_BODY.search(text[max(0, o0 - 12) : o0]))


_SENTENCE = SENTENCE_BREAK


def told_of_another(relation: str, triples: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A sentence of the revision's texts tells the relation (its cue word) with the fact's
    object («родился в лондонском районе Тоттенем») and does not name the fact's subject:
    someone the KG may lack fits a description by this fact too. Only for relations with a
    cue list (births, deaths)."""
    cues = _NEEDS.get(relation)
    triples = list(triples)
    if cues is None or not triples:
        return False
    subjects: set[str] = set()
    objects: set[str] = set()
    for t in triples:
        text = texts.get(t.doc_id, "")
        for span, out in ((t.subject_span, subjects), (t.object_span, objects)):
            names = [w for w in text[span[0] : span[1]].split() if w[:1].isupper()]
            word = names[-1:] if out is subjects else text[span[0] : span[1]].split()[-1:]
            if word and len(word[0]) >= 4:
                out.add(word[0].lower()[: max(4, len(word[0]) - 2)])
    if not subjects or not objects:
        return False
    for text in texts.values():
        for sentence in _SENTENCE.split(text):
            low = sentence.lower()
            if (
                any(o in low for o in objects)
                and cues.search(low)
                and not any(x in low for x in subjects)
            ):
                return True
    return False


# bodies of many members or staff: a party, a chamber, a council, a government or ministry, an
# army, a league, a war or festival («член Коммунистической партии», «входит в Конгресс США», «работал в
# Госсовете», «принял участие в Серии А»): the texts tell of other members the KG may lack
# (Li Peng beside Wang Zhen, Sanders beside Gabbard)
_CROWDS = frozenset(
    (  # noqa: SIM905
        "партия конгресс парламент сенат дума госдума госсовет совет рада палата собрание "
        "кнессет бундестаг сейм меджлис хурал правительство кабмин кабинет министерство "
        "госдепартамент департамент госдеп мвд мид фсб армия флот войско лига серия "
        "чемпионат олимпиада союз коллегия комитет движение фронт церковь академия "
        # events of many participants («принял участие в Великой Отечественной войне»)
        "ассоциация университет война поход неделя фестиваль конкурс турнир кубок марафон "
        "парад митинг акция вмс вдв силы"
    ).split()
)
_CROWD_RELATIONS = frozenset({"MEMBER_OF", "WORKPLACE"})
# state awards given to thousands («Герой Социалистического Труда», «орден Дружбы народов»)
_MANY_AWARDS = frozenset(
    "орден медаль звание герой государственный ленинский сталинский заслуженный народный".split()  # noqa: SIM905
)


# a country of birth, origin, home or death is shared by millions («родом из СССР»)
_COUNTRY_RELATIONS = frozenset({"ORIGINS_FROM", "PLACE_OF_BIRTH", "PLACE_RESIDES_IN"})
_COUNTRY_RELATIONS |= {"PLACE_OF_DEATH"}


def many_hold(relation: str, obj: str, object_type: str = "") -> bool:
    """A person's fact that many people share: membership of or work in a body of many
    members, a part in an event, a boss, a country of birth, origin or home. Uniqueness in the KG does not make it a description
    of one person («тот, кто подчинялся Борису Ельцину»)."""
    if relation in _COUNTRY_RELATIONS:
        return object_type in ("COUNTRY", "NATIONALITY")
    if relation in ("PARTICIPANT_IN", "SUBORDINATE_OF"):
        return True  # an event has many participants, a head many subordinates
    if relation == "AWARDED_WITH":
        return any(w.replace("ё", "е") in _MANY_AWARDS for w in lemmas(obj))
    if relation not in _CROWD_RELATIONS:
        return False
    return any(w.replace("ё", "е") in _CROWDS for w in lemmas(obj))


def told_together(sentences: Iterable[set[tuple[str, tuple[int, int]]]]) -> bool:
    """One sentence tells every one of the facts (their `Fact.sentences`): roles held at once
    («композитор и дирижёр»), not successive ones told apart («двадцать лет был кадием» ...
    «стал муфтием»), which «совмещал» would misstate."""
    common: set[tuple[str, tuple[int, int]]] | None = None
    for found in sentences:
        common = set(found) if common is None else common & found
    return bool(common)
