// BANG! Legends on the phone (loaded by phone-feats.js at Legends tables): the Feats with
// everyone's tokens, my fame, Perform / Boast / Claim as the engine allows (greyed with its
// reason), my legend side, the Jail's heart.
import { $, h, fill, get, list, pieces } from "./dom.js";
import { colourOf, tokenChips, pips, ruleHref } from "./feats-common.js";
import { ask as confirm } from "./confirm.js";
import { t, tn, tname } from "./i18n.js";

let sender = async () => ({ ok: false });
// what the dialogs call to send a move: always the newest one wired
export const send = (...args) => sender(...args);
let snap = null;

/** What doing a Crossroad Feat costs, in words ("discard a Beer"), or "". */
export const does = (feat) => ({ "Bottleneck": t("discard a Beer"), "The Chuck-a-Luck": t("discard a BANG!"),
  "Borderlands": t("discard my whole hand"), "The Man with No Name": t("lose 1 life"),
  "The Oregon Trail": t("skip my first card"), "For a Few Cards More": t("my turn ends") })[feat] || "";
export const FIXED = { "Bottleneck": "Beer", "The Chuck-a-Luck": "BANG!", "Borderlands": "hand" };
export const ASKS = ["Good Company", "The Last Hero", "A Thousand Ways to Die"];
const ENDS_TURN = ["For a Few Cards More"];

// The dialogs (feats-dialogs.js) are fetched at the first tap that needs one.
const dialog = (fn, ...args) => import("./feats-dialogs.js").then((d) => d[fn](...args));

export function wireFeats(move) { if (move) sender = move; }

export const view = () => get(snap, "view") || {};
export const me = () => view().me || {};
export const seats = () => list(view().seats);
export const mySeat = () => seats().find((s) => s.name === me().name) || {};
export const others = (ok = () => true) => seats().filter((s) => s.alive !== false && s.name !== me().name && ok(s));
export const tracker = () => view().mode !== "referee";
export const names = (cards) => list(cards).map((c) => (typeof c === "object" ? c.name : c)).filter(Boolean);

export function renderFeats(s, move) {
  wireFeats(move);
  snap = s;
  const box = $("#feats-box");
  const on = !!box && !!(view().features || {}).feats && !!view().me;
  if (box) box.hidden = !on;
  if (!on) return;
  const seat = mySeat();
  // ({n} kept for pieces())
  const fame = Number(seat.fame);
  fill($("#feats-fame"), seat.legend ? h("span", { class: "legend-badge" }, t("★ Legend"))
    : [pips(seat, colourOf(seats(), me().name)), h("span", { class: "fame-left" },
      pieces(tn("{n} fame left", "{n} fame left", Number.isFinite(fame) ? fame : 0, { n: "{n}" }),
        { n: h("strong", {}, String(seat.fame ?? "?")) }))]);
  $("#feats-help").textContent = seat.legend
    ? t("A Legend claims Feats: another Legend may lose 1 life, and a new Feat replaces it.")
    : t("Perform a Feat: 2 tokens. Or boast at the end of your turn: 1 token. None left: you turn Legend.");
  $("#feats-mode").hidden = !tracker();
  $("#feats-jail").hidden = tracker() || !me().your_turn || get(me(), "hints", "check_due") !== "jail";
  renderLegend(seat);
  renderList();
  celebrate(seat);
}

const ruleTitle = (v) => v.rule_title || t("see the rules");
const why = (v, id) => h("p", { class: "feat-why", id }, v.reason || t("Not possible now."),
  v.rule ? h("a", { class: "feat-rule", href: ruleHref(v.rule), target: "_blank", rel: "noopener",
    "aria-label": t("Rule: {title}", { title: ruleTitle(v) }) }, t("Rule ›")) : null);

function renderList() {
  const opts = list(me().feats);
  const all = opts.flatMap((o) => [o.perform, o.boast, o.claim && o.claim.code === "bad_move" ? { ok: true } : o.claim].filter(Boolean));
  const shared = all.length > 1 && all.every((v) => !v.ok && v.reason === all[0].reason) ? all[0] : null;
  fill($("#feats-common"), shared ? why(shared, "feats-why-all") : null);
  $("#feats-common").hidden = !shared;
  const feats = list(view().feats);
  fill($("#feats-list"), feats.length ? feats.map((f, k) => featCard(f, opts.find((o) => o.name === f.name) || {}, k, shared))
    : h("li", { class: "muted" }, t("No Feat is showing.")));
}

// A Feat done on one tap; one that ends the turn asks first, as "End my turn" does.
async function perform(feat, o) {
  if (ENDS_TURN.includes(feat) && !o.met && !(await confirm(t("{feat} ends your turn: the turn goes to the next player.", { feat: tname(feat) }),
    { yes: t("Perform and end my turn"), title: t("End your turn?") }))) return;
  send({ perform: feat, ...(FIXED[feat] && !o.met ? { discard: FIXED[feat] } : {}) });
}

function featCard(f, o, k, shared) {
  const actions = [];
  // Refusals that only say the dialog's input is missing: judged once it is entered.
  const act = (label, v, onclick, open = []) => {
    const ok = !!v.ok || open.includes(v.code);
    const id = `feat-why-${k}-${actions.length}`;
    actions.push(h("div", { class: "feat-action" }, h("button", { type: "button", class: ok ? "primary" : "", disabled: !ok,
      "aria-describedby": ok ? null : shared ? "feats-why-all" : id, onclick }, label), ok || shared ? null : why(v, id)));
  };
  const asks = ASKS.includes(f.name) && !tracker() ? ["feat_requirement", "no_such_card_in_play"] : [];
  // (bad_move: the engine's dry run of a claim names no replacement Feat; the dialog does)
  if (o.claim) act(t("Claim…"), o.claim, () => dialog("claimDialog", f.name), [...asks, "bad_move"]);
  if (o.perform) {
    // o.met: the deed is already done this turn, so performing gives up nothing more
    const ask = asks.length && !o.met;
    const what = does(f.name) && !o.met ? h("span", { class: "does" }, does(f.name)) : null;
    act(ask ? t("Perform…") : what ? pieces(t("Perform {what}"), { what }) : t("Perform"), o.perform,
      () => (ask ? dialog("actDialog", "perform", f.name) : perform(f.name, o)), asks);
  }
  if (o.boast) act(t("Boast…"), o.boast, () => dialog("boastDialog", f.name));
  return h("li", { class: `feat-card${o.crossroad ? " crossroad" : ""}`, dataset: { feat: f.name } },
    h("div", { class: "feat-head" }, h("span", { class: "feat-name" }, tname(f.name)),
      o.crossroad ? h("span", { class: "crossroad-badge", title: t("may be done on purpose") }, t("✚ Crossroad")) : null),
    o.requirement ? h("p", { class: "feat-req" }, o.requirement) : null,
    h("div", { class: "feat-tokens" }, tokenChips(f, seats(), me().name)),
    actions.length ? h("div", { class: "feat-actions" }, actions) : null);
}

// --- my legend side, and the Jail's heart
function renderLegend(seat) {
  const box = $("#feats-legend");
  box.hidden = !seat.legend;
  if (!seat.legend) return;
  const turn = me().your_turn && !tracker();
  const drawing = turn && !!get(me(), "hints", "draw");
  const uses = { "Sid Ketchum": turn && [t("Free BANG!…"), "sidDialog"], "Rose Doolan": turn && [t("Blue card as a Panic!…"), "roseDialog"],
    "Kit Carlson": drawing && [t("Draw 3, give 1 away…"), "kitDialog"], "Black Jack": drawing && [t("Turn cards up past 21…"), "jackDialog"] }[seat.character];
  // The engine's verdict where it gives one (legend Sid's free BANG!): greyed with its reason.
  const verdict = seat.character === "Sid Ketchum" ? get(me(), "abilities", "bang") : null;
  const refused = !!verdict && verdict.ok === false;
  fill(box, h("h3", {}, t("★ My legend ability")), h("p", { class: "legend-char" }, tname(seat.character)), h("p", {}, me().ability || ""),
    seat.character === "Willy the Kid" ? h("p", { class: "muted small" }, t("Claim a Feat to shoot a free BANG! instead.")) : null,
    uses ? h("button", { type: "button", class: "primary", disabled: refused, onclick: () => dialog(uses[1]) }, uses[0]) : null,
    uses && refused ? h("p", { class: "muted small" }, verdict.reason || "") : null);
}

// --- the flip to the legend side: shown once per game on this phone
function celebrate(seat) {
  if (!seat.legend) return;
  const key = `bang:legend:${document.body.dataset.table}:${get(snap, "table", "game") ?? ""}:${me().name}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, "1");
  } catch (_) { /* no storage: show it anyway */ }
  $("#legend-moment-char").textContent = tname(seat.character);
  $("#legend-moment-ability").textContent = me().ability || "";
  if (!$("#legend-moment").open) $("#legend-moment").showModal();
  // a page never tapped may not vibrate (Chromium refuses with an error in the console)
  const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
  if (tapped && navigator.vibrate) try { navigator.vibrate([120, 60, 120, 60, 400]); } catch (_) { /* not allowed */ }
}

document.addEventListener("click", (e) => {
  const id = e.target && e.target.id;
  if (id === "feats-jail-go") dialog("jailDialog");
  if (id === "legend-moment-close") $("#legend-moment").close();
});
