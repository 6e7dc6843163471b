// The thumb bar at the bottom of the screen: the question, the turn's actions, End my
// turn, taking back one's own last move (static/README.md).
import { $, get, list } from "./dom.js";
import { ask } from "./confirm.js";
import { word } from "./ruleset.js";
import { t, tn, tname } from "./i18n.js";

let snap = null;
const TAP_MS = 500;     // a tap is shorter; a hold to look at one's role is longer

export function wireBar({ move, send }) {
  const bar = $("#thumb-bar");
  // the question and the turn's actions move here once; their renderers find them by id
  for (const id of ["#ref-turn", "#my-question"]) {
    const el = $(id);
    if (el) bar.prepend(el);
  }
  // A press held on the bar is never a tap: a finger resting on one's role card just
  // above the bar (press and hold to look) may land on the bar, or be moved onto it by
  // the phone's touch adjustment, and its release must not draw the cards or end the
  // turn. A click that follows a press longer than TAP_MS is dropped before it reaches
  // the bar's buttons; a key's click (detail 0) always counts.
  let pressed = null;
  bar.addEventListener("pointerdown", (e) => { pressed = e.timeStamp; }, true);
  bar.addEventListener("pointercancel", () => { pressed = null; }, true);
  bar.addEventListener("click", (e) => {
    const held = e.detail !== 0 && pressed !== null && e.timeStamp - pressed > TAP_MS;
    pressed = null;
    if (held) {
      e.preventDefault();
      e.stopPropagation();
    }
  }, true);
  if (window.ResizeObserver) {
    new ResizeObserver(() => document.body.style.setProperty("--bar-h", `${bar.offsetHeight}px`)).observe(bar);
  }
  $("#end-turn").addEventListener("click", async () => {
    const view = get(snap, "view") || {};
    const me = view.me || {};
    const hints = me.hints || {};
    const n = Number(hints.discard_needed) || 0;
    if (view.mode === "referee" && n > 0) {
      const seat = list(view.seats).find((s) => s && s.name === me.name) || {};
      const sid = (me.character === "Sid Ketchum" || me.heal_discard) && seat.life < seat.max_life
        ? t("{character}: before that, any 2 cards you discard win back 1 {life}.", { character: tname(me.character), life: word("life") }) : "";
      const cards = tn("{n} card", "{n} cards", Number(seat.hand) || 0);
      const text = tn("You hold {cards} and may keep {limit}: {n} card goes to the discard pile.",
        "You hold {cards} and may keep {limit}: {n} cards go to the discard pile.", n, { cards, limit: hints.hand_limit });
      const ok = await ask(sid ? `${text} ${sid}` : text,     // two sentences, one after the other
        { yes: tn("Discard {n} and end my turn", "Discard {n} and end my turn", n), title: tn("Discard {n} card?", "Discard {n} cards?", n) });
      if (ok) move({ end_turn: { discard: n } });
      return;
    }
    // ending a turn asks first, as every move that ends one does (static/js/confirm.js)
    if (await ask(t("The turn goes to the next player."), { yes: t("Yes, end my turn"), title: t("End your turn?") })) {
      move({ end_turn: {} });
    }
  });
  // a move taken back cannot be made again from the phone (the host's Redo can): it asks
  $("#take-back").addEventListener("click", async () => {
    if (await ask(t("Your last move is undone, as if you had not made it."), { yes: t("Take it back"), title: t("Take back your last move?") })) {
      send("take_back", {});
    }
  });
}

export function renderBar(s, me) {
  snap = s;
  const t = get(s, "table") || {};
  const name = (me && me.name) || get(t, "you", "name") || "";
  const tag = $("#me-name");
  tag.textContent = name;
  tag.hidden = !name;
  $("#take-back").hidden = !(t.status === "playing" && name && t.last_by === name);
}
