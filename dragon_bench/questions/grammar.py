"""Grammar checks on Russian question text: prepositions and the cases they govern, and
adjectives that agree with the word they modify (pymorphy3 parses)."""

from __future__ import annotations

import re
from typing import Any

from dragon_bench.questions.morph import analyzer

__all__ = [
    "bad_preposition_case",
    "disagreeing_adjective",
    "takes_object",
    "word_cases",
    "GENITIVE_VERBS",
    "TOKEN",
]

# verbs that take a bare genitive object («добиться отставки», «бояться войны»)
GENITIVE_VERBS = frozenset(
    [
        "достичь",
        "достигнуть",
        "достигать",
        "добиться",
        "добиваться",
        "лишить",
        "лишиться",
        "требовать",
        "потребовать",
        "ждать",
        "ожидать",
        "бояться",
        "опасаться",
        "избежать",
        "избегать",
        "удостоиться",
        "хотеть",
        "заслуживать",
        "заслужить",
        "касаться",
        "коснуться",
        "желать",
        "просить",
        "попросить",
        "придерживаться",
        "держаться",
    ]  # noqa: SIM905
)

# the cases each preposition governs (a word right after it must be able to take one)
_GOVERNS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("в", "во", "на", "о", "об", "обо"), frozenset({"loct", "accs"})),
    "при": frozenset({"loct"}),
    **dict.fromkeys(
        ("из", "от", "до", "у", "для", "без", "против", "после", "около", "из-за", "среди"),
        frozenset({"gent"}),
    ),
    **dict.fromkeys(("с", "со"), frozenset({"gent", "ablt", "accs"})),
    **dict.fromkeys(("к", "ко"), frozenset({"datv"})),
    "по": frozenset({"datv", "loct", "accs"}),
    **dict.fromkeys(("за", "под"), frozenset({"accs", "ablt"})),
    **dict.fromkeys(("над", "перед"), frozenset({"ablt"})),
    "через": frozenset({"accs"}),
}
_CASE_ALIASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent", "loc1": "loct"}
_INFLECTING = frozenset({"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"})
_MODIFIERS = frozenset({"ADJF", "PRTF", "NUMR"})
TOKEN = re.compile(r"«[^»]*»|\"[^\"]*\"|[\w\-]+|[^\w\s]")


def _case(tag: Any) -> str:
    case = str(tag.case or "")
    return _CASE_ALIASES.get(case, case)


def word_cases(word: str) -> set[str] | None:
    """Cases a word can stand in, or None when it does not inflect (a name pymorphy keeps fixed,
    an abbreviation, a Latin word)."""
    if not re.match(r"^[а-яё][а-яё\-]*$", word.lower()) or (word.isupper() and len(word) > 1):
        return None
    parses = [p for p in analyzer().parse(word.lower()) if p.tag.POS in _INFLECTING]
    if not parses or any("Fixd" in p.tag for p in parses):
        return None
    return {_case(p.tag) for p in parses}


def _is_modifier(word: str) -> bool:
    parses = analyzer().parse(word.lower())
    return bool(parses) and parses[0].tag.POS in _MODIFIERS


def bad_preposition_case(question: str) -> bool:
    """True when a word cannot take the case its preposition governs («в Женева», «об
    министра») or stands in the prepositional case with no preposition («возглавлял
    Вашингтоне»), which Russian does not allow."""
    tokens = [t for t in TOKEN.findall(question) if t[0].isalnum()]
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if low in _GOVERNS and (tok.islower() or i == 0) and i + 1 < len(tokens):
            cases = word_cases(tokens[i + 1])
            if cases is not None and not cases & _GOVERNS[low]:
                return True
            continue
        cases = word_cases(tok)
        if cases == {"loct"} and _foreign_name_end(tokens[i - 1] if i else "", tok):
            continue  # «Юн Фоссе»: a foreign surname in «-е» after a first name (TRAIN read c)
        if cases == {"loct"}:
            j = i - 1
            while j >= 0 and _is_modifier(tokens[j]) and tokens[j].lower() not in _GOVERNS:
                j -= 1
            if j < 0 or tokens[j].lower() not in _GOVERNS:
                return True
    return False


def _foreign_name_end(before: str, word: str) -> bool:
    """`word` a capitalised word in «-е» right after a capitalised word that has no
    prepositional reading: the end of a name written as it stands, not a prepositional."""
    if not (word[:1].isupper() and word.endswith("е") and before[:1].isupper()):
        return False
    if before.isupper() or not re.fullmatch(r"[А-ЯЁ][а-яё\-]+", before):
        return False
    return not any(_case(p.tag) == "loct" for p in analyzer().parse(before.lower()))


def _agrees(adj: Any, word: Any) -> bool:
    if _case(adj.tag) != _case(word.tag) or adj.tag.number != word.tag.number:
        return False
    if adj.tag.number == "plur" or word.tag.POS != "NOUN":
        return adj.tag.POS != "NOUN" and (
            adj.tag.gender == word.tag.gender or adj.tag.number == "plur" or not word.tag.gender
        )
    gender = str(word.tag.gender or "")
    return gender in ("", "ms-f", "GNdr") or adj.tag.gender == gender


def disagreeing_adjective(text: str) -> bool:
    """True when an adjective stands right before a noun or adjective it cannot agree with in
    case, number and gender («Малого драматический театр», «Гаагским Международный»)."""
    words = [t for t in TOKEN.findall(text) if t[0].isalpha()]
    for w1, w2 in zip(words, words[1:], strict=False):
        p1 = analyzer().parse(w1.lower())
        if not p1 or p1[0].tag.POS not in ("ADJF", "PRTF") or any(p.tag.POS == "NOUN" for p in p1):
            continue
        if word_cases(w1) is None or word_cases(w2) is None:
            continue
        if not (analyzer().word_is_known(w1.lower()) and analyzer().word_is_known(w2.lower())):
            continue  # a foreign name read as an adjective (Субхи Баки)
        p2 = [p for p in analyzer().parse(w2.lower()) if p.tag.POS in ("NOUN", "ADJF", "PRTF")]
        if p2 and not any(_agrees(a, b) for a in p1 if a.tag.POS in _MODIFIERS for b in p2):
            return True
    return False


def takes_object(verb: str, case: str) -> bool:
    """True when the verb form can take a bare object in `case` («accs» or «gent»): not a
    reflexive verb or passive participle (уволена, продолжался) or an intransitive verb
    (погиб, руководил) for the accusative; only `GENITIVE_VERBS` for the genitive."""
    low = verb.lower()
    parses = [p for p in analyzer().parse(low) if p.tag.POS in ("VERB", "INFN", "PRTS")]
    if not parses:
        return True  # not a verb form pymorphy3 knows: no judgement
    if case == "gent":
        return any(p.normal_form in GENITIVE_VERBS for p in parses)
    if low.endswith(("ся", "сь")) or parses[0].tag.POS == "PRTS":
        return False
    return not all("intr" in p.tag for p in parses)
