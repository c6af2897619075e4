"""The run record `<results>.run.json` that `dragon run` writes beside a results file: which
revision (and system) made it, so submitting or scoring it against another revision is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError

__all__ = ["run_record_path", "read_run_record", "recorded_version", "check_version"]


def run_record_path(results: str | Path) -> Path:
    return Path(str(results) + ".run.json")


def read_run_record(results: str | Path) -> dict[str, Any] | None:
    """The record beside `results`, or None when there is none; a record that is not a JSON
    object with a string `version` is bad input (it would otherwise be silently ignored)."""
    path = run_record_path(results)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadInputError(f"cannot read the run record: {exc}", path=str(path)) from None
    try:
        record = json.loads(text)
    except ValueError:
        raise BadInputError("the run record is not JSON", path=str(path)) from None
    if not isinstance(record, dict) or not isinstance(record.get("version"), str):
        raise BadInputError("the run record names no version", path=str(path))
    return record


def recorded_version(results: str | Path) -> str | None:
    """The revision `dragon run` made `results` for, or None without a run record."""
    record = read_run_record(results)
    return None if record is None else str(record["version"])


def check_version(results: str | Path, chosen: str, recorded: str | None) -> None:
    """Refuse (exit 2) to use `results` with revision `chosen` when its run record names another."""
    if recorded is not None and recorded != chosen:
        raise BadInputError(
            f"{results} holds answers to revision {recorded} ({run_record_path(results).name}), "
            f"not {chosen}: give --version {recorded} (or leave --version out), or run again "
            f"on {chosen}"
        )
