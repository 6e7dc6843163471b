// What a ruleset changes from the base game's words (engine/rulesets), in the reader's
// language: a word or a card's name as this language's edition prints it (i18n.js).
import { tname } from "./i18n.js";

let words = null;
export function rulesetWords() {
  try { words = words || JSON.parse(document.getElementById("ruleset-words").textContent); } catch (_) { words = {}; }
  return words;
}
export const word = (key, fallback = key) => tname(rulesetWords()[key] || fallback);
export const kindName = (kind, fallback) => tname((rulesetWords().kinds || {})[kind] || fallback);
export const blueCards = () => rulesetWords().blue;
export const roleWords = (role) => (rulesetWords().role_info || {})[role];
// the public leader's role (Darth Vader in Star Wars): the base game's, the Sheriff, unless
// the ruleset names another (the page's words hold only what differs from the base game)
export const leaderRole = () => rulesetWords().leader_role || "sheriff";
