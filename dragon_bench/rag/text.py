"""Russian text analysis for lexical retrieval: lower-case word tokens, stop words, Snowball stems."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import Stemmer
from bm25s.stopwords import STOPWORDS_RUSSIAN
from razdel import sentenize

__all__ = ["STOP_WORDS", "Analyzer", "word_tokens", "split_sentences"]

_WORD = re.compile(r"\w+", re.UNICODE)

# bm25s's Russian list (the Snowball one) plus question words and particles common in questions.
_EXTRA_STOP = [
    "какие",
    "каких",
    "каким",
    "какими",
    "каков",
    "какова",
    "каково",
    "каковы",
    "какого",
    "какому",
    "каком",
    "которая",
    "которые",
    "который",
    "которого",
    "которой",
    "котором",
    "которых",
    "сколько",
    "почему",
    "зачем",
    "откуда",
    "чей",
    "чья",
    "чьё",
    "чьи",
    "также",
    "либо",
    "это",
    "эта",
    "этих",
    "её",
    "ещё",
    "весь",
    "вся",
    "всё",
    "свой",
    "своя",
    "свои",
    "своего",
    "своей",
    "является",
    "являются",
]


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    return frozenset(w.replace("ё", "е") for w in (*STOPWORDS_RUSSIAN, *_EXTRA_STOP))


STOP_WORDS: frozenset[str] = _stop_words()


def word_tokens(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits) with ё folded to е."""
    return _WORD.findall(text.lower().replace("ё", "е"))


class Analyzer:
    """Text to index terms: word tokens, Russian stop words removed, Russian Snowball stems.

    Stemming goes through PyStemmer (the Snowball algorithm of Porter, 2001) with a cache.
    """

    def __init__(self, *, stem: bool = True, stop_words: bool = True) -> None:
        self.stem = stem
        self.stop_words = stop_words
        self._local = threading.local()  # PyStemmer objects must not be shared by threads

    def _stemmer(self) -> Any:
        stemmer = getattr(self._local, "stemmer", None)
        if stemmer is None:
            stemmer = Stemmer.Stemmer("russian")
            stemmer.maxCacheSize = 200_000
            self._local.stemmer = stemmer
        return stemmer

    def __call__(self, text: str) -> list[str]:
        words = word_tokens(text)
        if self.stop_words:
            words = [w for w in words if w not in STOP_WORDS]
        if self.stem:
            words = self._stemmer().stemWords(words)
        return words

    def many(self, texts: Iterable[str]) -> list[list[str]]:
        return [self(t) for t in texts]

    def config(self) -> dict[str, bool]:
        return {"stem": self.stem, "stop_words": self.stop_words}


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of `text` by razdel, as (start, end) character offsets."""

    return [(s.start, s.stop) for s in sentenize(text)]
