// The questions of a ruleset whose view.features ask them (BANG! Star Wars), loaded only
// at such tables (referee-phone.js and phone-inplay.js import it by a name held in a
// variable, so other tables never fetch it): pass/fail checks ("did the revealed card show
// the symbol?") and the order of the start-of-turn checks, the range printed on a weapon,
// Encounter with Destiny (does the copy show a grey-framed effect, which one, which effect
// first, what it needs), a repeat of the card just played (Tempered), and a banner for a
// log line that rests on a project decision. Each question fills a sheet and resolves
// with the answer, or null when the player cancels.
import { h, fill, list } from "./dom.js";
import { cards, ruleLink } from "./referee-bits.js";
import { showBanner } from "./banner.js";
import { kindName, rulesetWords } from "./ruleset.js";
import { N_, t, tn, tname } from "./i18n.js";

function dialog() {
  let dlg = document.getElementById("ref-dialog");
  if (!dlg) {      // a tracker phone has no referee sheet: make one
    dlg = h("dialog", { id: "ref-dialog", class: "ref-sheet", "aria-labelledby": "ref-dialog-title" });
    document.body.append(dlg);
  }
  return dlg;
}

/** A sheet (the phone's nearly full-screen dialog) with its title and a close button:
 * resolves with what a part of `body` (a function of `done`) gives, or null when closed. */
export function sheet(title, ...body) {
  const dlg = dialog();
  return new Promise((resolve) => {
    const done = (v) => { dlg.onclose = null; resolve(v); };
    fill(dlg,
      h("div", { class: "sheet-head" }, h("h2", { id: "ref-dialog-title" }, title),
        h("button", { type: "button", class: "ghost", "aria-label": t("Close"), onclick: () => { done(null); dlg.close(); } }, "✕")),
      ...body.map((part) => (typeof part === "function" ? part(done) : part)));
    dlg.onclose = () => done(null);
    if (!dlg.open) dlg.showModal();
  });
}

/** Closes the sheet, once its answer is in. */
export function closeSheet() {
  const dlg = dialog();
  if (dlg.open) dlg.close();
}

const button = (label, onclick, cls = "") => h("button", { type: "button", class: cls, onclick }, label);
const yesNo = (pass, fail) => h("div", { class: "check-buttons" },
  button(t("Yes: the symbol shows"), pass, "primary"), button(t("No symbol"), fail));

/** A pass/fail check: resolves "pass", "fail" or null. */
export const askCheck = (title, question) => sheet(title, h("p", { class: "check-q" }, question),
  (done) => yesNo(() => done("pass"), () => done("fail")));

/** The range printed on a weapon whose range the app does not know: 1-6, or null. */
export async function askRange(name) {
  const card = tname(name);
  const r = await sheet(t("{card}: its range", { card }),
    h("p", {}, t("Which range is printed on your {card}?", { card })),
    h("p", { class: "muted small decision" }, t("The rulebook does not give this range: the app keeps the one you enter for this card.")),
    (done) => h("div", { class: "range-buttons", role: "group", "aria-label": t("Range") },
      [1, 2, 3, 4, 5, 6].map((n) => h("button", { type: "button", class: "range-btn", "aria-label": t("Range {n}", { n }), onclick: () => done(n) }, String(n)))));
  const dlg = dialog();
  if (dlg.open) dlg.close();
  return r;
}

/** Encounter with Destiny for `card` ({} when the copy shows none, null when cancelled). */
async function askDestiny(name, effects, { view, me, target, limit, ordered }) {
  const keys = Object.keys(effects || {});
  if (!keys.length) return {};
  const card = tname(name);
  const key = await sheet(t("{card}: Encounter with Destiny?", { card }),
    h("p", {}, tn("You have {n} energy or less: an extra effect shown on this copy applies, and must be applied. Does your {card} show one in a grey frame?",
      "You have {n} energy or less: an extra effect shown on this copy applies, and must be applied. Does your {card} show one in a grey frame?", limit, { card })),
    (done) => h("div", { class: "destiny-list" },
      button(t("No extra effect on this copy"), () => done("none"), "primary"),
      keys.map((k) => button(tname(effects[k]), () => done(k)))),
    ruleLink("sw.destiny", tname("Encounter with Destiny")));
  if (key === null) return null;
  if (key === "none") return {};
  const out = { destiny: key };
  // Only where the two orders differ (the engine's `ordered`), and with no answer
  // preselected: the player chooses. Elsewhere both orders come to the same.
  if (list(ordered).includes(key)) {
    const effect = tname(effects[key]);
    const yours = { seat: N_("You choose the order. The {card} first: you answer it before the Destiny effect. The Destiny effect first: it happens before you answer.") };
    const why = key === "steal" || key === "discard_all"
      ? t("You choose the order. The {card} first: {seat} answers it before the Destiny effect. The Destiny effect first: it happens before {seat} answers.", { card, seat: target || "" }, yours)
      : tn("You choose the order. If the first one takes you above {n} energy, the Destiny effect no longer applies.",
        "You choose the order. If the first one takes you above {n} energy, the Destiny effect no longer applies.", limit);
    const first = await sheet(t("Which effect first?"), h("p", {}, why),
      (done) => h("div", { class: "destiny-list" },
        button(t("The {card} first, then: {effect}", { card, effect }), () => done("card")),
        button(t("First: {effect} Then the {card}.", { card, effect }), () => done("destiny"))),
      ruleLink("sw.destiny.order", tname("Encounter with Destiny: which effect first")));
    if (first === null) return null;
    out.first = first;
  }
  const seats = list(view.seats).filter((s) => s.alive !== false && s.name !== me.name);
  // {seat} of the sheets below: one of `seats`, the others
  const fromWhom = (s, text) => sheet(t("Destiny: {seat}", { seat: s.name }, {}), h("p", {}, text),
    (done) => h("div", { class: "destiny-list" },
      s.hand ? button(t("From the hand ({n}, one at random)", { n: s.hand }), () => done("hand"), "primary") : null,
      list(s.in_play).map((c) => button(t("{card} (in play)", { card: tname(c.name) }), () => done(c.name)))));
  if (key === "steal") {
    const them = seats.find((s) => s.name === target);
    if (them && list(them.in_play).length) {
      out.card = await fromWhom(them, t("Which card do you take from {seat}?", { seat: them.name }, {}));
      if (out.card === null) return null;
    } else out.card = "hand";
  } else if (key === "discard_all") {
    const discards = {};
    for (const s of seats.filter((x) => list(x.in_play).length)) {
      discards[s.name] = await fromWhom(s, t("{seat} discards a card: from the hand at random, or one in play you choose.", { seat: s.name }, {}));
      if (discards[s.name] === null) return null;
    }
    if (Object.keys(discards).length) out.discards = discards;
  } else if (key === "heal_other") {
    out.other = await sheet(t("Destiny: who wins back 1 energy?"),
      (done) => h("div", { class: "destiny-list" }, seats.map((s) => button(`${s.name} (${s.life}/${s.max_life})`, () => done(s.name)))));
    if (out.other === null) return null;
  }
  return out;
}

/** The Destiny questions when they apply to this card now, else {}. */
async function destinyFor(card, view, me, target, ask) {
  const d = me.destiny || {};
  if (!d.applies || !list(d.cards).includes(card)) return {};
  const row = (await cards(ask, view.ruleset)).find((c) => c.name === card) || {};
  return askDestiny(card, row.destiny, { view, me, target, limit: d.limit ?? 2, ordered: (d.ordered || {})[card] });
}

/** An answer's extra keys: the pass/fail check, the Destiny effect; false when none. */
export async function answer(a, snap, ask) {
  const view = snap.view;
  const me = view.me;
  let extra = {};
  if (a.needs_check) {
    const r = await askCheck(a.label, me.cover_question || t("{answer}: did the revealed card show the symbol?", { answer: a.label }));
    if (!r) return null;
    extra.check = r;
  }
  // never for a card discarded (Duel, Jawas) or used as another (Inventive: the one
  // answer to a shot that is the ruleset's BANG! card)
  const q = list(me.asked)[0] || {};
  const usedAs = a.respond === ((rulesetWords().kinds || {}).bang || "BANG!");
  if (a.respond !== "take" && ["bang", "gatling", "dying"].includes(q.kind) && !usedAs) {
    const d = await destinyFor(a.respond, view, me, q.from, ask);
    if (d === null) return null;
    extra = { ...extra, ...d };
  }
  const dlg = dialog();
  if (dlg.open) dlg.close();
  return Object.keys(extra).length ? extra : false;
}

/** A card play's extra keys (the range printed on it, the Destiny effect), or null. */
export async function play(payload, view, me, ask) {
  const row = (await cards(ask, view.ruleset)).find((c) => c.name === payload.play) || {};
  if (row.entered_range && !payload.range) {
    const r = await askRange(payload.play);
    if (!r) return null;
    return { ...payload, range: r };
  }
  if (payload.as) return payload;
  const d = await destinyFor(payload.play, view, me, payload.target, ask);
  if (d === null) return null;
  const out = { ...payload, ...d };
  if (d.destiny === "hit_all") delete out.target;
  return out;
}

/** The start-of-turn checks due, in the order the player picks (Carbonite always last). */
function checksBox(checks, send) {
  const card = tname("Carbonite");
  return [h("h2", {}, checks.length > 1 ? t("Checks before you draw") : t("A check before you draw")),
    checks.filter((c) => c.first).length > 1 ? h("p", { class: "small" }, t("You choose which to check first; {card} always comes last.", { card })) : null,
    ...checks.map((c) => h("div", { class: "check" },
      h("p", { class: "check-q" }, c.question),
      c.first ? yesNo(() => send({ check: "pass", card: c.card }), () => send({ check: "fail", card: c.card }))
        : h("p", { class: "muted small" }, t("Checked after the others."))))];
}

/** An ability that repeats the card just played (Tempered): the card, then the target. */
function repeatBox(me, send) {
  const r = me.repeat;
  const label = t("{character}: discard a {bang} to repeat the {card}", { character: tname(me.character), bang: kindName("bang", "BANG!"), card: tname(r.card) });
  const go = (target) => send({ ability: { repeat: r.card }, ...(target ? { target } : {}) });
  const why = (x) => (x.ok ? null : h("span", { class: "why" }, x.reason || "", " ", ruleLink(x.rule, x.rule_title)));
  if (!r.aimed) return h("div", { class: "ref-repeat" }, h("button", { type: "button", disabled: !r.ok, onclick: () => go(null) }, label), why(r));
  return h("details", { class: "ref-repeat" }, h("summary", {}, label),
    h("ul", { class: "targets" }, list(r.targets).map((x) => h("li", { class: x.ok ? "ok" : "no" },
      h("button", { type: "button", class: x.ok ? "primary" : "", disabled: !x.ok, onclick: () => go(x.name) }, x.name), why(x)))));
}

// A log line resting on a project decision (an entered range, A New Hope's cap) is also
// said in a banner when it arrives, so the players see it without opening the log.
let seen = null;
/** After referee-phone.js drew a snapshot: the checks, the repeat, Resilient's button. */
export function render(snap, send) {
  const view = snap.view;
  const me = view.me;
  const turn = document.getElementById("ref-turn");
  const mine = me.your_turn && me.alive !== false && !list(view.pending).length;
  if (mine && list(me.checks).length) {
    fill(turn, checksBox(list(me.checks), send));
    turn.hidden = false;
  } else if (mine && me.repeat && turn.querySelector("#play-card")) {
    turn.querySelector("#play-card").after(repeatBox(me, send));
  }
  const heal = document.getElementById("ref-sid");
  if (me.heal_discard && !list(me.asked).length && me.alive !== false) {   // Resilient, at any moment
    heal.hidden = false;
    heal.textContent = me.heal_discard.label;
  }
  const lines = list(snap && snap.log);
  const top = Math.max(0, ...lines.map((l) => Number(l.seq) || 0));
  if (seen !== null) {
    for (const l of lines) if (l.decision && (Number(l.seq) || 0) > seen) showBanner(l.text || "", { kind: "info", key: `decision-${l.seq}` });
  }
  seen = Math.max(seen ?? 0, top);
}
