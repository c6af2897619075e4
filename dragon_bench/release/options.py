"""Command-line options that `dragon build`, `dragon publish` and `dragon update` share (one default and
one help text each)."""

from __future__ import annotations

import typer

__all__ = [
    "HF_ENDPOINT",
    "HF_TOKEN",
    "KG_BACKEND",
    "QUESTIONS_PER_TYPE",
    "QUESTION_BACKEND",
    "SEED",
]

KG_BACKEND = typer.Option("natasha", help="Triplet extraction: natasha or llm.")
QUESTION_BACKEND = typer.Option("template", help="Question phrasing: template or llm.")
QUESTIONS_PER_TYPE = typer.Option(50, help="At most this many questions per type.")
SEED = typer.Option(0, help="Seed of sampling and question order.")
HF_TOKEN = typer.Option(None, envvar="HF_TOKEN", help="Hugging Face token.")
HF_ENDPOINT = typer.Option(None, envvar="HF_ENDPOINT", help="Hub API endpoint.")
