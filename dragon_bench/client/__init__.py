"""What a participant calls: load a revision, run a system over its questions, validate, submit."""

from __future__ import annotations

from dragon_bench.client.baseline import baseline_pipeline
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
