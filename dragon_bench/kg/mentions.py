"""Entity mentions in a parsed text: natasha's NER plus rules for dates, money, ages, professions, events."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dragon_bench.nlp import lexicon as lx
from dragon_bench.nlp.natasha import NatashaPipeline

__all__ = [
    "Token",
    "Sentence",
    "Mention",
    "read_sentences",
    "find_mentions",
    "ner_mentions",
    "NER_TYPES",
]

NER_TYPES = {"PER": "PERSON", "ORG": "ORGANIZATION", "LOC": "LOCATION"}

_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_NUMBER = re.compile(r"^\d+([.,]\d+)?$")
_AGED = re.compile(r"^\d+-?летн", re.IGNORECASE)
_MULTIPLIERS = {"тысяча", "тыс", "миллион", "млн", "миллиард", "млрд", "триллион", "трлн"}
_PREFIXES = ("экс-", "вице-", "зам-", "и.о.")
# Order decides which type wins when two recognisers claim the same head token.
_PRIORITY = [
    "PERSON",
    "ORGANIZATION",
    "LOCATION",
    "DATE",
    "AGE",
    "MONEY",
    "WORK_OF_ART",
    "PROFESSION",
    "NATIONALITY",
    "DISEASE",
    "CRIME",
    "PENALTY",
    "AWARD",
    "IDEOLOGY",
    "LAW",
    "FACILITY",
    "EVENT",
]


@dataclass(slots=True)
class Token:
    """One token of a sentence; `head` is the index of its syntactic head (-1 for the root)."""

    i: int
    start: int
    end: int
    text: str
    lemma: str
    pos: str
    rel: str
    head: int
    feats: dict[str, str]


@dataclass(slots=True)
class Sentence:
    """A sentence's span in the text and its tokens with a dependency tree."""

    index: int
    start: int
    end: int
    tokens: list[Token]
    children: list[list[int]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Mention:
    """An entity mention: character span, type, sentence index and the index of its head token."""

    start: int
    end: int
    type: str
    sent: int
    head: int
    text: str


def read_sentences(doc: Any, pipeline: NatashaPipeline) -> list[Sentence]:
    """Turn a parsed natasha Doc into sentences of tokens with lemmas and integer heads."""
    out: list[Sentence] = []
    for s_index, sent in enumerate(doc.sents):
        ids = {tok.id: i for i, tok in enumerate(sent.tokens)}
        tokens = []
        for i, tok in enumerate(sent.tokens):
            feats = dict(tok.feats or {})
            tokens.append(
                Token(
                    i=i,
                    start=tok.start,
                    end=tok.stop,
                    text=tok.text,
                    lemma=pipeline.lemma(tok.text, tok.pos or "X"),
                    pos=tok.pos or "X",
                    rel=tok.rel or "",
                    head=ids.get(tok.head_id, -1),
                    feats=feats,
                )
            )
        children: list[list[int]] = [[] for _ in tokens]
        for t in tokens:
            if t.head >= 0 and t.head != t.i:
                children[t.head].append(t.i)
        out.append(Sentence(s_index, sent.start, sent.stop, tokens, children))
    return out


def _span_head(sent: Sentence, first: int, last: int) -> int:
    for t in sent.tokens[first : last + 1]:
        if not first <= t.head <= last:
            return t.i
    return last


def _strip_prefix(lemma: str) -> str:
    for p in _PREFIXES:
        if lemma.startswith(p):
            return lemma[len(p) :]
    return lemma


def _is_number(tok: Token) -> bool:
    return tok.pos == "NUM" or bool(_NUMBER.match(tok.text))


def ner_mentions(doc: Any, sents: list[Sentence], text: str) -> list[Mention]:
    """natasha's own NER spans (PER, LOC, ORG) as mentions."""
    out = []
    for span in doc.spans:
        sent = next((s for s in sents if s.start <= span.start < s.end), None)
        if sent is None:
            continue
        idx = [t.i for t in sent.tokens if t.start < span.stop and span.start < t.end]
        if not idx:
            continue
        head = _span_head(sent, idx[0], idx[-1])
        kind = NER_TYPES.get(span.type, span.type)
        out.append(
            Mention(span.start, span.stop, kind, sent.index, head, text[span.start : span.stop])
        )
    return out


def _is_profession(tok: Token, lemma: str) -> bool:
    parts = lemma.split("-")
    if lemma in lx.PROFESSIONS or parts[-1] in lx.PROFESSIONS or parts[0] in lx.PROFESSIONS:
        return True
    if tok.feats.get("Animacy") != "Anim" or tok.pos != "NOUN":
        return False
    # "политики" lemmatises to "политика"; animate nouns with agent suffixes are occupations.
    return lemma in ("политика",) or (
        OPTIONS["suffix"] and lemma.endswith(lx.PROFESSION_SUFFIXES) and len(lemma) > 5
    )


# Ablation switches, measured on NEREL (docs/benchmarks.md): the defaults are the best found.
# Off: animate agent suffixes, every verb as an event, deverbal nouns as events, verbs with a
# date as events, verbs with a place as events (each lowered F1 on train and dev).
OPTIONS = {
    "suffix": False,
    "all_verbs": False,
    "nominal_events": False,
    "place_adj": True,
    "date_events": False,
    "place_events": False,
    "org_nouns": True,
    "laws": True,
    "facilities": True,
}


def _token_type(sent: Sentence, tok: Token) -> str | None:
    lemma = _strip_prefix(tok.lemma)
    if tok.pos == "ADJ" and OPTIONS["place_adj"] and lemma in lx.PLACE_ADJECTIVES:
        return "LOCATION"
    if tok.pos in ("NOUN", "PROPN"):
        if _is_profession(tok, lemma):
            return "PROFESSION"
        if lemma in lx.NATIONALITIES:
            return "NATIONALITY"
        if OPTIONS["org_nouns"] and lemma in lx.ORGANIZATION_NOUNS:
            return "ORGANIZATION"
        if OPTIONS["laws"] and lemma in lx.LAWS:
            return "LAW"
        if OPTIONS["facilities"] and lemma in lx.FACILITIES:
            return "FACILITY"
        if lemma in lx.DISEASES:
            return "DISEASE"
        if lemma in lx.CRIMES:
            return "CRIME"
        if lemma in lx.AWARDS:
            return "AWARD"
        if lemma in lx.IDEOLOGIES:
            return "IDEOLOGY"
        if lemma in lx.EVENT_NOUNS:
            return "EVENT"
        if lemma in lx.PENALTIES:
            return "PENALTY"
        if (
            OPTIONS["nominal_events"]
            and tok.feats.get("Animacy") == "Inan"
            and lemma.endswith(("ание", "ение", "тие"))
        ):
            return "EVENT"
    elif tok.pos == "VERB" and (
        lemma in lx.EVENT_VERBS or (OPTIONS["all_verbs"] and lemma not in lx.NON_EVENT_VERBS)
    ):
        return "EVENT"
    return None


def _date_tokens(sent: Sentence) -> set[int]:
    toks = sent.tokens
    marked: set[int] = set()
    for t in toks:
        low = t.text.lower()
        if (
            t.lemma in lx.MONTHS
            or t.lemma in lx.WEEKDAYS
            or low in lx.RELATIVE_DAYS
            or _YEAR.match(t.text)
            or t.lemma in ("год", "г.", "г")
            and t.i > 0
            and _YEAR.match(toks[t.i - 1].text)
        ):
            marked.add(t.i)
    # A day number before a month name belongs to the date.
    for i in list(marked):
        if i > 0 and toks[i].lemma in lx.MONTHS and _is_number(toks[i - 1]):
            marked.add(i - 1)
    return marked


def _group(indices: set[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for i in sorted(indices):
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _rule_mentions(sent: Sentence, text: str) -> list[Mention]:
    toks = sent.tokens
    out: list[Mention] = []

    def add(first: int, last: int, kind: str) -> None:
        start, end = toks[first].start, toks[last].end
        out.append(
            Mention(start, end, kind, sent.index, _span_head(sent, first, last), text[start:end])
        )

    for first, last in _group(_date_tokens(sent)):
        add(first, last, "DATE")
    n = len(toks)
    for t in toks:
        # Ages: "54-летний", "в возрасте 85 лет", "(31 год)".
        if _AGED.match(t.text):
            add(t.i, t.i, "AGE")
        elif _is_number(t) and t.i + 1 < n and toks[t.i + 1].lemma in ("год", "лет"):
            prev = toks[t.i - 1] if t.i > 0 else None
            if prev is not None and (prev.lemma in ("возраст", "(") or prev.text == "("):
                add(t.i, t.i + 1, "AGE")
        # Money: a number, an optional multiplier, a currency.
        if _is_number(t) or t.lemma in _MULTIPLIERS:
            j = t.i + 1
            while j < n and toks[j].lemma in _MULTIPLIERS:
                j += 1
            after_number = t.i > 0 and (
                _is_number(toks[t.i - 1]) or toks[t.i - 1].lemma in _MULTIPLIERS
            )
            if j < n and j > t.i and toks[j].lemma in lx.CURRENCIES and not after_number:
                add(t.i, j, "MONEY")
        kind = _token_type(sent, t)
        if kind is not None:
            add(t.i, t.i, kind)
    # Quoted names: «Зенит», «Война и мир».
    i = 0
    while i < n:
        if toks[i].text in ("«", '"', "“") and i + 1 < n:
            j = i + 1
            while j < n and toks[j].text not in ("»", '"', "”") and j - i < 12:
                j += 1
            if j < n and toks[j].text in ("»", '"', "”") and j > i + 1:
                before = toks[i - 1].lemma if i > 0 else ""
                kind = "WORK_OF_ART" if before in lx.WORK_KINDS else "ORGANIZATION"
                add(i + 1, j - 1, kind)
                i = j
        i += 1
    return out


def _anchored_events(sents: list[Sentence], found: list[Mention], text: str) -> list[Mention]:
    """A verb that a date (or place) depends on names an event: "в 2017 году посетил"."""
    kinds = {"DATE"} if OPTIONS["date_events"] else set()
    if OPTIONS["place_events"]:
        kinds.add("LOCATION")
    taken = {(m.sent, m.head) for m in found}
    out = []
    for m in found:
        if m.type not in kinds:
            continue
        sent = sents[m.sent]
        tok = sent.tokens[m.head]
        if tok.rel not in ("obl", "nmod", "advmod") or tok.head < 0:
            continue
        verb = sent.tokens[tok.head]
        if verb.pos != "VERB" or verb.lemma in lx.NON_EVENT_VERBS or (m.sent, verb.i) in taken:
            continue
        taken.add((m.sent, verb.i))
        out.append(
            Mention(verb.start, verb.end, "EVENT", m.sent, verb.i, text[verb.start : verb.end])
        )
    return out


def find_mentions(doc: Any, sents: list[Sentence], text: str) -> list[Mention]:
    """All mentions of a parsed text, at most one per head token, sorted by position."""
    found = ner_mentions(doc, sents, text)
    for sent in sents:
        found.extend(_rule_mentions(sent, text))
    found.extend(_anchored_events(sents, found, text))
    rank = {k: i for i, k in enumerate(_PRIORITY)}
    best: dict[tuple[int, int], Mention] = {}
    for m in found:
        key = (m.sent, m.head)
        old = best.get(key)
        if old is None or rank.get(m.type, 99) < rank.get(old.type, 99):
            best[key] = m
    return sorted(best.values(), key=lambda m: (m.start, m.end))
