"""Kinds of place: a LOCATION mention is a COUNTRY, CITY, STATE_OR_PROVINCE or DISTRICT when
its name or its sentence says so, so questions can ask «В какой стране», «В каком городе».

Evidence, first found wins: the name is a country's or a large city's (the lists below,
aliases through `entities.canonical_name`); the name ends in a word of a kind of region («Свердловская
область», «Косовский район»); a noun of a kind of place stands before it or takes it in
apposition («город Сочи», «в столице Украины Киеве», «штат Техас»). Every mention of one
entity in a document takes the kind one of them shows. A place with no such evidence stays
LOCATION (rivers, parts of the world, and places the text does not qualify).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from dragon_bench.kg.mentions import Mention, Sentence
from dragon_bench.types import EntityType as E

__all__ = ["COUNTRIES", "place_kinds"]


def _key(name: str) -> str:
    return " ".join(name.lower().replace("ё", "е").split())


# sovereign states (and a few states of the recent past news still name), canonical names as
# `entities.PLACE_ALIASES` gives them
COUNTRIES = frozenset(
    _key(n)
    for n in """
    Австралия|Австрия|Азербайджан|Албания|Алжир|Ангола|Андорра|Аргентина|Армения|Афганистан|
    Багамы|Бангладеш|Барбадос|Бахрейн|Белиз|Белоруссия|Бельгия|Бенин|Болгария|Боливия|
    Босния и Герцеговина|Ботсвана|Бразилия|Бруней|Буркина-Фасо|Бурунди|Бутан|Ватикан|
    Великобритания|Венгрия|Венесуэла|Вьетнам|Габон|Гаити|Гайана|Гамбия|Гана|Гватемала|Гвинея|
    Германия|Гондурас|Гренада|Греция|Грузия|Дания|Джибути|Доминикана|Египет|Замбия|Зимбабве|
    Израиль|Индия|Индонезия|Иордания|Ирак|Иран|Ирландия|Исландия|Испания|Италия|Йемен|
    Кабо-Верде|Казахстан|Камбоджа|Камерун|Канада|Катар|Кения|Кипр|Киргизия|Кирибати|Китай|
    КНДР|Колумбия|Коморы|Конго|Косово|Коста-Рика|Кот-д'Ивуар|Куба|Кувейт|Лаос|Латвия|Лесото|
    Либерия|Ливан|Ливия|Литва|Лихтенштейн|Люксембург|Маврикий|Мавритания|Мадагаскар|
    Малави|Малайзия|Мали|Мальдивы|Мальта|Марокко|Мексика|Мозамбик|Молдавия|Монако|Монголия|
    Мьянма|Намибия|Непал|Нигер|Нигерия|Нидерланды|Никарагуа|Новая Зеландия|Норвегия|ОАЭ|
    Оман|Пакистан|Палестина|Панама|Папуа — Новая Гвинея|Парагвай|Перу|Польша|Португалия|
    Россия|Руанда|Румыния|Сальвадор|Самоа|Сан-Марино|Саудовская Аравия|Северная Македония|
    Македония|Сейшелы|Сенегал|Сербия|Сингапур|Сирия|Словакия|Словения|Сомали|Судан|Суринам|
    США|Сьерра-Леоне|Таджикистан|Таиланд|Тайвань|Танзания|Того|Тонга|Тринидад и Тобаго|
    Тунис|Туркмения|Туркменистан|Турция|Уганда|Узбекистан|Украина|Уругвай|Фиджи|Филиппины|
    Финляндия|Франция|Хорватия|ЦАР|Чад|Черногория|Чехия|Чили|Швейцария|Швеция|Шри-Ланка|
    Эквадор|Экваториальная Гвинея|Эритрея|Эстония|Эфиопия|ЮАР|Южная Корея|Южный Судан|
    Ямайка|Япония|СССР|Югославия|Чехословакия|Абхазия|Южная Осетия|Доминиканская Республика|
    Центральноафриканская Республика|Демократическая Республика Конго|Республика Конго|
    Исламская Республика Иран|Французская Республика|Итальянская Республика
    """.replace("\n", "").split("|")
)

# cities the news names without saying they are cities
CITIES = frozenset(
    _key(n)
    for n in """
    Москва|Санкт-Петербург|Новосибирск|Екатеринбург|Казань|Нижний Новгород|Челябинск|Самара|
    Омск|Ростов-на-Дону|Уфа|Красноярск|Воронеж|Пермь|Волгоград|Краснодар|Саратов|Тюмень|
    Ижевск|Барнаул|Иркутск|Ульяновск|Хабаровск|Владивосток|Ярославль|Махачкала|Томск|
    Оренбург|Кемерово|Новокузнецк|Рязань|Астрахань|Пенза|Липецк|Киров|Чебоксары|Тула|
    Калининград|Курск|Ставрополь|Сочи|Тверь|Магнитогорск|Брянск|Иваново|Белгород|Сургут|
    Владимир|Архангельск|Калуга|Смоленск|Чита|Севастополь|Симферополь|Грозный|Мурманск|
    Якутск|Петрозаводск|Кострома|Новгород|Великий Новгород|Псков|Вологда|Орёл|Тамбов|
    Киев|Харьков|Одесса|Днепр|Донецк|Луганск|Львов|Минск|Астана|Алма-Ата|Алматы|Ташкент|
    Бишкек|Душанбе|Ашхабад|Баку|Ереван|Тбилиси|Кишинёв|Рига|Вильнюс|Таллин|
    Лондон|Париж|Берлин|Рим|Мадрид|Барселона|Лиссабон|Вена|Прага|Варшава|Будапешт|Бухарест|
    София|Белград|Загреб|Афины|Стамбул|Анкара|Брюссель|Амстердам|Гаага|Стокгольм|Осло|
    Копенгаген|Хельсинки|Дублин|Женева|Цюрих|Берн|Мюнхен|Франкфурт-на-Майне|Гамбург|Милан|
    Неаполь|Венеция|Флоренция|Марсель|Лион|Ницца|Канны|Эдинбург|Манчестер|Ливерпуль|
    Нью-Йорк|Лос-Анджелес|Чикаго|Сан-Франциско|Бостон|Майами|Хьюстон|Лас-Вегас|Сиэтл|
    Филадельфия|Детройт|Торонто|Монреаль|Оттава|Ванкувер|Мехико|Гавана|Каракас|Богота|Лима|
    Сантьяго|Буэнос-Айрес|Рио-де-Жанейро|Сан-Паулу|Бразилиа|Монтевидео|
    Пекин|Шанхай|Гонконг|Токио|Осака|Киото|Сеул|Пхеньян|Бангкок|Ханой|Манила|Джакарта|
    Дели|Нью-Дели|Мумбаи|Исламабад|Карачи|Кабул|Тегеран|Багдад|Дамаск|Алеппо|Бейрут|
    Иерусалим|Тель-Авив|Амман|Эр-Рияд|Дубай|Абу-Даби|Доха|Каир|Александрия|Триполи|Тунис|
    Алжир|Рабат|Найроби|Лагос|Претория|Йоханнесбург|Кейптаун|Аддис-Абеба|Сидней|Мельбурн|
    Канберра|Веллингтон
    """.replace("\n", "").split("|")
)
# names that are a city and a country alike: the country list wins
_CITY_STATES = frozenset(
    {"сингапур", "монако", "ватикан", "сан-марино", "кувейт", "алжир", "тунис"}
)


def _of(kind: str, words: str) -> dict[str, str]:
    return {w: kind for w in words.split()}


# nouns of a kind of place, standing before a name or taking it in apposition
_BEFORE = {
    **_of(E.CITY, "город столица мегаполис городок деревня село посёлок поселок станица аул"),
    **_of(E.CITY, "кишлак курорт"),
    **_of(E.COUNTRY, "страна государство королевство"),
    **_of(E.STATE_OR_PROVINCE, "штат область провинция край регион графство префектура"),
    **_of(E.STATE_OR_PROVINCE, "губерния земля кантон воеводство эмират"),
    **_of(E.DISTRICT, "район уезд боро"),
}
# the last word of a name that says its kind («Свердловская область»)
_LAST = {
    **_of(E.STATE_OR_PROVINCE, "область край штат провинция республика губерния графство"),
    **_of(E.STATE_OR_PROVINCE, "префектура воеводство автономия"),
    **_of(E.DISTRICT, "район округ уезд"),
}


def _dependent(toks: Sequence[Any], head: int, noun: int) -> bool:
    """The mention (head token) hangs on the noun as a genitive or prepositional dependent."""
    tok = toks[head]
    for _ in range(4):
        if tok.rel not in ("flat", "flat:name", "flat:foreign") or tok.head < 0:
            break
        tok = toks[tok.head]
    return tok.head == noun and tok.rel == "nmod"


def _kind_of(m: Mention, name: str, sent: Sentence, canonical: str) -> str:
    key = _key(canonical)
    if key in COUNTRIES:
        return E.COUNTRY
    if key in CITIES and key not in _CITY_STATES:
        return E.CITY
    words = _key(name).split()
    if len(words) >= 2 and words[-1] in _LAST:
        return _LAST[words[-1]]
    toks = sent.tokens
    inside = [t.i for t in toks if m.start <= t.start and t.end <= m.end] or [m.head]
    first = inside[0]
    before = first - 1
    # «город Сочи», «в городе Твери»; not «района Москвы», «столицы Татарстана» (a genitive
    # dependent of the noun is the place it lies in)
    if before >= 0 and toks[before].lemma in _BEFORE and not _dependent(toks, m.head, before):
        return _BEFORE[toks[before].lemma]
    head = m.head
    for _ in range(4):  # climb a flat name to the token that takes the apposition
        if toks[head].rel not in ("flat", "flat:name", "flat:foreign") or toks[head].head < 0:
            break
        head = toks[head].head
    tok = toks[head]
    if tok.rel == "appos" and tok.head >= 0 and toks[tok.head].lemma in _BEFORE:
        return _BEFORE[toks[tok.head].lemma]
    return ""


def place_kinds(
    mentions: Sequence[Mention],
    sents: Sequence[Sentence],
    names: Mapping[Mention, str],
    ids: Mapping[Mention, str],
    canonical: Mapping[Mention, str],
) -> dict[Mention, str]:
    """The kind of place of each LOCATION mention that shows one, every mention of an entity id
    taking the kind its mentions show most."""
    shown: dict[str, Counter[str]] = {}
    for m in mentions:
        if m.type != E.LOCATION:
            continue
        kind = _kind_of(m, names.get(m, m.text), sents[m.sent], canonical.get(m, m.text))
        if kind:
            shown.setdefault(ids.get(m, ""), Counter())[kind] += 1
    return {
        m: shown[ids.get(m, "")].most_common(1)[0][0]
        for m in mentions
        if m.type == E.LOCATION and ids.get(m, "") in shown
    }
