"""Groups of `types.EntityType` the question part reasons with (one vocabulary: every Triple
normalises its types, so «PER» or «ORG» never reach here), and the nouns that name a kind of
organisation (one list for questions/names.py and questions/org_kinds.py), and the break
between a text's sentences that the screens split on."""

from __future__ import annotations

import re

from dragon_bench.types import EntityType as E

__all__ = [
    "SENTENCE_BREAK",
    "AGENTS",
    "INSTITUTIONS",
    "KIND_NOUNS",
    "NAMED_PLACES",
    "ORG_HEADS",
    "ORGS",
    "PEOPLE",
    "PLACES",
    "PROPER",
]

PEOPLE: frozenset[str] = frozenset({E.PERSON})
ORGS: frozenset[str] = frozenset({E.ORGANIZATION})
AGENTS: frozenset[str] = PEOPLE | ORGS
# places a «В каком городе / стране / регионе / районе» names by its type
NAMED_PLACES: frozenset[str] = frozenset({E.CITY, E.COUNTRY, E.STATE_OR_PROVINCE, E.DISTRICT})
PLACES: frozenset[str] = NAMED_PLACES | {E.LOCATION, E.FACILITY}
# kinds whose entities have proper names; a lower-case mention of one is a common noun
PROPER: frozenset[str] = AGENTS | PLACES

# Nouns that name a kind of organisation (lemmas, «ё» as «е»).
# The noun written right before an organisation's name as its kind («группы Talk Talk»,
# «немецкий концерн Bayer»: questions/org_kinds.py). Not every kind below: before a name
# «правительство ODS», «суд Евросоюза», «завод Volkswagen» name a part or a holder of it.
KIND_NOUNS: frozenset[str] = frozenset(
    (  # noqa: SIM905
        "группа рок-группа поп-группа ансамбль коллектив дуэт трио квартет оркестр хор "
        "компания концерн корпорация холдинг фирма банк фонд партия движение клуб команда "
        "агентство издательство лейбл студия телеканал канал телекомпания радиостанция газета "
        "журнал издание сеть авиакомпания автоконцерн производитель ритейлер оператор сервис "
        "магазин университет институт колледж академия школа театр музей ассоциация союз "
        "федерация лига альянс коалиция общество объединение организация группировка"
    ).split()
)
# kinds of institution: one of them named by its kind alone is no name («Администрация»)
INSTITUTIONS: frozenset[str] = frozenset(
    "администрация правительство министерство полиция суд парламент компания группа фирма "  # noqa: SIM905
    "банк завод больница школа университет институт театр музей клуб партия комитет совет "
    "служба управление прокуратура мэрия армия редакция агентство ведомство департамент "
    "холдинг концерн корпорация фонд ассоциация союз организация госдума правление".split()
)
# kinds written before a name that, as the head of a name of common words, leave it one
# («Пятый канал», «правоцентристская коалиция», «Сети базовой ренты»: names.common_words_name)
_NO_HEADS = frozenset(
    "рок-группа поп-группа коллектив дуэт трио квартет лейбл канал телекомпания издание сеть "  # noqa: SIM905
    "авиакомпания автоконцерн производитель ритейлер оператор сервис магазин коалиция "
    "группировка".split()
)
# heads that tell an organisation's name («Государственная дума», «Высшая партийная школа»)
ORG_HEADS: frozenset[str] = (
    INSTITUTIONS
    | (KIND_NOUNS - _NO_HEADS)
    | frozenset(
        "дума собрание палата центр сообщество комиссия училище бюро инспекция церковь флот "  # noqa: SIM905
        "войско штаб кабинет канцелярия посольство консульство коллегия сенат конгресс "
        "трибунал надзор верфь судоверфь комбинат фабрика электростанция биржа лаборатория "
        "сборная миссия орган рада муниципалитет гвардия разведка дивизия полк бригада отдел "
        "отделение консерватория гимназия лицей семинария епархия патриархия синод "
        "предприятие".split()
    )
)

# the break after a sentence's end mark or a line: the screens' quick split of a text
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")
