"""Human grading on CRAG's scale and its agreement with the LLM judge (Cohen's kappa).

Human labels are perfect / acceptable / missing / incorrect, scored 1 / 0.5 / 0 / -1; the
truthfulness of a submission is their mean. The CRAG judge says accurate / incorrect / missing,
so agreement is measured on three classes: correct (perfect, acceptable, accurate), missing and
incorrect. A numeric per-question judge score maps to the nearest of 1 / 0.5 / 0 / -1.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "LABELS",
    "SCORES",
    "AGREEMENT_CLASSES",
    "truthfulness",
    "agreement_class",
    "judge_label",
    "cohen_kappa",
    "confusion_matrix",
    "agreement",
    "sample_questions",
]

LABELS = ("perfect", "acceptable", "missing", "incorrect")
SCORES = {"perfect": 1.0, "acceptable": 0.5, "missing": 0.0, "incorrect": -1.0}
AGREEMENT_CLASSES = ("correct", "missing", "incorrect")
_CLASS = {
    "perfect": "correct",
    "acceptable": "correct",
    "accurate": "correct",
    "correct": "correct",
    "missing": "missing",
    "incorrect": "incorrect",
}


def truthfulness(labels: Sequence[str]) -> float | None:
    """Mean CRAG score of human labels (None when there are none)."""
    scores = [SCORES[label] for label in labels]
    return sum(scores) / len(scores) if scores else None


def agreement_class(label: str) -> str | None:
    return _CLASS.get(label.strip().lower())


def judge_label(value: Any) -> str | None:
    """A judge verdict as an agreement class: a label string, or a number mapped to the nearest score."""
    if isinstance(value, str):
        return agreement_class(value)
    if isinstance(value, Mapping):
        for key in ("label", "verdict", "judge", "score"):
            if key in value:
                return judge_label(value[key])
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        nearest = min(SCORES, key=lambda k: abs(SCORES[k] - float(value)))
        return _CLASS[nearest]
    return None


def confusion_matrix(
    judge: Sequence[str], human: Sequence[str], classes: Sequence[str] = AGREEMENT_CLASSES
) -> list[list[int]]:
    """counts[i][j]: items the judge put in classes[i] and the humans in classes[j]."""
    index = {c: i for i, c in enumerate(classes)}
    out = [[0] * len(classes) for _ in classes]
    for j, h in zip(judge, human, strict=True):
        out[index[j]][index[h]] += 1
    return out


def cohen_kappa(
    judge: Sequence[str], human: Sequence[str], classes: Sequence[str] = AGREEMENT_CLASSES
) -> float | None:
    """Cohen's kappa (p_o - p_e) / (1 - p_e); 1.0 when both raters use one class alike, None if empty."""
    n = len(judge)
    if n == 0:
        return None
    m = confusion_matrix(judge, human, classes)
    k = len(classes)
    p_o = sum(m[i][i] for i in range(k)) / n
    rows = [sum(m[i]) / n for i in range(k)]
    cols = [sum(m[i][j] for i in range(k)) / n for j in range(k)]
    p_e = sum(r * c for r, c in zip(rows, cols, strict=True))
    if p_e >= 1.0:
        return 1.0 if p_o >= 1.0 else 0.0
    return (p_o - p_e) / (1.0 - p_e)


def agreement(pairs: Sequence[tuple[Any, str]]) -> dict[str, Any]:
    """Kappa and confusion matrix from (judge verdict, human label) pairs; unusable verdicts skipped."""
    judge, human = [], []
    for verdict, label in pairs:
        j, h = judge_label(verdict), agreement_class(label)
        if j is not None and h is not None:
            judge.append(j)
            human.append(h)
    return {
        "n": len(judge),
        "kappa": cohen_kappa(judge, human),
        "classes": list(AGREEMENT_CLASSES),
        "confusion": confusion_matrix(judge, human),
        "confusion_axes": "rows: LLM judge, columns: humans",
        "accuracy": (sum(a == b for a, b in zip(judge, human, strict=True)) / len(judge))
        if judge
        else None,
    }


def sample_questions(ids: Sequence[Any], n: int, *, seed: str) -> list[Any]:
    """A stable random sample of at most n question ids (the same for every grader of a submission)."""
    pool = sorted(ids, key=lambda x: (isinstance(x, str), x))
    if len(pool) <= n:
        return pool
    picked = random.Random(seed).sample(pool, n)
    return sorted(picked, key=lambda x: (isinstance(x, str), x))
