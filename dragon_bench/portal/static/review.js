// Review page: one candidate at a time, one key per decision; the queue and agreement below.
(function () {
  "use strict";
  const data = document.getElementById("review-data");
  if (!data) return;
  const init = JSON.parse(data.textContent);
  const version = init.version;
  const api = "/api/v1/review/" + encodeURIComponent(version);
  const $ = (id) => document.getElementById(id);
  let current = null; // the candidate shown
  const history = []; // question ids shown before, for "previous"
  let mode = "keys"; // keys | reason | edit

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function sentence(ev) {
    // the sentence with the subject and object spans marked (spans do not overlap)
    const li = el("li");
    const marks = [];
    if (ev.subject_span) marks.push([ev.subject_span[0], ev.subject_span[1], "subj"]);
    if (ev.object_span) marks.push([ev.object_span[0], ev.object_span[1], "obj"]);
    marks.sort((a, b) => a[0] - b[0]);
    let at = 0;
    for (const [s, e, cls] of marks) {
      if (s < at) continue;
      li.append(document.createTextNode(ev.sentence.slice(at, s)));
      li.append(el("mark", ev.sentence.slice(s, e), cls));
      at = e;
    }
    li.append(document.createTextNode(ev.sentence.slice(at)));
    return li;
  }

  function show(c, progress) {
    if (progress) {
      const p = progress;
      $("progress").textContent =
        `${p.decided} of ${p.candidates} decided · ${p.mine} by you · ${p.left_for_me} left for you`;
    }
    current = c;
    $("done").hidden = c !== null;
    $("candidate").hidden = c === null;
    if (c === null) return;
    $("candidate").dataset.state = c.state;
    $("candidate").dataset.id = c.question_id;
    $("question").textContent = c.question;
    $("qid").textContent = "#" + c.question_id;
    $("type").textContent = c.type;
    $("template").textContent = c.template || "—";
    $("confidence").textContent = typeof c.confidence === "number" ? c.confidence.toFixed(2) : "—";
    $("state").textContent = c.state;
    $("answers").textContent = (c.answers.length ? c.answers : [c.answer]).join(" | ");
    $("flags").replaceChildren(...c.flags.map((f) => el("span", f, "flag")));
    $("evidence").replaceChildren(...c.evidence.map(sentence));
    $("triples").tBodies[0].replaceChildren(
      ...c.evidence.map((e) => {
        const tr = el("tr");
        for (const v of [e.subject, e.relation + (e.relation_type ? ` (${e.relation_type})` : ""), e.object, e.tense])
          tr.append(el("td", v));
        return tr;
      })
    );
    const m = c.mine;
    $("mine").textContent = m
      ? "Your decision: " + m.decision + (m.reason ? " (" + m.reason + ")" : "") + (m.question ? " → " + m.question : "")
      : "";
  }

  function status(text) {
    $("status").textContent = text;
  }

  async function call(method, path, body) {
    const r = await fetch(api + path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
    const out = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(out.detail || r.statusText);
    return out;
  }

  async function decide(body) {
    if (!current) return;
    const id = current.question_id;
    try {
      const out = await call("POST", "/decisions", { question_id: id, ...body });
      history.push(id);
      show(out.candidate, out.progress);
      status(`#${id}: ${body.decision}${body.reason ? " (" + body.reason + ")" : ""}`);
      refresh();
    } catch (e) {
      status("error: " + e.message);
    }
  }

  async function next() {
    const after = current ? current.question_id : undefined;
    const out = await call("GET", "/next" + (after !== undefined ? "?after=" + after : ""));
    if (current) history.push(current.question_id);
    show(out.candidate, out.progress);
  }

  async function previous() {
    const id = history.pop();
    if (id === undefined) return status("no previous candidate");
    const out = await call("GET", "/candidates/" + id);
    show(out.candidate, out.progress);
  }

  async function undo() {
    try {
      const out = await call("POST", "/undo");
      show(out.candidate, out.progress);
      status(`#${out.undone}: decision undone`);
      refresh();
    } catch (e) {
      status("error: " + e.message);
    }
  }

  function setMode(m) {
    mode = m;
    $("reasons").hidden = m !== "reason";
    $("edit").hidden = m !== "edit";
    if (m === "edit" && current) {
      $("edit-question").value = current.question;
      $("edit-answer").value = current.answer;
      $("edit-question").focus();
    }
  }

  const REASONS = init.reasons;

  function reject(reason) {
    const note = $("note").value.trim();
    if (reason === "other" && !note) {
      $("note").focus();
      return status("a reject for reason 'other' needs a note: type it, then press 6 again");
    }
    setMode("keys");
    $("note").value = "";
    decide({ decision: "reject", reason, note });
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const typing = ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement;
    if (ev.key === "Escape") {
      setMode("keys");
      document.activeElement.blur();
      return;
    }
    if (mode === "edit" || (typing && !(mode === "reason" && ev.target.id === "note" && ev.key === "Enter"))) return;
    if (mode === "reason") {
      const n = parseInt(ev.key, 10);
      if (n >= 1 && n <= REASONS.length) {
        ev.preventDefault();
        reject(REASONS[n - 1]);
      } else if (ev.key === "Enter" && ev.target.id === "note") {
        ev.preventDefault();
        reject("other");
      }
      return;
    }
    const keys = {
      a: () => decide({ decision: "accept" }),
      r: () => setMode("reason"),
      e: () => setMode("edit"),
      j: next,
      ArrowRight: next,
      k: previous,
      ArrowLeft: previous,
      u: undo,
    };
    const f = keys[ev.key];
    if (f) {
      ev.preventDefault();
      f();
    }
  });

  for (const b of $("reasons").querySelectorAll("button[data-reason]"))
    b.addEventListener("click", () => reject(b.dataset.reason));

  $("edit").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const question = $("edit-question").value.trim();
    const answer = $("edit-answer").value.trim();
    setMode("keys");
    decide({ decision: "edit", question, answer });
  });

  async function refresh() {
    const params = new URLSearchParams();
    const pairs = { type: "f-type", relation_type: "f-relation", flag: "f-flag", state: "f-state" };
    for (const [k, id] of Object.entries(pairs)) if ($(id).value) params.set(k, $(id).value);
    const out = await call("GET", "/queue?" + params);
    const types = $("f-type");
    for (const item of out.items)
      if (![...types.options].some((o) => o.value === item.type)) types.append(new Option(item.type, item.type));
    $("queue").tBodies[0].replaceChildren(
      ...out.items.map((it) => {
        const tr = el("tr");
        tr.dataset.id = it.question_id;
        tr.dataset.state = it.state;
        const conf = typeof it.confidence === "number" ? it.confidence.toFixed(2) : "—";
        for (const v of [it.question_id, it.question, it.type, it.relation_types.join(", "), it.flags.join(", "), conf, it.state])
          tr.append(el("td", String(v)));
        tr.addEventListener("click", async () => {
          const got = await call("GET", "/candidates/" + it.question_id);
          if (current) history.push(current.question_id);
          show(got.candidate, got.progress);
        });
        return tr;
      })
    );
    const ag = await call("GET", "/agreement");
    $("agreement").textContent =
      `Cohen's κ (accept vs reject) ${typeof ag.kappa === "number" ? ag.kappa.toFixed(3) : "—"} over ${ag.n} double-reviewed candidates · conflicts: ${ag.conflicts.length}`;
    const box = $("conflicts");
    box.replaceChildren();
    if (init.is_admin && ag.conflict_decisions) {
      for (const [qid, ds] of Object.entries(ag.conflict_decisions)) {
        const div = el("div", undefined, "card conflict");
        div.dataset.id = qid;
        div.append(el("p", `#${qid}: ` + ds.map((d) => `${d.reviewer} ${d.decision}${d.reason ? " (" + d.reason + ")" : ""}`).join(" vs ")));
        for (const [label, body] of [
          ["Resolve: accept", { decision: "accept" }],
          ["Resolve: reject", { decision: "reject", reason: (ds.find((d) => d.reason) || {}).reason || "other", note: "resolved by an admin" }],
        ]) {
          const b = el("button", label);
          b.type = "button";
          b.dataset.resolve = body.decision;
          b.addEventListener("click", async () => {
            await call("POST", "/decisions", { question_id: Number(qid), resolve: true, ...body });
            status(`#${qid}: conflict resolved (${body.decision})`);
            refresh();
          });
          div.append(b);
        }
        box.append(div);
      }
    }
  }

  $("filters").addEventListener("submit", (ev) => {
    ev.preventDefault();
    refresh();
  });

  show(init.candidate, init.progress);
  refresh();
})();
