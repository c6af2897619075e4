"""`dragon inspect`: a revision's questions with the evidence sentences they rest on, the
subject and object of each evidence triple marked in its sentence."""

from __future__ import annotations

import random
from typing import Any

import typer

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.output import Format, emit, stdout

__all__ = ["SUBJECT_MARKS", "OBJECT_MARKS", "mark_spans", "inspect_questions", "register"]

SUBJECT_MARKS = ("[", "]")
OBJECT_MARKS = ("{", "}")


def mark_spans(
    text: str, sentence: tuple[int, int], subject: tuple[int, int], obj: tuple[int, int]
) -> str:
    """The sentence `text[sentence]` with the subject span in [ ] and the object span in { };
    overlapping spans (a nested name) are marked as far as they do not cross."""
    start, end = sentence
    marks: list[tuple[int, int, str]] = []  # (position, order, mark): closes before opens
    for (s, e), (left, right) in ((subject, SUBJECT_MARKS), (obj, OBJECT_MARKS)):
        if start <= s < e <= end:
            marks += [(s, 1, left), (e, 0, right)]
    out, at = [], start
    for pos, _, mark in sorted(marks):
        out += [text[at:pos], mark]
        at = pos
    out.append(text[at:end])
    return "".join(out)


def inspect_questions(
    hub: Hub,
    version: str,
    *,
    ids: list[int] | None = None,
    sample: int | None = None,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """The chosen questions (all, `ids`, or a seeded sample of `sample`) with their evidence:
    each evidence record gains the public text id, the sentence and the sentence marked."""
    version = hub.resolve(version, "private")
    qa = hub.read_table("private", version, "qa").to_pylist()
    if ids is not None:
        by_id = {q["id"]: q for q in qa}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise BadInputError(f"revision {version} has no question {missing[0]}")
        qa = [by_id[i] for i in ids]
    elif sample is not None:
        if sample < 1:
            raise BadInputError(f"--sample must be at least 1, got {sample}")
        qa = sorted(random.Random(seed).sample(qa, min(sample, len(qa))), key=lambda q: q["id"])
    public_of = {
        r["id"]: r["public_id"] for r in hub.read_table("private", version, "texts").to_pylist()
    }
    texts = {r["id"]: r["text"] for r in hub.read_table("public", version, "texts").to_pylist()}
    out = []
    for q in qa:
        evidence = []
        for e in q.get("evidence") or []:
            public = public_of.get(e["doc_id"])
            text = texts.get(public, "") if public is not None else ""
            sent = tuple(e["sentence_span"])
            evidence.append(
                {
                    **e,
                    "public_id": public,
                    "sentence": text[sent[0] : sent[1]],
                    "marked": mark_spans(
                        text, (sent[0], sent[1]), tuple(e["subject_span"]), tuple(e["object_span"])
                    ),
                }
            )
        out.append(
            {
                "id": q["id"],
                "type": q["type"],
                "question": q["question"],
                "answer": q["answer"],
                "answers": q["answers"],
                "confidence": q.get("confidence"),
                "evidence": evidence,
            }
        )
    return out


def _show(rows: list[dict[str, Any]]) -> None:
    for q in rows:
        conf = "" if q["confidence"] is None else f"  confidence {q['confidence']:.2f}"
        stdout.print(f"#{q['id']} {q['type']}{conf}", style="bold", markup=False, highlight=False)
        stdout.print(f"  Q: {q['question']}", markup=False, highlight=False)
        stdout.print(f"  A: {' | '.join(q['answers'])}", markup=False, highlight=False)
        if not q["evidence"]:
            stdout.print("  (no evidence recorded)", markup=False, highlight=False)
        for e in q["evidence"]:
            tense = f", {e['tense']}" if e["tense"] else ""
            stdout.print(
                f"  - [{e['subject']}] {e['relation_type'] or e['relation']} {{{e['object']}}}"
                f"{tense}  (text {e['public_id']})",
                markup=False,
                highlight=False,
            )
            stdout.print(f"    {e['marked']}", markup=False, highlight=False)
        stdout.print("", markup=False)


def inspect(
    hub: str = typer.Option(..., help="Hub: a folder or an fsspec URL."),
    version: str = typer.Option("latest", help="Revision version (default: the latest)."),
    id: list[int] = typer.Option(None, "--id", help="Question id to show (repeatable)."),  # noqa: B008
    sample: int | None = typer.Option(None, help="Show a random sample of this many questions."),
    seed: int = typer.Option(0, help="Seed of --sample."),
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Print questions with their evidence sentences, subject in [ ] and object in { }."""
    if id and sample is not None:
        raise BadInputError("give either --id or --sample, not both")
    rows = inspect_questions(
        Hub(hub), version, ids=list(id) if id else None, sample=sample, seed=seed
    )
    emit(rows, format, _show)


def register(app: typer.Typer) -> None:
    app.command("inspect")(inspect)
