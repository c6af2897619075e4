"""CRAG's truthfulness score (Yang et al., 2024): accurate +1, missing 0, hallucinated -1.

Each answer is cut to a token budget; a refusal ("I don't know", or a Russian one) is missing;
a case-insensitive exact match (white space and ё/е folded) with the answer or an alternative is accurate; "invalid" in both
prediction and ground truth is accurate (false-premise questions), in only one of them is not;
everything else goes to the LLM judge when there is one, and is counted incorrect otherwise.
score = (2 * accurate + missing) / n - 1 = accuracy - hallucination.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from dragon_bench.crag.data import CragExample
from dragon_bench.errors import BadInputError

__all__ = [
    "TOKEN_BUDGET",
    "REFUSALS",
    "Verdict",
    "truncate_answer",
    "is_refusal",
    "fold",
    "rule_verdict",
    "read_predictions",
    "score_predictions",
    "summarise",
    "BREAKDOWNS",
]

# CRAG trims each prediction to 75 tokens of its tokenizer before scoring. Its tokenizer is a
# model's and cannot be downloaded here, so tokens are words and punctuation marks (regex
# `\w+|[^\w\s]`), a budget that is recorded in the score's signature.
TOKEN_BUDGET = 75
_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)

# Matched as substrings of the lower-cased prediction, as CRAG matches "i don't know".
REFUSALS: tuple[str, ...] = (
    "i don't know",
    "i don\u2019t know",
    "i do not know",
    "не знаю",
    "нет ответа",
    "затрудняюсь ответить",
    "недостаточно информации",
)

BREAKDOWNS: tuple[tuple[str, str], ...] = (
    ("by_domain", "domain"),
    ("by_question_type", "question_type"),
    ("by_static_or_dynamic", "static_or_dynamic"),
    ("by_popularity", "popularity"),
)

Verdict = Literal["accurate", "missing", "incorrect"]
JudgeFn = Callable[[Sequence[tuple[str, Sequence[str], str]]], list[bool | None]]


def truncate_answer(text: str, budget: int = TOKEN_BUDGET) -> str:
    """The prefix of `text` holding its first `budget` tokens (words and punctuation marks)."""
    if budget <= 0:
        return ""
    for i, match in enumerate(_TOKEN.finditer(text)):
        if i + 1 == budget:
            return text[: match.end()]
    return text


def is_refusal(prediction: str) -> bool:
    """True when the prediction says it does not know (English or Russian)."""
    low = prediction.lower().replace("ё", "е")
    return any(r.replace("ё", "е") in low for r in REFUSALS)


def fold(text: str) -> str:
    """Text as compared for exact match: NFKC, lower case, ё as е, white space collapsed
    (so a no-break space in a gold answer does not defeat an otherwise equal answer)."""
    return " ".join(unicodedata.normalize("NFKC", text).lower().replace("ё", "е").split())


def rule_verdict(prediction: str, ground_truths: Sequence[str]) -> Verdict | None:
    """The verdict CRAG's rules give without a judge, or None when a judge must decide."""
    pred = fold(prediction)
    if is_refusal(pred):
        return "missing"
    undecided = False
    for truth in ground_truths:
        gt = fold(truth)
        if pred == gt:
            return "accurate"
        pred_invalid, gt_invalid = "invalid" in pred, "invalid" in gt
        if pred_invalid and gt_invalid:
            return "accurate"
        if pred_invalid != gt_invalid:
            continue  # CRAG: inaccurate against this ground truth, no judge asked
        undecided = True
    return None if undecided else "incorrect"


def read_predictions(path: str | Path) -> dict[str, str]:
    """Predictions as JSON lines {"interaction_id", "prediction"}; a repeat or a bad line fails."""
    where = str(path)
    if not Path(where).exists():
        raise BadInputError("no such predictions file", path=where)
    out: dict[str, str] = {}
    with open(where, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                raise BadInputError("not JSON", path=where, line=number) from None
            if not isinstance(row, dict) or "interaction_id" not in row:
                raise BadInputError("a line lacks interaction_id", path=where, line=number)
            pred = row.get("prediction")
            if not isinstance(pred, str):
                raise BadInputError("prediction must be a string", path=where, line=number)
            iid = str(row["interaction_id"])
            if iid in out:
                raise BadInputError(f"interaction_id {iid!r} repeats", path=where, line=number)
            out[iid] = pred
    return out


@dataclass
class _Counts:
    n: int = 0
    accurate: int = 0
    exact: int = 0
    missing: int = 0

    def add(self, verdict: Verdict, exact: bool) -> None:
        self.n += 1
        self.accurate += verdict == "accurate"
        self.missing += verdict == "missing"
        self.exact += exact

    def report(self) -> dict[str, Any]:
        n = self.n
        if n == 0:
            return {"score": 0.0, "accuracy": 0.0, "hallucination": 0.0, "missing": 0.0, "n": 0}
        return {
            "score": (2 * self.accurate + self.missing) / n - 1,
            "accuracy": self.accurate / n,
            "hallucination": (n - self.accurate - self.missing) / n,
            "missing": self.missing / n,
            "n": n,
        }


def summarise(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Totals and breakdowns from per-question rows ({"verdict", "exact", labels...})."""
    total = _Counts()
    groups: dict[str, dict[str, _Counts]] = {key: {} for key, _ in BREAKDOWNS}
    has_popularity = False
    for row in rows:
        total.add(row["verdict"], row["exact"])
        for key, label in BREAKDOWNS:
            value = row.get(label) or "unknown"
            has_popularity |= label == "popularity" and value != "unknown"
            groups[key].setdefault(value, _Counts()).add(row["verdict"], row["exact"])
    report = total.report()
    report["exact_accuracy"] = total.exact / total.n if total.n else 0.0
    report["n_accurate"], report["n_missing"] = total.accurate, total.missing
    report["n_hallucinated"] = total.n - total.accurate - total.missing
    for key, _ in BREAKDOWNS:
        if key == "by_popularity" and not has_popularity:
            continue
        report[key] = {v: c.report() for v, c in sorted(groups[key].items())}
    return report


def score_predictions(
    examples: Iterable[CragExample],
    predictions: Mapping[str, str],
    *,
    judge: JudgeFn | None = None,
    judge_name: str = "none",
    budget: int = TOKEN_BUDGET,
    partial: bool = False,
) -> dict[str, Any]:
    """Score predictions against CRAG examples; returns the totals, breakdowns, per-question
    `details` and a `signature`. Records without a gold answer ("nan") are left out and counted
    in `n_skipped`. Without `partial`, every scored example needs a prediction."""
    rows: list[dict[str, Any]] = []
    pending: list[int] = []
    skipped = 0
    known: set[str] = set()
    absent: list[str] = []
    for ex in examples:
        known.add(ex.interaction_id)
        if ex.interaction_id not in predictions:
            if not partial:
                absent.append(ex.interaction_id)
            continue
        if not ex.answerable:
            skipped += 1
            continue
        pred = truncate_answer(predictions[ex.interaction_id].strip(), budget)
        truths = ex.ground_truths
        verdict = rule_verdict(pred, truths)
        exact = verdict == "accurate" and any(fold(pred) == fold(t) for t in truths)
        rows.append(
            {
                "interaction_id": ex.interaction_id,
                "query": ex.query,
                "prediction": pred,
                "ground_truths": list(truths),
                "verdict": verdict,
                "exact": exact,
                "by": "rule" if verdict is not None else "judge",
                "domain": ex.domain,
                "question_type": ex.question_type,
                "static_or_dynamic": ex.static_or_dynamic,
                "popularity": ex.popularity,
            }
        )
        if verdict is None:
            pending.append(len(rows) - 1)
    if absent:
        shown = ", ".join(absent[:5]) + (" ..." if len(absent) > 5 else "")
        raise BadInputError(
            f"{len(absent)} question(s) have no prediction: {shown} (use --partial to score "
            "only the predicted ones)"
        )
    unknown = sorted(set(predictions) - known)
    if unknown:
        shown = ", ".join(unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        raise BadInputError(f"{len(unknown)} prediction(s) for unknown interaction_id: {shown}")
    judge_errors = 0
    if pending:
        if judge is None:
            for i in pending:
                rows[i]["verdict"] = "incorrect"
        else:
            items = [
                (rows[i]["query"], rows[i]["ground_truths"], rows[i]["prediction"]) for i in pending
            ]
            for i, ok in zip(pending, judge(items), strict=True):
                if ok is None:
                    judge_errors += 1
                rows[i]["verdict"] = "accurate" if ok else "incorrect"
    report = summarise(rows)
    report["n_skipped"] = skipped
    report["n_judged"] = len(pending) if judge is not None else 0
    report["judge_errors"] = judge_errors
    report["signature"] = f"crag|budget:{budget}|tok:words+punct|judge:{judge_name}"
    report["details"] = rows
    return report
