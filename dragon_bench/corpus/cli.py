"""`dragon ingest`, `dragon diff`, `dragon dedup`, `dragon segment`: the corpus commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from dragon_bench.errors import BadInputError, require_suffix
from dragon_bench.output import Format, emit, print_table, stderr, stdout

if TYPE_CHECKING:
    from dragon_bench.corpus.store import SnapshotStore

__all__ = ["register", "parse_ref", "open_store"]

_STORE_HELP = (
    "Snapshot store: a folder or fsspec URL such as s3://bucket/prefix (env DRAGON_STORE). "
    "For S3 the endpoint comes from --endpoint-url or DRAGON_S3_ENDPOINT_URL, keys from AWS_* variables."
)
_REF_HELP = (
    "A snapshot id, a unique prefix of one, latest, latest~N, or STORE@REF for another store."
)
_DIFF_HELP = (
    _REF_HELP[:-1]
    + "; also a store folder (its latest) or an input file/folder (read, not stored)."
)


def _options(pairs: list[str] | None, endpoint_url: str | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadInputError(f"storage option {pair!r} is not KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    if endpoint_url:
        options["endpoint_url"] = endpoint_url
    return options


def open_store(
    url: str | None, pairs: list[str] | None = None, endpoint_url: str | None = None
) -> SnapshotStore:
    """The store named by `url` (or DRAGON_STORE), with storage options from the command line."""
    from dragon_bench.corpus.store import SnapshotStore

    if not url:
        raise BadInputError("no store given: pass --store URL or set DRAGON_STORE")
    return SnapshotStore(url, _options(pairs, endpoint_url))


def parse_ref(ref: str, store: str | None) -> tuple[str | None, str]:
    """Split `STORE@REF` (the store may itself hold @, so the last one counts) from a plain REF."""
    if "@" in ref:
        where, _, name = ref.rpartition("@")
        return where, name or "latest"
    return store, ref


StoreOpt = typer.Option(None, "--store", envvar="DRAGON_STORE", help=_STORE_HELP)
StorageOpt = typer.Option(None, "--storage-option", help="KEY=VALUE passed to fsspec (repeatable).")
EndpointOpt = typer.Option(None, "--endpoint-url", help="S3 endpoint (MinIO, moto, ...).")
FormatOpt = typer.Option(Format.table, "--format", help="Report as a table or as JSON on stdout.")


def ingest(
    source: Path = typer.Argument(
        ..., help="A file or folder: jsonl, csv, parquet, brat .txt, html."
    ),
    out: str = typer.Option(..., "--out", envvar="DRAGON_STORE", help=_STORE_HELP),
    input_format: str | None = typer.Option(
        None, "--input-format", help="jsonl, csv, parquet, brat or html (default: by extension)."
    ),
    field: list[str] | None = typer.Option(
        None, "--field", help="FIELD=COLUMN for tabular input, e.g. --field text=body (repeatable)."
    ),
    skip_bad: bool = typer.Option(False, "--skip-bad", help="Skip bad items and count them."),
    storage_option: list[str] | None = StorageOpt,
    endpoint_url: str | None = EndpointOpt,
    format: Format = FormatOpt,
) -> None:
    """Read documents and store them as an immutable, content-addressed snapshot."""
    from dragon_bench.corpus.reader import iter_documents
    from dragon_bench.output import track

    problems: list[BadInputError] = []
    docs = list(
        track(
            iter_documents(
                source, format=input_format, fields=field, skip_bad=skip_bad, problems=problems
            ),
            "reading",
        )
    )
    if not docs:
        raise BadInputError("no documents to store", path=str(source))
    store = open_store(out, storage_option, endpoint_url)
    sid = store.write(docs, source=str(source))
    for problem in problems[:20]:
        stderr.print(f"skipped: {problem}", highlight=False, markup=False, soft_wrap=True)
    if len(problems) > 20:
        stderr.print(f"... and {len(problems) - 20} more skipped items")
    report = {
        "snapshot": sid,
        "store": out,
        "documents": len(docs),
        "skipped": len(problems),
        "problems": [str(p) for p in problems],
    }
    emit(report, format, lambda r: stdout.print(_ingest_line(r)))


def _ingest_line(r: dict[str, Any]) -> str:
    skipped = f", {r['skipped']} bad item(s) skipped" if r["skipped"] else ""
    return f"snapshot {r['snapshot']} in {r['store']}: {r['documents']} documents{skipped}"


def diff(
    old: str = typer.Argument(..., help=_DIFF_HELP),
    new: str = typer.Argument("latest", help=_DIFF_HELP),
    store: str | None = StoreOpt,
    storage_option: list[str] | None = StorageOpt,
    endpoint_url: str | None = EndpointOpt,
    format: Format = FormatOpt,
) -> None:
    """List documents that are new, changed or removed from snapshot OLD to snapshot NEW."""
    from dragon_bench.corpus.diff import diff_documents
    from dragon_bench.corpus.reader import read_documents

    sides = []
    for ref in (old, new):
        local = Path(ref)
        if "@" not in ref and local.exists() and not (local / "snapshots").is_dir():
            sides.append((ref, read_documents(local)))  # an input file or folder, not ingested
            continue
        where, name = (ref, "latest") if (local / "snapshots").is_dir() else parse_ref(ref, store)
        st = open_store(where, storage_option, endpoint_url)
        sid = st.resolve(name)
        sides.append((sid, st.read(sid)))
    result = diff_documents(sides[0][1], sides[1][1])
    report = {
        "old": sides[0][0],
        "new": sides[1][0],
        "counts": result.summary(),
        "new_ids": [d.id for d in result.new],
        "changed_ids": [d.id for d in result.changed],
        "removed_ids": [d.id for d in result.removed],
    }
    emit(report, format, _diff_table)


def _diff_table(r: dict[str, Any]) -> None:
    stdout.print(f"{r['old']} -> {r['new']}")
    rows = [("new", i) for i in r["new_ids"]]
    rows += [("changed", i) for i in r["changed_ids"]]
    rows += [("removed", i) for i in r["removed_ids"]]
    print_table(["status", "document"], rows)
    stdout.print(
        f"{len(r['new_ids'])} new, {len(r['changed_ids'])} changed, "
        f"{len(r['removed_ids'])} removed, {r['counts']['unchanged']} unchanged"
    )


def dedup(
    snapshot: str = typer.Argument("latest", help=_REF_HELP),
    store: str | None = StoreOpt,
    threshold: float = typer.Option(
        0.8, "--threshold", min=0.0, max=1.0, help="Jaccard similarity of duplicates."
    ),
    num_perm: int = typer.Option(128, "--num-perm", min=1, help="MinHash permutations."),
    ngram: int = typer.Option(9, "--ngram", min=1, help="Words per shingle."),
    reference: list[str] | None = typer.Option(
        None, "--reference", help="Also drop copies of this snapshot's documents (repeatable)."
    ),
    clusters: Path | None = typer.Option(
        None, "--clusters", help="Write the clusters as JSON here."
    ),
    storage_option: list[str] | None = StorageOpt,
    endpoint_url: str | None = EndpointOpt,
    format: Format = FormatOpt,
) -> None:
    """Remove exact and near duplicates; the survivors become a new snapshot in the same store."""
    from dragon_bench.corpus.dedup import dedup_documents

    where, name = parse_ref(snapshot, store)
    st = open_store(where, storage_option, endpoint_url)
    sid = st.resolve(name)
    docs = st.read(sid)
    refs = []
    for ref in reference or []:
        rwhere, rname = parse_ref(ref, where)
        refs.extend(open_store(rwhere, storage_option, endpoint_url).read(rname))
    result = dedup_documents(
        docs, threshold=threshold, num_perm=num_perm, ngram=ngram, reference=refs or None
    )
    out_id = st.write(result.kept, source=f"dedup of {sid}")
    cluster_rows = [
        {
            "representative": c.representative,
            "members": list(c.members),
            "references": list(c.references),
            "exact": c.exact,
        }
        for c in result.clusters
    ]
    if clusters is not None:
        from dragon_bench.corpus.segment_io import write_bytes_atomic

        write_bytes_atomic(
            clusters, json.dumps(cluster_rows, ensure_ascii=False, indent=1).encode("utf-8")
        )
    report = {
        "input": sid,
        "snapshot": out_id,
        "documents": len(docs),
        **result.summary(),
        "threshold": threshold,
        "num_perm": num_perm,
        "ngram": ngram,
        "clusters_detail": cluster_rows,
    }
    emit(report, format, _dedup_table)


def _dedup_table(r: dict[str, Any]) -> None:
    rows = [
        (
            c["representative"],
            ", ".join(m for m in c["members"] if m != c["representative"]),
            "exact" if c["exact"] else "near",
            ", ".join(c["references"]),
        )
        for c in r["clusters_detail"]
    ]
    if rows:
        print_table(["kept", "dropped", "kind", "reference"], rows, title="duplicate clusters")
    stdout.print(
        f"{r['documents']} documents -> {r['kept']} kept, {r['removed']} removed "
        f"in {r['clusters']} clusters ({r['exact_clusters']} exact); snapshot {r['snapshot']}"
    )


def segment(
    snapshot: str = typer.Argument("latest", help=_REF_HELP),
    store: str | None = StoreOpt,
    window: int = typer.Option(5, "--window", help="Sentences per segment (TREC RAG 2024: 10)."),
    stride: int = typer.Option(
        3, "--stride", help="Sentences between segment starts (TREC RAG 2024: 5)."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Write segments to this .parquet or .jsonl file instead of the store."
    ),
    storage_option: list[str] | None = StorageOpt,
    endpoint_url: str | None = EndpointOpt,
    format: Format = FormatOpt,
) -> None:
    """Split a snapshot's documents into overlapping windows of sentences with offsets."""
    from dragon_bench.corpus.segment import segment_documents
    from dragon_bench.corpus.segment_io import write_segments_file

    if window < 1 or not 1 <= stride <= window:
        raise BadInputError(f"need 1 <= stride <= window, got window {window}, stride {stride}")
    if out is not None:
        require_suffix(out, (".parquet", ".jsonl", ".ndjson"))
    where, name = parse_ref(snapshot, store)
    st = open_store(where, storage_option, endpoint_url)
    sid = st.resolve(name)
    docs = st.read(sid)
    segments = segment_documents(docs, window=window, stride=stride)
    if out is not None:
        write_segments_file(segments, out)
        path = str(out)
    else:
        path = st.write_segments(sid, segments, window, stride)
    report = {
        "snapshot": sid,
        "documents": len(docs),
        "segments": len(segments),
        "window": window,
        "stride": stride,
        "path": path,
    }
    emit(
        report,
        format,
        lambda r: stdout.print(
            f"{r['documents']} documents -> {r['segments']} segments "
            f"(window {r['window']}, stride {r['stride']}) in {r['path']}"
        ),
    )


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest)
    app.command("diff")(diff)
    app.command("dedup")(dedup)
    app.command("segment")(segment)
