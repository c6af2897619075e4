"""What a participant calls: load a revision, run a system over its questions, validate, submit."""

from __future__ import annotations

from dragon_bench.client.load import load
from dragon_bench.client.revision import Revision
from dragon_bench.client.run import read_results, run, write_results

__all__ = ["load", "run", "Revision", "read_results", "write_results"]
