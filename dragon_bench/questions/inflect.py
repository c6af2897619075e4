"""Names and role phrases in the case a template needs, or None when the form cannot be trusted.

A person's name is inflected word by word as a name (pymorphy3's Name/Surn/Patr parses, the
regular surname endings, Russian rules for a foreign surname of a man); initials, Latin words
and indeclinable endings stay; a name with a particle («бен», «де», «ван», «аль-») is not
inflected at all. Other phrases change their head group only (leading modifiers that agree with
the head, and the head); dependents, quoted names after a head and abbreviations stay. A result
is trusted only when every changed word parses back to its own lemma in the asked case, so the
caller can choose a template that keeps the name in the nominative instead of guessing.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any

from dragon_bench.questions.morph import analyzer, own_inflect
from dragon_bench.questions.vocab import NAMED_PLACES, PEOPLE

__all__ = ["PARTICLES", "inflect_name", "person_gender"]

CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})
PARTICLES = frozenset(
    {"бен", "бин", "ибн", "де", "да", "дель", "делла", "ди", "дос", "дус", "душ", "ду", "ван"}
    | {"фон", "дер", "аль", "эль", "ас", "ад", "ан", "ар", "ат", "ла", "ле", "оглы", "кызы"}
    | {"бинт", "абу", "умм"}
)
_INITIALS = re.compile(r"^(?:[А-ЯЁA-Z][а-яёa-z]?\.)+$")
_CYRILLIC = re.compile(r"^[А-Яа-яЁё]+$")
_NAME_GRAMMEMES = frozenset({"Name", "Surn", "Patr"})
_MODIFIER = frozenset({"ADJF", "PRTF"})
_NORMAL = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent", "loc1": "loct"}
# regular Russian surname endings: masculine / feminine forms by case
_SURNAME_ENDINGS: tuple[tuple[str, str, dict[str, str]], ...] = (
    (
        "masc",
        "ский",
        {"gent": "ского", "datv": "скому", "accs": "ского", "ablt": "ским", "loct": "ском"},
    ),
    (
        "masc",
        "цкий",
        {"gent": "цкого", "datv": "цкому", "accs": "цкого", "ablt": "цким", "loct": "цком"},
    ),
    (
        "femn",
        "ская",
        {"gent": "ской", "datv": "ской", "accs": "скую", "ablt": "ской", "loct": "ской"},
    ),
    (
        "femn",
        "цкая",
        {"gent": "цкой", "datv": "цкой", "accs": "цкую", "ablt": "цкой", "loct": "цкой"},
    ),
    (
        "femn",
        "ова",
        {"gent": "овой", "datv": "овой", "accs": "ову", "ablt": "овой", "loct": "овой"},
    ),
    (
        "femn",
        "ева",
        {"gent": "евой", "datv": "евой", "accs": "еву", "ablt": "евой", "loct": "евой"},
    ),
    (
        "femn",
        "ёва",
        {"gent": "ёвой", "datv": "ёвой", "accs": "ёву", "ablt": "ёвой", "loct": "ёвой"},
    ),
    (
        "femn",
        "ина",
        {"gent": "иной", "datv": "иной", "accs": "ину", "ablt": "иной", "loct": "иной"},
    ),
    (
        "femn",
        "ына",
        {"gent": "ыной", "datv": "ыной", "accs": "ыну", "ablt": "ыной", "loct": "ыной"},
    ),
    ("masc", "ов", {"gent": "ова", "datv": "ову", "accs": "ова", "ablt": "овым", "loct": "ове"}),
    ("masc", "ев", {"gent": "ева", "datv": "еву", "accs": "ева", "ablt": "евым", "loct": "еве"}),
    ("masc", "ёв", {"gent": "ёва", "datv": "ёву", "accs": "ёва", "ablt": "ёвым", "loct": "ёве"}),
    ("masc", "ин", {"gent": "ина", "datv": "ину", "accs": "ина", "ablt": "иным", "loct": "ине"}),
    ("masc", "ын", {"gent": "ына", "datv": "ыну", "accs": "ына", "ablt": "ыным", "loct": "ыне"}),
)
_VOWELS = frozenset("аеёиоуыэюя")
_HUSHING = frozenset("жшчщц")
_VELAR_HUSHING = frozenset("гкхжшчщ")


@lru_cache(maxsize=100_000)
def _parses(word: str) -> tuple[Any, ...]:
    return tuple(analyzer().parse(word))


def _case(tag: Any) -> str:
    case = str(tag.case or "")
    return _NORMAL.get(case, case)


def _restore(original: str, new: str) -> str:
    if original.isupper() and len(original) > 1:
        return new.upper()
    old, fresh = original.split("-"), new.split("-")
    if len(old) == len(fresh):
        return "-".join(
            f[:1].upper() + f[1:] if o[:1].isupper() else f for o, f in zip(old, fresh, strict=True)
        )
    return new[:1].upper() + new[1:] if original[:1].isupper() else new


# first names the dictionary gives one gender that are a man's in one language and a woman's
# in another: «Андреа Рокелли» (Italian, a man), «Андреа Меркель»; «Ким», «Доминик», «Мишель»
EITHER_GENDER = frozenset({"андреа", "ким", "доминик", "мишель", "никола", "саша", "женя"})


def person_gender(name: str) -> str:
    """masc or femn from a first name or a surname ending, '' when the name does not say."""
    tokens = name.split()
    for i, token in enumerate(tokens):
        low = token.lower().strip(".,")
        if low.replace("ё", "е") in EITHER_GENDER:
            return ""  # the surname of a foreign name says nothing either
        if not _CYRILLIC.match(low) or not analyzer().word_is_known(low):
            continue  # a guessed paradigm of an unknown name («Кэрри») says nothing
        if i and i == len(tokens) - 1:
            break  # a surname that is also a first name («Ар Келли») says nothing
        genders = {
            str(p.tag.gender)
            for p in _parses(low)
            if "Name" in p.tag and _case(p.tag) == "nomn" and p.tag.gender in ("masc", "femn")
        }
        if len(genders) == 1:
            return genders.pop()
    for token in reversed(name.split()):
        parts = token.lower().split("-")
        for gender in ("masc", "femn"):
            endings = [e for g, e, _ in _SURNAME_ENDINGS if g == gender]
            # a double surname is Russian when each part is («Римский-Корсаков», «Петров-
            # Водкин»), not when a foreign part stands beside one («Таунсенд-Маккин»: a woman)
            if all(any(p.endswith(e) and len(p) > len(e) + 1 for e in endings) for p in parts):
                return gender
    return ""


def _both_genders(low: str) -> bool:
    genders = {str(p.tag.gender) for p in _parses(low) if "Name" in p.tag}
    return {"masc", "femn"} <= genders


def _foreign_surname(low: str, case: str, gender: str) -> str | None:
    """Russian rules for a surname pymorphy3 does not know: a man's consonant-final surname
    declines as a noun (Спирмен -> Спирмена), -а/-я decline for anyone, the rest stays."""
    last = low[-1]
    if last == "а":
        stem = low[:-1]
        gent = "и" if stem[-1:] in _VELAR_HUSHING else "ы"
        ends = {"gent": gent, "datv": "е", "accs": "у", "ablt": "ой", "loct": "е"}
        return stem + ends[case]
    if last == "я":
        stem = low[:-1]
        return stem + {"gent": "и", "datv": "е", "accs": "ю", "ablt": "ей", "loct": "е"}[case]
    if last in _VOWELS:
        return low  # Роналду, Гюго, Спейси: indeclinable
    if gender != "masc":
        return low if gender == "femn" else None  # a woman's consonant-final surname stays
    if last in "йь":
        stem = low[:-1]
        return stem + {"gent": "я", "datv": "ю", "accs": "я", "ablt": "ем", "loct": "е"}[case]
    ablt = "ем" if last in _HUSHING else "ом"
    return low + {"gent": "а", "datv": "у", "accs": "а", "ablt": ablt, "loct": "е"}[case]


# a surname declined as an adjective (TRAIN read c: «у Ивана Дыховичныя» for «Дыховичного»):
# ending -> gender and the endings of gent, datv, accs, ablt, loct
_ADJECTIVE_SURNAMES = (
    ("ый", "masc", ("ого", "ому", "ого", "ым", "ом")),
    ("ой", "masc", ("ого", "ому", "ого", "ым", "ом")),
    ("ая", "femn", ("ой", "ой", "ую", "ой", "ой")),
)
_OBLIQUE = ("gent", "datv", "accs", "ablt", "loct")


def _adjective_surname(low: str, case: str, gender: str) -> str | None:
    """An unknown surname with an adjective's ending declined as an adjective («Дыховичный» ->
    «Дыховичного»); '' when it has such an ending but its forms are not sure (a soft «-ий»,
    «-яя», a velar before «-ой», or the ending of the other gender); None for other words."""
    if len(low) < 5:
        return None  # «Мой», «Хой», «Рая»: too short to be sure of an adjective
    for ending, own, forms in _ADJECTIVE_SURNAMES:
        if low.endswith(ending):
            if own != gender or (ending == "ой" and low[-3] in _VELAR_HUSHING):
                return ""
            return low[: -len(ending)] + forms[_OBLIQUE.index(case)]
    if low.endswith(("ий", "яя")) and low[-3] not in "сц":
        return ""  # «Синий» -> «Синего», «Крутой» -> «Крутого»: a soft stem is not sure
    return None


def _person_word(token: str, case: str, gender: str) -> str | None:
    if _INITIALS.match(token) or not re.search(r"[А-Яа-яЁё]", token):
        return token  # initials, Latin or Roman numerals stay
    if "-" in token:
        parts = [_person_word(p, case, gender) for p in token.split("-")]
        return None if any(p is None for p in parts) else "-".join(p or "" for p in parts)
    if not _CYRILLIC.match(token):
        return None
    low = token.lower()
    # pymorphy3's guesses for a word it does not know are not trusted: the surname endings
    # and the Russian rules below decide those («Бодниева» -> «Бодниевой», not «Бодниевы»)
    known = analyzer().word_is_known(low)
    for p in _parses(low) if known else ():
        if not (_NAME_GRAMMEMES & p.tag.grammemes) or _case(p.tag) != "nomn":
            continue
        if p.tag.number == "plur" or (gender and p.tag.gender not in (gender, None)):
            continue
        if not gender and "Name" in p.tag and _both_genders(low):
            return None  # Мишель, Саша: a man's or a woman's name declines differently
        if "Fixd" in p.tag:
            return token
        out = p.inflect({case, "sing"})
        if out is not None:
            return _restore(token, str(out.word))
    for g, ending, forms in _SURNAME_ENDINGS:
        if low.endswith(ending) and len(low) > len(ending) + 1 and (not gender or g == gender):
            if case == "ablt" and ending in ("ин", "ын"):
                # «Маккином» or «Путиным»: a foreign «-ин» declines as a noun (the
                # dictionary's own surnames, «Путин», are inflected above)
                return None
            return _restore(token, low[: -len(ending)] + forms[case])
    if analyzer().word_is_known(low):
        return None  # a dictionary word that is no name here: do not guess its paradigm
    adjective = _adjective_surname(low, case, gender)
    if adjective is not None:
        return _restore(token, adjective) if adjective else None
    new = _foreign_surname(low, case, gender)
    return None if new is None else _restore(token, new)


def _inflect_person(name: str, case: str) -> str | None:
    tokens = name.split()
    low = [t.lower() for t in tokens]
    if any(t in PARTICLES or t.split("-")[0] in PARTICLES for t in low):
        return None  # «Хамад бен Халифа», «Перес де Куэльяр»: which parts change is not sure
    gender = person_gender(name)
    if not gender:
        return None  # «Кэрри Фишер»: a man's and a woman's forms differ, and nothing says which
    out = [_person_word(t, case, gender) for t in tokens]
    if any(w is None for w in out):
        return None
    return " ".join(w or "" for w in out)


def _agrees(modifier: Any, word: str) -> bool:
    for p in _parses(word.lower().strip('«»"')):
        if _case(p.tag) != "nomn" or p.tag.POS not in ("NOUN", "ADJF", "PRTF"):
            continue
        if p.tag.number != modifier.tag.number:
            continue
        if p.tag.number == "plur" or p.tag.gender == modifier.tag.gender:
            return True
    return False


def _nominative_parse(word: str, pos: frozenset[str]) -> Any | None:
    for p in _parses(word):
        if p.tag.POS in pos and _case(p.tag) == "nomn":
            return p
    return None


def _form(parse: Any, case: str, number: str, gender: str, animacy: str) -> str | None:
    grams = {case, number}
    if parse.tag.POS in _MODIFIER:
        if number == "sing" and gender in ("masc", "femn", "neut"):
            grams.add(gender)
        if case == "accs" and (number == "plur" or gender == "masc"):
            grams.add(animacy)
    out = own_inflect(parse, grams) or own_inflect(parse, {case, number})
    if out is None:
        return None
    word = str(out.word)
    # a form sharing less than all but the ending with the word is another word's
    if len(os.path.commonprefix([word, str(parse.word)])) < min(len(word), len(parse.word)) - 3:
        return None
    back = [p for p in _parses(word) if p.normal_form == parse.normal_form]
    if not any(_case(p.tag) == case for p in back):
        return None
    return word


def _foreign_place(low: str, case: str) -> str | None:
    if low.endswith("ия"):
        stem = low[:-2]
        return stem + {"gent": "ии", "datv": "ии", "accs": "ию", "ablt": "ией", "loct": "ии"}[case]
    if low[-1] in "ьй":
        return None  # a soft sign hides the gender
    if low[-1] in _VOWELS and low[-1] not in "ая":
        return low  # Токио, Сочи, Баку
    return _foreign_surname(low, case, "masc")


def _inflect_phrase(name: str, case: str, place: bool = False) -> str | None:
    quoted = re.fullmatch(r"«([^«»]+)»", name)
    if quoted and " " in quoted.group(1):
        return None  # «Луна — суровая хозяйка», «Единая Россия»: a title may keep its words
    if quoted:
        inner = _inflect_phrase(quoted.group(1), case)
        return None if inner is None else f"«{inner}»"
    tokens = name.split()
    first = tokens[0].strip('«»"')
    if re.fullmatch(r"\d+-[а-яё]+", first) and len(tokens) > 1:
        return None  # «2-я гвардейская армия»: an ordinal's ending changes with the case
    if not _CYRILLIC.match(first.replace("-", "")) or (first.isupper() and len(first) > 1):
        return name  # ФСБ, Apple, 2019: indeclinable
    if tokens[0].startswith(("«", '"')):
        return None
    modifiers: list[tuple[int, Any]] = []
    i = 0
    while i < len(tokens) - 1:
        low = tokens[i].lower()
        p = _nominative_parse(low, _MODIFIER)
        if p is None or not _CYRILLIC.match(low.replace("-", "")) or not _agrees(p, tokens[i + 1]):
            break
        modifiers.append((i, p))
        i += 1
    head_tok = tokens[i]
    low = head_tok.lower().strip(",")
    if not _CYRILLIC.match(low.replace("-", "")):
        return None if modifiers else name
    if head_tok.isupper() and len(head_tok) > 1:
        return None if modifiers else name
    if not analyzer().word_is_known(low):
        # pymorphy3 would guess a paradigm («в Пактиях»); a foreign place name declines by
        # its ending (Квинсленд -> в Квинсленде, Пактия -> в Пактии) or not at all
        if modifiers or len(tokens) > 1 or not place:
            return None
        new = _foreign_place(low, case)
        return None if new is None else _restore(head_tok, new)
    head = _nominative_parse(low, frozenset({"NOUN"})) or _nominative_parse(low, _MODIFIER)
    if head is None:
        return None
    if i + 1 < len(tokens):
        nxt = tokens[i + 1].lower().strip(",")
        noun_next = _nominative_parse(nxt, frozenset({"NOUN"})) is not None
        adjective_next = _nominative_parse(nxt, _MODIFIER) is not None
        if (head.tag.POS in _MODIFIER and (noun_next or not analyzer().word_is_known(nxt))) or (
            adjective_next and _agrees(head, nxt)
        ):
            # «Лебединский горно-обогатительный комбинат»: the head is further on than the
            # dictionary says («Лебединский» is a surname to it)
            return None
    if "Fixd" in head.tag:
        return None if modifiers else name
    number = str(head.tag.number or "sing")
    if "Pltm" in head.tag:
        number = "plur"
    gender = str(head.tag.gender or "")
    animacy = str(head.tag.animacy or "inan")
    out = list(tokens)
    for j, p in [*modifiers, (i, head)]:
        new = _form(p, case, number, gender, animacy)
        if new is None:
            return None
        out[j] = _restore(tokens[j].strip(","), new) + ("," if tokens[j].endswith(",") else "")
    return " ".join(out)


_PLACES = NAMED_PLACES | {"LOCATION"}


def inflect_name(name: str, case: str, entity_type: str = "") -> str | None:
    """`name` (nominative) in `case`, or None when no form can be trusted."""
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}")
    name = " ".join(name.split())
    if case == "nomn" or not name:
        return name
    if entity_type.upper() in _PLACES and not re.search(r"[А-Яа-яЁё]", name):
        return None  # «в New York»: a place is named in Russian or not at all
    if entity_type.upper() in PEOPLE:
        return _inflect_person(name, case)
    if entity_type.upper() == "ORGANIZATION" and _kept_nominative(name):
        return None
    return _inflect_phrase(name, case, entity_type.upper() in _PLACES)


# capitalised heads an organisation's name declines with («в Государственной Думе»)
_DECLINING_HEADS = frozenset({"дума", "собрание", "совет", "палата", "суд", "церковь"})


def _kept_nominative(name: str) -> bool:
    """An organisation's name a case would turn into another word or a misspelt one: a club
    named like a person («Рома»: «в Роме») or a title-cased name («Уральская Сталь»: «Уральской
    Сталью»); it is asked only where it stays nominative."""
    tokens = name.split()
    low = tokens[0].lower()
    if len(tokens) == 1 and _CYRILLIC.match(low) and analyzer().word_is_known(low):
        parses = [p for p in _parses(low) if _case(p.tag) == "nomn"]
        return bool(parses) and all({"Name", "Surn", "Patr"} & set(p.tag.grammemes) for p in parses)
    for before, token in zip(tokens, tokens[1:], strict=False):
        word = token.lower()
        if not token[:1].isupper() or not _CYRILLIC.match(word) or word in _DECLINING_HEADS:
            continue
        head = _parses(word)[:1]
        modifier = _nominative_parse(before.lower(), _MODIFIER)
        if (
            head
            and modifier is not None
            and head[0].tag.POS == "NOUN"
            and _case(head[0].tag) == "nomn"
            and not {"Name", "Surn", "Geox", "Orgn", "Abbr"} & set(head[0].tag.grammemes)
        ):
            return True  # a common noun in capitals heads the name after its adjective
    return False
