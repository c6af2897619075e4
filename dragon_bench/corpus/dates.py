"""Publication times as written in inputs: ISO 8601, Unix seconds, or datetimes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

__all__ = ["parse_datetime"]


def parse_datetime(value: Any) -> datetime | None:
    """ISO 8601 strings (a trailing Z allowed), Unix seconds, or datetimes; empty means None."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(float(value), tz=UTC)
    if isinstance(value, str):
        text = value.strip()
        if text.endswith("Z"):
            text = text[:-1] + "+00:00"
        return datetime.fromisoformat(text)
    if hasattr(value, "to_pydatetime"):
        result: datetime = value.to_pydatetime()
        return result
    raise ValueError(f"cannot read {value!r} as a date")
