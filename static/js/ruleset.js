// What a ruleset changes from the base game's words (engine/rulesets).
let words = null;
export function rulesetWords() {
  try { words = words || JSON.parse(document.getElementById("ruleset-words").textContent); } catch (_) { words = {}; }
  return words;
}
export const word = (key, fallback = key) => rulesetWords()[key] || fallback;
export const kindName = (kind, fallback) => (rulesetWords().kinds || {})[kind] || fallback;
export const blueCards = () => rulesetWords().blue;
export const roleWords = (role) => (rulesetWords().role_info || {})[role];
