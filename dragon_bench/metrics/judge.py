"""An LLM judge: each answer accurate, incorrect or missing as in CRAG (Yang et al., 2024), and
optionally DRAGON's rubric (correctness, completeness, factual accuracy scored 0-2).

Exact match decides first and refusals are missing without asking the model; otherwise a
Russian prompt asks for a JSON verdict. Truthfulness is accuracy minus hallucination rate.
Replies are cached by the LLM client, so re-judging the same answers costs nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from dragon_bench.llm import ChatModel, LLMError
from dragon_bench.metrics.answers import normalized_equal
from dragon_bench.metrics.lexical import normalize_space
from dragon_bench.metrics.refusal import is_refusal

__all__ = ["Judge", "Verdict", "VERDICT_METRICS", "RUBRIC_CRITERIA", "JudgeError"]

VERDICT_METRICS = ("accuracy", "hallucination", "missing", "truthfulness")
RUBRIC_CRITERIA = ("correctness", "completeness", "factual_accuracy")

SYSTEM_PROMPT = (
    "Ты — строгий и беспристрастный эксперт, который проверяет ответы систем вопросно-ответного "
    "поиска по новостям. Ты сравниваешь ответ системы с эталонным ответом и отвечаешь только "
    "JSON-объектом без пояснений вне него."
)
VERDICT_PROMPT = """Вопрос: {question}
Эталонный ответ: {reference}
Ответ системы: {answer}

Оцени ответ системы.
- "accurate": ответ системы по смыслу совпадает с эталонным (допустимы другие формулировки,
  падежи, порядок элементов списка, запись чисел и дат) и не содержит утверждений, которые
  противоречат эталону.
- "incorrect": ответ неверен, неполон по сути вопроса или содержит выдуманные факты.
{rubric}Верни JSON: {schema}"""
RUBRIC_PROMPT = """Также поставь оценки от 0 до 2 (0 — плохо, 1 — частично, 2 — полностью):
- "correctness": насколько ответ верен относительно эталона;
- "completeness": насколько полно ответ покрывает всё, что есть в эталоне;
- "factual_accuracy": нет ли в ответе фактических ошибок и выдумок.
"""
FIX_PROMPT = "В ответе ошибка: {error}. Верни только JSON-объект по схеме {schema}, без пояснений."


class JudgeError(ValueError):
    """The model's reply did not hold a usable verdict."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One judged answer: `label` is accurate / incorrect / missing; `by` says what decided it."""

    label: str
    by: str  # "exact_match", "refusal", "llm"
    rubric: dict[str, int] | None = None
    reason: str = ""


class Judge:
    """Judge answers with an `LLMClient` (`dragon_bench.llm`); `model` goes into signatures."""

    def __init__(
        self, llm: ChatModel, *, rubric: bool = False, concurrency: int = 4, attempts: int = 3
    ) -> None:
        self.llm = llm
        self.rubric = rubric
        self.concurrency = concurrency
        self.attempts = attempts
        # The verdicts behind the last `score` call, one per question (None: not answered).
        self.verdicts: list[Verdict | None] = []

    @property
    def model(self) -> str:
        return str(self.llm.model)

    def names(self) -> tuple[str, ...]:
        return VERDICT_METRICS + (RUBRIC_CRITERIA if self.rubric else ())

    def _schema(self) -> str:
        fields = ['"verdict": "accurate" | "incorrect"', '"reason": "<кратко, по-русски>"']
        if self.rubric:
            fields += [f'"{c}": 0 | 1 | 2' for c in RUBRIC_CRITERIA]
        return "{" + ", ".join(fields) + "}"

    def messages(self, question: str, reference: str, answer: str) -> list[dict[str, str]]:
        """The chat messages sent for one answer."""
        user = VERDICT_PROMPT.format(
            question=question.strip(),
            reference=reference.strip(),
            answer=answer.strip(),
            rubric=RUBRIC_PROMPT if self.rubric else "",
            schema=self._schema(),
        )
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]

    def _parse(self, reply: Any) -> Verdict:
        if not isinstance(reply, dict):
            raise JudgeError("ожидался JSON-объект")
        label = str(reply.get("verdict", "")).strip().lower()
        if label not in ("accurate", "incorrect"):
            raise JudgeError(
                f'поле "verdict" должно быть "accurate" или "incorrect", а не {label!r}'
            )
        scores = None
        if self.rubric:
            scores = {}
            for c in RUBRIC_CRITERIA:
                value = reply.get(c)
                if isinstance(value, bool) or value not in (0, 1, 2):
                    raise JudgeError(f'поле "{c}" должно быть 0, 1 или 2, а не {value!r}')
                scores[c] = int(value)
        return Verdict(label, "llm", scores, str(reply.get("reason", ""))[:500])

    def judge(self, question: str, reference: str, answer: str) -> Verdict:
        """The verdict on one answer: exact match, then refusal, then the model."""
        full = {c: 2 for c in RUBRIC_CRITERIA} if self.rubric else None
        none = {c: 0 for c in RUBRIC_CRITERIA} if self.rubric else None
        if normalize_space(answer).lower() == normalize_space(reference).lower() or (
            normalized_equal(reference, answer)
        ):
            return Verdict("accurate", "exact_match", full)
        if is_refusal(answer):
            return Verdict("missing", "refusal", none)

        history = self.messages(question, reference, answer)
        last = ""
        for _ in range(self.attempts):
            reply = self.llm.chat_json(history, json_mode=True)
            try:
                return self._parse(reply)
            except JudgeError as exc:
                last = str(exc)
                history = history + [
                    {"role": "assistant", "content": _dump(reply)},
                    {
                        "role": "user",
                        "content": FIX_PROMPT.format(error=exc, schema=self._schema()),
                    },
                ]
        raise LLMError(
            f"judge model {self.model!r} gave no usable verdict after {self.attempts} attempts: {last}"
        )

    def judge_many(
        self, questions: Sequence[str], references: Sequence[str], answers: Sequence[str]
    ) -> list[Verdict]:
        """Verdicts in input order, `concurrency` model calls at a time; the first failure raises."""
        items = list(zip(questions, references, answers, strict=True))
        if self.concurrency <= 1 or len(items) <= 1:
            return [self.judge(*item) for item in items]
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(lambda item: self.judge(*item), items))

    def score(
        self,
        questions: Sequence[str],
        references: Sequence[str],
        answers: Sequence[str],
        answered: Sequence[bool],
    ) -> dict[str, np.ndarray]:
        """Per-question judge metrics; unanswered questions are missing without a model call."""
        idx = [i for i, a in enumerate(answered) if a]
        verdicts = self.judge_many(
            [questions[i] for i in idx], [references[i] for i in idx], [answers[i] for i in idx]
        )
        n = len(questions)
        out = {name: np.zeros(n) for name in self.names()}
        out["missing"][:] = 1.0
        self.verdicts = [None] * n
        for i, v in zip(idx, verdicts, strict=True):
            self.verdicts[i] = v
            out["missing"][i] = 1.0 if v.label == "missing" else 0.0
            out["accuracy"][i] = 1.0 if v.label == "accurate" else 0.0
            out["hallucination"][i] = 1.0 if v.label == "incorrect" else 0.0
            if v.rubric:
                for c in RUBRIC_CRITERIA:
                    out[c][i] = float(v.rubric[c])
        out["truthfulness"] = out["accuracy"] - out["hallucination"]
        return out


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
