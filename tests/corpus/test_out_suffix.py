"""`dragon segment --out` and `dragon kg extract --out` refuse a file name whose suffix names no
format they write, before any work (QA 4: `seg.txt` used to get Parquet bytes)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError, require_suffix
from tests.plugins.dragon_main import Outcome


@pytest.mark.parametrize("name", ["seg.txt", "seg", "seg.parquet.bak"])
def test_segment_refuses_an_unknown_out_suffix(
    name: str, tmp_path: Path, dragon_main: Callable[..., Outcome]
) -> None:
    out = tmp_path / name
    # The store does not exist either: the suffix is checked first, without touching it.
    done = dragon_main("segment", "--store", str(tmp_path / "nostore"), "--out", str(out))
    suffix = Path(name).suffix or "no suffix"
    assert (done.code, done.err.strip()) == (
        2,
        f"error: --out {out}: the file name must end in .parquet or .jsonl or .ndjson "
        f"(got {suffix})",
    )
    assert not out.exists()


def test_kg_extract_refuses_an_unknown_out_suffix(
    tmp_path: Path, dragon_main: Callable[..., Outcome]
) -> None:
    out = tmp_path / "tr.csv"
    done = dragon_main("kg", "extract", "--corpus", str(tmp_path / "absent"), "--out", str(out))
    assert (done.code, done.err.strip()) == (
        2,
        f"error: --out {out}: the file name must end in .parquet or .jsonl (got .csv)",
    )
    assert not out.exists()


def test_require_suffix_accepts_the_listed_ones() -> None:
    require_suffix("a/b.jsonl", (".parquet", ".jsonl"))
    with pytest.raises(BadInputError):
        require_suffix("a/b.JSONL.gz", (".parquet", ".jsonl"))
