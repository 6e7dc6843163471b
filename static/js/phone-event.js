// The event of the round on a phone (High Noon, A Fistful of Cards): its name and what it
// does, in the phone's language (the server words them), and a short line on what it
// changes for this player now; a link to its entry on the rules page.
import { $, get } from "./dom.js";
import { t } from "./i18n.js";

// the events that bring an eliminated player back: the only ones that change anything for him
const FOR_THE_OUT = new Set(["ghost_town", "dead_man"]);
const text = (v) => (v === null || v === undefined ? "" : String(v));

export function renderPhoneEvent(view, me, out) {
  const box = $("#event-box");
  if (!box) return;
  const event = get(view, "event") || null;
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
