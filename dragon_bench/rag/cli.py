"""`dragon rag-serve` (the RAG service) and `dragon rag validate` (TREC RAG 2024 answer files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format

__all__ = ["register", "rag_app"]

rag_app = typer.Typer(help="RAG pipelines: check TREC RAG 2024 answers.", no_args_is_help=True)


def serve_command(
    hub: str | None = typer.Option(
        None, help="Hub folder, fsspec URL or portal URL whose public texts local pipelines use."
    ),
    version: str = typer.Option("latest", help="Revision version."),
    pipeline: list[str] | None = typer.Option(
        None,
        help="[NAME=]SOURCE, repeatable: 'baseline', a YAML/JSON pipeline config, or the URL of "
        "another /v1/rag service. Default: the baseline.",
    ),
    default: str | None = typer.Option(None, help="Pipeline answering requests that name none."),
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8400, min=1, max=65535, help="Port to listen on."),
    timeout: float = typer.Option(
        120.0, help="Seconds a pipeline may take before the request answers 504."
    ),
    index_dir: Path | None = typer.Option(
        None, help="Keep indexes here and reuse them when the texts have not changed."
    ),
    max_request_bytes: int = typer.Option(
        1024 * 1024, min=0, help="Largest request body in bytes; larger ones answer 413 (0: any)."
    ),
    batch: int = typer.Option(
        1,
        min=1,
        help="Retrieving /v1/rag requests answered together at most (1: one at a time; a queue "
        "pays only when questions are new and the pipeline is the bottleneck).",
    ),
) -> None:
    """Serve named RAG pipelines with the Ragnarök / TREC RAG 2024 API (/v1/rag and friends)."""
    from dragon_bench.errors import require_extra
    from dragon_bench.output import stderr
    from dragon_bench.rag.registry import build_registry, parse_spec

    require_extra("uvicorn", "portal")
    require_extra("fastapi", "portal")
    from dragon_bench.rag.service import create_app
    from dragon_bench.serving import listen, run_app

    specs = [parse_spec(s) for s in (pipeline or ["baseline"])]
    sock = listen(host, port)
    revision: Any = None
    if any(s.url is None for s in specs):
        if hub is None:
            from dragon_bench.errors import BadInputError

            raise BadInputError("local pipelines need texts: give --hub (folder, URL or portal)")
        from dragon_bench.client.load import load

        revision = load(hub=hub, version=version)
        stderr.print(f"revision {revision.version}: {len(revision.texts)} texts")
    registry = build_registry(
        specs, revision, default=default, index_dir=index_dir, timeout=timeout
    )
    app = create_app(
        registry,
        version=revision.version if revision else None,
        texts=len(revision.texts) if revision else None,
        timeout=timeout,
        max_request_bytes=max_request_bytes,
        batch=batch,
    )
    run_app(
        app,
        sock,
        banner=f"serving {', '.join(registry.names())} (default {registry.default}) on "
        f"http://{host}:{port}  (OpenAPI: /docs)",
    )


@rag_app.command("validate")
def validate_command(
    file: Path = typer.Argument(
        ..., help="TREC RAG 2024 answers: a JSON object, array or JSON lines."
    ),
    fix: bool = typer.Option(
        False, help="Drop trailing sentences past 400 words and out-of-range citations."
    ),
    out: Path | None = typer.Option(None, help="Where --fix writes (default: FILE.fixed.jsonl)."),
    topics: Path | None = typer.Option(
        None, help="Topics (topic_id<TAB>text lines): check topic ids and texts, report unanswered."
    ),
    hub: str | None = typer.Option(
        None, help="Use a revision's public questions as the topics (hub folder, URL or portal)."
    ),
    version: str = typer.Option("latest", help="Revision version for --hub."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Check TREC RAG 2024 answers (fields, 20 references, 400 words, citations); exit 2 if bad.

    --fix writes a copy with trailing sentences and out-of-range citations dropped.
    """
    from dragon_bench.output import emit, print_table, stdout
    from dragon_bench.rag.trec_answer import (
        check_answers,
        fix_answer,
        read_answers,
        read_topics,
        write_answers,
    )

    data = read_answers(file)
    known = read_topics(topics) if topics is not None else None
    if hub is not None:
        from dragon_bench.client.load import load

        revision = load(hub=hub, version=version)
        known = {**(known or {}), **{str(k): q for k, q in revision.questions.items()}}
    changes: list[dict[str, Any]] = []
    target: Path | None = None
    if fix:
        for i, obj in enumerate(data.answers):
            fixed, what = fix_answer(obj)
            data.answers[i] = fixed
            changes.extend({"answer": i, "line": data.lines[i], "change": w} for w in what)
        target = out or file.with_suffix(".fixed" + (file.suffix or ".json"))
        write_answers(data, target)
    problems = check_answers(data, known)
    errors = [p for p in problems if p.level == "error"]
    report: dict[str, Any] = {
        "file": str(file),
        "answers": len(data.answers),
        "valid": not errors,
        "errors": len(errors),
        "warnings": len(problems) - len(errors),
        "problems": [p.to_dict() for p in problems],
    }
    if fix:
        report["fixed"] = changes
        report["out"] = str(target)

    def table(rep: dict[str, Any]) -> None:
        if fix:
            stdout.print(f"{len(changes)} fix(es), written to {target}")
            for c in changes:
                stdout.print(f"  answer {c['answer']}: {c['change']}")
        if problems:
            print_table(
                ["line", "item", "field", "level", "problem"],
                [
                    [p.line if p.line is not None else "", p.item, p.field, p.level, p.message]
                    for p in problems
                ],
                title=f"{len(errors)} error(s), {len(problems) - len(errors)} warning(s) in "
                f"{len(data.answers)} answer(s)",
            )
        if not errors:
            stdout.print(f"{len(data.answers)} answer(s): valid TREC RAG 2024")

    emit(report, fmt, table)
    if errors:
        raise typer.Exit(2)


@rag_app.command("ask")
def ask_command(
    url: str = typer.Argument(..., help="A RAG service (dragon rag-serve or any /v1/rag server)."),
    question: str = typer.Argument(..., help="The question."),
    pipeline: str | None = typer.Option(None, help="One of the service's pipelines."),
    qid: str = typer.Option("", help="Topic id sent with the question."),
    timeout: float = typer.Option(60.0, help="Seconds to wait for the answer."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Ask a served pipeline one question; print the TREC RAG 2024 answer with its citations."""
    from dragon_bench.output import emit, stdout
    from dragon_bench.rag.remote import RemotePipeline

    with RemotePipeline(url, pipeline=pipeline, timeout=timeout) as remote:
        reply = remote.rag(question, qid=qid)

    def table(trec: dict[str, Any]) -> None:
        stdout.print(
            f"{reply.pipeline or 'default pipeline'} ({trec['run_id']}), "
            f"{reply.elapsed:.2f} s: {trec['topic']}",
            markup=False,
        )
        segments = reply.cited_segments()
        for s in trec["answer"]:
            cited = [trec["references"][c] for c in s["citations"]]
            stdout.print(f"  {s['text']}  [{', '.join(cited)}]", markup=False)
        for docid in dict.fromkeys(
            d for s in trec["answer"] for d in (trec["references"][c] for c in s["citations"])
        ):
            text = " ".join(segments.get(docid, "").split())
            stdout.print(f"    {docid}: {text[:150]}", markup=False)

    emit(reply.trec, fmt, table)


def register(app: typer.Typer) -> None:
    app.command("rag-serve")(serve_command)
    app.add_typer(rag_app, name="rag")
