"""`dragon questions`: generate filtered questions of the four types from a corpus and its triples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register"]


def questions(
    corpus: Path = typer.Option(..., help="Corpus: jsonl, csv, parquet, brat or HTML folder."),
    out: Path = typer.Option(..., help="Where to write the questions (JSON lines)."),
    triples: Path | None = typer.Option(
        None, help="Triples from `dragon kg extract` (.jsonl or .parquet); else extracted now."
    ),
    kg_backend: str = typer.Option("natasha", help="Extraction when no --triples: natasha or llm."),
    backend: str = typer.Option("template", help="Question phrasing: template or llm."),
    per_type: int = typer.Option(50, "--questions-per-type", help="At most this many per type."),
    seed: int = typer.Option(0, help="Seed of subgraph sampling."),
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Sample subgraphs (simple, set, conditional, multi_hop), phrase and filter questions."""
    import os
    import tempfile

    from dragon_bench.corpus import read_documents
    from dragon_bench.llm import make_llm
    from dragon_bench.questions.generate import generate_questions
    from dragon_bench.release.build import extract
    from dragon_bench.release.tables import read_triples

    docs = read_documents(corpus)
    needed = "llm" in (backend, kg_backend if triples is None else "")
    llm = make_llm("the llm backend") if needed else None
    found = read_triples(triples) if triples is not None else extract(docs, kg_backend, llm)
    stats: dict[str, Any] = {}
    qs = generate_questions(
        found, docs, backend=backend, per_type=per_type, seed=seed, llm=llm, stats=stats
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".tmp-", suffix=".jsonl")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        for q in qs:
            row = {
                "id": q.id,
                "question": q.question,
                "answer": q.answer,
                "answers": list(q.answers),
                "type": q.type,
                "text_ids": list(q.text_ids),
            }
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    os.replace(tmp, out)
    report = {
        "documents": len(docs),
        "triples": len(found),
        "facts": stats.get("facts", 0),
        "questions": stats.get("per_type", {}),
        "rejected": stats.get("rejected", {}),
        "out": str(out),
    }

    def table(data: dict[str, Any]) -> None:
        print_table(["key", "value"], [[k, v] for k, v in data.items()])
        print_table(
            ["type", "question", "answer"],
            [[q.type, q.question, "; ".join(q.answers)] for q in qs[:: max(1, len(qs) // 8)]],
            title="sample",
        )

    emit(report, format, table)


def register(app: typer.Typer) -> None:
    app.command("questions")(questions)
