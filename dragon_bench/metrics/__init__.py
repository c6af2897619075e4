"""Metrics and the evaluation engine: DRAGON-compatible scores, extended metrics, judge, statistics.

Every metric is computed per question and then averaged over questions, overall and per
question type; an unanswered question scores 0 (judge: missing). Names are identities in
code, JSON, tables and leaderboards:

- retrieval (DRAGON): `hit_rate` (a gold text among found_ids), `mrr` (1/rank of the first
  gold text), `precision` (share of found_ids that are gold; 0 when empty);
- retrieval (extended, trec_eval's definitions): `hit@k`, `recall@k`, `ndcg@k`, `mrr@k`, k in
  1, 5, 10, 20;
- generation (DRAGON): `rouge1`, `rougeL` (F-measure over razdel tokens as they are),
  `substr_match` (lower-cased reference inside the lower-cased answer), `exact_match`
  (equal after white-space folding, case kept, as DRAGON's client);
- generation (extended): `lemma_f1` (token F1 of pymorphy3 lemmas with numbers and dates
  normalised), `chrf` (chrF as sacrebleu computes it, / 100), `set_f1` (set questions: the answer split into
  elements matched one to one with the gold elements in any order; other questions: the
  normalised reference contained in the answer);
- the answer metrics are registered in `metrics.registry` (name, function, signature part);
- judge: `accuracy`, `hallucination`, `missing`, `truthfulness` (= accuracy - hallucination),
  with the rubric also `correctness`, `completeness`, `factual_accuracy` (0-2).

Names are imported lazily (an attribute loads its one module), so `dragon evaluate` loads the
scoring modules and not the judge's LLM client or the comparison.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragon_bench.lazy import lazy_attributes

if TYPE_CHECKING:
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

_WHERE = {
    "Gold": "gold",
    "GoldQuestion": "gold",
    "Results": "results",
    "ResultsError": "results",
    "parse_results": "results",
    "read_results": "results",
    "evaluate": "report",
    "DRAGON_RETRIEVAL": "report",
    "DRAGON_GENERATION": "report",
    "compare": "compare",
    "compare_results": "compare",
    "Judge": "judge",
    "Verdict": "judge",
    "is_refusal": "refusal",
}


__getattr__, __dir__ = lazy_attributes(__name__, _WHERE, __all__)
