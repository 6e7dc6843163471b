// The Socket.IO link to the server (docs/protocol.md). The server sends a full snapshot
// on every connect and then, after each change, what changed since the seq this page
// holds (a patch, delta.js). Here the patches are applied, so the rest of the page only
// ever sees full snapshots and redraws from the newest. A patch that does not follow
// the seq held (a message missed) asks the server for a full snapshot. After a reconnect
// the first snapshot always wins (the server may have restarted and replayed its log).
import { showBanner, clearBanner, showRefusal } from "./banner.js";
import { Follower } from "./delta.js";
import { lang, localize, t } from "./i18n.js";
import { afterFirstView, openSocket, takeFirstView, whenIo } from "./link.js";

/**
 * Connect with `auth` ({table, token?}). Handlers: onSnapshot(snap), onError(err) for the
 * server's `error` event, onState("online" | "offline"), onSocket(socket) once the socket
 * exists (the phone's Socket.IO client loads after its scripts: link.js).
 */
export function connect(auth, { onSnapshot, onError, onState, onSocket } = {}) {
  const follower = new Follower();
  let socket = null;
  let asked = false;
  let everConnected = false;
  const state = (s) => {
    const el = document.getElementById("conn");
    if (el) {
      el.dataset.state = s;
      el.textContent = s === "online" ? t("Connected") : t("Reconnecting…");
    }
    if (onState) onState(s);
  };
  const show = (snap) => {
    if (!snap) return;
    try {
      onSnapshot && onSnapshot(localize(snap));
    } catch (err) {
      console.error(err);
    }
  };

  // the seat's first view over HTTP (link.js), unless the socket's snapshot came first;
  // the socket opens once that view is shown (or refused), so that starting the client
  // library never holds the first view back, after a frame to paint it in
  const first = takeFirstView(auth);
  if (first) {
    first.then((view) => { if (view && follower.core === null) show(follower.receive(view)); });
    afterFirstView(() => openWhenIo());
  }

  const on = {
    connect() {
      connectedOnce(socket);
      asked = false;
      if (everConnected) showBanner(t("Back online."), { kind: "ok", timeout: 2500, key: "conn" });
      else clearBanner("conn");
      everConnected = true;
      state("online");
    },
    disconnect(reason) {
      // the next connection starts with a full snapshot, which wins whatever its seq (the
      // server may have restarted and replayed its log). Not reset on "connect": the
      // client library hands over that first snapshot before it says "connect".
      follower.reset();
      state("offline");
      if (reason !== "io client disconnect" && !socket.stopped) {
        showBanner(t("Connection lost. Reconnecting by itself…"), { kind: "info", timeout: 0, key: "conn" });
      }
    },
    connect_error(err) {
      state("offline");
      // A refusal by the server (bad table, token or host cookie) carries {code, message,
      // rule} in err.data; the client library does not retry it and neither do we.
      if (err && err.data && err.data.code) {
        socket.stopped = true;
        clearBanner("conn");
        const el = document.getElementById("conn");
        if (el) el.textContent = t("Not connected");
        if (onError) onError(localize(err.data));
        else showRefusal(localize(err.data));
      }
    },
    snapshot(msg) {
      const snap = follower.receive(msg);
      if (follower.lost) {
        if (!asked) socket.emit("resync", {});   // the answer is a full snapshot
        asked = true;
        return;
      }
      asked = false;
      show(snap);
    },
    error(err) {
      // revoked / kicked: this seat's token is dead; leave and do not come back (a hosted
      // server's other process may hold this socket: it cannot drop it itself).
      if (err && (err.code === "revoked" || err.code === "kicked")) {
        socket.stopped = true;
        socket.disconnect();
      }
      if (onError) onError(localize(err || {}));
      else showRefusal(localize(err));
    },
  };
  const openWhenIo = () => whenIo(() => {
    socket = openSocket(auth, lang);
    for (const [name, fn] of Object.entries(on)) socket.on(name, fn);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !socket.connected && !socket.stopped) socket.connect();
    });
    if (onSocket) onSocket(socket);
  }, () => showBanner(t("The page could not load its connection library. Reload the page."), { timeout: 0 }));
  if (!first) openWhenIo();
}

// The page's socket, once it has first connected. A tap made while the page is still
// opening its socket (it opens once the seat is shown) waits for it, a few seconds at
// most, rather than being dropped with "not connected".
let connectedOnce;
const firstConnect = new Promise((resolve) => { connectedOnce = resolve; });
const FIRST_CONNECT_WAIT_MS = 5000;

/**
 * Emit `event` and resolve with the ack ({ok, error?, ...}); a refusal is shown in a banner
 * and the promise still resolves, so callers only look at `ack.ok`.
 */
export async function send(socket, event, payload = {}, options = {}) {
  if (!socket || !socket.connected) {
    const waited = new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_WAIT_MS, null));
    socket = (await Promise.race([firstConnect, waited])) || socket;
  }
  return emitted(socket, event, payload, options);
}

function emitted(socket, event, payload, { quiet = false }) {
  return new Promise((resolve) => {
    if (!socket || !socket.connected) {
      showBanner(t("Not connected right now: try again in a moment."), { kind: "info", key: "conn-send" });
      return resolve({ ok: false, error: { code: "offline" } });
    }
    socket.timeout(10000).emit(event, payload, (err, ack) => {
      if (err) {
        showBanner(t("The server did not answer. Check the Wi-Fi and try again."), { kind: "info" });
        return resolve({ ok: false, error: { code: "timeout" } });
      }
      const a = localize(ack || { ok: false });
      if (!a.ok && !quiet) showRefusal(a.error);
      resolve(a);
    });
  });
}
