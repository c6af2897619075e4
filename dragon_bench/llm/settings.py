"""Where the LLM lives and how patiently to talk to it, read from DRAGON_LLM_* variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError

__all__ = ["LLMSettings", "default_cache_dir"]

_OFF = {"", "0", "off", "none", "no", "false"}


def default_cache_dir() -> Path:
    """The per-user cache folder used when DRAGON_LLM_CACHE_DIR is unset."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dragon-bench" / "llm"


@dataclass(frozen=True, slots=True)
class LLMSettings:
    """An OpenAI-compatible endpoint (`base_url` ends in /v1), its model and the retry policy.

    `cache_dir=None` disables the on-disk cache; `backoff` is the first retry delay in seconds,
    doubled on each further retry up to `max_backoff`; `concurrency` is how many requests
    the batch calls (`LLMClient.map`, `chat_many`) keep in flight.
    """

    base_url: str = ""
    model: str = ""
    api_key: str = ""
    timeout: float = 60.0
    max_retries: int = 4
    cache_dir: Path | None = None
    embedding_model: str = ""
    backoff: float = 0.5
    max_backoff: float = 30.0
    concurrency: int = 8

    @property
    def configured(self) -> bool:
        """True when an endpoint and a model are named."""
        return bool(self.base_url and self.model)

    def with_(self, **changes: Any) -> LLMSettings:
        """A copy with some fields changed."""
        return replace(self, **changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> LLMSettings:
        """Read DRAGON_LLM_BASE_URL, _MODEL, _API_KEY, _TIMEOUT, _MAX_RETRIES, _CACHE_DIR,
        _EMBEDDING_MODEL and _CONCURRENCY; a cache dir of "off" (or empty) disables the cache."""
        env = os.environ if environ is None else environ

        def number(name: str, default: float, kind: type) -> Any:
            raw = env.get(name)
            if raw is None or raw.strip() == "":
                return kind(default)
            try:
                value = kind(raw)
            except ValueError:
                raise BadInputError(f"{name}={raw!r} is not a {kind.__name__}") from None
            if value < 0:
                raise BadInputError(f"{name}={raw!r} must not be negative")
            return value

        raw_cache = env.get("DRAGON_LLM_CACHE_DIR")
        if raw_cache is None:
            cache_dir: Path | None = default_cache_dir()
        elif raw_cache.strip().lower() in _OFF:
            cache_dir = None
        else:
            cache_dir = Path(raw_cache).expanduser()
        settings = cls(
            base_url=env.get("DRAGON_LLM_BASE_URL", "").strip().rstrip("/"),
            model=env.get("DRAGON_LLM_MODEL", "").strip(),
            api_key=env.get("DRAGON_LLM_API_KEY", ""),
            timeout=number("DRAGON_LLM_TIMEOUT", 60.0, float),
            max_retries=number("DRAGON_LLM_MAX_RETRIES", 4, int),
            cache_dir=cache_dir,
            embedding_model=env.get("DRAGON_LLM_EMBEDDING_MODEL", "").strip(),
            concurrency=number("DRAGON_LLM_CONCURRENCY", 8, int),
        )
        if settings.concurrency < 1:
            raise BadInputError("DRAGON_LLM_CONCURRENCY must be at least 1")
        return replace(settings, **overrides) if overrides else settings

    @classmethod
    def required(cls, who: str, hint: str = "") -> LLMSettings:
        """from_env(), or BadInputError "<who> needs DRAGON_LLM_BASE_URL and DRAGON_LLM_MODEL<hint>"
        when no endpoint or model is named."""
        settings = cls.from_env()
        if not settings.configured:
            raise BadInputError(f"{who} needs DRAGON_LLM_BASE_URL and DRAGON_LLM_MODEL{hint}")
        return settings
