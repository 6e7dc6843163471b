// The rules page's addresses: /rules#card.beer (a rule id as the engine writes it) lands
// on its entry like /rules#card-beer, and /rules?q=barrel opens with the filter filled.
const input = document.getElementById("rule-filter");
const q = new URLSearchParams(location.search).get("q");
if (input && q) {
  input.value = q;
  input.dispatchEvent(new Event("input"));
}
function land() {
  const raw = decodeURIComponent(location.hash.slice(1));
  if (!raw || document.getElementById(raw)) return;
  const id = raw.replace(/\./g, "-").replace(/[^a-z0-9_-]/g, "");
  const el = document.getElementById(id);
  if (el) location.replace(`#${id}`);   // the entry is then the page's :target
}
window.addEventListener("hashchange", land);
land();
