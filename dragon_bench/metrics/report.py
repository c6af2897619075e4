"""`evaluate`: score a participant's results against the gold of a revision, as the report JSON of DESIGN.md."""

from __future__ import annotations

import functools
import gc
import json
import multiprocessing
from collections.abc import Iterator, Sequence
from datetime import date
from typing import Any, Protocol

import numpy as np

from dragon_bench.metrics.forkstate import ForkState
from dragon_bench.metrics.freshness import MIN_SLICE, by_dynamism, fresh_slice
from dragon_bench.metrics.gold import Gold
from dragon_bench.metrics.ranking import CUTOFFS, dragon_retrieval, gold_flags, ranking_metrics
from dragon_bench.metrics.registry import answer_metrics, metric_names
from dragon_bench.metrics.results import Results
from dragon_bench.metrics.retrieval import RETRIEVAL_METRICS
from dragon_bench.metrics.scoring import MIN_PARALLEL as _MIN_PARALLEL
from dragon_bench.metrics.scoring import default_workers, score_answers
from dragon_bench.metrics.signature import make_signature
from dragon_bench.metrics.stats import bootstrap_ci

__all__ = [
    "evaluate",
    "evaluate_report",
    "Details",
    "JudgeLike",
    "DRAGON_RETRIEVAL",
    "DRAGON_GENERATION",
    "GROUPS",
    "report_matrix",
]

DRAGON_RETRIEVAL = RETRIEVAL_METRICS
DRAGON_GENERATION = metric_names(answer_metrics(extended=False))
GROUPS = ("retrieval", "generation", "judge")


class JudgeLike(Protocol):
    """What `evaluate` needs from a judge (see `dragon_bench.metrics.judge.Judge`)."""

    model: str
    rubric: bool

    def names(self) -> tuple[str, ...]: ...

    def score(
        self,
        questions: Sequence[str],
        references: Sequence[str],
        answers: Sequence[str],
        answered: Sequence[bool],
    ) -> dict[str, np.ndarray]: ...


def evaluate(
    results: Results,
    gold: Gold,
    *,
    judge: JudgeLike | None = None,
    details: bool = True,
    extended: bool = True,
    cutoffs: Sequence[int] = CUTOFFS,
    resamples: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    knowledge_cutoff: date | None = None,
    min_slice: int = MIN_SLICE,
) -> dict[str, Any]:
    """The metrics report: overall, per-type and per-dynamism means, bootstrap intervals,
    signature, details; with `knowledge_cutoff`, the fresh slice (`metrics.freshness`).

    Every metric is computed per question and then averaged; unanswered questions score 0.
    `extended=False` keeps only DRAGON's metrics; `resamples=0` skips the intervals.
    """
    report, rows = evaluate_report(
        results,
        gold,
        judge=judge,
        extended=extended,
        cutoffs=cutoffs,
        resamples=resamples,
        seed=seed,
        workers=workers,
        knowledge_cutoff=knowledge_cutoff,
        min_slice=min_slice,
    )
    if details:
        report["per_question"] = rows.rows()
    return report


def evaluate_report(
    results: Results,
    gold: Gold,
    *,
    judge: JudgeLike | None = None,
    extended: bool = True,
    cutoffs: Sequence[int] = CUTOFFS,
    resamples: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    knowledge_cutoff: date | None = None,
    min_slice: int = MIN_SLICE,
) -> tuple[dict[str, Any], Details]:
    """`evaluate`'s report without `per_question`, and the per-question scores as `Details`
    (columns, from which the rows or their JSON are made when asked for)."""
    enabled = gc.isenabled()
    if judge is None:  # a judge's client makes cycles (asyncio, httpx): the collector stays on
        gc.disable()  # the collector would walk every object made here, again and again
    try:
        return _evaluate(
            results,
            gold,
            judge=judge,
            extended=extended,
            cutoffs=cutoffs,
            resamples=resamples,
            seed=seed,
            workers=workers,
            knowledge_cutoff=knowledge_cutoff,
            min_slice=min_slice,
        )
    finally:
        if enabled:
            gc.enable()


def _evaluate(
    results: Results,
    gold: Gold,
    *,
    judge: JudgeLike | None,
    extended: bool,
    cutoffs: Sequence[int],
    resamples: int,
    seed: int,
    workers: int | None,
    knowledge_cutoff: date | None,
    min_slice: int,
) -> tuple[dict[str, Any], Details]:
    qs = gold.questions
    n = len(qs)
    given = results.answers
    entries = [given.get(q.id) for q in qs]
    answered = np.fromiter((e is not None for e in entries), dtype=bool, count=n)
    answers = [e.model_answer if e is not None else "" for e in entries]
    found = [e.found_ids if e is not None else () for e in entries]
    del entries
    refs = [q.answer for q in qs]
    workers = default_workers(n) if workers is None else workers

    retrieval: dict[str, np.ndarray] = {}

    def compute_retrieval() -> None:
        flags = gold_flags(found, [q.relevant for q in qs])
        retrieval.update(dragon_retrieval(flags))
        if extended:
            retrieval.update(ranking_metrics(flags, cutoffs=cutoffs))

    generation = score_answers(
        gold.references(),
        answers,
        metrics=answer_metrics(extended),
        workers=workers,
        on_start=compute_retrieval,
        reference_tokens=gold.reference_tokens,
    )
    groups: dict[str, dict[str, np.ndarray]] = {"retrieval": retrieval, "generation": generation}
    if judge is not None:
        groups["judge"] = judge.score([q.question for q in qs], refs, answers, list(answered))
    for values in groups.values():
        for arr in values.values():
            arr[~answered] = 0.0  # unanswered questions score zero whatever the metric says
    if judge is not None and "missing" in groups["judge"]:
        groups["judge"]["missing"][~answered] = 1.0

    types = [q.type for q in qs]
    report: dict[str, Any] = {
        "version": gold.version,
        "n_questions": n,
        "n_answered": int(answered.sum()),
        "signature": make_signature(
            revision=gold.version,
            cutoffs=cutoffs,
            extended=extended,
            resamples=resamples,
            seed=seed,
            judge_model=judge.model if judge is not None else None,
            rubric=bool(judge is not None and judge.rubric),
        ),
        "overall": _means(groups, np.ones(n, dtype=bool)),
        "by_type": {},
        "warnings": list(results.warnings),
    }
    if judge is not None:
        report["judge_model"] = judge.model
    present = sorted(set(types))
    type_array = np.array(types, dtype=object)
    masks = {t: type_array == t for t in present}
    for t in present:
        report["by_type"][t] = {"n_questions": int(masks[t].sum()), **_means(groups, masks[t])}
    if resamples:
        slices = [np.ones(n, dtype=bool), *(masks[t] for t in present)]
        seeds = [seed, *(seed + 1 + i for i in range(len(present)))]
        overall, *by_type = _intervals_of(
            groups, slices, seeds, resamples, parallel=workers > 1 and n >= _MIN_PARALLEL
        )
        report["ci"] = {
            "level": 0.95,
            "method": "percentile bootstrap over questions",
            "resamples": resamples,
            "seed": seed,
            "overall": overall,
            "by_type": dict(zip(present, by_type, strict=True)),
        }
    dynamism = by_dynamism(qs, lambda m: _means(groups, m))
    if dynamism:
        report["by_dynamism"] = dynamism
    if knowledge_cutoff is not None:
        report["fresh"] = fresh_slice(
            qs,
            knowledge_cutoff,
            lambda m: _means(groups, m),
            (lambda m, s: _intervals(groups, m, resamples, s)) if resamples else None,
            min_slice=min_slice,
            seed=seed + 1 + len(present),
        )
    verdicts = getattr(judge, "verdicts", None) if judge is not None else None
    rows = Details(
        [q.id for q in qs],
        types,
        answered,
        groups,
        list(verdicts) if verdicts and len(verdicts) == n else None,
    )
    return report, rows


def _means(groups: dict[str, dict[str, np.ndarray]], mask: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for group, values in groups.items():
        out[group] = {
            name: float(np.mean(arr[mask])) if mask.any() else 0.0 for name, arr in values.items()
        }
    return out


def _intervals(
    groups: dict[str, dict[str, np.ndarray]], mask: np.ndarray, resamples: int, seed: int
) -> dict[str, Any]:
    return _intervals_of(groups, [mask], [seed], resamples, parallel=False)[0]


# What a forked bootstrap worker reads (metrics.forkstate: one entry per call).
_BOOT: ForkState[tuple[np.ndarray, Sequence[np.ndarray], Sequence[int], int]] = ForkState()


def _bootstrap_slice(key: int, i: int) -> np.ndarray:
    matrix, slices, seeds, resamples = _BOOT[key]
    mask = slices[i]
    scores = matrix if mask.all() else matrix[mask]
    return bootstrap_ci(scores, resamples=resamples, seed=seeds[i])


def _intervals_of(
    groups: dict[str, dict[str, np.ndarray]],
    slices: Sequence[np.ndarray],
    seeds: Sequence[int],
    resamples: int,
    *,
    parallel: bool,
) -> list[dict[str, Any]]:
    """Each slice's bootstrap intervals of every metric. `parallel`: the first slice (the whole
    revision, as many questions as the others together) here while a forked process does the rest.
    """
    names = [(g, m) for g, values in groups.items() for m in values]
    n = len(slices[0]) if slices else 0
    matrix = np.column_stack([groups[g][m] for g, m in names]) if names else np.zeros((n, 0))
    with _BOOT.holding((matrix, slices, seeds, resamples)) as key:
        one_slice = functools.partial(_bootstrap_slice, key)
        if parallel and len(slices) > 1 and "fork" in multiprocessing.get_all_start_methods():
            with multiprocessing.get_context("fork").Pool(1) as pool:
                pending = pool.map_async(one_slice, range(1, len(slices)))
                bounds = [one_slice(0), *pending.get()]
        else:
            bounds = [one_slice(i) for i in range(len(slices))]
    out = []
    for b in bounds:
        one: dict[str, dict[str, list[float]]] = {g: {} for g in groups}
        for j, (g, m) in enumerate(names):
            one[g][m] = [float(b[0, j]), float(b[1, j])]
        out.append(one)
    return out


class Details:
    """Per-question scores as columns (question ids, types, answered, {group: {metric: array}},
    judge verdicts): the report's `per_question` rows, or their JSON text, made when asked."""

    def __init__(
        self,
        ids: list[int],
        types: list[str],
        answered: np.ndarray,
        groups: dict[str, dict[str, np.ndarray]],
        verdicts: list[Any] | None = None,
    ) -> None:
        self.ids = ids
        self.types = types
        self.answered = answered
        self.groups = groups
        self.verdicts = verdicts

    def __len__(self) -> int:
        return len(self.ids)

    def rows(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """The `per_question` rows (questions start..stop)."""
        stop = len(self) if stop is None else stop
        lists = {
            g: {m: arr[start:stop].tolist() for m, arr in values.items()}
            for g, values in self.groups.items()
        }
        answered = self.answered[start:stop].tolist()
        rows = []
        for k, i in enumerate(range(start, stop)):
            row: dict[str, Any] = {
                "id": self.ids[i],
                "type": self.types[i],
                "answered": answered[k],
            }
            for g, values in lists.items():
                row[g] = {m: v[k] for m, v in values.items()}
            if self.verdicts is not None:
                v = self.verdicts[i]
                row["verdict"] = (
                    {"label": v.label, "by": v.by, "reason": v.reason}
                    if v is not None
                    else {"label": "missing", "by": "no answer", "reason": ""}
                )
            rows.append(row)
        return rows

    def json_chunks(self, size: int = 10_000) -> Iterator[str]:
        """The rows' JSON text as `json.dumps(rows, ensure_ascii=False)` writes it, without the
        brackets, `size` rows a piece (pieces joined by ", "): made from the columns with one
        format string, the same characters json writes, without a dict a row."""
        plain = self._plain()
        for start in range(0, len(self), size):
            stop = min(start + size, len(self))
            if not plain:
                yield ", ".join(json.dumps(r, ensure_ascii=False) for r in self.rows(start, stop))
                continue
            names = {t: json.dumps(t, ensure_ascii=False) for t in set(self.types[start:stop])}
            scores = [
                _float_texts(arr[start:stop]) for v in self.groups.values() for arr in v.values()
            ]
            columns = [
                self.ids[start:stop],
                [names[t] for t in self.types[start:stop]],
                ["true" if a else "false" for a in self.answered[start:stop].tolist()],
                *(values for values, _ in scores),
            ]
            template = self._template([spec for _, spec in scores])
            yield ", ".join([template % row for row in zip(*columns, strict=True)])

    def _plain(self) -> bool:
        """Whether the rows can be written from a format string (no verdicts, only finite floats,
        integer ids); else json writes them itself."""
        arrays = [arr for values in self.groups.values() for arr in values.values()]
        return (
            self.verdicts is None
            and all(arr.dtype == np.float64 and np.isfinite(arr).all() for arr in arrays)
            and all(type(i) is int for i in self.ids)
        )

    def _template(self, specs: Sequence[str]) -> str:
        """A format string for one row, the scores' conversions given in order (%r or %s)."""

        def key(name: str) -> str:
            return json.dumps(name, ensure_ascii=False).replace("%", "%%")

        parts = ['{"id": %d, "type": %s, "answered": %s']
        spec = iter(specs)
        for g, values in self.groups.items():
            inner = ", ".join(f"{key(m)}: {next(spec)}" for m in values)
            parts.append(f", {key(g)}: {{{inner}}}")
        return "".join(parts) + "}"


def _float_texts(arr: np.ndarray) -> tuple[list[Any], str]:
    """A score column for the row template: its floats (written with %r, as json writes a
    float), or, for a column of few distinct values (hits, recalls at a cut-off), their
    texts made once per value (written with %s; -0.0 keeps the floats, as np.unique would
    merge it with 0.0)."""
    uniq, inverse = np.unique(arr, return_inverse=True)
    if len(uniq) * 8 > len(arr) or np.signbit(arr).any():
        return arr.tolist(), "%r"
    texts = [repr(u) for u in uniq.tolist()]
    return list(map(texts.__getitem__, inverse.tolist())), "%s"


def report_matrix(report: dict[str, Any]) -> tuple[list[int], list[str], np.ndarray]:
    """Question ids, `group/metric` names and the per-question score matrix of a detailed report."""
    rows = report.get("per_question")
    if not rows:
        raise ValueError("the report has no per-question details (evaluate with details=True)")
    names = [f"{g}/{m}" for g in GROUPS if g in rows[0] for m in rows[0][g]]
    matrix = np.array(
        [[row[g][m] for g, m in (n.split("/", 1) for n in names)] for row in rows], dtype=np.float64
    )
    return [row["id"] for row in rows], names, matrix
