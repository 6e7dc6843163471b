// The phone's seat token (docs/protocol.md, "Identity"; static/README.md).

const memory = {};

export function storageKey(table) {
  return `bang:${table}`;
}

/** The token for `table`: from the fragment (stored, then wiped from the URL) or storage. */
export function takeToken(table) {
  const key = storageKey(table);
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, "")).replace(/^token=/, "");
  if (fromHash) {
    memory[key] = fromHash;
    try {
      localStorage.setItem(key, fromHash);
    } catch (_) { /* private mode: the token lives until the page closes */ }
    history.replaceState(history.state, "", location.pathname + location.search);
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
