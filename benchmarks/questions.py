"""Question quality on NEREL train: share of questions the quality checker flags, before/after.

One extraction (natasha backend) feeds three generators, all judged by the *current* checker
(`dragon_bench.questions.quality.question_defects`):

- `baseline`: the committed generator before the quality work (`--baseline-ref`, default the
  parent of commit 9f2e33d), unpacked with `git archive` into a temporary folder and run in a
  subprocess; its questions' triples get the display names its fact graph showed;
- `root`: the current generator with the quality filter switched off (`check_quality=False`),
  so only the fixes at the root (nominative names, bridge choice, wording) count;
- `final`: the current generator as `dragon build` runs it (flagged questions rejected, so its
  flagged share is 0 by construction; what matters there is the number of questions kept).

The final questions are also written as a revision (`build_revision`) and their support rate
checked on it by the independent path of benchmarks/build.py.

    .venv/bin/python benchmarks/questions.py            # 746 train documents, 200 per type
    .venv/bin/python benchmarks/questions.py --quick    # 80 train documents, 50 per type
"""

from __future__ import annotations

import argparse
import json
import pickle
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from build import _independent_support  # noqa: E402

from dragon_bench.corpus import read_documents  # noqa: E402
from dragon_bench.corpus.parallel import cpu_count  # noqa: E402
from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.questions import generate_questions  # noqa: E402
from dragon_bench.questions.quality import flagged_share  # noqa: E402
from dragon_bench.release import build_revision  # noqa: E402
from dragon_bench.release.build import extract  # noqa: E402
from dragon_bench.types import Question, Triple  # noqa: E402

BASELINE_REF = "9f2e33d~1"

# run inside the old package: generate, then give each question's triples the names shown
_OLD_RUN = """
import dataclasses, json, pickle, sys
from dragon_bench.questions import generate_questions
from dragon_bench.questions.sampling import FactGraph, entity_key
docs, triples, per_type = pickle.load(open(sys.argv[1], "rb"))
stats = {}
qs = generate_questions(triples, docs, per_type=per_type, seed=0, stats=stats)
texts = {d.id for d in docs}
graph = FactGraph([t for t in triples if t.doc_id in texts])
shown = {(f.subject_key, f.relation, f.object_key): (f.subject, f.object) for f in graph.facts}
out = []
for q in qs:
    named = []
    for t in q.triples:
        key = (entity_key(t.subject.strip()), t.relation.strip(), entity_key(t.object.strip()))
        s, o = shown.get(key, (t.subject, t.object))
        named.append(dataclasses.asdict(dataclasses.replace(t, subject=s, object=o)))
    out.append({"question": q.question, "answer": q.answer, "type": q.type,
                "answers": list(q.answers), "triples": named})
json.dump({"questions": out, "rejected": stats.get("rejected", {})}, sys.stdout, ensure_ascii=False)
"""


def _baseline(
    ref: str, docs: list[Any], triples: list[Triple], per_type: int
) -> tuple[list[Question], dict[str, int]]:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "dragon_bench"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        inputs = Path(tmp) / "inputs.pkl"
        inputs.write_bytes(pickle.dumps((docs, triples, per_type)))
        run = subprocess.run(
            [sys.executable, "-c", _OLD_RUN, str(inputs)],
            cwd=tmp,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
            check=True,
            capture_output=True,
            text=True,
        )
    data = json.loads(run.stdout)
    questions = [
        Question(
            id=i,
            question=q["question"],
            answer=q["answer"],
            type=q["type"],
            text_ids=(),
            answers=tuple(q["answers"]),
            triples=tuple(
                Triple(**{**t, **{k: tuple(t[k]) for k in t if k.endswith("_span")}})
                for t in q["triples"]
            ),
        )
        for i, q in enumerate(data["questions"])
    ]
    return questions, data["rejected"]


def _counts(questions: list[Question]) -> dict[str, int]:
    out: dict[str, int] = {}
    for q in questions:
        out[q.type] = out.get(q.type, 0) + 1
    return dict(sorted(out.items()))


def _line(name: str, report: dict[str, Any]) -> str:
    types = ", ".join(
        f"{t} {v['share']:.3f} ({v['flagged']}/{v['questions']})"
        for t, v in report["by_type"].items()
    )
    return f"{name}: flagged {report['share']:.3f} of {report['questions']} | {types}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="80 train documents, 50 per type")
    parser.add_argument("--per-type", type=int, default=None, help="questions per type")
    parser.add_argument("--baseline-ref", default=BASELINE_REF, help="git ref of the baseline")
    parser.add_argument("--workers", type=int, default=0, help="extraction processes (0: cores)")
    args = parser.parse_args()
    if not NEREL.exists():
        sys.exit(f"reference data {NEREL} is absent")
    per_type = args.per_type or (50 if args.quick else 200)
    docs = read_documents(NEREL / "train")[: 80 if args.quick else None]
    triples = extract(docs, "natasha", None, workers=args.workers or cpu_count())

    base_qs, base_rejected = _baseline(args.baseline_ref, docs, triples, per_type)
    root_stats: dict[str, Any] = {}
    root_qs = generate_questions(
        triples, docs, per_type=per_type, seed=0, stats=root_stats, check_quality=False
    )
    final_stats: dict[str, Any] = {}
    final_qs = generate_questions(triples, docs, per_type=per_type, seed=0, stats=final_stats)
    reports = {
        "baseline": flagged_share(base_qs),
        "root": flagged_share(root_qs),
        "final": flagged_share(final_qs),
    }
    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(str(Path(tmp) / "hub"))
        version = build_revision(docs, hub, triples=triples, per_type=per_type, seed=0).version
        support, n_support = _independent_support(hub, version)
    for name, report in reports.items():
        print(_line(name, report), file=sys.stderr)
        print(f"  defects {report['by_defect']}", file=sys.stderr)
    print(f"baseline rejected {base_rejected}", file=sys.stderr)
    print(f"final rejected {final_stats['rejected']}", file=sys.stderr)
    result = {
        "documents": len(docs),
        "triples": len(triples),
        "per_type": per_type,
        "baseline_ref": args.baseline_ref,
        "flagged_share_baseline": reports["baseline"]["share"],
        "flagged_share_root": reports["root"]["share"],
        "flagged_share_final": reports["final"]["share"],
        "flagged_by_type": {
            name: {t: v["share"] for t, v in r["by_type"].items()} for name, r in reports.items()
        },
        "defects": {name: r["by_defect"] for name, r in reports.items()},
        "questions_baseline": _counts(base_qs),
        "questions_final": _counts(final_qs),
        "rejected_final": final_stats["rejected"],
        "support_rate": round(support, 4),
        "support_questions": n_support,
        "machine": f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        "date": datetime.now(UTC).date().isoformat(),
        "quick": args.quick,
    }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
