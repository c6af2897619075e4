"""The answer metrics, registered once: scoring, the signature and the leaderboard iterate this list.

An `AnswerMetric` is a name (its identity in code, JSON, tables and leaderboards), a function
of an analysed reference and answer, and the part of the signature that fixes its settings.
Adding a metric is one module holding its function and one line in `ANSWER_METRICS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from dragon_bench.metrics import answers, lexical
from dragon_bench.metrics.texts import Answer, Reference

__all__ = [
    "AnswerMetric",
    "ANSWER_METRICS",
    "answer_metrics",
    "metric_names",
    "signature_parts",
    "leaderboard_names",
    "package_version",
]


def package_version(package: str) -> str:
    """The installed version of `package`, or `absent`."""
    try:
        return version(package)
    except PackageNotFoundError:
        return "absent"


@dataclass(frozen=True, slots=True)
class AnswerMetric:
    """One answer metric. `dragon`: one of DRAGON's (kept with --dragon-only); `leaderboard`:
    averaged into the leaderboard's generation score."""

    name: str
    fn: Callable[[Reference, Answer], float]
    signature_part: str
    dragon: bool = False
    leaderboard: bool = False


ANSWER_METRICS: tuple[AnswerMetric, ...] = (
    AnswerMetric(
        "rouge1", lexical.rouge1_metric, "rouge:f|case:mixed", dragon=True, leaderboard=True
    ),
    AnswerMetric(
        "rougeL", lexical.rougeL_metric, "rouge:f|case:mixed", dragon=True, leaderboard=True
    ),
    AnswerMetric(
        "substr_match", lexical.substr_metric, "substr:lower", dragon=True, leaderboard=True
    ),
    AnswerMetric("exact_match", lexical.exact_metric, "em:space", dragon=True),
    AnswerMetric(
        "lemma_f1",
        answers.lemma_f1_metric,
        f"lemma:pymorphy3-{package_version('pymorphy3')}+num+date",
    ),
    AnswerMetric("chrf", answers.chrf_metric, "chrf:nc6+nw0+b2"),
    AnswerMetric("set_f1", answers.set_f1_metric, "set:split+lemma"),
)


def answer_metrics(extended: bool = True) -> tuple[AnswerMetric, ...]:
    """The metrics a report computes: DRAGON's, then (with `extended`) the others, in registry order."""
    return tuple(m for m in ANSWER_METRICS if extended or m.dragon)


def metric_names(metrics: Iterable[AnswerMetric]) -> tuple[str, ...]:
    return tuple(m.name for m in metrics)


def signature_parts(metrics: Iterable[AnswerMetric]) -> list[str]:
    """Each metric's signature part once, in registry order (metrics may share a part)."""
    return list(dict.fromkeys(m.signature_part for m in metrics if m.signature_part))


def leaderboard_names() -> tuple[str, ...]:
    """The answer metrics whose mean is the leaderboard's generation score."""
    return tuple(m.name for m in ANSWER_METRICS if m.leaderboard)
