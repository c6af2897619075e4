"""Named pipelines a service serves: local ones from configs over a revision's texts, remote ones
by URL (any service speaking `/v1/rag`), all answering through the same four calls."""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.llm import ChatModel, LLMClient, LLMSettings
from dragon_bench.rag.answer import RagAnswer
from dragon_bench.rag.cached import cached_pipeline, texts_stamp
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.config import PipelineConfig, read_config_mapping
from dragon_bench.rag.llmgen import LLMGenerator
from dragon_bench.rag.pipeline import Pipeline
from dragon_bench.rag.remote import RagReply, RemotePipeline
from dragon_bench.rag.trec_answer import fix_answer

__all__ = [
    "BASELINE",
    "LocalPipeline",
    "PipelineBusyError",
    "PipelineRegistry",
    "PipelineSpec",
    "PromptedGenerator",
    "ServedPipeline",
    "UnknownPipelineError",
    "build_registry",
    "parse_spec",
]

BASELINE = "baseline"
_NAME = re.compile(r"^[A-Za-z0-9_.\-]+$")


class UnknownPipelineError(BadInputError):
    """A request named a pipeline the service does not serve."""


class PipelineBusyError(DragonError):
    """A local pipeline stayed busy with earlier requests for longer than the timeout."""


class ServedPipeline(Protocol):
    """What the service calls; a local Pipeline (through LocalPipeline) or a RemotePipeline."""

    def search(self, query: str, k: int | None = None, *, qid: str = "") -> list[Candidate]: ...

    def rerank(
        self, query: str, candidates: Sequence[Candidate], *, qid: str = ""
    ) -> list[Candidate]: ...

    def generate(
        self, query: str, candidates: Sequence[Candidate], *, qid: str = ""
    ) -> RagReply: ...

    def rag(
        self, query: str, *, qid: str = "", candidates: Sequence[Candidate] | None = None
    ) -> RagReply: ...


class LocalPipeline:
    """A Pipeline behind a lock (its stages are not promised to be thread-safe), answering
    with the candidates it gave the generator so the cited segments can be shown."""

    def __init__(self, name: str, pipeline: Pipeline, *, busy_timeout: float = 120.0) -> None:
        self.name = name
        self.pipeline = pipeline
        self.busy_timeout = busy_timeout
        self._lock = threading.Lock()

    @contextmanager
    def _turn(self) -> Iterator[None]:
        if not self._lock.acquire(timeout=self.busy_timeout):
            raise PipelineBusyError(
                f"pipeline {self.name} stayed busy for {self.busy_timeout:g} s; try again later"
            )
        try:
            yield
        finally:
            self._lock.release()

    def search(self, query: str, k: int | None = None, *, qid: str = "") -> list[Candidate]:
        with self._turn():
            return self.pipeline.search(query, k)

    def rerank(
        self, query: str, candidates: Sequence[Candidate], *, qid: str = ""
    ) -> list[Candidate]:
        with self._turn():
            return self.pipeline.rerank(query, list(candidates))

    def generate(self, query: str, candidates: Sequence[Candidate], *, qid: str = "") -> RagReply:
        start = time.perf_counter()
        context = list(candidates[: self.pipeline.config.top_k])
        with self._turn():
            generation = self.pipeline.generate(query, context)
        return self._reply(qid, query, context, context, generation, start)

    def rag(
        self, query: str, *, qid: str = "", candidates: Sequence[Candidate] | None = None
    ) -> RagReply:
        start = time.perf_counter()
        cfg = self.pipeline.config
        with self._turn():
            pool = list(candidates) if candidates else self.pipeline.search(query)
            ranked = self.pipeline.rerank(query, pool)
            asked = query
            if cfg.hops == 2 and not candidates:  # as Pipeline.answer does
                ranked, asked = self.pipeline.second_hop(query, ranked)
            context = ranked[: cfg.top_k]
            generation = self.pipeline.generate(asked, context)
        return self._reply(qid, query, ranked[: cfg.found_k], context, generation, start)

    def rag_many(self, items: Sequence[tuple[str, str]]) -> list[RagReply]:
        """`rag` of many (qid, query) pairs without candidates, in one batched pipeline call
        (`Pipeline.answer_parts`): the same replies, the pipeline taken once."""
        start = time.perf_counter()
        found_k = self.pipeline.config.found_k
        with self._turn():
            parts = self.pipeline.answer_parts([query for _, query in items])
        return [
            self._reply(qid, query, ranked[:found_k], context, generation, start)
            for (qid, query), (ranked, context, generation) in zip(items, parts, strict=True)
        ]

    def _reply(
        self,
        qid: str,
        query: str,
        found: Sequence[Candidate],
        context: Sequence[Candidate],
        generation: Any,
        start: float,
    ) -> RagReply:
        answer = RagAnswer.build(
            qid,
            query,
            [c.docid for c in found],
            [c.docid for c in context],
            generation,
            self.pipeline.config.run_id,
        )

        trec, _ = fix_answer(answer.to_trec())  # response_length counted as the TREC checker does
        return RagReply(self.name, trec, answer, tuple(context), time.perf_counter() - start)


@dataclass(frozen=True)
class PipelineSpec:
    """A pipeline to serve: a `config` (local) or a `url` (remote), under a `name`."""

    name: str
    config: PipelineConfig | None = None
    url: str | None = None
    remote_pipeline: str | None = None
    timeout: float | None = None
    source: str = ""
    prompt: str | None = None
    llm_model: str | None = None
    llm_base_url: str | None = None

    def describe(self) -> dict[str, Any]:
        if self.url is not None:
            out: dict[str, Any] = {"name": self.name, "kind": "remote", "url": self.url}
            if self.remote_pipeline:
                out["pipeline"] = self.remote_pipeline
            return out
        assert self.config is not None  # one of config and url is always set by parse_spec
        out = {"name": self.name, "kind": "local", "source": self.source}
        out["config"] = self.config.to_dict()
        for key in ("prompt", "llm_model", "llm_base_url"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


_SPEC_KEYS = ("prompt", "llm_model", "llm_base_url")


class PromptedGenerator(LLMGenerator):
    """The LLM generator with the system prompt a pipeline config gives (the user turn, with
    numbered passages, is unchanged, so the prompt should ask for the same JSON)."""

    def __init__(self, llm: ChatModel, prompt: str) -> None:
        super().__init__(llm)
        self.prompt = prompt

    def messages(self, question: str, candidates: Sequence[Candidate]) -> list[dict[str, str]]:
        out = super().messages(question, candidates)
        return [{"role": "system", "content": self.prompt}, *out[1:]]


def _spec_llm(spec: PipelineSpec, llm: ChatModel | None) -> Any:
    """The LLM client of a pipeline naming its own model or endpoint, else the shared one."""
    if not (spec.llm_model or spec.llm_base_url):
        return llm

    base = getattr(llm, "settings", None)
    if not isinstance(base, LLMSettings):
        base = LLMSettings.from_env()
    changes = {"model": spec.llm_model, "base_url": spec.llm_base_url}
    return LLMClient(base.with_(**{k: v for k, v in changes.items() if v}))


def _check_name(name: str, where: str) -> str:
    if not _NAME.match(name):
        raise BadInputError(f"{where}: pipeline name {name!r} may hold only letters, digits, _.-")
    return name


def _url_name(url: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.\-]", "-", urlsplit(url).netloc) or "remote"


def _named_config(name: str, data: dict[str, Any], where: str) -> PipelineConfig:
    try:
        config = PipelineConfig.from_dict(data, where=where)
    except BadInputError as exc:
        if where in str(exc):
            raise
        raise BadInputError(str(exc), path=where) from exc
    if "run_id" not in data and name != BASELINE:
        config = config.replace(run_id=name)
    return config


def _read_file(path: Path, name: str | None) -> PipelineSpec:
    data: dict[str, Any] = dict(read_config_mapping(path))
    name = _check_name(str(name or data.pop("name", None) or path.stem), str(path))
    data.pop("name", None)
    if "url" in data:
        unknown = sorted(set(data) - {"url", "pipeline", "timeout"})
        if unknown:
            raise BadInputError(
                f"a remote pipeline takes url, pipeline and timeout, not {', '.join(unknown)}",
                path=str(path),
            )
        return PipelineSpec(
            name,
            url=str(data["url"]),
            remote_pipeline=str(data["pipeline"]) if data.get("pipeline") else None,
            timeout=float(data["timeout"]) if data.get("timeout") else None,
            source=str(path),
        )
    if isinstance(data.get("pipeline"), dict):
        data = {**{k: v for k, v in data.items() if k != "pipeline"}, **data["pipeline"]}
    extra = {k: data.pop(k) for k in (*_SPEC_KEYS, "prompt_file") if k in data}
    if "prompt_file" in extra:
        prompt_path = path.parent / str(extra.pop("prompt_file"))
        try:
            extra["prompt"] = prompt_path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise BadInputError(f"cannot read prompt_file: {exc}", path=str(path)) from exc
    config = _named_config(name, data, str(path))
    if extra.get("prompt") and config.generator != "llm":
        raise BadInputError("a prompt needs generator: llm", path=str(path))
    clean = {k: str(v) for k, v in extra.items() if v not in (None, "")}
    return PipelineSpec(
        name,
        config=config,
        source=str(path),
        prompt=clean.get("prompt"),
        llm_model=clean.get("llm_model"),
        llm_base_url=clean.get("llm_base_url"),
    )


def parse_spec(spec: str) -> PipelineSpec:
    """`[NAME=]SOURCE`: SOURCE is `baseline`, an http(s) URL of a `/v1/rag` service, or a YAML/JSON
    config file (PipelineConfig fields; `name:` names it; `url:` makes it remote)."""
    spec = spec.strip()
    name: str | None = None
    match = re.match(r"^([A-Za-z0-9_.\-]+)=(.+)$", spec)
    if match and "://" not in match.group(1):
        name, spec = match.group(1), match.group(2).strip()
    if spec == BASELINE:
        name = _check_name(name or BASELINE, spec)
        return PipelineSpec(name, config=_named_config(name, {}, spec), source=BASELINE)
    if spec.startswith(("http://", "https://")):
        return PipelineSpec(_check_name(name or _url_name(spec), spec), url=spec, source=spec)
    path = Path(spec)
    if not path.exists():
        raise BadInputError(
            f"pipeline {spec!r} is neither 'baseline', an http(s) URL nor an existing config file"
        )
    return _read_file(path, name)


@dataclass
class PipelineRegistry:
    """Pipelines by name; the first added is the default unless `default` says otherwise."""

    pipelines: dict[str, ServedPipeline] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    default: str | None = None

    def add(self, name: str, pipeline: ServedPipeline, info: dict[str, Any] | None = None) -> None:
        if name in self.pipelines:
            raise BadInputError(f"two pipelines are named {name!r}; name them NAME=CONFIG")
        self.pipelines[name] = pipeline
        self.info[name] = dict(info or {"name": name})
        if self.default is None:
            self.default = name

    def names(self) -> list[str]:
        return list(self.pipelines)

    def get(self, name: str | None = None) -> tuple[str, ServedPipeline]:
        chosen = name or self.default
        if chosen is None or chosen not in self.pipelines:
            served = ", ".join(self.pipelines) or "none"
            raise UnknownPipelineError(f"no pipeline named {chosen!r}; served: {served}")
        return chosen, self.pipelines[chosen]

    def describe(self) -> list[dict[str, Any]]:
        return [{**self.info[n], "default": n == self.default} for n in self.pipelines]

    def close(self) -> None:
        for p in self.pipelines.values():
            if isinstance(p, RemotePipeline):
                p.close()


def _index_key(config: PipelineConfig) -> str:
    blob = json.dumps(config.index_settings(), sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def build_registry(
    specs: Sequence[str | PipelineSpec],
    revision: Any = None,
    *,
    default: str | None = None,
    llm: ChatModel | None = None,
    index_dir: str | Path | None = None,
    timeout: float = 60.0,
) -> PipelineRegistry:
    """Build every pipeline: local ones index the revision's texts once per distinct index
    settings (kept under `index_dir` when given), remote ones are clients with `timeout`."""
    parsed = [parse_spec(s) if isinstance(s, str) else s for s in (specs or [BASELINE])]
    registry = PipelineRegistry()
    indexes: dict[str, Pipeline] = {}
    for spec in parsed:
        if spec.url is not None:
            remote = RemotePipeline(
                spec.url, pipeline=spec.remote_pipeline, timeout=spec.timeout or timeout
            )
            info = spec.describe()
            if remote.pipeline:
                info["pipeline"] = remote.pipeline
            registry.add(spec.name, remote, info)
            continue
        config = spec.config or PipelineConfig()
        if revision is None:
            raise BadInputError(
                f"pipeline {spec.name} runs here over a revision's texts: give --hub"
            )
        own_llm = _spec_llm(spec, llm)
        key = _index_key(config)
        if key in indexes:
            pipeline = Pipeline(config, retriever=indexes[key].retriever, llm=own_llm)
        elif index_dir is not None:
            stamp = texts_stamp(revision.version, revision.source, revision.texts)
            folder = Path(index_dir) / key
            pipeline = cached_pipeline(revision, config, stamp=stamp, index_dir=folder, llm=own_llm)
        else:
            pipeline = Pipeline.build(revision, config, llm=own_llm)
        indexes.setdefault(key, pipeline)
        if spec.prompt:
            pipeline.generator = PromptedGenerator(pipeline.generator.llm, spec.prompt)
        registry.add(spec.name, LocalPipeline(spec.name, pipeline), spec.describe())
    if default is not None:
        registry.get(default)
        registry.default = default
    return registry
