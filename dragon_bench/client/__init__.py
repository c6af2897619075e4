"""What a participant calls: load a revision, run a system over its questions, validate, submit."""

from __future__ import annotations

from typing import Any

from dragon_bench.client.load import load
from dragon_bench.client.revision import Revision
from dragon_bench.client.run import read_results, run, write_results
from dragon_bench.client.submit import submission_config, submit
from dragon_bench.client.validate import ValidationReport, validate

__all__ = [
    "load",
    "run",
    "validate",
    "submit",
    "Revision",
    "ValidationReport",
    "baseline_pipeline",
    "read_results",
    "write_results",
    "submission_config",
]


def __getattr__(name: str) -> Any:
    # The baseline pulls in the whole RAG part (bm25s, scipy, natasha): importing it only when
    # asked for keeps `dragon submit` light (`dragon evaluate` reads dragon_bench.run_record only).
    if name == "baseline_pipeline":
        from dragon_bench.client.baseline import baseline_pipeline

        return baseline_pipeline
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
