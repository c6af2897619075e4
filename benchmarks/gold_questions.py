"""Phrasing and sampling alone (issue #16): questions from the NEREL gold relations of a split.

Triples come from `dragon_bench.questions.gold` (Wikidata ids, aliases merged, razdel
sentences, tense ''); questions from the current generator and from the generator before the
shape registry (`GOLD_BASELINE_REF`, unpacked with `git archive` and run on the same triples).
Figures: counts per type, drop reasons (`not_unique`: a description that fits several entities
of the KG; `roundtrip`: a question the round-trip check does not read back to its facts) and
`wording_spread`, the largest share of questions holding one content word (target <= 0.25).
Run through `benchmarks/questions.py --from-gold DIR`; the test split is refused.
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dragon_bench.kg.nerel import read_gold_folder
from dragon_bench.questions import generate_questions
from dragon_bench.questions.gold import gold_triples
from dragon_bench.questions.wording import wording_spread
from dragon_bench.types import Document, Question, Triple

__all__ = ["GOLD_BASELINE_REF", "from_gold", "gold_questions"]

ROOT = Path(__file__).resolve().parent.parent

# the generator before the shape registry (its parent commit)
GOLD_BASELINE_REF = "cb539c891e8de63a930ef9ef263ddf9b4d1054c4~1"

# the old package on gold triples (fields it knows only): the question texts it writes
_OLD_GOLD = """
import json, sys
from dragon_bench.questions import generate_questions
from dragon_bench.types import Document, Triple
data = json.load(open(sys.argv[1]))
docs = [Document(**d) for d in data["docs"]]
triples = [Triple(**{**t, **{k: tuple(t[k]) for k in t if k.endswith("_span")}}) for t in data["triples"]]
qs = generate_questions(triples, docs, per_type=data["per_type"], seed=0)
json.dump([{"question": q.question, "type": q.type} for q in qs], sys.stdout, ensure_ascii=False)
"""
_OLD_FIELDS = (
    "subject", "relation", "object", "doc_id", "subject_type", "object_type",
    "subject_span", "object_span", "sentence_span", "extractor",
)  # fmt: skip


def gold_questions(
    folder: Path, per_type: int, *, roundtrip: bool = True
) -> tuple[list[Document], list[Triple], list[Question], dict[str, Any]]:
    """A gold split's documents and triples, the generator's questions from them, its stats."""
    if folder.name == "test":
        sys.exit("the NEREL test split is kept aside: use train or dev")
    docs, triples = gold_triples(read_gold_folder(folder))
    stats: dict[str, Any] = {}
    qs = generate_questions(
        triples, docs, per_type=per_type, seed=0, stats=stats, roundtrip=roundtrip
    )
    return docs, triples, qs, stats


def _counts(questions: list[Question]) -> dict[str, int]:
    return dict(sorted(Counter(q.type for q in questions).items()))


def _old_gold(
    ref: str, docs: list[Any], triples: list[Triple], per_type: int
) -> list[dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "dragon_bench"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        inputs = Path(tmp) / "inputs.json"
        payload = {
            "docs": [{"id": d.id, "title": d.title, "text": d.text} for d in docs],
            "triples": [{k: getattr(t, k) for k in _OLD_FIELDS} for t in triples],
            "per_type": per_type,
        }
        inputs.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-c", _OLD_GOLD, str(inputs)],
            cwd=tmp,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
            check=True,
            capture_output=True,
            text=True,
        )
    rows: list[dict[str, str]] = json.loads(run.stdout)
    return rows


def from_gold(folder: Path, per_type: int, baseline_ref: str = GOLD_BASELINE_REF) -> dict[str, Any]:
    """The --from-gold figures (see the module docstring)."""
    docs, triples, qs, stats = gold_questions(folder, per_type)
    spread, word = wording_spread(q.question for q in qs)
    old = _old_gold(baseline_ref, docs, triples, per_type)
    old_spread, old_word = wording_spread(q["question"] for q in old)
    for q in qs:
        print(f"{q.type}\t{q.question}\t{'; '.join(q.answers)}\t{q.template}", file=sys.stderr)
    return {
        "from_gold": str(folder),
        "documents": len(docs),
        "triples": len(triples),
        "kg_facts": stats["kg_facts"],
        "askable_facts": stats["facts"],
        "per_type": per_type,
        "questions": _counts(qs),
        "rejected": stats["rejected"],
        "not_unique": stats["rejected"].get("not_unique", 0),
        "templates_used": len({q.template for q in qs}),
        "wording_spread": spread,
        "wording_spread_word": word,
        "baseline_ref": baseline_ref,
        "questions_baseline": dict(sorted(Counter(q["type"] for q in old).items())),
        "wording_spread_baseline": old_spread,
        "wording_spread_baseline_word": old_word,
        "wording_spread_ratio": round(spread / old_spread, 3) if old_spread else None,
        "popularity_share": stats["popularity_share"],
        "machine": f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        "date": datetime.now(UTC).date().isoformat(),
    }
