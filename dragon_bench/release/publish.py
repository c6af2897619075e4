"""Publishing the public half of a revision to the Hugging Face Hub, as DRAGON does.

Two dataset repos, `NAME-texts` and `NAME-questions`, each get one commit per version
holding its parquet file and the public manifest, tagged with the version. The private half
never leaves the operator. Publishing a version that is already tagged is a no-op.
"""

from __future__ import annotations

import json
import re
from typing import Any

from dragon_bench.errors import BadInputError, DragonError, require_extra
from dragon_bench.hub import Hub

__all__ = ["parse_target", "publish_revision"]

_TARGET = re.compile(r"^hf://([A-Za-z0-9][\w.\-]*)/([A-Za-z0-9][\w.\-]*)$")


def parse_target(target: str) -> tuple[str, str]:
    """`hf://ORG/NAME` -> (ORG, NAME)."""
    m = _TARGET.match(target.strip())
    if not m:
        raise BadInputError(f"publish target {target!r} is not of the form hf://ORG/NAME")
    return m[1], m[2]


def publish_revision(
    hub: Hub | str,
    target: str,
    *,
    version: str = "latest",
    token: str | None = None,
    endpoint: str | None = None,
    private: bool = False,
) -> dict[str, Any]:
    """Push texts and questions of one public revision; returns repos, commits and tags."""
    hf = require_extra("huggingface_hub", "hf")
    CommitOperationAdd, HfApi = hf.CommitOperationAdd, hf.HfApi
    HfHubHTTPError = require_extra("huggingface_hub.errors", "hf").HfHubHTTPError

    org, name = parse_target(target)
    hub = hub if isinstance(hub, Hub) else Hub(hub)
    version = hub.resolve(version, "public")
    manifest = hub.read_manifest("public", version)
    api = HfApi(endpoint=endpoint, token=token)
    report: dict[str, Any] = {"version": version, "repos": {}}
    for part in ("texts", "questions"):
        repo = f"{org}/{name}-{part}"
        path = hub.path("public", version, f"{part}.parquet")
        with hub.fs.open(path, "rb") as f:
            data = f.read()
        try:
            api.create_repo(repo, repo_type="dataset", exist_ok=True, private=private)
            tags = {t.name for t in api.list_repo_refs(repo, repo_type="dataset").tags}
            if version in tags:
                report["repos"][repo] = {"status": "already published"}
                continue
            card = {
                "version": version,
                "parent": manifest.get("parent"),
                "created_at": manifest.get("created_at"),
                "rows": manifest.get("counts", {}).get(part),
                "sha256": manifest.get("sha256", {}).get(f"{part}.parquet"),
            }
            commit = api.create_commit(
                repo,
                operations=[
                    CommitOperationAdd(f"{part}.parquet", data),
                    CommitOperationAdd(
                        "manifest.json",
                        json.dumps(card, ensure_ascii=False, indent=2).encode("utf-8"),
                    ),
                ],
                commit_message=f"dragon-bench revision {version}",
                repo_type="dataset",
            )
            api.create_tag(
                repo,
                tag=version,
                revision=commit.oid,
                tag_message=f"revision {version}",
                repo_type="dataset",
            )
        except HfHubHTTPError as exc:
            raise DragonError(f"publishing {repo} to {api.endpoint} failed: {exc}") from exc
        report["repos"][repo] = {"status": "published", "commit": commit.oid, "tag": version}
    return report
