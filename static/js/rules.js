// The rules page's filter: hides the rules that do not contain every typed word.
const input = document.getElementById("rule-filter");
const rules = Array.from(document.querySelectorAll(".rule"));
if (input && rules.length) {
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const r of rules) {
      const ok = words.every((w) => (r.dataset.search || "").includes(w));
      r.hidden = !ok;
      if (ok) shown++;
    }
    document.querySelectorAll(".rule-group").forEach((g) => { g.hidden = !g.querySelector(".rule:not([hidden])"); });
    const none = document.getElementById("no-rule");
    if (none) none.hidden = shown > 0;
  });
} else if (input) {
  input.closest(".rules-search").hidden = true;
}
