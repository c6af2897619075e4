// Arena page: draw or type a question, show both blinded answers, vote once, reveal the names.
(function () {
  "use strict";
  const ask = document.getElementById("ask");
  if (!ask) return;
  const $ = (id) => document.getElementById(id);
  let battleId = null;

  async function call(url, body) {
    const resp = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await resp.json();
    if (!resp.ok) throw new Error(data.detail || resp.statusText);
    return data;
  }

  function show(side, answer) {
    $("answer-" + side).textContent = answer ? answer.text || "(empty answer)" : "(no answer)";
    const list = $("segments-" + side);
    list.replaceChildren();
    for (const seg of (answer && answer.segments) || []) {
      const li = document.createElement("li");
      const id = document.createElement("code");
      id.textContent = seg.docid;
      li.append(id, " ", seg.text);
      list.append(li);
    }
    $("who-" + side).textContent = "";
  }

  $("draw").addEventListener("click", async () => {
    try {
      const q = await call("/api/v1/arena/question");
      $("question").value = q.question;
      $("question-id").value = q.question_id;
      $("question-version").value = q.version;
    } catch (e) { $("status").textContent = e.message; }
  });
  $("question").addEventListener("input", () => { $("question-id").value = ""; $("question-version").value = ""; });

  ask.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("status").textContent = "Asking both pipelines…";
    $("ask-button").disabled = true;
    const body = $("question-id").value
      ? { question_id: Number($("question-id").value), version: $("question-version").value }
      : { question: $("question").value };
    try {
      const b = await call("/api/v1/arena/battles", body);
      battleId = b.battle_id;
      show("a", b.a);
      show("b", b.b);
      $("battle").hidden = false;
      $("result").hidden = true;
      $("vote").hidden = b.state !== "open";
      $("vote").reset();
      $("status").textContent = b.state === "failed"
        ? "This battle failed and will not be rated: " + b.error
        : "Battle " + b.battle_id + ": vote below.";
      $("battle").dataset.state = b.state;
    } catch (e) { $("status").textContent = e.message; }
    $("ask-button").disabled = false;
  });

  $("vote").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = new FormData($("vote"));
    try {
      const b = await call(`/api/v1/arena/battles/${encodeURIComponent(battleId)}/vote`,
        { answer: form.get("answer"), evidence: form.get("evidence") });
      $("who-a").textContent = "— " + b.reveal.a;
      $("who-b").textContent = "— " + b.reveal.b;
      $("vote").hidden = true;
      $("result").hidden = false;
      $("result").textContent = `Thanks: answer vote ${b.votes.answer}, evidence vote ${b.votes.evidence}. ` +
        `A was ${b.reveal.a}, B was ${b.reveal.b}.`;
      $("battle").dataset.state = b.state;
    } catch (e) { $("status").textContent = e.message; }
  });
})();
