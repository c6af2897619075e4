"""Writing the leaderboard Space: a Gradio app that reads the results file the portal commits."""

from __future__ import annotations

import json
import os
import tempfile
from importlib.resources import files
from pathlib import Path

from dragon_bench.errors import BadInputError
from dragon_bench.portal.results_file import SCHEMA_VERSION, dump_results, read_results
from dragon_bench.questions.shapes import QUESTION_TYPES

__all__ = ["GRADIO_VERSION", "write_space"]

# The Gradio the app is written for: the Space's `sdk_version` and the `space` extra's range.
GRADIO_VERSION = "6.31.0"
GRADIO_REQUIREMENT = "gradio>=6.0,<7"

_README = """---
title: {title_yaml}
emoji: 🐉
colorFrom: blue
colorTo: green
sdk: gradio
sdk_version: {gradio}
app_file: app.py
pinned: false
license: mit
short_description: Dynamic RAG benchmark leaderboard (dragon-bench)
---

# {title}

The leaderboard of a dragon-bench portal. The portal commits the results file
(`{results}`) whenever a submission is approved, rejected or re-evaluated; this app reads
it on every page load and shows a table per revision version, the "actual versions" view
(each model averaged over the newest N versions), per question type columns, 95% bootstrap
intervals, the models' descriptions, sorting, search and a bar chart by question type.

Written by `dragon leaderboard space`; run it locally with `pip install -r requirements.txt`
and `python app.py`. `DRAGON_RESULTS` (a path or an https URL) overrides where the results
file is read from.
"""


def _write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_space(
    out: Path,
    *,
    results: str = "results.json",
    title: str = "dragon-bench leaderboard",
    results_file: Path | None = None,
) -> list[Path]:
    """Write app.py, views.py, space.json, requirements.txt and README.md into `out`.

    `results` is where the app reads the file: a path inside the Space (the portal commits it
    there) or an https URL (a dataset repo's file). `results_file`, if given, is validated and
    copied to `out/results.json`. Other files in `out` (a Space's git clone) are left alone.
    """
    if not title.strip() or "\n" in title:
        raise BadInputError(f"--title {title!r}: give one non-empty line")
    out.mkdir(parents=True, exist_ok=True)
    package = files("dragon_bench.leaderboard")
    config = {
        "results": results,
        "schema_version": SCHEMA_VERSION,
        "title": title,
        "type_order": list(QUESTION_TYPES),
    }
    written = {
        "app.py": package.joinpath("space_files", "app.py").read_bytes(),
        "views.py": package.joinpath("views.py").read_bytes(),
        "space.json": (json.dumps(config, ensure_ascii=False, indent=2) + "\n").encode(),
        "requirements.txt": f"{GRADIO_REQUIREMENT}\n".encode(),
        "README.md": _README.format(
            title=title,
            title_yaml=json.dumps(title, ensure_ascii=False),
            gradio=GRADIO_VERSION,
            results=results,
        ).encode("utf-8"),
    }
    if results_file is not None:
        written["results.json"] = dump_results(read_results(results_file))
    paths = []
    for name, data in written.items():
        _write(out / name, data)
        paths.append(out / name)
    return paths
