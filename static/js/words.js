// Words at the edge. The engine names every player ("Ann is at distance 2; Bob's Colt .45
// reaches 1"); on Bob's own phone a sentence about what is his says "your". The phone sets
// its player once; on the host screen nothing is set and sentences pass unchanged.
// English only: another language shows the sentence as its catalog words it.
import { lang } from "./i18n.js";

let me = "";
let mine = null;

export function setMe(name) {
  const n = String(name || "");
  if (n === me) return;
  me = n;
  const esc = n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  mine = n ? new RegExp(`(^|[^\\p{L}\\p{N}])${esc}'s(?![\\p{L}\\p{N}])`, "gu") : null;
}

/** `text` as its reader hears it: "Bob's Colt .45" is "your Colt .45" on Bob's phone. */
export function personal(text) {
  if (!mine || typeof text !== "string" || lang !== "en") return text;
  return text.replace(mine, "$1your").replace(/(^|[.!?:]\s+)your\b/g, "$1Your");
}
