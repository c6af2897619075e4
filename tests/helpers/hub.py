"""Small revisions and Hugging Face-style dataset repos (git clones with version tags) for tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.hub import Hub
from dragon_bench.release.build import build_revision
from tests.helpers.corpus import DOCS, TRIPLES

TEXTS = {
    11: "Барак Обама купил дом в Вашингтоне. Дом стоит 8,1 млн долларов.",
    42: "Футбольный клуб «Зенит» выиграл чемпионат России в 2019 году.",
    7: "Компания Яндекс открыла офис в Казани.",
}
QUESTIONS = {0: "Где Барак Обама купил дом?", 1: "Какой клуб выиграл чемпионат России?"}


def write_hub(
    root: Path,
    version: str = "1.0.0",
    texts: dict[int, str] = TEXTS,
    questions: dict[int, str] = QUESTIONS,
) -> Hub:
    """A revision of `texts` and `questions` (public ids as keys; internal ids `d<id>`)."""
    hub = Hub(str(root))
    public = {
        "texts": pa.table({"id": list(texts), "text": list(texts.values())}),
        "questions": pa.table({"id": list(questions), "question": list(questions.values())}),
    }
    private = {"texts": pa.table({"id": [f"d{i}" for i in texts], "public_id": list(texts)})}
    hub.write_revision(version, public, private)
    return hub


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(repo), *args],
        check=True,
        capture_output=True,
    )


def make_dataset_repo(repo: Path, versions: dict[str, pa.Table]) -> None:
    """A git repo like a Hub dataset clone: data/train-*.parquet, one commit and tag a version."""
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "README.md").write_text("dataset card\n")
    for version, table in versions.items():
        (repo / "data").mkdir(exist_ok=True)
        pq.write_table(table, repo / "data" / "train-00000-of-00001.parquet")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", version)
        _git(repo, "tag", version)


def staged_hub(root: Path) -> tuple[Hub, str]:
    """A hub holding one staged revision (review candidates) of the small corpus, and its version."""
    made = build_revision(DOCS, root, triples=TRIPLES, per_type=3, seed=0, review=True)
    return Hub(str(root)), made.version
