"""Novelty against Wikidata over SPARQL: labels to items, then which item pairs are linked.

Two query kinds, each batched: Russian (and English) labels and aliases to items, and direct
statements between candidate item pairs in either direction. Answers are cached on disk by
query hash, requests are spaced by `min_interval` seconds and retried on 429/5xx honouring
Retry-After. Literal objects (dates, sums) are not looked up: such triples count as fresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.errors import DragonError
from dragon_bench.kg.novelty import NoveltyFilter, normalise_label
from dragon_bench.types import Triple

__all__ = ["WikidataKnowledgeBase", "WikidataError", "DEFAULT_ENDPOINT", "LITERAL_TYPES"]

DEFAULT_ENDPOINT = "https://query.wikidata.org/sparql"
LITERAL_TYPES = {"DATE", "MONEY", "AGE", "NUMBER", "PERCENT", "TIME", "ORDINAL"}
_USER_AGENT = "dragon-bench novelty filter (https://github.com/; research use)"


class WikidataError(DragonError):
    """The SPARQL endpoint could not be used (network, status, or a malformed answer)."""


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class WikidataKnowledgeBase(NoveltyFilter):
    """A Wikidata SPARQL client with the NoveltyFilter interface (`.split(triples)`)."""

    def __init__(
        self,
        endpoint: str = DEFAULT_ENDPOINT,
        *,
        cache_dir: Path | str | None = None,
        languages: Sequence[str] = ("ru", "en"),
        batch_size: int = 50,
        min_interval: float = 1.0,
        max_retries: int = 3,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.endpoint = endpoint
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.languages = tuple(languages)
        self.batch_size = batch_size
        self.min_interval = min_interval
        self.max_retries = max_retries
        self._http = httpx.Client(
            timeout=timeout,
            transport=transport,
            headers={"User-Agent": _USER_AGENT, "Accept": "application/sparql-results+json"},
        )
        self._lock = threading.Lock()
        self._last = 0.0
        self.stats = {"requests": 0, "cache_hits": 0, "retries": 0, "waits": 0}

    # -- transport ----------------------------------------------------------------------
    def _cache_path(self, query: str) -> Path | None:
        if self.cache_dir is None:
            return None
        digest = hashlib.sha256((self.endpoint + "\n" + query).encode("utf-8")).hexdigest()
        return self.cache_dir / digest[:2] / f"{digest}.json"

    def query(self, query: str) -> list[dict[str, Any]]:
        """Run a SELECT query; the SPARQL JSON results' bindings, from the cache when present."""
        path = self._cache_path(query)
        if path is not None and path.exists():
            self.stats["cache_hits"] += 1
            return json.loads(path.read_text(encoding="utf-8"))
        bindings = self._fetch(query)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(bindings, fh, ensure_ascii=False)
            os.replace(tmp, path)
        return bindings

    def _fetch(self, query: str) -> list[dict[str, Any]]:
        for attempt in range(self.max_retries + 1):
            with self._lock:  # one request at a time, spaced by min_interval
                wait = self._last + self.min_interval - time.monotonic()
                if wait > 0:
                    self.stats["waits"] += 1
                    time.sleep(wait)
                self.stats["requests"] += 1
                try:
                    response = self._http.post(
                        self.endpoint, data={"query": query, "format": "json"}
                    )
                except httpx.HTTPError as exc:
                    response = None
                    error = f"{self.endpoint}: {type(exc).__name__}: {exc}"
                finally:
                    self._last = time.monotonic()
            if response is not None:
                if response.status_code == 200:
                    try:
                        return list(response.json()["results"]["bindings"])
                    except (ValueError, KeyError, TypeError) as exc:
                        raise WikidataError(
                            f"{self.endpoint} answered without SPARQL JSON results"
                        ) from exc
                error = f"{self.endpoint} answered HTTP {response.status_code}"
                if response.status_code not in (429, 500, 502, 503, 504):
                    raise WikidataError(error)
            if attempt < self.max_retries:
                self.stats["retries"] += 1
                delay = min(30.0, 0.5 * 2**attempt)
                if response is not None and response.headers.get("Retry-After", "").isdigit():
                    delay = float(response.headers["Retry-After"])
                time.sleep(delay)
        raise WikidataError(f"{error} (after {self.max_retries} retries)")

    # -- lookups ------------------------------------------------------------------------
    def items_for(self, names: Iterable[str]) -> dict[str, set[str]]:
        """Normalised name -> Wikidata item ids whose label or alias it is (exact, per language)."""
        wanted = sorted({n.strip() for n in names if n.strip()})
        out: dict[str, set[str]] = {normalise_label(n): set() for n in wanted}
        for start in range(0, len(wanted), self.batch_size):
            batch = wanted[start : start + self.batch_size]
            values = " ".join(f"{_literal(n)}@{lang}" for n in batch for lang in self.languages)
            q = (
                "SELECT ?item ?label WHERE { VALUES ?label { " + values + " } "
                "{ ?item rdfs:label ?label } UNION { ?item skos:altLabel ?label } }"
            )
            for row in self.query(q):
                item = row.get("item", {}).get("value", "").rsplit("/", 1)[-1]
                label = row.get("label", {}).get("value", "")
                if item and label:
                    out.setdefault(normalise_label(label), set()).add(item)
        return out

    def linked_pairs(self, pairs: Iterable[tuple[str, str]]) -> set[frozenset[str]]:
        """The item pairs with a direct statement between them, in either direction."""
        wanted = sorted({(a, b) for a, b in pairs if a != b})
        found: set[frozenset[str]] = set()
        for start in range(0, len(wanted), self.batch_size):
            batch = wanted[start : start + self.batch_size]
            values = " ".join(f"(wd:{a} wd:{b}) (wd:{b} wd:{a})" for a, b in batch)
            q = (
                "SELECT DISTINCT ?a ?b WHERE { VALUES (?a ?b) { " + values + " } "
                "?a ?p ?b . FILTER(STRSTARTS(STR(?p), STR(wdt:))) }"
            )
            for row in self.query(q):
                a = row.get("a", {}).get("value", "").rsplit("/", 1)[-1]
                b = row.get("b", {}).get("value", "").rsplit("/", 1)[-1]
                if a and b:
                    found.add(frozenset((a, b)))
        return found

    def known_mask(self, triples: Sequence[Triple]) -> list[bool]:
        names = [t.subject for t in triples] + [
            t.object for t in triples if t.object_type not in LITERAL_TYPES
        ]
        items = self.items_for(names)
        candidates: list[tuple[tuple[str, str], ...]] = []
        for t in triples:
            if t.object_type in LITERAL_TYPES:
                candidates.append(())
                continue
            subj = items.get(normalise_label(t.subject), set())
            obj = items.get(normalise_label(t.object), set())
            candidates.append(tuple((s, o) for s in sorted(subj) for o in sorted(obj)))
        linked = self.linked_pairs(p for group in candidates for p in group)
        return [any(frozenset(p) in linked for p in group) for group in candidates]

    def close(self) -> None:
        self._http.close()
