"""Quality filters for generated questions: the answer is hidden, supported and not repeated."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from dragon_bench.questions.morph import fold, lemmas

__all__ = ["answer_in_question", "SupportIndex", "question_key", "contains_sequence"]


def contains_sequence(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """True when `needle` occurs in `haystack` as a contiguous run."""
    n = len(needle)
    if n == 0:
        return False
    first = needle[0]
    for i in range(len(haystack) - n + 1):
        if haystack[i] == first and list(haystack[i : i + n]) == list(needle):
            return True
    return False


def answer_in_question(answer: str, question: str) -> bool:
    """True when the answer shows in the question, as a string or as its lemma sequence."""
    a = fold(answer)
    if not a:
        return False
    if a in fold(question):
        return True
    return contains_sequence(lemmas(question), lemmas(answer))


def question_key(question: str) -> str:
    """Questions that differ only in case, quotes, spacing or inflection share this key."""
    return " ".join(lemmas(question))


def _stem_run(text: str, answer: str) -> bool:
    """Every word of the answer, less its last two letters, begins consecutive words of the
    text: «Анна Безрукова» in «Анне Безруковой» (unknown names lemmatise unevenly)."""
    stems = [w[: max(3, len(w) - 2)] for w in re.findall(r"\w+", answer)]
    if not stems:
        return False
    words = re.findall(r"\w+", text)
    n = len(stems)
    return any(
        all(words[i + j].startswith(stems[j]) for j in range(n)) for i in range(len(words) - n + 1)
    )


class SupportIndex:
    """Answers checked against source texts: the answer string (case-insensitive) or its lemma
    sequence must occur in one of the supporting texts."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = texts
        self._folded: dict[str, str] = {}
        self._lemmas: dict[str, list[str]] = {}

    def supports(self, answer: str, text_ids: Sequence[str]) -> bool:
        a = fold(answer)
        if not a:
            return False
        want = lemmas(answer)
        for tid in text_ids:
            text = self._texts.get(tid)
            if text is None:
                continue
            if tid not in self._folded:
                self._folded[tid] = fold(text)
            if a in self._folded[tid]:
                return True
            if tid not in self._lemmas:
                self._lemmas[tid] = lemmas(text)
            if contains_sequence(self._lemmas[tid], want):
                return True
            if _stem_run(self._folded[tid], a):
                return True
        return False

    def supports_all(self, answers: Sequence[str], text_ids: Sequence[str]) -> bool:
        return bool(answers) and all(self.supports(a, text_ids) for a in answers)
