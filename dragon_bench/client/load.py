"""Loading a public revision from a hub folder/fsspec URL, a portal, or Hugging Face dataset repos."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.client.revision import Revision, records_from_bytes, revision_from_records
from dragon_bench.errors import BadInputError, DragonError, require_extra
from dragon_bench.hub import Hub
from dragon_bench.versions import is_version, latest_version, parse_version

__all__ = ["load", "load_hub", "load_portal", "load_hf", "dataset_repo_versions"]

_DATA_SUFFIXES = (".parquet", ".jsonl", ".json", ".csv")


def load(
    hub: str | Path | None = None,
    version: str = "latest",
    *,
    hf: str | None = None,
    storage_options: dict[str, Any] | None = None,
    timeout: float = 60.0,
) -> Revision:
    """Load the public half of a revision.

    `hub` is a hub folder or fsspec URL (DESIGN.md layout) or a portal's base URL
    (`http(s)://...`); `hf` names a pair of Hugging Face dataset repos `<hf>-texts` and
    `<hf>-questions` whose git tags are versions (a local path prefix reads git clones).
    """
    if (hub is None) == (hf is None):
        raise BadInputError("give exactly one of hub (folder, fsspec URL or portal URL) and hf")
    if version != "latest":
        parse_version(version)
    if hf is not None:
        return load_hf(hf, version)
    url = str(hub)
    if url.startswith(("http://", "https://")):
        return load_portal(url, version, timeout=timeout)
    return load_hub(url, version, storage_options=storage_options)


def load_hub(
    url: str, version: str = "latest", *, storage_options: dict[str, Any] | None = None
) -> Revision:
    hub = Hub(url, storage_options)
    resolved = hub.resolve(version, "public")
    texts = hub.read_table("public", resolved, "texts").to_pylist()
    questions = hub.read_table("public", resolved, "questions").to_pylist()
    return revision_from_records(resolved, texts, questions, source=url)


# ---- portal: GET {portal}/api/v1/revisions/{version}/{texts|questions} ----------------------


def load_portal(base: str, version: str = "latest", *, timeout: float = 60.0) -> Revision:
    """Fetch texts then questions; `latest` is pinned by the version the texts answer carries."""

    base = base.rstrip("/")
    with httpx.Client(timeout=timeout, follow_redirects=True) as http:
        if version == "latest":
            version = _portal_latest(http, base) or version
        texts, resolved = _portal_table(http, base, version, "texts")
        questions, q_version = _portal_table(http, base, resolved or version, "questions")
    resolved = resolved or q_version or version
    if q_version and q_version != resolved:
        raise BadInputError(
            f"portal {base} served texts of version {resolved} but questions of {q_version}"
        )
    if resolved == "latest":
        raise BadInputError(f"portal {base} did not say which version 'latest' is")
    return revision_from_records(resolved, texts, questions, source=base)


def _portal_latest(http: Any, base: str) -> str | None:
    """`GET /api/v1/revisions/latest` names the version, pinning texts and questions to it."""

    url = f"{base}/api/v1/revisions/latest"
    try:
        resp = http.get(url, headers={"Accept": "application/json"})
    except httpx.HTTPError as exc:
        raise DragonError(f"cannot reach the portal at {url}: {exc}") from exc
    if resp.status_code != 200:
        return None  # an older portal: the texts answer carries the version instead
    try:
        found = resp.json().get("version")
    except (ValueError, AttributeError):
        return None
    return found if isinstance(found, str) and is_version(found) else None


def _portal_table(
    http: Any, base: str, version: str, name: str
) -> tuple[list[dict[str, Any]], str | None]:
    url = f"{base}/api/v1/revisions/{version}/{name}"
    try:
        resp = http.get(url, headers={"Accept": "application/vnd.apache.parquet, application/json"})
    except httpx.HTTPError as exc:
        raise DragonError(f"cannot reach the portal at {url}: {exc}") from exc
    if resp.status_code == 404:
        raise BadInputError(f"portal has no revision {version} ({url} answered 404)")
    if resp.status_code >= 400:
        raise DragonError(f"portal answered {resp.status_code} for {url}: {resp.text[:200]}")
    rows = records_from_bytes(resp.content, url)
    served = resp.headers.get("X-Dragon-Version")
    if served is None and resp.headers.get("content-type", "").startswith("application/json"):
        body = json.loads(resp.content)
        if isinstance(body, dict) and isinstance(body.get("version"), str):
            served = body["version"]
    return rows, served


# ---- Hugging Face dataset repos: one for texts, one for questions, git tags = versions ---------


class _DatasetRepo:
    """Tags and data files of one dataset repo, on the Hub or as a local git clone."""

    def __init__(self, repo: str) -> None:
        self.repo = repo
        self.local = Path(repo).exists()

    def tags(self) -> list[str]:
        if self.local:
            out = self._git("tag", "--list").decode()
            return [t for t in out.split() if t]
        list_repo_refs = require_extra("huggingface_hub", "hf").list_repo_refs

        try:
            refs = list_repo_refs(self.repo, repo_type="dataset")
        except Exception as exc:  # network, auth, missing repo: all reported the same way
            raise DragonError(f"cannot list versions of dataset {self.repo}: {exc}") from exc
        return [r.name for r in refs.tags]

    def rows(self, tag: str) -> list[dict[str, Any]]:
        if self.local:
            names = self._git("ls-tree", "-r", "--name-only", tag).decode().splitlines()
            files = sorted(n for n in names if n.endswith(_DATA_SUFFIXES) and not _is_meta(n))
            read: Callable[[str], bytes] = lambda n: self._git("show", f"{tag}:{n}")  # noqa: E731
        else:
            snapshot_download = require_extra("huggingface_hub", "hf").snapshot_download

            try:
                root = Path(
                    snapshot_download(
                        self.repo,
                        repo_type="dataset",
                        revision=tag,
                        allow_patterns=[f"*{s}" for s in _DATA_SUFFIXES],
                    )
                )
            except Exception as exc:
                raise DragonError(f"cannot download dataset {self.repo}@{tag}: {exc}") from exc
            files = sorted(
                str(p.relative_to(root))
                for p in root.rglob("*")
                if p.is_file() and p.name.endswith(_DATA_SUFFIXES) and not _is_meta(p.name)
            )
            read = lambda n: (root / n).read_bytes()  # noqa: E731
        parquet = [n for n in files if n.endswith(".parquet")]
        chosen = parquet or files  # the Hub's parquet conversion wins over raw uploads
        if not chosen:
            raise BadInputError(f"dataset {self.repo}@{tag} holds no data file")
        return [row for n in chosen for row in records_from_bytes(read(n), f"{self.repo}/{n}")]

    def _git(self, *args: str) -> bytes:
        try:
            return subprocess.run(
                ["git", "-C", self.repo, *args], check=True, capture_output=True
            ).stdout
        except subprocess.CalledProcessError as exc:
            raise BadInputError(
                f"git {' '.join(args)} failed in {self.repo}: {exc.stderr.decode().strip()}"
            ) from exc


def _is_meta(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return base.startswith(".") or base in ("dataset_info.json", "dataset_dict.json", "state.json")


def dataset_repo_versions(repo: str) -> list[str]:
    """The `MAJOR.MINOR.PATCH` tags of a dataset repo (or local clone), oldest first."""
    return sorted((t for t in _DatasetRepo(repo).tags() if is_version(t)), key=parse_version)


def load_hf(name: str, version: str = "latest") -> Revision:
    """Load `<name>-texts` and `<name>-questions` at one tag; their versions must agree."""
    texts_repo, questions_repo = _DatasetRepo(f"{name}-texts"), _DatasetRepo(f"{name}-questions")
    t_versions = dataset_repo_versions(texts_repo.repo)
    q_versions = dataset_repo_versions(questions_repo.repo)
    if version == "latest":
        t_latest, q_latest = latest_version(t_versions), latest_version(q_versions)
        if t_latest is None or q_latest is None:
            empty = texts_repo.repo if t_latest is None else questions_repo.repo
            raise BadInputError(f"dataset {empty} has no version tag such as 1.0.0")
        if t_latest != q_latest:
            both = sorted(set(t_versions) & set(q_versions), key=parse_version)
            hint = f"; versions in both: {', '.join(both)}" if both else ""
            raise BadInputError(
                f"latest texts version is {t_latest} but latest questions version is {q_latest}"
                f" (repos {texts_repo.repo}, {questions_repo.repo}); pass --version{hint}"
            )
        version = t_latest
    for repo, have in ((texts_repo, t_versions), (questions_repo, q_versions)):
        if version not in have:
            raise BadInputError(
                f"dataset {repo.repo} has no version {version} (has: {', '.join(have) or 'none'})"
            )
    return revision_from_records(
        version, texts_repo.rows(version), questions_repo.rows(version), source=f"hf:{name}"
    )
