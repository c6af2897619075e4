"""The baseline's scores on NEREL dev with and without the round-trip check (issue #16 item 6).

The check reads questions back with natasha and a cue lexicon, not with the baseline's reader;
this shows it does not select questions the baseline answers better. Two revisions are built
from the same documents and triples (`question_roundtrip` on and off, one id key), the
baseline answers each (`dragon run`) and `dragon evaluate` scores it. Triples: the default
extraction (`dragon build` defaults) and, with `--gold`, the NEREL gold relations
(`dragon_bench.questions.gold`), which give more questions of every shape.

    .venv/bin/python benchmarks/roundtrip.py [--gold] [--quick]

The last line is one JSON object: per setting, the questions per type and the overall
retrieval and generation figures, and the differences (with - without).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1"
sys.path.insert(0, str(ROOT))

from dragon_bench.corpus import read_documents  # noqa: E402
from dragon_bench.kg.nerel import read_gold_folder  # noqa: E402
from dragon_bench.questions.gold import gold_triples  # noqa: E402
from dragon_bench.release.build import build_revision  # noqa: E402

ID_KEY = "0123456789abcdef0123456789abcdef"
KEYS = ("hit_rate", "mrr", "rouge1", "rougeL", "substr_match", "exact_match")


def _dragon(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _score(hub: Path, tmp: Path) -> dict[str, Any]:
    results = tmp / f"{hub.name}-results.json"
    _dragon("run", "--hub", str(hub), "--out", str(results))
    report = json.loads(
        _dragon("evaluate", "--hub", str(hub), "--results", str(results), "--format", "json")
    )
    overall = {**report["overall"]["retrieval"], **report["overall"]["generation"]}
    return {
        "questions": report["n_questions"],
        **{k: round(float(overall[k]), 4) for k in KEYS if k in overall},
        "by_type": {
            t: round(float(v["generation"].get("rougeL", 0.0)), 4)
            for t, v in report.get("by_type", {}).items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", action="store_true", help="NEREL gold triples, not extraction")
    parser.add_argument("--quick", action="store_true", help="40 dev documents")
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"reference data {NEREL} is absent")
    folder = NEREL / "dev"
    if args.gold:
        docs, triples = gold_triples(read_gold_folder(folder))
    else:
        docs, triples = read_documents(folder), None
    if args.quick:
        docs = docs[:40]
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for setting, on in (("with", True), ("without", False)):
            hub = tmp / f"hub-{setting}"
            extra = {"triples": triples} if triples is not None else {}
            built = build_revision(docs, str(hub), id_key=ID_KEY, question_roundtrip=on, **extra)
            out[setting] = {"version": built.version, **_score(hub, tmp)}
            print(f"{setting} round-trip: {out[setting]}", file=sys.stderr)
    out["difference"] = {
        k: round(out["with"][k] - out["without"][k], 4) for k in KEYS if k in out["with"]
    }
    out.update(
        triples="gold" if args.gold else "extracted",
        documents=len(docs),
        machine=f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        date=datetime.now(UTC).date().isoformat(),
    )
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
