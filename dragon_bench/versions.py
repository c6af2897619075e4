"""Revision versions `1.N.0`, compared as integer tuples."""

from __future__ import annotations

import re
from collections.abc import Iterable

from dragon_bench.errors import BadInputError

__all__ = ["parse_version", "is_version", "latest_version", "next_version"]

_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


def is_version(text: str) -> bool:
    return bool(_VERSION.match(text))


def parse_version(text: str) -> tuple[int, int, int]:
    m = _VERSION.match(text)
    if not m:
        raise BadInputError(f"version {text!r} is not of the form MAJOR.MINOR.PATCH such as 1.3.0")
    return int(m[1]), int(m[2]), int(m[3])


def latest_version(versions: Iterable[str]) -> str | None:
    """The highest well-formed version, or None; malformed names are ignored."""
    good = [v for v in versions if is_version(v)]
    return max(good, key=parse_version) if good else None


def next_version(versions: Iterable[str]) -> str:
    """`1.0.0` for an empty hub, else the latest with its minor number raised by one."""
    latest = latest_version(versions)
    if latest is None:
        return "1.0.0"
    major, minor, _ = parse_version(latest)
    return f"{major}.{minor + 1}.0"
