// Snapshots by patches (docs/protocol.md): the page holds the newest full snapshot and the
// server sends what changed since the `seq` it holds. companion/delta.py is the same code
// in Python; the tests check that both rebuild the server's full snapshot exactly.
//
// A patch has the shape of what it changes: [value] (the value here becomes value), []
// (this key goes away), [k, items] (this list loses its first k items and gains items at
// its end), or {key: patch} (changes inside a dict, or a list by indexes "0", "1"…).

const clone = (v) => (v === null || typeof v !== "object" ? v : JSON.parse(JSON.stringify(v)));

/** `doc` after `patch`; `doc` itself is changed (callers pass their own copy). */
export function applyPatch(doc, patch) {
  if (patch === null || patch === undefined) return doc;
  if (Array.isArray(patch)) {
    if (patch.length === 1) return clone(patch[0]);
    doc.splice(0, patch[0]);                  // [k, items]: a slide
    for (const item of patch[1]) doc.push(clone(item));
    return doc;
  }
  for (const key of Object.keys(patch)) {
    const sub = patch[key];
    if (Array.isArray(doc)) {
      const i = Number(key);
      doc[i] = applyPatch(doc[i], sub);
    } else if (Array.isArray(sub) && sub.length === 0) {
      delete doc[key];
    } else if (Object.prototype.hasOwnProperty.call(doc, key)) {
      doc[key] = applyPatch(doc[key], sub);
    } else {     // a new key (defined, so that even a name like "__proto__" stays data)
      Object.defineProperty(doc, key, { value: clone(sub[0]), writable: true, enumerable: true, configurable: true });
    }
  }
  return doc;
}

/** [the snapshot without presence, the presence {name: connected}] (a copy). */
export function strip(snapshot) {
  const core = clone(snapshot);
  const table = core.table || {};
  const presence = table.seats_connected || {};
  delete table.seats_connected;
  if (Array.isArray(table.lobby)) for (const e of table.lobby) delete e.connected;
  core.table = table;
  return [core, presence];
}

/** The full snapshot: a copy of `core` with the presence put back. */
export function compose(core, presence) {
  const snap = clone(core);
  const table = snap.table || {};
  if (Array.isArray(table.lobby)) for (const e of table.lobby) e.connected = !!presence[e.name];
  table.seats_connected = { ...presence };
  snap.table = table;
  return snap;
}

/**
 * What a page does with `snapshot` messages: receive(msg) gives the full snapshot now
 * held (a fresh copy the page may keep), or null when there is nothing new; `lost`
 * turns true when a patch does not follow the seq held (ask the server for a full one).
 */
export class Follower {
  constructor() { this.reset(); }

  reset() {
    this.core = null;
    this.presence = {};
    this.seq = -Infinity;
    this.lost = false;
  }

  receive(msg) {
    if (!msg || typeof msg !== "object") return null;
    if ("patch" in msg) {
      if (this.core === null || msg.base !== this.seq) {
        this.lost = true;
        return null;
      }
      const { seq: _old, ...core } = applyPatch(this.core, msg.patch);
      this.core = { seq: msg.seq, ...core };    // seq first, as in a full snapshot
      this.seq = msg.seq;
    } else if (!("table" in msg)) {
      if (!("presence" in msg)) return null;
    } else {
      const seq = typeof msg.seq === "number" ? msg.seq : this.seq;
      if (seq < this.seq) return null;
      [this.core, this.presence] = strip(msg);
      this.seq = seq;
      this.lost = false;
    }
    if ("presence" in msg && !("table" in msg)) this.presence = msg.presence;
    return this.snapshot();
  }

  snapshot() { return this.core === null ? null : compose(this.core, this.presence); }
}
