"""Evaluation speed: `dragon evaluate` against a DRAGON-style evaluator, both as whole processes
on the same files (a hub's private half and a results JSON), several runs, medians.

Baseline (what the DRAGON client's evaluator does, the way it does it, written here from
DESIGN.md; the client itself is never imported): read the private qa and texts tables and the
results JSON, then `dragon_bench.metrics.straightforward`'s per-question loop (rouge-score's
`RougeScorer` on razdel tokens, per-question retrieval loops) and pandas aggregation by type.
Ours: `dragon evaluate --format json` with its defaults (every default metric: DRAGON's, the
extended ones, 1000 bootstrap resamples, per-question details). The DRAGON numbers of the two
must be identical (==). Wall time, CPU time (its workers included) and peak memory (max RSS)
of each process; the pairs run alternately (which side goes first alternates too) and
`speedup_vs_dragon_evaluator` is the median of the pair-by-pair ratios. The files, and the
reference cache a revision gets at its first evaluation, are made before any timed run, in a
process of their own (a child's max RSS starts at its parent's).
`in_process_speedup` is today's in-process figure (DRAGON metrics only, fresh Gold).

Questions: 20 found ids each, answers of 20-80 tokens, references of 2-15 words of NEREL
news (../shared/data) when present, else a built-in word list.

    .venv/bin/python benchmarks/evaluate.py [--quick] [--runs N] [--sizes 10000,100000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "dev"

import pyarrow as pa  # noqa: E402

from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.metrics.gold import Gold  # noqa: E402

FALLBACK = [
    "В",
    "Москве",
    "12",
    "марта",
    "2024",
    "года",
    "прошёл",
    "фестиваль",
    "«",
    "Весна",
    "»",
    ",",
    "на",
    "который",
    "пришли",
    "15",
    "000",
    "человек",
    ".",
    "Компания",
    "Газпром",
    "сообщила",
    "о",
    "росте",
    "выручки",
    "на",
    "1,5",
    "млн",
    "рублей",
    "(",
    "по",
    "данным",
    "РБК",
    ")",
    ";",
    "по-моему",
    ",",
    "это",
    "—",
    "рекорд",
    "!",
    "Президент",
    "Путин",
    "и",
    "премьер-министр",
    "встретились",
    "в",
    "Санкт-Петербурге",
    ".",
]
VERSION = "1.0.0"


def words() -> list[str]:
    if NEREL.exists():
        text = " ".join(p.read_text(encoding="utf-8") for p in sorted(NEREL.glob("*.txt")))
        return text.split()
    return FALLBACK * 40  # long enough for 80-word spans


def write_files(n: int, folder: Path, seed: int = 0) -> tuple[str, Path]:
    """A hub with revision 1.0.0 of `n` questions and a results file answering all of them."""
    # Here, not at the top: the baseline process runs this script and needs no shape registry.
    from dragon_bench.questions.shapes import QUESTION_TYPES

    rng = random.Random(seed)
    vocab = words()

    def span(lo: int, hi: int) -> str:
        i = rng.randrange(len(vocab) - hi)
        return " ".join(vocab[i : i + rng.randint(lo, hi)])

    n_texts = max(1000, n // 2)
    public = rng.sample(range(10 * n_texts), n_texts)
    internal = [f"doc{i}" for i in range(n_texts)]
    qa: dict[str, list[Any]] = {
        "id": [],
        "question": [],
        "answer": [],
        "answers": [],
        "type": [],
        "text_ids": [],
    }
    results = {}
    for q in range(n):
        answer = span(2, 15)
        gold = rng.sample(range(n_texts), rng.randint(1, 3))
        qa["id"].append(q)
        qa["question"].append(f"Вопрос {q}?")
        qa["answer"].append(answer)
        qa["answers"].append([])
        qa["type"].append(QUESTION_TYPES[q % len(QUESTION_TYPES)])
        qa["text_ids"].append([internal[g] for g in gold])
        found = rng.sample(public, 20)
        if rng.random() < 0.6:
            found[rng.randrange(20)] = public[gold[0]]
            found = list(dict.fromkeys(found))
        model = span(20, 80)
        if rng.random() < 0.3:
            model = model + " " + answer
        results[str(q)] = {"found_ids": found, "model_answer": model}
    hub = folder / "hub"
    Hub(str(hub)).write_revision(
        VERSION,
        {
            "texts": pa.table({"id": public, "text": [f"текст {p}" for p in public]}),
            "questions": pa.table({"id": qa["id"], "question": qa["question"]}),
        },
        {
            "texts": pa.table({"id": internal, "public_id": public}),
            "qa": pa.table(qa),
        },
    )
    path = folder / "results.json"
    path.write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")
    # The reference cache is made once per revision (its first evaluation): made here, so that
    # no timed run, ours or the baseline's, pays for it.
    Gold.from_hub(str(hub), VERSION)
    return str(hub), path


def dragon_evaluator(hub: str, results: str) -> None:
    """The baseline process: DRAGON's metrics the way its client computes them (printed as JSON)."""
    import pandas as pd

    from dragon_bench.metrics import parse_results, read_results
    from dragon_bench.metrics.straightforward import straightforward_scores

    # The private tables alone (the reference cache and the shape registry's check are ours).
    private = Hub(hub)
    gold = Gold.from_tables(
        private.read_table("private", VERSION, "qa"),
        private.read_table("private", VERSION, "texts"),
        VERSION,
        check_types=False,
    )
    parsed = parse_results(read_results(results), gold)
    frame = pd.DataFrame(straightforward_scores(parsed, gold))
    groups = {
        "retrieval": ["hit_rate", "mrr", "precision"],
        "generation": ["rouge1", "rougeL", "substr_match", "exact_match"],
    }
    overall = {g: {m: float(frame[m].mean()) for m in ms} for g, ms in groups.items()}
    by_type = {
        str(t): {g: {m: float(part[m].mean()) for m in ms} for g, ms in groups.items()}
        for t, part in frame.groupby("type")
    }
    print(json.dumps({"overall": overall, "by_type": by_type}))


def timed(cmd: list[str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds (its workers included), peak RSS in MB and stdout of a whole process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode() if proc.stderr else ""
        if proc.returncode:
            sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}): {err[-2000:]}")
        out.seek(0)
        cpu = usage.ru_utime + usage.ru_stime
        return wall, cpu, usage.ru_maxrss / 1024, out.read().decode()


def dragon_part(report: dict[str, Any]) -> dict[str, Any]:
    keep = {
        "retrieval": ("hit_rate", "mrr", "precision"),
        "generation": ("rouge1", "rougeL", "substr_match", "exact_match"),
    }

    def block(b: dict[str, Any]) -> dict[str, Any]:
        return {g: {m: b[g][m] for m in ms} for g, ms in keep.items()}

    return {
        "overall": block(report["overall"]),
        "by_type": {t: block(b) for t, b in report["by_type"].items()},
    }


def load_average() -> float:
    return os.getloadavg()[0]


def measure(n: int, runs: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        # The files are made in a process of their own: a child's peak memory (ru_maxrss) starts
        # at its parent's resident size, so this process must stay small for the figures.
        subprocess.run([sys.executable, __file__, "--write-files", str(n), tmp], check=True)
        hub, results = str(Path(tmp) / "hub"), Path(tmp) / "results.json"
        base_cmd = [sys.executable, __file__, "--dragon-evaluator", hub, str(results)]
        ours_cmd = [
            sys.executable,
            "-m",
            "dragon_bench",
            "evaluate",
            "--results",
            str(results),
            "--hub",
            hub,
            "--format",
            "json",
        ]
        pairs = []
        identical = True
        loads = []
        for k in range(runs):
            loads.append(load_average())
            if k % 2:  # which side goes first alternates
                ow, oc, om, oout = timed(ours_cmd)
                bw, bc, bm, bout = timed(base_cmd)
            else:
                bw, bc, bm, bout = timed(base_cmd)
                ow, oc, om, oout = timed(ours_cmd)
            identical &= json.loads(bout) == dragon_part(json.loads(oout))
            pairs.append((bw, bc, bm, ow, oc, om))
            print(
                f"{n}: dragon-style {bw:.2f} s ({bc:.2f} CPU-s) {bm:.0f} MB; "
                f"ours {ow:.2f} s ({oc:.2f} CPU-s) {om:.0f} MB; ratio {bw / ow:.2f}; "
                f"load {loads[-1]:.1f}",
                file=sys.stderr,
            )
    med = [statistics.median(p[j] for p in pairs) for j in range(6)]
    return {
        "speedup": statistics.median(p[0] / p[3] for p in pairs),
        "cpu_ratio": statistics.median(p[1] / p[4] for p in pairs),
        "baseline_s": med[0],
        "baseline_cpu_s": med[1],
        "baseline_mb": med[2],
        "ours_s": med[3],
        "ours_cpu_s": med[4],
        "ours_mb": med[5],
        "identical": identical,
        "pairs": [round(p[0] / p[3], 2) for p in pairs],
        "load": [round(x, 1) for x in loads],
    }


def in_process(n: int) -> float:
    """Today's in-process ratio: straightforward report / `evaluate(extended=False)`, fresh Gold."""
    from dragon_bench.metrics import evaluate, parse_results, read_results
    from dragon_bench.metrics.straightforward import straightforward_report

    with tempfile.TemporaryDirectory() as tmp:
        hub, path = write_files(n, Path(tmp))
        data = read_results(path)
        gold = Gold.from_hub(hub, VERSION)
        results = parse_results(data, gold)
        t = time.perf_counter()
        straightforward_report(results, gold)
        baseline = time.perf_counter() - t
        fresh = Gold.from_hub(hub, VERSION)
        t = time.perf_counter()
        evaluate(results, fresh, extended=False, resamples=0, details=False)
        return baseline / (time.perf_counter() - t)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--dragon-evaluator":
        dragon_evaluator(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) == 4 and sys.argv[1] == "--write-files":
        write_files(int(sys.argv[2]), Path(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 questions, 2 runs")
    parser.add_argument("--runs", type=int, default=0, help="Runs of each side (default 3).")
    parser.add_argument("--sizes", default="", help="Comma-separated question counts.")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s] or (
        [2000] if args.quick else [10_000, 100_000]
    )
    runs = args.runs or (2 if args.quick else 3)
    figures: dict[str, Any] = {}
    for n in sizes:
        m = measure(n, runs)
        key = f"{n // 1000}k" if n % 1000 == 0 else str(n)
        figures[f"speedup_vs_dragon_evaluator_{key}"] = round(m["speedup"], 2)
        figures[f"seconds_{key}"] = round(m["ours_s"], 3)
        figures[f"dragon_evaluator_seconds_{key}"] = round(m["baseline_s"], 3)
        figures[f"cpu_seconds_{key}"] = round(m["ours_cpu_s"], 3)
        figures[f"dragon_evaluator_cpu_seconds_{key}"] = round(m["baseline_cpu_s"], 3)
        figures[f"cpu_ratio_{key}"] = round(m["cpu_ratio"], 2)
        figures[f"mb_{key}"] = round(m["ours_mb"])
        figures[f"dragon_evaluator_mb_{key}"] = round(m["baseline_mb"])
        figures[f"identical_{key}"] = m["identical"]
        figures[f"pairs_{key}"] = m["pairs"]
        figures[f"load_{key}"] = m["load"]
    first = f"{sizes[0] // 1000}k" if sizes[0] % 1000 == 0 else str(sizes[0])
    figures["speedup_vs_dragon_evaluator"] = figures[f"speedup_vs_dragon_evaluator_{first}"]
    figures["in_process_speedup"] = round(in_process(min(sizes)), 2)
    figures.update(
        identical=all(v for k, v in figures.items() if k.startswith("identical_")),
        runs=runs,
        cpus=os.cpu_count(),
        machine=platform.machine(),
        python=platform.python_version(),
    )
    print(json.dumps(figures))
    if not figures["identical"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
