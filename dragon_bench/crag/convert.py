"""A dragon revision served as a CRAG-style task: each question with `pages` search results
drawn from the revision's public texts (BM25 over them, the supporting texts always included)."""

from __future__ import annotations

import bz2
import html
import json
import os
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import bm25s
import numpy as np

from dragon_bench.crag.data import format_query_time
from dragon_bench.crag.kg_api import name_tokens
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.questions.shapes import CRAG_TYPES

__all__ = ["iter_revision_records", "write_revision_crag"]


def _page_html(title: str, body: str) -> str:
    paras = "".join(f"<p>{html.escape(p)}</p>" for p in body.split("\n") if p.strip())
    t = html.escape(title)
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{t}</title></head>"
        f"<body><article><h1>{t}</h1>{paras}</article></body></html>"
    )


def iter_revision_records(
    hub: Hub | str, version: str = "latest", *, pages: int = 5
) -> Iterator[dict[str, Any]]:
    """CRAG records (as dicts) for the questions of a revision; needs its private half."""

    h = hub if isinstance(hub, Hub) else Hub(hub)
    v = h.resolve(version, half="private")
    if pages < 1:
        raise BadInputError("pages must be at least 1")
    texts = h.read_table("public", v, "texts").to_pylist()
    id_map = {r["id"]: r["public_id"] for r in h.read_table("private", v, "texts").to_pylist()}
    qa = h.read_table("private", v, "qa").to_pylist()
    created = h.read_manifest("private", v).get("created_at") or ""
    try:
        when = datetime.fromisoformat(created)
        query_time = format_query_time(when)
    except ValueError:
        query_time = ""
    public_ids = [int(r["id"]) for r in texts]
    bodies = [str(r["text"] or "") for r in texts]
    row_of = {pid: i for i, pid in enumerate(public_ids)}
    retriever = bm25s.BM25()
    retriever.index([name_tokens(b) or ["<empty>"] for b in bodies], show_progress=False)
    for q in qa:
        gold = [row_of[id_map[t]] for t in (q.get("text_ids") or []) if id_map.get(t) in row_of]
        terms = name_tokens(str(q["question"]))
        ids = retriever.get_tokens_ids(terms) if terms else []
        scores = (
            np.asarray(retriever.get_scores_from_ids(ids), dtype=np.float64)
            if ids
            else np.zeros(len(bodies))
        )
        order = [int(i) for i in np.lexsort((np.arange(len(scores)), -scores))]
        chosen = list(dict.fromkeys(gold))[:pages]
        chosen += [i for i in order if i not in chosen][: pages - len(chosen)]
        chosen.sort(key=lambda i: (-scores[i], i))
        results = []
        for i in chosen:
            title, _, body = bodies[i].partition("\n")
            results.append(
                {
                    "page_name": title.strip(),
                    "page_url": f"dragon://{v}/texts/{public_ids[i]}",
                    "page_snippet": body.strip()[:250],
                    "page_result": _page_html(title.strip(), body),
                    "page_last_modified": created,
                }
            )
        qtype = str(q.get("type") or "")
        yield {
            "interaction_id": f"dragon-{v}-{q['id']}",
            "query_time": query_time,
            "domain": "news",
            "question_type": CRAG_TYPES.get(qtype, qtype),
            # A fact reported in dated news keeps its answer at the revision's query time.
            "static_or_dynamic": "static",
            "query": str(q["question"]),
            "answer": str(q["answer"]),
            "alt_ans": [],
            "split": 0,
            "search_results": results,
        }


def write_revision_crag(
    hub: Hub | str, out: str | Path, version: str = "latest", *, pages: int = 5
) -> int:
    """Write the revision as CRAG JSON Lines (bz2 when `out` ends in .bz2), atomically; returns
    the number of questions."""

    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    os.close(fd)
    n = 0
    try:
        opener: Any = bz2.open if path.suffix == ".bz2" else open
        with opener(tmp, "wt", encoding="utf-8") as fh:
            for record in iter_revision_records(hub, version, pages=pages):
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
                n += 1
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return n
