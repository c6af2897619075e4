"""Russian morphology for question text: phrase inflection, verb agreement and lemmas (pymorphy3)."""

from __future__ import annotations

import os
import re
from typing import Any

from dragon_bench.nlp.lemmas import fold, lemmas
from dragon_bench.nlp.lemmas import parses as _parses
from dragon_bench.nlp.models import morph_analyzer

__all__ = [
    "analyzer",
    "inflect_phrase",
    "agree_verb",
    "short_participle",
    "own_inflect",
    "lemmas",
    "fold",
    "phrase_gender",
    "CASES",
]

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
_AGREEING = {"ADJF", "PRTF", "NUMR"}

analyzer = morph_analyzer  # the shared pymorphy3 analyzer (dragon_bench.nlp)


def own_inflect(parse: Any, grams: set[str] | frozenset[str]) -> Any | None:
    """`parse.inflect(grams)`, kept to the word's own forms: pymorphy3 holds «высший» and
    «высочайший», «лучший» and «наилучший» in one lexeme, and `inflect` may jump to the other
    word («Строгановское высочайшее училище»)."""
    out = parse.inflect(set(grams))
    if out is None:
        return None
    word = str(parse.word).lower()
    # the forms of the same grammemes as pymorphy3's choice (another word's or a variant
    # spelling); its own choice wins a tie, one sharing a longer beginning is the word's own
    forms = [f for f in parse.lexeme if f.tag.grammemes == out.tag.grammemes]
    return max(forms, key=lambda f: _shared(f, word) + (f.word == out.word) * 0.5, default=out)


def _shared(form: Any, word: str) -> int:
    return len(os.path.commonprefix([str(form.word), word]))


def _nominative(word: str, adjective: bool = False) -> Any | None:
    """The most likely parse of `word` as a nominative noun/adjective (an adjective first when
    `adjective`: «Малый» before «драматический театр» is not the noun «малый»), or None."""
    found = None
    for p in _parses(word):
        if p.tag.case == "nomn" and (p.tag.POS in _AGREEING or p.tag.POS == "NOUN"):
            if "Fixd" in p.tag:
                return None
            if not adjective or p.tag.POS in _AGREEING:
                return p
            found = found or p
    return found


def _modifies_next(word: str, following: str) -> bool:
    """True when `word` can be a nominative adjective and `following` a nominative word it
    agrees with, so the phrase's head comes later."""
    if not following or not following[0].isalpha():
        return False
    adj = [p for p in _parses(word) if p.tag.POS in _AGREEING and p.tag.case == "nomn"]
    nxt = _nominative(following.strip('«»"“”,.;:()'))
    return bool(adj) and nxt is not None


def _restore_case(original: str, new: str) -> str:
    if original.isupper() and len(original) > 1:
        return new.upper()
    old_parts, new_parts = original.split("-"), new.split("-")
    if len(old_parts) == len(new_parts):
        return "-".join(
            n[:1].upper() + n[1:] if o[:1].isupper() else n
            for o, n in zip(old_parts, new_parts, strict=True)
        )
    if original[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def _head_animacy(words: list[str]) -> str:
    """Animacy of the first nominative noun of a phrase (an adjective in the accusative
    follows it: «российского президента», «Большой театр»)."""
    for w in words:
        p = _nominative(w.strip('«»"“”,.;:()'))
        if p is not None and p.tag.POS == "NOUN":
            return str(p.tag.animacy or "inan")
    return "inan"


def _inflect_word(
    word: str, case: str, adjective: bool = False, animacy: str = "inan"
) -> tuple[str, Any | None]:
    p = _nominative(word, adjective)
    if p is None:
        return word, None
    grams = {case}
    if p.tag.POS in _AGREEING and p.tag.number == "plur":
        grams.add("plur")  # «Звёздные войны» -> «Звёздных войнах», not «Звёздном»
    elif p.tag.POS in _AGREEING and p.tag.gender:
        grams |= {"sing", str(p.tag.gender)}  # «Государственную Думу», not «Государственный»
    if (
        case == "accs"
        and p.tag.POS in _AGREEING
        and (p.tag.number == "plur" or p.tag.gender == "masc")
    ):
        grams.add(p.tag.animacy or animacy)
    out = own_inflect(p, grams) or own_inflect(p, {case})
    if out is None:
        return word, p
    return _restore_case(word, out.word), p


def inflect_phrase(phrase: str, case: str) -> str:
    """Put a nominative noun phrase into `case`: its leading modifiers, head noun and a following
    capitalised name (Барак Обама) change; dependents after the head and quoted names stay."""
    if case == "nomn" or not phrase:
        return phrase
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}")
    tokens = re.split(r"(\s+)", phrase)
    words = [t for t in tokens if t and not t.isspace()]
    animacy = _head_animacy(words) if case == "accs" else "inan"
    out: list[str] = []
    head_seen = False
    stopped = False
    n_word = -1
    unknown_name = False
    head_is_name = False
    for tok in tokens:
        if tok and not tok.isspace():
            n_word += 1
        if stopped or not tok or tok.isspace():
            out.append(tok)
            continue
        core = tok.strip('«»"“”,.;:()')
        if not core or not core[0].isalpha() or tok.startswith(("«", '"', "“")):
            stopped = True
            out.append(tok)
            continue
        after_name = head_is_name and core[:1].isupper()  # Сергей Шнуров: a surname follows
        if (head_seen and not (after_name or _person_word(core))) or (
            unknown_name and core[:1].islower()
        ):
            # after the head only a person's name goes on (Барак Обама); «Совет Безопасности»
            # and «Министерство иностранных дел» keep their dependents
            stopped = True
            out.append(tok)
            continue
        following = words[n_word + 1] if n_word + 1 < len(words) else ""
        new, parse = _inflect_word(
            core, case, adjective=_modifies_next(core, following), animacy=animacy
        )
        if parse is None:
            # an uninflected capitalised word (Хамад) is a name; a lower-case one after it
            # (бен) belongs to the name, not to a phrase to inflect
            stopped = head_seen or not core[:1].isupper() or unknown_name
            unknown_name = not core.isupper()  # an abbreviation (ВВС) goes with what follows
            out.append(tok)
            continue
        out.append(tok.replace(core, new, 1))
        unknown_name = False
        if parse.tag.POS == "NOUN":
            head_is_name = head_is_name or (not head_seen and "Name" in parse.tag)
            head_seen = True
        if tok.endswith(","):
            stopped = True
    return "".join(out)


def _person_word(word: str) -> bool:
    """A capitalised word that goes on a name after its head: a first name, surname or
    patronymic, or a word the dictionary does not know (Нур Отан, Ким Чен Ын)."""
    if not word[:1].isupper() or (word.isupper() and len(word) > 1):
        return False
    if not analyzer().word_is_known(word.lower()):
        return True
    return any({"Name", "Surn", "Patr"} & p.tag.grammemes for p in _parses(word.lower()))


def phrase_gender(phrase: str) -> str:
    """Gender (masc/femn/neut, or plur for a plural) of a phrase's first noun; masc when unknown."""
    for tok in phrase.split():
        word = tok.strip('«»",.')
        if word[:1].isupper():
            # a first name decides, indeclinable ones too (Хиллари, Джейн); an unknown
            # name in -а/-я is a woman's (Серена), as in Russian
            names = {str(q.tag.gender) for q in _parses(word.lower()) if "Name" in q.tag}
            fixed = any({"Name", "Fixd"} <= q.tag.grammemes for q in _parses(word.lower()))
            if fixed and names in ({"masc"}, {"femn"}) and analyzer().word_is_known(word.lower()):
                return names.pop()
            if word[-1:] in "ая" and not analyzer().word_is_known(word.lower()):
                return "femn"
        p = _nominative(word)
        if p is not None and p.tag.POS == "NOUN":
            if p.tag.number == "plur":
                return "plur"
            gender = p.tag.gender
            if gender in ("masc", "femn", "neut"):
                return str(gender)
            return "masc"
    return "masc"


def agree_verb(word: str, gender: str = "masc") -> str:
    """A verb or short participle as it agrees with a singular subject of `gender`
    (назначена -> назначен for «кто»); infinitives become past tense; others stay."""
    for p in _parses(word.lower()):
        pos = p.tag.POS
        if pos in ("VERB", "PRTS"):
            if gender == "plur":
                out = p.inflect({"plur"})
            elif p.tag.tense == "past" or pos == "PRTS":
                out = p.inflect({gender, "sing"})
            else:
                out = p.inflect({"sing", "3per"}) or p.inflect({"sing"})
            return out.word if out is not None else word
        if pos == "INFN":
            grams = (
                {"VERB", "past", "plur"} if gender == "plur" else {"VERB", "past", gender, "sing"}
            )
            out = p.inflect(grams)
            return out.word if out is not None else word
    return word


def short_participle(infinitive: str, gender: str = "masc") -> str:
    """The short passive participle of a verb for a singular subject (основать -> основана)."""
    for p in _parses(infinitive.lower()):
        if p.tag.POS == "INFN":
            for form in p.lexeme:
                tag = form.tag
                if tag.POS != "PRTS" or "pssv" not in tag:
                    continue
                if gender == "plur" and tag.number == "plur":
                    return str(form.word)
                if gender != "plur" and tag.number == "sing" and tag.gender == gender:
                    return str(form.word)
    return infinitive
