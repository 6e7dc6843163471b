// BANG! Legends on the phone. The Feat tracker itself (feats-tracker.js) is fetched only at
// a table whose view has the Feats feature (view.features.feats), so base-game phones never download it; tests/test_browser_legends.py
// counts it in a Legends phone's first load.
let send = null;
let tracker = null;
let loading = null;
let last = null;

export function wireFeats(move) { send = move; }

/** Resolves once the tracker is loaded (at once when it is not needed). */
export const ready = () => loading || Promise.resolve();

export function renderFeats(snap, move) {
  if (move) send = move;
  last = snap;
  if (tracker) return tracker.renderFeats(snap, send);
  if (loading || !snap || !snap.view || !(snap.view.features || {}).feats) return;
  loading = import("./feats-tracker.js").then((m) => {
    tracker = m;
    m.wireFeats(send);
    m.renderFeats(last, send);
  }).catch(() => { loading = null; });     // not fetched (connection lost): the next snapshot retries
}
