// Admin queue: approve, reject or re-evaluate a submission in place.
(function () {
  "use strict";
  document.querySelectorAll("#queue button[data-action]").forEach((button) => {
    button.addEventListener("click", async () => {
      const row = button.closest("tr");
      const id = row.dataset.submitId;
      button.disabled = true;
      const resp = await fetch(`/api/v1/admin/submissions/${encodeURIComponent(id)}/${button.dataset.action}`, { method: "POST" });
      const answer = await resp.json().catch(() => ({}));
      if (!resp.ok) { alert(answer.detail || resp.statusText); button.disabled = false; return; }
      const state = row.querySelector(".state");
      state.textContent = answer.state;
      state.className = "state state-" + answer.state;
      row.querySelector("td.actions").textContent = "";
    });
  });
})();
