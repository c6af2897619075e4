"""Package hygiene: public names, the command line, versions and the hub layout."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pyarrow as pa
import pytest

import dragon_bench
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.versions import latest_version, next_version, parse_version


def test_every_module_all_names_exist() -> None:
    for info in pkgutil.walk_packages(dragon_bench.__path__, "dragon_bench."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", []):
            assert hasattr(module, name), f"{info.name}.__all__ names missing {name}"


def test_cli_help_and_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "dragon_bench", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert out.stdout.strip() == dragon_bench.__version__


def test_versions_compare_as_integers() -> None:
    assert latest_version(["1.9.0", "1.10.0", "1.2.0", "junk"]) == "1.10.0"
    assert next_version([]) == "1.0.0"
    assert next_version(["1.0.0", "1.10.0"]) == "1.11.0"
    with pytest.raises(BadInputError, match="1.x"):
        parse_version("1.x")


def _tables() -> tuple[dict[str, pa.Table], dict[str, pa.Table]]:
    public = {
        "texts": pa.table({"id": [3, 1], "text": ["a", "b"]}),
        "questions": pa.table({"id": [0], "question": ["q?"]}),
    }
    private = {
        "texts": pa.table({"id": ["d1", "d2"], "public_id": [3, 1]}),
        "qa": pa.table(
            {
                "id": [0],
                "question": ["q?"],
                "answer": ["a"],
                "answers": [["a"]],
                "type": ["simple"],
                "text_ids": [["d1"]],
            }
        ),
    }
    return public, private


def test_hub_write_is_atomic_and_versions_listed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    hub = Hub(str(tmp_path))
    assert hub.versions() == []
    # A folder without a manifest (an interrupted write) is not a version.
    (tmp_path / "public" / "1.5.0").mkdir(parents=True)
    assert hub.versions() == []
    public, private = _tables()
    hub.write_revision("1.0.0", public, private)
    hub.write_revision("1.10.0", public, private, parent="1.0.0")
    assert hub.versions() == ["1.0.0", "1.10.0"]
    assert hub.resolve("latest") == "1.10.0"
    manifest = hub.read_manifest("public", "1.10.0")
    assert manifest["parent"] == "1.0.0" and manifest["counts"] == {"texts": 2, "questions": 1}
    assert hub.read_table("private", "1.0.0", "qa").column("answers").to_pylist() == [["a"]]
    assert not list((tmp_path / "public").glob(".tmp-*"))
    with pytest.raises(BadInputError, match="already exists"):
        hub.write_revision("1.0.0", public, private)
    with pytest.raises(BadInputError, match="1.2.0"):
        hub.resolve("1.2.0")


def test_os_errors_are_one_line_exit_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # A folder where a results file is expected: the OS error is the user's input, not a bug.
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dragon_bench",
            "evaluate",
            "-r",
            str(tmp_path),
            "--hub",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().startswith("error:") and str(tmp_path) in out.stderr


def test_hub_on_s3(s3_server) -> None:  # type: ignore[no-untyped-def]
    # A real S3-compatible server (moto's server mode): object stores have no folder rename.
    url = s3_server.create_bucket("hub-test") + "/bench"
    hub = Hub(url, s3_server.storage_options)
    public, private = _tables()
    hub.write_revision("1.0.0", public, private)
    again = Hub(url, s3_server.storage_options)
    assert again.versions() == ["1.0.0"] and again.versions("private") == ["1.0.0"]
    assert again.read_table("public", "1.0.0", "texts").column("id").to_pylist() == [3, 1]
