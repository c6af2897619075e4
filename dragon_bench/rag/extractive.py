"""The offline answerer: pick the best supporting sentence, then the span the question asks for."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dragon_bench.rag.answer import AnswerSentence, Generation
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.text import Analyzer, split_sentences

__all__ = ["ExtractiveGenerator", "QuestionKind", "classify_question", "find_spans"]

_MONTHS = (
    "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|"
    "сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]"
)
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+(?:{_MONTHS})(?:\s+\d{{4}}(?:\s+года?)?)?"
    rf"|\b(?:{_MONTHS})\s+\d{{4}}(?:\s+года?)?"
    r"|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"
    r"|\b(?:[12]\d{3})(?:\s*[-–]\s*[12]\d{3})?(?:\s+год(?:а|у|ах|ов)?)?\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(
    r"(?<![\w.,])\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?"
    r"(?:\s*(?:%|процент\w*|млн|млрд|тыс\.?|миллион\w*|миллиард\w*|тысяч\w*))?"
    r"(?:\s+(?:долларов|доллара|рублей|рубля|евро|человек|лет|года?|раз|км|метров|тонн))?",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class QuestionKind:
    """What a question asks for: entity labels to prefer, and whether it wants several."""

    labels: tuple[str, ...]
    many: bool = False


_KIND_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), labels)
    for p, labels in (
        (r"\bсколько\b|\bкакое количество\b|\bкакова (?:сумма|численность|стоимость)", ("NUMBER",)),
        (
            r"\bкогда\b|\bв каком году\b|\bкакого числа\b|\bв каком месяце\b|\bдат[аеуы]\b",
            ("DATE",),
        ),
        (
            r"\bкак(?:ая|ой|ую|ие|их|ом|им|ими) (?:\w+ )?(?:организаци|компани|клуб|парти|"
            r"команд|ведомств|министерств|издани|банк|университет|суд\b|фирм|учреждени)",
            ("ORG",),
        ),
        (
            r"\bгде\b|\bкуда\b|\bоткуда\b|\bв как(?:ом|ой|их) (?:город|стран|регион|област|мест)|"
            r"\bкак(?:ой|ая|ие) (?:город|стран|регион|област)",
            ("LOC",),
        ),
        (
            r"\bкто\b|\bкого\b|\bкому\b|\bкем\b|\bс кем\b|\bчей\b|\bчья\b|\bчьи\b|\bкак зовут\b",
            ("PER",),
        ),
    )
)
_MANY = re.compile(
    r"\bкакие\b|\bкаких\b|\bкакими\b|\bперечисл|\bназовите все\b|\bкто из\b|\bкто (?:ещё|еще)\b"
    r"|\bкакие именно\b|\bв каких\b|\bс какими\b",
    re.IGNORECASE,
)


def classify_question(question: str) -> QuestionKind:
    """The entity labels (PER, LOC, ORG, DATE, NUMBER) a Russian question asks for, by its wh-word."""
    labels: list[str] = []
    for pattern, kinds in _KIND_RULES:
        if pattern.search(question):
            labels.extend(k for k in kinds if k not in labels)
    # "где работает X" asks for an organisation as often as for a place
    if "LOC" in labels and re.search(r"\bработа|\bучи|\bслуж", question, re.IGNORECASE):
        labels.insert(0, "ORG")
    return QuestionKind(tuple(labels), bool(_MANY.search(question)))


@lru_cache(maxsize=1)
def _ner() -> tuple[Any, Any]:
    from natasha import NewsEmbedding, NewsNERTagger, Segmenter

    return Segmenter(), NewsNERTagger(NewsEmbedding())


def find_spans(sentence: str) -> list[tuple[int, int, str]]:
    """Entity spans (natasha NER: PER, LOC, ORG), dates and numbers in a sentence."""
    from natasha import Doc

    segmenter, tagger = _ner()
    doc = Doc(sentence)
    doc.segment(segmenter)
    doc.tag_ner(tagger)
    spans = [(s.start, s.stop, s.type) for s in doc.spans]
    dates = [(m.start(), m.end(), "DATE") for m in _DATE.finditer(sentence)]
    spans += dates
    for m in _NUMBER.finditer(sentence):
        if not any(a <= m.start() < b for a, b, _ in dates):
            spans.append((m.start(), m.end(), "NUMBER"))
    return sorted(spans)


class ExtractiveGenerator:
    """Answer from the texts alone: the sentence sharing most question terms (idf-weighted),
    then an entity of the type the question asks for that the question does not already name.
    """

    name = "extractive"

    def __init__(
        self,
        *,
        max_sentences: int = 6,
        max_items: int = 5,
        name_weight: float = 2.0,
        rank_weight: float = 1.0,
    ) -> None:
        self.name_weight = name_weight
        self.rank_weight = rank_weight
        self.max_sentences = max_sentences
        self.max_items = max_items
        self.analyzer = Analyzer()

    def generate(self, question: str, candidates: Sequence[Candidate]) -> Generation:
        # a headline has no final stop, so razdel glues it to the first sentence: split lines too
        sentences = [
            (ci, rank, line.strip())
            for rank, (ci, c) in enumerate(enumerate(candidates))
            for a, b in split_sentences(c.text)
            for line in c.text[a:b].split("\n")
        ]
        sentences = [s for s in sentences if s[2]]
        if not sentences or not question.strip():
            return Generation("", ())
        q_terms = set(self.analyzer(question))
        terms = [set(self.analyzer(s)) for _, _, s in sentences]
        df = Counter(t for ts in terms for t in ts)
        n = len(sentences)
        idf = {t: math.log(1 + n / (1 + df[t])) for t in q_terms}
        # names (capitalised words after the first) identify the subject: they count double
        names = {t for w in question.split()[1:] if w[:1].isupper() for t in self.analyzer(w)}
        for t in names & q_terms:
            idf[t] *= self.name_weight
        scored = []
        for (ci, rank, text), ts in zip(sentences, terms, strict=True):
            overlap = sum(idf[t] for t in q_terms & ts)
            scored.append((overlap + self.rank_weight / (1 + rank), ci, text))
        scored.sort(key=lambda x: -x[0])
        top = scored[: self.max_sentences]
        kind = classify_question(question)
        found = self._spans(question, q_terms, kind, top)
        best_ci, best_text = top[0][1], top[0][2]
        if not found:
            return Generation(
                _shorten(best_text), (AnswerSentence(best_text, (best_ci,)),), {"kind": "sentence"}
            )
        answer = ", ".join(s for s, _ in found)
        cites = tuple(sorted({ci for _, ci in found}))
        return Generation(answer, (AnswerSentence(answer, cites),), {"kind": ",".join(kind.labels)})

    def _spans(
        self,
        question: str,
        q_terms: set[str],
        kind: QuestionKind,
        top: list[tuple[float, int, str]],
    ) -> list[tuple[str, int]]:
        q_lower = question.lower().replace("ё", "е")
        wanted = kind.labels or (("PER", "ORG", "LOC") if kind.many else ())
        if not wanted:  # "почему", "как": no span type fits, the sentence is the answer
            return []
        best_score = top[0][0]
        out: list[tuple[str, int]] = []
        seen: set[str] = set()
        for score, ci, text in top:
            # later sentences only count when they support the question nearly as well
            if out and (not kind.many or score < 0.6 * best_score):
                break
            spans = find_spans(text)
            anchors = [
                m.start()
                for m in re.finditer(r"\w+", text)
                if set(self.analyzer(m.group())) & q_terms
            ]
            # the question's predicate words, not its named subject, sit next to the answer
            named = [(a, b) for a, b, label in spans if label in ("PER", "LOC", "ORG")]
            plain = [x for x in anchors if not any(a <= x < b for a, b in named)]
            anchors = plain or anchors
            hits = []
            for a, b, label in spans:
                if label not in wanted:
                    continue
                span = text[a:b].strip(' .,;:«»"()')
                span_terms = set(self.analyzer(span))
                if not span or span.lower().replace("ё", "е") in q_lower:
                    continue
                if span_terms and span_terms <= q_terms:  # the question names it already
                    continue
                # the span nearest to the question's words in the sentence is the likeliest answer
                near = min((abs(x - a) if x < a else abs(x - b) for x in anchors), default=0)
                hits.append((wanted.index(label), near, span))
            hits.sort()
            if not hits:
                continue
            pick = hits if kind.many else hits[:1]
            for _, _, span in pick:
                key = " ".join(self.analyzer(span)) or span.lower()
                if key not in seen:
                    seen.add(key)
                    out.append((span, ci))
            if len(out) >= self.max_items or not kind.many:
                break
        return out[: self.max_items]


def _shorten(text: str, words: int = 30) -> str:
    parts = text.split()
    return text if len(parts) <= words else " ".join(parts[:words]) + " …"
