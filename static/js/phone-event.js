// The event of the round on a phone (High Noon, A Fistful of Cards): its name and what it
// does, in the phone's language (the server words them), and a short line on what it
// changes for this player now; a link to its entry on the rules page. A new event makes the
// phone vibrate (where the browser can), unless the player switched it off on this phone.
import { $, get } from "./dom.js";
import { t } from "./i18n.js";
import { afterFirstView } from "./link.js";

// the events that bring an eliminated player back: the only ones that change anything for him
const FOR_THE_OUT = new Set(["ghost_town", "dead_man"]);
const text = (v) => (v === null || v === undefined ? "" : String(v));
const BUZZ = "bang:event-vibrate";
let seen;            // the event last shown ("" for none): undefined until the first snapshot
let buzzes = 0;

function buzzOn() {
  try { return localStorage.getItem(BUZZ) !== "0"; } catch (_) { return true; }
}

function wireSwitch() {
  const box = $("#ev-buzz");
  if (!box || box.dataset.wired) return;
  box.dataset.wired = "1";
  afterFirstView(() => { box.checked = buzzOn(); });   // the storage: after the seat shows
  box.addEventListener("change", () => {
    try { localStorage.setItem(BUZZ, box.checked ? "1" : "0"); } catch (_) { /* this page only */ }
  });
}

/** A new event since the last snapshot (not the one out when the page opened): a buzz. */
function announce(box, key) {
  if (seen !== undefined && key && key !== seen) {
    buzzes += 1;
    box.dataset.announced = String(buzzes);
    // a page never tapped may not vibrate (Chromium refuses it with an error in the console)
    const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    let done = false;
    if (buzzOn() && tapped && navigator.vibrate) try { done = navigator.vibrate([90, 60, 90, 60, 90]); } catch (_) { /* not allowed */ }
    box.dataset.buzzed = done ? "1" : "0";
  }
  seen = key;
}

export function renderPhoneEvent(view, me, out) {
  const box = $("#event-box");
  if (!box) return;
  const event = get(view, "event") || null;
  wireSwitch();
  announce(box, event ? text(event.id) : "");
  box.hidden = !event;
  if (!event) return;
  box.classList.toggle("final", !!event.final);
  $("#ev-name").textContent = text(event.name);
  $("#ev-effect").textContent = text(event.effect);
  $("#ev-yours").textContent = out && !FOR_THE_OUT.has(event.id)
    ? t("You are out of the game: this event changes nothing for you.")
    : text(get(me, "event_note"));
  const rule = $("#ev-rule");
  rule.hidden = !event.rule;
  if (event.rule) rule.href = `/rules#${String(event.rule).replace(/\./g, "-")}`;
}
