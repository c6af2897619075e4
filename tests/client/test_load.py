"""Loading revisions from a hub folder, Hugging Face-style git repos and a portal over HTTP."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from dragon_bench.client import load
from dragon_bench.errors import BadInputError
from tests.helpers.hub import QUESTIONS, TEXTS, make_dataset_repo, write_hub


def test_load_hub_latest(tmp_path: Path) -> None:
    write_hub(tmp_path, "1.0.0")
    write_hub(tmp_path, "1.10.0")
    write_hub(tmp_path, "1.9.0")
    rev = load(hub=tmp_path)
    assert rev.version == "1.10.0"
    assert rev.texts == TEXTS and rev.questions == QUESTIONS
    assert load(hub=str(tmp_path), version="1.9.0").version == "1.9.0"
    with pytest.raises(BadInputError, match="1.5.0"):
        load(hub=tmp_path, version="1.5.0")
    with pytest.raises(BadInputError, match="exactly one"):
        load()


def _texts(n: int) -> pa.Table:
    return pa.table({"id": list(range(n)), "text": [f"текст {i}" for i in range(n)]})


def _questions(n: int) -> pa.Table:
    return pa.table({"id": list(range(n)), "question": [f"вопрос {i}?" for i in range(n)]})


def test_load_hf_layout_from_local_clones(tmp_path: Path) -> None:
    # The DRAGON layout: <name>-texts and <name>-questions, git tags are versions.
    make_dataset_repo(
        tmp_path / "bench-texts", {"1.2.0": _texts(2), "1.10.0": _texts(3), "1.9.0": _texts(4)}
    )
    make_dataset_repo(
        tmp_path / "bench-questions",
        {"1.2.0": _questions(1), "1.9.0": _questions(2), "1.10.0": _questions(5)},
    )
    rev = load(hf=str(tmp_path / "bench"))
    assert rev.version == "1.10.0"  # integer comparison, not 1.9.0
    assert len(rev.texts) == 3 and len(rev.questions) == 5
    old = load(hf=str(tmp_path / "bench"), version="1.2.0")
    assert old.texts == {0: "текст 0", 1: "текст 1"} and old.questions == {0: "вопрос 0?"}


def test_load_hf_version_mismatch_is_clear(tmp_path: Path) -> None:
    make_dataset_repo(tmp_path / "b-texts", {"1.0.0": _texts(2), "1.1.0": _texts(3)})
    make_dataset_repo(tmp_path / "b-questions", {"1.0.0": _questions(1)})
    with pytest.raises(BadInputError, match=r"1\.1\.0 but latest questions version is 1\.0\.0"):
        load(hf=str(tmp_path / "b"))
    assert load(hf=str(tmp_path / "b"), version="1.0.0").version == "1.0.0"
    with pytest.raises(BadInputError, match="has no version 1.1.0"):
        load(hf=str(tmp_path / "b"), version="1.1.0")


class _Portal(BaseHTTPRequestHandler):
    """The agreed public dataset endpoint: GET /api/v1/revisions/{version}/{texts|questions}."""

    latest = "1.2.0"
    pins_latest = False  # newer portals name the latest version at /api/v1/revisions/latest
    seen: list[str] = []

    def do_GET(self) -> None:  # noqa: N802
        self.seen.append(self.path)
        parts = self.path.strip("/").split("/")
        if self.pins_latest and parts == ["api", "v1", "revisions", "latest"]:
            body = json.dumps({"version": self.latest}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if parts[:3] != ["api", "v1", "revisions"] or len(parts) != 5:
            self.send_error(404)
            return
        version, name = parts[3], parts[4]
        version = self.latest if version == "latest" else version
        if version != self.latest:
            self.send_error(404)
            return
        if name == "texts":  # parquet with the version in a header
            sink = pa.BufferOutputStream()
            pq.write_table(pa.table({"id": list(TEXTS), "text": list(TEXTS.values())}), sink)
            body = sink.getvalue().to_pybytes()
            ctype = "application/vnd.apache.parquet"
        else:  # JSON carrying the version
            items = [{"id": k, "question": v} for k, v in QUESTIONS.items()]
            body = json.dumps({"version": version, "items": items}).encode()
            ctype = "application/json"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("X-Dragon-Version", version)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def portal() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Portal)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_load_from_portal(portal: str) -> None:
    rev = load(hub=portal)
    assert rev.version == "1.2.0" and rev.texts == TEXTS and rev.questions == QUESTIONS
    _Portal.pins_latest = True
    _Portal.seen.clear()
    try:
        assert load(hub=portal).version == "1.2.0"
    finally:
        _Portal.pins_latest = False
    # latest is pinned first, so texts and questions come from the same version
    assert _Portal.seen == [
        "/api/v1/revisions/latest",
        "/api/v1/revisions/1.2.0/texts",
        "/api/v1/revisions/1.2.0/questions",
    ]
    with pytest.raises(BadInputError, match="no revision 1.0.0"):
        load(hub=portal, version="1.0.0")


def test_unreachable_portal_is_one_clear_error() -> None:
    from dragon_bench.errors import DragonError

    with pytest.raises(DragonError, match="cannot reach the portal"):
        load(hub="http://127.0.0.1:9", timeout=2)


def test_load_from_s3_hub(s3_server: Any) -> None:
    import uuid

    from dragon_bench.hub import Hub

    url = s3_server.create_bucket(f"hub-{uuid.uuid4().hex[:12]}") + "/bench"
    hub = Hub(url, s3_server.storage_options)
    public = {
        "texts": pa.table({"id": list(TEXTS), "text": list(TEXTS.values())}),
        "questions": pa.table({"id": list(QUESTIONS), "question": list(QUESTIONS.values())}),
    }
    # the public half as a publisher uploads it: parquet files, then the manifest
    for name, table in public.items():
        with hub.fs.open(hub.path("public", "1.3.0", f"{name}.parquet"), "wb") as f:
            pq.write_table(table, f)
    with hub.fs.open(hub.path("public", "1.3.0", "manifest.json"), "w") as f:
        f.write(json.dumps({"version": "1.3.0"}))
    rev = load(hub=url, storage_options=s3_server.storage_options)
    assert rev.version == "1.3.0" and rev.texts == TEXTS and rev.source == url
