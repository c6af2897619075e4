// Leaderboard page: version selector, actual-versions toggle, last-n slider, cutoff selector,
// sortable table, SVG charts.
(function () {
  "use strict";
  const TYPES = ["simple", "set", "conditional", "multi_hop"];
  const COLORS = ["#2f6fde", "#e0803a", "#3a9d5d", "#b04ab8", "#c9423f", "#4aa8b0"];
  const $ = (id) => document.getElementById(id);
  let board = JSON.parse($("board-data").textContent);
  let sortKey = cutoffShown() ? "cutoff_total" : "total";
  let sortDesc = true;

  function cutoffShown() { return !!(board.cutoff && board.cutoff.shown); }

  function fmt(v) { return typeof v === "number" ? v.toFixed(3) : "—"; }
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function types() {
    const seen = new Set();
    board.rows.forEach((r) => Object.keys(r.by_type || {}).forEach((t) => seen.add(t)));
    const known = TYPES.filter((t) => seen.has(t));
    return known.concat([...seen].filter((t) => !TYPES.includes(t)).sort());
  }
  function typeScore(row, t) {
    const b = (row.by_type || {})[t];
    if (!b || typeof b.retrieval !== "number" || typeof b.generation !== "number") return null;
    return (b.retrieval + b.generation) / 2;
  }
  function columns() {
    const cols = [
      { key: "rank", label: "#", get: (r) => r.rank, num: true },
      { key: "model_name", label: "Model", get: (r) => r.model_name },
      { key: "retrieval", label: "Retrieval", get: (r) => r.retrieval, num: true, ci: "retrieval" },
      { key: "generation", label: "Generation", get: (r) => r.generation, num: true, ci: "generation" },
      { key: "total", label: "Total", get: (r) => r.total, num: true, ci: "total" },
    ];
    if (cutoffShown()) {
      const after = " after " + board.cutoff.date;
      cols.push({ key: "cutoff_retrieval", label: "Fresh retrieval", get: (r) => r.cutoff_retrieval, num: true, title: "retrieval" + after });
      cols.push({ key: "cutoff_generation", label: "Fresh generation", get: (r) => r.cutoff_generation, num: true, title: "generation" + after });
      cols.push({ key: "cutoff_total", label: "Fresh total", get: (r) => r.cutoff_total, num: true, title: "total" + after });
    }
    cols.push({ key: "judge", label: "Judge", get: (r) => r.judge, num: true });
    types().forEach((t) => cols.push({ key: "type:" + t, label: t.replace("_", "-"), get: (r) => typeScore(r, t), num: true }));
    cols.push({ key: "version", label: board.mode === "actual" ? "Versions" : "Version", get: (r) => r.versions.join(", ") });
    cols.push({ key: "date", label: "Date", get: (r) => (r.date || "").slice(0, 10) });
    cols.push({ key: "retriever_type", label: "Retriever", get: (r) => r.retriever_type || "" });
    cols.push({ key: "embedding_model", label: "Embedding", get: (r) => r.embedding_model || "" });
    return cols;
  }
  function showRefs() { return $("show-refs").checked && (board.references || []).length > 0; }
  function sortedRows(cols, withRefs) {
    const col = cols.find((c) => c.key === sortKey) || cols[4];
    const rows = board.rows.concat(withRefs ? board.references || [] : []);
    rows.sort((a, b) => {
      const x = col.get(a), y = col.get(b);
      if (x === null || x === undefined || x === "") return 1;
      if (y === null || y === undefined || y === "") return -1;
      const cmp = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
      return sortDesc ? -cmp : cmp;
    });
    return rows;
  }
  function renderTable() {
    const cols = columns();
    const thead = $("board").querySelector("thead");
    const tbody = $("board").querySelector("tbody");
    thead.textContent = "";
    tbody.textContent = "";
    const tr = el("tr");
    cols.forEach((c) => {
      const th = el("th", { "data-key": c.key, class: c.num ? "num sortable" : "sortable" }, c.label);
      if (c.title) th.title = c.title;
      if (c.key === sortKey) th.classList.add(sortDesc ? "desc" : "asc");
      th.addEventListener("click", () => {
        if (sortKey === c.key) sortDesc = !sortDesc;
        else { sortKey = c.key; sortDesc = c.num && c.key !== "rank"; }
        renderTable();
      });
      tr.appendChild(th);
    });
    thead.appendChild(tr);
    sortedRows(cols, showRefs()).forEach((r) => {
      const row = el("tr", r.reference ? { class: "reference" } : {});
      cols.forEach((c) => {
        const td = el("td", { class: c.num ? "num" : "" });
        const v = c.get(r);
        if (r.reference && c.key === "rank") {
          td.textContent = "ref";
        } else if (r.reference && c.key === "model_name") {
          const ref = r.reference;
          td.appendChild(document.createTextNode(v + " "));
          const known = typeof ref.share === "number" ? ` ${ref.from_memory} of ${ref.n_questions} (${(100 * ref.share).toFixed(0)}%) answered from memory.` : "";
          td.appendChild(el("span", { class: "badge-ref", title: "Closed-book reference: the model asked every question with no text (no retrieval); not ranked." + known }, "closed-book"));
        } else if (c.key === "model_name" && r.submit_id) {
          td.appendChild(el("a", { href: "/submissions/" + encodeURIComponent(r.submit_id) }, v));
        } else {
          td.textContent = c.num ? (c.key === "rank" ? String(v) : fmt(v)) : v;
        }
        const ci = c.ci && r.ci && r.ci[c.ci];
        if (ci) {
          const range = ci[0].toFixed(2) + "–" + ci[1].toFixed(2);
          td.title = "95% bootstrap CI " + range;
          if (c.key === "total") td.appendChild(el("span", { class: "ci" }, " ±" + ((ci[1] - ci[0]) / 2).toFixed(2)));
        }
        row.appendChild(td);
      });
      tbody.appendChild(row);
    });
    $("empty").hidden = board.rows.length > 0;
    $("board").hidden = board.rows.length === 0;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function renderChart() {
    const box = $("chart");
    box.textContent = "";
    const ts = types();
    const models = sortedRows(columns(), false).slice(0, 6);
    if (!ts.length || !models.length) {
      box.appendChild(el("p", { class: "note" }, "No per-type scores to chart yet."));
      return;
    }
    const W = 720, H = 260, left = 40, bottom = 40, top = 16;
    const plotH = H - bottom - top, groupW = (W - left - 10) / ts.length;
    const barW = Math.max(6, Math.min(28, (groupW - 16) / models.length));
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H + 22 * Math.ceil(models.length / 3)}`, width: "100%", class: "bars" });
    [0, 0.25, 0.5, 0.75, 1].forEach((v) => {
      const y = top + plotH * (1 - v);
      chart.appendChild(svg("line", { x1: left, x2: W - 10, y1: y, y2: y, class: "grid" }));
      chart.appendChild(svg("text", { x: left - 6, y: y + 4, class: "axis", "text-anchor": "end" }, v.toFixed(2)));
    });
    ts.forEach((t, i) => {
      const gx = left + i * groupW + (groupW - barW * models.length) / 2;
      models.forEach((m, j) => {
        const v = typeScore(m, t);
        if (v === null) return;
        const h = plotH * Math.max(0, Math.min(1, v));
        const rect = svg("rect", { x: gx + j * barW, y: top + plotH - h, width: barW - 2, height: h, fill: COLORS[j % COLORS.length] });
        rect.appendChild(svg("title", {}, `${m.model_name} · ${t}: ${v.toFixed(3)}`));
        chart.appendChild(rect);
      });
      chart.appendChild(svg("text", { x: left + i * groupW + groupW / 2, y: H - bottom + 18, class: "axis", "text-anchor": "middle" }, t.replace("_", "-")));
    });
    models.forEach((m, j) => {
      const x = left + (j % 3) * 230, y = H + 22 * Math.floor(j / 3);
      chart.appendChild(svg("rect", { x: x, y: y - 10, width: 12, height: 12, fill: COLORS[j % COLORS.length] }));
      chart.appendChild(svg("text", { x: x + 18, y: y, class: "legend" }, m.model_name));
    });
    box.appendChild(chart);
  }
  const TREND_MODELS = 8;
  function trendTime(v) {
    const t = v.date ? Date.parse(v.date) : NaN;
    return Number.isFinite(t) ? t : null;
  }
  // Scores across revisions: x by the revision's date, y the chosen score on a fixed 0-1 axis;
  // the plot box and time range are on the <svg> (data-*) so a reader can map points back.
  function renderTrends() {
    const box = $("trend");
    box.textContent = "";
    const trend = board.trends || { versions: [], series: [] };
    const metric = $("trend-metric").value || "total";
    const scored = new Set();
    trend.series.concat(trend.references || []).forEach((s) => s.points.forEach((p) => {
      if (typeof p[metric] === "number") scored.add(p.version);
    }));
    const versions = trend.versions.filter((v) => trendTime(v) !== null && scored.has(v.version));
    if (!versions.length) {
      box.appendChild(el("p", { class: "note" }, "No scored revision to chart yet."));
      return;
    }
    const when = {};
    versions.forEach((v) => { when[v.version] = trendTime(v); });
    const latest = (s) => {
      const pts = s.points.filter((p) => when[p.version] !== undefined && typeof p[metric] === "number");
      return pts.length ? pts[pts.length - 1][metric] : -1;
    };
    const all = trend.series.filter((s) => latest(s) >= 0);
    const series = all.slice().sort((a, b) => latest(b) - latest(a) || a.model_name.localeCompare(b.model_name)).slice(0, TREND_MODELS);
    const W = 720, H = 280, left = 44, right = W - 44, top = 16, bottom = H - 46;
    const t0 = Math.min(...Object.values(when)), t1 = Math.max(...Object.values(when));
    const x = (t) => (t1 > t0 ? left + (right - left) * (t - t0) / (t1 - t0) : (left + right) / 2);
    const y = (v) => bottom - (bottom - top) * Math.max(0, Math.min(1, v));
    const legendH = 22 * Math.ceil((series.length + 1 + Math.min(4, (trend.references || []).length)) / 3);
    const chart = svg("svg", {
      viewBox: `0 0 ${W} ${H + legendH}`, width: "100%", class: "trend",
      "data-left": left, "data-right": right, "data-top": top, "data-bottom": bottom,
      "data-t0": t0, "data-t1": t1, "data-metric": metric,
    });
    [0, 0.25, 0.5, 0.75, 1].forEach((v) => {
      chart.appendChild(svg("line", { x1: left, x2: right, y1: y(v), y2: y(v), class: "grid", "data-value": v }));
      chart.appendChild(svg("text", { x: left - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, v.toFixed(2)));
    });
    let labelled = -Infinity;  // revisions closer than a label's width share the earlier label
    versions.forEach((v) => {
      const vx = x(when[v.version]);
      chart.appendChild(svg("line", { x1: vx, x2: vx, y1: top, y2: bottom, class: "grid" }));
      if (vx - labelled < 64) return;
      labelled = vx;
      chart.appendChild(svg("text", { x: vx, y: bottom + 16, class: "axis", "text-anchor": "middle" }, v.version));
      chart.appendChild(svg("text", { x: vx, y: bottom + 30, class: "axis", "text-anchor": "middle" }, String(v.date).slice(0, 10)));
    });
    function line(points, attrs, cls, label) {
      if (points.length > 1) {
        chart.appendChild(svg("polyline", { points: points.map((p) => `${p.x},${p.y}`).join(" "), fill: "none", ...attrs }));
      }
      points.forEach((p) => {
        const dot = svg("circle", { cx: p.x, cy: p.y, r: 4, class: cls, fill: attrs.stroke, "data-version": p.version, "data-value": p.value, ...p.data });
        dot.appendChild(svg("title", {}, `${label} · ${p.version} (${String(p.date).slice(0, 10)}): ${p.value.toFixed(3)}`));
        chart.appendChild(dot);
      });
    }
    const difficulty = versions.filter((v) => typeof v[metric] === "number").map((v) => ({ x: x(when[v.version]), y: y(v[metric]), version: v.version, date: v.date, value: v[metric], data: { "data-systems": v.n_systems } }));
    line(difficulty, { stroke: "#1d2330", "stroke-dasharray": "5 4", "stroke-width": 1.5 }, "difficulty", "mean of all systems");
    const refs = (trend.references || []).slice(0, 4);
    refs.forEach((s) => {
      const pts = s.points
        .filter((p) => when[p.version] !== undefined && typeof p[metric] === "number")
        .map((p) => ({ x: x(when[p.version]), y: y(p[metric]), version: p.version, date: p.date, value: p[metric], data: { "data-model": s.model_name } }));
      line(pts, { stroke: "#98a2b3", "stroke-dasharray": "2 3", "stroke-width": 1.5 }, "ref-pt", s.model_name + " (closed-book)");
    });
    series.forEach((s, j) => {
      const color = COLORS[j % COLORS.length];
      const pts = s.points
        .filter((p) => when[p.version] !== undefined && typeof p[metric] === "number")
        .map((p) => ({ x: x(when[p.version]), y: y(p[metric]), version: p.version, date: p.date, value: p[metric], data: { "data-model": s.model_name } }));
      line(pts, { stroke: color, "stroke-width": 2 }, "pt", s.model_name);
    });
    const names = [["mean of all systems", "#1d2330"]]
      .concat(series.map((s, j) => [s.model_name, COLORS[j % COLORS.length]]))
      .concat(refs.map((s) => [s.model_name + " (closed-book)", "#98a2b3"]));
    names.forEach(([name, color], j) => {
      const lx = left + (j % 3) * 230, ly = H + 22 * Math.floor(j / 3);
      chart.appendChild(svg("rect", { x: lx, y: ly - 10, width: 12, height: 12, fill: color }));
      chart.appendChild(svg("text", { x: lx + 18, y: ly, class: "legend" }, name));
    });
    box.appendChild(chart);
    if (all.length > series.length) {
      box.appendChild(el("p", { class: "note" }, `The ${series.length} best of ${all.length} models by their latest score are drawn.`));
    }
  }
  function query(withCutoff) {
    const p = new URLSearchParams();
    if ($("actual").checked) { p.set("mode", "actual"); p.set("last_n", $("lastn").value); }
    else {
      if ($("version").value) p.set("version", $("version").value);
      if (withCutoff !== false && $("cutoff").value) { p.set("cutoff", $("cutoff").value); p.set("sort", "cutoff_total"); }
    }
    return p;
  }
  function renderCutoffs() {
    const select = $("cutoff");
    select.textContent = "";
    select.appendChild(el("option", { value: "" }, "All questions"));
    (board.cutoffs || []).forEach((c) => {
      select.appendChild(el("option", { value: c.date }, `after ${c.date} · ${c.n_questions} questions`));
    });
    select.value = board.cutoff && board.cutoff.date ? board.cutoff.date : "";
    select.disabled = board.mode === "actual" || !(board.cutoffs || []).length;
    $("cutoff-box").classList.toggle("dim", select.disabled);
    $("cutoff-box").title = board.mode === "actual"
      ? "The cutoff selector scores one version: turn off Actual versions."
      : ((board.cutoffs || []).length ? "" : "No dated slice of this version is large enough to be shown.");
  }
  function cutoffNote() {
    const c = board.cutoff;
    if (!c) return "";
    if (!c.shown) {
      return ` No offered cutoff on or after ${c.requested}: a slice under ${c.min_slice} questions is not shown.`;
    }
    const snapped = c.requested !== c.date ? ` (the earliest offered date on or after ${c.requested})` : "";
    return ` Fresh columns: every row scored on the same ${c.n_questions} questions dated after ${c.date}${snapped} (their dates: ${c.as_of[0]} – ${c.as_of[1]}); ranked by the fresh total.`;
  }
  function updateLinks() {
    const q = query().toString();
    $("export-json").href = "/api/v1/leaderboard" + (q ? "?" + q : "");
    $("export-csv").href = "/api/v1/leaderboard/export.csv" + (q ? "?" + q : "");
    $("lastn-box").classList.toggle("dim", !$("actual").checked);
    $("version").disabled = $("actual").checked || !board.versions.length;
    const note = board.mode === "actual"
      ? `Each model averaged over its latest results on ${board.window.join(", ") || "no versions"}.`
      : (board.version ? `Latest approved result per model on version ${board.version}.` : "No revision is published yet.");
    const refs = (board.references || []).length;
    const refNote = refs ? ` Rows marked closed-book are references: ${refs === 1 ? "a model" : refs + " models"} asked every question with no text, to show how much is answerable from memory; they are not ranked.` : "";
    $("window-note").textContent = note + cutoffNote() + refNote;
    $("refs-box").hidden = !refs;
  }
  async function reload() {
    const q = query();
    const resp = await fetch("/api/v1/leaderboard?" + q.toString(), { headers: { Accept: "application/json" } });
    if (!resp.ok) return;
    board = await resp.json();
    sortKey = cutoffShown() ? "cutoff_total" : "total";
    sortDesc = true;
    const shown = new URLSearchParams(q);
    shown.delete("sort");
    history.replaceState(null, "", "/?" + shown.toString());
    render();
  }
  function render() { renderCutoffs(); renderTable(); renderChart(); renderTrends(); updateLinks(); }
  $("trend-metric").addEventListener("change", renderTrends);
  $("show-refs").addEventListener("change", renderTable);
  $("version").addEventListener("change", () => { $("cutoff").value = ""; reload(); });
  $("cutoff").addEventListener("change", reload);
  $("actual").addEventListener("change", reload);
  $("lastn").addEventListener("input", () => { $("lastn-value").textContent = $("lastn").value; });
  $("lastn").addEventListener("change", reload);
  render();
})();
