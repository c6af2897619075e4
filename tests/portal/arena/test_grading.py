"""Human-grading arithmetic: CRAG scores, truthfulness, Cohen's kappa and the confusion matrix.

Kappa reference: scikit-learn is not installed here, so the expected values are hand-computed
from the tables written out in each test (p_o, p_e and kappa shown step by step).
"""

from __future__ import annotations

import pytest

from dragon_bench.portal.arena.grading import (
    agreement,
    cohen_kappa,
    confusion_matrix,
    judge_label,
    sample_questions,
    truthfulness,
)


def test_truthfulness_uses_crag_scores() -> None:
    assert truthfulness(["perfect", "acceptable", "missing", "incorrect"]) == pytest.approx(0.125)
    assert truthfulness([]) is None


def test_kappa_hand_table() -> None:
    # judge \ human  correct missing incorrect
    # correct           4      1       1
    # missing           0      2       0
    # incorrect         1      0       1          n = 10
    judge = ["correct"] * 6 + ["missing"] * 2 + ["incorrect"] * 2
    human = ["correct"] * 4 + ["missing", "incorrect"] + ["missing"] * 2 + ["correct", "incorrect"]
    assert confusion_matrix(judge, human) == [[4, 1, 1], [0, 2, 0], [1, 0, 1]]
    # p_o = 7/10; rows .6 .2 .2, cols .5 .3 .2 → p_e = .30 + .06 + .04 = .40
    # kappa = (.7 - .4) / (1 - .4) = 0.5
    assert cohen_kappa(judge, human) == pytest.approx(0.5)


def test_kappa_perfect_and_chance() -> None:
    assert cohen_kappa(["correct", "missing"], ["correct", "missing"]) == pytest.approx(1.0)
    # 2x2 table [[1,1],[1,1]]: p_o = .5, p_e = .5 → 0.
    j = ["correct", "correct", "incorrect", "incorrect"]
    h = ["correct", "incorrect", "correct", "incorrect"]
    assert cohen_kappa(j, h) == pytest.approx(0.0)
    assert cohen_kappa([], []) is None


def test_judge_verdicts_map_to_classes() -> None:
    assert judge_label("accurate") == "correct"
    assert judge_label(1.0) == "correct" and judge_label(0.5) == "correct"
    assert judge_label(0.0) == "missing" and judge_label(-1) == "incorrect"
    assert judge_label({"label": "missing"}) == "missing"
    assert judge_label(None) is None
    out = agreement([(1.0, "perfect"), ("incorrect", "acceptable"), (None, "missing")])
    assert out["n"] == 2 and out["confusion"][2][0] == 1 and out["accuracy"] == 0.5


def test_sample_is_stable_and_bounded() -> None:
    ids = list(range(50))
    a = sample_questions(ids, 10, seed="sub-1")
    assert a == sample_questions(ids, 10, seed="sub-1") and len(a) == 10 and a == sorted(a)
    assert sample_questions([3, 1], 10, seed="x") == [1, 3]
