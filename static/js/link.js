// The page's socket, opened the moment the page starts (phone-open.js): on a slow Wi-Fi
// the handshake with the server then runs while the rest of the page's scripts load,
// instead of after them. What the socket receives before connection.js takes it over is
// held, in order, and handed over with the socket. No imports: nothing here waits for
// the language's catalog.

const OPTIONS = {
  // WebSocket first (one connection, no polling-to-WebSocket upgrade on a LAN); if it
  // cannot be opened, tryAllTransports falls back to HTTP long-polling.
  transports: ["websocket", "polling"], tryAllTransports: true, reconnectionDelayMax: 4000,
};
const RESERVED = ["connect", "connect_error", "disconnect"];   // the events onAny misses
let early = null;

function open(auth, lang) {
  return window.io({ auth: { ...auth, delta: 1, lang }, ...OPTIONS });
}

function same(a, b) {
  return a.table === b.table && a.token === b.token;
}

/** Open the socket for `auth` ({table, token?}) now, in the page's language (<html lang>). */
export function openEarly(auth) {
  if (early || typeof window.io !== "function") return;
  const lang = document.documentElement.lang || "en";
  const socket = open(auth, lang);
  const held = [];
  const holders = RESERVED.map((name) => [name, (...args) => held.push([name, args])]);
  const any = (name, ...args) => held.push([name, args]);
  for (const [name, fn] of holders) socket.on(name, fn);
  socket.onAny(any);
  early = {
    auth, lang, socket, held,
    release() {
      for (const [name, fn] of holders) socket.off(name, fn);
      socket.offAny(any);
    },
  };
}

/**
 * The socket for `auth` in `lang`: the one opened early with the events it holds
 * ([name, args] in the order they came), or a new one with none.
 */
export function openSocket(auth, lang) {
  const found = early;
  early = null;
  if (found) {
    found.release();
    if (same(found.auth, auth) && found.lang === lang) return { socket: found.socket, held: found.held };
    found.socket.disconnect();
  }
  return { socket: open(auth, lang), held: [] };
}
