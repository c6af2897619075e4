// Submission page: refresh while evaluating; admin approve / reject / re-evaluate buttons.
(function () {
  "use strict";
  const pending = document.getElementById("pending");
  if (pending) setTimeout(() => location.reload(), 1000 * Number(pending.dataset.refresh || 2));
  document.querySelectorAll(".actions[data-submit-id] button[data-action]").forEach((button) => {
    button.addEventListener("click", async () => {
      const id = button.closest("[data-submit-id]").dataset.submitId;
      const resp = await fetch(`/api/v1/admin/submissions/${encodeURIComponent(id)}/${button.dataset.action}`, { method: "POST" });
      if (resp.ok) location.reload();
      else alert((await resp.json()).detail);
    });
  });
})();
