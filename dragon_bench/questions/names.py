"""Entity names as questions and answers show them: cleaned of extraction debris, nominative.

The KG part normalises NER spans with natasha, but some names still arrive as the text had
them («Гаагским Международный трибунал», «Обамы», «1974 году», «Уго|Уго Чавес»); a template
slot expects a nominative noun phrase and a gold answer should be one, so each display name
goes through `display_name` once per fact.
"""

from __future__ import annotations

import re
from collections.abc import Container
from functools import lru_cache
from typing import Any

from dragon_bench.nlp.lexicon import EVENT_NOUNS
from dragon_bench.questions.inflect import PARTICLES
from dragon_bench.questions.morph import analyzer, own_inflect
from dragon_bench.questions.vocab import INSTITUTIONS, ORG_HEADS, ORGS, PEOPLE

__all__ = [
    "MONTHS",
    "bare_surname",
    "PROPER_GRAMMEMES",
    "clean_name",
    "common_noun",
    "cut_short",
    "animate_role",
    "display_name",
    "full_words",
    "read_twice",
    "answer_name",
    "date_name",
    "text_forms",
    "text_surname",
    "nominative_name",
    "nominative_word",
    "is_nominative",
]

# genitive month names: «2 ноября» / «ноября 1948 года» are the nominative forms of dates
MONTHS = frozenset(
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split()  # noqa: SIM905
)
_MONTHS_NOMN = frozenset(
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split()  # noqa: SIM905
)
PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
_INFLECTING = frozenset({"NOUN", "ADJF", "PRTF"})
# values and titles keep the words of the text: «20 млн фунтов», «Пролетая над гнездом кукушки»
_VERBATIM_TYPES = frozenset(
    {"MONEY", "NUMBER", "PERCENT", "AGE", "ORDINAL", "TIME", "WORK_OF_ART", "LAW"}
)
_WORD = re.compile(r"^[А-Яа-яЁё][А-Яа-яЁё\-]*$")
_PLACE_PREPOSITIONS = frozenset({"в", "во", "на"})
_FOREIGN_ENDINGS = frozenset("уюиеоэ")


def read_twice(name: str) -> bool:
    """One name read twice («Кигели V Кигели V»); a doubled Latin word is a name of its own
    («Talk Talk», «Duran Duran»)."""
    words = name.split()
    half = len(words) // 2
    if not half or len(words) % 2 or words[:half] != words[half:]:
        return False
    return half > 1 or re.fullmatch(r"[A-Za-z][A-Za-z'’-]*", words[0]) is None


def clean_name(name: str) -> str:
    """Strip extraction debris: «Уго|Уго Чавес» -> «Уго Чавес», a trailing parenthesis
    («Джон Пистоль (John S. Pistole)») or an unclosed one, stray leading quotes («''Samsung»)."""
    if "|" in name:
        name = name.split("|")[-1]
    if read_twice(name):
        words = name.split()
        name = " ".join(words[: len(words) // 2])
    name = re.sub(r"\s*\([^()]*\)\s*$", "", name)  # a gloss in parentheses at the end
    name = re.sub(r"\s*\([^()]*$", "", name)  # an unclosed parenthesis
    if ")" in name and "(" not in name:
        name = name.split(")")[0]  # a closing one left of a gloss: «Вишнево) Воложинского»
    name = re.sub(r"^(?:''|``|[\"'])+", "", name.strip())
    name = _unbalanced_edge_marks(name)
    if name.count("«") != name.count("»"):
        name = name.replace("«", "").replace("»", "")
    if name.count('"') % 2:
        name = name.replace('"', "")
    return re.sub(r"\s+", " ", name).strip(" ,;:")


_EDGE_MARKS = "'’‘`"


def _unbalanced_edge_marks(name: str) -> str:
    """A name without an apostrophe or a quote mark left at its end from the text (a
    possessive or a closing quote: «Ferrero'», «Сэлис’»); a mark inside a name («O'Neill»,
    «Macy's») or one the name opens with as well («'Ferrero'» -> «Ferrero») is a pair or part
    of a word."""
    core = name.rstrip(_EDGE_MARKS)
    if core != name and not any(c in _EDGE_MARKS for c in core):
        return core.strip(_EDGE_MARKS)
    return name


def _case(tag: Any) -> str | None:
    case = tag.case
    return {"loc2": "loct", "gen2": "gent", "acc2": "accs", "voct": "nomn"}.get(case, case)


# an abbreviation with a case ending in small letters: «МХАТа», «МХАТе», «ЦСКА»'s «ЦСКА»
_ENDED_ABBREVIATION = re.compile(r"[А-ЯЁ]{2,}[а-яё]{1,3}")


def _restore(original: str, new: str) -> str:
    if original.isupper() and len(original) > 1:
        return new.upper()
    if _ENDED_ABBREVIATION.fullmatch(original) and new.upper() != new.lower():
        return new.upper()  # «МХАТа» -> «МХАТ», not «Мхат» (TRAIN read b, «в Мхате»)
    if original[:1].isupper():
        parts_o, parts_n = original.split("-"), new.split("-")
        if len(parts_o) == len(parts_n):
            return "-".join(
                n[:1].upper() + n[1:] if o[:1].isupper() else n
                for o, n in zip(parts_o, parts_n, strict=True)
            )
        return new[:1].upper() + new[1:]
    return new


def nominative_word(word: str) -> str | None:
    """The nominative of one inflected word when it cannot be nominative as it stands
    («Гориной» -> «Горина», «Гаагским» -> «Гаагский», «Обамы» -> «Обама»), else None."""
    if not _WORD.match(word) or (word.isupper() and len(word) > 1):
        return None  # abbreviations (ФСБ, РФ) do not inflect
    parses = [p for p in analyzer().parse(word.lower()) if p.tag.POS in _INFLECTING]
    if not parses or any("Fixd" in p.tag for p in parses):
        return None
    capital = word[:1].isupper()
    if capital:  # «Кате» is the name Катя before it is the noun «кат»
        # and one person's name before a family's: «Маккиным» is the instrumental of
        # «Маккин», not the dative of «Маккины» (issue #16)
        parses.sort(key=lambda p: (not PROPER_GRAMMEMES & p.tag.grammemes, p.tag.number == "plur"))
    if any(_case(p.tag) == "nomn" for p in parses):
        # a capitalised word read as a plural common noun may be a singular name in the
        # genitive (Обамы: обама, Surn, gent), which is what a name slot means
        proper_nomn = any(
            _case(p.tag) == "nomn"
            and PROPER_GRAMMEMES & p.tag.grammemes
            and (p.tag.number != "plur" or "Pltm" in p.tag)
            for p in parses
        )
        singular_nomn = any(_case(p.tag) == "nomn" and p.tag.number != "plur" for p in parses)
        if not capital or proper_nomn or singular_nomn:
            return None
        parses = [
            p for p in parses if PROPER_GRAMMEMES & p.tag.grammemes and p.tag.number == "sing"
        ]
        if not parses:
            return None
    if word.lower()[-1] in _FOREIGN_ENDINGS and not analyzer().word_is_known(word.lower()):
        return None  # an unknown name in -у/-и/-о (Роналду, Спейси) is indeclinable
    p = parses[0]
    if capital and p.tag.POS == "NOUN" and p.tag.number == "plur" and _case(p.tag) == "gent":
        return None  # «Хамад» read as a genitive plural (of хамада) is a name as it stands
    grams = {"nomn"}
    if p.tag.POS != "NOUN" and p.tag.number == "sing" and p.tag.gender:
        grams |= {"sing", str(p.tag.gender)}
    out = own_inflect(p, grams) or own_inflect(p, {"nomn"})
    if out is None or out.word == word.lower():
        return None
    return _restore(word, str(out.word))


def is_nominative(phrase: str) -> bool:
    """True unless a word of the phrase's head group (leading modifiers, the head noun and
    capitalised words right after it) cannot be nominative («Водителе для Веры», «Обамы»)."""
    return nominative_name(phrase) == phrase


def _date_nominative(words: list[str]) -> list[str]:
    out = list(words)
    for i, w in enumerate(words):
        low = w.lower()
        prev = words[i - 1] if i else ""
        if low in MONTHS and prev.isdigit():
            continue  # «2 ноября»
        if low in ("года", "году", "годом", "годе") and prev.isdigit():
            # «ноября 1948 года», «июль 2010 года» are dates; a lone «1974 году» is «1974 год»
            before = words[i - 2].lower() if i >= 2 else ""
            out[i] = w if before in MONTHS or before in _MONTHS_NOMN else "год"
            continue
        new = nominative_word(w)
        if new is not None:
            out[i] = new
    return out


# initials glued to a surname («Б.Обамы», «М.В.Ломоносова»): capitals, each with its dot
_GLUED_INITIALS = re.compile(r"(?:[А-ЯЁA-Z][а-яёa-z]?\.)+")


def _person_name(word: str) -> bool:
    """A capitalised word that continues a person's name (Катя Гориной, Барак Обама)."""
    if not word[:1].isupper():
        return False
    return any({"Name", "Surn", "Patr"} & p.tag.grammemes for p in analyzer().parse(word.lower()))


def nominative_name(name: str, entity_type: str = "") -> str:
    """The name with its head group in the nominative; values (sums, ages) stay as they are,
    dates keep the genitive of day-month-year («2 ноября 1948 года»)."""
    kind = entity_type.upper()
    if kind in _VERBATIM_TYPES or not name:
        return name
    tokens = name.split(" ")
    if any(p.tag.POS == "PREP" for p in analyzer().parse(tokens[0].lower())[:1]):
        return name  # a title («Об угрозах кибербезопасности ...») keeps its words
    if kind in ("DATE", "TIME"):
        return " ".join(_date_nominative(tokens))
    out = list(tokens)
    head_seen = False
    modifiers: list[int] = []
    for i, tok in enumerate(tokens):
        initials, dot, rest = tok.rpartition(".")
        if dot and initials and not _GLUED_INITIALS.fullmatch(initials + "."):
            break  # «им.Товстоногова», «г.Москвы»: an abbreviation and what depends on it
        if dot and rest and initials and _WORD.match(rest):
            # «Б.Обамы»: initials glued to the surname, which inflects
            new = nominative_word(rest)
            out[i] = f"{initials}.{new}" if new else tok
            head_seen = True
            continue
        core = tok.strip(",.;:")
        if not core or tok.startswith(("«", '"', "“", "(")) or core.lower() in _PLACE_PREPOSITIONS:
            break
        if core.lower() == "имени" or (tok.endswith(".") and core[:1].islower()):
            break  # «РГУ имени Косыгина», «завод им. Кирова»: the rest depends on «имени»
        if head_seen and not _person_name(core):
            break  # a dependent after the head (Министерство иностранных дел, Союз Советских)
        if not _WORD.match(core):
            if head_seen:
                break
            continue  # a Latin word or a number before the head
        new = nominative_word(core)
        if new is not None and kind in PEOPLE and _kept_foreign(core, tokens):
            new = None  # «Юн Фоссе» is no «Юн Фосс» in the prepositional (TRAIN read c)
        if new is None and kind in PEOPLE and i == 0 and len(tokens) > 1:
            new = _declined_first_name(core)  # «Анне Франк» -> «Анна Франк»
        if new is not None and kind in PEOPLE and _womans_first_name(core, new, tokens):
            new = None  # «Сона Ованнисян» is no «Сон Ованнисян» in the genitive
        if new is not None:
            out[i] = tok.replace(core, new, 1)
        word = new or core
        if any(p.tag.POS == "NOUN" for p in analyzer().parse(word.lower())[:1]):
            if not head_seen:
                _agree_modifiers(out, modifiers, word)
            head_seen = True
        elif not head_seen:
            modifiers.append(i)
    return " ".join(out)


def _kept_foreign(word: str, tokens: list[str]) -> bool:
    """A word of a person's name ending in «-е», as a foreign name may («Фоссе», «Дюпре»),
    that reads only as an oblique case no other word of the name can stand in («Юн Фоссе»:
    «Фоссе» the prepositional of «Фосс», «Юн» no prepositional): the name is written as it
    stands, an indeclinable name, not a case to undo."""
    if word[-1:].lower() != "е":
        return False
    cases = {_case(p.tag) for p in analyzer().parse(word.lower()) if p.tag.POS in _INFLECTING}
    if not cases or "nomn" in cases:
        return False
    others = [t.strip(",.;:") for t in tokens if t.strip(",.;:") != word]
    others = [t for t in others if _WORD.match(t) and t[:1].isupper()]
    return bool(others) and all(
        not cases & {_case(p.tag) for p in analyzer().parse(t.lower())} for t in others
    )


def _declined_first_name(word: str) -> str | None:
    """A woman's first name in «-е» that the dictionary reads both as an indeclinable name and
    as the dative or prepositional of a name in «-а»/«-я» («Анне»: Анне or Анна's dative):
    the declined name, the far likelier in a Russian text («Анне Франк» -> «Анна Франк»)."""
    if not word[:1].isupper() or not word.endswith("е"):
        return None
    parses = analyzer().parse(word.lower())
    if not any({"Name", "Fixd", "femn"} <= p.tag.grammemes for p in parses):
        return None  # «Ольге»: nominative_word puts it right; «Андре» is a man's
    for p in parses:
        lemma = str(p.normal_form)
        declined = "Name" in p.tag and "Fixd" not in p.tag and p.tag.gender == "femn"
        if declined and _case(p.tag) in ("datv", "loct") and lemma[-1:] in "ая":
            return _restore(word, lemma)
    return None


def _womans_first_name(word: str, new: str, tokens: list[str]) -> bool:
    """A first name in «-а»/«-я» read as a man's genitive («Сона» as «Сон»'s) before a
    consonant-final surname that stays as it is («Ованнисян»): a man's genitive would have
    declined the surname too («Сона Ованнисяна»), so the name is a woman's nominative."""
    last = tokens[-1].strip(",.;:")
    if word == last or word[-1:] not in "ая" or new[-1:] in "ая" or not _WORD.match(last):
        return False
    return (
        last[:1].isupper()
        and re.search(r"[бвгджзклмнпрстфхцчшщ]$", last) is not None
        and re.search(r"(?:ов|ев|ёв|ин|ын)$", last) is None
        and nominative_word(last) is None
    )


def _agree_modifiers(out: list[str], positions: list[int], head: str) -> None:
    """Make the adjectives before a nominative head agree with it in number and gender
    («Звёздный войны» -> «Звёздные войны»); others stay."""
    heads = [
        p for p in analyzer().parse(head.lower()) if p.tag.POS == "NOUN" and _case(p.tag) == "nomn"
    ]
    if not heads:
        return
    number, gender = heads[0].tag.number, heads[0].tag.gender
    for i in positions:
        word = out[i]
        parses = [p for p in analyzer().parse(word.lower()) if p.tag.POS in ("ADJF", "PRTF")]
        if not parses or not word[:1].isalpha():
            continue
        fits = any(
            _case(p.tag) == "nomn"
            and p.tag.number == number
            and (
                number == "plur" or gender not in ("masc", "femn", "neut") or p.tag.gender == gender
            )
            for p in parses
        )
        if fits:
            continue
        grams = {"nomn", "plur"} if number == "plur" else {"nomn", "sing", str(gender)}
        form = own_inflect(parses[0], grams)
        if form is not None:
            out[i] = _restore(word, str(form.word))


@lru_cache(maxsize=1)
def _event_nouns() -> frozenset[str]:
    return frozenset(EVENT_NOUNS)


def common_noun(word: str) -> bool:
    """True for a single dictionary word naming a role or an event, not a thing with a name
    («Убийца», «Заключенный», «Отставка» capitalised at the start of a sentence). Inanimate
    nouns (Кремль, Дума, «Яблоко») are often names, so they are not judged."""
    if " " in word.strip() or not _WORD.match(word) or (word.isupper() and len(word) > 1):
        return False
    low = word.lower()
    parses = analyzer().parse(low)
    if not parses or not analyzer().word_is_known(low):
        return False
    if any(PROPER_GRAMMEMES & p.tag.grammemes or "Abbr" in p.tag for p in parses):
        return False
    top = parses[0]
    if top.normal_form in _event_nouns():
        return True
    return top.tag.POS in ("PRTF", "ADJF") or (top.tag.POS == "NOUN" and top.tag.animacy == "anim")


def _place_before_name(words: list[str]) -> bool:
    """The first word the genitive of a place run into the name after it («архиепископ Абуджи
    Джон Олорунфеми Онайекан»: gold read a; «мэр Москвы Сергей Собянин»): a place in the
    genitive, or an unknown word in «-и»/«-ы» that is no name, before a first name the
    dictionary knows, with a surname after it."""
    if len(words) < 3 or not _WORD.match(words[0]) or not words[0][:1].isupper():
        return False
    low = words[0].lower()
    if analyzer().word_is_known(low):
        parses = analyzer().parse(low)
        place = all("Geox" in p.tag and _case(p.tag) != "nomn" for p in parses[:1])
    else:
        place = low[-1] in "иы"
    if not place:
        return False
    nxt = words[1].lower()
    return analyzer().word_is_known(nxt) and any(
        "Name" in p.tag and "Fixd" not in p.tag and _case(p.tag) == "nomn"
        for p in analyzer().parse(nxt)[:1]
    )


def _strip_role(name: str) -> str:
    """«Премьер-министр Джон Говард» -> «Джон Говард»: a role noun before a person's name."""
    words = name.split()
    if _place_before_name(words):
        words = words[1:]
    while len(words) > 1 and common_noun(words[0]):
        nxt = words[1]
        parses = analyzer().parse(nxt.lower())
        if not any("Name" in p.tag or "Surn" in p.tag for p in parses):
            break
        if parses[0].tag.POS == "ADJF":
            # «Папа Римский», «Патриарх Московский»: a title, its adjective no surname; a
            # name after it goes without both («Папа Римский Бенедикт XVI»)
            after = analyzer().parse(words[2].lower())[:1] if len(words) > 2 else []
            if not any("Name" in p.tag for p in after):
                break
            words = words[1:]
        words = words[1:]
    return " ".join(words)


_MONTH = r"(?:январ|феврал|март|апрел|ма|июн|июл|август|сентябр|октябр|ноябр|декабр)[а-яё]*"
_DATE = re.compile(
    rf"\d{{1,2}}\s+{_MONTH}(?:\s+\d{{4}}(?:\s+года)?)?|{_MONTH}\s+\d{{4}}\s+года|\d{{4}}(?:\s+год[а-я]*)?",
    re.IGNORECASE,
)


# a span of years («в 1934—1935 годах», «с 1934 по 1935 год»): its answer is the span
_YEARS = re.compile(r"(?:\b|с\s+)((?:1[0-9]|20)\d\d)\s*(?:[—–-]|по)\s*((?:1[0-9]|20)\d\d)\b")
# a span of days, months or decades is no date an answer can hold in one form
_OTHER_SPAN = re.compile(rf"\d\s*[—–-]\s*\d|\bс\s+\d[^,.;]*\bпо\s+\d|{_MONTH}\s*[—–-]\s*{_MONTH}")


def date_name(text: str) -> str:
    """The date a mention states, as an answer writes it («3 июня 2016 года», «2016 год»,
    «июня 2010 года», «1934—1935 годы»), or '' when it states none («несколько дней назад»,
    «в пятницу») or a span of another kind («1—3 июня»)."""
    spans = _YEARS.findall(text)
    if len(spans) == 1:
        return f"{spans[0][0]}—{spans[0][1]} годы"
    if spans or _OTHER_SPAN.search(text):
        return ""
    decade = re.search(r"\b(\d{3}0)-(?:е|х)\b", text)
    if decade:
        return f"{decade.group(1)}-е годы"  # «в 1990-х», not «1990»
    m = _DATE.search(text)
    if not m:
        return ""
    date = m.group(0)
    if re.fullmatch(r"\d{4}\s+год[а-я]*", date):
        return date.split()[0] + " год"
    first, _, rest = date.partition(" ")
    if not first[:1].isdigit() and first.lower() not in _MONTHS_NOMN:
        # «в марте 2019 года» -> «март 2019 года»
        low = first.lower()
        month = "май" if low[:2] == "ма" and low[2:3] != "р" else ""
        month = month or next((n for n in _MONTHS_NOMN if n[:3] == low[:3]), "")
        return f"{month} {rest}" if month else ""
    return date


def animate_role(name: str) -> str:
    """A role is a person: «критика» of «писатель и критика Авченко» is the genitive of
    «критик», «критики» of «писатели и критики» its plural, not the nominative of «критика»
    (criticism) pymorphy3 ranks first."""
    words = name.split()
    if not words or not re.fullmatch(r"[а-яё]+", words[0]):
        return name
    parses = analyzer().parse(words[0])
    if not any(p.tag.POS == "NOUN" and p.tag.animacy == "inan" for p in parses[:1]):
        return name
    person = next(
        (
            p
            for p in parses
            if p.tag.POS == "NOUN"
            and p.tag.animacy == "anim"
            and (
                (_case(p.tag) in ("gent", "accs") and p.tag.number == "sing")
                or (_case(p.tag) == "nomn" and p.tag.number == "plur")  # «писатели и критики»
            )
            and not {"Name", "Surn", "Patr"} & set(p.tag.grammemes)
        ),
        None,
    )
    if person is None:
        return name
    return " ".join([person.normal_form, *words[1:]])


def _singular_role(name: str) -> str:
    """«борцы» -> «борец», «игроки сборной» -> «игрок сборной»: one person holds one role."""
    words = name.split()
    if not words:
        return name
    parses = analyzer().parse(words[0].lower())
    p = next((p for p in parses if p.tag.POS == "NOUN" and p.tag.case == "nomn"), None)
    if p is None or p.tag.number != "plur" or "Pltm" in p.tag:
        return name
    one = p.inflect({"nomn", "sing"})
    if one is None:
        return name
    return " ".join([_restore(words[0], str(one.word)), *words[1:]])


def _head_nominative(name: str) -> str:
    """A common-noun phrase whose first word is most likely oblique («рака желчных протоков»)
    with that word in the nominative of its number; '' when it cannot be put so."""
    words = name.split()
    if not words or not _WORD.match(words[0]) or not analyzer().word_is_known(words[0].lower()):
        return name  # «Ростех»: pymorphy3 would guess a paradigm for an unknown word
    if words[0].isupper() and len(words[0]) > 1:
        return name  # «ИКСУ» is no dative of «икс»: an abbreviation does not inflect
    parses = [p for p in analyzer().parse(words[0].lower()) if p.tag.POS == "NOUN"]
    if not parses or _case(parses[0].tag) == "nomn":
        return name
    top = parses[0]
    form = top.inflect({"nomn", str(top.tag.number or "sing")})
    if form is None:
        return ""
    return " ".join([_restore(words[0], str(form.word)), *words[1:]])


_FEMININE_SURNAME = re.compile(r"(?:ова|ева|ёва|ина|ына|ская|цкая)\b")
_OBLIQUE_SURNAME = re.compile(r"(?:ого|его|ому|ему|ым|ой|ую)$")


def _likelier_man(parses: Any) -> bool:
    """A first name whose readings as a man's name in an oblique case outweigh its reading
    as a woman's nominative («Анатолия», «Евгения»; not «Юлия»): the gender of the whole
    name cannot be trusted from this form."""
    man = sum(p.score for p in parses if "Name" in p.tag and p.tag.gender == "masc")
    woman = sum(
        p.score
        for p in parses
        if "Name" in p.tag and p.tag.gender == "femn" and _case(p.tag) == "nomn"
    )
    return man > woman


def _womans_oblique(word: str, parses: list[Any], name: str) -> str:
    """A woman's first name in an oblique case that the dictionary also reads as a plural
    nominative («Дариги»: дарига's genitive, or «дарига» in the plural) beside a woman's
    surname: its singular nominative («Дарига»), else ''."""
    if not _FEMININE_SURNAME.search(name):
        return ""
    nominative = [p for p in parses if "Name" in p.tag and _case(p.tag) == "nomn"]
    woman = [
        p
        for p in parses
        if "Name" in p.tag and p.tag.gender == "femn" and p.tag.number == "sing"
        and _case(p.tag) != "nomn"
    ]  # fmt: skip
    if not woman or any(p.tag.number == "sing" for p in nominative):
        return ""
    lemma = woman[0].normal_form
    return lemma[:1].upper() + lemma[1:] if word[:1].isupper() else lemma


def _half_declined(before: list[str], after: list[str]) -> bool:
    """A person's name in which `nominative_name` undid the oblique case of one word but left
    another capitalised word that has no singular nominative reading (dev read 15, issue
    #16: «Лукасу Скаглии» -> «Лукас Скаглии», «Айссаты Хайдары» -> «Айссата Хайдары»): the
    nominative of that word cannot be trusted, so the name has no trusted form."""
    if len(before) != len(after) or before == after:
        return False
    genders = {
        str(p.tag.gender)
        for old, new in zip(before, after, strict=True)
        if old != new
        for p in analyzer().parse(new.strip(",.;:").lower())[:1]
        if p.tag.gender in ("masc", "femn")
    }
    for old, new in zip(before, after, strict=True):
        core = old.strip(",.;:")
        if old != new or not _WORD.match(core) or not core[:1].isupper() or core.isupper():
            continue
        if old == before[-1] and _womans_oblique_first(before[0], after[0], core):
            continue  # «Анны Франк»: a woman's consonant-final surname does not decline
        if (
            genders == {"masc"}
            and re.search(r"[бвгджзклмнпрстфхцчшщ][аы]$", core)
            and not analyzer().word_is_known(core.lower())
        ):
            return True  # «Акселя Штайнера» -> «Аксель Штайнера», «Степан Бандеры»
        # «Скаглии» as a woman's indeclinable name is no nominative beside «Лукас»
        if not any(
            p.tag.case == "nomn"
            and p.tag.number == "sing"
            and (
                len(genders) != 1 or p.tag.gender not in ("masc", "femn") or p.tag.gender in genders
            )
            for p in analyzer().parse(core.lower())
        ):
            return True
    return False


def _oblique_given_names(words: list[str]) -> bool:
    """A given name before the particle of a name («Шарля де Голля», «Мохаммеда бин
    Салмана», «Барбарой Сейшас де Фрейтас») that cannot be nominative or reads likelier as a
    man's oblique case than as a nominative («Роберта Де Ниро»; not «Марина», «Абдулла»); a
    leading particle («Абу Салима аль-Хашими») is skipped."""
    for i, word in enumerate(words):
        low = word.lower()
        if low in PARTICLES or low.split("-")[0] in PARTICLES:
            if i == 0:
                continue
            return False
        if not _WORD.match(word) or not word[:1].isupper():
            continue
        parses = analyzer().parse(low)
        man = {_case(p.tag) == "nomn" for p in parses if "Name" in p.tag and p.tag.gender == "masc"}
        # an unknown word in «-а» may be a woman's nominative («Моза бинт Насер»)
        guess = low[-1] in "ая" and not analyzer().word_is_known(low)
        if (nominative_word(word) is not None and not guess) or (
            man == {False} and _likelier_man(parses)
        ):
            return True
    return False


_CONSONANT_THEN_U = re.compile(r"[бвгджзклмнпрстфхцчшщь][ую]$")


def _guessed_case(before: list[str], after: list[str]) -> bool:
    """A person's first name the dictionary does not know, in a form of a Russian oblique
    case whose nominative would be a guess (issue #16): «Соне» read as «Соня» (or «Сона»?),
    «Соной» left as a man's nominative, «Марции», «Джареду Лафнеру» (a man's dative, the
    surname too); `after` is the name as `nominative_name` gave it."""
    word = before[0] if before else ""
    if len(before) < 2 or len(after) != len(before) or not re.fullmatch(r"[А-ЯЁ][а-яё]{3,}", word):
        return False
    low, last = word.lower(), before[-1].lower()
    if analyzer().word_is_known(low):
        return False
    changed = after[0] != word
    if low.endswith("ии") or (changed and re.search(r"[^аеёиоуыэюя]е$", low)):
        return True
    if not changed and re.search(r"(?:ой|ою|ею)$", low):
        return True
    return bool(_CONSONANT_THEN_U.search(low) and _CONSONANT_THEN_U.search(last))


def _womans_oblique_first(old: str, new: str, surname: str) -> bool:
    """A first name put in the nominative of a woman's name the dictionary knows («Анны» ->
    «Анна») before a consonant-final surname, which a woman's name leaves as it is."""
    if old == new or new[-1:] not in "ая" or not re.search(r"[бвгджзклмнпрстфхцчшщ]$", surname):
        return False
    return any(
        "Name" in p.tag and p.tag.gender == "femn" and _case(p.tag) == "nomn"
        for p in analyzer().parse(new.lower())
    ) and analyzer().word_is_known(new.lower())


def _lower_title(name: str) -> str:
    """A title before a person's name is no part of it and written small mid-sentence
    («Император Акихито» -> «император Акихито»; dev read 15, issue #16)."""
    words = name.split(" ")
    if len(words) < 2 or not common_noun(words[0]):
        return name
    return " ".join([_lower_role(words[0]), *words[1:]])


def _genitive_pair(words: list[str]) -> bool:
    """A first name that reads as a man's genitive before a surname the dictionary does not
    know in a consonant and «-а» («Тома Донилона», «Арлена Спектера»): a man's genitive
    (Том Донилон) as likely as a woman's nominative, so the name has no trusted form."""
    if len(words) < 2 or not re.fullmatch(r"[А-ЯЁ][а-яё]+[бвгджзклмнпрстфхцчшщ]а", words[-1]):
        return False
    if analyzer().word_is_known(words[-1].lower()) or _FEMININE_SURNAME.search(words[-1]):
        return False  # «Виктория Лопырёва»: a woman's Russian surname
    return any(
        "Name" in p.tag and "Fixd" not in p.tag and p.tag.gender == "masc"
        and _case(p.tag) in ("gent", "accs")
        for p in analyzer().parse(words[0].lower())
    )  # fmt: skip


def _person_nominative(name: str) -> str:
    """A person's name as a nominative: «Сергей Воробьева» (a man's genitive surname) ->
    «Сергей Воробьев»; '' when a word is left in an oblique form («Михаил Суходольского»,
    «Присцилле Чан», «Итиро Одзавой»)."""
    words = name.split()
    first = next(
        (w for w in words if any("Name" in p.tag for p in analyzer().parse(w.lower())[:1])), ""
    )
    if not first and len(words) > 1:
        # «Присцилле Чан» (TRAIN read a): the dictionary ranks a noun «присцилл» before the
        # name, and no reading of the word is a nominative
        opening = analyzer().parse(words[0].lower())
        # a plural reading («Юн»: the genitive plural of «Юна») is no one person's name
        if any("Name" in p.tag and p.tag.number == "sing" for p in opening[:2]) and not any(
            _case(p.tag) == "nomn" for p in opening
        ):
            return ""
    if _genitive_pair(words):
        return ""
    first_nomn = {
        str(p.tag.gender)
        for p in analyzer().parse(first.lower())
        if "Name" in p.tag and p.tag.case == "nomn"  # «Шона» (voct of «Шона») is no woman
    }
    masc = first_nomn == {"masc"}  # «Александра» may be a woman: no man's surname is made
    out = []
    for w in words:
        low = w.lower()
        parses = analyzer().parse(low)
        if w == first:
            if not any("Name" in p.tag and _case(p.tag) == "nomn" for p in parses):
                return ""
            woman = _womans_oblique(w, parses, name)
            if woman:
                out.append(woman)  # «Дариги Назарбаевой» -> «Дарига» (TRAIN reads a, b)
                continue
            oblique_man = any(
                "Name" in p.tag
                and "Fixd" not in p.tag
                and p.tag.gender == "masc"
                and _case(p.tag) != "nomn"
                for p in parses
            )
            if oblique_man and not _FEMININE_SURNAME.search(name):
                return ""  # «Анатолия Кулешов», «Виталия Маркива»: a man's name in the genitive
            if oblique_man and len(words) > 1 and _likelier_man(parses):
                return ""  # «Анатолия Кулешова» is more likely Анатолий Кулешов's genitive
        elif (
            masc
            and not analyzer().word_is_known(low)
            and re.search(r"[бвгджзклмнпрстфхцчшщ](?:у|ом|ем)$", low)
        ):
            return ""  # «Джо Локхарту»: a foreign surname with a Russian case ending
        elif masc and re.search(r"(?:ов|ев|ёв|ин|ын)а$", low):
            w = w[:-1]
        elif (
            len(words) > 1
            and parses
            and low[-2:] in ("ом", "ем")
            and all(_case(p.tag) == "ablt" for p in parses)
        ):
            return ""  # «Стив Хаффманом»: every reading of the word is the instrumental
        elif (
            len(words) > 1
            and not analyzer().word_is_known(low)
            and (
                masc
                and re.search(r"[бвгджзклмнпрстфхцчшщ]а$", low)
                or re.search(r"[бвгджзклмнпрстфхцчшщ](?:ом|ем)$", low)
                and len(low) > 5
            )
        ):
            return ""  # «Гэри Мак-Киннона», «Тронд Вернер Хансена», «Стив Хаффманом»: a
            # foreign surname in an oblique case
        elif _OBLIQUE_SURNAME.search(low) and (
            not analyzer().word_is_known(low) or not any(_case(p.tag) == "nomn" for p in parses)
        ):
            return ""
        elif len(words) > 1 and _family_or_oblique_part(w):
            return ""  # «Вера Гладковские», «Галина Юркову-Данелия»
        out.append(w)
    return " ".join(out)


_OBLIQUE_PART = re.compile(r"(?:ов|ев|ёв|ин|ын)(?:у|ым|ой|ою|е)$|(?:ого|его|ому|ему|ым|им|ой|ую)$")


def _family_or_oblique_part(word: str) -> bool:
    """A surname after a first name read only as a family's plural («Гладковские»), or one
    part of a double surname left in an oblique case («Юркову-Данелия», «Римского-Корсакова»):
    the name has no trusted nominative."""
    if not re.fullmatch(r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)*", word):
        return False
    parses = analyzer().parse(word.lower())
    nominative = {str(p.tag.number) for p in parses if _case(p.tag) == "nomn"}
    if "-" not in word:
        return nominative == {"plur"} and any(
            "Surn" in p.tag and re.search(r"(?:ов|ев|ёв|ин|ын|ий|ый|ой)$", p.normal_form)
            for p in parses
        )
    for part in word.lower().split("-"):
        known = analyzer().word_is_known(part)
        if _OBLIQUE_PART.search(part) and not (
            known and any(_case(p.tag) == "nomn" for p in analyzer().parse(part))
        ):
            return True
    return False


def common_words_name(name: str) -> bool:
    """An organisation's name, shown without quotes or its kind, that reads as common words
    or a place (read 11: «Когда была основана Справедливая помощь?» for a fund, «В какой
    стране базируется Барселона?» for a club): every word a dictionary word that is no name,
    the head no kind of organisation, or one word that names a place."""
    words = name.split()
    if not words or len(words) > 3 or any(not re.fullmatch(r"[А-ЯЁа-яё]+", w) for w in words):
        return False  # quoted, Latin, hyphenated, numbered: a name that looks like one
    if any(w.isupper() and len(w) > 1 for w in words):
        return False  # an abbreviation
    parses = [analyzer().parse(w.lower())[0] for w in words]
    if len(words) == 1 and "Geox" in parses[0].tag:
        return True  # «Барселона», «Динамо Москва» aside: a club named like its city
    if not all(analyzer().word_is_known(w.lower()) for w in words):
        return False
    if any(PROPER_GRAMMEMES & p.tag.grammemes for p in parses):
        return False
    head = next((p for p in parses if p.tag.POS == "NOUN"), None)
    if head is None or str(head.normal_form).replace("ё", "е") in ORG_HEADS:
        return False
    return all(p.tag.POS in ("NOUN", "ADJF", "PRTF") for p in parses) and len(words) > 1


def _bare_word(name: str) -> bool:
    if " " in name or not _WORD.match(name) or name.isupper():
        return False
    low = name.lower()
    parses = analyzer().parse(low)
    if not analyzer().word_is_known(low) or any(PROPER_GRAMMEMES & p.tag.grammemes for p in parses):
        return False
    return parses[0].tag.POS == "NOUN"


# regular adjective endings of oblique cases (a place's adjective pymorphy3 does not know:
# «Гегаркуникской области») -> (case, gender, nominative ending)
_OBLIQUE_ADJECTIVE = (
    ("ской", ("gent", "datv", "ablt", "loct"), "femn", "ская"),
    ("цкой", ("gent", "datv", "ablt", "loct"), "femn", "цкая"),
    ("ского", ("gent",), "masc", "ский"),
    ("скому", ("datv",), "masc", "ский"),
    ("ским", ("ablt",), "masc", "ский"),
    ("ском", ("loct",), "masc", "ский"),
)


def _regular_nominative(words: list[str]) -> str | None:
    """An unknown adjective of a regular oblique ending and a known noun in that case, both in
    the nominative («Гегаркуникской области» -> «Гегаркуникская область»), or None."""
    if len(words) != 2 or analyzer().word_is_known(words[0].lower()):
        return None
    low = words[0].lower()
    for ending, cases, gender, nominative in _OBLIQUE_ADJECTIVE:
        if not low.endswith(ending) or len(low) <= len(ending) + 2:
            continue
        for head in analyzer().parse(words[1].lower()):
            if head.tag.POS != "NOUN" or head.tag.number != "sing" or _case(head.tag) not in cases:
                continue
            if head.tag.gender != gender and not (gender == "masc" and head.tag.gender == "neut"):
                continue
            form = head.inflect({"nomn", "sing"})
            if form is None:
                return None
            end = nominative if head.tag.gender == gender else nominative[:-2] + "ое"
            return f"{words[0][: -len(ending)]}{end} {_restore(words[1], str(form.word))}"
    return None


def _agreeing_nominative(name: str) -> str | None:
    """A phrase of singular adjectives and a noun read in one oblique case together
    («Государственной Думы» -> «Государственная Дума»), or a noun and the one capitalised
    adjective after it («Папы Римского» -> «Папа Римский»), or None when no such reading
    exists."""
    words = name.split()
    mods: list[list[Any]] = []
    i = 0
    while i < len(words) and _WORD.match(words[i]):
        adj = [p for p in analyzer().parse(words[i].lower()) if p.tag.POS in ("ADJF", "PRTF")]
        if not adj:
            break
        mods.append(adj)
        i += 1
    if not mods and len(words) == 2 and _WORD.match(words[1]):
        adj = [p for p in analyzer().parse(words[1].lower()) if p.tag.POS in ("ADJF", "PRTF")]
        if adj and not any(_case(p.tag) == "nomn" for p in adj):
            # «Римского» has no nominative reading: «Папы» is its noun's genitive, not a plural;
            # a person's title only («обхода Чусового» is a bypass of the town Чусовой)
            both = _agreed(words[1:] + words[:1], [adj], title=True)
            return None if both is None else " ".join(both[1:] + both[:1])
    if not mods or i >= len(words) or not _WORD.match(words[i]):
        return None
    if not all(analyzer().word_is_known(w.lower()) for w in words[: i + 1]):
        return _regular_nominative(words)
    return None if (out := _agreed(words, mods)) is None else " ".join(out)


def _agreed(words: list[str], mods: list[list[Any]], title: bool = False) -> list[str] | None:
    """`words` with its first `len(mods)` adjectives (their readings `mods`) and the noun
    after them put in the nominative, read in one oblique case together; None if none is.
    A `title` noun is a declinable one naming a person («Папы», not «Мисс»)."""
    i = len(mods)
    for head in analyzer().parse(words[i].lower()):
        if head.tag.POS != "NOUN" or _case(head.tag) == "nomn":
            continue
        if title and (head.tag.animacy != "anim" or "Fixd" in head.tag):
            continue
        case, gender, number = _case(head.tag), head.tag.gender, str(head.tag.number)
        chosen = []
        for adj in mods:
            fit = [
                p
                for p in adj
                if _case(p.tag) == case
                and p.tag.number == number
                and (number == "plur" or p.tag.gender == gender)
            ]
            if not fit:
                break
            chosen.append(fit[0])
        if len(chosen) != len(mods):
            continue
        out = list(words)
        for j, p in enumerate(chosen):
            grams = {"nomn", "plur"} if number == "plur" else {"nomn", "sing", str(gender)}
            form = own_inflect(p, grams)
            if form is None:
                return None
            out[j] = _restore(words[j], str(form.word))
        form = head.inflect({"nomn", number})
        if form is None:
            return None
        out[i] = _restore(words[i], str(form.word))
        return out
    return None


_VALUES = frozenset({"MONEY", "NUMBER", "PERCENT", "ORDINAL", "TIME"})


_PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"})


def _plural_common_noun(words: list[str]) -> bool:
    """One word the dictionary knows only as a common noun, read as a plural («Выплаты»,
    «Выборы», «Переговоры»: TRAIN read b, «приняла участие в Выплатах»)."""
    if len(words) != 1 or not analyzer().word_is_known(words[0].lower()):
        return False
    parses = analyzer().parse(words[0].lower())
    if any(p.tag.POS != "NOUN" or _PROPER_GRAMMEMES & p.tag.grammemes for p in parses[:2]):
        return False
    top = parses[0].tag
    return words[0][:1].isupper() and top.number == "plur" and _case(top) in ("nomn", "accs")


def _unknown_oblique(name: str) -> bool:
    """A one-word place in «-е» the dictionary does not know whose every reading is an
    oblique case («Каслтоне», «Тусоне»: guessed as a woman's name «Каслтоня» in the dative): its
    nominative («Каслтон»? «Каслтона»?) cannot be told, so it is not answered."""
    words = name.split()
    if len(words) != 1 or not re.fullmatch(r"[А-ЯЁ][а-яё]+е", words[0]):
        return False  # the prepositional's «-е» («в Каслтоне»); «Невада», «Малибу» stay
    low = words[0].lower()
    if analyzer().word_is_known(low):
        return False
    parses = analyzer().parse(low)
    return bool(parses) and not any(_case(p.tag) == "nomn" for p in parses)


def _unknown_oblique_word(word: str) -> bool:
    """A small-letter word the dictionary does not know whose every noun or adjective
    reading is an oblique case («голеадором», guessed as the instrumental of «голеадор»): its
    nominative is a guess, so the name is not answered."""
    if not _WORD.match(word) or not word[:1].islower() or analyzer().word_is_known(word):
        return False
    parses = [p for p in analyzer().parse(word) if p.tag.POS in _INFLECTING]
    return bool(parses) and not any(_case(p.tag) == "nomn" for p in parses)


def _dedicated(word: str) -> bool:
    """A place name opening with a person in the genitive («Достоевского», «Вернадского»,
    «Космонавта Волкова»): the name of the one a street, a square or a station is named
    after, whose head noun («улица», «проспект») the mention leaves out. Its nominative
    («Достоевский») names the person, not the place, so the place is not shown."""
    low = word.lower()
    parses = analyzer().parse(low)
    # «Гагарина», «Ленина» read as a woman's surname or a possessive in the nominative too
    if not parses or any(
        _case(p.tag) == "nomn"
        and not {"Surn", "femn"} <= p.tag.grammemes
        and "Poss" not in p.tag
        and not ({"Name", "plur"} <= p.tag.grammemes or {"Surn", "plur"} <= p.tag.grammemes)
        for p in parses
    ):
        return False
    top = parses[0].tag
    person = bool({"Surn", "Name", "Patr"} & set(top.grammemes))
    return top.case == "gent" and (person or (top.POS == "NOUN" and top.animacy == "anim"))


_AGE = re.compile(r"^(\d+)\s+(?:год|года|лет|годов)$")


def _years(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "год"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "года"
    return "лет"


def _dative_dependent(role: str) -> bool:
    """The capitalised word right after a role's head noun cannot be its genitive dependent
    (nor a nominative name): «глава Республике Башкортостан»."""
    words = role.split()
    if len(words) < 2 or not re.fullmatch(r"[А-ЯЁ][а-яё]+", words[1]):
        return False
    low = words[1].lower()
    if not analyzer().word_is_known(low):
        return False
    return not any(_case(p.tag) in ("gent", "nomn") for p in analyzer().parse(low))


_OBLIQUE_ORDINAL = re.compile(r"^\d+-(?:го|му|ом|м|ой|ую|х|ми)\b")


def answer_name(name: str, entity_type: str = "") -> str:
    """The name as a question or an answer shows it, in the nominative, or '' when that form
    cannot be trusted: a person's name word by word (`_person_nominative`), a phrase by its
    head group (agreeing modifiers and head; dependents stay), a date as the text states it,
    an age counted right («93 года»), a role in the singular, a title of a work in quotes."""
    kind = entity_type.upper()
    cleaned = one_script(clean_name(name) or name)
    if kind in ("DATE",):
        return date_name(cleaned)
    if kind in _VALUES:
        return cleaned
    if kind == "AGE":
        m = _AGE.match(cleaned) or re.match(r"^(\d+)(?:-х)?[- ]летн", cleaned)
        return f"{m.group(1)} {_years(int(m.group(1)))}" if m else ""
    if kind in PEOPLE:
        if any(w.lower() in PARTICLES for w in cleaned.split()):
            # «Хамад Аль Тани» is no «Таня»: such a name is left as written, unless written
            # in an oblique case («Шарля де Голля»), which leaves it no trusted form
            return "" if _oblique_given_names(cleaned.split()) else cleaned
        stripped = _strip_role(cleaned)
        shown = _person_nominative(nominative_name(stripped, kind))
        if _half_declined(stripped.split(), shown.split()) or _guessed_case(
            stripped.split(), shown.split()
        ):
            return ""  # «Лукасу Скаглии» -> «Лукас Скаглии»: only one word's case undone
        return _lower_title(shown)
    if kind == "WORK_OF_ART":
        cleaned = _title_with_part(name, cleaned)
        return cleaned if cleaned[:1] in '«"' else f"«{cleaned}»"
    quoted = re.fullmatch(r"«([^«»]+)»", cleaned)
    if quoted:
        inner = answer_name(quoted.group(1), kind).strip("«»")
        return f"«{inner}»" if inner else ""
    words = cleaned.split()
    if not words or any(
        analyzer().parse(w.lower())[0].tag.POS == "PREP" for w in (words[0], words[-1])
    ):
        return ""  # «В первом туре», «Президентские выборы в»: a cut phrase, not a name
    if kind in ("FACILITY", "LOCATION") and _dedicated(words[0]):
        return ""  # «на углу Достоевского»: a street named after someone, its head left out
    shown = _agreeing_nominative(cleaned) or _head_nominative(cleaned)
    if _OBLIQUE_ORDINAL.match(shown):
        return ""  # «1-го Украинского фронта»: an ordinal left in an oblique case
    ordinal = re.match(r"^\d+-й\s+([А-Яа-яЁё]+)", shown)
    if ordinal and not any(
        _case(p.tag) == "nomn" and p.tag.gender == "masc" and p.tag.number == "sing"
        for p in analyzer().parse(ordinal.group(1).lower())
        if p.tag.POS in ("NOUN", "ADJF")
    ):
        return ""  # «1-й армии США»: «-й» of a woman's noun is an oblique case
    head = shown.split()[0] if shown.split() else ""
    head = head.split("-")[0] if "-" in head and len(head.split("-")[0]) > 4 else head
    if (
        _WORD.match(head)
        and not (head.isupper() and len(head) > 1)
        and analyzer().word_is_known(head.lower())
        and not any(_case(p.tag) == "nomn" for p in analyzer().parse(head.lower()))
    ):
        return ""  # «временным главой администрации»: left in an oblique case
    if _unknown_oblique_word(head):
        return ""  # «голеадором»: a word the dictionary does not know, read only as oblique
    if kind == "PROFESSION":
        if _dative_dependent(shown):
            return ""  # «глава Республике Башкортостан» (a slip of the text): no role name
        return _lower_role(_singular_role(animate_role(shown)))
    if kind == "NATIONALITY":
        # a people's noun is written small («китаянка»), even where a sentence opens with it
        return _lower_role(_singular_role(shown))
    if kind == "EVENT" and any(
        analyzer().parse(w.lower())[0].tag.POS in ("VERB", "PRTS", "INFN") for w in words
    ):
        return ""  # «Премия вручена»: a clause, not an event's name
    if kind == "EVENT" and _plural_common_noun(words):
        return ""  # «Выплаты», «Выборы»: a common noun capitalised, no event's name
    if kind in ("IDEOLOGY", "RELIGION") and any(
        p.tag.animacy == "anim" for p in analyzer().parse(words[0].lower())[:1]
    ):
        return ""  # «мусульмане», «демократы» are people, not a faith or views
    if kind in ("PENALTY", "CRIME", "DISEASE", "IDEOLOGY", "AWARD") and (
        re.search(r"\d", shown)
        and kind == "PENALTY"
        or analyzer().parse(words[0].lower())[0].tag.POS not in ("NOUN", "ADJF", "PRTF")
    ):
        return ""  # «40 годы тюремного заключения», «заочно арестован»
    if kind in ("CITY", "COUNTRY", "STATE_OR_PROVINCE", "DISTRICT") and not re.search(
        "[А-Яа-яЁё]", shown
    ):
        return ""  # «Libya»: a place is answered in Russian
    if kind in _PLACE_KINDS:
        place = _place_word_nominative(cleaned)
        if place is not None:
            return place  # «в Солнцеве» -> «Солнцево», not the surname «Солнцев»
        shown = _hyphenated_nominative(shown)
        if not shown:
            return ""  # «Урбане-Шампейне»: a hyphenated place left in an oblique case
        if _unknown_oblique(shown):
            return ""  # «Каслтоне» (TRAIN read b): read only as a name's oblique case
    if kind in ORGS and _bare_word(shown):
        if analyzer().parse(shown.lower())[0].normal_form in INSTITUTIONS:
            return ""  # «Администрация», «Правительство»: which one?
        return f"«{shown}»"  # «Турбина», «Спартак»: a club named by a common word
    return shown


_PLACE_KINDS = frozenset({"CITY", "COUNTRY", "STATE_OR_PROVINCE", "DISTRICT", "LOCATION"})


_SCRIPTS = (re.compile(r"[A-Za-z]"), re.compile(r"[А-Яа-яЁё]"))


def _title_with_part(name: str, cleaned: str) -> str:
    """A title whose last part is in parentheses, capitalised and in the title's own script
    («Break On Through (To the Other Side)»), keeps it; `clean_name` cuts a gloss there
    («Пролетая над гнездом кукушки (One Flew Over the Cuckoo's Nest)», «(роман)»)."""
    m = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", one_script(name.strip()))
    if m is None or m.group(1).strip() != cleaned or not m.group(2)[:1].isupper():
        return cleaned
    title, part = m.group(1), m.group(2)
    if any(bool(s.search(title)) != bool(s.search(part)) for s in _SCRIPTS):
        return cleaned
    return f"{title} ({part})"


def _place_word_nominative(name: str) -> str | None:
    """A one-word place in an oblique case read by its place readings alone: «Солнцеве»,
    «Иванове», «Бутове» are the surnames «Солнцев», «Иванов» to pymorphy3 first, the places
    «Солнцево», «Иваново», «Бутово» as places; «Королёве» is «Королёв». None when the word
    has no place reading in a case other than the nominative, or may be nominative."""
    if not _WORD.match(name) or not name[:1].isupper() or name.isupper():
        return None
    if not analyzer().word_is_known(name.lower()):
        return None  # a guessed place reading («Уинчестере» -> «Уинчестёра») is no reading
    parses = [p for p in analyzer().parse(name.lower()) if p.tag.POS == "NOUN"]
    if not parses or any(_case(p.tag) == "nomn" for p in parses):
        return None
    places = [p for p in parses if "Geox" in p.tag]
    if not places or all("Geox" in p.tag for p in parses):
        return None  # no other reading to mistake it for: the usual path
    forms = []
    for p in places:
        out = own_inflect(p, {"nomn"})
        if out is not None and str(out.word) not in forms:
            forms.append(str(out.word))
    if len(forms) != 1:
        return None
    return _restore(name, forms[0])


def _hyphenated_nominative(shown: str) -> str:
    """The place with each part of a hyphenated capitalised word in the nominative
    («Баден-Бадене» -> «Баден-Баден»), or '' when a part has no nominative reading and none
    can be made («Урбане-Шампейне»: the guesser reads both parts only as oblique cases)."""
    words = shown.split(" ")
    for i, word in enumerate(words):
        parts = word.split("-")
        if len(parts) < 2 or not all(part[:1].isupper() for part in parts):
            continue
        if analyzer().word_is_known(word.lower()):
            continue  # «Нью-Йорк», «Йошкар-Ола»: the dictionary knows the whole word
        for j, part in enumerate(parts):
            if not _WORD.match(part) or len(part) < 4 or part.isupper():
                continue
            if any(_case(p.tag) == "nomn" for p in analyzer().parse(part.lower())):
                continue
            new = nominative_word(part)
            if new is None:
                return ""
            parts[j] = new
        words[i] = "-".join(parts)
    return " ".join(words)


_PROPER_GRAMMEMES_OF_ROLES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Trad"})


def _lower_role(role: str) -> str:
    """A role capitalised only by its place at a sentence's start («Глава «Металлоинвеста»»,
    «Гендиректор») in lower case; a role that is a name («Папа Римский» aside) stays."""
    first = role.split(" ")[0] if role else ""
    core = first.split("-")[0]
    if not core[:1].isupper() or core.isupper() or not re.fullmatch(r"[А-ЯЁ][а-яё]+", core):
        return role
    low = core.lower()
    parses = analyzer().parse(low)[:1]
    if not analyzer().word_is_known(low) or any(
        _PROPER_GRAMMEMES_OF_ROLES & set(p.tag.grammemes) for p in parses
    ):
        return role
    if low in ("папа", "патриарх"):
        return role  # «Папа Римский»: written with a capital
    return role[:1].lower() + role[1:]


# Latin letters a Russian word is typed with by mistake («Католичеcкой»: a Latin «c»)
_LOOKALIKES = str.maketrans("aceopxyABCEHKMOPTX", "асеорхуАВСЕНКМОРТХ")
_MIXED = re.compile(r"\b(?=\w*[А-Яа-яЁё])(?=\w*[A-Za-z])\w+\b")


def one_script(name: str) -> str:
    """The name with each word that mixes Cyrillic and Latin letters written in Cyrillic
    («лидер Католичеcкой церкви»), other words as they are («Victoria’s Secret»)."""
    return _MIXED.sub(lambda m: m.group(0).translate(_LOOKALIKES), name)


def display_name(name: str, entity_type: str = "") -> str:
    """What a question or an answer shows for an entity: `clean_name` in one script per word,
    a person's name without a role before it, then `nominative_name`."""
    cleaned = one_script(clean_name(name) or name)
    if entity_type.upper() in PEOPLE:
        cleaned = _strip_role(cleaned)
    return nominative_name(cleaned, entity_type)


def full_words(name: str) -> int:
    """How many words of a name are written out, not initials («А. Арапов»: 1)."""
    return sum(1 for w in name.split() if not _GLUED_INITIALS.fullmatch(w))


def role_of(role: str, gender: str) -> str:
    """A one-word role declined like an adjective in the gender of the person who holds it:
    «телеведущий» for Ксения Собчак is «телеведущая»; other roles are left as they are."""
    if gender != "femn" or " " in role or not re.search(r"(?:ий|ый|ой)$", role):
        return role
    for p in analyzer().parse(role.lower())[:1]:
        form = p.inflect({"femn", "sing", "nomn"})
        if form is not None and str(form.word).endswith("ая"):
            return _restore(role, str(form.word))
    return role


# endings a man's surname declined like «Падован» takes; those of a surname in «-а» like
# «Мендонса» (and Russian women's surnames, «Смелкова»/«Смелковой») besides its nominative
_MASC_ENDINGS = ("а", "у", "ом", "е")
_A_ENDINGS = ("ы", "и", "ой", "ей")  # not «е», «у»: «Трампу», «Трампе» are a man's too
_FEMININE_SURNAME = re.compile(r"(?:ова|ева|ёва|ина|ына|ская|цкая)$")


def text_surname(name: str, forms: Container[str]) -> str:
    """A person's name with its last word in the nominative the texts support, `forms` the
    words and the pairs of adjacent words of the texts that mention the person: «Андреа
    Падована» is «Андреа Падован» when the texts write «Андреа Падован» too; «Джордж Мендонс»
    (pymorphy3 reading «Мендонса» as a man's genitive) or «Мендонсы» is '' (no trusted form)
    when the texts never write «Мендонс» and decline «Мендонса», «Мендонсы». Any other name
    is returned as it is."""
    words = name.split()
    if not words or not words[-1][:1].isupper() or "-" in words[-1]:
        return name
    words = _text_first_name(words, forms)
    name = " ".join(words)
    last, before = words[-1], words[-2] if len(words) > 1 else ""
    if not _FEMININE_SURNAME.search(last.lower()):
        for end in _MASC_ENDINGS:
            base = last[: -len(end)]
            if before and last.endswith(end) and len(base) >= 3 and f"{before} {base}" in forms:
                return " ".join([*words[:-1], base])
    genitive = _mans_genitive(words, forms)
    if genitive is not None:
        return genitive
    return "" if _declined_in_a(last, forms) else name


def _mans_genitive(words: list[str], forms: Container[str]) -> str | None:
    """A man's name the texts write in the genitive, his surname in «-а» after a consonant
    (names18's leftover): the nominative when the texts write the surname without the «-а»
    too («Арлена Спектера» beside «Спектер» -> «Арлен Спектер», «Кобе Брайанта» beside
    «Коби Брайант» -> «Кобе Брайант»), '' when they write no other form and the first name
    says a man's genitive («Вима Вендерса», shown «Вим Вендерса»; «Пола Шредера»); None for
    any other name, and for a woman's first name with no other form («Нора Донда»: a woman
    Нора, not the genitive of «Нор Донд»)."""
    if len(words) != 2 or not all(re.fullmatch(r"[А-ЯЁ][а-яё]+", w) for w in words):
        return None
    first, last = words
    base = last[:-1]
    if (
        not last.endswith("а")
        or len(base) < 4
        or not re.search(r"[бвгджзклмнпрстфхцчшщ]$", base)
        or _FEMININE_SURNAME.search(last.lower())
        or base in forms
        and f"{first} {base}" in forms
    ):
        return None
    if re.search(r"(?:вн|чн)а$", last) or any(
        "Patr" in p.tag for p in analyzer().parse(last.lower())
    ):
        return None  # «Ольга Алексеевна»: a patronymic
    if first.endswith("а") and re.search(r"[бвгджзклмнпрстфхцч]а$", first):
        man = first[:-1]  # «Пола», «Арлена»: a man's genitive, or a woman's name
        woman = any(
            "Name" in p.tag and p.tag.gender == "femn" and _case(p.tag) == "nomn"
            for p in analyzer().parse(first.lower())
        )
        if woman and base not in forms:
            return None  # «Нора Донда», «Эда Гонзалеса»: which one, the text does not say
    elif f"{first}а {last}" in forms:
        man = first  # the text's «Вима Вендерса», shown «Вим Вендерса»
    elif (
        first[-1] in "еиоу"
        and not analyzer().word_is_known(first.lower())
        or "Fixd" in str(analyzer().parse(first.lower())[0].tag)
    ):
        man = first  # «Кобе»: a first name that does not decline
        if base not in forms:
            return None
    else:
        return None
    if f"{first} {last}" not in forms and f"{first}а {last}" not in forms:
        return None
    return f"{man} {base}" if base in forms else ""


def _text_first_name(words: list[str], forms: Container[str]) -> list[str]:
    """A first name the dictionary does not know, cut of its «-а» as if a man's genitive, whose
    texts write it only with the «-а» before the same undeclined surname: «Цвик Пик» is «Цвика
    Пик» when the texts write «поэта Цвика Пик» and never «Цвик» (TRAIN read c); a genitive
    would have declined the man's surname too («Цвика Пика»)."""
    if len(words) != 2 or not _WORD.match(words[0]) or not _WORD.match(words[1]):
        return words
    first, last = words
    if analyzer().word_is_known(first.lower()) or first in forms or last[-1:] in "ая":
        return words
    if f"{first}а {last}" in forms and f"{first}а {last}а" not in forms:
        return [f"{first}а", last]
    return words


def _declined_in_a(word: str, forms: Container[str]) -> bool:
    """The texts decline the surname like «Мендонса» / «Мендонсы», never writing the man's
    nominative pymorphy3 reads («Мендонс»), and `word` is not its nominative in «-а»: no form
    of it is to be trusted (the nominative in «-а» is no form the case checks accept)."""
    if re.search(r"(?:ов|ев|ёв|ин|ын|ий|ой)$", word):
        return False  # «Иванов»: «Ивановы» is a family
    stem = word
    for end in ("ы", "и", "у", "ой", "ей", "е"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            stem = word[: -len(end)]
            break
    if not re.search(r"[бвгджзклмнпрстфхцчшщ]$", stem) or stem in forms:
        return False
    return stem + "а" in forms and any(stem + end in forms for end in _A_ENDINGS)


def text_forms(text: str) -> frozenset[str]:
    """The words of a text and its pairs of adjacent words (for `text_surname`)."""
    words = re.findall(r"[\w-]+", text)
    return frozenset(words) | frozenset(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))


_CAPITAL_WORD = r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?"


def bare_surname(name: str, texts: list[str]) -> bool:
    """A person shown by a surname alone while the texts give someone of that surname a first
    name: «Малашенко» beside «Игорь Малашенко» and his ex-wife «Елена Малашенко» (which one
    is meant?), or whose full name the texts write («Когда родился Малашенко?»)."""
    word = name.strip()
    if not re.fullmatch(_CAPITAL_WORD, word) or len(word) < 4:
        return False
    stem = re.escape(word[:-2] if len(word) > 5 else word)
    before = re.compile(rf"({_CAPITAL_WORD})\s+{stem}[а-яё]*\b")
    for text in texts:
        for m in before.finditer(text):
            first = m.group(1)
            parses = analyzer().parse(first.lower())[:2]
            if any("Name" in p.tag for p in parses):
                return True
    return False


# what continues an organisation's name past its span: Latin words joined by «and»/«&»
# («Bolt, Beranek and Newman»), or a Latin word right after a Latin one
_LATIN_GOES_ON = re.compile(r"(?:\s+[A-Z][\w.'’-]*|(?:,\s*[A-Z][\w.'’-]*)*,?\s+(?:and|&)\s+[A-Z])")


def cut_short(text: str, span: tuple[int, int], entity_type: str, name: str = "") -> bool:
    """A mention's span that is not the whole name (TRAIN read c): one running over a line
    break into the next line («Валентин Янин\nНовгородский кодекс»), or an organisation's
    name the text goes on with («работал в компании Bolt, Beranek and Newman», «в
    Центральном Академическом театре Российской Армии»: a capitalised word after it that can
    only be a dependent, neither a nominative nor a person's name nor a place), unless the
    `name` the KG gives it goes on as the text does («Законодательное собрание Кировской
    области» for the span «Законодательного собрания»)."""
    start, end = span
    if not 0 <= start < end <= len(text):
        return False
    lines = {line.strip() for line in text[start:end].split("\n") if line.strip()}
    if len(lines) > 1:
        return True  # (a headline read twice, «Кшиштоф Пендерецкий\nКшиштоф Пендерецкий», is one)
    if entity_type.upper() not in ORGS:
        return False
    if _undeclined_in_quotes(text, span):
        return True
    rest = text[end : end + 80]
    latin = _LATIN_GOES_ON.match(rest)
    if latin and re.fullmatch(r".*[A-Za-z]", text[start:end], re.S):
        return re.findall(r"[A-Z][\w.'’-]*", latin.group(0))[-1] not in name
    m = re.match(r"[ \t]+([А-ЯЁ][а-яё]+)\b", rest)
    if m is None:
        return False
    word = m.group(1).lower()
    if word[:-2] and word[:-2] in name.lower():
        return False  # the name the KG gives goes on as the text does
    parses = analyzer().parse(word)
    if not analyzer().word_is_known(word) or not parses:
        return False
    return not any(
        _case(p.tag) == "nomn" or {"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes for p in parses
    )


def _undeclined_in_quotes(text: str, span: tuple[int, int]) -> bool:
    """A one-word name in quotes after a person's noun that would take it in the genitive,
    written in a case that is neither the genitive nor the nominative: the text leaves a
    foreign name undeclined («хавбек «Турбине» Анна Лунд»: Turbine Potsdam), so the
    nominative read off it («Турбина») is no name of the club."""
    start, end = span
    word = text[start:end]
    if text[start - 1 : start] not in '«"' or text[end : end + 1] not in '»"' or start < 2:
        return False
    if not re.fullmatch(r"[А-ЯЁ][а-яё]+", word):
        return False
    before = re.search(r"([А-ЯЁа-яё-]+)\s+$", text[max(0, start - 41) : start - 1])
    noun = before.group(1).lower() if before else ""
    if not noun or not analyzer().word_is_known(noun):
        return False
    head = analyzer().parse(noun)[0]
    if (
        head.tag.POS != "NOUN"
        or head.tag.animacy != "anim"
        or PROPER_GRAMMEMES & head.tag.grammemes
    ):
        return False
    cases = {_case(p.tag) for p in analyzer().parse(word.lower()) if p.tag.POS == "NOUN"}
    return bool(cases) and not cases & {"gent", "nomn"}
