"""Running a participant's system over the questions, with checkpoints so a stopped run resumes."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.client.revision import Revision
from dragon_bench.errors import BadInputError
from dragon_bench.output import stderr, track
from dragon_bench.run_record import run_record_path
from dragon_bench.types import Result

__all__ = [
    "run",
    "run_system",
    "RunOutcome",
    "to_entry",
    "write_results",
    "read_results",
    "reusable_results",
    "checkpoint_path",
]

System = Callable[[str], Any]

# What forked workers read: the system being run, set just before the pool starts.
_SYSTEM: list[Any] = []


@dataclass
class RunOutcome:
    """Answers by question id (the results JSON), failures by question id, and how many resumed."""

    results: dict[str, dict[str, Any]]
    failures: dict[str, str] = field(default_factory=dict)
    resumed: int = 0
    empty: list[str] = field(default_factory=list)


def to_entry(value: Any) -> dict[str, Any]:
    """One answer in the DRAGON results form from what a system returned.

    Accepted: a `Result`, an object with `found_ids` and `model_answer` (such as a RagAnswer),
    a mapping with those keys, or a `(found_ids, answer)` pair.
    """
    if isinstance(value, Mapping):
        found, answer = value.get("found_ids", []), value.get("model_answer", "")
    elif isinstance(value, tuple) and len(value) == 2 and not isinstance(value, Result):
        found, answer = value
    elif hasattr(value, "found_ids") and hasattr(value, "model_answer"):
        found, answer = value.found_ids, value.model_answer
    else:
        raise TypeError(
            f"the system returned {type(value).__name__}; return (found_ids, answer), "
            "a dict with found_ids and model_answer, or a dragon_bench.types.Result"
        )
    ids: list[int] = []
    for x in found or []:
        try:
            i = int(x)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"found_ids must be public text ids (integers), got {x!r}") from exc
        if i not in ids:
            ids.append(i)
    return {"found_ids": ids, "model_answer": "" if answer is None else str(answer)}


def _questions(
    questions: Revision | Mapping[Any, str] | Iterable[tuple[Any, str]],
) -> list[tuple[str, str]]:
    if isinstance(questions, Revision):
        items: Iterable[tuple[Any, str]] = questions.questions.items()
    elif isinstance(questions, Mapping):
        items = questions.items()
    else:
        items = questions
    return [(str(k), "" if q is None else str(q)) for k, q in items]


def _read_checkpoint(path: Path) -> dict[str, dict[str, Any]]:
    done: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return done
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
                done[str(row["id"])] = {
                    "found_ids": row["found_ids"],
                    "model_answer": row["model_answer"],
                }
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by an interruption: that question runs again
    return done


def run_system(
    system: System,
    questions: Revision | Mapping[Any, str] | Iterable[tuple[Any, str]],
    *,
    checkpoint: str | Path | None = None,
    concurrency: int = 1,
    progress: bool = True,
    earlier: Mapping[str, dict[str, Any]] | None = None,
    batch: int = 32,
    processes: int = 1,
) -> RunOutcome:
    """Call `system(question)` for every question not already in the checkpoint (or `earlier`).

    Each answer is appended to the checkpoint (JSON lines) as soon as it exists, so an
    interrupted run loses nothing and the same call resumes it. `earlier` holds answers of a
    finished run of the same system (see `reusable_results`); reused ones count as resumed. A
    question whose call raises is reported in `failures` and left out; empty questions get an
    empty answer.

    A system with `answer_many([(id, question), ...])` (a Pipeline) gets `batch` questions a
    call, in `processes` forked workers when more than one; the answers are the same.
    """
    if concurrency < 1:
        raise BadInputError(f"concurrency must be at least 1, got {concurrency}")
    todo = _questions(questions)
    ckpt = Path(checkpoint) if checkpoint is not None else None
    done = {**(earlier or {}), **(_read_checkpoint(ckpt) if ckpt else {})}
    wanted = {k for k, _ in todo}
    outcome = RunOutcome(results={k: v for k, v in done.items() if k in wanted})
    outcome.resumed = len(outcome.results)
    pending = [(k, q) for k, q in todo if k not in outcome.results]
    lock = threading.Lock()
    sink = ckpt.open("a", encoding="utf-8") if ckpt else None

    def record(key: str, entry: dict[str, Any]) -> None:
        with lock:
            outcome.results[key] = entry
            if sink is not None:
                sink.write(json.dumps({"id": key, **entry}, ensure_ascii=False) + "\n")
                sink.flush()

    def one(key: str, question: str) -> None:
        if not question.strip():
            outcome.empty.append(key)
            record(key, {"found_ids": [], "model_answer": ""})
            return
        try:
            entry = to_entry(system(question))
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # one bad question must not lose the others
            with lock:
                outcome.failures[key] = f"{type(exc).__name__}: {exc}"
            return
        record(key, entry)

    try:
        if concurrency == 1 and hasattr(system, "answer_many") and batch > 1:
            for key, question in pending:
                if not question.strip():
                    one(key, question)
            asked = [(k, q) for k, q in pending if q.strip()]
            for key, entry in _run_batches(system, asked, batch, processes, progress):
                if isinstance(entry, str):
                    with lock:
                        outcome.failures[key] = entry
                else:
                    record(key, entry)
        elif concurrency == 1:
            for key, question in (
                track(pending, "answering", total=len(pending)) if progress else pending
            ):
                one(key, question)
        else:
            _run_threads(one, pending, concurrency, progress)
    finally:
        if sink is not None:
            sink.close()
    if outcome.empty:
        stderr.print(f"warning: {len(outcome.empty)} empty question(s) got empty answers")
    if outcome.failures:
        first = next(iter(outcome.failures.items()))
        stderr.print(
            f"warning: {len(outcome.failures)} question(s) failed and were left out "
            f"(first: question {first[0]}: {first[1]}); rerun to retry them"
        )
    return outcome


def _answer_batch(chunk: list[tuple[str, str]]) -> list[tuple[str, dict[str, Any] | str]]:
    """Entries (or the error, as text) of one batch of questions, by the system in `_SYSTEM`."""
    system = _SYSTEM[0]
    try:
        return [
            (k, to_entry(a)) for (k, _), a in zip(chunk, system.answer_many(chunk), strict=True)
        ]
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception:  # one bad question must not lose its batch: answer them one by one
        out: list[tuple[str, dict[str, Any] | str]] = []
        for key, question in chunk:
            try:
                out.append((key, to_entry(system.answer_many([(key, question)])[0])))
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception as exc:  # reported as this question's failure
                out.append((key, f"{type(exc).__name__}: {exc}"))
        return out


def _run_batches(
    system: Any, asked: list[tuple[str, str]], batch: int, processes: int, progress: bool
) -> Iterable[tuple[str, dict[str, Any] | str]]:
    chunks = [asked[i : i + batch] for i in range(0, len(asked), batch)]
    bar = iter(track(range(len(asked)), "answering")) if progress else None
    _SYSTEM[:] = [system]
    forking = processes > 1 and len(chunks) > 2
    forking = forking and "fork" in multiprocessing.get_all_start_methods()
    try:
        if forking:
            # The first batch here loads the models the workers then share (forked copies).
            yield from _advance(_answer_batch(chunks[0]), bar)
            with multiprocessing.get_context("fork").Pool(processes) as pool:
                for done in pool.imap_unordered(_answer_batch, chunks[1:]):
                    yield from _advance(done, bar)
        else:
            for chunk in chunks:
                yield from _advance(_answer_batch(chunk), bar)
    finally:
        _SYSTEM.clear()
        if bar is not None:
            for _ in bar:
                pass


def _advance(
    done: list[tuple[str, dict[str, Any] | str]], bar: Any
) -> Iterable[tuple[str, dict[str, Any] | str]]:
    for item in done:
        if bar is not None:
            next(bar, None)
        yield item


def _run_threads(
    one: Callable[[str, str], None],
    pending: list[tuple[str, str]],
    concurrency: int,
    progress: bool,
) -> None:
    pool = ThreadPoolExecutor(max_workers=concurrency)
    futures: set[Future[None]] = set()
    it = iter(pending)
    bar = iter(track(range(len(pending)), "answering")) if progress else None
    try:
        for key, question in it:
            futures.add(pool.submit(one, key, question))
            if len(futures) >= concurrency * 2:  # bounded queue: an interrupt loses little
                finished, futures = wait(futures, return_when=FIRST_COMPLETED)
                for f in finished:
                    f.result()
                    if bar is not None:
                        next(bar, None)
        for f in futures:
            f.result()
            if bar is not None:
                next(bar, None)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if bar is not None:
            for _ in bar:
                pass


def _write_json(data: Any, final: Path, indent: int | None = None) -> None:
    tmp = final.parent / f".{final.name}.{uuid.uuid4().hex[:8]}.tmp"
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=indent), encoding="utf-8")
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)  # left only when the rename failed


def checkpoint_path(out: str | Path, identity: Mapping[str, Any]) -> Path:
    """The checkpoint of a run into `out` by the system and revision `identity` describes:
    `<out>.<digest>.partial.jsonl`, so an interrupted run of another revision or pipeline into
    the same file never lends it answers."""
    key = json.dumps(dict(identity), sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]
    return Path(f"{out}.{digest}.partial.jsonl")


def write_results(
    results: Mapping[str, Any], path: str | Path, *, identity: Mapping[str, Any] | None = None
) -> None:
    """Write the results JSON atomically (temporary file, then rename); `identity` (revision and
    system that made them) goes beside it in `<path>.run.json` so a later run can reuse them."""
    final = Path(path)
    final.parent.mkdir(parents=True, exist_ok=True)
    ordered = dict(sorted(results.items(), key=lambda kv: (len(kv[0]), kv[0])))
    _write_json(ordered, final, indent=1)
    if identity is None:
        run_record_path(final).unlink(missing_ok=True)  # whatever made the old file, not these
    else:
        _write_json(dict(identity), run_record_path(final))


def reusable_results(path: str | Path, identity: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The answers of an existing results file written with the same `identity` (see
    `write_results`); none when the file, its identity or a match is missing."""
    final = Path(path)
    try:
        recorded = json.loads(run_record_path(final).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    # Compared in JSON form: what was written is what this identity would write.
    if recorded != json.loads(json.dumps(dict(identity), ensure_ascii=False)):
        return {}
    try:
        data = read_results(final)
    except BadInputError:
        return {}
    return {
        str(k): {"found_ids": v["found_ids"], "model_answer": v["model_answer"]}
        for k, v in data.items()
        if isinstance(v, dict)
        and isinstance(v.get("found_ids"), list)
        and isinstance(v.get("model_answer"), str)
    }


def read_results(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except FileNotFoundError as exc:
        raise BadInputError("no such results file", path=str(path)) from exc
    except ValueError as exc:
        raise BadInputError(f"not valid JSON: {exc}", path=str(path)) from exc
    if not isinstance(data, dict):
        raise BadInputError("results must be a JSON object keyed by question id", path=str(path))
    return data


def run(
    system: System,
    questions: Revision | Mapping[Any, str] | Iterable[tuple[Any, str]],
    *,
    out: str | Path | None = None,
    checkpoint: str | Path | None = None,
    concurrency: int = 1,
    progress: bool = True,
) -> dict[str, dict[str, Any]]:
    """Answer every question with `system(question)`; return (and write to `out`) the results.

    With `out` and no `checkpoint`, answers are checkpointed beside it (`<out>.partial.jsonl`)
    and the checkpoint is removed once the results file is complete and nothing failed.
    """
    own_checkpoint = out is not None and checkpoint is None
    if own_checkpoint:
        checkpoint = Path(str(out) + ".partial.jsonl")
    outcome = run_system(
        system, questions, checkpoint=checkpoint, concurrency=concurrency, progress=progress
    )
    if out is not None:
        # A revision's answers get a run record naming it, as `dragon run` writes one.
        record = {"version": questions.version} if isinstance(questions, Revision) else None
        write_results(outcome.results, out, identity=record)
        if own_checkpoint and not outcome.failures and checkpoint is not None:
            Path(checkpoint).unlink(missing_ok=True)
    return outcome.results
