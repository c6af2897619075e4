"""Issue #13 item 9: a results file made for one revision is never scored against another.
`dragon run` records the version in `<out>.run.json`; `submit`, `evaluate` and `compare` take it
from there and refuse (exit 2) another; without a record, keys and found ids must belong to the
chosen revision. The portal's submit form has no default version."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.portal.settings import PortalSettings
from tests.helpers.portal import write_hub
from tests.plugins.dragon_main import Outcome

Main = Callable[..., Outcome]


@pytest.fixture
def two_versions(tmp_path: Path) -> Path:
    """1.0.0 and 1.1.0 with the same question ids and text ids: only the run record tells."""
    write_hub(tmp_path / "hub")
    return tmp_path / "hub"


@pytest.fixture
def made_for_100(two_versions: Path, tmp_path: Path, dragon_main: Main) -> Path:
    out = tmp_path / "r100.json"
    done = dragon_main("run", "--hub", str(two_versions), "--version", "1.0.0", "--out", str(out))
    assert done.code == 0, done.err
    return out


def test_run_writes_the_version(made_for_100: Path) -> None:
    record = json.loads(Path(str(made_for_100) + ".run.json").read_text(encoding="utf-8"))
    assert record["version"] == "1.0.0"


def test_evaluate_takes_the_recorded_version_and_refuses_another(
    made_for_100: Path, two_versions: Path, dragon_main: Main
) -> None:
    base = ("evaluate", "-r", str(made_for_100), "--hub", str(two_versions), "--format", "json")
    ok = dragon_main(*base)
    assert ok.code == 0, ok.err
    assert json.loads(ok.out)["version"] == "1.0.0"  # not the latest, 1.1.0
    for version in ("latest", "1.1.0"):
        refused = dragon_main(*base, "--version", version)
        assert refused.code == 2, (version, refused)
        assert "revision 1.0.0" in refused.err and "1.1.0" in refused.err
        assert "Traceback" not in refused.err
    assert dragon_main(*base, "--version", "1.0.0").code == 0


def test_compare_checks_every_results_file(
    made_for_100: Path, two_versions: Path, tmp_path: Path, dragon_main: Main
) -> None:
    out110 = tmp_path / "r110.json"
    assert dragon_main("run", "--hub", str(two_versions), "--out", str(out110)).code == 0
    hub = ("--hub", str(two_versions), "--resamples", "50", "--format", "json")
    same = dragon_main("compare", str(made_for_100), str(made_for_100), *hub)
    assert same.code == 0, same.err
    assert json.loads(same.out)["version"] == "1.0.0"
    mixed = dragon_main("compare", str(made_for_100), str(out110), *hub)
    assert mixed.code == 2 and "r110.json holds answers to revision 1.1.0" in mixed.err
    wrong = dragon_main(
        "compare", str(made_for_100), str(made_for_100), *hub, "--version", "latest"
    )
    assert wrong.code == 2


def test_without_a_record_keys_and_ids_must_belong_to_the_revision(
    two_versions: Path, tmp_path: Path, dragon_main: Main
) -> None:
    for name, data, problem in (
        ("key.json", {"9": {"found_ids": [41], "model_answer": "x"}}, "key '9'"),
        ("ids.json", {"0": {"found_ids": [4242], "model_answer": "x"}}, "4242"),
    ):
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        r = dragon_main("evaluate", "-r", str(path), "--hub", str(two_versions))
        assert r.code == 2 and problem in r.err, r


def test_submit_takes_the_recorded_version_and_refuses_another(
    made_for_100: Path, two_versions: Path, tmp_path: Path, dragon_main: Main, launch_portal: Any
) -> None:
    settings = PortalSettings(
        hub=str(two_versions), db=f"sqlite:///{tmp_path / 'p.db'}", worker=False
    )
    server, http, tokens = launch_portal(settings, roles=("participant", "admin"))
    base = ("submit", str(made_for_100), "--portal", server.url, "--token", tokens["participant"])
    for version in ("latest", "1.1.0"):
        refused = dragon_main(*base, "--version", version)
        assert refused.code == 2, refused
        assert "revision 1.0.0" in refused.err
    ok = dragon_main(*base, "--format", "json")
    assert ok.code == 0, ok.err
    sid = json.loads(ok.out)["id"]
    assert json.loads(ok.out)["version"] == "1.0.0"
    stored = http.get(
        f"/api/v1/submissions/{sid}", headers={"Authorization": f"Bearer {tokens['admin']}"}
    )
    assert stored.json()["version"] == "1.0.0"  # the portal's latest is 1.1.0
    # Without a record the portal checks keys and ids against the revision it scores.
    loose = tmp_path / "loose.json"
    loose.write_text(json.dumps({"9": {"found_ids": [41], "model_answer": "x"}}), encoding="utf-8")
    r = dragon_main("submit", str(loose), "--portal", server.url, "--token", tokens["participant"])
    assert r.code == 2 and "'9'" in r.err


def test_submit_form_has_no_default_version(
    two_versions: Path, tmp_path: Path, launch_portal: Any
) -> None:
    settings = PortalSettings(
        hub=str(two_versions), db=f"sqlite:///{tmp_path / 'p.db'}", worker=False
    )
    server, http, tokens = launch_portal(settings, roles=("participant",))
    http.post("/login", data={"token": tokens["participant"], "next": "/submit"})
    page = http.get("/submit").text
    select = page.split('<select name="version"', 1)[1].split("</select>", 1)[0]
    assert " required" in select.split(">", 1)[0]
    options = select.split("<option")[1:]
    assert 'value=""' in options[0] and "selected" in options[0] and "disabled" in options[0]
    assert all("selected" not in o for o in options[1:])
    assert [o.split('value="', 1)[1].split('"', 1)[0] for o in options[1:]] == ["1.1.0", "1.0.0"]


def test_validate_names_noncanonical_keys(two_versions: Path, tmp_path: Path) -> None:
    """`dragon submit --check` / client.validate: "²" used to crash int(); now it is named."""
    from dragon_bench.client import load, validate

    revision = load(hub=str(two_versions), version="1.0.0")
    data = {k: {"found_ids": [41], "model_answer": "x"} for k in ("²", "01", "١", "0")}
    report = validate(data, revision, strict=False)
    text = "; ".join(report.errors)
    for key in ("²", "01", "١"):
        assert repr(key) in text, text
