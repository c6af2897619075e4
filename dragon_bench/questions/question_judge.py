"""The question quality judge: an LLM scores each candidate 1-5 on a rubric, after the offline
checks (never instead of them); a question is kept when every criterion reaches the threshold.

The rubric follows the question-quality dimensions of LLM-as-a-judge filtering in synthetic
QA (Zheng et al., 2023): the question is grammatical Russian, answerable from its evidence,
unambiguous (one reading, one answer), and the gold answer is correct and complete.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dragon_bench.llm import ChatModel, LLMError
from dragon_bench.llm.usage import StageEstimate, estimate_tokens
from dragon_bench.types import Question

__all__ = [
    "CRITERIA",
    "DEFAULT_THRESHOLD",
    "QuestionScores",
    "estimate_judge",
    "judge_messages",
    "judge_question",
    "judge_questions",
    "parse_scores",
    "passes",
]

CRITERIA = ("grammatical", "answerable", "unambiguous", "answer_correct")
DEFAULT_THRESHOLD = 4

_SYSTEM = (
    "Ты — строгий редактор тестовых вопросов для проверки систем поиска и генерации ответов "
    "по новостям. Ты оцениваешь вопрос и эталонный ответ по фрагментам новостей и отвечаешь "
    "только JSON-объектом."
)
_RUBRIC = """Оцени вопрос по каждому критерию от 1 до 5 (1 — совсем плохо, 3 — есть заметный \
недостаток, 5 — безупречно):
- "grammatical": вопрос написан на правильном, естественном русском языке (падежи, \
согласование, порядок слов), как его задал бы человек;
- "answerable": на вопрос можно ответить по приведённым фрагментам, не зная ничего сверх них;
- "unambiguous": у вопроса одно прочтение и один правильный ответ; он не опирается на \
«этот», «данный» и т. п. без пояснения, о ком или о чём речь;
- "answer_correct": эталонный ответ верен и полон по фрагментам (для перечня — все элементы).
Верни JSON: {{"grammatical": 1-5, "answerable": 1-5, "unambiguous": 1-5, \
"answer_correct": 1-5, "reason": "<кратко, по-русски>"}}

Фрагменты:
{evidence}

Вопрос: {question}
Эталонный ответ: {answer}"""


@dataclass(frozen=True, slots=True)
class QuestionScores:
    """The judge's 1-5 score per criterion (`CRITERIA` order) and its one-line reason."""

    grammatical: int
    answerable: int
    unambiguous: int
    answer_correct: int
    reason: str = ""

    def as_dict(self) -> dict[str, int]:
        return {c: int(getattr(self, c)) for c in CRITERIA}


def evidence_sentences(question: Question, texts: Mapping[str, str]) -> list[str]:
    """The sentences of the question's evidence triples, in order, each once."""
    out: list[str] = []
    for t in question.triples:
        text = texts.get(t.doc_id, "")
        start, end = t.sentence_span
        sentence = " ".join(text[start:end].split()) if end > start else ""
        if sentence and sentence not in out:
            out.append(sentence)
    return out


def judge_messages(question: Question, texts: Mapping[str, str]) -> list[dict[str, str]]:
    """The rubric prompt for one candidate, with its evidence sentences."""
    evidence = "\n".join(f"- {s}" for s in evidence_sentences(question, texts)) or "-"
    answer = "; ".join(question.answers) if question.type == "set" else question.answer
    user = _RUBRIC.format(evidence=evidence, question=question.question, answer=answer)
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": user}]


def parse_scores(reply: Any) -> QuestionScores:
    """The scores of a JSON reply; ValueError naming the field that is missing or not 1-5."""
    if not isinstance(reply, dict):
        raise ValueError("expected a JSON object with the four scores")
    scores: dict[str, int] = {}
    for c in CRITERIA:
        value = reply.get(c)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise ValueError(f'"{c}" must be an integer from 1 to 5, not {json.dumps(value)}')
        scores[c] = value
    return QuestionScores(**scores, reason=str(reply.get("reason", ""))[:300])


def passes(scores: QuestionScores, threshold: int = DEFAULT_THRESHOLD) -> bool:
    """True when every criterion is at least `threshold`."""
    return all(v >= threshold for v in scores.as_dict().values())


def judge_question(
    llm: ChatModel, question: Question, texts: Mapping[str, str]
) -> QuestionScores | None:
    """The judge's scores (invalid replies are sent back with the error once); None when the
    reply stays unusable or the call fails."""

    try:
        return llm.chat_json(  # type: ignore[no-any-return]
            judge_messages(question, texts), validate=parse_scores, json_mode=True
        )
    except LLMError:
        return None


def judge_questions(
    llm: ChatModel, questions: Sequence[Question], texts: Mapping[str, str]
) -> list[QuestionScores | None]:
    """Scores for each question, `settings.concurrency` at a time; None where judging failed."""
    return list(llm.map(lambda q: judge_question(llm, q, texts), questions))


def estimate_judge(questions: int) -> StageEstimate:
    """One call a question: the rubric with two evidence sentences (about 300 characters), a
    question and an answer; a reply of about 50 tokens."""
    prompt = estimate_tokens(_SYSTEM + _RUBRIC) + 140
    return StageEstimate(questions, questions * prompt, questions * 50)
