"""The signature printed with every report: every setting that changes a number, as sacrebleu does."""

from __future__ import annotations

from collections.abc import Sequence

from dragon_bench import __version__
from dragon_bench.metrics.registry import answer_metrics, package_version, signature_parts

__all__ = ["make_signature", "parse_signature"]


def make_signature(
    *,
    revision: str,
    cutoffs: Sequence[int],
    extended: bool,
    resamples: int,
    seed: int,
    judge_model: str | None = None,
    rubric: bool = False,
) -> str:
    """`dragon-bench:0.1.0|rev:1.3.0|tok:razdel-0.5.0|...|judge:none`, keys in a fixed order."""
    parts = [
        f"dragon-bench:{__version__}",
        f"rev:{revision or 'unknown'}",
        f"tok:razdel-{package_version('razdel')}",
        *signature_parts(answer_metrics(extended=False)),
        "k:all",
    ]
    if extended:
        parts += [f"cut:{','.join(map(str, cutoffs))}", "rank:trec_eval"]
        parts += signature_parts(m for m in answer_metrics() if not m.dragon)
    parts.append(f"ci:bootstrap-{resamples}-seed{seed}" if resamples else "ci:none")
    judge = judge_model or "none"
    parts.append(f"judge:{judge}" + ("+rubric" if judge_model and rubric else ""))
    return "|".join(parts)


def parse_signature(signature: str) -> dict[str, str]:
    """The signature's fields as a dict (the package name maps to its version)."""
    out = {}
    for field in signature.split("|"):
        key, _, value = field.partition(":")
        out[key] = value
    return out
