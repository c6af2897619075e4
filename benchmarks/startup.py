"""Start-up time of the `dragon` command: `dragon --help` (which imports no part) against a
bare `python -c 'import typer, rich'`, both as whole processes from this tree, run
alternately; `help_vs_typer_rich` is the median of the pair-by-pair ratios (target <= 4.5).
The `--help` of a few part commands (which import their part) is reported beside it, and the
fixed cost of a whole `dragon evaluate` (every default metric, intervals, details) on a
10-question revision: its wall and CPU seconds and its ratio to the anchor.

    .venv/bin/python benchmarks/startup.py [--quick] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BASELINE = [sys.executable, "-c", "import typer, rich"]
HELP = [sys.executable, "-m", "dragon_bench", "--help"]
PART_COMMANDS = ("ingest", "build", "run", "evaluate", "serve")


def _seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def _evaluate_small(runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `dragon evaluate --format json` on 10 questions (the files
    made by benchmarks/evaluate.py, its reference cache written before the timed runs)."""
    with tempfile.TemporaryDirectory() as tmp:
        make = [
            sys.executable,
            str(ROOT / "benchmarks" / "evaluate.py"),
            "--write-files",
            "10",
            tmp,
        ]
        subprocess.run(make, env=ENV, check=True)
        argv = [*HELP[:-1], "evaluate", "--results", f"{tmp}/results.json", "--hub", f"{tmp}/hub"]
        argv += ["--format", "json"]
        walls, cpus = [], []
        for _ in range(runs):
            started = time.perf_counter()
            proc = subprocess.Popen(argv, env=ENV, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
            walls.append(time.perf_counter() - started)
            if os.waitstatus_to_exitcode(status):
                sys.exit(f"{' '.join(argv)} failed")
            cpus.append(usage.ru_utime + usage.ru_stime)
        return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 pairs instead of 15")
    parser.add_argument("--runs", type=int, default=None)
    args = parser.parse_args()
    runs = args.runs or (5 if args.quick else 15)
    _seconds(HELP)  # warm the file cache and the bytecode
    base, ours = [], []
    for _ in range(runs):
        base.append(_seconds(BASELINE))
        ours.append(_seconds(HELP))
    ratios = [o / b for o, b in zip(ours, base, strict=True)]
    parts = {
        name: round(
            statistics.median(
                _seconds([*HELP[:-1], name, "--help"]) for _ in range(max(3, runs // 3))
            ),
            3,
        )
        for name in PART_COMMANDS
    }
    small = _evaluate_small(max(3, runs // 3))
    typer_rich = statistics.median(base)
    figures = {
        "runs": runs,
        "typer_rich_s": round(typer_rich, 3),
        "help_s": round(statistics.median(ours), 3),
        "help_vs_typer_rich": round(statistics.median(ratios), 2),
        "part_help_s": parts,
        "part_help_vs_typer_rich": {k: round(v / typer_rich, 2) for k, v in parts.items()},
        "evaluate_10_s": round(small[0], 3),
        "evaluate_10_cpu_s": round(small[1], 3),
        "evaluate_10_vs_typer_rich": round(small[0] / typer_rich, 2),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
    }
    print(
        f"dragon --help {figures['help_s']} s, import typer+rich {figures['typer_rich_s']} s: "
        f"x{figures['help_vs_typer_rich']} (target <= 4.5)",
        file=sys.stderr,
        flush=True,
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
