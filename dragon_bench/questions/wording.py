"""Wording spread of a set of questions: the largest share of questions holding one content
word of four or more letters (question words aside), by lemma («работает», «работал» are one
word). A benchmark whose questions all say «работает» teaches a reader a template, not news."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from dragon_bench.questions.morph import analyzer

__all__ = ["QUESTION_WORDS", "wording_spread"]

QUESTION_WORDS = frozenset(
    "кто что какой каков чей где когда откуда куда сколько почему зачем как который".split()  # noqa: SIM905
)
_CONTENT = frozenset({"NOUN", "VERB", "INFN", "ADJF", "ADJS", "PRTF", "PRTS", "GRND", "ADVB"})
_WORD = re.compile(r"[А-Яа-яЁёA-Za-z][А-Яа-яЁёA-Za-z\-]*")


def _content_lemmas(question: str) -> set[str]:
    out = set()
    for word in _WORD.findall(question):
        if len(word) < 4:
            continue
        parse = analyzer().parse(word.lower())[0]
        lemma = parse.normal_form.replace("ё", "е")
        if lemma in QUESTION_WORDS or (parse.tag.POS and parse.tag.POS not in _CONTENT):
            continue
        out.add(lemma)
    return out


def wording_spread(questions: Iterable[str]) -> tuple[float, str]:
    """(share, lemma): the content word found in the largest share of the questions."""
    counts: Counter[str] = Counter()
    n = 0
    for q in questions:
        n += 1
        counts.update(_content_lemmas(q))
    if not n or not counts:
        return 0.0, ""
    word, hits = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return round(hits / n, 4), word
