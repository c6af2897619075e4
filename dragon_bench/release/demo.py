"""Demo step: build revision 1.0.0 from the corpus step's documents and show a question of each type."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.hub import Hub
from dragon_bench.output import print_table, stdout
from dragon_bench.questions.shapes import QUESTION_TYPES
from dragon_bench.release.build import build_revision
from dragon_bench.release.inspect import inspect_questions

if TYPE_CHECKING:
    from dragon_bench.demo import DemoContext

__all__ = ["run"]


def run(ctx: DemoContext) -> None:
    """Leaves `hub` (str, the hub folder) and `version` in ctx.artifacts."""
    docs = ctx.artifacts.get("documents")
    if docs is None:
        docs = read_documents(ctx.corpus or builtin_corpus_path())
    hub_path = ctx.workdir / "hub"
    hub = Hub(str(hub_path))
    started = time.perf_counter()
    made = build_revision(docs, hub, version="1.0.0", per_type=10, seed=0, log=_log)
    seconds = time.perf_counter() - started
    version = made.version
    stdout.print(
        f"revision {version}: {made.kept} texts, {made.triples} triples, "
        f"{sum(made.questions.values())} questions {dict(made.questions)} "
        f"in {seconds:.1f} s -> {hub_path}"
    )
    qa = hub.read_table("private", version, "qa").to_pylist()
    public_of = {
        r["id"]: r["public_id"] for r in hub.read_table("private", version, "texts").to_pylist()
    }
    rows = []
    for qtype in QUESTION_TYPES:
        sample = next((q for q in qa if q["type"] == qtype), None)
        if sample is None:
            continue
        sources = ", ".join(f"{t} (#{public_of[t]})" for t in sample["text_ids"])
        rows.append((qtype, sample["question"], "; ".join(sample["answers"]), sources))
    print_table(["type", "question", "answer", "sources: internal id (#public id)"], rows)
    # `dragon inspect`: what the first question rests on, its sentence with the spans marked
    for row in inspect_questions(hub, version, ids=[qa[0]["id"]] if qa else []):
        stdout.print(f"evidence of #{row['id']} «{row['question']}»:", markup=False)
        for e in row["evidence"]:
            stdout.print(
                f"  {e['relation_type']} ({e['tense'] or 'tense unknown'}): {e['marked']}",
                markup=False,
                highlight=False,
            )
    ctx.artifacts.update(hub=str(hub_path), version=version)


def _log(message: str) -> None:
    stdout.print(f"  {message}", highlight=False, markup=False)
