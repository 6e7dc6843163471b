// A new event announced on the host screen: a chime made in the page (WebAudio: two short
// tones, nothing fetched from anywhere) and, if the host wants it, the event read aloud by
// the browser's own speech synthesis in the page's language. Each can be switched off;
// the choice stays on this laptop (localStorage). Every announcement is also counted on
// the event card (data-announced) and said in its live region for a screen reader.
import { lang } from "./i18n.js";

const KEYS = { chime: "bang:event-chime", speak: "bang:event-speak" };
const DEFAULTS = { chime: true, speak: false };

/** Whether the chime ("chime") or the read-aloud ("speak") is on, as this laptop keeps it. */
export function isOn(what) {
  try {
    const kept = localStorage.getItem(KEYS[what]);
    if (kept === "1" || kept === "0") return kept === "1";
  } catch (_) { /* no storage: the default */ }
  return DEFAULTS[what];
}

export function setOn(what, on) {
  try { localStorage.setItem(KEYS[what], on ? "1" : "0"); } catch (_) { /* kept for this page only */ }
}

let audio = null;
// A browser lets a page make sound only after a user's gesture: the first click on the
// host screen (the deal, at the latest) opens the audio context the chime plays on.
function unlock() {
  if (audio || !(window.AudioContext || window.webkitAudioContext)) return;
  try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (_) { audio = null; }
}
document.addEventListener("pointerdown", unlock, { capture: true, once: true });
document.addEventListener("keydown", unlock, { capture: true, once: true });

/** Two soft bell tones, a fifth apart (about 0.9 s). False when the page cannot play sound. */
export function chime() {
  unlock();
  if (!audio) return false;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const now = audio.currentTime;
  for (const [at, freq] of [[0, 660], [0.22, 990]]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.7);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at);
    osc.stop(now + at + 0.75);
  }
  return true;
}

/** A voice of the page's language, or null: a Hungarian sentence read by an English voice
 *  would help nobody, so without one the read-aloud stays silent (the switch says so). */
export function voice() {
  const synth = window.speechSynthesis;
  if (!synth || typeof synth.getVoices !== "function") return null;
  const voices = synth.getVoices() || [];
  const mine = (v) => String(v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === lang;
  return voices.find((v) => mine(v) && v.default) || voices.find(mine) || null;
}

/** The text read aloud in the page's language; false when this browser has no voice for it. */
export function speak(text) {
  const synth = window.speechSynthesis;
  const v = voice();
  if (!synth || !v || !text) return false;
  const say = new SpeechSynthesisUtterance(text);
  say.voice = v;
  say.lang = v.lang;
  say.rate = 0.95;
  synth.cancel();
  synth.speak(say);
  return true;
}

/** Announce a new event: the chime and the read-aloud, each if switched on. */
export function announce(text) {
  const done = { chime: false, speak: false };
  if (isOn("chime")) done.chime = chime();
  if (isOn("speak")) done.speak = speak(text);
  return done;
}

// Voices load after the page: whoever shows the read-aloud's note asks again then.
export function onVoices(fn) {
  const synth = window.speechSynthesis;
  if (synth && "onvoiceschanged" in synth) synth.addEventListener("voiceschanged", fn);
}
