// The cards in front of me, toggled with a tap (one weapon); sends the whole list, which
// stays on screen until a snapshot shows it or the server refuses (as life does).
import { h, fill } from "./dom.js";
import { weapons, otherBlue, cardName, isWeapon } from "./cards.js";
import { t, tname } from "./i18n.js";

const SETTLE_MS = 4000;
let names = [];      // what the picker shows
let wanted = null;   // the list tapped, until a snapshot confirms it
let timer = null;
let latest = { list: [], disabled: false };
let onChange = null;
let entered = {};    // ranges the player entered for cards in play

const key = (list) => list.map((n) => n.toLowerCase()).sort().join("|");

export function wireInPlay(send) {
  onChange = async (next, ranges) => {
    wanted = next;
    clearTimeout(timer);
    draw(next, latest.disabled);
    const ack = await send({ set: { in_play: next, ...ranges } });
    if (!ack.ok) settle();
    else if (wanted === next) timer = setTimeout(settle, SETTLE_MS);
  };
}

function settle() {
  clearTimeout(timer);
  wanted = null;
  draw(latest.list, latest.disabled);
}

async function toggle(name, weapon, entered) {
  const has = names.some((n) => n.toLowerCase() === name.toLowerCase());
  let next = names.filter((n) => n.toLowerCase() !== name.toLowerCase());
  let ranges = null;
  if (!has && entered) {
    const r = await (await import("./referee-sheets.js")).askRange(name);
    if (!r) return;
    ranges = { ranges: { [name]: r } };
  }
  if (!has) {
    if (weapon) next = next.filter((n) => !isWeapon(n));
    next.push(name);
  }
  onChange && onChange(next, ranges);
}

function button(card, weapon, pressed, disabled) {
  return h("button", {
    type: "button", class: "toggle", "aria-pressed": pressed ? "true" : "false", disabled,
    title: card.hint ? tname(card.hint) : weapon ? t("Weapon, reaches distance {n}", { n: card.range }) : tname(card.name),
    onclick: () => toggle(card.name, weapon, card.entered),
  }, h("span", { class: "tick", "aria-hidden": "true" }),
  h("span", { class: "toggle-text" }, tname(card.name),
    weapon ? h("span", { class: "range" }, " ", t("reach {n}", { n: entered[card.name] ?? card.range ?? "?" })) : null));
}

function draw(list, disabled = false) {
  names = list.slice();
  const has = (n) => names.some((x) => x.toLowerCase() === n.toLowerCase());
  fill(document.getElementById("weapon-picker"), weapons().map((w) => button(w, true, has(w.name), disabled)));
  fill(document.getElementById("blue-picker"), otherBlue().map((c) => button(c, false, has(c.name), disabled)));
}

/** Redraw from my seat in the snapshot. */
export function renderInPlay(seat, locked = false) {
  const list = Array.isArray(seat && seat.in_play) ? seat.in_play.map(cardName).filter(Boolean) : [];
  latest = { list, disabled: !seat || seat.alive === false || locked };
  entered = {};
  for (const c of (seat && seat.in_play) || []) if (c && c.entered) entered[c.name] = c.range;
  if (wanted && key(wanted) === key(list)) {
    clearTimeout(timer);
    wanted = null;
  }
  draw(wanted || list, latest.disabled);
}
