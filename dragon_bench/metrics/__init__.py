"""Metrics and the evaluation engine: DRAGON-compatible scores, extended metrics, judge, statistics."""

from dragon_bench.metrics.compare import compare, compare_results
from dragon_bench.metrics.gold import Gold, GoldQuestion
from dragon_bench.metrics.judge import Judge, Verdict
from dragon_bench.metrics.refusal import is_refusal
from dragon_bench.metrics.report import DRAGON_GENERATION, DRAGON_RETRIEVAL, evaluate
from dragon_bench.metrics.results import Results, ResultsError, parse_results, read_results

__all__ = [
    "Gold",
    "GoldQuestion",
    "Results",
    "ResultsError",
    "parse_results",
    "read_results",
    "evaluate",
    "compare",
    "compare_results",
    "Judge",
    "Verdict",
    "is_refusal",
    "DRAGON_RETRIEVAL",
    "DRAGON_GENERATION",
]
