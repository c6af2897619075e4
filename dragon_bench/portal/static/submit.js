// Submit page: send the form to the REST API with the session cookie and link the new submission.
(function () {
  "use strict";
  const form = document.getElementById("submit-form");
  if (!form) return;
  const status = document.getElementById("submit-status");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const config = {
      model_name: data.get("model_name"),
      embedding_model: data.get("embedding_model") || null,
      retriever_type: data.get("retriever_type") || null,
      retrieval_config: { top_k: Number(data.get("top_k") || 5) },
      is_auto: false,
    };
    const body = new FormData();
    body.append("file", data.get("file"));
    body.append("config", JSON.stringify(config));
    body.append("version", data.get("version") || "");
    status.className = "note";
    status.textContent = "Uploading…";
    const resp = await fetch("/api/v1/submissions", { method: "POST", body: body });
    const answer = await resp.json().catch(() => ({ detail: resp.statusText }));
    if (!resp.ok) {
      status.className = "error";
      status.textContent = `Refused (${resp.status}): ${answer.detail}`;
      return;
    }
    status.textContent = "";
    const link = document.createElement("a");
    link.href = "/submissions/" + encodeURIComponent(answer.id);
    link.id = "new-submission";
    link.textContent = answer.id;
    status.append("Stored as ", link, "; evaluation is queued.");
  });
})();
