"""The LLM screens of candidate questions, after the offline checks: the closed-book filter,
then the quality judge; what each said about each candidate, and the revision's figures.

`screen_questions` is a stage from candidates to kept questions: it returns the kept ones (at
most `per_type` of each type, in candidate order), the flags of those kept despite a
closed-book hit (`--closed-book keep`), one record per candidate for the private
`candidates.parquet`, and the summary the private manifest holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from dragon_bench.errors import BadInputError
from dragon_bench.llm import LLMClient, LLMSettings, Usage
from dragon_bench.llm.usage import timed
from dragon_bench.metrics.judge import Judge
from dragon_bench.questions.question_judge import (
    CRITERIA,
    DEFAULT_THRESHOLD,
    judge_questions,
    passes,
)
from dragon_bench.screening.closed_book import (
    CLOSED_BOOK_MODES,
    ClosedBookModel,
    closed_book_answers,
    parse_closed_book_models,
)
from dragon_bench.types import Question

__all__ = [
    "CANDIDATES_PER_QUESTION",
    "CANDIDATES_SCHEMA",
    "SCREENED_PER_QUESTION",
    "Screening",
    "Screened",
    "screening_from_options",
    "screen_questions",
    "candidates_table",
]

# With the screens on, a build generates this many candidates a wanted question, so the
# dropped ones can be made up; the screens see about the first round's share of them.
CANDIDATES_PER_QUESTION = 1.5
SCREENED_PER_QUESTION = 1.25

CANDIDATES_SCHEMA = pa.schema(
    [
        ("candidate", pa.int64()),
        ("question_id", pa.int64()),  # -1: not in the revision
        ("question", pa.string()),
        ("answer", pa.string()),
        ("type", pa.string()),
        ("outcome", pa.string()),  # kept | closed_book | judge | judge_error | over_cap
        (
            "closed_book",
            pa.list_(
                pa.struct(
                    [
                        ("model", pa.string()),
                        ("answer", pa.string()),
                        ("correct", pa.bool_()),
                        ("by", pa.string()),
                    ]
                )
            ),
        ),
        ("judge", pa.struct([(c, pa.int64()) for c in CRITERIA])),
        ("judge_reason", pa.string()),
    ]
)


@dataclass
class Screening:
    """Which screens run: `closed_book` maps a model name to its client (empty: no filter),
    `closed_book_judge` is a `metrics.judge.Judge` for answers the metrics call wrong,
    `question_judge` the client of the quality judge (None: no judge)."""

    closed_book: Mapping[str, Any] = field(default_factory=dict)
    closed_book_mode: str = "drop"
    closed_book_judge: Any = None
    question_judge: Any = None
    judge_threshold: int = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        if self.closed_book_mode not in CLOSED_BOOK_MODES:
            raise BadInputError(
                f"--closed-book {self.closed_book_mode!r}: choose {' or '.join(CLOSED_BOOK_MODES)}"
            )
        if not 1 <= self.judge_threshold <= 5:
            raise BadInputError(f"--judge-threshold {self.judge_threshold} is not in 1..5")

    @property
    def active(self) -> bool:
        return bool(self.closed_book) or self.question_judge is not None

    def describe(self) -> dict[str, Any]:
        """The settings a manifest records."""
        return {
            "closed_book_models": list(self.closed_book),
            "closed_book": self.closed_book_mode,
            "closed_book_judge": getattr(self.closed_book_judge, "model", None),
            "question_judge": getattr(self.question_judge, "model", None),
            "judge_threshold": self.judge_threshold,
        }


def screening_from_options(
    *,
    closed_book_models: str | None = None,
    closed_book: str = "drop",
    closed_book_judge: bool = False,
    question_judge: bool = False,
    judge_model: str | None = None,
    judge_threshold: int = DEFAULT_THRESHOLD,
    settings: Any = None,
    usage: Any = None,
) -> Screening | None:
    """The screens the command-line options ask for, each model a client of its own (at
    DRAGON_LLM_BASE_URL unless named with @BASE_URL) sharing `usage`; None when none is on.
    The judge is `judge_model` (NAME[@BASE_URL]) or DRAGON_LLM_MODEL."""

    base = settings if settings is not None else LLMSettings.from_env()
    usage = usage if usage is not None else Usage()

    def client(model: ClosedBookModel, role: str) -> Any:
        url = model.base_url or base.base_url
        if not url:
            raise BadInputError(
                f"{role} {model.name!r} needs a base URL: NAME@http://HOST:PORT/v1 or "
                "DRAGON_LLM_BASE_URL"
            )
        return LLMClient(base.with_(model=model.name, base_url=url), usage=usage)

    if closed_book not in CLOSED_BOOK_MODES:
        raise BadInputError(
            f"--closed-book {closed_book!r}: choose {' or '.join(CLOSED_BOOK_MODES)}"
        )
    models = parse_closed_book_models(closed_book_models) if closed_book_models else []
    if not models and (closed_book_judge or closed_book != "drop"):
        flag = "--closed-book-judge" if closed_book_judge else f"--closed-book {closed_book}"
        raise BadInputError(f"{flag} needs --closed-book-models NAME[@BASE_URL],...")
    if judge_model and not (question_judge or closed_book_judge):
        raise BadInputError("--judge-model needs --question-judge or --closed-book-judge")
    judge: Any = None
    if question_judge or (closed_book_judge and models):
        if judge_model:
            named_models = parse_closed_book_models(judge_model)
            if len(named_models) != 1:
                raise BadInputError(f"--judge-model {judge_model!r} names more than one model")
            named = named_models[0]
        elif base.model:
            named = ClosedBookModel(base.model)
        else:
            raise BadInputError("the judge needs --judge-model NAME[@BASE_URL] or DRAGON_LLM_MODEL")
        judge = client(named, "the judge model")
    screening = Screening(
        closed_book={m.name: client(m, "closed-book model").stage("closed_book") for m in models},
        closed_book_mode=closed_book,
        closed_book_judge=Judge(judge.stage("closed_book"))
        if closed_book_judge and models
        else None,
        question_judge=judge.stage("question_judge") if question_judge else None,
        judge_threshold=judge_threshold,
    )
    return screening if screening.active else None


@dataclass
class Screened:
    kept: list[Question]
    flags: dict[str, list[str]]  # question text -> flags, for kept questions
    records: list[dict[str, Any]]
    summary: dict[str, Any]


def screen_questions(
    candidates: Sequence[Question],
    texts: Mapping[str, str],
    screening: Screening,
    *,
    per_type: int | None = None,
) -> Screened:
    """Closed-book answers, then judge scores for the candidates still in, then the cap.

    With `per_type`, candidates are screened in rounds, in candidate order per type: each
    round takes a quarter more than a type still lacks, so surplus candidates (generated to
    make up for the dropped ones) cost no call unless they are needed (outcome `over_cap`).
    """
    n = len(candidates)
    outcome = ["over_cap"] * n
    answers: list[list[Any]] = [[] for _ in range(n)]
    scores: list[Any] = [None] * n
    queues: dict[str, list[int]] = {}
    for i, q in enumerate(candidates):
        queues.setdefault(q.type, []).append(i)
    kept_by_type: Counter[str] = Counter()
    screened: list[int] = []
    while True:
        batch: list[int] = []
        for qtype, queue in queues.items():
            need = len(queue) if per_type is None else per_type - kept_by_type[qtype]
            take = len(queue) if per_type is None else min(len(queue), -(-need * 5 // 4))
            batch += queue[:take] if need > 0 else []
            del queue[: take if need > 0 else 0]
        if not batch:
            break
        batch.sort()
        screened += batch
        _screen([candidates[i] for i in batch], texts, screening, batch, answers, scores, outcome)
        for i in batch:
            if outcome[i] != "kept":
                continue
            qtype = candidates[i].type
            if per_type is not None and kept_by_type[qtype] >= per_type:
                outcome[i] = "over_cap"
            else:
                kept_by_type[qtype] += 1
        if per_type is None:
            break
    flags: dict[str, list[str]] = {}
    for i, row in enumerate(answers):
        hits = [a.model for a in row if a.correct]
        if hits and outcome[i] == "kept":
            flags[candidates[i].question] = [f"closed_book:{m}" for m in hits]
    kept = [q for i, q in enumerate(candidates) if outcome[i] == "kept"]
    records = [
        {
            "candidate": i,
            "question": q.question,
            "answer": q.answer,
            "type": q.type,
            "outcome": outcome[i],
            "closed_book": [
                {"model": a.model, "answer": a.answer, "correct": a.correct, "by": a.by}
                for a in answers[i]
            ],
            "judge": scores[i].as_dict() if scores[i] is not None else None,
            "judge_reason": scores[i].reason if scores[i] is not None else "",
        }
        for i, q in enumerate(candidates)
    ]
    summary = _summary(screening, answers, scores, outcome, sorted(screened))
    return Screened(kept, flags, records, summary)


def _screen(
    batch: list[Question],
    texts: Mapping[str, str],
    screening: Screening,
    where: list[int],
    answers: list[list[Any]],
    scores: list[Any],
    outcome: list[str],
) -> None:
    first = next(iter(screening.closed_book.values()), None)
    with timed(first, "closed_book"):
        got = closed_book_answers(batch, screening.closed_book, screening.closed_book_judge)
    for i, row in zip(where, got, strict=True):
        answers[i] = row
        hit = any(a.correct for a in row)
        outcome[i] = "closed_book" if hit and screening.closed_book_mode == "drop" else "kept"
    if screening.question_judge is None:
        return
    todo = [i for i in where if outcome[i] == "kept"]
    by_index = dict(zip(where, batch, strict=True))
    with timed(screening.question_judge, "question_judge"):
        judged = judge_questions(screening.question_judge, [by_index[i] for i in todo], texts)
    for i, s in zip(todo, judged, strict=True):
        scores[i] = s
        if s is None:
            outcome[i] = "judge_error"
        elif not passes(s, screening.judge_threshold):
            outcome[i] = "judge"


def _summary(
    screening: Screening,
    answers: list[list[Any]],
    scores: list[Any],
    outcome: list[str],
    screened: list[int],
) -> dict[str, Any]:
    asked = [answers[i] for i in screened]
    n = len(asked)
    out: dict[str, Any] = {
        "candidates": len(outcome),
        "screened": len(screened),
        "outcomes": dict(sorted(Counter(outcome).items())),
    }
    if screening.closed_book:
        models: dict[str, Any] = {}
        for j, name in enumerate(screening.closed_book):
            correct = sum(1 for row in asked if row[j].correct)
            errors = sum(1 for row in asked if row[j].by == "error")
            dropped = correct if screening.closed_book_mode == "drop" else 0
            models[name] = {
                "asked": n,
                "correct": correct,
                "errors": errors,
                "dropped": dropped,
                "dropped_share": round(dropped / n, 4) if n else 0.0,
                "correct_share": round(correct / n, 4) if n else 0.0,
            }
        judge = screening.closed_book_judge
        out["closed_book"] = {
            "mode": screening.closed_book_mode,
            "judge": getattr(judge, "model", None) if judge is not None else None,
            "models": models,
            "dropped": outcome.count("closed_book"),
            "dropped_share": round(outcome.count("closed_book") / n, 4) if n else 0.0,
        }
    if screening.question_judge is not None:
        judged = [s for s in scores if s is not None]
        out["question_judge"] = {
            "model": getattr(screening.question_judge, "model", None),
            "threshold": screening.judge_threshold,
            "judged": len(judged),
            "errors": outcome.count("judge_error"),
            "rejected": outcome.count("judge"),
            "mean": {
                c: round(sum(getattr(s, c) for s in judged) / len(judged), 3) if judged else None
                for c in CRITERIA
            },
            "below_threshold": {
                c: sum(1 for s in judged if getattr(s, c) < screening.judge_threshold)
                for c in CRITERIA
            },
        }
    return out


def candidates_table(records: Sequence[dict[str, Any]], ids: Mapping[str, int]) -> pa.Table:
    """The records as `candidates.parquet`; `ids` maps a kept question's text to its id."""
    rows = [{**r, "question_id": ids.get(r["question"], -1)} for r in records]
    return pa.Table.from_pylist(rows, schema=CANDIDATES_SCHEMA)
