"""The dragon-bench leaderboard as a Gradio app (a Hugging Face Space), written by
`dragon leaderboard space`.

It reads the results file the portal commits (`space.json` says where: a path beside this file
or an https URL; `DRAGON_RESULTS` overrides it) on every page load, and shows the portal's
views: a table per version, the "actual versions" view over the last N, per-type columns,
intervals, model descriptions, sorting, search and a bar chart by question type.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # no calls home

import gradio as gr  # noqa: E402
import views  # noqa: E402  (copied beside this file)

HERE = Path(__file__).resolve().parent
CONFIG: dict[str, Any] = json.loads((HERE / "space.json").read_text(encoding="utf-8"))
SORT_LABELS = {
    "Total": "total",
    "Retrieval": "retrieval",
    "Generation": "generation",
    "Judge": "judge",
    "Model": "model_name",
    "Version": "version",
    "Date": "date",
}


def source() -> str:
    return os.environ.get("DRAGON_RESULTS") or CONFIG["results"]


def load() -> dict[str, Any]:
    """The results file, or an empty one (with the reason shown) when it cannot be read."""
    where = source()
    try:
        if where.startswith(("http://", "https://")):
            with urllib.request.urlopen(where, timeout=30) as resp:  # noqa: S310
                data = json.loads(resp.read().decode("utf-8"))
        else:
            path = Path(where) if Path(where).is_absolute() else HERE / where
            data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("schema_version") != CONFIG["schema_version"]:
            raise ValueError(f"schema_version {data.get('schema_version')!r} is not supported")
    except (OSError, ValueError) as exc:
        return {"schema_version": CONFIG["schema_version"], "items": {}, "error": str(exc)}
    return data  # type: ignore[no-any-return]


def render(
    data: dict[str, Any],
    version: str | None,
    actual: bool,
    last_n: int,
    sort: str,
    order: str,
    query: str,
) -> tuple[str, dict[str, Any], str, list[list[str]]]:
    """Note, table, chart and model descriptions for one selection."""
    known = views.versions(data)
    if actual:
        rows = views.rows_for_actual(data, int(last_n))
        window = known[-max(1, int(last_n)) :]
        note = (
            f"Each model averaged over its latest results on {', '.join(window) or 'no versions'}."
        )
    else:
        version = version if version in known else (known[-1] if known else None)
        rows = views.rows_for_version(data, version) if version else []
        note = (
            f"Latest approved result per model on version {version}."
            if version
            else "No results are published yet."
        )
    if data.get("error"):
        note = f"The results file could not be read: {data['error']}"
    key = SORT_LABELS.get(sort, "total")
    descending = None if order == "default" else order == "descending"
    rows = views.sort_rows(rows, key, descending)
    shown = views.search_rows(rows, query or "")
    if query and query.strip():
        note += f" {len(shown)} of {len(rows)} models match “{query.strip()}”."
    headers, cells = views.table(shown, actual=actual, order=CONFIG["type_order"])
    chart = views.chart_svg(shown, order=CONFIG["type_order"])
    return note, {"headers": headers, "data": cells}, chart, views.descriptions(data)


def build() -> gr.Blocks:
    with gr.Blocks(title=CONFIG["title"]) as demo:
        state = gr.State({"schema_version": CONFIG["schema_version"], "items": {}})
        gr.Markdown(f"# {CONFIG['title']}")
        with gr.Row():
            version = gr.Dropdown(label="Version", choices=[], interactive=True, elem_id="version")
            actual = gr.Checkbox(label="Actual versions", value=False, elem_id="actual")
            last_n = gr.Slider(
                label="Last N versions", minimum=1, maximum=10, step=1, value=3, elem_id="lastn"
            )
        with gr.Row():
            sort = gr.Dropdown(
                label="Sort by", choices=list(SORT_LABELS), value="Total", elem_id="sort"
            )
            order = gr.Radio(
                label="Order",
                choices=["default", "descending", "ascending"],
                value="default",
                elem_id="order",
            )
            query = gr.Textbox(
                label="Search models", placeholder="name, retriever, embedding", elem_id="search"
            )
        note = gr.Markdown(elem_id="window-note")
        board = gr.Dataframe(label="Leaderboard", elem_id="board", interactive=False, wrap=True)
        gr.Markdown("## Score by question type")
        chart = gr.HTML(elem_id="chart")
        with gr.Accordion("Model descriptions", open=True):
            models = gr.Dataframe(
                headers=["Model", "Version", "Submission", "Description"],
                elem_id="models",
                interactive=False,
                wrap=True,
            )
        gr.Markdown(f"Results file: `{source()}` (schema {CONFIG['schema_version']}).")

        controls = [state, version, actual, last_n, sort, order, query]
        outputs = [note, board, chart, models]

        def on_load(
            *args: Any,
        ) -> tuple[Any, ...]:
            data = load()
            known = views.versions(data)
            newest = known[-1] if known else None
            shown = render(data, newest, *args[2:])
            return (
                data,
                gr.Dropdown(choices=list(reversed(known)), value=newest),
                gr.Slider(maximum=max(1, len(known)), value=min(3, max(1, len(known)))),
                *shown,
            )

        demo.load(on_load, controls, [state, version, last_n, *outputs])
        for control in (version, actual, last_n, sort, order, query):
            control.change(render, controls, outputs)
    return demo


if __name__ == "__main__":
    # Host and port come from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT (a Space sets them).
    build().launch(ssr_mode=False, footer_links=[])
