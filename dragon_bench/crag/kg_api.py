"""A mock KG API in the manner of CRAG's Task 2, served from a revision's knowledge graph.

Entities are the subjects and objects of the triples; search ranks their normalised names by
BM25 (bm25s), an exact normalised match first. Mount `create_kg_router(triples)` in any FastAPI
app, or run `dragon crag kg-serve --hub HUB`. Provenance (internal text ids) is not served.
"""

# No `from __future__ import annotations`: FastAPI must see the request model of the
# routes defined inside create_kg_router as a class, not as a string it cannot resolve.
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import asdict, is_dataclass
from typing import Any

import bm25s
import numpy as np
import Stemmer

from dragon_bench.errors import require_extra

__all__ = ["KGIndex", "normalise_name", "name_tokens", "create_kg_router", "create_kg_app"]

_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)
_CYRILLIC = re.compile(r"[а-я]")
_FIELDS = ("subject", "relation", "object", "subject_type", "object_type")


def normalise_name(name: str) -> str:
    """Lower case, NFKC, ё as е, punctuation as spaces, spaces collapsed."""
    text = unicodedata.normalize("NFKC", name).lower().replace("ё", "е")
    return " ".join(_NON_WORD.sub(" ", text).split())


_STEMMERS: dict[str, Any] = {}


def name_tokens(name: str) -> list[str]:
    """Snowball stems of the words of a normalised name (Russian or English by script)."""

    if not _STEMMERS:
        _STEMMERS["ru"] = Stemmer.Stemmer("russian")
        _STEMMERS["en"] = Stemmer.Stemmer("english")
    out = []
    for word in normalise_name(name).split():
        stemmer = _STEMMERS["ru" if _CYRILLIC.search(word) else "en"]
        out.append(stemmer.stemWord(word))
    return out


def _rows(triples: Any) -> list[dict[str, Any]]:
    if hasattr(triples, "to_pylist"):  # a pyarrow Table
        return list(triples.to_pylist())
    rows = []
    for t in triples:
        if is_dataclass(t) and not isinstance(t, type):
            rows.append(asdict(t))
        elif isinstance(t, Mapping):
            rows.append(dict(t))
        else:
            raise TypeError(f"a triple must be a Triple or a mapping, not {type(t).__name__}")
    return rows


class KGIndex:
    """Entities and their triples with BM25 search over entity names."""

    def __init__(self, triples: Any) -> None:
        self.triples: list[dict[str, str]] = []
        self._by_entity: dict[str, list[int]] = {}
        self._display: dict[str, str] = {}
        seen: set[tuple[str, str, str]] = set()
        for row in _rows(triples):
            subject, relation, obj = (str(row.get(k) or "").strip() for k in _FIELDS[:3])
            if not (subject and relation and obj):
                continue
            triple = {
                "subject": subject,
                "relation": relation,
                "object": obj,
                "subject_type": str(row.get("subject_type") or ""),
                "object_type": str(row.get("object_type") or ""),
            }
            if (subject, relation, obj) in seen:
                continue
            seen.add((subject, relation, obj))
            self.triples.append(triple)
            for name in {subject, obj}:
                key = normalise_name(name)
                if key:
                    self._display.setdefault(key, name)
                    self._by_entity.setdefault(key, []).append(len(self.triples) - 1)
        self.keys = sorted(self._display)
        self._bm25: Any = None
        tokens = [name_tokens(k) for k in self.keys]
        if self.keys:
            self._bm25 = bm25s.BM25()
            self._bm25.index(tokens, show_progress=False)

    def __len__(self) -> int:
        return len(self.keys)

    def search(self, query: str, k: int = 10) -> list[tuple[str, float]]:
        """Up to `k` entity names best first with their BM25 scores; an exact match first."""
        if self._bm25 is None or k <= 0:
            return []
        hits: list[tuple[str, float]] = []
        exact = normalise_name(query)
        terms = name_tokens(query)
        ids = self._bm25.get_tokens_ids(terms) if terms else []
        if ids:
            scores = np.asarray(self._bm25.get_scores_from_ids(ids), dtype=np.float64)
            order = np.lexsort((np.arange(len(scores)), -scores))
            hits = [(self.keys[i], float(scores[i])) for i in order[: k + 1] if scores[i] > 0]
        if exact in self._display:
            top = max((s for _, s in hits), default=0.0)
            hits = [(exact, top)] + [h for h in hits if h[0] != exact]
        return [(self._display[key], score) for key, score in hits[:k]]

    def entity_triples(self, name: str) -> list[dict[str, str]] | None:
        """Triples whose subject or object is the entity, or None when it is unknown."""
        found = self._by_entity.get(normalise_name(name))
        return None if found is None else [self.triples[i] for i in found]


def create_kg_router(triples: Any, *, prefix: str = "/kg") -> Any:
    """A FastAPI APIRouter: GET /search?q=&k=, GET /entity?name=, GET /stats, and CRAG-style
    POST /search_entity_by_name and POST /get_entity taking {"query": ...}."""
    fastapi = require_extra("fastapi", "portal")
    from pydantic import BaseModel  # fastapi brings it (checked above)

    index = triples if isinstance(triples, KGIndex) else KGIndex(triples)
    router = fastapi.APIRouter(prefix=prefix, tags=["kg"])

    class Query(BaseModel):
        query: str
        k: int = 10

    def search(q: str, k: int) -> dict[str, Any]:
        if not 1 <= k <= 100:
            raise fastapi.HTTPException(422, "k must be between 1 and 100")
        hits = index.search(q, k)
        return {"query": q, "entities": [{"name": n, "score": s} for n, s in hits]}

    def entity(name: str) -> dict[str, Any]:
        found = index.entity_triples(name)
        if found is None:
            raise fastapi.HTTPException(404, f"no entity named {name!r}")
        return {"entity": name, "triplets": found}

    @router.get("/search")
    def get_search(q: str, k: int = 10) -> dict[str, Any]:
        return search(q, k)

    @router.get("/entity")
    def get_entity(name: str) -> dict[str, Any]:
        return entity(name)

    @router.get("/stats")
    def stats() -> dict[str, int]:
        return {"entities": len(index), "triples": len(index.triples)}

    @router.post("/search_entity_by_name")
    def post_search(body: Query) -> dict[str, Any]:
        return {"result": [e["name"] for e in search(body.query, body.k)["entities"]]}

    @router.post("/get_entity")
    def post_entity(body: Query) -> dict[str, Any]:
        return {"result": entity(body.query)["triplets"]}

    return router


def create_kg_app(triples: Any, *, title: str = "dragon mock KG API") -> Any:
    """A standalone FastAPI app serving the router under /kg."""
    fastapi = require_extra("fastapi", "portal")
    app = fastapi.FastAPI(title=title)
    app.include_router(create_kg_router(triples))
    return app
