"""Entity identity: one id for the names of one entity across documents, never one id for
two entities that merely share a word.

An id is `TYPE:normalised canonical name` (`types.entity_id`). The canonical name folds the
usual alternative names of countries and international bodies («РФ», «Российская
Федерация» -> «Россия»); the type (all kinds of place count as LOCATION) keeps apart entities named alike (the country Россия is
`LOCATION:россия`, the TV channel «Россия» `ORGANIZATION:россия`). Persons are never folded
across documents by a shared surname: a one-word name is resolved within its own document
(`naming.resolve_people`) or stays an id of its own. Names that many entities bear — common
nouns, events, roles, generic organisation names — are scoped to their document
(`document_ids`).
"""

from __future__ import annotations

from dragon_bench.kg.mentions import Mention
from dragon_bench.kg.triggers import PLACES, PROPER, Found
from dragon_bench.nlp.lemmas import parses
from dragon_bench.types import EntityType, entity_id, entity_type

__all__ = [
    "PLACE_ALIASES",
    "ORGANIZATION_ALIASES",
    "canonical_name",
    "entity_id_of",
    "document_ids",
    "is_common",
    "COMMON_ABBREVIATIONS",
]


def _table(rows: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for canonical, names in rows.items():
        for name in [canonical, *names.split("|")]:
            out[_key(name)] = canonical
    return out


def _key(name: str) -> str:
    return " ".join(name.lower().replace("ё", "е").split())


PLACE_ALIASES = _table(
    {
        "Россия": "РФ|Российская Федерация|Россиийская Федерация",
        "США": "Соединённые Штаты|Соединённые Штаты Америки|Соединенные Штаты|Америка|USA",
        "Великобритания": "Британия|Соединённое Королевство|Объединённое Королевство|UK",
        "Германия": "ФРГ|Федеративная Республика Германия",
        "Китай": "КНР|Китайская Народная Республика",
        "КНДР": "Северная Корея|Корейская Народно-Демократическая Республика",
        "Южная Корея": "Республика Корея",
        "Белоруссия": "Беларусь|Республика Беларусь",
        "Украина": "Республика Украина",
        "Казахстан": "Республика Казахстан",
        "ОАЭ": "Объединённые Арабские Эмираты",
        "СССР": "Советский Союз",
        "Нидерланды": "Голландия",
        "Санкт-Петербург": "Петербург|Питер|СПб",
        "Москва": "г. Москва",
        "Чехия": "Чешская Республика",
        "ЮАР": "Южно-Африканская Республика|Южная Африка",
        "Молдавия": "Молдова|Республика Молдова",
        "Киргизия": "Киргизстан|Кыргызстан",
    }
)
ORGANIZATION_ALIASES = _table(
    {
        "ООН": "Организация Объединённых Наций",
        "Евросоюз": "ЕС|Европейский союз|Европейский Союз",
        "НАТО": "Организация Североатлантического договора|Североатлантический альянс",
        "ФСБ": "Федеральная служба безопасности|ФСБ России|ФСБ РФ",
        "МИД России": "МИД РФ|Министерство иностранных дел России|Министерство иностранных дел РФ",
        "Госдума": "Государственная дума|Государственная Дума|ГД",
        "МВД России": "МВД РФ|Министерство внутренних дел России",
        "МАГАТЭ": "Международное агентство по атомной энергии",
        "ВОЗ": "Всемирная организация здравоохранения",
        "Еврокомиссия": "Европейская комиссия",
        "Следственный комитет": "СК|СКР|СК России|Следственный комитет России|СК РФ",
        "Единая Россия": "ЕР|партия «Единая Россия»",
    }
)


def canonical_name(kind: str, name: str) -> str:
    """The canonical name of an entity of this type (its own name when no alias is known)."""
    key = _key(name.strip('«»"“” '))
    kind = entity_type(kind)
    if kind in PLACES:
        return PLACE_ALIASES.get(key, name)
    if kind == EntityType.ORGANIZATION:
        return ORGANIZATION_ALIASES.get(key, name)
    return name


def entity_id_of(kind: str, name: str) -> str:
    """The entity id of a mention named `name` of type `kind`; every kind of place (COUNTRY,
    CITY, ... as an LLM may type them) takes the LOCATION id the natasha extractor gives."""
    group = EntityType.LOCATION if entity_type(kind) in PLACES else kind
    return entity_id(group, canonical_name(kind, name))


# kinds whose common-noun mentions name a different thing in every text («выборы», «президент»)
_SCOPED = frozenset({EntityType.EVENT, EntityType.CRIME, EntityType.PENALTY, EntityType.PROFESSION})
_QUALIFYING = ("org_genitive", "org_adjective", "org_nested")


# abbreviations of common nouns that natasha's NER takes for names («российские СМИ»)
COMMON_ABBREVIATIONS = frozenset({"сми", "вуз", "нко", "чоп", "опг", "тэц", "аэс", "гэс"})


def is_common(kind: str, name: str) -> bool:
    """A common noun standing for a kind that has names («компания», «суд», «СМИ»): no
    question can name it, and it is no one entity."""
    if entity_type(kind) not in PROPER:
        return False
    if _key(name) in COMMON_ABBREVIATIONS:
        return True
    return not name[:1].isupper() and not name[:1].isdigit()


def _is_generic(name: str) -> bool:
    """A name made of dictionary words only («Верховный суд», «Вооружённые силы»): many
    organisations bear it, so it identifies none by itself."""
    words = [w for w in name.replace("«", " ").replace("»", " ").split() if w]
    if not words:
        return False
    for word in words:
        if not word.isalpha() or word.isupper() or not word[0].isupper() and word != word.lower():
            return False
        found = parses(word.lower())
        if not found or not found[0].is_known or any(g in found[0].tag for g in _PROPER_TAGS):
            return False  # a word pymorphy3 only guesses at is a name, not a dictionary word
        if not any(ch in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя" for ch in word.lower()):
            return False  # a Latin name
    return True


def _is_abbreviation(name: str) -> bool:
    """«ЦБ», «МВД», «Минфин» is not: an abbreviation many countries' bodies bear; a document
    that says whose it is («ЦБ Германии») keeps it apart from another country's."""
    return 2 <= len(name) <= 6 and name.isalpha() and name.isupper()


_PROPER_TAGS = ("Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Trad", "UNKN")


def document_ids(
    doc_id: str, text: str, names: dict[Mention, str], found: list[Found]
) -> dict[Mention, str]:
    """The entity id of every mention of one document. Common nouns of a kind that has names
    («компания») and events, crimes, penalties and roles are this document's own
    (`TYPE:name @doc`); an organisation with a generic name takes the place its document gives
    it («Верховный суд Израиля» -> `ORGANIZATION:верховный суд (израиль)`), or else is the
    document's own; everything else takes the global `entity_id_of`."""
    places: dict[str, str] = {}
    for f in found:
        if f.relation_type == "HEADQUARTERED_IN" and f.trigger in _QUALIFYING:
            where = canonical_name("LOCATION", names[f.object])
            places.setdefault(_key(names[f.subject]), where)
            first = names[f.subject].split()[0]
            if f.trigger == "org_nested" and _is_abbreviation(first):
                places.setdefault(_key(first), where)  # «МВД Киргизии»: the text's «МВД»
    out: dict[Mention, str] = {}
    for m, name in names.items():
        kind = entity_type(m.type)
        if kind in _SCOPED or is_common(kind, name):
            out[m] = entity_id(kind, f"{name} @{doc_id}")
        elif (
            kind == EntityType.ORGANIZATION
            and _key(name) not in ORGANIZATION_ALIASES
            and text[max(0, m.start - 1) : m.start] not in ("«", '"', "“")  # «Новая газета»
            and (_is_generic(name) or _is_abbreviation(name) and _key(name) in places)
        ):
            place = places.get(_key(name))
            qualified = f"{name} ({place})" if place else f"{name} @{doc_id}"
            out[m] = entity_id(kind, qualified)
        else:
            out[m] = entity_id_of(kind, name)
    return out
