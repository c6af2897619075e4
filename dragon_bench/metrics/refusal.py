"""Refusal detection: answers such as "не знаю" or "I don't know" count as missing, not wrong (CRAG)."""

from __future__ import annotations

import re

__all__ = ["is_refusal", "REFUSAL_PHRASES", "WHOLE_ANSWER_REFUSALS"]

REFUSAL_PHRASES: tuple[str, ...] = (
    # Russian
    "не знаю",
    "не могу ответить",
    "не могу дать ответ",
    "не могу сказать",
    "не могу определить",
    "не могу найти",
    "не удалось найти",
    "не удается найти",
    "не удалось определить",
    "затрудняюсь ответить",
    "недостаточно данных",
    "недостаточно информации",
    "недостаточно сведений",
    "нет данных",
    "нет информации",
    "нет сведений",
    "нет ответа",
    "ответ не найден",
    "информация отсутствует",
    "данные отсутствуют",
    "информации нет",
    "невозможно ответить",
    "невозможно определить",
    "нельзя определить",
    "не содержит информации",
    "не содержат информации",
    "не содержится информации",
    "не указано",
    "не упоминается",
    # English
    "i don't know",
    "i do not know",
    "i dont know",
    "don't know",
    "i'm not sure",
    "i am not sure",
    "i cannot answer",
    "i can't answer",
    "cannot answer",
    "can't answer",
    "unable to answer",
    "unable to determine",
    "cannot be determined",
    "can't be determined",
    "not enough information",
    "insufficient information",
    "not enough data",
    "insufficient data",
    "no information",
    "no relevant information",
    "does not contain information",
    "doesn't contain information",
    "not mentioned",
    "not specified",
    "no answer",
    "invalid question",
)
# Words that refuse only when they are the whole answer ("Unknown Pleasures" is an answer).
WHOLE_ANSWER_REFUSALS = frozenset({"неизвестно", "нет ответа", "unknown", "n/a", "na", "none", "-"})
_PATTERN = re.compile(
    r"(?<!\w)(?:" + "|".join(re.escape(p) for p in REFUSAL_PHRASES) + r")(?!\w)", re.I
)
_SHORT = 30  # words: a short answer that voices a refusal anywhere is a refusal
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "ё": "е", "Ё": "Е"})


def is_refusal(text: str) -> bool:
    """True for an empty answer or one that declines to answer, in Russian or English.

    A short answer (up to 30 words) is a refusal if it contains a refusal phrase anywhere;
    a longer one only if it opens with one, so a real answer that mentions "неизвестно" in
    passing is still judged on its content.
    """
    norm = " ".join(text.translate(_QUOTES).split()).strip(" .,!?:;«»\"'()-—").lower()
    if not norm or norm in WHOLE_ANSWER_REFUSALS:
        return True
    if len(norm.split()) <= _SHORT:
        return _PATTERN.search(norm) is not None
    match = _PATTERN.search(norm)
    return match is not None and match.start() <= 12
