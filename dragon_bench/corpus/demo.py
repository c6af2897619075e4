"""Demo step: ingest the built-in corpus (or `--corpus`), remove duplicates, segment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragon_bench.corpus.builtin import builtin_corpus_path
from dragon_bench.corpus.dedup import dedup_documents
from dragon_bench.corpus.reader import read_documents
from dragon_bench.corpus.segment import DEFAULT_STRIDE, DEFAULT_WINDOW, segment_documents
from dragon_bench.corpus.store import SnapshotStore
from dragon_bench.errors import BadInputError
from dragon_bench.output import print_table, stdout

if TYPE_CHECKING:
    from dragon_bench.demo import DemoContext

__all__ = ["run"]


def run(ctx: DemoContext) -> None:
    """Leaves `store`, `snapshot` (raw ingest), `dedup_snapshot`, `documents`, `segments` in ctx."""

    source = ctx.corpus or builtin_corpus_path()
    problems: list[BadInputError] = []
    docs = read_documents(source, skip_bad=True, problems=problems)
    if not docs:
        raise BadInputError("no documents could be read", path=str(source))
    store_path = ctx.workdir / "store"
    store = SnapshotStore(str(store_path))
    sid = store.write(docs, source=str(source))
    skipped = f", {len(problems)} bad item(s) skipped" if problems else ""
    name = "built-in demo corpus" if ctx.corpus is None else str(source)
    stdout.print(f"ingest: {len(docs)} documents from {name}{skipped} -> snapshot {sid}")

    result = dedup_documents(docs)
    dedup_id = store.write(result.kept, source=f"dedup of {sid}")
    s = result.summary()
    stdout.print(
        f"dedup: {s['removed']} duplicates in {s['clusters']} clusters "
        f"({s['exact_clusters']} exact, {s['near_clusters']} near) -> {s['kept']} documents, "
        f"snapshot {dedup_id}"
    )
    if result.clusters:
        titles = {d.id: d.title for d in docs}
        print_table(
            ["kept", "dropped", "kind", "headline"],
            [
                (
                    c.representative,
                    ", ".join(c.dropped),
                    "exact" if c.exact else "near",
                    titles.get(c.representative, "")[:60],
                )
                for c in result.clusters[:10]
            ],
        )

    segments = segment_documents(result.kept, window=DEFAULT_WINDOW, stride=DEFAULT_STRIDE)
    path = store.write_segments(dedup_id, segments, DEFAULT_WINDOW, DEFAULT_STRIDE)
    stdout.print(
        f"segment: {len(segments)} segments of {DEFAULT_WINDOW} sentences, stride "
        f"{DEFAULT_STRIDE} -> {path}"
    )
    ctx.artifacts.update(
        store=str(store_path),
        snapshot=sid,
        dedup_snapshot=dedup_id,
        documents=result.kept,
        segments=segments,
    )
