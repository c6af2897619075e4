"""`dragon leaderboard space`: the files it writes, and the Gradio app running in Chromium."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from dragon_bench.leaderboard import views
from dragon_bench.leaderboard.space import GRADIO_VERSION, write_space
from dragon_bench.portal.results_file import build_results, dump_results
from tests.helpers.cli import dragon
from tests.leaderboard.test_views import _entries

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def results_file(tmp_path: Path) -> Path:
    entries, versions = _entries(7)
    path = tmp_path / "gradio.json"
    path.write_bytes(dump_results(build_results(entries, versions)))
    return path


def test_space_files(
    tmp_path: Path, results_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "space"
    out.mkdir()
    (out / ".git").mkdir()  # a Space's clone: other files stay
    run = dragon(
        capsys,
        "leaderboard",
        "space",
        "--out",
        str(out),
        "--with-results",
        str(results_file),
        "--title",
        "ДРАКОН: board",
        "--format",
        "json",
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["files"] == [
        "app.py",
        "views.py",
        "space.json",
        "requirements.txt",
        "README.md",
        "results.json",
    ]
    assert (out / ".git").is_dir()
    readme = (out / "README.md").read_text()
    header = yaml.safe_load(readme.split("---\n")[1])
    assert header["sdk"] == "gradio" and header["app_file"] == "app.py"
    assert header["sdk_version"] == GRADIO_VERSION and header["title"] == "ДРАКОН: board"
    assert "gradio" in (out / "requirements.txt").read_text()
    config = json.loads((out / "space.json").read_text())
    assert config["results"] == "results.json" and config["schema_version"] == 1
    assert config["type_order"][:2] == ["simple", "set"]
    # The Space runs the very view code the portal's rows are checked against.
    assert (out / "views.py").read_bytes() == Path(views.__file__).read_bytes()
    assert (out / "results.json").read_bytes() == results_file.read_bytes()
    compile((out / "app.py").read_text(), "app.py", "exec")


def test_space_refuses_a_bad_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"schema_version": 1, "items": {"v1": {}}}))
    run = dragon(
        capsys, "leaderboard", "space", "--out", str(tmp_path / "s"), "--with-results", str(bad)
    )
    assert run.returncode == 2 and "/items/v1: not a version" in run.stderr
    assert not (tmp_path / "s" / "app.py").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def space_url(tmp_path: Path, results_file: Path) -> Iterator[str]:
    pytest.importorskip(
        "gradio", reason="the Space needs gradio: pip install 'dragon-bench[space]' (in dev)"
    )
    out = tmp_path / "space"
    write_space(out, results_file=results_file)
    port = _free_port()
    env = {
        **os.environ,
        "GRADIO_SERVER_NAME": "127.0.0.1",
        "GRADIO_SERVER_PORT": str(port),
        "GRADIO_ANALYTICS_ENABLED": "False",
        "HF_HUB_OFFLINE": "1",
    }
    log = (tmp_path / "space.log").open("wb")
    proc = subprocess.Popen([sys.executable, "app.py"], cwd=out, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"app.py exited: {(tmp_path / 'space.log').read_text()[-2000:]}")
            try:
                if httpx.get(url, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("app.py did not answer within 90 s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _rows(page: Any) -> list[list[str]]:
    lines = page.locator("#board [role=row]").all_inner_texts()[1:]
    return [[c.strip() for c in line.split("\n") if c.strip()] for line in lines]


@pytest.mark.browser
@pytest.mark.slow
def test_space_renders_the_boards_views(
    space_url: str, results_file: Path, page: Any, artifacts: Path
) -> None:
    data = json.loads(results_file.read_text())
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            None if r.url.startswith(("http://127.0.0.1", "data:")) else outside.append(r.url)
        ),
    )
    page.goto(space_url)
    page.wait_for_selector("#window-note p")
    # Newest version first and chosen, as on the portal page (1.10.0 has no result yet).
    assert "version 1.10.0" in page.locator("#window-note").inner_text()
    page.locator("#version input").click()
    page.get_by_role("option", name="1.0.0").click()
    page.wait_for_function("document.querySelector('#window-note').innerText.includes('1.0.0')")
    want = views.rows_for_version(data, "1.0.0")
    page.wait_for_function(
        f"document.querySelectorAll('#board [role=row]').length == {len(want) + 1}"
    )
    rows = _rows(page)
    assert [r[1] for r in rows] == [w["model_name"] for w in want]
    assert rows[0][0] == "1" and float(rows[0][4]) == pytest.approx(want[0]["total"], abs=5e-4)
    ci = want[0]["ci"]["total"]
    assert f"{ci[0]:.3f}–{ci[1]:.3f}" in rows[0]
    headers = page.locator("#board [role=columnheader]").all_inner_texts()
    assert [h.strip() for h in headers[7:11]] == ["simple", "set", "conditional", "multi-hop"]
    bars = sum(views.type_score(r, t) is not None for r in want[:6] for t in views.type_names(want))
    assert page.locator("#chart rect.bar").count() == bars > 0
    page.screenshot(path=str(artifacts / "space-version.png"), full_page=True)

    # Search narrows the table to the matching models.
    target = want[1]["model_name"]
    page.locator("#search textarea, #search input").first.fill(target)
    page.wait_for_function("document.querySelectorAll('#board [role=row]').length == 2")
    assert [r[1] for r in _rows(page)] == [target]
    page.locator("#search textarea, #search input").first.fill("")
    page.wait_for_function(
        f"document.querySelectorAll('#board [role=row]').length == {len(want) + 1}"
    )

    # Sorting by model name, A-Z.
    page.locator("#sort input").click()
    page.get_by_role("option", name="Model").click()
    page.wait_for_function(
        "document.querySelectorAll('#board [role=row]')[1].innerText.includes("
        f"{json.dumps(sorted(w['model_name'] for w in want)[0])})"
    )
    assert [r[1] for r in _rows(page)] == sorted(w["model_name"] for w in want)

    # The actual-versions view over the last 3 versions.
    page.locator("#actual input").check()
    page.wait_for_function("document.querySelector('#window-note').innerText.includes('averaged')")
    actual = views.sort_rows(views.rows_for_actual(data, 3), "model_name")
    page.wait_for_function(
        f"document.querySelectorAll('#board [role=row]').length == {len(actual) + 1}"
    )
    assert [r[1] for r in _rows(page)] == [a["model_name"] for a in actual]
    assert "1.1.0, 1.2.0, 1.10.0" in page.locator("#window-note").inner_text()
    described = page.locator("#models [role=row]").all_inner_texts()[1:]
    assert len(described) == len(views.descriptions(data))
    page.screenshot(path=str(artifacts / "space-actual.png"), full_page=True)
    assert outside == []


@pytest.mark.slow
def test_portal_and_commands_never_import_gradio() -> None:
    code = (
        "import sys\n"
        "import dragon_bench.portal.app, dragon_bench.leaderboard.cli\n"
        "import dragon_bench.leaderboard.space, dragon_bench.portal.results_file\n"
        "assert 'gradio' not in sys.modules, 'gradio imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def _load_in_space(space: Path, env: dict[str, str]) -> dict[str, Any]:
    """What the app's `load()` reads, run inside the written Space as the Space runs it."""
    code = "import json, app; print(json.dumps(app.load()))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=space,
        env={**os.environ, "GRADIO_ANALYTICS_ENABLED": "False", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.slow
def test_space_reads_the_file_from_a_url_and_reports_a_bad_one(
    tmp_path: Path, results_file: Path
) -> None:
    pytest.importorskip(
        "gradio", reason="the Space needs gradio: pip install 'dragon-bench[space]' (in dev)"
    )
    from http.server import BaseHTTPRequestHandler

    from tests.plugins.http_thread import serve_http

    body = results_file.read_bytes()

    class Files(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def do_GET(self) -> None:
            data = body if self.path == "/results.json" else b'{"schema_version": 9, "items": {}}'
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    space = tmp_path / "space"
    with serve_http(Files) as server:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        write_space(space, results=f"{base}/results.json")
        assert _load_in_space(space, {}) == json.loads(body)
        bad = _load_in_space(space, {"DRAGON_RESULTS": f"{base}/other.json"})
    assert bad["items"] == {} and "schema_version 9 is not supported" in bad["error"]
    missing = _load_in_space(space, {"DRAGON_RESULTS": str(tmp_path / "none.json")})
    assert missing["items"] == {} and "none.json" in missing["error"]
