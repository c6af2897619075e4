"""Lemmas of Russian words (pymorphy3's most probable normal form, ё folded to е), cached."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from dragon_bench.nlp.models import morph_analyzer

__all__ = ["fold", "lemma", "lemmas", "parses"]

_WORD = re.compile(r"[\w\-]+|[^\w\s]", re.UNICODE)


@lru_cache(maxsize=200_000)
def parses(word: str) -> tuple[Any, ...]:
    """pymorphy3's parses of a word form, most probable first."""
    return tuple(morph_analyzer().parse(word))


@lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    """The normal form of the most probable parse (the word itself, lower-cased, if none)."""
    found = parses(word)
    return (found[0].normal_form if found else word.lower()).replace("ё", "е")


def lemmas(text: str) -> list[str]:
    """Lemmas of the word tokens of `text` (punctuation dropped), ё folded to е."""
    return [lemma(t.lower()) for t in _WORD.findall(text) if t[0].isalnum()]


def fold(text: str) -> str:
    """Lower case with ё folded to е and quotes and spaces normalised, for string comparison."""
    text = text.lower().replace("ё", "е")
    text = re.sub(r"[«»\"“”„'`]", "", text)
    return re.sub(r"\s+", " ", text).strip()
