"""Cached reads of the hub: published versions, public questions and the private gold index."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.versions import is_version

__all__ = ["RevisionCache", "PrivateIndex", "UnknownVersionError"]


_SCRUBBED_MAX = 10_000


class UnknownVersionError(BadInputError):
    """A version that is malformed or not published in the hub."""


@dataclass(frozen=True)
class PrivateIndex:
    """Strings of the private half that must never reach a non-admin, and a scrubber for them."""

    answers: frozenset[str]
    text_ids: frozenset[str]
    # Scrubbed strings by original (a report repeats its few strings for every question).
    _scrubbed: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def _ids(self) -> re.Pattern[str] | None:
        """Any internal id anywhere in a text (no word bounds): None proves no id is there."""
        ids = sorted((t for t in self.text_ids if t), key=len, reverse=True)
        return re.compile("|".join(map(re.escape, ids))) if ids else None

    def leaks(self, text: str) -> list[str]:
        """The private strings found in `text` (answers of 4+ characters, every internal id)."""
        found = [a for a in self.answers if len(a) >= 4 and a in text]
        if self._ids is not None and self._ids.search(text):
            found += [
                t for t in self.text_ids if t and re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text)
            ]
        return found

    def scrub(self, text: str) -> str:
        done = self._scrubbed.get(text)
        if done is not None:
            return done
        clean = text
        for secret in sorted(self.leaks(text), key=len, reverse=True):
            clean = clean.replace(secret, "[hidden]")
        if len(self._scrubbed) >= _SCRUBBED_MAX:
            self._scrubbed.clear()
        self._scrubbed[text] = clean
        return clean


class RevisionCache:
    """Reads the hub once per version and keeps what the portal needs in memory."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._lock = threading.Lock()
        self._questions: dict[str, dict[int, str]] = {}
        self._private: dict[str, PrivateIndex] = {}
        self._text_ids: dict[str, set[int]] = {}
        self._versions: list[str] | None = None
        self._listed_at = 0.0

    def versions(self, *, refresh: bool = False, max_age: float | None = None) -> list[str]:
        """Published versions (public and private halves complete), oldest first.

        Listed again when `refresh` is set or the last listing is older than `max_age` seconds.
        """
        with self._lock:
            stale = max_age is not None and time.monotonic() - self._listed_at > max_age
            if self._versions is None or refresh or stale:
                private = set(self.hub.versions("private"))
                self._versions = [v for v in self.hub.versions("public") if v in private]
                self._listed_at = time.monotonic()
            return list(self._versions)

    def resolve(self, version: str | None) -> str:
        """'' / None / 'latest' is the newest version; anything else must be published."""
        have = self.versions()
        if version in (None, "", "latest"):
            if not have:
                raise UnknownVersionError("no revision is published yet")
            return have[-1]
        if not is_version(version):
            raise UnknownVersionError(f"version {version!r} is not of the form 1.N.0")
        if version not in have:
            have = self.versions(refresh=True)
        if version not in have:
            raise UnknownVersionError(
                f"version {version} is not published (available: {', '.join(have) or 'none'})"
            )
        return version

    def manifest(self, version: str) -> dict[str, Any]:
        return self.hub.read_manifest("public", self.resolve(version))

    def questions(self, version: str) -> dict[int, str]:
        """Public question texts by question id."""
        version = self.resolve(version)
        with self._lock:
            if version not in self._questions:
                table = self.hub.read_table("public", version, "questions")
                self._questions[version] = dict(
                    zip(
                        table.column("id").to_pylist(),
                        table.column("question").to_pylist(),
                        strict=True,
                    )
                )
            return self._questions[version]

    def text_ids(self, version: str) -> set[int]:
        """Public text ids of a version (the ids a results file may name)."""
        version = self.resolve(version)
        with self._lock:
            if version not in self._text_ids:
                table = self.hub.read_table("public", version, "texts").select(["id"])
                self._text_ids[version] = set(table.column("id").to_pylist())
            return self._text_ids[version]

    def private(self, version: str) -> PrivateIndex:
        version = self.resolve(version)
        with self._lock:
            if version not in self._private:
                qa = self.hub.read_table("private", version, "qa")
                texts = self.hub.read_table("private", version, "texts")
                answers = {a.strip() for a in qa.column("answer").to_pylist() if a}
                if "answers" in qa.column_names:
                    for many in qa.column("answers").to_pylist():
                        answers.update(a.strip() for a in many or [] if a)
                ids = set(texts.column("id").to_pylist())
                if "text_ids" in qa.column_names:
                    for many in qa.column("text_ids").to_pylist():
                        ids.update(many or [])
                self._private[version] = PrivateIndex(frozenset(answers), frozenset(ids))
            return self._private[version]

    def gold_rows(self, version: str) -> dict[int, dict[str, Any]]:
        """The operator's view of each question: gold answer(s), type, internal and public text ids."""
        version = self.resolve(version)
        qa = self.hub.read_table("private", version, "qa").to_pylist()
        texts = self.hub.read_table("private", version, "texts").to_pylist()
        public_of = {t["id"]: t["public_id"] for t in texts}
        return {
            int(r["id"]): {
                "answer": r.get("answer"),
                "answers": r.get("answers") or [],
                "type": r.get("type"),
                "text_ids": r.get("text_ids") or [],
                "gold_public_ids": [public_of.get(t) for t in r.get("text_ids") or []],
            }
            for r in qa
        }
