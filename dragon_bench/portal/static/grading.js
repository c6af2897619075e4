// Grading page: label each sampled answer; the summary (truthfulness, kappa, confusion) follows.
(function () {
  "use strict";
  const data = document.getElementById("grading-data");
  if (!data) return;
  const view = JSON.parse(data.textContent);
  const $ = (id) => document.getElementById(id);
  const fmt = (x) => (typeof x === "number" ? x.toFixed(3) : "—");

  function summary(s) {
    $("judge").textContent = fmt(s.judge);
    $("truthfulness").textContent = fmt(s.human_truthfulness);
    $("kappa").textContent = fmt(s.agreement.kappa);
    $("pairs").textContent = s.agreement.n;
    $("n-labels").textContent = s.n_labels;
    const table = $("confusion");
    const head = document.createElement("tr");
    head.append(document.createElement("th"));
    for (const c of s.agreement.classes) {
      const th = document.createElement("th");
      th.textContent = "human: " + c;
      head.append(th);
    }
    table.tHead.replaceChildren(head);
    const rows = s.agreement.confusion.map((counts, i) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = "judge: " + s.agreement.classes[i];
      tr.append(th);
      for (const n of counts) {
        const td = document.createElement("td");
        td.textContent = n;
        tr.append(td);
      }
      return tr;
    });
    table.tBodies[0].replaceChildren(...rows);
  }

  async function save(item, label, box) {
    const resp = await fetch(`/api/v1/grading/${encodeURIComponent(view.submit_id)}/labels`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question_id: item.question_id, label: label }),
    });
    const body = await resp.json();
    if (!resp.ok) { alert(body.detail); return; }
    box.classList.add("done");
    summary(body);
  }

  const items = $("items");
  for (const item of view.items) {
    const box = document.createElement("div");
    box.className = "card grade-item" + (item.my_label ? " done" : "");
    box.dataset.questionId = item.question_id;
    const q = document.createElement("p");
    q.className = "q";
    q.textContent = `#${item.question_id}: ${item.question}`;
    const a = document.createElement("p");
    a.textContent = "Answer: " + (item.model_answer || "(empty)");
    const g = document.createElement("p");
    g.className = "gold";
    g.textContent = "Gold: " + (item.gold_answer ?? "—");
    box.append(q, a, g);
    for (const label of view.labels) {
      const lab = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "label-" + item.question_id;
      input.value = label;
      input.checked = item.my_label === label;
      input.addEventListener("change", () => save(item, label, box));
      lab.append(input, " " + label);
      box.append(lab);
    }
    items.append(box);
  }
  summary(view);
})();
