"""CRAG (Yang et al., 2024) compatibility: data, tasks 1-3, truthfulness scoring, a mock KG API."""

from dragon_bench.crag.data import CragExample, SearchResult, iter_examples, read_examples
from dragon_bench.crag.judge import judge_with_llm
from dragon_bench.crag.scoring import read_predictions, score_predictions, truncate_answer

__all__ = [
    "CragExample",
    "SearchResult",
    "iter_examples",
    "read_examples",
    "judge_with_llm",
    "read_predictions",
    "score_predictions",
    "truncate_answer",
]
