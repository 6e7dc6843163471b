// Patches (docs/protocol.md); companion/delta.py is the same code in Python.

const clone = (v) => (v === null || typeof v !== "object" ? v : JSON.parse(JSON.stringify(v)));
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/** `doc` after `patch` (`doc` itself is changed). */
export function applyPatch(doc, patch) {
  if (patch === null || patch === undefined) return doc;
  if (Array.isArray(patch)) {
    if (patch.length === 1) return clone(patch[0]);
    doc.splice(0, patch[0]);
    for (const item of patch[1]) doc.push(clone(item));
    return doc;
  }
  for (const key of Object.keys(patch)) {
    const sub = patch[key];
    if (Array.isArray(doc)) doc[Number(key)] = applyPatch(doc[Number(key)], sub);
    else if (Array.isArray(sub) && sub.length === 0) delete doc[key];
    else if (own(doc, key)) doc[key] = applyPatch(doc[key], sub);
    // a new key, defined so that even a name like "__proto__" stays plain data
    else Object.defineProperty(doc, key, { value: clone(sub[0]), writable: true, enumerable: true, configurable: true });
  }
  return doc;
}

/** [a copy of the snapshot without presence, the presence {name: connected}]. */
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

/** receive(msg): the full snapshot now held (a fresh copy) or null; `lost` when a patch
 * does not follow the seq held (then ask for a full snapshot). */
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
    const full = "table" in msg;
    if ("patch" in msg) {
      if (this.core === null || msg.base !== this.seq) {
        this.lost = true;
        return null;
      }
      const { seq: _old, ...core } = applyPatch(this.core, msg.patch);
      this.core = { seq: msg.seq, ...core };    // seq first, as in a full snapshot
      this.seq = msg.seq;
    } else if (full) {
      const seq = typeof msg.seq === "number" ? msg.seq : this.seq;
      if (seq < this.seq) return null;
      [this.core, this.presence] = strip(msg);
      this.seq = seq;
      this.lost = false;
    } else if (!("presence" in msg)) return null;
    if (!full && "presence" in msg) this.presence = msg.presence;
    return this.snapshot();
  }

  snapshot() { return this.core === null ? null : compose(this.core, this.presence); }
}
