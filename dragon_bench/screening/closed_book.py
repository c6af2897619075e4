"""The closed-book filter: a candidate question that a model answers correctly with no context
is answerable from memory, so it tests nothing a retriever adds; it is dropped (or flagged).

This is what keeps a dynamic benchmark fresh (the contamination check of DRAGON and of
FreshQA, Vu et al., 2023): each named model is asked every candidate question without any
text. An answer counts as correct as the answer metrics define it (`answer_is_correct`), or,
where a judge is configured, when the judge (`dragon_bench.metrics.judge.Judge`) says accurate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.llm import ChatModel, LLMError
from dragon_bench.llm.usage import StageEstimate, message_tokens
from dragon_bench.metrics.answers import token_f1
from dragon_bench.metrics.normalize import normalize_tokens
from dragon_bench.metrics.refusal import is_refusal
from dragon_bench.metrics.tokens import razdel_tokens
from dragon_bench.types import Question

__all__ = [
    "CLOSED_BOOK_MODES",
    "LEMMA_F1_CORRECT",
    "ClosedBookAnswer",
    "ClosedBookModel",
    "answer_is_correct",
    "ask_closed_book",
    "closed_book_messages",
    "closed_book_answers",
    "estimate_closed_book",
    "parse_closed_book_models",
]

CLOSED_BOOK_MODES = ("drop", "keep")
LEMMA_F1_CORRECT = 0.8

_SYSTEM = (
    "Ты отвечаешь на вопросы викторины по памяти, без доступа к поиску и к документам. "
    "Отвечай коротко: только сам ответ (имя, название, дата, число или перечень через "
    "запятую), без пояснений. Если ты не знаешь ответа, напиши «не знаю»."
)


@dataclass(frozen=True, slots=True)
class ClosedBookModel:
    """A model to ask: `base_url` '' means DRAGON_LLM_BASE_URL."""

    name: str
    base_url: str = ""


@dataclass(frozen=True, slots=True)
class ClosedBookAnswer:
    """One model's answer without context; `by` says what decided `correct`: `metric`,
    `judge` (accurate or not), `refusal`, `metric_no` (no judge configured) or `error`
    (the call failed; not counted as correct)."""

    model: str
    answer: str
    correct: bool
    by: str


def parse_closed_book_models(spec: str) -> list[ClosedBookModel]:
    """`NAME[@BASE_URL],...` into models; a name appears once."""
    out: list[ClosedBookModel] = []
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, url = item.partition("@")
        name, url = name.strip(), url.strip().rstrip("/")
        if not name:
            raise BadInputError(f"closed-book model {item!r} has no name (NAME[@BASE_URL])")
        if url and not url.startswith(("http://", "https://")):
            raise BadInputError(
                f"closed-book model {item!r}: the base URL must start with http:// or https://"
            )
        if any(m.name == name for m in out):
            raise BadInputError(f"closed-book model {name!r} is named twice")
        out.append(ClosedBookModel(name, url))
    if not out:
        raise BadInputError("--closed-book-models names no model (NAME[@BASE_URL],...)")
    return out


def closed_book_messages(question: str) -> list[dict[str, str]]:
    """The question alone, with the instruction to answer from memory or say «не знаю»."""
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": question.strip()}]


def _norm(text: str) -> list[str]:
    return normalize_tokens(razdel_tokens(text))


def _found(needle: Sequence[str], haystack: Sequence[str]) -> bool:
    return bool(needle) and f" {' '.join(needle)} " in f" {' '.join(haystack)} "


def answer_is_correct(answer: str, question: Question) -> bool:
    """As the answer metrics call an answer correct: the gold (for a set question, every set
    member) found in the lemma-normalised answer, or lemma F1 with the gold >= 0.8."""
    got = _norm(answer)
    if not got or is_refusal(answer):
        return False
    golds = list(question.answers) or [question.answer]
    if question.type == "set":
        if all(_found(_norm(g), got) for g in golds):
            return True
    elif any(_found(_norm(g), got) for g in golds):
        return True
    return token_f1(_norm(question.answer), got) >= LEMMA_F1_CORRECT


def ask_closed_book(llm: ChatModel, question: Question, judge: Any = None) -> ClosedBookAnswer:
    """Ask `llm` the question with no context and decide whether the answer is correct."""

    try:
        reply = llm.chat(closed_book_messages(question.question), temperature=0.0, max_tokens=64)
    except LLMError:
        return ClosedBookAnswer(llm.model, "", False, "error")
    answer = " ".join(reply.split())
    if is_refusal(answer) or not answer:
        return ClosedBookAnswer(llm.model, answer, False, "refusal")
    if answer_is_correct(answer, question):
        return ClosedBookAnswer(llm.model, answer, True, "metric")
    if judge is None:
        return ClosedBookAnswer(llm.model, answer, False, "metric_no")
    try:
        verdict = judge.judge(question.question, question.answer, answer)
    except LLMError:
        return ClosedBookAnswer(llm.model, answer, False, "error")
    return ClosedBookAnswer(llm.model, answer, verdict.label == "accurate", "judge")


def closed_book_answers(
    questions: Sequence[Question], models: Mapping[str, Any], judge: Any = None
) -> list[list[ClosedBookAnswer]]:
    """For each question, one answer per model (in `models` order); each model's questions run
    `settings.concurrency` at a time through its client's `map`."""
    per_model = [
        client.map(lambda q, c=client: ask_closed_book(c, q, judge), questions)
        for client in models.values()
    ]
    return (
        [list(row) for row in zip(*per_model, strict=True)]
        if per_model
        else [[] for _ in questions]
    )


def estimate_closed_book(questions: int, models: int) -> StageEstimate:
    """Each question once per model: the instruction and a question of about 90 characters,
    a reply of about 10 tokens (judge calls, when configured, come on top for wrong-looking
    answers)."""
    calls = questions * models
    prompt = message_tokens(closed_book_messages("x" * 90))
    return StageEstimate(calls, calls * prompt, calls * 10)
