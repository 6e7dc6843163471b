// The phone's seat token (docs/protocol.md, "Identity"; static/README.md).
import { afterFirstView } from "./link.js";

const memory = {};

export function storageKey(table) {
  return `bang:${table}`;
}

/** The token for `table`: from the fragment (stored, then wiped from the URL, once the
 * seat's first view shows) or storage. */
export function takeToken(table) {
  const key = storageKey(table);
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, "")).replace(/^token=/, "");
  if (fromHash) {
    memory[key] = fromHash;
    afterFirstView(() => {
      try {
        if (memory[key] === fromHash) localStorage.setItem(key, fromHash);   // not dropped since
      } catch (_) { /* private mode: the token lives until the page closes */ }
      if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
    });
    return fromHash;
  }
  try {
    return localStorage.getItem(key) || memory[key] || "";
  } catch (_) {
    return memory[key] || "";
  }
}

/** Forget the token (the seat moved to another phone). */
export function dropToken(table) {
  const key = storageKey(table);
  delete memory[key];
  try { localStorage.removeItem(key); } catch (_) { /* nothing stored */ }
}
