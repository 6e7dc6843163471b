// Keep the phone's screen on: the Wake Lock API where the page is a secure context, else
// a muted looping video started by the first tap (static/README.md, media/README.md).

let lock = null;
let video = null;
let wanted = false;
let mode = "off";
const listeners = new Set();

function setMode(m) {
  mode = m;
  listeners.forEach((fn) => fn(m));
}

/** Call fn(mode) whenever the mode changes: "wakelock", "video" or "off". */
export function onAwakeChange(fn) {
  listeners.add(fn);
  fn(mode);
}

async function requestLock() {
  if (!("wakeLock" in navigator) || !window.isSecureContext) return false;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; if (mode === "wakelock") setMode("off"); });
    setMode("wakelock");
    return true;
  } catch (_) {
    return false;
  }
}

function makeVideo(base) {
  const v = document.createElement("video");
  v.muted = true;
  v.loop = true;
  v.setAttribute("muted", "");
  v.setAttribute("playsinline", "");
  v.setAttribute("aria-hidden", "true");
  v.setAttribute("tabindex", "-1");
  v.className = "keep-awake-video";
  // H.264 first: every phone browser plays it (iOS Safari only reliably that one).
  for (const [ext, type] of [["mp4", "video/mp4"], ["webm", "video/webm"]]) {
    const s = document.createElement("source");
    s.src = `${base}keep-awake.${ext}`;
    s.type = type;
    v.append(s);
  }
  document.body.append(v);
  return v;
}

async function playVideo() {
  if (!video) video = makeVideo(document.body.dataset.media || "/static/media/");
  try {
    await video.play();
    setMode("video");
    return true;
  } catch (_) {
    return false;
  }
}

/** Start keeping the screen on; call it from a user gesture. Returns the mode used. */
export async function start() {
  wanted = true;
  if (lock) return mode;
  if (await requestLock()) return mode;
  if (await playVideo()) return mode;
  setMode("off");
  return mode;
}

export function stop() {
  wanted = false;
  if (lock) lock.release().catch(() => {});
  lock = null;
  if (video) video.pause();
  setMode("off");
}

document.addEventListener("visibilitychange", () => {
  if (!wanted || document.visibilityState !== "visible") return;
  if (!lock) requestLock().then((ok) => { if (!ok && video) video.play().then(() => setMode("video")).catch(() => {}); });
});
