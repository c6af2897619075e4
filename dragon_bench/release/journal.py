"""The update journal and lock: what an interrupted `dragon update` was doing, written atomically."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.crawl.state import read_json, write_json_atomic
from dragon_bench.errors import DragonError

__all__ = ["Journal", "UpdateLock"]


@dataclass
class Journal:
    """`status` is `idle`, `building` (a revision is being written) or `built` (not yet published)."""

    path: Path
    status: str = "idle"
    version: str | None = None
    parent: str | None = None
    snapshot: str | None = None
    publish: str | None = None
    history: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> Journal:
        if not path.exists():
            return cls(path=path)
        data = read_json(path, "update journal")
        known = {
            k: data[k]
            for k in ("status", "version", "parent", "snapshot", "publish", "history")
            if k in data
        }
        return cls(path=path, **known)

    def save(self, **changes: Any) -> None:
        for key, value in changes.items():
            setattr(self, key, value)
        data = asdict(self)
        data.pop("path")
        write_json_atomic(self.path, data)


class UpdateLock:
    """One update at a time per state folder; a lock left by a dead process is taken over."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> UpdateLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                pid = self._owner()
                if pid is not None and pid != os.getpid() and _alive(pid):
                    raise DragonError(
                        f"another update is running (pid {pid}); lock file {self.path}"
                    ) from None
                self.path.unlink(missing_ok=True)  # stale: its process is gone
                continue
            with os.fdopen(fd, "w") as f:
                f.write(str(os.getpid()))
            return self
        raise DragonError(f"cannot take the update lock {self.path}")

    def _owner(self) -> int | None:
        try:
            return int(self.path.read_text().strip() or "0") or None
        except (OSError, ValueError):
            return None

    def __exit__(self, *exc: object) -> None:
        self.path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
