// The seat's first view over HTTP and the socket once its client has loaded
// (static/README.md; docs/protocol.md, "First view").

const OPTIONS = {
  // WebSocket first (one connection, no polling-to-WebSocket upgrade on a LAN); if it
  // cannot be opened, tryAllTransports falls back to HTTP long-polling.
  transports: ["websocket", "polling"], tryAllTransports: true, reconnectionDelayMax: 4000,
};

/** Run ready() once the Socket.IO client is loaded, failed() if it cannot be. The phone page
 * has it fetched early (`<link rel=preload id=socket-io-file>`) and run here, when asked. */
export function whenIo(ready, failed) {
  if (typeof window.io === "function") return ready();
  let tag = document.getElementById("socket-io");
  if (!tag) {
    const file = document.getElementById("socket-io-file");
    if (!file) return failed();
    tag = document.createElement("script");
    tag.id = "socket-io";
    tag.src = file.href;
    document.head.append(tag);
  }
  tag.addEventListener("load", () => (typeof window.io === "function" ? ready() : failed()), { once: true });
  tag.addEventListener("error", failed, { once: true });
}

/** A socket for `auth` ({table, token?}), its words in `lang`. Its URL names the table
 * (`?table=`): a proxy in front of several processes sends a table's sockets to one of them
 * (docs/deploy.md). */
export function openSocket(auth, lang) {
  return window.io({ auth: { ...auth, delta: 1, lang }, query: { table: auth.table }, ...OPTIONS });
}

// the first view the page's head asked for (templates/phone.html), as this module found it
const asked = window.bangFirstView;

/** The first view the page's head asked for with the same table and token: a promise of
 * the seat's full snapshot (or null: refused, offline), once; null when there is none. */
export function takeFirstView(auth) {
  const found = window.bangFirstView;
  window.bangFirstView = undefined;
  if (!found || found.table !== auth.table || found.token !== auth.token) return null;
  return found.view;
}

/** Run fn() once the page's first view is drawn and painted (a frame after its answer,
 * or 100 ms), or in a task of its own on a page that asked for none: what that view does
 * not need (the storage, the cookies, the address bar: each a wait on the browser) waits
 * for it instead of holding it back. */
export function afterFirstView(fn) {
  let done = false;
  const run = () => { if (!done) { done = true; fn(); } };
  if (!asked) return void setTimeout(run);
  asked.view.finally(() => { requestAnimationFrame(() => setTimeout(run)); setTimeout(run, 100); });
}
