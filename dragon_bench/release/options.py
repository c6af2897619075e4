"""Command-line options that `dragon build`, `dragon publish` and `dragon update` share (one default and
one help text each)."""

from __future__ import annotations

import typer

__all__ = [
    "CLOSED_BOOK",
    "CLOSED_BOOK_JUDGE",
    "CLOSED_BOOK_MODELS",
    "JUDGE_MODEL",
    "JUDGE_THRESHOLD",
    "PUBLISH_DATES",
    "QUESTION_JUDGE",
    "HF_ENDPOINT",
    "HF_TOKEN",
    "KG_BACKEND",
    "QUESTIONS_PER_TYPE",
    "QUESTION_BACKEND",
    "REVIEW",
    "SEED",
]

KG_BACKEND = typer.Option("natasha", help="Triplet extraction: natasha or llm.")
QUESTION_BACKEND = typer.Option("template", help="Question phrasing: template or llm.")
QUESTIONS_PER_TYPE = typer.Option(50, help="At most this many questions per type.")
SEED = typer.Option(0, help="Seed of sampling and question order.")
HF_TOKEN = typer.Option(None, envvar="HF_TOKEN", help="Hugging Face token.")
CLOSED_BOOK_MODELS = typer.Option(
    None,
    "--closed-book-models",
    help="Ask every candidate question, with no text, of these models (NAME[@BASE_URL],...; "
    "DRAGON_LLM_BASE_URL without @); a question one answers correctly is answerable from memory.",
)
CLOSED_BOOK = typer.Option(
    "drop",
    "--closed-book",
    help="drop the questions a closed-book model answers, or keep (flagged).",
)
CLOSED_BOOK_JUDGE = typer.Option(
    False,
    "--closed-book-judge",
    help="Let the judge model decide closed-book answers the answer metrics call wrong.",
)
QUESTION_JUDGE = typer.Option(
    False,
    "--question-judge",
    help="Score each candidate 1-5 (grammatical, answerable, unambiguous, answer correct) with "
    "the judge model; keep those at --judge-threshold or above.",
)
JUDGE_MODEL = typer.Option(
    None, "--judge-model", help="The judge: NAME[@BASE_URL] (default: DRAGON_LLM_MODEL)."
)
JUDGE_THRESHOLD = typer.Option(
    4, "--judge-threshold", min=1, max=5, help="Least score on every judge criterion."
)
HF_ENDPOINT = typer.Option(None, envvar="HF_ENDPOINT", help="Hub API endpoint.")
REVIEW = typer.Option(
    False,
    "--review",
    help="Stage the revision for review (no public half; flagged candidates kept with their "
    "flags) until `dragon release`.",
)
PUBLISH_DATES = typer.Option(
    False,
    "--publish-dates",
    help="Give the public questions an as_of column: the day of their latest evidence text.",
)
