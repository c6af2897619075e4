"""What a question asks for, read from its wh-words: the entity labels an answer should have
(PER, LOC, ORG, DATE, NUMBER, PROF, EVENT, THING), whether it wants several, and the labels
that may answer each kind."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ACCEPTS", "QuestionKind", "classify_question"]


@dataclass(frozen=True, slots=True)
class QuestionKind:
    """What a question asks for: entity labels to prefer, and whether it wants several."""

    labels: tuple[str, ...]
    many: bool = False
    one: bool = False  # two conditions joined by «и»: the one entity meeting both


_KIND_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), labels)
    for p, labels in (
        (
            r"\bсколько\b|\bкакое количество\b|\bкакова (?:сумма|численность|стоимость)"
            r"|\bв каком возрасте\b|\bhow (?:many|much|old|long)\b",
            ("NUMBER",),
        ),
        (
            r"\bкогда\b|\bв каком году\b|\bкакого числа\b|\bв каком месяце\b|\bдат[аеуы]\b"
            r"|\bwhen\b|\bwhat year\b|\bwhat date\b",
            ("DATE",),
        ),
        (r"\bкем (?:работа|является|был|была|стал|служ)|\bдолжност|\bпрофесси", ("PROF",)),
        (r"\bсобыти[ийяюе]\b|\bсобытием\b", ("EVENT",)),
        (
            r"\bкак(?:ая|ой|ую|ие|их|ом|им|ими) (?:\w+ )?(?:организаци|компани|клуб|парти|"
            r"команд|ведомств|министерств|издани|банк|университет|суд\b|фирм|учреждени)"
            r"|\bwhich (?:company|companies|organi[sz]ation|team|club|party|studio)",
            ("ORG",),
        ),
        (
            r"\bгде\b|\bкуда\b|\bоткуда\b|\bв как(?:ом|ой|их) (?:город|стран|регион|област|мест)|"
            r"\bкак(?:ой|ая|ие) (?:город|стран|регион|област)|\bwhere\b|\bwhich (?:city|country)",
            ("LOC",),
        ),
        (
            r"\bкто\b|\bкого\b|\bкому\b|\bкем\b|\bс кем\b|\bчей\b|\bчья\b|\bчьи\b|\bкак зовут\b"
            r"|\bwho\b|\bwhom\b",
            ("PER",),
        ),
        (r"^\s*(?:что|чем|во? ч[её]м|от чего|на ч[её]м|what)\b", ("THING",)),
    )
)
_MANY = re.compile(
    r"\bкакие\b|\bкаких\b|\bкакими\b|\bперечисл|\bназовите все\b|\bкто из\b|\bкто (?:ещё|еще)\b"
    r"|\bкакие именно\b|\bв каких\b|\bс какими\b|\bwhich (?:\w+ )?(?:companies|countries|people)\b"
    r"|\bname (?:two|three|four|five|some|all)\b",
    re.IGNORECASE,
)
# "Кто работает в X и родился в Y?": a second predicate after «и» (verb or short participle)
_CONDITIONS = re.compile(
    r"\sи\s+[а-яё]+(?:ет|ит|ут|ят|ёт|ал|ил|ял|ел|ыл|ул|ла|ло|ли|ся|сь|ён|ена|ено|ан|ана|ано)\b",
    re.IGNORECASE,
)
# labels that may answer a question asking for each kind; "THING" takes any typed span
ACCEPTS: dict[str, tuple[str, ...]] = {
    "PER": ("PER", "NAME"),
    "LOC": ("LOC", "NAME"),
    "ORG": ("ORG", "NAME"),
    "DATE": ("DATE",),
    "NUMBER": ("NUMBER",),
    "PROF": ("PROF",),
    "EVENT": ("EVENT",),
    "THING": ("EVENT", "ORG", "LOC", "PER", "NAME", "PROF"),
}


def classify_question(question: str) -> QuestionKind:
    """The labels (PER, LOC, ORG, DATE, NUMBER, PROF, EVENT, THING) a question asks for,
    by its wh-words (Russian first, a few English ones)."""
    labels: list[str] = []
    for pattern, kinds in _KIND_RULES:
        if pattern.search(question):
            labels.extend(k for k in kinds if k not in labels)
    if "PROF" in labels and "PER" in labels:  # "кем работает" asks for a role, not a person
        labels.remove("PER")
    if "THING" in labels and len(labels) > 1:
        labels.remove("THING")
    # "где работает X" asks for an organisation as often as for a place
    if "LOC" in labels and re.search(r"\bработа|\bучи|\bслуж", question, re.IGNORECASE):
        labels.insert(0, "ORG")
    many = bool(_MANY.search(question))
    return QuestionKind(tuple(labels), many, not many and bool(_CONDITIONS.search(question)))
