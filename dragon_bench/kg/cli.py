"""`dragon kg extract|score|novelty`: triplet extraction, its quality against gold, the novelty filter."""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register", "kg_app"]

kg_app = typer.Typer(
    help="Knowledge graph: extract triples, score them against gold, filter known facts.",
    no_args_is_help=True,
)


def _llm(backend: str):  # type: ignore[no-untyped-def]
    if backend != "llm":
        return None
    from dragon_bench.llm import LLMClient, LLMSettings

    return LLMClient(LLMSettings.required("the llm backend"))


def _read_corpus(corpus: Path):  # type: ignore[no-untyped-def]
    from dragon_bench.corpus import read_documents

    return read_documents(corpus)


@kg_app.command("extract")
def extract_cmd(
    corpus: Path = typer.Option(
        ..., "--corpus", help="Documents: any format the corpus reader takes, or a brat folder."
    ),
    out: Path = typer.Option(..., "--out", help="Where to write the triples (.parquet or .jsonl)."),
    backend: str = typer.Option("natasha", help="natasha (offline) or llm."),
    workers: int = typer.Option(1, help="Processes for the natasha backend."),
    work_dir: Path | None = typer.Option(
        None,
        help="Checkpoint folder: documents extracted there are reused, new ones recorded as "
        "they finish, so an interrupted run resumes (the same folder `dragon build` uses).",
    ),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Extract (subject, relation, object) triples with provenance and write them to a file."""
    from dragon_bench.errors import require_suffix
    from dragon_bench.kg.extract import extract_triples
    from dragon_bench.kg.store import write_triples

    require_suffix(out, (".parquet", ".jsonl"))
    docs = _read_corpus(corpus)
    checkpoint = None
    if work_dir is not None:
        from dragon_bench.kg.checkpoint import TripleCheckpoint

        checkpoint = TripleCheckpoint(work_dir / "kg", warn=_say)
    stats: dict[str, int] = {}
    triples = extract_triples(
        docs,
        backend=backend,
        llm=_llm(backend),
        progress=True,
        workers=workers,
        checkpoint=checkpoint,
        log=_say,
        stats=stats,
    )
    write_triples(triples, out)
    report = {"documents": len(docs), "triples": len(triples), "backend": backend}
    emit({**report, "extracted": stats.get("extracted"), "out": str(out)}, fmt)


def _say(message: str) -> None:
    from dragon_bench.output import stderr

    stderr.print(message, highlight=False, markup=False)


@kg_app.command("score")
def score_cmd(
    gold: Path = typer.Option(..., "--gold", help="A NEREL folder of brat .txt/.ann files."),
    backend: str = typer.Option("natasha", help="natasha (offline) or llm."),
    limit: int | None = typer.Option(None, help="Score only the first N documents."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Precision, recall and F1 of extracted entity pairs against NEREL gold relations, with the
    same-sentence co-occurrence baseline computed in the same run."""
    from dragon_bench.kg.score import score_against_gold

    report = score_against_gold(gold, backend, llm=_llm(backend), limit=limit, progress=True)

    def table(data: dict) -> None:  # type: ignore[type-arg]
        rows = [
            [
                backend,
                data["precision"],
                data["recall"],
                data["f1"],
                data["predicted"],
                data["gold"],
            ],
            [
                "typed",
                data["typed"]["precision"],
                data["typed"]["recall"],
                data["typed"]["f1"],
                data["typed"]["predicted"],
                data["typed"]["gold"],
            ],
            [
                "co-occurrence",
                data["cooccurrence"]["precision"],
                data["cooccurrence"]["recall"],
                data["cooccurrence"]["f1"],
                data["cooccurrence"]["predicted"],
                data["cooccurrence"]["gold"],
            ],
        ]
        print_table(
            ["extractor", "precision", "recall", "f1", "pairs", "gold"],
            rows,
            title=f"{data['documents']} documents",
        )

    emit(report, fmt, table)


@kg_app.command("novelty")
def novelty_cmd(
    triples: Path = typer.Option(
        ..., "--triples", help="Triples (.parquet or .jsonl) from `dragon kg extract`."
    ),
    out: Path = typer.Option(..., "--out", help="Where to write the fresh triples."),
    kb: Path | None = typer.Option(
        None, "--kb", help="Local knowledge base (jsonl or tsv of entities and facts)."
    ),
    wikidata: bool = typer.Option(
        False, "--wikidata", help="Ask Wikidata's SPARQL endpoint instead."
    ),
    endpoint: str = typer.Option(
        "https://query.wikidata.org/sparql", help="SPARQL endpoint for --wikidata."
    ),
    cache_dir: Path | None = typer.Option(None, help="On-disk cache of SPARQL answers."),
    match: str = typer.Option(
        "pair", help="pair: any fact linking subject and object; fact: same relation too."
    ),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Drop triples a knowledge base already holds; write the fresh ones."""
    from dragon_bench.errors import BadInputError
    from dragon_bench.kg.novelty import LocalKnowledgeBase, NoveltyFilter
    from dragon_bench.kg.store import read_triples, write_triples
    from dragon_bench.kg.wikidata import WikidataKnowledgeBase

    if (kb is None) == (not wikidata):
        raise BadInputError("give exactly one of --kb FILE or --wikidata")
    base: NoveltyFilter
    if kb is not None:
        base = LocalKnowledgeBase(kb, match=match)
    else:
        base = WikidataKnowledgeBase(endpoint, cache_dir=cache_dir)
    items = read_triples(triples)
    fresh, known = base.split(items)
    write_triples(fresh, out)
    emit({"triples": len(items), "fresh": len(fresh), "known": len(known), "out": str(out)}, fmt)


@kg_app.command("nerel-kb")
def nerel_kb_cmd(
    gold: Path = typer.Option(..., "--gold", help="A NEREL folder of brat .txt/.ann files."),
    out: Path = typer.Option(..., "--out", help="Knowledge-base file to write (JSON lines)."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Make a local knowledge base from NEREL's Wikidata links (N lines) and gold relations."""
    from dragon_bench.kg.nerel import read_gold_folder
    from dragon_bench.kg.novelty import nerel_kb_rows, write_kb_rows

    rows = nerel_kb_rows(read_gold_folder(gold))
    write_kb_rows(rows, out)
    facts = sum(1 for r in rows if "subject" in r)
    emit({"entities": len(rows) - facts, "facts": facts, "out": str(out)}, fmt)


def register(app: typer.Typer) -> None:
    app.add_typer(kg_app, name="kg")
