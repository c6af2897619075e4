"""The signature printed with every report: every setting that changes a number, as sacrebleu does."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from dragon_bench import __version__

__all__ = ["make_signature", "parse_signature"]


def _v(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "absent"


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
        f"tok:razdel-{_v('razdel')}",
        "rouge:f|case:mixed|substr:lower|em:space",
        "k:all",
    ]
    if extended:
        parts += [
            f"cut:{','.join(map(str, cutoffs))}",
            f"rank:ir_measures-{_v('ir-measures')}+pytrec_eval-{_v('pytrec-eval-terrier')}",
            f"lemma:pymorphy3-{_v('pymorphy3')}+num+date",
            f"chrf:sacrebleu-{_v('sacrebleu')}",
            "set:split+lemma",
        ]
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
