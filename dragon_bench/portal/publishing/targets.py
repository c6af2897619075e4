"""Where the results file is committed: any git remote (the `git` command) or a Hugging Face
Space or dataset repo (`huggingface_hub`). A push returns the new commit's id, or None when the
repository already holds these bytes (so a retried push after a crash adds no second commit)."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from dragon_bench.errors import BadInputError, require_extra

__all__ = ["Target", "PushError", "GitTarget", "HubTarget", "make_target", "redact"]

_HF = re.compile(r"^hf://(datasets|spaces)/([A-Za-z0-9][\w.\-]*/[A-Za-z0-9][\w.\-]*)$")
_AUTHOR = re.compile(r"^\s*([^<>]+?)\s*<([^<>\s]+)>\s*$")
_CREDENTIALS = re.compile(r"(://)[^/@\s]+@")


class PushError(Exception):
    """A push that failed; the message is safe to show (credentials removed)."""


def redact(text: str) -> str:
    """Remove `user:password@` from URLs in a message."""
    return _CREDENTIALS.sub(r"\1***@", text)


class Target(Protocol):
    description: str

    def push(self, content: bytes, message: str) -> str | None: ...


def _file_path(path: str) -> str:
    pure = PurePosixPath(path)
    if not path or pure.is_absolute() or ".." in pure.parts or path.endswith("/"):
        raise BadInputError(
            f"DRAGON_PORTAL_RESULTS_PATH {path!r}: give a relative file path inside the repository"
        )
    return str(pure)


@dataclass
class GitTarget:
    """A git remote: a local path (a bare repository) or any URL `git push` accepts."""

    remote: str
    path: str = "results.json"
    branch: str = "main"
    author: str = "dragon-bench portal <portal@dragon-bench.invalid>"
    timeout: float = 120.0

    def __post_init__(self) -> None:
        self.path = _file_path(self.path)
        m = _AUTHOR.match(self.author)
        if not m:
            raise BadInputError(
                f"DRAGON_PORTAL_RESULTS_AUTHOR {self.author!r}: give 'Name <email>'"
            )
        self._name, self._email = m[1], m[2]
        local = Path(self.remote).expanduser()
        if "://" not in self.remote and local.exists():
            self.remote = local.resolve().as_uri()  # file:// so that --depth applies
        self.description = redact(self.remote)

    def _git(self, *args: str, cwd: str | None = None) -> str:
        env = {
            **os.environ,
            "GIT_TERMINAL_PROMPT": "0",  # never wait for a password on a console
            "GIT_AUTHOR_NAME": self._name,
            "GIT_AUTHOR_EMAIL": self._email,
            "GIT_COMMITTER_NAME": self._name,
            "GIT_COMMITTER_EMAIL": self._email,
        }
        try:
            done = subprocess.run(
                ["git", *args],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                timeout=self.timeout,
                check=False,
            )
        except FileNotFoundError:
            raise PushError("the git command is not installed") from None
        except subprocess.TimeoutExpired:
            raise PushError(f"git {args[0]} took longer than {self.timeout:.0f} s") from None
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            # git's own verdict ("fatal: ...", "error: ...") rather than its advice lines.
            fatal = [x for x in lines if x.startswith(("fatal:", "error:", "remote:"))]
            reason = (fatal or lines or [f"exit status {done.returncode}"])[0]
            raise PushError(redact(f"git {args[0]}: {reason}"))
        return done.stdout

    def push(self, content: bytes, message: str) -> str | None:
        with tempfile.TemporaryDirectory(prefix="dragon-results-") as work:
            self._git("init", "-q", f"--initial-branch={self.branch}", work)
            self._git("remote", "add", "origin", self.remote, cwd=work)
            heads = self._git("ls-remote", "--heads", "origin", self.branch, cwd=work)
            exists = bool(heads.strip())
            if exists:
                self._git("fetch", "-q", "--depth", "1", "origin", self.branch, cwd=work)
                self._git("reset", "-q", "--hard", "FETCH_HEAD", cwd=work)
            target = Path(work) / self.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
            self._git("add", "--", self.path, cwd=work)
            status = self._git("status", "--porcelain", "--", self.path, cwd=work)
            if exists and not status.strip():
                return None
            self._git("commit", "-q", "-m", message, cwd=work)
            self._git("push", "-q", "origin", f"HEAD:refs/heads/{self.branch}", cwd=work)
            return self._git("rev-parse", "HEAD", cwd=work).strip()


def _blob_id(content: bytes) -> str:
    """Git's id of a blob, which the Hub reports for each file."""
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


@dataclass
class HubTarget:
    """A Hugging Face Space or dataset repo, `hf://spaces/ORG/NAME` or `hf://datasets/ORG/NAME`."""

    url: str
    path: str = "results.json"
    branch: str = "main"
    token: str | None = None
    endpoint: str | None = None

    def __post_init__(self) -> None:
        m = _HF.match(self.url.strip())
        if not m:
            raise BadInputError(
                f"DRAGON_PORTAL_RESULTS_REPO {self.url!r}: use hf://spaces/ORG/NAME, "
                "hf://datasets/ORG/NAME, or a git remote"
            )
        self.repo_type, self.repo_id = m[1][:-1], m[2]
        self.path = _file_path(self.path)
        self.description = self.url.strip()

    def _api(self) -> Any:
        hub = require_extra("huggingface_hub", "hf")
        return hub.HfApi(endpoint=self.endpoint or None, token=self.token or None)

    def push(self, content: bytes, message: str) -> str | None:
        from huggingface_hub import CommitOperationAdd
        from huggingface_hub.errors import HfHubHTTPError, RepositoryNotFoundError

        api = self._api()
        kind = {"repo_type": self.repo_type}
        try:
            try:
                info = api.get_paths_info(self.repo_id, [self.path], revision=self.branch, **kind)
            except RepositoryNotFoundError:
                sdk = {"space_sdk": "gradio"} if self.repo_type == "space" else {}
                api.create_repo(self.repo_id, exist_ok=True, **kind, **sdk)
                info = []
            if info and getattr(info[0], "blob_id", None) == _blob_id(content):
                return None
            commit = api.create_commit(
                self.repo_id,
                operations=[CommitOperationAdd(self.path, content)],
                commit_message=message,
                revision=self.branch,
                **kind,
            )
        except HfHubHTTPError as exc:
            said = " ".join(x.strip() for x in str(exc).splitlines() if x.strip())
            raise PushError(redact(f"Hugging Face Hub: {said[:500]}")) from None
        return str(commit.oid)


def make_target(settings: Any) -> Target | None:
    """The configured target (`results_repo` of the portal settings), or None when unset."""
    repo = (settings.results_repo or "").strip()
    if not repo:
        return None
    if repo.startswith("hf://"):
        return HubTarget(
            repo,
            path=settings.results_path,
            branch=settings.results_branch,
            token=settings.hf_token,
            endpoint=settings.hf_endpoint,
        )
    return GitTarget(
        repo,
        path=settings.results_path,
        branch=settings.results_branch,
        author=settings.results_author,
    )
