"""`dragon run` (baseline or own pipeline config over a revision) and `dragon submit`."""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_bench.output import Format

__all__ = ["register"]


def run_command(
    out: Path = typer.Option(..., "--out", "-o", help="Results JSON to write (DRAGON format)."),
    hub: str | None = typer.Option(
        None, help="Hub folder, fsspec URL (s3://...) or portal URL (https://...)."
    ),
    hf: str | None = typer.Option(
        None,
        help="Hugging Face dataset pair <name>-texts/<name>-questions, e.g. ai-forever/rag-bench-public "
        "(a local path prefix reads git clones).",
    ),
    version: str = typer.Option("latest", help="Revision version, or latest."),
    pipeline: str | None = typer.Option(
        None,
        help="Pipeline config file (YAML/JSON) or built-in name: baseline (default), hybrid, llm.",
    ),
    index_dir: Path | None = typer.Option(
        None, help="Where to keep the index between runs (default: <out>.index)."
    ),
    concurrency: int = typer.Option(
        0, help="Questions in flight (0: 4 for LLM pipelines, else 1)."
    ),
    limit: int = typer.Option(0, min=0, help="Answer only the first N questions (0: all)."),
    workers: int = typer.Option(
        0,
        min=0,
        help="Processes answering batches of questions (0: one; more pay only on large revisions).",
    ),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Run the baseline (or a configured pipeline) over a revision's questions; resumable."""
    from dragon_bench.client.baseline import baseline_pipeline, run_identity
    from dragon_bench.client.load import load
    from dragon_bench.client.run import (
        checkpoint_path,
        reusable_results,
        run_system,
        write_results,
    )
    from dragon_bench.client.validate import validate
    from dragon_bench.output import emit, stderr
    from dragon_bench.rag import PipelineConfig

    if out.is_dir():
        from dragon_bench.errors import BadInputError

        raise BadInputError(f"--out {out} is a folder; name a results .json file")
    config = PipelineConfig.named(pipeline) if pipeline else PipelineConfig()
    revision = load(hub=hub, version=version, hf=hf)
    stderr.print(
        f"revision {revision.version}: {len(revision.texts)} texts, {len(revision.questions)} questions"
    )
    system = baseline_pipeline(revision, config, index_dir=index_dir or Path(str(out) + ".index"))
    questions = sorted(revision.questions.items())
    if limit > 0:
        questions = questions[:limit]
    threads = concurrency or (4 if config.needs_llm else 1)
    processes = workers or 1
    identity = run_identity(revision, config)
    checkpoint = checkpoint_path(out, identity)
    # Answers an earlier run of the same revision and pipeline left in --out (a --limit run, say).
    earlier = reusable_results(out, identity)
    outcome = run_system(
        system,
        questions,
        checkpoint=checkpoint,
        concurrency=threads,
        earlier=earlier,
        processes=processes,
    )
    write_results({**earlier, **outcome.results}, out, identity=identity)
    if not outcome.failures:
        checkpoint.unlink(missing_ok=True)
    report = validate(outcome.results, revision, strict=False) if outcome.results else None
    summary = {
        "version": revision.version,
        "questions": len(questions),
        "answered": len(outcome.results),
        "resumed": outcome.resumed,
        "failed": len(outcome.failures),
        "out": str(out),
        "warnings": report.warnings if report else [],
    }
    emit(summary, fmt)
    if outcome.failures:
        raise typer.Exit(1)


def submit_command(
    results: Path = typer.Argument(..., help="Results JSON written by `dragon run`."),
    portal: str = typer.Option(..., help="Portal base URL."),
    token: str = typer.Option(..., envvar="DRAGON_TOKEN", help="Your portal token."),
    version: str | None = typer.Option(
        None,
        help="Revision version, or latest (default: the one in <results>.run.json written by "
        "`dragon run`, else the latest); refused when the run record names another.",
    ),
    model_name: str = typer.Option("", help="Name of your system (a leaderboard column)."),
    embedding_model: str = typer.Option("", help="Embedding model, if any."),
    retriever_type: str = typer.Option("", help="Retriever type, e.g. bm25, dense, hybrid."),
    top_k: int = typer.Option(0, help="Texts given to the generator (retrieval_config.top_k)."),
    knowledge_cutoff: str | None = typer.Option(
        None,
        "--knowledge-cutoff",
        help="Your model's knowledge cutoff (YYYY-MM-DD): the report adds the fresh slice.",
    ),
    check: bool = typer.Option(
        False, help="First check the file against the portal's public questions."
    ),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Submit results to a portal (DRAGON protocol: POST /submit/create)."""
    from dragon_bench.client.load import load
    from dragon_bench.client.submit import (
        portal_url,
        submission_config,
        submission_version,
        submit,
    )
    from dragon_bench.client.validate import validate
    from dragon_bench.metrics.freshness import parse_cutoff
    from dragon_bench.output import emit, stderr

    cutoff = parse_cutoff(knowledge_cutoff)  # a bad date is refused before anything is sent
    portal = portal_url(portal)  # before --check reads the portal as a hub
    version = submission_version(results, portal, version)
    if check:
        report = validate(results, load(hub=portal, version=version or "latest"))
        for w in report.warnings:
            stderr.print(f"warning: {w}")
    config = submission_config(
        model_name=model_name,
        embedding_model=embedding_model,
        retriever_type=retriever_type,
        retrieval_config={"top_k": top_k} if top_k else {},
    )
    if cutoff is not None:
        config["knowledge_cutoff"] = cutoff.isoformat()
    submit_id = submit(results, portal, token, version=version, config=config)
    emit({"id": submit_id, "portal": portal, "version": version or "latest"}, fmt)


def register(app: typer.Typer) -> None:
    app.command("run")(run_command)
    app.command("submit")(submit_command)
