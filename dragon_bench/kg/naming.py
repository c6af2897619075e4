"""Entity names in the nominative and one name per person within a document."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from dragon_bench.kg.mentions import Mention, Sentence, Token
from dragon_bench.nlp.lemmas import parses
from dragon_bench.nlp.lexicon import PLACE_NOUNS
from dragon_bench.nlp.natasha import NatashaPipeline

__all__ = ["age_name", "nominative_phrase", "normal_forms", "resolve_people"]

_NUMBER = re.compile(r"\d+")

# Multi-token mentions whose words are not inflected the way a noun phrase is: keep the text.
_VERBATIM = {"DATE", "AGE", "MONEY", "WORK_OF_ART"}


def normal_forms(
    doc: Any, sents: list[Sentence], mentions: list[Mention], pipeline: NatashaPipeline
) -> dict[Mention, str]:
    """Nominative form of each mention: natasha's span normaliser for NER spans, lemmas otherwise."""
    by_span = {(s.start, s.stop): s for s in doc.spans}
    out: dict[Mention, str] = {}
    for m in mentions:
        span = by_span.get((m.start, m.end))
        if span is not None:
            try:
                span.normalize(pipeline.morph_vocab)
                out[m] = _ageless(span.normal or m.text)
            except Exception:  # natasha's normaliser fails on a few odd spans
                out[m] = _ageless(m.text)
            continue
        toks = [t for t in sents[m.sent].tokens if m.start <= t.start and t.end <= m.end]
        if m.type == "PENALTY" and toks[0].pos == "NUM":
            out[m] = _term_name(toks, sents[m.sent].tokens[m.head]) or m.text
        elif m.type in ("AWARD", "CRIME", "PENALTY", "DISEASE") and len(toks) > 1:
            out[m] = nominative_phrase(toks, m.head, plural=m.type in ("CRIME", "DISEASE"))
        elif m.type in _VERBATIM or len(toks) != 1:
            out[m] = m.text
        else:
            tok = toks[0]
            if tok.pos == "ADJ" and m.type == "LOCATION":
                out[m] = PLACE_NOUNS.get(tok.lemma, tok.lemma)
            else:
                out[m] = tok.lemma if tok.pos != "PROPN" else tok.lemma.capitalize()
    return out


_AGE_WORD = re.compile(r"^\d+-?летн\w*$", re.IGNORECASE)


def _ageless(name: str) -> str:
    """A name without an age word the NER span took in («ГРУ 66-летний», «56-летний Джобс»)."""
    words = [w for w in name.split() if not _AGE_WORD.match(w)]
    return " ".join(words) if words else name


# superlatives pymorphy inflects from another stem («лучший» -> «наихороший»)
_SUPPLETIVE = frozenset({"лучш", "худш", "высш", "низш"})
_ADJ_ENDINGS = {"masc": "ий", "femn": "ая", "neut": "ее"}


def nominative_phrase(toks: list[Token], head: int, plural: bool = False) -> str:
    """A noun phrase in the nominative singular: its head noun's lemma, the adjectives before
    it agreeing with the head, the words after it as written («Нобелевской премии мира» ->
    «Нобелевская премия мира», «народного артиста России» -> «народный артист России»); with
    `plural`, a plural head stays plural («в финансовых махинациях» -> «финансовые махинации»)."""
    head_tok = next((t for t in toks if t.i == head), toks[-1])
    noun = next((p for p in parses(head_tok.lemma) if p.tag.POS == "NOUN"), None)
    gender = str(noun.tag.gender) if noun is not None and noun.tag.gender else "masc"
    many = None
    if plural and head_tok.feats.get("Number") == "Plur":
        form = next((p for p in parses(head_tok.text.lower()) if p.tag.POS == "NOUN"), None)
        many = form.inflect({"nomn", "plur"}) if form is not None else None
    number = {"nomn", "plur"} if many is not None else {"nomn", "sing", gender}
    while len(toks) > 1 and toks[0].i != head and _AGE_WORD.match(toks[0].text):
        toks = toks[1:]  # «80-летний народный артист»: the age is no part of the title
    words: list[str] = []
    end = toks[0].start
    for t in toks:
        if t.start > end and words:
            words.append(" ")  # the text's own spacing: «орден «За заслуги»»
        end = t.end
        word = t.text
        if t.i == head:
            word = many.word if many is not None else t.lemma
            word = word if t.text[:1].islower() else word.capitalize()
        elif t.i < head and t.pos == "ADJ":
            adj = next((p for p in parses(t.text.lower()) if p.tag.POS in ("ADJF", "PRTF")), None)
            form = adj.inflect(number) if adj is not None else None
            stem = t.text.lower()[:4]
            if stem in _SUPPLETIVE and form is not None:  # pymorphy: «лучшим» -> «наихороший»
                word = stem + ("ие" if "plur" in number else _ADJ_ENDINGS.get(gender, "ий"))
                form = None
            if form is not None:
                word = form.word if t.text[:1].islower() else form.word.capitalize()
        words.append(word)
    return "".join(words)


_FEW = frozenset({"два", "три", "четыре", "полтора"})


def _term_name(toks: list[Token], head: Token) -> str:
    """A prison term in the nominative: «к 22 годам тюрьмы» -> «22 года тюрьмы», «к шести
    годам колонии» -> «шесть лет колонии»; '' when its unit is not years."""
    if head.lemma != "год":
        return ""
    rest = " ".join(t.text for t in toks if t.i > head.i)
    number = toks[0].text
    if _NUMBER.fullmatch(number):
        return f"{age_name(number)} {rest}".strip()
    word = next((p for p in parses(number.lower()) if p.tag.POS == "NUMR"), None)
    form = word.inflect({"nomn"}) if word is not None else None
    if form is None:
        return ""
    unit = "год" if form.word == "один" else "года" if form.word in _FEW else "лет"
    return f"{form.word} {unit} {rest}".strip()


def age_name(text: str) -> str:
    """An age as a number of years in the nominative («35-летний», «в возрасте 61 года» ->
    «35 лет», «61 год»); the text itself when it holds no number."""
    match = _NUMBER.search(text)
    if match is None:
        return text
    n = int(match.group())
    if n % 10 == 1 and n % 100 != 11:
        unit = "год"
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        unit = "года"
    else:
        unit = "лет"
    return f"{n} {unit}"


def _undoubled(name: str) -> str:
    """«Шимон Перес Шимон Перес», «Максим Дадашев Дадашев» (natasha's normaliser repeats a
    word now and then) -> «Шимон Перес», «Максим Дадашев»."""
    words = name.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and half and words[:half] == words[half:]:
        words = words[:half]
    kept = [w for i, w in enumerate(words) if i == 0 or w.lower() != words[i - 1].lower()]
    return " ".join(kept) if kept else name


def _first_or_patronymic(word: str) -> bool:
    return any(
        p.tag.POS == "NOUN" and ("Name" in p.tag or "Patr" in p.tag) for p in parses(word.lower())
    )


def _glued(name: str, alone: Counter[str], spans: Counter[str]) -> bool:
    """Two people's names the NER took as one span («сын Акихито Нарухито»: the father
    Акихито, the son Нарухито): a two-word name written once, neither word a first name,
    patronymic or initial, both words persons named alone in the document, the first more
    often than the second (a person introduced by a full name goes on by the second word:
    «Кобе Брайант» ... «Брайант»)."""
    words = name.lower().split()
    return (
        len(words) == 2
        and spans[name.lower()] == 1
        and alone[words[0]] > alone[words[1]] >= 1
        and not any(len(w) <= 2 or "." in w or _first_or_patronymic(w) for w in words)
    )


def resolve_people(names: dict[Mention, str]) -> dict[Mention, str]:
    """Replace a one-word person name («Безруков», «Сергей») by the document's one full name
    that ends (or, failing that, starts) with it; a word two full names share («Трамп» with
    Дональд and Иванка Трамп) is left alone rather than guessed. Two names glued into one
    span (`_glued`) are no full name: the span names the last of them (the head of «сын
    Акихито Нарухито» is Нарухито)."""
    people = [_undoubled(n) for m, n in names.items() if m.type == "PERSON"]
    alone = Counter(n.lower() for n in people if len(n.split()) == 1)
    spans = Counter(n.lower() for n in people)
    names = {
        m: (n.split()[-1] if m.type == "PERSON" and _glued(_undoubled(n), alone, spans) else n)
        for m, n in names.items()
    }
    fulls = sorted(
        {_undoubled(n) for m, n in names.items() if m.type == "PERSON" and len(n.split()) > 1}
    )
    by_last: dict[str, set[str]] = {}
    by_first: dict[str, set[str]] = {}
    for name in fulls:
        words = name.lower().split()
        by_last.setdefault(words[-1], set()).add(name)
        by_first.setdefault(words[0], set()).add(name)
    out: dict[Mention, str] = {}
    for m, name in names.items():
        if m.type == "AGE":
            out[m] = age_name(name)
            continue
        if m.type != "PERSON":
            out[m] = name
            continue
        name = _undoubled(name)
        if len(name.split()) == 1:
            word = name.lower()
            found = by_last.get(word) or by_first.get(word) or set()
            if len(found) == 1:
                name = next(iter(found))
        out[m] = name
    return out
