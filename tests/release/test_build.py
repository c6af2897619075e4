"""build_revision: the DESIGN.md layout, dynamic updates, bad input and atomic failure."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.questions.shapes import QUESTION_TYPES
from dragon_bench.release.build import build_revision
from dragon_bench.release.draft import NothingToBuild
from dragon_bench.release.ids import public_ids
from dragon_bench.release.tables import triples_from_table
from dragon_bench.types import Document
from tests.helpers.corpus import DOCS, TRIPLES
from tests.helpers.nerel_gold import read_gold


def test_public_ids_are_a_keyed_permutation() -> None:
    ids = [f"doc-{i}" for i in range(200)]
    a = public_ids(ids, "k1")
    assert sorted(a.values()) == list(range(200))
    assert public_ids(list(reversed(ids)), "k1") == a  # input order does not matter
    b = public_ids(ids, "k2")
    assert a != b
    # not the identity nor the input order: many ids move
    assert sum(a[i] == n for n, i in enumerate(ids)) < 10
    with pytest.raises(ValueError):
        public_ids(["x", "x"], "k")


def test_build_writes_the_design_layout(tmp_path: Path) -> None:
    hub = Hub(str(tmp_path / "hub"))
    made = build_revision(DOCS, hub, triples=TRIPLES, per_type=3, seed=0)
    version = made.version
    assert version == "1.0.0" and hub.versions() == ["1.0.0"]
    root = tmp_path / "hub"
    assert sorted(p.name for p in (root / "public" / "1.0.0").iterdir()) == [
        "manifest.json",
        "questions.parquet",
        "texts.parquet",
    ]
    texts = pq.read_table(root / "public" / "1.0.0" / "texts.parquet").to_pylist()
    assert sorted(t["id"] for t in texts) == list(range(len(DOCS)))
    assert {t["text"] for t in texts} == {d.full_text for d in DOCS}
    questions = hub.read_table("public", version, "questions").to_pylist()
    assert [q["id"] for q in questions] == list(range(len(questions)))
    assert set(questions[0]) == {"id", "question"}
    qa = hub.read_table("private", version, "qa").to_pylist()
    assert [q["id"] for q in qa] == [q["id"] for q in questions]
    assert {q["type"] for q in qa} == set(QUESTION_TYPES)
    for row in qa:
        assert row["answers"] and set(row["text_ids"]) <= {d.id for d in DOCS}
        if row["type"] == "set":
            assert row["answer"] == ", ".join(row["answers"]) and len(row["answers"]) >= 2
        # every question carries its evidence: spans into the published text of its documents
        assert row["evidence"] and {e["doc_id"] for e in row["evidence"]} <= set(row["text_ids"])
        for e in row["evidence"]:
            text = next(d.full_text for d in DOCS if d.id == e["doc_id"])
            start, end = e["subject_span"]
            assert 0 <= start < end <= len(text)
    mapping = hub.read_table("private", version, "texts").to_pylist()
    by_public = {t["id"]: t["text"] for t in texts}
    for m in mapping:  # the private map joins internal ids to the published texts
        assert by_public[m["public_id"]] == next(d.full_text for d in DOCS if d.id == m["id"])
    kg = triples_from_table(hub.read_table("private", version, "kg"))
    assert set(kg) == set(TRIPLES)
    public_manifest = json.loads((root / "public" / "1.0.0" / "manifest.json").read_text())
    private_manifest = hub.read_manifest("private", version)
    assert "id_key" not in public_manifest and "content_hashes" not in public_manifest
    assert private_manifest["content_hashes"] == {d.id: d.content_hash for d in DOCS}
    public_blob = "".join(p.read_text(errors="ignore") for p in (root / "public").rglob("*.json"))
    assert not any(d.id in public_blob for d in DOCS)
    assert made.new == made.kept == made.documents == len(DOCS) and made.parent is None


def test_same_seed_same_revision_content(tmp_path: Path) -> None:
    a = build_revision(DOCS, str(tmp_path / "a"), triples=TRIPLES, per_type=3, id_key="k").version
    b = build_revision(DOCS, str(tmp_path / "b"), triples=TRIPLES, per_type=3, id_key="k").version
    for half, name in (("public", "texts"), ("public", "questions"), ("private", "qa")):
        ta = Hub(str(tmp_path / "a")).read_table(half, a, name)  # type: ignore[arg-type]
        tb = Hub(str(tmp_path / "b")).read_table(half, b, name)  # type: ignore[arg-type]
        assert ta.equals(tb), (half, name)


def test_dynamic_update_builds_on_new_documents_only(nerel_dev: Path, tmp_path: Path) -> None:
    docs, triples = read_gold(nerel_dev, limit=30)
    hub = Hub(str(tmp_path / "hub"))
    first = build_revision(docs[:20], hub, triples=triples, per_type=5).version
    second = build_revision(docs, hub, triples=triples, per_type=5).version
    assert (first, second) == ("1.0.0", "1.1.0")
    manifest = hub.read_manifest("public", second)
    assert manifest["parent"] == "1.0.0"
    assert manifest["counts"]["texts"] == 30  # the whole corpus is published
    newer = {d.id for d in docs[20:]}
    for row in hub.read_table("private", second, "qa").to_pylist():
        assert set(row["text_ids"]) <= newer
    assert (
        hub.read_manifest("private", second)["id_key"]
        == hub.read_manifest("private", first)["id_key"]
    )
    # nothing new: a clear error and no revision
    with pytest.raises(NothingToBuild, match="no new documents since 1.1.0"):
        build_revision(docs, hub, triples=triples, per_type=5)
    assert hub.versions() == ["1.0.0", "1.1.0"]
    # an explicit version and a full rebuild
    assert (
        build_revision(docs, hub, triples=triples, per_type=5, full=True, version="1.5.0").version
        == "1.5.0"
    )
    assert hub.read_manifest("public", "1.5.0")["parent"] is None


def test_a_corpus_published_before_the_parent_is_not_new_again(
    nerel_dev: Path, tmp_path: Path
) -> None:
    """#13 item 10: after 1.0.0 (corpus A) and 1.1.0 (corpus B), rebuilding A is refused; the
    comparison is with every published revision, not only the parent."""
    docs, triples = read_gold(nerel_dev, limit=40)
    a, b, extra = docs[:15], docs[15:30], docs[30:]
    hub = Hub(str(tmp_path / "hub"))
    assert build_revision(a, hub, triples=triples, per_type=5).version == "1.0.0"
    assert build_revision(b, hub, triples=triples, per_type=5).version == "1.1.0"
    with pytest.raises(NothingToBuild, match="no new documents since 1.1.0") as refused:
        build_revision(a, hub, triples=triples, per_type=5)
    assert "1.0.0" in str(refused.value) and hub.versions() == ["1.0.0", "1.1.0"]
    # a near-duplicate of a text published in 1.0.0 only is not new either
    edited = Document(id="copy", text=a[0].full_text.replace(".", " .", 1))
    with pytest.raises(NothingToBuild, match="near-duplicates"):
        build_revision([*b, edited], hub, triples=triples, per_type=5)
    # what is new beside them is built on, alone; the old texts are still published
    made = build_revision([*a, *extra], hub, triples=triples, per_type=5)
    assert (made.version, made.parent, made.new, made.kept) == ("1.2.0", "1.1.0", 10, 25)
    for row in hub.read_table("private", made.version, "qa").to_pylist():
        assert set(row["text_ids"]) <= {d.id for d in extra}


def test_bad_input_gives_clear_errors(tmp_path: Path) -> None:
    hub = str(tmp_path / "hub")
    with pytest.raises(BadInputError, match="no documents"):
        build_revision([], hub, triples=[])
    with pytest.raises(NothingToBuild, match="no questions"):
        build_revision(DOCS, hub, triples=[])
    clash = [DOCS[0], Document(id=DOCS[0].id, text="другой текст")]
    with pytest.raises(BadInputError, match="twice"):
        build_revision(clash, hub, triples=TRIPLES)
    with pytest.raises(BadInputError, match="version"):
        build_revision(DOCS, hub, triples=TRIPLES, version="2.x")
    assert not (tmp_path / "hub" / "public").exists() or Hub(hub).versions() == []


def test_a_failure_midway_leaves_no_revision(tmp_path: Path) -> None:
    class Broken:
        def split(self, triples):  # type: ignore[no-untyped-def]
            raise RuntimeError("knowledge base went away")

    hub = Hub(str(tmp_path / "hub"))
    with pytest.raises(RuntimeError):
        build_revision(DOCS, hub, triples=TRIPLES, novelty=Broken())
    assert hub.versions() == [] and hub.versions("private") == []
    assert build_revision(DOCS, hub, triples=TRIPLES, per_type=2).version == "1.0.0"  # rerun


def test_kg_table_round_trips_and_matches_the_kg_store(tmp_path: Path) -> None:
    from dragon_bench.release.tables import kg_table

    table = kg_table(TRIPLES[:5], TRIPLES[5:])
    assert table.column("novel").to_pylist() == [True] * 5 + [False] * (len(TRIPLES) - 5)
    assert triples_from_table(table) == TRIPLES
    store = pytest.importorskip("dragon_bench.kg.store")
    pq.write_table(table, tmp_path / "kg.parquet")
    assert store.read_triples(tmp_path / "kg.parquet") == TRIPLES


def test_known_facts_are_kept_out_of_questions(tmp_path: Path) -> None:
    class KnownPlaces:  # the novelty-filter interface: split(triples) -> (fresh, known)
        def split(self, triples):  # type: ignore[no-untyped-def]
            known = [t for t in triples if t.relation == "PLACE_OF_BIRTH"]
            return [t for t in triples if t not in known], known

    hub = Hub(str(tmp_path / "hub"))
    version = build_revision(DOCS, hub, triples=TRIPLES, per_type=20, novelty=KnownPlaces()).version
    kg = hub.read_table("private", version, "kg").to_pylist()
    assert {r["relation"] for r in kg if not r["novel"]} == {"PLACE_OF_BIRTH"}
    for row in hub.read_table("private", version, "qa").to_pylist():
        assert "родил" not in row["question"] and row["answer"] not in ("Москва", "Ленинград")


def test_build_with_llm_questions_records_the_model(tmp_path: Path, llm_server) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.llm import LLMClient

    llm_server.reply = lambda req: json.dumps(
        {"question": f"Вопрос по фактам {len(req['messages'][1]['content'])}?"}
    )
    hub = Hub(str(tmp_path / "hub"))
    client = LLMClient(llm_server.settings(tmp_path))
    version = build_revision(
        DOCS, hub, triples=TRIPLES, per_type=2, question_backend="llm", llm=client
    ).version
    manifest = hub.read_manifest("private", version)
    assert manifest["llm_model"] == "test-model" and manifest["question_backend"] == "llm"
    qa = hub.read_table("private", version, "qa").to_pylist()
    assert qa and all(q["question"].startswith("Вопрос по фактам") for q in qa)


def test_build_on_an_fsspec_url() -> None:
    import uuid

    hub = Hub(f"memory://dragon-{uuid.uuid4().hex[:8]}")
    assert build_revision(DOCS, hub, triples=TRIPLES, per_type=2).version == "1.0.0"
    assert hub.versions() == ["1.0.0"] and hub.versions("private") == ["1.0.0"]
    assert len(hub.read_table("public", "1.0.0", "texts")) == len(DOCS)
